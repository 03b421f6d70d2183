/**
 * The HTML report (`cacs report --format html`): one self-contained page for people who would
 * rather look at a chart than at rows. The summary figures (summary.ts), three charts — attempts
 * per day stacked by status (per week or month over long ranges, periods.ts), attempts and
 * answer rate by hour of day, talk-time distribution — the answer rate per carrier, the
 * compliance block, and a table of leads (the `--flatten leads` columns, capped at
 * {@link HTML_TABLE_ROWS}; the figures and charts count every lead). A `--join` or `--recycle`
 * run can add what it counted ({@link HtmlOutcomeCounts}). Every text is the message catalog's
 * (`htmlPage.*`), in the language messages are said in.
 *
 * Self-contained: inline CSS and inline SVG drawn here, no script, no font, no image, no link;
 * a Content-Security-Policy forbids every load (its style-src admits only this page's own style
 * element, by hash). Every text from the service is HTML-escaped ({@link escapeHtml}).
 *
 * Memory: the records are read once, lead by lead, and not kept; only the table's rows (at most
 * the cap) and the summary's figures are.
 */
import { createHash } from 'node:crypto';
import type { CallRecord } from '../api/spec.js';
import { currentLanguage, t, tCount, type CountedId } from '../messages/index.js';
import { describeRange, formatServiceDate, nowIn, type ReportRange } from './dates.js';
import {
  NO_STATUS,
  summarize,
  type Bucket,
  type ReportSummary,
  type SummaryOptions,
} from './summary.js';
import {
  formatCount,
  formatHour,
  formatPercent,
  formatRatio,
  formatSeconds,
  formatWholePercent,
  formatWallDate,
} from '../text.js';
import { groupDays, type PeriodUnit } from './periods.js';
import { carrierLabel } from './summary-view.js';
import { CHUNK, formatSecondsCell, leadColumns, leadSummary, type Sink } from './write.js';

/** Leads listed in the page's table; the figures and charts count all of them. */
export const HTML_TABLE_ROWS = 5000;
/** Statuses drawn in a colour of their own; the rest are stacked together as "other". */
export const HTML_STATUS_SERIES = 10;
/** Bars of the per-day chart before days are grouped into weeks, and weeks into months. */
export const HTML_MAX_PERIODS = 62;

/**
 * What a `--join` or `--recycle` run counted (issue 25 items 1–2), for the page's "Lead file"
 * section: give either or both as HtmlReportOptions.outcomes. Every count is of rows or leads,
 * as the run's stderr counts them; a rule or code is shown as written (codes are not translated).
 */
export interface HtmlOutcomeCounts {
  join?: {
    /** The lead file, as the user named it. */
    file: string;
    /** Its rows (every one written back). */
    rows: number;
    /** Rows matched to a lead with at least one attempt in the range. */
    called: number;
    /** Rows whose lead answered (`answered` = `yes`). */
    answered: number;
    /** Rows with `call_status` `NOT_CALLED`. */
    notCalled: number;
    /** Rows with `call_status` `NOT_IMPORTED:<code>`, by code. */
    notImported: Readonly<Record<string, number>>;
    /** Records of leads not in the file (counted, not written). */
    notInFile: number;
    /** Rows of people erased by `cacs forget` (`ERASED`, no outcome); shown when not 0. */
    erased?: number;
    /** Rows with every cell empty (no lead; written with no outcome); shown when not 0. */
    blank?: number;
  };
  recycle?: {
    /** The file written (e.g. `round2.csv`), as the user named it. */
    file: string;
    /** Leads written to it. */
    written: number;
    /** Leads each rule excluded, by the rule's name (e.g. `answered`, `max-attempts`, `min-gap`). */
    excluded: Readonly<Record<string, number>>;
    /** Blank rows of the file (no lead), left out; shown when not 0. */
    blank?: number;
  };
}

export interface HtmlReportOptions {
  /** The campaign as the user named it (key or alias). */
  campaign: string;
  range: ReportRange;
  /** The statuses the report was filtered on (`--status`), if any. */
  statusFilter?: readonly string[];
  /** The one lead the report was asked for (`--ref-id`), if any. */
  refId?: string;
  /** What summarize() is given (answered statuses, compliance rules, do-not-call lists). */
  summary?: SummaryOptions;
  /** Rows in the table of leads (default {@link HTML_TABLE_ROWS}). */
  maxRows?: number;
  /** When the page was made (shown in the user's zone). */
  generatedAt: Date;
  /** Who made it, e.g. `cacs 0.1.0`. */
  generator: string;
  /** What a join or recycle run counted, shown in a "Lead file" section (none without it). */
  outcomes?: HtmlOutcomeCounts;
}

// ---------------------------------------------------------------------------------------------
// Text

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for an HTML text node or a quoted attribute value: `& < > " '` as entities, control
 * characters other than TAB, LF and CR (which HTML does not allow) as U+FFFD.
 */
export function escapeHtml(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return s
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\ufffd');
}

/** A number for an SVG attribute: at most two decimals, no trailing zeros. */
function n2(v: number): string {
  return String(Math.round(v * 100) / 100);
}

// ---------------------------------------------------------------------------------------------
// Status colours: the same status has the same colour in the legend, the charts and the table.

const KNOWN_COLOURS: Readonly<Record<string, string>> = {
  ANSWERED: '#2e9d5b',
  'NO ANSWER': '#e0a526',
  BUSY: '#5a7fd6',
  FAILED: '#d64545',
  CONGESTION: '#9c3d8f',
  [NO_STATUS]: '#8a939c',
};
const PALETTE = [
  '#1f9e9e',
  '#7b5bd6',
  '#8c6d4f',
  '#d65b9c',
  '#8a9a2b',
  '#4b6584',
  '#c0843a',
  '#5aa1c8',
  '#b05d3b',
  '#5e8f6b',
];
const OTHER_COLOUR = '#a3a9b0';

interface Series {
  /** CSS class `k<index>`. */
  index: number;
  label: string;
  colour: string;
  /** The statuses it stands for (one, or the rest for "other"). */
  statuses: string[];
}

/** The usual statuses that are not answers, in the order the legend and stacks give them. */
const USUAL_ORDER = ['NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'];

/**
 * One series per status, in a fixed order, so the legend reads the same in every report: the
 * answered statuses first (the bottom of each stack, in the order they are configured), then
 * the usual others (NO ANSWER, BUSY, FAILED, CONGESTION), then any other status by name, then
 * `(none)`. With more than {@link HTML_STATUS_SERIES} statuses, the answered and usual ones and
 * the most frequent of the rest have a series of their own (still in that order) and the rest
 * are stacked together as "other", last.
 */
