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
import { t, tCount, type MessageId } from '../messages/index.js';
import { describeSource } from '../source-label.js';
import {
  formatCount,
  formatHour,
  formatPercent,
  formatRatio,
  formatSeconds,
  formatWallDate,
} from '../text.js';
import { groupDays, weekdayOf } from './periods.js';
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

function timeParts(x: TimeStats): string[] {
  if (x.count === 0) return [t('summaryView.time.none')];
  return [
    t('summaryView.time.median', { seconds: formatSeconds(x.median) }),
    t('summaryView.time.p90', { seconds: formatSeconds(x.p90) }),
    t('summaryView.time.total', { seconds: formatSeconds(x.total) }),
  ];
}

/** A message's parts: where `|` marks that a line may break (the `|` is not shown). */
function partsOf(text: string): string[] {
  return text.split('|');
}

/** Short weekday names, Sunday first. */
const WEEKDAYS: readonly MessageId[] = [
  'summaryView.weekday.0',
  'summaryView.weekday.1',
  'summaryView.weekday.2',
  'summaryView.weekday.3',
  'summaryView.weekday.4',
  'summaryView.weekday.5',
  'summaryView.weekday.6',
];

/** The per-day counts as chart rows: days, or weeks (from Monday), or months (periods.ts). */
function periodRows(s: ReportSummary): { title: string; rows: Array<[string, number]> } {
  const { unit, periods } = groupDays(s.perDay, MAX_ROWS);
  if (unit === 'day') {
    return {
      title: t('summaryView.perDay'),
      rows: periods.map((d) => [
        t('summaryView.perDay.row', {
          day: formatWallDate(d.key),
          weekday: t(WEEKDAYS[weekdayOf(d.key)]! as 'summaryView.weekday.0'),
        }),
        d.attempts,
      ]),
    };
  }
  if (unit === 'week') {
    return {
      title: t('summaryView.perWeek'),
      rows: periods.map((w) => [
        t('summaryView.perWeek.row', { monday: formatWallDate(w.key) }),
        w.attempts,
      ]),
    };
  }
  return {
    title: t('summaryView.perMonth'),
    rows: periods.map((m) => [formatWallDate(m.key), m.attempts]),
  };
}

function talkBucketLabel(from: number, to: number | null): string {
  const u = (s: number) =>
    s < 60 ? t('htmlPage.unit.seconds', { n: s }) : t('htmlPage.unit.minutes', { n: s / 60 });
  if (to === null) return `≥ ${u(from)}`;
  if (from === 0) return `< ${u(to)}`;
  // "1–2 min", but "30 s–1 min".
  return from >= 60
    ? t('htmlPage.unit.minutesRange', { from: from / 60, to: to / 60 })
    : `${u(from)}–${u(to)}`;
}

/** A carrier's name as the views show it: the network's, or "unknown or unallocated". */
export function carrierLabel(carrier: string): string {
  return carrier === 'unknown' ? t('summaryView.carrier.unknown') : carrier;
}

