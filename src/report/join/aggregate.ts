/**
 * The aggregate stage of `--join`: the report's records, one lead at a time, folded into one
 * small outcome per key of the lead file (its ref_ids and its normalised phones), so that no
 * record is kept. Matching (DESIGN.md): a row and a record match by ref_id when both have one,
 * else by the normalised phone. A ref_id the lead file gives to rows of different numbers (`N/A`,
 * `Chưa cập nhật`, a family's code) names nobody in particular: those rows match by ref_id and
 * number together (review, session 19: four people holding `N/A` were each given the others'
 * calls, and a rejected row of theirs too); a row without a number makes no ref_id shared.
 * Keys, prefixed so they never collide:
 * - `r<ref>`: rows that have this ref_id; fed by records with that ref_id;
 * - `p<phone>`: rows that have a ref_id and this phone; fed by records with no ref_id;
 * - `q<phone>`: rows without a ref_id and this phone; fed by every record of that phone;
 * - `s<ref>\0<phone>`: rows with a shared ref_id and this number (made from the file's rows
 *   only); fed by records with both.
 */
import type { CallRecord } from '../../api/spec.js';
import { phoneKey } from '../../leads/normalize.js';
import { comparableTime } from '../fetch.js';
import { KeyTable } from './keytable.js';

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

export { phoneKey };

/** OutcomeIndex.refPhone: no row with a number yet, rows of different numbers. */
const UNSEEN = -1;
const SHARED = -3;
/** A phone key that is a number (a row with none, or `abc`, makes no ref_id shared). */
const NUMBER = /^\d{9,12}$/;

/**
 * The lead file's keys, each with what the records of it add up to, in flat memory (a lead
 * file of a million rows): the keys in a {@link KeyTable}; each matched key's outcome in typed
 * arrays by a dense slot number — attempts, first and last call as the digits of their
 * 'yyyy-mm-dd HH:mm:ss' (exact), the last status as a code into a table of statuses, talk
 * time, flags, and the lead id as a number when it is a plain integer (else a code into a
 * table). About 30 bytes a key and 45 an outcome, where a Map of strings and objects took
 * about 1 KB a row. The outcomes are those of {@link addOutcome}: a slot is read into an
 * {@link Outcome}, folded, and written back.
 */
export class OutcomeIndex {
  private readonly keys = new KeyTable();
  /** Key id → its outcome's slot (-1: no record matched it yet). */
  private slotOf = new Int32Array(1 << 12).fill(-1);
  private slots = 0;
  private attempts = new Uint32Array(1 << 10);
  private first = new Float64Array(1 << 10);
  private last = new Float64Array(1 << 10);
  /** Code into `statuses`, -1 for none. */
  private status = new Int32Array(1 << 10);
  private talk = new Float64Array(1 << 10);
  /** ANSWERED | LEAD_OF_LAST. */
  private flags = new Uint8Array(1 << 10);
  /** NaN: none; ≥ 0: the id as a number; < 0: -(code into `leadTexts`) - 1. */
  private lead = new Float64Array(1 << 10);
  private readonly statuses = new KeyTable();
  private readonly leadTexts = new KeyTable();
  /** Records (leads) matched by no row of the file. */
  unmatched = 0;
  /** Records matched. */
  matched = 0;

  /**
   * By `r<ref>` key id: the `p<phone>` key id of the first row with that ref_id and a number, or
   * SHARED once a row of another number has it too. A row without a number (empty, `abc`) makes
   * no ref_id shared: it is the same customer's, typed without one (review, session 19).
   */
  private refPhone = new Int32Array(1 << 12).fill(UNSEEN);

  /** A row's keys (during the file's first read). */
  addRow(ref: string, phone: string): void {
    if (ref !== '') {
      const r = this.addKey(`r${ref}`);
      const p = phone !== '' ? this.addKey(`p${phone}`) : UNSEEN;
      if (r >= this.refPhone.length) {
        const grown = new Int32Array(Math.max(this.refPhone.length * 2, r + 1)).fill(UNSEEN);
        grown.set(this.refPhone);
        this.refPhone = grown;
      }
      if (!NUMBER.test(phone)) return;
      const seen = this.refPhone[r]!;
      if (seen === UNSEEN) this.refPhone[r] = p;
      else if (seen === SHARED) this.addKey(`s${ref}\0${phone}`);
      else if (seen !== p) {
        // Shared from now on: the keys of the first number's rows and of this one. Records
        // are matched only to these (a record of this ref_id and another row's number, or no
        // row's, is not in the file).
        this.refPhone[r] = SHARED;
        this.addKey(`s${ref}\0${this.keys.keyOf(seen).slice(1)}`);
        this.addKey(`s${ref}\0${phone}`);
      }
    } else if (phone !== '') {
      this.addKey(`q${phone}`);
    }
  }

  /** Whether rows of different phones have this ref_id (its `r` key's id). */
  private shared(refId: number): boolean {
    return refId >= 0 && this.refPhone[refId] === SHARED;
  }

  /** How many keys. */
  get size(): number {
    return this.keys.size;
  }

  /** Bytes held by the index's arrays (a memory budget's share). */
  get byteSize(): number {
    return (
      this.keys.byteSize +
      this.slotOf.byteLength +
      this.refPhone.byteLength +
      this.statuses.byteSize +
      this.leadTexts.byteSize +
      this.attempts.length * SLOT_BYTES
    );
  }