export function statusSeries(summary: Pick<ReportSummary, 'statuses' | 'answered'>): {
  series: Series[];
  of: (status: string) => Series;
} {
  const answeredOrder = summary.answered.statuses.map((x) => x.trim().toUpperCase());
  const rank = (status: string): [number, number] => {
    const key = status.trim().toUpperCase();
    const a = answeredOrder.indexOf(key);
    if (a >= 0) return [0, a];
    const u = USUAL_ORDER.indexOf(key);
    if (u >= 0) return [1, u];
    return status === NO_STATUS ? [3, 0] : [2, 0];
  };
  const byRank = (x: string, y: string) => {
    const [a, b] = [rank(x), rank(y)];
    return a[0] - b[0] || a[1] - b[1] || (x < y ? -1 : x > y ? 1 : 0);
  };
  // summary.statuses: most attempts first; the answered and usual ones are kept first.
  const all = summary.statuses.map((x) => x.status);
  const names = [...all.filter((n) => rank(n)[0] < 2), ...all.filter((n) => rank(n)[0] >= 2)];
  const own = (
    names.length > HTML_STATUS_SERIES ? names.slice(0, HTML_STATUS_SERIES - 1) : names
  ).sort(byRank);
  const used = new Set<string>();
  let p = 0;
  const series: Series[] = own.map((status, index) => {
    const known = [status, status.toUpperCase()].find((k) => Object.hasOwn(KNOWN_COLOURS, k));
    let colour = known === undefined ? undefined : KNOWN_COLOURS[known];
    if (colour === undefined || used.has(colour)) {
      while (p < PALETTE.length && used.has(PALETTE[p]!)) p++;
      colour = PALETTE[p++ % PALETTE.length]!;
    }
    used.add(colour);
    return { index, label: status, colour, statuses: [status] };
  });
  const mine = new Set(own);
  const rest = names.filter((n) => !mine.has(n));
  if (rest.length > 0) {
    series.push({
      index: series.length,
      label: tCount('htmlPage.otherStatuses', rest.length),
      colour: OTHER_COLOUR,
      statuses: rest,
    });
  }
  const byStatus = new Map<string, Series>();
  for (const s of series) for (const st of s.statuses) byStatus.set(st, s);
  const other = series.at(-1);
  return {
    series,
    of: (status) =>
      byStatus.get(status === '' ? NO_STATUS : status) ??
      other ?? { index: 0, label: status, colour: OTHER_COLOUR, statuses: [status] },
  };
}

// ---------------------------------------------------------------------------------------------
// Charts: inline SVG, drawn here (no script), scaled to the page's width by its viewBox.

const W = 960;
const M = { left: 52, right: 12, top: 14, bottom: 40 };

/** A y axis from 0 with "nice" steps (1, 2, 5 × 10^k; whole numbers for counts). */
export function niceAxis(max: number, count = 4, whole = true): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const steps = [1, 2, 2.5, 5, 10].map((m) => m * mag).filter((s) => !whole || Number.isInteger(s));
  let step = steps.find((s) => s >= raw) ?? 10 * mag;
  if (whole) step = Math.max(1, step);
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(Math.round(t * 1e9) / 1e9);
  return { top, ticks };
}

function yGrid(
  ticks: number[],
  y: (v: number) => number,
  label: (v: number) => string,
  width: number,
): string {
  let out = '';
  for (const t of ticks) {
    const yy = n2(y(t));
    out += `<line class="grid" x1="${M.left}" x2="${width - M.right}" y1="${yy}" y2="${yy}"/>`;
    out += `<text x="${M.left - 6}" y="${yy}" dy="0.32em" text-anchor="end">${escapeHtml(label(t))}</text>`;
  }
  return out;
}

function svgOpen(id: string, height: number, title: string, desc: string): string {
  return (
    `<svg class="chart" id="${id}" viewBox="0 0 ${W} ${height}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-t">${escapeHtml(title)}</title><desc id="${id}-d">${escapeHtml(desc)}</desc>`
  );
}

/** A day `yyyy-mm-dd` without its year, as the page's language writes it: `11-27`, `27/11`. */
function shortDay(day: string): string {
  return currentLanguage() === 'vi' ? `${day.slice(8, 10)}/${day.slice(5, 7)}` : day.slice(5);
}

/** Labels for the days: each day when few, every k-th day, or the first of each month. */
function dayLabels(days: readonly string[]): Map<number, string> {
  const labels = new Map<number, string>();
  const n = days.length;
  if (n <= 92) {
    const step = Math.max(1, Math.ceil(n / 12));
    for (let i = 0; i < n; i += step) labels.set(i, shortDay(days[i]!));
    return labels;
  }
  const firsts = days.map((d, i) => [d, i] as const).filter(([d]) => d.endsWith('-01'));
  const every = Math.max(1, Math.ceil(firsts.length / 13));
  firsts.forEach(([d, i], k) => {
    if (k % every === 0) labels.set(i, formatWallDate(d.slice(0, 7)));
  });
  return labels;
}

/**
 * Labels for weeks (their first day in the range, `mm-dd`; `dd/mm` in Vietnamese: a range from
 * a Sunday does not start at the Monday before it) or months (`yyyy-mm`, `mm/yyyy`): at most
 * about 12.
 */
function periodLabels(
  unit: PeriodUnit,
  periods: ReadonlyArray<{ key: string; from: string }>,
): Map<number, string> {
  if (unit === 'day') return dayLabels(periods.map((p) => p.key));
  const labels = new Map<number, string>();
  const step = Math.max(1, Math.ceil(periods.length / 12));
  for (let i = 0; i < periods.length; i += step) {
    const p = periods[i]!;
    labels.set(i, unit === 'week' ? shortDay(p.from) : formatWallDate(p.key));
  }
  return labels;
}

/** The page's texts that name the per-day chart's period (a day, a week from Monday, a month). */
const PERIOD_WORDS = {
  day: {
    title: 'htmlPage.perDay.title',
    caption: 'htmlPage.perDay.caption',
    axis: 'htmlPage.perDay.axis',
    table: 'htmlPage.perDay.table',
    column: 'htmlPage.perDay.column',
  },
  week: {
    title: 'htmlPage.perWeek.title',
    caption: 'htmlPage.perWeek.caption',
    axis: 'htmlPage.perWeek.axis',
    table: 'htmlPage.perWeek.table',
    column: 'htmlPage.perWeek.column',
  },
  month: {
    title: 'htmlPage.perMonth.title',
    caption: 'htmlPage.perMonth.caption',
    axis: 'htmlPage.perMonth.axis',
    table: 'htmlPage.perMonth.table',
    column: 'htmlPage.perMonth.column',
  },
} as const;

