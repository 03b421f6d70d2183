/**
 * The summary as text for a terminal (`cacs report --summary`, and `-o file.txt`): figures with
 * their units, bars for the status shares, the attempts per day (per week or month over long
 * ranges) and per hour of day, the talk-time distribution, then the compliance block.
 *
 * Every line fits `columns`: long values are broken between their parts (never inside one),
 * bars shrink, then drop out, and what still does not fit is cut with an ellipsis, so the
 * terminal never wraps a line. Colour only through the ChalkInstance given (a no-colour one for
 * files and when colour is off). Text from the service (statuses, numbers, lead ids) goes
 * through terminalSafe.
 */
import type { ChalkInstance } from 'chalk';
import {
  formatCount,
  formatHour,
  formatPercent,
  formatRatio,
  formatSeconds,
  plural,
} from '../text.js';
import type { AttemptRef, ReportSummary, TimeStats } from './summary.js';
import { terminalSafe } from './write.js';

/** What the summary is of, for its first lines (all optional). */
export interface SummaryHeading {
  campaign?: string;
  /** Service wall clock, `yyyy-mm-dd HH:mm:ss`. */
  from?: string;
  to?: string;
  serviceTimeZone?: string;
}

export interface SummaryViewOptions {
  colors: ChalkInstance;
  /** Terminal width (default 80). */
  columns?: number;
  heading?: SummaryHeading;
}

/** Samples shown per compliance rule (the JSON has more). */
export const VIEW_SAMPLES = 3;
/** Rows of a per-day chart before days are grouped into weeks, and weeks into months. */
const MAX_ROWS = 31;

// ---------------------------------------------------------------------------------------------
// Lines of coloured segments, measured before they are coloured

type Paint = (s: string) => string;
interface Seg {
  t: string;
  c?: Paint | undefined;
}
type Line = Seg[];

const MARK = /\p{M}/u;

/** Columns a text takes: code points, combining marks taking none. */
export function textWidth(s: string): number {
  let n = 0;
  for (const ch of s) if (!MARK.test(ch)) n++;
  return n;
}

const seg = (t: string, c?: Paint): Seg => ({ t, c });
const lineWidth = (l: Line): number => l.reduce((n, s) => n + textWidth(s.t), 0);

/** The line cut to `w` columns, its last one an ellipsis. */
function cut(l: Line, w: number): Line {
  if (lineWidth(l) <= w) return l;
  const out: Line = [];
  let left = Math.max(0, w - 1);
  for (const s of l) {
    if (left === 0) break;
    let t = '';
    for (const ch of s.t) {
      const cw = MARK.test(ch) ? 0 : 1;
      if (cw > left) break;
      t += ch;
      left -= cw;
    }
    out.push(seg(t, s.c));
    if (t.length < s.t.length) break;
  }
  if (w >= 1) out.push(seg('…'));
  return out;
}

function paint(l: Line): string {
  return l
    .map((s) => (s.c === undefined || s.t === '' ? s.t : s.c(s.t)))
    .join('')
    .trimEnd();
}

const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - textWidth(s)));
const padStart = (s: string, w: number) => ' '.repeat(Math.max(0, w - textWidth(s))) + s;

// ---------------------------------------------------------------------------------------------
// Figures

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of `value / max × width` columns, in eighths of a column. */
export function bar(value: number, max: number, width: number): string {
  if (max <= 0 || value <= 0 || width <= 0) return '';
  const eighths = Math.round((value / max) * width * 8);
  // Something is never drawn as nothing.
  const n = Math.max(1, eighths);
  return '█'.repeat(Math.floor(n / 8)) + EIGHTHS[n % 8]!;
}

