/**
 * The aggregate stage of `--join`: the report's records, one lead at a time, folded into one
 * small outcome per key of the lead file (its ref_ids and its normalised phones), so that no
 * record is kept. Matching (DESIGN.md): a row and a record match by ref_id when both have one,
 * else by the normalised phone. Keys, prefixed so they never collide:
 * - `r<ref>`: rows that have this ref_id; fed by records with that ref_id;
 * - `p<phone>`: rows that have a ref_id and this phone; fed by records with no ref_id;
 * - `q<phone>`: rows without a ref_id and this phone; fed by every record of that phone.
 */
import type { CallRecord } from '../../api/spec.js';
import { normalizePhone } from '../../leads/normalize.js';
import { comparableTime } from '../fetch.js';

/** What the records of one key add up to (attempts in the range only). */
export interface Outcome {
  attempts: number;
  /** Earliest and latest attempt, 'yyyy-mm-dd HH:mm:ss' on the service's clock. */
  first: string | undefined;
  last: string | undefined;
  /** The status of the latest attempt ('' when the service gave none). */
  lastStatus: string | undefined;
  talk: number;
  answered: boolean;
  /** The lead of the latest attempt; else the first lead matched (one with no attempt). */
  leadId: string | undefined;
  /** Whether `leadId` is the latest attempt's lead. */
  leadOfLast: boolean;
}

export function emptyOutcome(): Outcome {
  return {
    attempts: 0,
    first: undefined,
    last: undefined,
    lastStatus: undefined,
    talk: 0,
    answered: false,
    leadId: undefined,
    leadOfLast: false,
  };
}

/** `b` folded into `a` (a is changed and returned). A later attempt wins a tie. */
export function addOutcome(a: Outcome, b: Outcome): Outcome {
  a.attempts += b.attempts;
  a.talk += b.talk;
  a.answered ||= b.answered;
  if (b.first !== undefined && (a.first === undefined || b.first < a.first)) a.first = b.first;
  if (b.last !== undefined && (a.last === undefined || b.last >= a.last)) {
    a.last = b.last;
    a.lastStatus = b.lastStatus;
    a.leadId = b.leadId;
    a.leadOfLast = true;
  } else if (a.leadId === undefined) {
    a.leadId = b.leadId;
  }
  if (a.lastStatus === undefined && a.attempts > 0) a.lastStatus = b.lastStatus;
  return a;
}

/** One record's outcome. */
export function recordOutcome(record: CallRecord, answered: ReadonlySet<string>): Outcome {
  const o = emptyOutcome();
  o.leadId = record.campaign_lead_id == null ? undefined : String(record.campaign_lead_id);
  for (const a of record.data ?? []) {
    o.attempts++;
    const status = a.status == null ? '' : String(a.status);
    const talk = Number(a.talk_time);
    if (Number.isFinite(talk)) o.talk += talk;
    // As the summary compares them: without regard to case (the set holds upper case).
    if (answered.has(status.toUpperCase())) o.answered = true;
    const at = comparableTime(a.date_time);
    if (at !== undefined) {
      if (o.first === undefined || at < o.first) o.first = at;
      if (o.last === undefined || at >= o.last) {
        o.last = at;
        o.lastStatus = status;
        o.leadOfLast = true;
      }
    } else if (o.lastStatus === undefined) {
      o.lastStatus = status;
    }
  }
  return o;
}

/** A key's text: trimmed, and '' for none. */
export function refKey(v: unknown): string {
  return v == null ? '' : String(v).trim();
}

/** A phone as the import normalises it ('' for none). */
export function phoneKey(v: unknown): string {
  const s = v == null ? '' : String(v);
  return s.trim() === '' ? '' : normalizePhone(s).value;
}

/** The lead file's keys, each with what the records of it add up to. */
export class OutcomeIndex {
  private readonly map = new Map<string, Outcome | null>();
  /** Records (leads) matched by no row of the file. */
  unmatched = 0;
  /** Records matched. */
  matched = 0;

  /** A row's keys (during the file's first read). */
  addRow(ref: string, phone: string): void {
    if (ref !== '') {
      this.map.set(`r${ref}`, null);
      if (phone !== '') this.map.set(`p${phone}`, null);
    } else if (phone !== '') {
      this.map.set(`q${phone}`, null);
    }
  }

  get keys(): number {
    return this.map.size;
  }

  /** A record of the report: added to each key it matches, or counted as not in the file. */
  addRecord(record: CallRecord, answered: ReadonlySet<string>): void {
    const ref = refKey(record.ref_id);
    const phone = phoneKey(record.phone_number);
    const keys = ref !== '' ? [`r${ref}`, `q${phone}`] : [`p${phone}`, `q${phone}`];
    let outcome: Outcome | undefined;
    let hit = false;
    for (const key of keys) {
      if (key.length === 1) continue;
      const kept = this.map.get(key);
      if (kept === undefined) continue;
      hit = true;
      outcome ??= recordOutcome(record, answered);
      this.map.set(key, kept === null ? { ...outcome } : addOutcome(kept, outcome));
    }
    if (hit) this.matched++;
    else this.unmatched++;
  }

  /** A row's outcome (during the file's second read); undefined when no record matched it. */
  outcomeOf(ref: string, phone: string): Outcome | undefined {
    if (ref !== '') {
      const byRef = this.map.get(`r${ref}`) ?? undefined;
      const byPhone = phone !== '' ? (this.map.get(`p${phone}`) ?? undefined) : undefined;
      if (byRef === undefined) return byPhone;
      if (byPhone === undefined) return byRef;
      return addOutcome({ ...byRef }, byPhone);
    }
    return phone !== '' ? (this.map.get(`q${phone}`) ?? undefined) : undefined;
  }
}