/**
 * A period as a person reads it: the day, `from – to` for a week, the month (dates as the page's
 * language writes them: `2026-11-27`, `27/11/2026`).
 */
function periodName(unit: PeriodUnit, p: { key: string; from: string; to: string }): string {
  return unit === 'week'
    ? `${formatWallDate(p.from)} – ${formatWallDate(p.to)}`
    : formatWallDate(p.key);
}

/**
 * Attempts per day, one stack per day (days without attempts: an empty stack); over more than
 * {@link HTML_MAX_PERIODS} days, per week from Monday, or per month (periods.ts, the rule of
 * the terminal view): `g.day`, `g.week` or `g.month`, each with its first and last day.
 */
function perDayChart(summary: ReportSummary, series: ReturnType<typeof statusSeries>): string {
  const H = 300;
  const { unit, periods } = groupDays(summary.perDay, HTML_MAX_PERIODS);
  const n = periods.length;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const axis = niceAxis(
    periods.reduce((m, d) => Math.max(m, d.attempts), 0),
    5,
  );
  const y = (v: number) => M.top + ph - (v / axis.top) * ph;
  const band = pw / Math.max(1, n);
  const barW = Math.min(48, Math.max(0.5, band * (n <= 60 ? 0.72 : 0.86)));
  const busiest = formatCount(periods.reduce((m, d) => Math.max(m, d.attempts), 0));
  const words = PERIOD_WORDS[unit];
  const span = {
    attempts: tCount('htmlPage.count.attempts', summary.attempts - summary.undated),
    from: formatWallDate(periods[0]?.from ?? '–'),
    to: formatWallDate(periods.at(-1)?.to ?? '–'),
    busiest,
  };
  const desc =
    unit === 'day'
      ? t('htmlPage.perDay.desc', { ...span, days: tCount('htmlPage.count.days', n) })
      : unit === 'week'
        ? t('htmlPage.perWeek.desc', { ...span, weeks: tCount('htmlPage.count.weeks', n) })
        : t('htmlPage.perMonth.desc', { ...span, months: tCount('htmlPage.count.months', n) });
  let out = svgOpen('per-day', H, t(words.title), desc);
  out += yGrid(axis.ticks, y, formatCount, W);
  periods.forEach((d, i) => {
    const x = M.left + i * band + (band - barW) / 2;
    // Per series, in the series' order (bottom to top).
    const counts = new Map<Series, number>();
    for (const [status, c] of Object.entries(d.statuses)) {
      const s = series.of(status);
      counts.set(s, (counts.get(s) ?? 0) + c);
    }
    const parts = series.series
      .filter((s) => counts.has(s))
      .map((s) => `${s.label} ${formatCount(counts.get(s)!)}`);
    const tip = {
      period: periodName(unit, d),
      attempts: tCount('htmlPage.count.attempts', d.attempts),
    };
    const title =
      parts.length === 0
        ? t('htmlPage.period.tip', tip)
        : t('htmlPage.period.tipParts', { ...tip, parts: parts.join(', ') });
    const where =
      unit === 'day'
        ? `data-day="${escapeHtml(d.key)}"`
        : `data-${unit}="${escapeHtml(d.key)}" data-from="${escapeHtml(d.from)}" data-to="${escapeHtml(d.to)}"`;
    out += `<g class="${unit}" ${where} data-attempts="${d.attempts}"><title>${escapeHtml(title)}</title>`;
    let acc = 0;
    for (const s of series.series) {
      const c = counts.get(s);
      if (c === undefined) continue;
      const top = y(acc + c);
      const h = y(acc) - top;
      out += `<rect class="seg k${s.index}" data-status="${escapeHtml(s.label)}" data-count="${c}" x="${n2(x)}" y="${n2(top)}" width="${n2(barW)}" height="${n2(h)}"/>`;
      acc += c;
    }
    out += '</g>';
  });
  out += `<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}"/>`;
  for (const [i, label] of periodLabels(unit, periods)) {
    const x = n2(M.left + i * band + band / 2);
    out += `<line class="axis" x1="${x}" x2="${x}" y1="${M.top + ph}" y2="${M.top + ph + 4}"/>`;
    out += `<text x="${x}" y="${M.top + ph + 16}" text-anchor="middle">${escapeHtml(label)}</text>`;
  }
  out += `<text x="${M.left + pw / 2}" y="${H - 4}" text-anchor="middle">${t(words.axis)}</text>`;
  return `${out}</svg>`;
}

/**
 * Attempts and the answer rate per hour of day (issue 25 item 4): each hour's bar is its
 * attempts (left axis), its answered part at the bottom, so an hour of 4 calls does not look
 * like one of 500; the answer rate is a dot on the right axis (0–100%, its size growing with
 * the hour's calls), joined across hours with calls, and written under the hour. An hour
 * without calls is a dashed band labelled "no calls", never a rate of 0%.
 */