/** The summary as lines for a terminal (or a text file), each at most `columns` wide. */
export function renderSummary(s: ReportSummary, opts: SummaryViewOptions): string {
  const width = Math.max(10, Math.floor(opts.columns ?? 80));
  const c = opts.colors;
  const v = new View(width, c);
  const h = opts.heading ?? {};
  const safe = (x: unknown) => terminalSafe(String(x));

  // What it is of.
  const title = seg(t('summaryView.title'), c.bold);
  const campaign = h.campaign !== undefined ? safe(h.campaign) : undefined;
  v.line([title, ...(campaign !== undefined ? [seg(` · ${campaign}`)] : [])], [title]);
  const dim = (x: string): Line => [seg(x, c.dim)];
  if (h.from !== undefined && h.to !== undefined) {
    const zone = h.serviceTimeZone !== undefined ? [dim(h.serviceTimeZone)] : [];
    v.pack([dim(`${formatWallDate(h.from)} →`), dim(formatWallDate(h.to)), ...zone], { indent: 0 });
    if (h.serviceTimeZone !== undefined)
      v.pack(partsOf(t('summaryView.clock', { zone: h.serviceTimeZone })).map(dim), {
        indent: 0,
      });
  }

  // The figures.
  v.blank();
  v.kv(t('summaryView.leads'), [formatCount(s.leads)]);
  v.kv(t('summaryView.attempts'), [
    formatCount(s.attempts),
    t('summaryView.perLead', { ratio: formatRatio(s.leads === 0 ? null : s.attemptsPerLead) }),
  ]);
  const a = s.answered;
  v.kv(t('summaryView.answered'), [
    tCount('summaryView.answered.attempts', a.attempts, { rate: formatPercent(a.rate) }),
    tCount('summaryView.answered.leads', s.leads, {
      reached: formatCount(a.leads),
      rate: formatPercent(a.leadRate),
    }),
    t('summaryView.answered.counted', { statuses: a.statuses.map(safe).join(', ') }),
  ]);
  v.kv(t('summaryView.waitTime'), timeParts(s.waitTime));
  v.kv(t('summaryView.talkTime'), [...timeParts(s.talkTime), t('summaryView.talkTime.of')]);
  if (s.undated > 0)
    v.kv(t('summaryView.undated'), [
      tCount('summaryView.undated.attempts', s.undated),
      t('summaryView.undated.where'),
    ]);

  if (s.attempts === 0) {
    v.blank();
    v.line([seg(t('summaryView.noAttempts'), c.dim)]);
  } else {
    v.heading(t('summaryView.statuses'), tCount('summaryView.statuses.note', s.attempts));
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
      v.heading(t('summaryView.perHour'), t('summaryView.perHour.note'));
      v.chart(
        hours.slice(first, last + 1).map((x) => ({
          label: formatHour(x.hour),
          cols: [formatCount(x.attempts), x.rate === null ? '' : formatPercent(x.rate)],
          value: x.attempts,
        })),
      );
    }

    // The answer rate per network of the lead's number (issue 25): the bar is the attempts, so
    // a network with a handful of calls does not look as good as one with thousands.
    if (s.carriers.length > 0) {
      v.heading(t('summaryView.carriers'), ...partsOf(t('summaryView.carriers.note')));
      v.chart(
        s.carriers.map((x) => ({
          label: carrierLabel(x.carrier),
          cols: [formatCount(x.attempts), x.rate === null ? '' : formatPercent(x.rate)],
          value: x.attempts,
        })),
      );
    }

    if (s.talkTime.count > 0) {
      v.heading(t('summaryView.talkTime'), t('summaryView.talkTime.note'));
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
      t('summaryView.keyPresses'),
      s.keyPresses.length === 0
        ? [t('summaryView.keyPresses.none')]
        : s.keyPresses.map((k) =>
            t('summaryView.keyPress', { key: safe(k.key), attempts: formatCount(k.attempts) }),
          ),
    );
  }

  renderCompliance(v, s, safe);
  return `${v.lines.join('\n')}\n`;
}