  /** A record of the report: added to each key it matches, or counted as not in the file. */
  addRecord(record: CallRecord, answered: ReadonlySet<string>): void {
    const ref = refKey(record.ref_id);
    const phone = phoneKey(record.phone_number);
    const keys =
      ref === ''
        ? [`p${phone}`, `q${phone}`]
        : this.shared(this.keys.get(`r${ref}`))
          ? // The rows with this shared ref_id and this number, if any (keys made by addRow).
            [`s${ref}\0${phone}`, `q${phone}`]
          : [`r${ref}`, `q${phone}`];
    let outcome: Outcome | undefined;
    let hit = false;
    for (const key of keys) {
      if (key.length === 1) continue;
      const id = this.keys.get(key);
      if (id < 0) continue;
      hit = true;
      outcome ??= recordOutcome(record, answered);
      const slot = this.slotOf[id]!;
      if (slot < 0) this.slotOf[id] = this.store(this.newSlot(), outcome);
      else this.store(slot, addOutcome(this.load(slot), outcome));
    }
    if (hit) this.matched++;
    else this.unmatched++;
  }

  /** A row's outcome (during the file's second read); undefined when no record matched it. */
  outcomeOf(ref: string, phone: string): Outcome | undefined {
    if (ref !== '') {
      const byRef = this.shared(this.keys.get(`r${ref}`))
        ? phone !== ''
          ? this.outcomeAt(`s${ref}\0${phone}`)
          : undefined
        : this.outcomeAt(`r${ref}`);
      const byPhone = phone !== '' ? this.outcomeAt(`p${phone}`) : undefined;
      if (byRef === undefined) return byPhone;
      if (byPhone === undefined) return byRef;
      return addOutcome(byRef, byPhone);
    }
    return phone !== '' ? this.outcomeAt(`q${phone}`) : undefined;
  }

  private addKey(key: string): number {
    const id = this.keys.add(key);
    if (id >= this.slotOf.length) {
      const grown = new Int32Array(this.slotOf.length * 2).fill(-1);
      grown.set(this.slotOf);
      this.slotOf = grown;
    }
    return id;
  }

  private outcomeAt(key: string): Outcome | undefined {
    const id = this.keys.get(key);
    const slot = id < 0 ? -1 : this.slotOf[id]!;
    return slot < 0 ? undefined : this.load(slot);
  }

  private newSlot(): number {
    if (this.slots === this.attempts.length) {
      const n = this.attempts.length * 2;
      this.attempts = grow(new Uint32Array(n), this.attempts);
      this.first = grow(new Float64Array(n), this.first);
      this.last = grow(new Float64Array(n), this.last);
      this.status = grow(new Int32Array(n), this.status);
      this.talk = grow(new Float64Array(n), this.talk);
      this.flags = grow(new Uint8Array(n), this.flags);
      this.lead = grow(new Float64Array(n), this.lead);
    }
    return this.slots++;
  }

  private load(slot: number): Outcome {
    const status = this.status[slot]!;
    const lead = this.lead[slot]!;
    const flags = this.flags[slot]!;
    return {
      attempts: this.attempts[slot]!,
      first: timeText(this.first[slot]!),
      last: timeText(this.last[slot]!),
      lastStatus: status < 0 ? undefined : this.statuses.keyOf(status),
      talk: this.talk[slot]!,
      answered: (flags & ANSWERED) !== 0,
      leadId: Number.isNaN(lead)
        ? undefined
        : lead >= 0
          ? String(lead)
          : this.leadTexts.keyOf(-lead - 1),
      leadOfLast: (flags & LEAD_OF_LAST) !== 0,
    };
  }

  /** Writes `o` into `slot`; returns the slot. */
  private store(slot: number, o: Outcome): number {
    this.attempts[slot] = o.attempts;
    this.first[slot] = timeNumber(o.first);
    this.last[slot] = timeNumber(o.last);
    this.status[slot] = o.lastStatus === undefined ? -1 : this.statuses.add(o.lastStatus);
    this.talk[slot] = o.talk;
    this.flags[slot] = (o.answered ? ANSWERED : 0) | (o.leadOfLast ? LEAD_OF_LAST : 0);
    this.lead[slot] =
      o.leadId === undefined
        ? NaN
        : PLAIN_ID.test(o.leadId)
          ? Number(o.leadId)
          : -this.leadTexts.add(o.leadId) - 1;
    return slot;
  }
}

const ANSWERED = 1;
const LEAD_OF_LAST = 2;
/** Bytes of one outcome slot across the arrays. */
const SLOT_BYTES = 4 + 8 + 8 + 4 + 8 + 1 + 8;
/** A lead id kept as a number: String(Number(id)) gives it back. */
const PLAIN_ID = /^(?:0|[1-9]\d{0,14})$/;

function grow<T extends { set(a: ArrayLike<number>): void }>(to: T, from: ArrayLike<number>): T {
  to.set(from);
  return to;
}

/** 'yyyy-mm-dd HH:mm:ss' (comparableTime's only form) as the number of its 14 digits. */
function timeNumber(t: string | undefined): number {
  if (t === undefined) return NaN;
  return Number(
    t.slice(0, 4) +
      t.slice(5, 7) +
      t.slice(8, 10) +
      t.slice(11, 13) +
      t.slice(14, 16) +
      t.slice(17, 19),
  );
}

function timeText(n: number): string | undefined {
  if (Number.isNaN(n)) return undefined;
  const d = String(n).padStart(14, '0');
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)} ${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}`;
}