function perHourChart(summary: ReportSummary): string {
  const H = 270;
  const right = 46;
  const bottom = 58;
  const pw = W - M.left - right;
  const ph = H - M.top - bottom;
  const base = M.top + ph;
  const most = summary.perHour.reduce((m, h) => Math.max(m, h.attempts), 0);
  const axis = niceAxis(most, 4);
  const y = (v: number) => base - (v / axis.top) * ph;
  const yRate = (r: number) => base - r * ph;
  const band = pw / 24;
  const barW = band * 0.72;
  const withCalls = summary.perHour.filter((h) => h.attempts > 0).length;
  let out = svgOpen(
    'per-hour',
    H,
    t('htmlPage.perHour.title'),
    t('htmlPage.perHour.desc', {
      hours: tCount('htmlPage.count.hours', withCalls),
      busiest: formatCount(most),
    }),
  );
  out += yGrid(axis.ticks, y, formatCount, W - right + M.right);
  // The rate's axis, on the right.
  for (const r of [0, 0.25, 0.5, 0.75, 1]) {
    out += `<text class="ra" x="${W - right + 6}" y="${n2(yRate(r))}" dy="0.32em" text-anchor="start">${escapeHtml(formatWholePercent(r))}</text>`;
  }
  const dots: Array<{ x: number; y: number } | null> = [];
  for (const h of summary.perHour) {
    const x = M.left + h.hour * band + (band - barW) / 2;
    const cx = x + barW / 2;
    const hh = `${formatHour(h.hour)}–${formatHour(h.hour + 1)}`;
    const tip =
      h.rate === null
        ? t('htmlPage.hour.none', { hours: hh })
        : t('htmlPage.hour.tip', {
            hours: hh,
            rate: formatPercent(h.rate),
            answered: formatCount(h.answered),
            attempts: tCount('htmlPage.count.attempts', h.attempts),
          });
    out += `<g class="hour" data-hour="${h.hour}" data-attempts="${h.attempts}" data-answered="${h.answered}"><title>${escapeHtml(tip)}</title>`;
    if (h.rate === null) {
      out += `<rect class="nocalls" x="${n2(x)}" y="${M.top}" width="${n2(barW)}" height="${ph}"/>`;
      const ty = n2(base - ph / 2);
      out += `<text class="nc" x="${n2(cx)}" y="${ty}" dy="0.32em" text-anchor="middle" transform="rotate(-90 ${n2(cx)} ${ty})">${escapeHtml(t('htmlPage.hour.noCalls'))}</text>`;
      dots.push(null);
    } else {
      const top = y(h.attempts);
      const ansTop = y(h.answered);
      out += `<rect class="bar" x="${n2(x)}" y="${n2(top)}" width="${n2(barW)}" height="${n2(base - top)}"/>`;
      out += `<rect class="ans" x="${n2(x)}" y="${n2(ansTop)}" width="${n2(barW)}" height="${n2(base - ansTop)}"/>`;
      const cy = yRate(h.rate);
      const r = 2 + 3 * Math.sqrt(h.attempts / most);
      out += `<circle class="rate" data-rate="${n2(h.rate * 100)}" cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(r)}"/>`;
      dots.push({ x: cx, y: cy });
    }
    out += '</g>';
    out += `<text x="${n2(cx)}" y="${base + 16}" text-anchor="middle">${h.hour}</text>`;
    out += `<text class="rl" x="${n2(cx)}" y="${base + 30}" text-anchor="middle">${h.rate === null ? '–' : escapeHtml(formatWholePercent(h.rate))}</text>`;
  }
  // The rate's line, broken at hours without calls.
  let run: string[] = [];
  const flush = () => {
    if (run.length > 1) out += `<polyline class="rate-line" points="${run.join(' ')}"/>`;
    run = [];
  };
  for (const d of dots) {
    if (d === null) flush();
    else run.push(`${n2(d.x)},${n2(d.y)}`);
  }
  flush();
  out += `<line class="axis" x1="${M.left}" x2="${W - right}" y1="${base}" y2="${base}"/>`;
  out += `<text x="${M.left + pw / 2}" y="${H - 4}" text-anchor="middle">${t('htmlPage.perHour.axis')}</text>`;
  return `${out}</svg>`;
}

/** A talk time: `30 s`, `2 min`, `90 s`. */
function talkLength(s: number): string {
  return s < 60 || s % 60 !== 0
    ? t('htmlPage.unit.seconds', { n: s })
    : t('htmlPage.unit.minutes', { n: s / 60 });
}

/** `< 30 s`, `30 s – 1 min`, `1–2 min`, `≥ 20 min`. */
export function bucketLabel(b: Bucket): string {
  if (b.to === null) return `≥ ${talkLength(b.from)}`;
  if (b.from === 0) return `< ${talkLength(b.to)}`;
  // 1 min – 2 min → 1–2 min
  if (b.from >= 60 && b.from % 60 === 0 && b.to % 60 === 0)
    return t('htmlPage.unit.minutesRange', { from: b.from / 60, to: b.to / 60 });
  return `${talkLength(b.from)} – ${talkLength(b.to)}`;
}

