/**
 * The HTML report (`cacs report --format html`): one self-contained page for people who would
 * rather look at a chart than at rows. The summary figures (summary.ts), three charts — attempts
 * per day stacked by status, answer rate by hour of day, talk-time distribution — the compliance
 * block, and a table of leads (the `--flatten leads` columns, capped at {@link HTML_TABLE_ROWS};
 * the figures and charts count every lead).
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
  plural,
} from '../text.js';
import { CHUNK, formatSecondsCell, leadColumns, leadSummary, type Sink } from './write.js';

/** Leads listed in the page's table; the figures and charts count all of them. */
export const HTML_TABLE_ROWS = 5000;
/** Statuses drawn in a colour of their own; the rest are stacked together as "other". */
export const HTML_STATUS_SERIES = 10;

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

/**
 * One series per status: the answered statuses first (the bottom of each stack), then the others
 * by attempts, most first (summary order); the first {@link HTML_STATUS_SERIES} − 1 on their own
 * and the rest together as "other" when there are more.
 */
export function statusSeries(summary: Pick<ReportSummary, 'statuses' | 'answered'>): {
  series: Series[];
  of: (status: string) => Series;
} {
  const answered = new Set(summary.answered.statuses);
  const all = summary.statuses.map((s) => s.status);
  const names = [...all.filter((n) => answered.has(n)), ...all.filter((n) => !answered.has(n))];
  const own = names.length > HTML_STATUS_SERIES ? names.slice(0, HTML_STATUS_SERIES - 1) : names;
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
  const rest = names.slice(own.length);
  if (rest.length > 0) {
    series.push({
      index: series.length,
      label: `other (${rest.length} statuses)`,
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

/** Labels for the days: each day when few, every k-th day, or the first of each month. */
function dayLabels(days: readonly string[]): Map<number, string> {
  const labels = new Map<number, string>();
  const n = days.length;
  if (n <= 92) {
    const step = Math.max(1, Math.ceil(n / 12));
    for (let i = 0; i < n; i += step) labels.set(i, days[i]!.slice(5));
    return labels;
  }
  const firsts = days.map((d, i) => [d, i] as const).filter(([d]) => d.endsWith('-01'));
  const every = Math.max(1, Math.ceil(firsts.length / 13));
  firsts.forEach(([d, i], k) => {
    if (k % every === 0) labels.set(i, d.slice(0, 7));
  });
  return labels;
}

/** Attempts per day, one stack per day (days without attempts: an empty stack). */
function perDayChart(summary: ReportSummary, series: ReturnType<typeof statusSeries>): string {
  const H = 300;
  const days = summary.perDay;
  const n = days.length;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const axis = niceAxis(
    days.reduce((m, d) => Math.max(m, d.attempts), 0),
    5,
  );
  const y = (v: number) => M.top + ph - (v / axis.top) * ph;
  const band = pw / Math.max(1, n);
  const barW = Math.min(48, Math.max(0.5, band * (n <= 60 ? 0.72 : 0.86)));
  const busiest = days.reduce((m, d) => Math.max(m, d.attempts), 0);
  let out = svgOpen(
    'per-day',
    H,
    'Attempts per day, stacked by status',
    `${plural(summary.attempts - summary.undated, 'attempt')} over ${plural(n, 'day')}, from ${days[0]?.day ?? '–'} to ${days.at(-1)?.day ?? '–'}; the busiest day had ${formatCount(busiest)}.`,
  );
  out += yGrid(axis.ticks, y, formatCount, W);
  days.forEach((d, i) => {
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
    out += `<g class="day" data-day="${escapeHtml(d.day)}" data-attempts="${d.attempts}"><title>${escapeHtml(
      `${d.day}: ${plural(d.attempts, 'attempt')}${parts.length ? ` (${parts.join(', ')})` : ''}`,
    )}</title>`;
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
  for (const [i, label] of dayLabels(days.map((d) => d.day))) {
    const x = n2(M.left + i * band + band / 2);
    out += `<line class="axis" x1="${x}" x2="${x}" y1="${M.top + ph}" y2="${M.top + ph + 4}"/>`;
    out += `<text x="${x}" y="${M.top + ph + 16}" text-anchor="middle">${escapeHtml(label)}</text>`;
  }
  out += `<text x="${M.left + pw / 2}" y="${H - 4}" text-anchor="middle">day (service's clock)</text>`;
  return `${out}</svg>`;
}

/** The answer rate per hour of day: 24 bars (an hour without attempts: an empty bar). */
function perHourChart(summary: ReportSummary): string {
  const H = 240;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const y = (v: number) => M.top + ph - v * ph;
  const band = pw / 24;
  const barW = band * 0.72;
  let out = svgOpen(
    'per-hour',
    H,
    'Answer rate by hour of day',
    'Answered attempts as a share of the attempts made in each hour of the day (service clock), 0:00 to 23:00.',
  );
  out += yGrid([0, 0.25, 0.5, 0.75, 1], y, formatWholePercent, W);
  for (const h of summary.perHour) {
    const x = M.left + h.hour * band + (band - barW) / 2;
    const hh = `${formatHour(h.hour)}–${formatHour(h.hour + 1)}`;
    const tip =
      h.rate === null
        ? `${hh}: no attempts`
        : `${hh}: ${formatPercent(h.rate)} answered (${formatCount(h.answered)} of ${plural(h.attempts, 'attempt')})`;
    const top = y(h.rate ?? 0);
    out += `<g class="hour" data-hour="${h.hour}" data-attempts="${h.attempts}" data-answered="${h.answered}"><title>${escapeHtml(tip)}</title>`;
    out += `<rect class="bar${h.rate === null ? ' none' : ''}" x="${n2(x)}" y="${n2(top)}" width="${n2(barW)}" height="${n2(M.top + ph - top)}"/>`;
    if (h.rate !== null) {
      out += `<text class="v" x="${n2(x + barW / 2)}" y="${n2(top - 3)}" text-anchor="middle">${Math.round(h.rate * 100)}</text>`;
    }
    out += '</g>';
    out += `<text x="${n2(x + barW / 2)}" y="${M.top + ph + 16}" text-anchor="middle">${h.hour}</text>`;
  }
  out += `<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}"/>`;
  out += `<text x="${M.left + pw / 2}" y="${H - 4}" text-anchor="middle">hour of day (service's clock); bars are labelled with the % answered</text>`;
  return `${out}</svg>`;
}

/** `< 30 s`, `30 s – 1 min`, `≥ 20 min`. */
export function bucketLabel(b: Bucket): string {
  const t = (s: number) => (s < 60 || s % 60 !== 0 ? `${s} s` : `${s / 60} min`);
  if (b.to === null) return `≥ ${t(b.from)}`;
  if (b.from === 0) return `< ${t(b.to)}`;
  const a = t(b.from);
  const z = t(b.to);
  // 1 min – 2 min → 1–2 min
  return a.endsWith(' min') && z.endsWith(' min') ? `${a.slice(0, -4)}–${z}` : `${a} – ${z}`;
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
    'Talk-time distribution of answered calls',
    `${formatCount(summary.talkTime.count)} answered ${summary.talkTime.count === 1 ? 'attempt' : 'attempts'} with a talk time, by length of the talk.`,
  );
  out += yGrid(axis.ticks, y, formatCount, W);
  buckets.forEach((b, i) => {
    const x = M.left + i * band + (band - barW) / 2;
    const top = y(b.attempts);
    const label = bucketLabel(b);
    const share =
      summary.talkTime.count === 0
        ? ''
        : ` (${formatPercent(b.attempts / summary.talkTime.count)})`;
    out += `<g class="bucket" data-attempts="${b.attempts}"><title>${escapeHtml(`${label}: ${formatCount(b.attempts)} answered ${b.attempts === 1 ? 'attempt' : 'attempts'}${share}`)}</title>`;
    out += `<rect class="bar" x="${n2(x)}" y="${n2(top)}" width="${n2(barW)}" height="${n2(M.top + ph - top)}"/>`;
    out += `<text class="v" x="${n2(x + barW / 2)}" y="${n2(top - 4)}" text-anchor="middle">${formatCount(b.attempts)}</text></g>`;
    out += `<text x="${n2(x + barW / 2)}" y="${M.top + ph + 16}" text-anchor="middle">${escapeHtml(label)}</text>`;
  });
  out += `<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${M.top + ph}" y2="${M.top + ph}"/>`;
  out += `<text x="${M.left + pw / 2}" y="${H - 4}" text-anchor="middle">talk time of answered attempts</text>`;
  return `${out}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The page

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2327;--muted:#5b6670;--line:#dde2e6;--card:#f4f6f8;--bar:#2e9d5b;--ok:#1f7a45;--bad:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#15191d;--fg:#e4e8eb;--muted:#9ba6b0;--line:#2e363e;--card:#1e252b;--bar:#4cc27e;--ok:#63d08f;--bad:#ff8a80}}
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
:root{color-scheme:light;--bg:#fff;--fg:#000;--muted:#444;--line:#ccc;--card:#f2f2f2;--bar:#2e9d5b;--ok:#1f7a45;--bad:#b3261e}
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

function times(label: string, t: ReportSummary['waitTime'], what: string): string {
  return card(
    label,
    formatSeconds(t.median),
    `p90 ${formatSeconds(t.p90)} · total ${formatSeconds(t.count === 0 ? null : t.total)} · over ${plural(t.count, what)}`,
  );
}

function figures(s: ReportSummary): string {
  return (
    `<section id="figures"><h2>Figures</h2><div class="cards">` +
    card('Leads', formatCount(s.leads), 'with a call attempt in the range') +
    card('Call attempts', formatCount(s.attempts), `${formatRatio(s.attemptsPerLead)} per lead`) +
    card(
      'Answer rate',
      formatPercent(s.answered.rate),
      `${formatCount(s.answered.attempts)} of ${plural(s.attempts, 'attempt')} ${s.answered.statuses.join(', ')}`,
    ) +
    card(
      'Leads reached',
      formatPercent(s.answered.leadRate),
      `${formatCount(s.answered.leads)} of ${plural(s.leads, 'lead')} answered at least once`,
    ) +
    times('Wait time, median', s.waitTime, 'attempt') +
    times('Talk time, median', s.talkTime, 'answered attempt') +
    card(
      'Attempts per lead',
      formatRatio(s.attemptsPerLead),
      `${plural(s.attempts, 'attempt')} ÷ ${plural(s.leads, 'lead')}`,
    ) +
    card(
      'Compliance findings',
      formatCount(s.compliance.violations),
      s.compliance.violations === 0 ? 'none found' : 'see Compliance below',
    ) +
    `</div>${s.undated > 0 ? `<p class="muted">${s.undated === 1 ? '1 attempt has' : `${formatCount(s.undated)} attempts have`} no readable date_time: counted above, but in no day or hour.</p>` : ''}</section>`
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
      `<table><thead><tr><th>key pressed</th><th class="n">attempts</th></tr></thead><tbody>` +
      s.keyPresses
        .map(
          (k) =>
            `<tr><td>${escapeHtml(k.key)}</td><td class="n">${formatCount(k.attempts)}</td></tr>`,
        )
        .join('') +
      '</tbody></table>';
  }
  return `<section id="statuses"><h2>Statuses and key presses</h2><div class="cols"><div><table><thead><tr><th>status</th><th class="n">attempts</th><th class="n">share</th></tr></thead><tbody>${rows}</tbody></table></div>${keys === '' ? '' : `<div>${keys}</div>`}</div></section>`;
}

function charts(s: ReportSummary, series: ReturnType<typeof statusSeries>): string {
  if (s.attempts - s.undated === 0) {
    return `<section id="charts"><h2>Charts</h2><p class="muted">No dated call attempt in this range: nothing to chart.</p></section>`;
  }
  const legend = `<ul class="legend">${series.series
    .map((x) => `<li><i class="sw k${x.index}"></i>${escapeHtml(x.label)}</li>`)
    .join('')}</ul>`;
  const dayTable =
    `<details><summary>The numbers per day</summary><div class="scroll"><table><thead><tr><th>day</th><th class="n">attempts</th>` +
    series.series.map((x) => `<th class="n">${escapeHtml(x.label)}</th>`).join('') +
    '</tr></thead><tbody>' +
    s.perDay
      .map((d) => {
        const counts = new Map<number, number>();
        for (const [st, c] of Object.entries(d.statuses)) {
          const k = series.of(st).index;
          counts.set(k, (counts.get(k) ?? 0) + c);
        }
        return `<tr><td>${escapeHtml(d.day)}</td><td class="n">${formatCount(d.attempts)}</td>${series.series.map((x) => `<td class="n">${formatCount(counts.get(x.index) ?? 0)}</td>`).join('')}</tr>`;
      })
      .join('') +
    '</tbody></table></div></details>';
  const hourTable =
    `<details><summary>The numbers per hour</summary><table><thead><tr><th>hour</th><th class="n">attempts</th><th class="n">answered</th><th class="n">rate</th></tr></thead><tbody>` +
    s.perHour
      .map(
        (h) =>
          `<tr><td>${formatHour(h.hour)}</td><td class="n">${formatCount(h.attempts)}</td><td class="n">${formatCount(h.answered)}</td><td class="n">${formatPercent(h.rate)}</td></tr>`,
      )
      .join('') +
    '</tbody></table></details>';
  const talkTable =
    `<details><summary>The numbers per talk time</summary><table><thead><tr><th>talk time</th><th class="n">answered attempts</th></tr></thead><tbody>` +
    s.talkTimeBuckets
      .map(
        (b) =>
          `<tr><td>${escapeHtml(bucketLabel(b))}</td><td class="n">${formatCount(b.attempts)}</td></tr>`,
      )
      .join('') +
    '</tbody></table></details>';
  return (
    `<section id="charts"><h2>Charts</h2>` +
    `<figure><figcaption>Attempts per day, by status</figcaption>${legend}${perDayChart(s, series)}${dayTable}</figure>` +
    `<figure><figcaption>Answer rate by hour of day</figcaption>${perHourChart(s)}${hourTable}</figure>` +
    `<figure><figcaption>Talk time of answered attempts</figcaption>${talkTimeChart(s)}${talkTable}</figure>` +
    '</section>'
  );
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
    of > shown ? `<p class="muted">The first ${shown} of ${formatCount(of)}.</p>` : '';
  const refCols = ['campaign_lead_id', 'phone_number', 'date_time', 'status'];
  let out = `<section id="compliance"><h2>Compliance</h2>`;
  out += `<p>Rules checked: calls only between <b>${escapeHtml(c.rules.callHours)}</b> (service's clock); at most <b>${formatCount(c.rules.maxCallsPer24h)}</b> call${c.rules.maxCallsPer24h === 1 ? '' : 's'} to one number in any 24 hours; do-not-call lists: ${lists.length === 0 ? 'none configured' : lists.map(escapeHtml).join(', ')}.</p>`;
  out += `<p class="muted">The defaults follow Vietnam's Decree 91/2020/ND-CP on advertising calls; they are settings (compliance.callHours, compliance.maxCallsPer24h), not legal advice.</p>`;
  out += `<ul id="compliance-findings">`;
  out += `<li data-finding="outside-hours">${finding(c.outsideHours.attempts, `${plural(c.outsideHours.attempts, 'attempt')} outside the permitted hours`)}</li>`;
  out += `<li data-finding="over-limit">${finding(c.overLimit.numbers, `${plural(c.overLimit.numbers, 'number')} called more than ${plural(c.rules.maxCallsPer24h, 'time')} in 24 hours (${plural(c.overLimit.calls, 'call')} in their busiest 24 hours)`)}</li>`;
  out += c.suppressed.checked
    ? `<li data-finding="suppressed">${finding(c.suppressed.attempts, `${plural(c.suppressed.attempts, 'attempt')} to ${plural(c.suppressed.numbers, 'number')} on a do-not-call list`)}</li>`
    : `<li data-finding="suppressed" class="muted">Calls to do-not-call numbers: not checked (no do-not-call list is configured).</li>`;
  out += `</ul>`;
  if (c.outsideHours.samples.length > 0) {
    out += `<h3>Attempts outside the permitted hours</h3>`;
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
    out += `<h3>Numbers called too often</h3>`;
    out += samplesTable(
      ['phone_number', 'calls in 24 hours', 'first', 'last'],
      c.overLimit.samples.map((a) => [a.phone_number, a.calls, a.from, a.to]),
    );
    out += sampleNote(c.overLimit.samples.length, c.overLimit.numbers);
  }
  if (c.suppressed.samples.length > 0) {
    out += `<h3>Calls to do-not-call numbers</h3>`;
    out += samplesTable(
      [...refCols, 'list'],
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

/** The columns of the leads table that hold numbers (right-aligned). */
const NUMERIC_LEAD_COLUMNS = new Set([0, 2, 6, 7, 10]);

function leadsTable(columns: readonly string[], rows: readonly string[], leads: number): string {
  let out = `<section id="leads"><h2>Leads</h2>`;
  if (leads === 0)
    return `${out}<p class="muted">No lead has a call attempt in this range.</p></section>`;
  if (leads > rows.length) {
    out += `<p class="note" id="table-note">The table shows the first ${formatCount(rows.length)} of ${plural(leads, 'lead')} (by campaign_lead_id); ${formatCount(leads - rows.length)} are left out. The figures and charts above count every lead. For all of them, run the same report with <code>--format csv</code> or <code>--format xlsx</code> (e.g. <code>-o calls.csv</code>).</p>`;
  } else {
    out += `<p class="muted" id="table-note">All ${formatCount(leads)} leads.</p>`;
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
  const cap = opts.maxRows ?? HTML_TABLE_ROWS;
  const filtered = (opts.statusFilter?.length ?? 0) > 0;
  const columns = leadColumns(filtered);
  // Rows are kept as the leads stream past summarize(); their status colours are only known
  // once every lead is counted, so the row keeps a placeholder for the swatch's class.
  const rows: string[] = [];
  const rowStatuses: string[] = [];
  let leads = 0;
  let campaignName = '';
  function* tap(): Generator<CallRecord> {
    for (const r of records) {
      leads++;
      if (campaignName === '' && typeof r.campaign_name === 'string')
        campaignName = r.campaign_name;
      if (rows.length < cap) {
        const cells = leadSummary(r);
        rowStatuses.push(String(cells[8] ?? ''));
        let row = '<tr>';
        cells.forEach((v, i) => {
          if (i === 8) row += `<td><i class="sw k\u0000"></i>${escapeHtml(v)}`;
          else if (i === 10) row += `<td class="n">${escapeHtml(formatSecondsCell(v))}`;
          else row += `<td${NUMERIC_LEAD_COLUMNS.has(i) ? ' class="n"' : ''}>${escapeHtml(v)}`;
        });
        rows.push(`${row}</tr>\n`);
      }
      yield r;
    }
  }
  const summary = summarize(tap(), opts.summary ?? {});
  const series = statusSeries(summary);
  for (let i = 0; i < rows.length; i++) {
    const st = rowStatuses[i]!;
    rows[i] = rows[i]!.replace('k\u0000', `k${series.of(st).index}`);
  }

  const range = opts.range;
  const firstDay = formatServiceDate(range.userFrom).slice(0, 10);
  const lastDay = formatServiceDate(range.userTo).slice(0, 10);
  const campaign =
    campaignName !== '' && campaignName !== opts.campaign
      ? `${campaignName} (${opts.campaign})`
      : opts.campaign;
  const title = `Call report · ${campaign} · ${firstDay === lastDay ? firstDay : `${firstDay} → ${lastDay}`}`;
  const style = `${STYLE}\n${statusColourRules(series.series)}\n`;
  const styleHash = createHash('sha256').update(style, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const generated = formatServiceDate(nowIn(range.timeZone, opts.generatedAt)).slice(0, 16);

  const scope: string[] = [];
  if (filtered) {
    scope.push(
      `Only attempts with status ${opts.statusFilter!.map((s) => escapeHtml(s)).join(', ')}: every figure, chart and row counts those, not all of a lead's calls.`,
    );
  }
  if (opts.refId !== undefined) scope.push(`Only the lead with ref_id ${escapeHtml(opts.refId)}.`);

  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">\n` +
    '<meta name="referrer" content="no-referrer">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    `<meta name="generator" content="${escapeHtml(opts.generator)}">\n` +
    '<link rel="icon" href="data:,">\n' +
    `<title>${escapeHtml(title)}</title>\n<style>${style}</style>\n</head>\n<body>\n` +
    `<header><h1>Call report: ${escapeHtml(campaign)}</h1>` +
    `<p class="range" id="range">${escapeHtml(describeRange(range))}</p>` +
    scope.map((s) => `<p class="note">${s}</p>`).join('') +
    `<p class="muted">Days and hours below are on the service's clock (${escapeHtml(range.serviceTimeZone)}).</p></header>\n` +
    figures(summary) +
    '\n' +
    charts(summary, series) +
    '\n' +
    statusTable(summary, series) +
    '\n' +
    compliance(summary) +
    '\n' +
    leadsTable(columns, rows, leads) +
    `\n<footer>Made ${escapeHtml(generated)} (${escapeHtml(range.timeZone)}) by ${escapeHtml(opts.generator)}. This page loads nothing from the network.</footer>\n</body>\n</html>\n`
  );
}

/** Renders the page and hands it to `sink` in chunks of about CHUNK bytes. */
export async function writeHtmlReport(
  records: Iterable<CallRecord>,
  sink: Sink,
  opts: HtmlReportOptions,
): Promise<void> {
  const bytes = Buffer.from(renderHtmlReport(records, opts), 'utf8');
  for (let i = 0; i < bytes.length; i += CHUNK) await sink.write(bytes.subarray(i, i + CHUNK));
}
