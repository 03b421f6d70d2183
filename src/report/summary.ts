/**
 * A report's statistics (`cacs report --summary`, the HTML page): counts per status, the answer
 * rate, wait and talk time, attempts per day and per hour of day, key presses, and the
 * compliance block (calls outside the permitted hours, numbers called too often in 24 hours,
 * calls to numbers on a do-not-call list). Pure: records in, figures out; the records are read
 * once, attempt by attempt, and not kept.
 *
 * Times are the service's wall clock as `date_time` gives it (`yyyy-mm-dd HH:mm:ss`): days and
 * hours are the service's, which is also the zone the permitted hours are meant in (Decree
 * 91/2020/ND-CP speaks of Vietnam's local time). An attempt whose `date_time` cannot be read is
 * counted, but in no day or hour, and cannot be judged against the hours or the 24-hour rule.
 */
import type { CallRecord } from '../api/spec.js';

/** Statuses counted as answered unless configured (`report.answeredStatuses`). */
export const DEFAULT_ANSWERED_STATUSES: readonly string[] = ['ANSWERED'];
/** Decree 91/2020/ND-CP, art. 12: advertising calls between 8:00 and 17:00 … */
export const DEFAULT_CALL_HOURS = '08:00-17:00';
/** … and at most once per 24 hours to one number. */
export const DEFAULT_MAX_CALLS_PER_24H = 1;

/** The status shown for an attempt without one. */
export const NO_STATUS = '(none)';
/** Samples kept per compliance finding. */
export const COMPLIANCE_SAMPLES = 20;
/** Upper bounds (seconds) of the talk-time distribution's buckets; the last is open. */
/** perDay fills in empty days over at most this many days (ten years). */
const MAX_FILLED_DAYS = 3660;
export const TALK_TIME_BUCKETS: readonly number[] = [30, 60, 120, 300, 600, 1200];

export interface ComplianceRules {
  /** Permitted hours, `HH:mm-HH:mm` on the service's clock; a call at the end time is outside. */
  callHours: string;
  /** Calls allowed to one number in any 24 hours. */
  maxCallsPer24h: number;
}

export interface SummaryOptions {
  /** Statuses counted as answered; default `['ANSWERED']`. */
  answeredStatuses?: readonly string[];
  /** Default: Decree 91's 08:00-17:00 and once in 24 hours. */
  compliance?: Partial<ComplianceRules>;
  /**
   * The do-not-call lists to check called numbers against: the name of the list that holds a
   * number, or undefined. Leave it out when no list is configured (the block then says the check
   * was not made).
   */
  suppressed?: (phone: string) => string | undefined;
  /** Names of the lists `suppressed` checks, for the block's heading. */
  suppressionLists?: readonly string[];
}

export interface TimeStats {
  /** Attempts with a value. */
  count: number;
  /** Seconds; null when no attempt had a value. Nearest-rank percentiles. */
  median: number | null;
  p90: number | null;
  total: number;
}

export interface StatusCount {
  status: string;
  attempts: number;
  /** Of all attempts, 0–1. */
  share: number;
}

export interface DayCount {
  /** `yyyy-mm-dd`, service zone. */
  day: string;
  attempts: number;
  /** Attempts per status on that day (only statuses seen that day). */
  statuses: Record<string, number>;
}

export interface HourCount {
  /** 0–23, service zone. */
  hour: number;
  attempts: number;
  answered: number;
  /** answered ÷ attempts, null without attempts. */
  rate: number | null;
}

export interface Bucket {
  /** Seconds, inclusive. */
  from: number;
  /** Seconds, exclusive; null for the open last bucket. */
  to: number | null;
  attempts: number;
}

export interface AttemptRef {
  campaign_lead_id: string | number;
  phone_number: string;
  date_time: string;
  status: string;
}

export interface NumberOverLimit {
  phone_number: string;
  /** The most calls to it within any 24 hours. */
  calls: number;
  /** The first and last call of that busiest 24 hours. */
  from: string;
  to: string;
}

export interface ComplianceReport {
  rules: ComplianceRules & {
    /** The do-not-call lists checked; empty when none is configured. */
    suppressionLists: string[];
  };
  outsideHours: { attempts: number; samples: AttemptRef[] };
  overLimit: { numbers: number; calls: number; samples: NumberOverLimit[] };
  /** checked: false when no list was configured. */
  suppressed: {
    checked: boolean;
    attempts: number;
    numbers: number;
    samples: Array<AttemptRef & { list: string }>;
  };
  /** Attempts outside the hours + numbers over the limit + attempts to listed numbers. */
  violations: number;
}

