/**
 * The one formatting module: every count, plural, percentage, duration and byte size a person
 * reads — the terminal views (import summary, progress lines, the report's summary view and
 * table), the HTML page and the messages — is written by a function here, so that the same
 * figure reads the same everywhere. The rules (README "Summary and compliance", ARCHITECTURE.md
 * "Where each fact lives"):
 * - counts are whole numbers grouped with commas: `1,234,567`;
 * - a counted noun agrees with its count: `1 day`, `2 days`, `0 leads` ({@link plural});
 * - a share is a percentage with one decimal and no space: `36.4%` ({@link formatPercent});
 *   a progress line floors it to a whole percent, so it shows 100% only when done;
 * - durations carry their units with a space: `840 ms`, `1.5 s`, `1 min 42 s`, `7 h 12 min`;
 *   the compact forms are for table cells (`5m03s`) and for the `--settle` syntax (`1h30m`);
 * - byte sizes: a limit exactly (`1 GiB`, `64 MiB`), a file or transfer approximately in
 *   decimal units (`26.7 MB`).
 * Plus the text cleaning applied to what the service says.
 *
 * In Vietnamese (issue 27: currentLanguage() is `vi`) the same figures are written as Vietnamese
 * readers write them: `1.234.567`, `21,3 %`, `1,5 giây`, `1 phút 42 giây`, `25/11/2026 14:05`.
 * These are for human text only: JSON, CSV and xlsx data never go through them.
 */
import { formatInZone } from './clock.js';
import { currentLanguage } from './messages/language.js';

/** Whether figures are written the Vietnamese way now. */
const inVietnamese = (): boolean => currentLanguage() === 'vi';

/** A number written with a decimal point (`1.5`), with a decimal comma in Vietnamese (`1,5`). */
function decimal(text: string): string {
  return inVietnamese() ? text.replace('.', ',') : text;
}

/** The units of durations: `ms`, `s`, `min`, `h` (Vietnamese: `ms`, `giây`, `phút`, `giờ`). */
function unit(u: 'ms' | 's' | 'min' | 'h'): string {
  if (!inVietnamese()) return u;
  return { ms: 'ms', s: 'giây', min: 'phút', h: 'giờ' }[u];
}

/** A percentage sign after a number: `36.4%`; Vietnamese puts a space before it: `36,4 %`. */
function percent(text: string): string {
  return inVietnamese() ? `${decimal(text)} %` : `${text}%`;
}

/**
 * Trim and drop control characters (ANSI escapes included) from text that came from outside,
 * and the bidirectional controls (U+202A–U+202E, U+2066–U+2069) that reorder what a terminal
 * shows after them (review, session 22: `U+202E` in a service message turned the rest of the
 * line around).
 */
export function sanitizeServiceText(text: string, maxLength = 500): string {
  const cleaned = text
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > maxLength ? `${cleaned.slice(0, maxLength)}…` : cleaned;
}

/**
 * A count grouped with commas ("1,234,567"), as toLocaleString('en-US') writes integers, without
 * starting up ICU (about 10 ms on the first call, at every run's summary).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString(inVietnamese() ? 'vi-VN' : 'en-US');
  const group = inVietnamese() ? '.' : ',';
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += group;
    out += digits[i];
  }
  return n < 0 ? `-${out}` : out;
}

/** "1 lead", "2 leads"; numbers grouped with commas. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

/**
 * How long something took, from milliseconds: `0 ms`, `999 ms`, `1.0 s`, `59.9 s`, `1 min 0 s`,
 * `61 min 5 s`. Each form is chosen after rounding, so 999.6 ms is `1.0 s` and 59.96 s is
 * `1 min 0 s` (never `1000 ms`, `60.0 s` or `1 min 60 s`).
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ${unit('ms')}`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${decimal((tenths / 10).toFixed(1))} ${unit('s')}`;
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return `${m} ${unit('min')} ${s - m * 60} ${unit('s')}`;
}

/**
 * A duration given in seconds, as the report's summary writes it (terminal view and HTML page
 * alike): `0 s`, `12 s`, `1.5 s`, `1 min`, `1 min 42 s`, `7 h`, `7 h 12 min`, `1,234 h 5 min`;
 * `–` without a value. Under a minute a fraction keeps one decimal; from a minute on the
 * seconds are rounded, and from an hour on the minutes are floored.
 */
