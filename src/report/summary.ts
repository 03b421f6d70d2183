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
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import {
  DEFAULT_ANSWERED_STATUSES,
  DEFAULT_CALL_HOURS,
  DEFAULT_MAX_CALLS_PER_24H,
  parseCallHours,
} from './rules.js';

export {
  DEFAULT_ANSWERED_STATUSES,
  DEFAULT_CALL_HOURS,
  DEFAULT_MAX_CALLS_PER_24H,
  parseCallHours,
} from './rules.js';

/** The status shown for an attempt without one. */
export const NO_STATUS = '(none)';
/** Samples kept per compliance finding. */
export const COMPLIANCE_SAMPLES = 20;
/** Upper bounds (seconds) of the talk-time distribution's buckets; the last is open. */
export const TALK_TIME_BUCKETS: readonly number[] = [30, 60, 120, 300, 600, 1200];
/** perDay fills in empty days over at most this many days (ten years). */
const MAX_FILLED_DAYS = 3660;

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
  /**
   * How called numbers are compared (the 24-hour rule) and told apart (numbers on a list): the
   * key of a number, such as its normalised form. Default: the number as the service wrote it,
   * trimmed. The library's `summarize` and `cacs report` normalise as the import does
   * (`+84 912 345 678`, `0912345678` and an old 11-digit mobile are one subscriber).
   */
  numberKey?: (phone: string) => string;
  /**
   * Where each rule's value came from, shown beside it (`cacs report` gives the setting's
   * source, such as `project config /srv/.cacsrc.yaml`); default `default` or `given`.
   */
  ruleOrigins?: Partial<Record<keyof ComplianceRules, string>>;
  /**
   * The report's range on the service's clock (`yyyy-mm-dd HH:mm:ss`, as `runReport` returns
   * `from` and `to`): `perDay` then lists every calendar day of it, days without attempts
   * included — a range of 7 days shows 7 days, whether or not its first and last had calls.
   * Without it, the days from the first attempt's to the last's.
   */
  range?: { from: string; to: string };
  /**
   * The network of a lead's phone number (as the service wrote it), for the answer rate per
   * carrier (`carriers`); the library's `summarize` gives the numbering plan's (leads/carrier.ts,
   * `unknown` for a number in no allocated range). Without it `carriers` is empty.
   */
  carrierOf?: (phone: string) => string;
  /** The order `carriers` lists networks in (others after them, by name). */
  carrierOrder?: readonly string[];
  /**
   * When a number (as the service wrote it) was erased by `cacs forget`, on the service's clock
   * (`yyyy-mm-dd HH:mm:ss`), or undefined: calls after it are counted (`callsAfterErasure`).
   */
  erasedAt?: (phone: string) => string | undefined;
}

/** The answer rate of the leads whose phone is on one network (DESIGN.md, Carriers). */
export interface CarrierCount {
  /** The network's name, or `unknown` (no allocated range, or a range with no network). */
  carrier: string;
  leads: number;
  attempts: number;
  /** Attempts whose status counts as answered. */
  answered: number;
  /** answered ÷ attempts, null without attempts. */
  rate: number | null;
  /** Leads with at least one answered attempt. */
  leadsAnswered: number;
  /** leadsAnswered ÷ leads, null without leads. */
  leadRate: number | null;
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
  /** Normalised (`+84 912…` and `0912…` are one number). */
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
    /** Where each rule's value came from (SummaryOptions.ruleOrigins). */
    origin: Record<keyof ComplianceRules, string>;
  };
  outsideHours: { attempts: number; samples: AttemptRef[] };
  /**
   * Numbers called more than `maxCallsPer24h` times within some 24 hours (a call exactly 24
   * hours after another is outside its 24 hours); `calls`: the calls of each such number's
   * busiest 24 hours, added up. Samples: the most called first.
   */
  overLimit: { numbers: number; calls: number; samples: NumberOverLimit[] };
  /** checked: false when no list was configured. */
  suppressed: {
    checked: boolean;
    attempts: number;
    numbers: number;
    samples: Array<AttemptRef & { list: string }>;
  };
  /**
   * Attempts to numbers after `cacs forget` erased them (checked: false without erasures). No
   * samples: the numbers of erased people are not shown.
   */
  callsAfterErasure: { checked: boolean; attempts: number; numbers: number };
  /**
   * Attempts outside the hours + numbers over the limit + attempts to listed numbers + attempts
   * after an erasure.
   */
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
   * Every day of the report's range (`SummaryOptions.range`; else from the first attempt's day
   * to the last's), days without attempts included (over more than ten years: only days with
   * attempts).
   */
  perDay: DayCount[];
  /** All 24 hours. */
  perHour: HourCount[];
  /** Key presses other than none, most first. */
  keyPresses: Array<{ key: string; attempts: number }>;
  /** Attempts whose date_time could not be read. */
  undated: number;
  compliance: ComplianceReport;
  /** The answer rate per network of the lead's phone, in SummaryOptions.carrierOrder. */
  carriers: CarrierCount[];
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

