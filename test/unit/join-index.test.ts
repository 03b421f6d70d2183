/**
 * The `--join` index in flat memory (src/report/join/aggregate.ts OutcomeIndex over
 * keytable.ts) gives exactly the outcomes of the Map of strings and objects it replaced (kept
 * here as the reference), for random rows and records: shared phones, ref_ids present or not,
 * undated attempts, empty and odd statuses, numeric and text lead ids.
 */
import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src/api/spec.js';
import {
  addOutcome,
  OutcomeIndex,
  phoneKey,
  recordOutcome,
  refKey,
  type Outcome,
} from '../../src/report/join/aggregate.js';
import { KeyTable } from '../../src/report/join/keytable.js';

/** The index before issue 25's bounded memory: a Map of prefixed strings. */
class MapIndex {
  private readonly map = new Map<string, Outcome | null>();
  unmatched = 0;
  matched = 0;
  /** The numbers of the rows of each ref_id: more than one, a shared ref_id. */
  private readonly phonesOf = new Map<string, Set<string>>();
  addRow(ref: string, phone: string): void {
    if (ref !== '') {
      this.map.set(`r${ref}`, null);
      if (phone !== '') this.map.set(`p${phone}`, null);
      if (!/^\d{9,12}$/.test(phone)) return;
      const phones = this.phonesOf.get(ref) ?? new Set<string>();
      phones.add(phone);
      this.phonesOf.set(ref, phones);
    } else if (phone !== '') {
      this.map.set(`q${phone}`, null);
    }
  }
  private shared(ref: string): boolean {
    return (this.phonesOf.get(ref)?.size ?? 0) > 1;
  }
  addRecord(record: CallRecord, answered: ReadonlySet<string>): void {
    const ref = refKey(record.ref_id);
    const phone = phoneKey(record.phone_number);
    let keys: string[];
    if (ref === '') keys = [`p${phone}`, `q${phone}`];
    else if (this.shared(ref)) {
      // Matched with the number: the rows of this ref_id and this number, if any.
      const key = `s${ref}\0${phone}`;
      if (this.phonesOf.get(ref)!.has(phone) && !this.map.has(key)) this.map.set(key, null);
      keys = [key, `q${phone}`];
    } else keys = [`r${ref}`, `q${phone}`];
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
  outcomeOf(ref: string, phone: string): Outcome | undefined {
    if (ref !== '') {
      const byRef = this.shared(ref)
        ? phone !== ''
          ? (this.map.get(`s${ref}\0${phone}`) ?? undefined)
          : undefined
        : (this.map.get(`r${ref}`) ?? undefined);
      const byPhone = phone !== '' ? (this.map.get(`p${phone}`) ?? undefined) : undefined;
      if (byRef === undefined) return byPhone;
      if (byPhone === undefined) return byRef;
      return addOutcome({ ...byRef }, byPhone);
    }
    return phone !== '' ? (this.map.get(`q${phone}`) ?? undefined) : undefined;
  }
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['ANSWERED', 'NO_ANSWER', 'BUSY', '', 'answered', 'Bận máy', null];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

describe('the --join index in flat memory', () => {
  it('gives the outcomes of the Map index for random rows and records', () => {
    const answered = new Set(['ANSWERED']);
    for (let seed = 1; seed <= 30; seed++) {
      const r = random(seed);
      const phones = Array.from({ length: 40 }, (_, i) => {
        const n = String(10_000_000 + i * 7919).slice(-8);
        return pick(r, [`09${n}`, `+84 9${n}`, `9${n}`, `091.${n}`, 'abc', '']);
      });
      const refs = Array.from({ length: 30 }, (_, i) =>
        pick(r, [`KH-${i}`, `mã ${i}`, '', ' ', `R${i % 7}`]),
      );
      const rows = Array.from({ length: 60 }, () => ({
        ref: pick(r, refs),
        phone: pick(r, phones),
      }));
      const flat = new OutcomeIndex();
      const map = new MapIndex();
      for (const row of rows) {
        const ref = refKey(row.ref);
        const phone = phoneKey(row.phone);
        flat.addRow(ref, phone);
        map.addRow(ref, phone);
      }
      for (let i = 0; i < 80; i++) {
        const attempts = Array.from({ length: Math.floor(r() * 4) }, () => ({
          session: Math.floor(r() * 100),
          wait_time: 1,
          talk_time: pick(r, [0, 12, '30', 'x', null, 2.5]),
          phone_number: null,
          date_time: pick(r, [
            null,
            '2026-11-01 08:00:00',
            '2026-11-01 08:00:00',
            '2026-11-02T09:30:00+07:00',
            '2026-11-03',
            `2026-11-0${1 + Math.floor(r() * 9)} 1${Math.floor(r() * 10)}:00:0${Math.floor(r() * 10)}`,
          ]),
          status: pick(r, STATUSES),
          retry: 0,
          key_press: null,
        }));
        const record = {
          campaign_lead_id: pick(r, [i, String(i), `L-${i}`, '007', 123456789012345, null]),
          ref_id: pick(r, [...refs, null]),
          phone_number: pick(r, phones),
          data: attempts,
        } as unknown as CallRecord;
        flat.addRecord(record, answered);
        map.addRecord(record, answered);
      }
      expect([flat.matched, flat.unmatched]).toEqual([map.matched, map.unmatched]);
      for (const row of rows) {
        const ref = refKey(row.ref);
        const phone = phoneKey(row.phone);
        expect(flat.outcomeOf(ref, phone)).toEqual(map.outcomeOf(ref, phone));
      }
    }
  });

  it('holds about 30 bytes a key, not a Map entry', () => {
    const index = new OutcomeIndex();
    for (let i = 0; i < 200_000; i++) index.addRow(`KH-${i}`, `09${String(10_000_000 + i)}`);
    expect(index.size).toBe(400_000);
    // Two keys a row: the keys' bytes (≈ 11), their ends (4), the table (≤ 16 at its emptiest),
    // the slot numbers (4), each array at most twice what it holds.
    expect(index.byteSize / index.size).toBeLessThan(64);
  });
});

describe('KeyTable', () => {
  it('gives each distinct string one id, found again by its own bytes only', () => {
    const table = new KeyTable();
    const keys = ['', 'a', 'b', 'ab', 'số điện thoại', '😀', 'a'.repeat(1000)];
    for (let i = 0; i < 50_000; i++) keys.push(`k${i}`, `K${i}`);
    const ids = keys.map((k) => table.add(k));
    expect(new Set(ids).size).toBe(keys.length);
    const wrong = keys.filter(
      (k, i) => table.add(k) !== ids[i] || table.get(k) !== ids[i] || table.keyOf(ids[i]!) !== k,
    );
    expect(wrong).toEqual([]);
    expect(table.get('k50000')).toBe(-1);
    expect(table.get('c')).toBe(-1);
    expect(table.size).toBe(keys.length);
  });
});