export function formatSeconds(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '–';
  if (s < 60 && (Number.isInteger(s) || Math.round(s * 10) < 600))
    return `${Number.isInteger(s) ? String(s) : decimal(s.toFixed(1))} ${unit('s')}`;
  const whole = Math.round(s);
  if (whole < 3600) {
    const m = Math.floor(whole / 60);
    const r = whole % 60;
    return r === 0 ? `${m} ${unit('min')}` : `${m} ${unit('min')} ${r} ${unit('s')}`;
  }
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return m === 0
    ? `${formatCount(h)} ${unit('h')}`
    : `${formatCount(h)} ${unit('h')} ${m} ${unit('min')}`;
}

/**
 * Seconds in a table cell, compact: `0s`, `42s`, `5m03s`, `2h05m` (`5ph03s`, `2h05ph` in
 * Vietnamese; the files keep the service's number of seconds).
 */
export function formatSecondsCompact(seconds: number): string {
  const s = Math.round(seconds);
  // Vietnamese writes a minute `ph` (TCVN): `5ph03s`, `2h05ph`.
  const min = inVietnamese() ? 'ph' : 'm';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}${min}${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}${min}`;
}

/** A duration as `--settle` takes it (report/bookmark-range.ts parseDuration): `1h`, `1h30m`, `45s`, `0s`. */
export function formatDurationFlag(ms: number): string {
  let s = Math.round(ms / 1000);
  if (s === 0) return '0s';
  let out = '';
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(s / size);
    if (n > 0) out += `${n}${unit}`;
    s -= n * size;
  }
  return out;
}

/** What a progress line shows for a rate or an ETA there is not enough to say yet. */
export const UNKNOWN = '—';

/** An ETA for people: "3 s", "45 s", "2 min 5 s", "1 h 20 min"; "—" when unknown. */
export function formatEta(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return UNKNOWN;
  if (ms <= 0) return `0 ${unit('s')}`;
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} ${unit('s')}`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const rest = s - m * 60;
    return rest > 0 && m < 10 ? `${m} ${unit('min')} ${rest} ${unit('s')}` : `${m} ${unit('min')}`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  return m > 0 ? `${h} ${unit('h')} ${m} ${unit('min')}` : `${h} ${unit('h')}`;
}

/** "1,234" (100 and up), "56" (10 and up), "3.4" (below 10) per second; "—" when unknown. */
export function formatPerSecond(perSecond: number | undefined): string {
  if (perSecond === undefined) return UNKNOWN;
  if (perSecond >= 10) return formatCount(Math.round(perSecond));
  return decimal((Math.round(perSecond * 10) / 10).toFixed(1));
}

/** A share (0..1) as a percentage, one decimal, no space: `36.4%`, `100.0%`; `–` without a value. */
export function formatPercent(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '–';
  return percent((rate * 100).toFixed(1));
}

/** A share (0..1) rounded to a whole percent, for a chart's axis: `0%`, `25%`, `100%`. */
export function formatWholePercent(share: number): string {
  return percent(String(Math.round(share * 100)));
}

/** A ratio with two decimals, as the summary writes attempts per lead: `1.25`, `3.00`; `–` for none. */
export function formatRatio(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return '–';
  return decimal(n.toFixed(2));
}

/** An hour of the day on a clock: `09:00`; 24 is `24:00`, the end of the last hour. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** How much of a job is done, for a progress line: floored to a whole percent (`99%` until done). */
export function formatProgress(done: number, total: number): string {
  return percent(String(total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100));
}