export interface ReportSummary {
  leads: number;
  attempts: number;
  /** attempts ÷ leads, 0 without leads. */
  attemptsPerLead: number;
  /** Most attempts first, then by name. */
  statuses: StatusCount[];
  answered: {
    statuses: string[];
    attempts: number;
    /** answered attempts ÷ attempts, null without attempts. */
    rate: number | null;
    /** Leads with at least one answered attempt. */
    leads: number;
    leadRate: number | null;
  };
  /** Over every attempt with a wait time. */
  waitTime: TimeStats;
  /** Over answered attempts only (a call nobody answered has no talk). */
  talkTime: TimeStats;
  /** Answered attempts by talk time. */
  talkTimeBuckets: Bucket[];
  /**
   * Every day from the first attempt's to the last's, days without attempts included (over more
   * than ten years: only days with attempts).
   */
  perDay: DayCount[];
  /** All 24 hours. */
  perHour: HourCount[];
  /** Key presses other than none, most first. */
  keyPresses: Array<{ key: string; attempts: number }>;
  /** Attempts whose date_time could not be read. */
  undated: number;
  compliance: ComplianceReport;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** Seconds since 1970 of a wall-clock `yyyy-mm-dd HH:mm:ss` (as if UTC), or NaN. */
export function wallSeconds(s: string): number {
  const m = DATE_TIME.exec(s);
  if (m === null) return NaN;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return NaN;
  const ms = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(ms);
  // 2026-02-30 is not a day.
  if (back.getUTCDate() !== d) return NaN;
  return ms / 1000;
}

const HOURS = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

/** `HH:mm-HH:mm` → [start, end) in seconds of the day; throws on a malformed one. */
export function parseCallHours(s: string): [number, number] {
  const m = HOURS.exec(s.trim());
  const bad = () =>
    new Error(`call hours ${JSON.stringify(s)}: expected HH:mm-HH:mm with start before end`);
  if (m === null) throw bad();
  const [h1, m1, h2, m2] = m.slice(1).map(Number) as [number, number, number, number];
  if (h1 > 23 || m1 > 59 || h2 > 24 || m2 > 59 || (h2 === 24 && m2 !== 0)) throw bad();
  const start = h1 * 3600 + m1 * 60;
  const end = h2 * 3600 + m2 * 60;
  if (start >= end) throw bad();
  return [start, end];
}

function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

function timeStats(values: number[]): TimeStats {
  const sorted = Float64Array.from(values).sort();
  let total = 0;
  for (const v of values) total += v;
  return {
    count: values.length,
    median: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    total,
  };
}

const DAY = 86_400;

function dayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The most calls within any 24 hours (t[j] − t[i] < 24 h) and that stretch's ends. */
function busiest24h(times: number[]): { calls: number; from: number; to: number } {
  times.sort((a, b) => a - b);
  let best = { calls: 0, from: 0, to: 0 };
  let i = 0;
  for (let j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= DAY) i++;
    if (j - i + 1 > best.calls) best = { calls: j - i + 1, from: times[i]!, to: times[j]! };
  }
  return best;
}