function renderCompliance(v: View, s: ReportSummary, safe: (x: unknown) => string): void {
  const c = v.c;
  const k = s.compliance;
  v.heading(t('summaryView.compliance'), ...partsOf(t('summaryView.compliance.note')));
  const origin = describeSource;
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
      [seg(formatWallDate(safe(x.date_time)))],
      [seg(safe(x.phone_number))],
      [seg(t('summaryView.sample.lead', { lead: safe(x.campaign_lead_id) }), c.dim)],
      [seg(safe(x.status), statusPaint(c, x.status))],
      ...(extra !== undefined ? [[seg(extra, c.dim)]] : []),
    ]);
  const rule = (mark: Seg, text: string, short: string, from: string) =>
    v.line([mark, seg(text), seg(` (${from})`, c.dim)], [mark, seg(text)], [mark, seg(short)]);
  /** A rule's finding: words kept together in parts, broken between them on narrow screens. */
  const result = (text: string) => v.pack(partsOf(text), { indent: indent.length });

  // Hours.
  const out = k.outsideHours;
  rule(
    out.attempts > 0 ? bad : ok,
    t('summaryView.hours.rule', { hours: k.rules.callHours }),
    k.rules.callHours,
    origin(k.rules.origin.callHours),
  );
  if (out.attempts === 0) result(t('summaryView.hours.none'));
  else result(tCount('summaryView.hours.found', out.attempts));
  for (const x of out.samples.slice(0, VIEW_SAMPLES)) attemptSample(x);

  // 24 hours.
  const over = k.overLimit;
  const max = k.rules.maxCallsPer24h;
  rule(
    over.numbers > 0 ? bad : ok,
    tCount('summaryView.limit.rule', max),
    t('summaryView.limit.short', { max }),
    origin(k.rules.origin.maxCallsPer24h),
  );
  if (over.numbers === 0) result(t('summaryView.limit.none'));
  else result(tCount('summaryView.limit.found', over.numbers));
  for (const x of over.samples.slice(0, VIEW_SAMPLES))
    sample(
      [
        [seg(safe(x.phone_number))],
        [seg(tCount('summaryView.calls', x.calls))],
        [seg(`${x.from} →`, c.dim)],
        [seg(x.to, c.dim)],
      ],
      [3],
    );

  // Do-not-call lists.
  const sup = k.suppressed;
  if (!sup.checked) {
    const lists = t('summaryView.dnc.rule');
    rule(none, lists, lists, 'import.suppress');
    result(t('summaryView.dnc.notChecked'));
  } else {
    const lists = k.rules.suppressionLists.map(safe).join(', ');
    const mark = sup.attempts > 0 ? bad : ok;
    // The lists' names dimmed inside the sentence.
    const [before = '', after = ''] = t('summaryView.dnc.checked', { lists: '\u0000' }).split(
      '\u0000',
    );
    v.line(
      [mark, seg(before), seg(lists, c.dim), ...(after === '' ? [] : [seg(after)])],
      [mark, seg(t('summaryView.dnc.checked.short'))],
    );
    if (sup.attempts === 0) result(t('summaryView.dnc.none'));
    else
      result(
        `${tCount('summaryView.calls', sup.attempts)}|${tCount('summaryView.dnc.found', sup.numbers)}`,
      );
    for (const x of sup.samples.slice(0, VIEW_SAMPLES))
      attemptSample(x, t('summaryView.dnc.onList', { list: safe(x.list) }));
  }
  // Calls after an erasure (issue 26): shown once someone was erased by `cacs forget` (with
  // nobody erased there is nothing to check, and the line would only be noise). No samples:
  // the numbers of erased people are not shown.
  const era = k.callsAfterErasure;
  if (era.checked) {
    rule(
      era.attempts > 0 ? bad : ok,
      t('summaryView.erasure.rule'),
      t('summaryView.erasure.short'),
      t('summaryView.erasure.from'),
    );
    if (era.attempts === 0) result(t('summaryView.erasure.none'));
    else
      result(
        `${tCount('summaryView.calls', era.attempts)}|${tCount('summaryView.erasure.found', era.numbers)}`,
      );
  }
  if (s.undated > 0)
    v.kv(
      t('summaryView.notJudged'),
      [tCount('summaryView.notJudged.attempts', s.undated), t('summaryView.notJudged.rules')],
      true,
    );

  v.blank();
  const total = k.violations;
  if (total === 0) v.line([seg(t('summaryView.violations.none'), c.green)]);
  else {
    const parts = [
      out.attempts > 0
        ? t('summaryView.violations.hours', { count: formatCount(out.attempts) })
        : '',
      over.numbers > 0
        ? t('summaryView.violations.limit', { count: formatCount(over.numbers) })
        : '',
      sup.attempts > 0 ? t('summaryView.violations.dnc', { count: formatCount(sup.attempts) }) : '',
      era.attempts > 0
        ? t('summaryView.violations.erasure', { count: formatCount(era.attempts) })
        : '',
    ].filter((p) => p !== '');
    v.kv(t('summaryView.violations'), [[seg(formatCount(total), c.red.bold)], ...parts]);
  }
}