/** Answered attempts by talk time: one bar per bucket. */
function talkTimeChart(summary: ReportSummary): string {
  const H = 240;
  const buckets = summary.talkTimeBuckets;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const axis = niceAxis(Math.max(0, ...buckets.map((b) => b.attempts)));
  const y = (v: number) => M.top + ph - (v / axis.top) * ph;
  const band = pw / buckets.length;
  const barW = band * 0.66;
  let out = svgOpen(
    'talk-time',
    H,
    t('htmlPage.talk.title'),
    tCount('htmlPage.talk.desc', summary.talkTime.count),
  );
  out += yGrid(axis.ticks, y, formatCount, W);
  buckets.forEach((b, i) => {
    const x = M.left + i * band + (band - barW) / 2;
    const top = y(b.attempts);
    const label = bucketLabel(b);
    const tip =
      summary.talkTime.count === 0
        ? tCount('htmlPage.talk.tip', b.attempts, { label })
        : tCount('htmlPage.talk.tipShare', b.attempts, {
            label,
            share: formatPercent(b.attempts / summary.talkTime.count),
          });
    out += `<g class="bucket" data-attempts="${b.attempts}"><title>${escapeHtml(tip)}</title>`;
    out += `<rect class="bar" x="${n2(x)}" y="${n2(top)}" width="${n2(barW)}" height="${n2(M.top + ph - top)}"/>`;
    out += `<text class="v" x="${n2(x + barW / 2)}" y="${n2(top - 4)}" text-anchor="middle">${formatCount(b.attempts)}</text></g>`;
    out += `<text x="${n2(x + barW / 2)}" y="${M.top + ph + 16}" text-anchor="middle">${escapeHtml(label)}</text>`;
  });
  out += `<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}"/>`;
  out += `<text x="${M.left + pw / 2}" y="${H - 4}" text-anchor="middle">${t('htmlPage.talk.axis')}</text>`;
  return `${out}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The page

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2327;--muted:#5b6670;--line:#dde2e6;--card:#f4f6f8;--bar:#2e9d5b;--ok:#1f7a45;--bad:#b3261e;--miss:#c3cbd3;--rate:#1d5fb8}
@media (prefers-color-scheme:dark){:root{--bg:#15191d;--fg:#e4e8eb;--muted:#9ba6b0;--line:#2e363e;--card:#1e252b;--bar:#4cc27e;--ok:#63d08f;--bad:#ff8a80;--miss:#46515c;--rate:#8ab8ff}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1120px;padding:20px 24px 40px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:var(--bg);color:var(--fg)}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:17px;margin:28px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:14px;margin:14px 0 4px}
p{margin:4px 0}
.muted{color:var(--muted)}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:10px;margin:12px 0}
.card{background:var(--card);border-radius:8px;padding:10px 12px}
.card b{display:block;font-size:21px;font-variant-numeric:tabular-nums}
.card small{color:var(--muted);display:block}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:3px 10px 3px 0;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{font-weight:600}
.n{text-align:right}
.sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.cols{display:flex;flex-wrap:wrap;gap:12px 48px;align-items:flex-start}
.legend{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 16px}
figure{margin:10px 0 18px;break-inside:avoid}
figcaption{font-weight:600;margin-bottom:4px}
svg.chart{display:block;width:100%;height:auto;-webkit-print-color-adjust:exact;print-color-adjust:exact}
svg.chart text{fill:var(--muted);font-size:11px;font-family:inherit}
svg.chart text.v{fill:var(--fg);font-size:10px}
svg.chart .grid{stroke:var(--line);stroke-width:1}
svg.chart .axis{stroke:var(--muted);stroke-width:1}
svg.chart .bar{fill:var(--bar)}
svg#per-hour .bar{fill:var(--miss)}
svg.chart .ans{fill:var(--bar)}
svg.chart .nocalls{fill:var(--card);stroke:var(--muted);stroke-width:1;stroke-dasharray:3 3}
svg.chart text.nc{font-style:italic}
svg.chart .rate{fill:var(--rate);stroke:var(--bg);stroke-width:1}
svg.chart .rate-line{fill:none;stroke:var(--rate);stroke-width:1.5}
svg.chart text.rl{fill:var(--fg);font-size:10px}
svg.chart text.ra{fill:var(--rate)}
.sw.ans{background:var(--bar)}
.sw.miss{background:var(--miss)}
.sw.rate{background:var(--rate);border-radius:50%}
.sw.nocalls{background:var(--card);border:1px dashed var(--muted)}
svg.vol{display:block;width:160px;height:10px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
svg.vol .all{fill:var(--miss)}
svg.vol .ans{fill:var(--bar)}
details{margin:4px 0}
summary{cursor:pointer;color:var(--muted)}
.ok{color:var(--ok)}
.bad{color:var(--bad);font-weight:600}
.scroll{overflow-x:auto}
#leads{content-visibility:auto;contain-intrinsic-size:auto 3000px}
table.leads{font-size:12.5px;white-space:nowrap}
table.leads th{position:sticky;top:0;background:var(--bg)}
.note{background:var(--card);border-left:3px solid var(--bar);padding:6px 10px;margin:8px 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
footer{margin-top:30px;color:var(--muted);font-size:12px}
@media print{
:root{color-scheme:light;--bg:#fff;--fg:#000;--muted:#444;--line:#ccc;--card:#f2f2f2;--bar:#2e9d5b;--ok:#1f7a45;--bad:#b3261e;--miss:#c3cbd3;--rate:#1d5fb8}
body{max-width:none;padding:0;font-size:11px}
details{display:none}
.scroll{overflow:visible}
table.leads{font-size:9px;white-space:normal}
table.leads th{position:static}
h2{break-after:avoid}
}`;

function statusColourRules(series: readonly Series[]): string {
  return series.map((s) => `.k${s.index}{fill:${s.colour};background:${s.colour}}`).join('\n');
}

function card(label: string, value: string, detail = ''): string {
  return `<div class="card"><small>${escapeHtml(label)}</small><b>${escapeHtml(value)}</b>${detail ? `<small>${escapeHtml(detail)}</small>` : ''}</div>`;
}

function times(label: string, x: ReportSummary['waitTime'], what: CountedId): string {
  return card(
    label,
    formatSeconds(x.median),
    tCount(what, x.count, {
      p90: formatSeconds(x.p90),
      total: formatSeconds(x.count === 0 ? null : x.total),
    }),
  );
}

function figures(s: ReportSummary): string {
  const attempts = tCount('htmlPage.count.attempts', s.attempts);
  const leads = tCount('htmlPage.count.leads', s.leads);
  return (
    `<section id="figures"><h2>${t('htmlPage.figures')}</h2><div class="cards">` +
    card(t('htmlPage.leads'), formatCount(s.leads), t('htmlPage.leads.detail')) +
    card(
      t('htmlPage.attempts'),
      formatCount(s.attempts),
      t('htmlPage.attempts.detail', {
        ratio: formatRatio(s.leads === 0 ? null : s.attemptsPerLead),
      }),
    ) +
    card(
      t('htmlPage.answerRate'),
      formatPercent(s.answered.rate),
      t('htmlPage.answerRate.detail', {
        answered: formatCount(s.answered.attempts),
        attempts,
        statuses: s.answered.statuses.join(', '),
      }),
    ) +
    card(
      t('htmlPage.reached'),
      formatPercent(s.answered.leadRate),
      t('htmlPage.reached.detail', { reached: formatCount(s.answered.leads), leads }),
    ) +
    times(t('htmlPage.waitTime'), s.waitTime, 'htmlPage.waitTime.detail') +
    times(t('htmlPage.talkTime'), s.talkTime, 'htmlPage.talkTime.detail') +
    card(
      t('htmlPage.perLead'),
      formatRatio(s.leads === 0 ? null : s.attemptsPerLead),
      t('htmlPage.perLead.detail', { attempts, leads }),
    ) +
    card(
      t('htmlPage.findings'),
      formatCount(s.compliance.violations),
      s.compliance.violations === 0 ? t('htmlPage.findings.none') : t('htmlPage.findings.some'),
    ) +
    `</div>${s.undated > 0 ? `<p class="muted">${escapeHtml(tCount('htmlPage.undated', s.undated))}</p>` : ''}</section>`
  );
}

function statusTable(s: ReportSummary, series: ReturnType<typeof statusSeries>): string {
  if (s.statuses.length === 0) return '';
  let rows = '';
  for (const st of s.statuses) {
    const k = series.of(st.status).index;
    rows += `<tr><td><i class="sw k${k}"></i>${escapeHtml(st.status)}</td><td class="n">${formatCount(st.attempts)}</td><td class="n">${formatPercent(st.share)}</td></tr>`;
  }
  let keys = '';
  if (s.keyPresses.length > 0) {
    keys =
      `<table><thead><tr><th>${t('htmlPage.col.keyPressed')}</th><th class="n">${t('htmlPage.col.attempts')}</th></tr></thead><tbody>` +
      s.keyPresses
        .map(
          (k) =>
            `<tr><td>${escapeHtml(k.key)}</td><td class="n">${formatCount(k.attempts)}</td></tr>`,
        )
        .join('') +
      '</tbody></table>';
  }
  return `<section id="statuses"><h2>${t('htmlPage.statuses')}</h2><div class="cols"><div><table><thead><tr><th>${t('htmlPage.col.status')}</th><th class="n">${t('htmlPage.col.attempts')}</th><th class="n">${t('htmlPage.col.share')}</th></tr></thead><tbody>${rows}</tbody></table></div>${keys === '' ? '' : `<div>${keys}</div>`}</div></section>`;
}

function charts(s: ReportSummary, series: ReturnType<typeof statusSeries>): string {
  if (s.attempts - s.undated === 0) {
    return `<section id="charts"><h2>${t('htmlPage.charts')}</h2><p class="muted">${t('htmlPage.charts.none')}</p></section>`;
  }
  const legend = `<ul class="legend" id="status-legend">${series.series
    .map((x) => `<li><i class="sw k${x.index}"></i>${escapeHtml(x.label)}</li>`)
    .join('')}</ul>`;
  const { unit, periods } = groupDays(s.perDay, HTML_MAX_PERIODS);
  const words = PERIOD_WORDS[unit];
  const dayTable =
    `<details><summary>${t(words.table)}</summary><div class="scroll"><table><thead><tr><th>${t(words.column)}</th><th class="n">${t('htmlPage.col.attempts')}</th>` +
    series.series.map((x) => `<th class="n">${escapeHtml(x.label)}</th>`).join('') +
    '</tr></thead><tbody>' +
    periods
      .map((d) => {
        const counts = new Map<number, number>();
        for (const [st, c] of Object.entries(d.statuses)) {
          const k = series.of(st).index;
          counts.set(k, (counts.get(k) ?? 0) + c);
        }
        return `<tr><td>${escapeHtml(periodName(unit, d))}</td><td class="n">${formatCount(d.attempts)}</td>${series.series.map((x) => `<td class="n">${formatCount(counts.get(x.index) ?? 0)}</td>`).join('')}</tr>`;
      })
      .join('') +
    '</tbody></table></div></details>';
  const hourLegend =
    `<ul class="legend" id="hour-legend">` +
    `<li><i class="sw ans"></i>${escapeHtml(t('htmlPage.hourLegend.answered'))}</li>` +
    `<li><i class="sw miss"></i>${escapeHtml(t('htmlPage.hourLegend.notAnswered'))}</li>` +
    `<li><i class="sw rate"></i>${escapeHtml(t('htmlPage.hourLegend.rate'))}</li>` +
    `<li><i class="sw nocalls"></i>${escapeHtml(t('htmlPage.hour.noCalls'))}</li></ul>`;
  const hourTable =
    `<details><summary>${t('htmlPage.perHour.table')}</summary><table><thead><tr><th>${t('htmlPage.col.hour')}</th><th class="n">${t('htmlPage.col.attempts')}</th><th class="n">${t('htmlPage.col.answered')}</th><th class="n">${t('htmlPage.col.rate')}</th></tr></thead><tbody>` +
    s.perHour
      .map(
        (h) =>
          `<tr><td>${formatHour(h.hour)}</td><td class="n">${formatCount(h.attempts)}</td><td class="n">${formatCount(h.answered)}</td><td class="n">${h.rate === null ? escapeHtml(t('htmlPage.hour.noCalls')) : formatPercent(h.rate)}</td></tr>`,
      )
      .join('') +
    '</tbody></table></details>';
  const talkTable =
    `<details><summary>${t('htmlPage.talk.table')}</summary><table><thead><tr><th>${t('htmlPage.col.talkTime')}</th><th class="n">${t('htmlPage.col.answeredAttempts')}</th></tr></thead><tbody>` +
    s.talkTimeBuckets
      .map(
        (b) =>
          `<tr><td>${escapeHtml(bucketLabel(b))}</td><td class="n">${formatCount(b.attempts)}</td></tr>`,
      )
      .join('') +
    '</tbody></table></details>';
  return (
    `<section id="charts"><h2>${t('htmlPage.charts')}</h2>` +
    `<figure><figcaption>${t(words.caption)}</figcaption>${legend}${perDayChart(s, series)}${dayTable}</figure>` +
    `<figure><figcaption>${t('htmlPage.perHour.caption')}</figcaption>${hourLegend}${perHourChart(s)}${hourTable}</figure>` +
    `<figure><figcaption>${t('htmlPage.talk.caption')}</figcaption>${talkTimeChart(s)}${talkTable}</figure>` +
    '</section>'
  );
}

/**
 * The answer rate per carrier (issue 25): a row per network of the leads' numbers, in the
 * summary's order (the numbering plan's networks, then unknown or unallocated), each with a
 * bar of its attempts beside its rate, so a network with a few calls does not look like one
 * with thousands.
 */
function carriers(s: ReportSummary): string {
  if (s.carriers.length === 0) return '';
  const most = s.carriers.reduce((m, c) => Math.max(m, c.attempts), 0);
  const rows = s.carriers
    .map((c) => {
      const w = (v: number) => n2(most === 0 || v === 0 ? 0 : Math.max(1, (v / most) * 100));
      return (
        `<tr data-carrier="${escapeHtml(c.carrier)}" data-leads="${c.leads}" data-attempts="${c.attempts}" data-answered="${c.answered}">` +
        `<td>${escapeHtml(carrierLabel(c.carrier))}</td><td class="n">${formatCount(c.leads)}</td>` +
        `<td class="n">${formatCount(c.attempts)}</td><td><svg class="vol" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" xmlns="http://www.w3.org/2000/svg"><rect class="all" width="${w(c.attempts)}" height="10"/><rect class="ans" width="${w(c.answered)}" height="10"/></svg></td>` +
        `<td class="n">${formatCount(c.answered)}</td><td class="n">${formatPercent(c.rate)}</td>` +
        `<td class="n">${formatPercent(c.leadRate)}</td></tr>`
      );
    })
    .join('');
  return (
    `<section id="carriers"><h2>${t('htmlPage.carriers')}</h2>` +
    `<p class="muted">${t('htmlPage.carriers.note')}</p>` +
    `<div class="scroll"><table><thead><tr><th>${t('htmlPage.col.carrier')}</th><th class="n">${t('htmlPage.col.leads')}</th><th class="n">${t('htmlPage.col.attempts')}</th><th></th><th class="n">${t('htmlPage.col.answered')}</th><th class="n">${t('htmlPage.col.rate')}</th><th class="n">${t('htmlPage.col.reached')}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div></section>`
  );
}

/** What a join or recycle run counted (HtmlReportOptions.outcomes), as a section. */
function outcomes(o: HtmlOutcomeCounts | undefined): string {
  if (o === undefined || (o.join === undefined && o.recycle === undefined)) return '';
  const row = (key: string, label: string, n: number) =>
    `<tr data-count="${escapeHtml(key)}"><td>${escapeHtml(label)}</td><td class="n">${formatCount(n)}</td></tr>`;
  let out = `<section id="outcomes"><h2>${t('htmlPage.outcomes')}</h2>`;
  const j = o.join;
  if (j !== undefined) {
    out += `<h3 id="outcomes-join">${escapeHtml(t('htmlPage.outcomes.join', { file: j.file }))}</h3><table><tbody>`;
    out += row('rows', t('htmlPage.outcomes.rows'), j.rows);
    out += row('called', t('htmlPage.outcomes.called'), j.called);
    out += row('answered', t('htmlPage.outcomes.answered'), j.answered);
    out += row('not-called', t('htmlPage.outcomes.notCalled'), j.notCalled);
    for (const [code, n] of Object.entries(j.notImported).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    ))
      out += row(`not-imported:${code}`, t('htmlPage.outcomes.notImported', { code }), n);
    // With these the rows above add up to the file's rows.
    if ((j.erased ?? 0) > 0) out += row('erased', t('htmlPage.outcomes.erased'), j.erased!);
    if ((j.blank ?? 0) > 0) out += row('blank', t('htmlPage.outcomes.blank'), j.blank!);
    out += row('not-in-file', t('htmlPage.outcomes.notInFile'), j.notInFile);
    out += '</tbody></table>';
  }
  const r = o.recycle;
  if (r !== undefined) {
    out += `<h3 id="outcomes-recycle">${escapeHtml(t('htmlPage.outcomes.recycle', { file: r.file }))}</h3><table><tbody>`;
    out += row('written', t('htmlPage.outcomes.written'), r.written);
    for (const [rule, n] of Object.entries(r.excluded))
      out += row(`excluded:${rule}`, t('htmlPage.outcomes.excluded', { rule }), n);
    if ((r.blank ?? 0) > 0) out += row('blank', t('htmlPage.outcomes.recycleBlank'), r.blank!);
    out += '</tbody></table>';
  }
  return `${out}</section>`;
}