/** A duration in seconds as the service gives it (a number or its text), or NaN if none. */
function seconds(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : NaN;
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

/** One number's call times: a single time as is (most numbers), more in a list. */
type Times = number | number[];

/**
 * The statistics built one record at a time ({@link summarize} over a list or a stream): add
 * each merged record once, then ask for the result. Keeps no record: counts, one number per
 * wait and talk time (for the percentiles), and each called number's call times (for the
 * 24-hour rule).
 */
export class SummaryBuilder {
  private readonly answeredStatuses: string[];
  private readonly isAnswered: Set<string>;
  private readonly rules: ComplianceRules;
  private readonly origin: ComplianceReport['rules']['origin'];
  private readonly hoursStart: number;
  private readonly hoursEnd: number;
  private readonly suppressed: ((phone: string) => string | undefined) | undefined;
  private readonly suppressionLists: string[];
  private readonly numberKey: (phone: string) => string;

  private leads = 0;
  private attempts = 0;
  private answered = 0;
  private answeredLeads = 0;
  private undated = 0;
  private readonly byStatus = new Map<string, number>();
  private readonly waits: number[] = [];
  private readonly talks: number[] = [];
  private readonly buckets = [...TALK_TIME_BUCKETS, Infinity].map(() => 0);
  private readonly days = new Map<string, DayCount>();
  private readonly hours = Array.from({ length: 24 }, () => ({ attempts: 0, answered: 0 }));
  private readonly keys = new Map<string, number>();
  private readonly callsByNumber = new Map<string, Times>();
  private readonly outsideSamples: AttemptRef[] = [];
  private outsideCount = 0;
  private readonly suppressedSamples: Array<AttemptRef & { list: string }> = [];
  private suppressedAttempts = 0;
  private readonly erasedAt: ((phone: string) => string | undefined) | undefined;
  private afterErasure = 0;
  private readonly afterErasureNumbers = new Set<string>();
  private readonly suppressedNumbers = new Set<string>();
  private minDay = Infinity;
  private maxDay = -Infinity;
  private readonly carrierOf: ((phone: string) => string) | undefined;
  private readonly carrierOrder: readonly string[];
  private readonly byCarrier = new Map<string, CarrierCount>();

  constructor(opts: SummaryOptions = {}) {
    this.answeredStatuses = [...(opts.answeredStatuses ?? DEFAULT_ANSWERED_STATUSES)];
    // ANSWERED, answered and " Answered " are one status to the answer rate.
    this.isAnswered = new Set(this.answeredStatuses.map(statusKey));
    this.rules = {
      callHours: opts.compliance?.callHours ?? DEFAULT_CALL_HOURS,
      maxCallsPer24h: opts.compliance?.maxCallsPer24h ?? DEFAULT_MAX_CALLS_PER_24H,
    };
    [this.hoursStart, this.hoursEnd] = parseCallHours(this.rules.callHours);
    const max = this.rules.maxCallsPer24h;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new UsageError(t('report.maxCallsPer24h.invalid', { value: JSON.stringify(max) }));
    }
    if (opts.range !== undefined) {
      const from = wallSeconds(opts.range.from);
      const to = wallSeconds(opts.range.to);
      if (Number.isFinite(from) && Number.isFinite(to) && from <= to) {
        this.minDay = Math.floor(from / DAY) * DAY;
        this.maxDay = Math.floor(to / DAY) * DAY;
      }
    }
    const given = (v: unknown) => (v === undefined ? 'default' : 'given');
    this.origin = {
      callHours: opts.ruleOrigins?.callHours ?? given(opts.compliance?.callHours),
      maxCallsPer24h: opts.ruleOrigins?.maxCallsPer24h ?? given(opts.compliance?.maxCallsPer24h),
    };
    this.suppressed = opts.suppressed;
    this.erasedAt = opts.erasedAt;
    const key = opts.numberKey;
    this.numberKey = key === undefined ? (p) => p : (p) => key(p) || p;
    this.suppressionLists = [...(opts.suppressionLists ?? [])];
    this.carrierOf = opts.carrierOf;
    this.carrierOrder = [...(opts.carrierOrder ?? [])];
  }

  /** Add one merged record (one lead, its attempts in `data`). */
  add(record: CallRecord): void {
    this.leads++;
    let leadAnswered = false;
    const leadPhone = textOf(record.phone_number);
    for (const a of Array.isArray(record.data) ? record.data : []) {
      this.attempts++;
      const status = statusOf(a.status);
      this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
      const isAns = this.isAnswered.has(statusKey(status));
      if (isAns) {
        this.answered++;
        leadAnswered = true;
      }
      const wait = seconds(a.wait_time);
      if (!Number.isNaN(wait)) this.waits.push(wait);
      if (isAns) {
        const talk = seconds(a.talk_time);
        if (!Number.isNaN(talk)) {
          this.talks.push(talk);
          let b = 0;
          while (b < TALK_TIME_BUCKETS.length && talk >= TALK_TIME_BUCKETS[b]!) b++;
          this.buckets[b]!++;
        }
      }
      const key = textOf(a.key_press).trim();
      if (key !== '') this.keys.set(key, (this.keys.get(key) ?? 0) + 1);

      // The number called: the attempt's, else the lead's.
      const phone = textOf(a.phone_number).trim() || leadPhone.trim();
      const dateTime = textOf(a.date_time);
      const ref = (): AttemptRef => ({
        campaign_lead_id: record.campaign_lead_id,
        phone_number: phone,
        date_time: dateTime,
        status,
      });
      const when = wallSeconds(dateTime);
      if (Number.isNaN(when)) {
        this.undated++;
      } else {
        this.dated(when, status, isAns, ref);
        const erased = phone === '' ? undefined : this.erasedAt?.(phone);
        if (erased !== undefined && when > wallSeconds(erased)) {
          this.afterErasure++;
          this.afterErasureNumbers.add(this.numberKey(phone));
        }
        // One subscriber however the number is written (with the library's numberKey: +84…,
        // 84…, an old 11-digit mobile).
        const number = phone === '' ? '' : this.numberKey(phone);
        if (number !== '') {
          const times = this.callsByNumber.get(number);
          if (times === undefined) this.callsByNumber.set(number, when);
          else if (typeof times === 'number') this.callsByNumber.set(number, [times, when]);
          else times.push(when);
        }
      }
      // A call to a listed number is one whenever it was made.
      if (this.suppressed !== undefined && phone !== '') {
        const list = this.suppressed(phone);
        if (list !== undefined) {
          this.suppressedAttempts++;
          this.suppressedNumbers.add(this.numberKey(phone));
          if (this.suppressedSamples.length < COMPLIANCE_SAMPLES)
            this.suppressedSamples.push({ ...ref(), list });
        }
      }
    }
    if (leadAnswered) this.answeredLeads++;
    if (this.carrierOf !== undefined) this.countCarrier(record, leadPhone, leadAnswered);
  }

  /** The lead's network (its phone, else its first attempt's), its attempts and answers. */
  private countCarrier(record: CallRecord, leadPhone: string, leadAnswered: boolean): void {
    const data = Array.isArray(record.data) ? record.data : [];
    const phone = leadPhone.trim() || textOf(data[0]?.phone_number).trim();
    const carrier = this.carrierOf!(phone);
    let c = this.byCarrier.get(carrier);
    if (c === undefined) {
      c = {
        carrier,
        leads: 0,
        attempts: 0,
        answered: 0,
        rate: null,
        leadsAnswered: 0,
        leadRate: null,
      };
      this.byCarrier.set(carrier, c);
    }
    c.leads++;
    if (leadAnswered) c.leadsAnswered++;
    for (const a of data) {
      c.attempts++;
      if (this.isAnswered.has(statusKey(statusOf(a.status)))) c.answered++;
    }
  }

  /** Per network, in carrierOrder (others after it, by name), with their rates. */
  private carriers(): CarrierCount[] {
    const rank = (c: string) => {
      const i = this.carrierOrder.indexOf(c);
      return i < 0 ? this.carrierOrder.length : i;
    };
    return [...this.byCarrier.values()]
      .sort((a, b) => rank(a.carrier) - rank(b.carrier) || compareText(a.carrier, b.carrier))
      .map((c) => ({
        ...c,
        rate: c.attempts === 0 ? null : c.answered / c.attempts,
        leadRate: c.leads === 0 ? null : c.leadsAnswered / c.leads,
      }));
  }

  /** An attempt with a readable time: its day, its hour, the permitted hours. */
  private dated(when: number, status: string, isAns: boolean, ref: () => AttemptRef): void {
    const dayStart = Math.floor(when / DAY) * DAY;
    if (dayStart < this.minDay) this.minDay = dayStart;
    if (dayStart > this.maxDay) this.maxDay = dayStart;
    const day = dayOf(when);
    let d = this.days.get(day);
    if (d === undefined) this.days.set(day, (d = { day, attempts: 0, statuses: {} }));
    d.attempts++;
    d.statuses[status] = (d.statuses[status] ?? 0) + 1;
    const sod = when - dayStart;
    const h = this.hours[Math.floor(sod / 3600)]!;
    h.attempts++;
    if (isAns) h.answered++;
    if (sod < this.hoursStart || sod >= this.hoursEnd) {
      this.outsideCount++;
      if (this.outsideSamples.length < COMPLIANCE_SAMPLES) this.outsideSamples.push(ref());
    }
  }

  /** The statistics of every record added so far. */
  result(): ReportSummary {
    const { attempts, leads, rules } = this;

    const overSamples: NumberOverLimit[] = [];
    let overNumbers = 0;
    let overCalls = 0;
    for (const [phone, times] of this.callsByNumber) {
      if (typeof times === 'number' || times.length <= rules.maxCallsPer24h) continue;
      const worst = busiest24h(times.slice());
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
    overSamples.sort((a, b) => b.calls - a.calls || compareText(a.phone_number, b.phone_number));

    const perDay: DayCount[] = [];
    // Days without attempts are filled in, unless a stray date would make that list absurd.
    if (this.maxDay - this.minDay > MAX_FILLED_DAYS * DAY) {
      perDay.push(...[...this.days.values()].sort((a, b) => compareText(a.day, b.day)));
    } else {
      for (let t = this.minDay; t <= this.maxDay; t += DAY) {
        const day = dayOf(t);
        perDay.push(this.days.get(day) ?? { day, attempts: 0, statuses: {} });
      }
    }

    const statuses = [...this.byStatus]
      .map(([status, n]) => ({ status, attempts: n, share: n / attempts }))
      .sort((a, b) => b.attempts - a.attempts || compareText(a.status, b.status));

    const talkTimeBuckets: Bucket[] = this.buckets.map((n, i) => ({
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
        statuses: [...this.answeredStatuses],
        attempts: this.answered,
        rate: attempts === 0 ? null : this.answered / attempts,
        leads: this.answeredLeads,
        leadRate: leads === 0 ? null : this.answeredLeads / leads,
      },
      waitTime: timeStats(this.waits),
      talkTime: timeStats(this.talks),
      talkTimeBuckets,
      perDay: perDay.map((d) => ({ ...d, statuses: { ...d.statuses } })),
      perHour: this.hours.map((h, hour) => ({
        hour,
        attempts: h.attempts,
        answered: h.answered,
        rate: h.attempts === 0 ? null : h.answered / h.attempts,
      })),
      keyPresses: [...this.keys]
        .map(([key, n]) => ({ key, attempts: n }))
        .sort((a, b) => b.attempts - a.attempts || compareText(a.key, b.key)),
      undated: this.undated,
      compliance: {
        rules: {
          ...rules,
          suppressionLists: [...this.suppressionLists],
          origin: { ...this.origin },
        },
        outsideHours: { attempts: this.outsideCount, samples: [...this.outsideSamples] },
        overLimit: {
          numbers: overNumbers,
          calls: overCalls,
          samples: overSamples.slice(0, COMPLIANCE_SAMPLES),
        },
        suppressed: {
          checked: this.suppressed !== undefined,
          attempts: this.suppressedAttempts,
          numbers: this.suppressedNumbers.size,
          samples: [...this.suppressedSamples],
        },
        callsAfterErasure: {
          checked: this.erasedAt !== undefined,
          attempts: this.afterErasure,
          numbers: this.afterErasureNumbers.size,
        },
        violations: this.outsideCount + overNumbers + this.suppressedAttempts + this.afterErasure,
      },
      carriers: this.carriers(),
    };
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A field as text ('' for null or undefined). */
function textOf(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

function statusOf(v: unknown): string {
  const s = textOf(v);
  return s.trim() === '' ? NO_STATUS : s;
}

/** How answered statuses are compared: case and surrounding blanks ignored. */
function statusKey(s: string): string {
  return s.trim().toUpperCase();
}

/**
 * Computes the statistics of merged report records (one per lead, attempts in `data`): a list
 * (`runReport`'s `records`) gives the summary at once, an async iterable (`streamReport`'s)
 * a promise of it, each record summarised as it is handed out and not kept.
 */
export function summarize(records: Iterable<CallRecord>, opts?: SummaryOptions): ReportSummary;
export function summarize(
  records: AsyncIterable<CallRecord>,
  opts?: SummaryOptions,
): Promise<ReportSummary>;
export function summarize(
  records: Iterable<CallRecord> | AsyncIterable<CallRecord>,
  opts: SummaryOptions = {},
): ReportSummary | Promise<ReportSummary> {
  const builder = new SummaryBuilder(opts);
  if (Symbol.iterator in records) {
    for (const record of records) builder.add(record);
    return builder.result();
  }
  return (async () => {
    for await (const record of records) builder.add(record);
    return builder.result();
  })();
}