function formatWall(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Computes the statistics of merged report records (one per lead, attempts in `data`). */
export function summarize(records: Iterable<CallRecord>, opts: SummaryOptions = {}): ReportSummary {
  const answeredStatuses = [...(opts.answeredStatuses ?? DEFAULT_ANSWERED_STATUSES)];
  const isAnswered = new Set(answeredStatuses);
  const rules: ComplianceRules = {
    callHours: opts.compliance?.callHours ?? DEFAULT_CALL_HOURS,
    maxCallsPer24h: opts.compliance?.maxCallsPer24h ?? DEFAULT_MAX_CALLS_PER_24H,
  };
  const [hoursStart, hoursEnd] = parseCallHours(rules.callHours);

  let leads = 0;
  let attempts = 0;
  let answered = 0;
  let answeredLeads = 0;
  let undated = 0;
  const byStatus = new Map<string, number>();
  const waits: number[] = [];
  const talks: number[] = [];
  const buckets = [...TALK_TIME_BUCKETS, Infinity].map(() => 0);
  const days = new Map<string, DayCount>();
  const hours = Array.from({ length: 24 }, () => ({ attempts: 0, answered: 0 }));
  const keys = new Map<string, number>();
  const callsByNumber = new Map<string, number[]>();
  const outsideHours: AttemptRef[] = [];
  let outsideCount = 0;
  const suppressedSamples: Array<AttemptRef & { list: string }> = [];
  let suppressedAttempts = 0;
  const suppressedNumbers = new Set<string>();
  let minDay = Infinity;
  let maxDay = -Infinity;

  for (const record of records) {
    leads++;
    let leadAnswered = false;
    for (const a of record.data ?? []) {
      attempts++;
      const status = a.status === null || a.status === '' ? NO_STATUS : String(a.status);
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      const isAns = isAnswered.has(status);
      if (isAns) {
        answered++;
        leadAnswered = true;
      }
      const wait = num(a.wait_time);
      if (Number.isFinite(wait)) waits.push(wait);
      if (isAns) {
        const talk = num(a.talk_time);
        if (Number.isFinite(talk)) {
          talks.push(talk);
          let b = 0;
          while (b < TALK_TIME_BUCKETS.length && talk >= TALK_TIME_BUCKETS[b]!) b++;
          buckets[b]!++;
        }
      }
      const key = a.key_press === null || a.key_press === undefined ? '' : String(a.key_press);
      if (key.trim() !== '') keys.set(key, (keys.get(key) ?? 0) + 1);

      const phone = String(a.phone_number ?? record.phone_number ?? '');
      const dateTime = a.date_time ?? '';
      const when = wallSeconds(dateTime);
      const ref = (): AttemptRef => ({
        campaign_lead_id: record.campaign_lead_id,
        phone_number: phone,
        date_time: dateTime,
        status,
      });
      if (Number.isNaN(when)) {
        undated++;
      } else {
        const dayStart = Math.floor(when / DAY) * DAY;
        minDay = Math.min(minDay, dayStart);
        maxDay = Math.max(maxDay, dayStart);
        const day = dayOf(when);
        let d = days.get(day);
        if (d === undefined) days.set(day, (d = { day, attempts: 0, statuses: {} }));
        d.attempts++;
        d.statuses[status] = (d.statuses[status] ?? 0) + 1;
        const sod = when - dayStart;
        const h = hours[Math.floor(sod / 3600)]!;
        h.attempts++;
        if (isAns) h.answered++;
        if (sod < hoursStart || sod >= hoursEnd) {
          outsideCount++;
          if (outsideHours.length < COMPLIANCE_SAMPLES) outsideHours.push(ref());
        }
        if (phone !== '') {
          let list = callsByNumber.get(phone);
          if (list === undefined) callsByNumber.set(phone, (list = []));
          list.push(when);
        }
      }
      if (opts.suppressed !== undefined && phone !== '') {
        const list = opts.suppressed(phone);
        if (list !== undefined) {
          suppressedAttempts++;
          suppressedNumbers.add(phone);
          if (suppressedSamples.length < COMPLIANCE_SAMPLES)
            suppressedSamples.push({ ...ref(), list });
        }
      }
    }
    if (leadAnswered) answeredLeads++;
  }

  const overSamples: NumberOverLimit[] = [];
  let overNumbers = 0;
  let overCalls = 0;
  for (const [phone, times] of callsByNumber) {
    if (times.length <= rules.maxCallsPer24h) continue;
    const worst = busiest24h(times);
    if (worst.calls <= rules.maxCallsPer24h) continue;
    overNumbers++;
    overCalls += worst.calls;
    overSamples.push({
      phone_number: phone,
      calls: worst.calls,
      from: formatWall(worst.from),
      to: formatWall(worst.to),
    });
  }
  overSamples.sort(
    (a, b) =>
      b.calls - a.calls ||
      (a.phone_number < b.phone_number ? -1 : a.phone_number > b.phone_number ? 1 : 0),
  );

  const perDay: DayCount[] = [];
  // Days without attempts are filled in, unless a stray date would make that list absurd.
  if ((maxDay - minDay) / DAY > MAX_FILLED_DAYS) {
    perDay.push(...[...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)));
  } else
    for (let t = minDay; t <= maxDay; t += DAY) {
      const day = dayOf(t);
      perDay.push(days.get(day) ?? { day, attempts: 0, statuses: {} });
    }

  const statuses = [...byStatus]
    .map(([status, n]) => ({ status, attempts: n, share: n / attempts }))
    .sort(
      (a, b) => b.attempts - a.attempts || (a.status < b.status ? -1 : a.status > b.status ? 1 : 0),
    );

  const talkTimeBuckets: Bucket[] = buckets.map((n, i) => ({
    from: i === 0 ? 0 : TALK_TIME_BUCKETS[i - 1]!,
    to: i < TALK_TIME_BUCKETS.length ? TALK_TIME_BUCKETS[i]! : null,
    attempts: n,
  }));

  return {
    leads,
    attempts,
    attemptsPerLead: leads === 0 ? 0 : attempts / leads,
    statuses,
    answered: {
      statuses: answeredStatuses,
      attempts: answered,
      rate: attempts === 0 ? null : answered / attempts,
      leads: answeredLeads,
      leadRate: leads === 0 ? null : answeredLeads / leads,
    },
    waitTime: timeStats(waits),
    talkTime: timeStats(talks),
    talkTimeBuckets,
    perDay,
    perHour: hours.map((h, hour) => ({
      hour,
      attempts: h.attempts,
      answered: h.answered,
      rate: h.attempts === 0 ? null : h.answered / h.attempts,
    })),
    keyPresses: [...keys]
      .map(([key, n]) => ({ key, attempts: n }))
      .sort((a, b) => b.attempts - a.attempts || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    undated,
    compliance: {
      rules: { ...rules, suppressionLists: [...(opts.suppressionLists ?? [])] },
      outsideHours: { attempts: outsideCount, samples: outsideHours },
      overLimit: {
        numbers: overNumbers,
        calls: overCalls,
        samples: overSamples.slice(0, COMPLIANCE_SAMPLES),
      },
      suppressed: {
        checked: opts.suppressed !== undefined,
        attempts: suppressedAttempts,
        numbers: suppressedNumbers.size,
        samples: suppressedSamples,
      },
      violations: outsideCount + overNumbers + suppressedAttempts,
    },
  };
}