/** "2026-11-21 14:03" in the machine's local time, for messages ("21/11/2026 14:03" in Vietnamese). */
export function formatLocalTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  if (inVietnamese())
    return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * "2026-11-21 14:03" on the wall clock of `zone` (an IANA name), for messages ("21/11/2026 14:03"
 * in Vietnamese): the `timezone` setting's clock, named beside it (see formatTimeOnClock).
 */
export function formatTimeIn(d: Date, zone: string): string {
  const s = formatInZone(d, zone);
  if (!inVietnamese()) return s;
  const [, y, m, day, hm] = /^(\d+)-(\d+)-(\d+) (.*)$/.exec(s)!;
  return `${day}/${m}/${y} ${hm}`;
}

/**
 * A time with the clock it is on, for messages: "2026-11-21 14:03 Asia/Ho_Chi_Minh" ("21/11/2026
 * 14:03 Asia/Ho_Chi_Minh" in Vietnamese), written as the report's range line writes its zone.
 */
export function formatTimeOnClock(d: Date, zone: string): string {
  return `${formatTimeIn(d, zone)} ${zone}`;
}

/**
 * A wall-clock date or time written `yyyy-mm-dd[ HH:mm[:ss]]` or a month `yyyy-mm` (the service's
 * clock, as the report keeps it), as a person reads it: unchanged in English, `dd/mm/yyyy[ …]`
 * and `mm/yyyy` in Vietnamese. Anything else is returned as it is.
 */
export function formatWallDate(text: string): string {
  if (!inVietnamese()) return text;
  const day = /^(\d{4})-(\d{2})-(\d{2})(.*)$/s.exec(text);
  if (day !== null) return `${day[3]}/${day[2]}/${day[1]}${day[4]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  return month !== null ? `${month[2]}/${month[1]}` : text;
}

/**
 * A table cell's time (`yyyy-mm-dd HH:mm`, the service's clock) as a person reads it:
 * `2026-11-20 09:15` and, cut short, `11-20 09:15` in English; `20/11/2026 09:15` and
 * `20/11 09:15` in Vietnamese. Anything else (a value the service wrote otherwise) is returned
 * as it is.
 */
export function formatTableTime(text: string, short: boolean): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/.exec(text);
  if (m === null) return text;
  if (!short) return formatWallDate(text);
  return inVietnamese() ? `${m[3]}/${m[2]} ${m[4]}` : text.slice(5);
}

/** The machine's own zone (an IANA name), for a library caller that names none. */
export function machineZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A byte count for messages: "1 GiB", "64.5 MiB", "1 MB", "300 kB", "1,500 bytes". */
export function formatBytes(n: number): string {
  const binary: Array<[number, string]> = [
    [1024 ** 4, 'TiB'],
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  const decimalUnits: Array<[number, string]> = [
    [1e12, 'TB'],
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ];
  const [size, unit] = binary.find(([u]) => n >= u) ?? [1, ''];
  if (size > 1 && n % size === 0) return `${n / size} ${unit}`;
  const exact = decimalUnits.find(([u]) => n >= u && n % u === 0);
  if (exact) return `${n / exact[0]} ${exact[1]}`;
  if (n < 1024 ** 2) return `${formatCount(n)} ${n === 1 || inVietnamese() ? 'byte' : 'bytes'}`;
  return `${decimal((n / size).toFixed(1))} ${unit}`;
}

/** A size for a progress line: "900 bytes", "512 kB", "26.7 MB", "267 MB", "1.2 GB". */
export function formatSize(bytes: number): string {
  const units: Array<[number, string]> = [
    [1e12, 'TB'],
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ];
  const unit = units.find(([u]) => bytes >= u);
  if (!unit) return `${Math.round(bytes)} ${bytes === 1 || inVietnamese() ? 'byte' : 'bytes'}`;
  const v = bytes / unit[0];
  return `${v < 100 ? decimal(String(Math.round(v * 10) / 10)) : String(Math.round(v))} ${unit[1]}`;
}