function statusPaint(c: ChalkInstance, status: string): Paint | undefined {
  const s = status.toUpperCase();
  if (s === 'ANSWERED') return c.green;
  if (s === 'FAILED' || s === 'CONGESTION') return c.red;
  if (s === 'BUSY' || s === 'NO ANSWER') return c.yellow;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The view

class View {
  readonly lines: string[] = [];
  /** The width of the labels in "label  value" lines. */
  readonly label: number;

  constructor(
    readonly width: number,
    readonly c: ChalkInstance,
  ) {
    this.label = width >= 40 ? 13 : 0;
  }

  /** The first of the candidates that fits, else the last one cut. */
  line(...candidates: Line[]): void {
    const fits = candidates.find((l) => lineWidth(l) <= this.width);
    this.lines.push(paint(fits ?? cut(candidates.at(-1)!, this.width)));
  }

  blank(): void {
    if (this.lines.length > 0 && this.lines.at(-1) !== '') this.lines.push('');
  }

  /** A section's title, and its note (parts kept whole) beside it or on the lines below. */
  heading(text: string, ...note: string[]): void {
    this.blank();
    this.pack([[seg(text, this.c.bold)], ...note.map((n) => [seg(n, this.c.dim)])], {
      head: [],
      indent: 2,
    });
  }

  /**
   * "label  part · part · part": the parts packed on as few lines as fit, further lines
   * indented under the first value (on narrow screens the label gets a line of its own).
   */
  kv(label: string, parts: Array<string | Line>, dim = false): void {
    const indent = this.label === 0 ? 2 : this.label;
    const head: Line = [seg(pad(label, this.label), dim ? this.c.dim : undefined)];
    // On narrow screens, or for a long label, the label has a line of its own.
    const own = this.label === 0 || textWidth(label) >= this.label;
    if (own) this.line(head);
    this.pack(parts, { ...(own ? {} : { head }), indent, sep: [seg(' · ', this.c.dim)] });
  }

  /**
   * The parts after `head` (default: `indent` spaces), separated by `sep`, on as few lines as
   * fit; a part that does not fit on the line goes to the next, `indent` columns in. The parts
   * whose index `tight` lists follow the one before with a single space.
   */
  pack(
    parts: Array<string | Line>,
    opts: { head?: Line; indent: number; sep?: Line; tight?: readonly number[] },
  ): void {
    const margin = [seg(' '.repeat(opts.indent))];
    let current: Line = opts.head ?? margin;
    let empty = true;
    for (const [i, p] of parts.entries()) {
      const part = typeof p === 'string' ? [seg(p)] : p;
      const sep = opts.tight?.includes(i) ? [seg(' ')] : (opts.sep ?? [seg(' ')]);
      const next = [...current, ...(empty ? [] : sep), ...part];
      if (empty || lineWidth(next) <= this.width) {
        current = next;
        empty = false;
        continue;
      }
      this.line(current);
      current = [...margin, ...part];
    }
    this.line(current);
  }

  /**
   * Rows of a bar chart: each row's label, figure columns and bar; the bar takes the room
   * left (none below 4 columns), scaled to the largest value.
   */
  chart(
    rows: Array<{ label: string; cols: string[]; value: number; paint?: Paint | undefined }>,
  ): void {
    if (rows.length === 0) return;
    const labelW = Math.max(...rows.map((r) => textWidth(r.label)));
    const colW = rows[0]!.cols.map((_, i) => Math.max(...rows.map((r) => textWidth(r.cols[i]!))));
    const fixed = labelW + colW.reduce((n, w) => n + 2 + w, 0) + 2;
    const room = this.width - fixed;
    const barW = room >= 4 ? Math.min(room, 40) : 0;
    const max = Math.max(...rows.map((r) => r.value));
    for (const r of rows) {
      const line: Line = [seg(pad(r.label, labelW), r.paint)];
      r.cols.forEach((col, i) => line.push(seg(`  ${padStart(col, colW[i]!)}`)));
      if (barW > 0) {
        const b = bar(r.value, max, barW);
        if (b !== '') line.push(seg('  '), seg(b, r.paint ?? this.c.cyan));
      }
      this.line(line);
    }
  }
}

function timeParts(t: TimeStats): string[] {
  if (t.count === 0) return ['no values'];
  return [
    `median ${formatSeconds(t.median)}`,
    `p90 ${formatSeconds(t.p90)}`,
    `total ${formatSeconds(t.total)}`,
  ];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The per-day counts as chart rows: days, or weeks (from Monday), or months. */
function periodRows(s: ReportSummary): { title: string; rows: Array<[string, number]> } {
  const days = s.perDay;
  if (days.length <= MAX_ROWS) {
    return {
      title: 'Attempts per day',
      rows: days.map((d) => [
        `${d.day} ${WEEKDAYS[new Date(`${d.day}T00:00:00Z`).getUTCDay()]}`,
        d.attempts,
      ]),
    };
  }
  const group = (key: (day: string) => string) => {
    const rows: Array<[string, number]> = [];
    for (const d of days) {
      const k = key(d.day);
      if (rows.length > 0 && rows.at(-1)![0] === k) rows.at(-1)![1] += d.attempts;
      else rows.push([k, d.attempts]);
    }
    return rows;
  };
  const weeks = group((day) => {
    const t = new Date(`${day}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() - ((t.getUTCDay() + 6) % 7));
    return `wk ${t.toISOString().slice(0, 10)}`;
  });
  if (weeks.length <= MAX_ROWS) return { title: 'Attempts per week (from Monday)', rows: weeks };
  return { title: 'Attempts per month', rows: group((day) => day.slice(0, 7)) };
}

function talkBucketLabel(from: number, to: number | null): string {
  const u = (s: number) => (s < 60 ? `${s} s` : `${s / 60} min`);
  if (to === null) return `≥ ${u(from)}`;
  if (from === 0) return `< ${u(to)}`;
  // "1–2 min", but "30 s–1 min".
  return from >= 60 ? `${from / 60}–${u(to)}` : `${u(from)}–${u(to)}`;
}

/** The summary as lines for a terminal (or a text file), each at most `columns` wide. */
export function renderSummary(s: ReportSummary, opts: SummaryViewOptions): string {
  const width = Math.max(10, Math.floor(opts.columns ?? 80));
  const c = opts.colors;
  const v = new View(width, c);
  const h = opts.heading ?? {};
  const safe = (x: unknown) => terminalSafe(String(x));

  // What it is of.
  const title = seg('Call results summary', c.bold);
  const campaign = h.campaign !== undefined ? safe(h.campaign) : undefined;
  v.line([title, ...(campaign !== undefined ? [seg(` · ${campaign}`)] : [])], [title]);
  const dim = (t: string): Line => [seg(t, c.dim)];
  if (h.from !== undefined && h.to !== undefined) {
    const zone = h.serviceTimeZone !== undefined ? [dim(h.serviceTimeZone)] : [];
    v.pack([dim(`${h.from} →`), dim(h.to), ...zone], { indent: 0 });
    if (h.serviceTimeZone !== undefined)
      v.pack(
        [dim('days and hours below:'), dim("the service's clock"), dim(`(${h.serviceTimeZone})`)],
        { indent: 0 },
      );
  }

  // The figures.
  v.blank();
  v.kv('Leads', [formatCount(s.leads)]);
  v.kv('Attempts', [formatCount(s.attempts), `${formatRatio(s.attemptsPerLead)} per lead`]);
  const a = s.answered;
  v.kv('Answered', [
    `${plural(a.attempts, 'attempt')} (${formatPercent(a.rate)})`,
    `${formatCount(a.leads)} of ${plural(s.leads, 'lead')} (${formatPercent(a.leadRate)})`,
    `counted: ${a.statuses.map(safe).join(', ')}`,
  ]);
  v.kv('Wait time', timeParts(s.waitTime));
  v.kv('Talk time', [...timeParts(s.talkTime), 'answered attempts']);
  if (s.undated > 0)
    v.kv('Undated', [
      `${formatCount(s.undated)} ${s.undated === 1 ? 'attempt' : 'attempts'} without a readable date_time`,
      'in no day or hour',
    ]);

  if (s.attempts === 0) {
    v.blank();
    v.line([seg('No call attempts in this range.', c.dim)]);
  } else {
    v.heading('Statuses', `(${plural(s.attempts, 'attempt')})`);
    v.chart(
      s.statuses.map((st) => ({
        label: safe(st.status),
        cols: [formatCount(st.attempts), formatPercent(st.share)],
        value: st.attempts,
        paint: statusPaint(c, st.status),
      })),
    );

    const periods = periodRows(s);
    v.heading(periods.title);
    v.chart(periods.rows.map(([label, n]) => ({ label, cols: [formatCount(n)], value: n })));

    const hours = s.perHour;
    const first = hours.findIndex((x) => x.attempts > 0);
    const last = hours.findLastIndex((x) => x.attempts > 0);
    if (first >= 0) {
      v.heading('Attempts per hour of day', '(attempts, answer rate)');
      v.chart(
        hours.slice(first, last + 1).map((x) => ({
          label: formatHour(x.hour),
          cols: [formatCount(x.attempts), x.rate === null ? '' : formatPercent(x.rate)],
          value: x.attempts,
        })),
      );
    }

    if (s.talkTime.count > 0) {
      v.heading('Talk time', '(answered attempts)');
      v.chart(
        s.talkTimeBuckets.map((b) => ({
          label: talkBucketLabel(b.from, b.to),
          cols: [formatCount(b.attempts)],
          value: b.attempts,
        })),
      );
    }

    v.blank();
    v.kv(
      'Key presses',
      s.keyPresses.length === 0
        ? ['none']
        : s.keyPresses.map((k) => `${safe(k.key)}: ${formatCount(k.attempts)}`),
    );
  }

  renderCompliance(v, s, safe);
  return `${v.lines.join('\n')}\n`;
}

function renderCompliance(v: View, s: ReportSummary, safe: (x: unknown) => string): void {
  const c = v.c;
  const k = s.compliance;
  v.heading('Compliance', '(settings; defaults from', 'Decree 91/2020/ND-CP, art. 12)');
  const origin = (o: string) => (o === 'default' ? 'default' : o);
  const ok = seg('✓ ', c.green);
  const bad = seg('✗ ', c.red);
  const none = seg('– ', c.dim);
  const indent = v.width >= 40 ? '    ' : '  ';
  /** A sample's parts: on one line where they fit, else on more, further in. */
  const sample = (parts: Line[], tight?: number[]) =>
    v.pack(parts, {
      head: [seg(indent)],
      indent: indent.length + 2,
      sep: [seg('  ')],
      ...(tight !== undefined ? { tight } : {}),
    });
  const attemptSample = (x: AttemptRef, extra?: string) =>
    sample([
      [seg(safe(x.date_time))],
      [seg(safe(x.phone_number))],
      [seg(`lead ${safe(x.campaign_lead_id)}`, c.dim)],
      [seg(safe(x.status), statusPaint(c, x.status))],
      ...(extra !== undefined ? [[seg(extra, c.dim)]] : []),
    ]);
  const rule = (mark: Seg, text: string, short: string, from: string) =>
    v.line([mark, seg(text), seg(` (${from})`, c.dim)], [mark, seg(text)], [mark, seg(short)]);
  /** A rule's finding: words kept together in parts, broken between them on narrow screens. */
  const result = (...parts: string[]) => v.pack(parts, { indent: indent.length });

  // Hours.
  const out = k.outsideHours;
  rule(
    out.attempts > 0 ? bad : ok,
    `Call hours ${k.rules.callHours}`,
    k.rules.callHours,
    origin(k.rules.origin.callHours),
  );
  if (out.attempts === 0) result('no attempt outside these hours');
  else result(plural(out.attempts, 'attempt'), 'outside these hours,', 'e.g.:');
  for (const x of out.samples.slice(0, VIEW_SAMPLES)) attemptSample(x);

  // 24 hours.
  const over = k.overLimit;
  const max = k.rules.maxCallsPer24h;
  rule(
    over.numbers > 0 ? bad : ok,
    `At most ${max} ${max === 1 ? 'call' : 'calls'} to a number in 24 hours`,
    `≤ ${max} per number / 24 h`,
    origin(k.rules.origin.maxCallsPer24h),
  );
  if (over.numbers === 0) result('no number called more often');
  else result(plural(over.numbers, 'number'), 'called more often,', 'e.g.:');
  for (const x of over.samples.slice(0, VIEW_SAMPLES))
    sample(
      [
        [seg(safe(x.phone_number))],
        [seg(plural(x.calls, 'call'))],
        [seg(`${x.from} →`, c.dim)],
        [seg(x.to, c.dim)],
      ],
      [3],
    );

  // Do-not-call lists.
  const sup = k.suppressed;
  if (!sup.checked) {
    rule(none, 'Do-not-call lists', 'Do-not-call lists', 'import.suppress');
    result('not checked:', 'no do-not-call list', 'configured');
  } else {
    const lists = k.rules.suppressionLists.map(safe).join(', ');
    v.line(
      [sup.attempts > 0 ? bad : ok, seg('No calls to numbers on '), seg(lists, c.dim)],
      [sup.attempts > 0 ? bad : ok, seg('No calls to do-not-call numbers')],
    );
    if (sup.attempts === 0) result('no call to a listed number');
    else
      result(
        plural(sup.attempts, 'call'),
        `to ${formatCount(sup.numbers)} listed ${sup.numbers === 1 ? 'number' : 'numbers'},`,
        'e.g.:',
      );
    for (const x of sup.samples.slice(0, VIEW_SAMPLES)) attemptSample(x, `on ${safe(x.list)}`);
  }
  if (s.undated > 0)
    v.kv(
      'Not judged',
      [
        `${formatCount(s.undated)} undated ${s.undated === 1 ? 'attempt' : 'attempts'}`,
        'hours and 24-hour rule not checked',
      ],
      true,
    );

  v.blank();
  const total = k.violations;
  if (total === 0) v.line([seg('No violations found.', c.green)]);
  else {
    const parts = [
      out.attempts > 0 ? `${formatCount(out.attempts)} outside hours` : '',
      over.numbers > 0 ? `${formatCount(over.numbers)} over the 24-hour limit` : '',
      sup.attempts > 0 ? `${formatCount(sup.attempts)} to listed numbers` : '',
    ].filter((p) => p !== '');
    v.kv('Violations', [[seg(formatCount(total), c.red.bold)], ...parts]);
  }
}