function samplesTable(
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  if (rows.length === 0) return '';
  return `<div class="scroll"><table><thead><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

function finding(count: number, text: string): string {
  return `<span class="${count === 0 ? 'ok' : 'bad'}">${escapeHtml(text)}</span>`;
}

function compliance(s: ReportSummary): string {
  const c = s.compliance;
  const lists = c.rules.suppressionLists;
  const sampleNote = (shown: number, of: number) =>
    of > shown
      ? `<p class="muted">${t('htmlPage.samples.first', { shown, of: formatCount(of) })}</p>`
      : '';
  const refCols = ['campaign_lead_id', 'phone_number', 'date_time', 'status'];
  let out = `<section id="compliance"><h2>${t('htmlPage.compliance')}</h2>`;
  out += `<p>${tCount('htmlPage.compliance.rules', c.rules.maxCallsPer24h, {
    hours: `<b>${escapeHtml(c.rules.callHours)}</b>`,
    max: `<b>${formatCount(c.rules.maxCallsPer24h)}</b>`,
    lists: lists.length === 0 ? t('htmlPage.compliance.noLists') : lists.map(escapeHtml).join(', '),
  })}</p>`;
  out += `<p class="muted">${t('htmlPage.compliance.decree')}</p>`;
  out += `<ul id="compliance-findings">`;
  out += `<li data-finding="outside-hours">${finding(c.outsideHours.attempts, tCount('htmlPage.compliance.outside', c.outsideHours.attempts))}</li>`;
  out += `<li data-finding="over-limit">${finding(
    c.overLimit.numbers,
    t('htmlPage.compliance.overLimit', {
      numbers: tCount('htmlPage.count.numbers', c.overLimit.numbers),
      times: tCount('htmlPage.count.times', c.rules.maxCallsPer24h),
      calls: tCount('htmlPage.count.calls', c.overLimit.calls),
    }),
  )}</li>`;
  out += c.suppressed.checked
    ? `<li data-finding="suppressed">${finding(
        c.suppressed.attempts,
        t('htmlPage.compliance.suppressed', {
          attempts: tCount('htmlPage.count.attempts', c.suppressed.attempts),
          numbers: tCount('htmlPage.count.numbers', c.suppressed.numbers),
        }),
      )}</li>`
    : `<li data-finding="suppressed" class="muted">${t('htmlPage.compliance.notChecked')}</li>`;
  // Calls after an erasure (issue 26): listed once someone was erased (nothing to check
  // otherwise); never a sample, the numbers of erased people are not shown.
  const era = c.callsAfterErasure;
  if (era.checked)
    out += `<li data-finding="after-erasure">${finding(
      era.attempts,
      era.attempts === 0
        ? t('htmlPage.compliance.erasure.none')
        : t('htmlPage.compliance.erasure', {
            attempts: tCount('htmlPage.count.calls', era.attempts),
            numbers: tCount('htmlPage.count.numbers', era.numbers),
          }),
    )}</li>`;
  out += `</ul>`;
  if (c.outsideHours.samples.length > 0) {
    out += `<h3>${t('htmlPage.compliance.outside.title')}</h3>`;
    out += samplesTable(
      refCols,
      c.outsideHours.samples.map((a) => [
        a.campaign_lead_id,
        a.phone_number,
        a.date_time,
        a.status,
      ]),
    );
    out += sampleNote(c.outsideHours.samples.length, c.outsideHours.attempts);
  }
  if (c.overLimit.samples.length > 0) {
    out += `<h3>${t('htmlPage.compliance.overLimit.title')}</h3>`;
    out += samplesTable(
      [
        'phone_number',
        t('htmlPage.col.callsIn24h'),
        t('htmlPage.col.first'),
        t('htmlPage.col.last'),
      ],
      c.overLimit.samples.map((a) => [a.phone_number, a.calls, a.from, a.to]),
    );
    out += sampleNote(c.overLimit.samples.length, c.overLimit.numbers);
  }
  if (c.suppressed.samples.length > 0) {
    out += `<h3>${t('htmlPage.compliance.suppressed.title')}</h3>`;
    out += samplesTable(
      [...refCols, t('htmlPage.col.list')],
      c.suppressed.samples.map((a) => [
        a.campaign_lead_id,
        a.phone_number,
        a.date_time,
        a.status,
        a.list,
      ]),
    );
    out += sampleNote(c.suppressed.samples.length, c.suppressed.attempts);
  }
  return `${out}</section>`;
}

/** A flag or command as the page shows it. */
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** The columns of the leads table that hold numbers (right-aligned). */
const NUMERIC_LEAD_COLUMNS = new Set([0, 2, 6, 7, 10]);

function leadsTable(columns: readonly string[], rows: readonly string[], leads: number): string {
  let out = `<section id="leads"><h2>${t('htmlPage.leadsTable')}</h2>`;
  if (leads === 0) return `${out}<p class="muted">${t('htmlPage.leadsTable.none')}</p></section>`;
  if (leads > rows.length) {
    out += `<p class="note" id="table-note">${t('htmlPage.leadsTable.capped', {
      shown: formatCount(rows.length),
      leads: tCount('htmlPage.count.leads', leads),
      left: formatCount(leads - rows.length),
      csv: code('--format csv'),
      xlsx: code('--format xlsx'),
      example: code('-o calls.csv'),
    })}</p>`;
  } else {
    out += `<p class="muted" id="table-note">${t('htmlPage.leadsTable.all', { count: formatCount(leads) })}</p>`;
  }
  const head = columns
    .map((c, i) => `<th${NUMERIC_LEAD_COLUMNS.has(i) ? ' class="n"' : ''}>${escapeHtml(c)}</th>`)
    .join('');
  return `${out}<div class="scroll"><table class="leads"><thead><tr>${head}</tr></thead><tbody>\n${rows.join('')}</tbody></table></div></section>`;
}

/**
 * The page for `records` (merged report records, one per lead, in lead order), read once.
 * Returns the whole page as one string (its table is capped, so it stays a few MB).
 */
export function renderHtmlReport(records: Iterable<CallRecord>, opts: HtmlReportOptions): string {
  const rows = pageRows(opts);
  function* tap(): Generator<CallRecord> {
    for (const r of records) {
      rows.see(r);
      yield r;
    }
  }
  return pageOf(summarize(tap(), opts.summary ?? {}), rows, opts);
}

/**
 * {@link renderHtmlReport} of records handed out one at a time (a prepared report's, as `cacs
 * report --join … --html` reads them): the page holds its capped table and the summary's
 * counts, not the records.
 */
export async function renderHtmlReportAsync(
  records: AsyncIterable<CallRecord>,
  opts: HtmlReportOptions,
): Promise<string> {
  const rows = pageRows(opts);
  async function* tap(): AsyncGenerator<CallRecord> {
    for await (const r of records) {
      rows.see(r);
      yield r;
    }
  }
  return pageOf(await summarize(tap(), opts.summary ?? {}), rows, opts);
}

interface PageRows {
  see(r: CallRecord): void;
  rows: string[];
  rowStatuses: string[];
  leads: number;
  campaignName: string;
}

/** The table's rows, kept as the leads stream past summarize() (capped at maxRows). */
function pageRows(opts: HtmlReportOptions): PageRows {
  const cap = opts.maxRows ?? HTML_TABLE_ROWS;
  // Their status colours are only known once every lead is counted, so a row keeps a
  // placeholder for the swatch's class.
  const state: PageRows = {
    rows: [],
    rowStatuses: [],
    leads: 0,
    campaignName: '',
    see(r) {
      state.leads++;
      if (state.campaignName === '' && typeof r.campaign_name === 'string')
        state.campaignName = r.campaign_name;
      if (state.rows.length < cap) {
        const cells = leadSummary(r);
        state.rowStatuses.push(String(cells[8] ?? ''));
        let row = '<tr>';
        cells.forEach((v, i) => {
          if (i === 8) row += `<td><i class="sw k\u0000"></i>${escapeHtml(v)}`;
          else if (i === 10) row += `<td class="n">${escapeHtml(formatSecondsCell(v))}`;
          else row += `<td${NUMERIC_LEAD_COLUMNS.has(i) ? ' class="n"' : ''}>${escapeHtml(v)}`;
        });
        state.rows.push(`${row}</tr>\n`);
      }
    },
  };
  return state;
}

/** The page, once every lead went past summarize(). */
function pageOf(summary: ReportSummary, page: PageRows, opts: HtmlReportOptions): string {
  const filtered = (opts.statusFilter?.length ?? 0) > 0;
  const columns = leadColumns(filtered);
  const { rows, rowStatuses, leads, campaignName } = page;
  const series = statusSeries(summary);
  for (let i = 0; i < rows.length; i++) {
    const st = rowStatuses[i]!;
    rows[i] = rows[i]!.replace('k\u0000', `k${series.of(st).index}`);
  }

  const range = opts.range;
  const firstDay = formatWallDate(formatServiceDate(range.userFrom).slice(0, 10));
  const lastDay = formatWallDate(formatServiceDate(range.userTo).slice(0, 10));
  const campaign =
    campaignName !== '' && campaignName !== opts.campaign
      ? `${campaignName} (${opts.campaign})`
      : opts.campaign;
  const title = t('htmlPage.title', {
    campaign,
    range: firstDay === lastDay ? firstDay : `${firstDay} → ${lastDay}`,
  });
  const style = `${STYLE}\n${statusColourRules(series.series)}\n`;
  const styleHash = createHash('sha256').update(style, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const generated = formatWallDate(
    formatServiceDate(nowIn(range.timeZone, opts.generatedAt)).slice(0, 16),
  );

  const scope: string[] = [];
  if (filtered) {
    scope.push(
      t('htmlPage.scope.status', {
        statuses: opts.statusFilter!.map((x) => escapeHtml(x)).join(', '),
      }),
    );
  }
  if (opts.refId !== undefined)
    scope.push(t('htmlPage.scope.refId', { refId: escapeHtml(opts.refId) }));

  return (
    `<!doctype html>\n<html lang="${currentLanguage()}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">\n` +
    '<meta name="referrer" content="no-referrer">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    `<meta name="generator" content="${escapeHtml(opts.generator)}">\n` +
    '<link rel="icon" href="data:,">\n' +
    `<title>${escapeHtml(title)}</title>\n<style>${style}</style>\n</head>\n<body>\n` +
    `<header><h1>${escapeHtml(t('htmlPage.heading', { campaign }))}</h1>` +
    `<p class="range" id="range">${escapeHtml(describeRange(range))}</p>` +
    scope.map((x) => `<p class="note">${x}</p>`).join('') +
    `<p class="muted">${t('htmlPage.clock', { zone: escapeHtml(range.serviceTimeZone) })}</p></header>\n` +
    figures(summary) +
    '\n' +
    outcomes(opts.outcomes) +
    charts(summary, series) +
    '\n' +
    carriers(summary) +
    statusTable(summary, series) +
    '\n' +
    compliance(summary) +
    '\n' +
    leadsTable(columns, rows, leads) +
    `\n<footer>${t('htmlPage.footer', {
      when: escapeHtml(generated),
      zone: escapeHtml(range.timeZone),
      generator: escapeHtml(opts.generator),
    })}</footer>\n</body>\n</html>\n`
  );
}

/**
 * Renders the page and hands it to `sink` in chunks of about CHUNK bytes. Records handed out
 * asynchronously (a prepared report's) are read one at a time.
 */
export async function writeHtmlReport(
  records: Iterable<CallRecord> | AsyncIterable<CallRecord>,
  sink: Sink,
  opts: HtmlReportOptions,
): Promise<void> {
  const page =
    Symbol.iterator in records
      ? renderHtmlReport(records, opts)
      : await renderHtmlReportAsync(records, opts);
  const bytes = Buffer.from(page, 'utf8');
  for (let i = 0; i < bytes.length; i += CHUNK) await sink.write(bytes.subarray(i, i + CHUNK));
}
