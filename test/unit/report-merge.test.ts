import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallAttempt, CallRecord } from '../../src/api/spec.js';
import { RecordMerger, compareLeadIds, sortLeadIds } from '../../src/report/merge.js';

function att(
  session: string | number | null,
  date_time: string | null,
  status: string | null,
  extra: Partial<CallAttempt> = {},
): CallAttempt {
  return {
    session,
    wait_time: 3,
    talk_time: 10,
    phone_number: '0901234567',
    date_time,
    status,
    retry: 0,
    key_press: null,
    ...extra,
  };
}

function rec(
  id: string | number,
  data: CallAttempt[],
  extra: Partial<CallRecord> = {},
): CallRecord {
  return {
    campaign_id: 1,
    campaign_name: 'Autumn',
    campaign_lead_id: id,
    ref_id: `R${String(id)}`,
    phone_number: '0901234567',
    lead_name: 'Lan',
    call: data.length,
    data,
    ...extra,
  };
}

function merge(...batches: CallRecord[][]): CallRecord[] {
  const m = new RecordMerger();
  for (const b of batches) m.add(b);
  return m.result();
}

const A1 = att('s1', '2026-11-01 09:00:00', 'NO ANSWER');
const A2 = att('s2', '2026-11-15 10:00:00', 'BUSY');
const A3 = att('s3', '2026-12-02 11:00:00', 'ANSWERED', { talk_time: 95 });

describe('RecordMerger', () => {
  it('passes a single answer through in the API shape', () => {
    const out = merge([rec(7, [A2, A1])]);
    expect(out).toEqual([rec(7, [A1, A2], { call: 2 })]);
    expect(Object.keys(out[0] ?? {})).toEqual([
      'campaign_id',
      'campaign_name',
      'campaign_lead_id',
      'ref_id',
      'phone_number',
      'lead_name',
      'call',
      'data',
    ]);
  });

  it("viewOf: the lead's only record itself when it is the merged one, else recordOf's", () => {
    const leads: Array<{ key: string; lead: Parameters<RecordMerger['viewOf']>[0] }> = [];
    const m = new RecordMerger((key, lead) => leads.push({ key, lead }));
    const plain = rec(1, [A1, A2]);
    const unordered = rec(2, [A2, A1]);
    const nullCall = rec(3, [A1], { call: null as unknown as number });
    const extra = { ...rec(4, [A1]), region: 'HN' } as CallRecord;
    m.add([plain, unordered, nullCall, extra]);
    const view = (id: number, keep?: (a: CallAttempt) => boolean) =>
      m.viewOf(leads.find((l) => l.key === String(id))!.lead, keep);
    expect(view(1)).toBe(plain);
    for (const id of [2, 3, 4]) {
      expect(view(id)).not.toBe([unordered, nullCall, extra][id - 2]);
      expect(view(id)).toEqual(m.record(String(id)));
    }
    // An attempt left out by `keep`: a record of its own, with the attempts kept.
    const onlyFirst = (a: CallAttempt) => a.session === 's1';
    expect(view(1, onlyFirst)).toEqual(m.record('1', onlyFirst));
    expect(view(1, onlyFirst)).not.toBe(plain);
    // A second record of the lead: merged, never the first record.
    m.add([rec(1, [A3])]);
    expect(view(1)).toEqual(m.record('1'));
    expect(view(1)).not.toBe(plain);
  });

  it('gives nothing for nothing', () => {
    expect(merge()).toEqual([]);
    expect(merge([], [])).toEqual([]);
  });

  it('merges a lead seen in overlapping windows, deduplicating attempts', () => {
    const out = merge([rec(7, [A1, A2], { call: 2 })], [rec(7, [A2, A3], { call: 2 })]);
    expect(out).toHaveLength(1);
    expect(out[0]?.data).toEqual([A1, A2, A3]);
    // call = max(calls seen, merged attempts) = max(2, 2, 3)
    expect(out[0]?.call).toBe(3);
  });

  it('deduplicates attempts repeated within one answer and across status groups', () => {
    const out = merge([rec(7, [A1, A1, A2]), rec(7, [A1])], [rec(7, [{ ...A2 }, { ...A1 }])]);
    expect(out[0]?.data).toEqual([A1, A2]);
    expect(out[0]?.call).toBe(3); // the largest call value seen (3), not 2 attempts
  });

  it('compares the deduplication key as strings, keeping null apart from "null"', () => {
    const out = merge([
      rec(1, [
        att(5, '2026-11-01 09:00:00', 'BUSY'),
        att('5', '2026-11-01 09:00:00', 'BUSY'),
        att(null, '2026-11-01 09:00:00', 'BUSY'),
        att('null', '2026-11-01 09:00:00', 'BUSY'),
        att(5, '2026-11-01 09:00:00', 'BUSY', { phone_number: '0907654321' }),
        att(5, '2026-11-01 09:00:00', 'FAILED'),
      ]),
    ]);
    expect(out[0]?.data.map((a) => [a.session, a.status, a.phone_number])).toEqual([
      [null, 'BUSY', '0901234567'],
      ['5', 'BUSY', '0901234567'],
      [5, 'BUSY', '0907654321'],
      [5, 'FAILED', '0901234567'],
      ['null', 'BUSY', '0901234567'],
    ]);
  });

  it('chooses among differing duplicates without regard to order', () => {
    const poor = att('s1', '2026-11-01 09:00:00', 'BUSY', { wait_time: null, talk_time: null });
    const rich = att('s1', '2026-11-01 09:00:00', 'BUSY', { wait_time: 4, talk_time: 0 });
    expect(merge([rec(1, [poor])], [rec(1, [rich])])[0]?.data).toEqual([rich]);
    expect(merge([rec(1, [rich])], [rec(1, [poor])])[0]?.data).toEqual([rich]);
    const asNumber = att(9, '2026-11-01 09:00:00', 'BUSY');
    const asString = att('9', '2026-11-01 09:00:00', 'BUSY');
    expect(merge([rec(1, [asNumber, asString])])).toEqual(merge([rec(1, [asString, asNumber])]));
  });

  it('sorts attempts by date_time, then session (numerically), then status', () => {
    const t = '2026-11-01 09:00:00';
    const out = merge([
      rec(1, [
        att(10, t, 'BUSY'),
        att(9, t, 'FAILED'),
        att(9, t, 'BUSY'),
        att('x', '2026-10-31 23:59:59', 'BUSY'),
        att(1, null, 'BUSY'),
        att(null, t, 'BUSY'),
      ]),
    ]);
    expect(out[0]?.data.map((a) => [a.date_time, a.session, a.status])).toEqual([
      [null, 1, 'BUSY'],
      ['2026-10-31 23:59:59', 'x', 'BUSY'],
      [t, null, 'BUSY'],
      [t, 9, 'BUSY'],
      [t, 9, 'FAILED'],
      [t, 10, 'BUSY'],
    ]);
  });

  it('treats 7 and "7" as the same lead, and keeps a number id if any input had one', () => {
    expect(merge([rec('7', [A1])], [rec(7, [A2])])[0]?.campaign_lead_id).toBe(7);
    expect(merge([rec(7, [A1])], [rec('7', [A2])])[0]?.campaign_lead_id).toBe(7);
    expect(merge([rec('7', [A1])], [rec('7', [A2])])[0]?.campaign_lead_id).toBe('7');
    expect(merge([rec('7', [A1])], [rec(7, [A2])])).toHaveLength(1);
    // "007" is another lead.
    expect(merge([rec('007', [A1])], [rec(7, [A2])])).toHaveLength(2);
  });

  it('sorts leads: integer-like ids numerically, before other ids in string order', () => {
    const ids: Array<string | number> = ['b', 10, '9', 'abc', -1, '007', 7, '10a', 'B', 2.5, '2'];
    const out = merge(ids.map((id) => rec(id, [])));
    expect(out.map((r) => r.campaign_lead_id)).toEqual([
      -1,
      '2',
      '007',
      7,
      '9',
      10,
      '10a',
      2.5,
      'B',
      'abc',
      'b',
    ]);
  });

  it('merges lead-level fields: the first non-empty value wins, in the order added', () => {
    const out = merge(
      [rec(1, [A1], { ref_id: null, lead_name: '  ', campaign_name: 'Autumn' })],
      [rec(1, [A2], { ref_id: 'R1', lead_name: 'Lan', campaign_name: 'Autumn (renamed)' })],
      [rec(1, [A3], { ref_id: 'R1-later', lead_name: 'Other', campaign_name: null })],
    );
    expect(out[0]).toMatchObject({ ref_id: 'R1', lead_name: 'Lan', campaign_name: 'Autumn' });
  });

  it('picks an empty lead-level value without regard to order', () => {
    const a = rec(1, [], { lead_name: null, ref_id: ' ' });
    const b = rec(1, [], { lead_name: '', ref_id: '' });
    expect(merge([a], [b])).toEqual(merge([b], [a]));
    expect(merge([a], [b])[0]).toMatchObject({ lead_name: '', ref_id: '' });
    expect(merge([rec(1, [], { ref_id: null })])[0]?.ref_id).toBeNull();
  });

  describe('call', () => {
    it('is the larger of the calls seen and the merged attempts', () => {
      expect(merge([rec(1, [A1], { call: 5 })], [rec(1, [A2], { call: 4 })])[0]?.call).toBe(5);
      expect(merge([rec(1, [A1], { call: 1 })], [rec(1, [A2, A3], { call: 1 })])[0]?.call).toBe(3);
    });

    it('stays a string only when every value seen was a string', () => {
      expect(merge([rec(1, [A1], { call: '4' })], [rec(1, [A2], { call: '2' })])[0]?.call).toBe(
        '4',
      );
      expect(merge([rec(1, [A1], { call: '1' })], [rec(1, [A2], { call: '1' })])[0]?.call).toBe(
        '2',
      );
      expect(merge([rec(1, [A1], { call: '4' })], [rec(1, [A2], { call: 2 })])[0]?.call).toBe(4);
      expect(merge([rec(1, [A1], { call: '4' })], [rec(1, [A2], { call: null })])[0]?.call).toBe(
        '4',
      );
    });

    it('counts attempts when the service gives no usable call value', () => {
      expect(merge([rec(1, [A1, A2], { call: null })])[0]?.call).toBe(2);
      expect(merge([rec(1, [A1], { call: 'n/a' })])[0]?.call).toBe('1');
      expect(merge([rec(1, [], { call: ' ' })])[0]?.call).toBe('0');
      expect(merge([rec(1, [], { call: ' 12 ' })])[0]?.call).toBe('12');
    });
  });

  it('keeps fields the spec does not list, in a fixed key order', () => {
    const a = {
      ...rec(1, [{ ...A1, zeta: 1, alpha: 'x' } as CallAttempt]),
      source: null,
      agent: 'a1',
    };
    const b = { ...rec(1, []), source: 'web' };
    const out = merge([a as CallRecord], [b as CallRecord]);
    expect(out[0]).toMatchObject({ source: 'web', agent: 'a1' });
    expect(Object.keys(out[0] ?? {}).slice(-3)).toEqual(['agent', 'source', 'data']);
    expect(Object.keys(out[0]?.data[0] ?? {})).toEqual([
      'session',
      'wait_time',
      'talk_time',
      'phone_number',
      'date_time',
      'status',
      'retry',
      'key_press',
      'alpha',
      'zeta',
    ]);
    // The service's key order does not matter.
    const reordered = Object.fromEntries(Object.entries(A1).reverse()) as unknown as CallAttempt;
    expect(JSON.stringify(merge([rec(1, [reordered])]))).toBe(
      JSON.stringify(merge([rec(1, [A1])])),
    );
  });

  it('tolerates a record whose data is not an array', () => {
    const broken = { ...rec(1, []), data: null } as unknown as CallRecord;
    expect(merge([broken])[0]?.data).toEqual([]);
  });

  it('result() leaves the merger usable and returns fresh objects', () => {
    const m = new RecordMerger();
    m.add([rec(1, [A1])]);
    const first = m.result();
    first[0]?.data.push(A3);
    expect(m.result()).toEqual([rec(1, [A1])]);
    m.add([rec(2, [A2])]);
    expect(m.result().map((r) => r.campaign_lead_id)).toEqual([1, 2]);
    expect(m.size).toBe(2);
  });
});

describe('compareLeadIds', () => {
  it('sortLeadIds sorts as compareLeadIds does (property)', () => {
    const id = fc.oneof(
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
      fc.integer({ min: -50, max: 50 }).map(String),
      fc.string({ unit: fc.constantFrom('0', '1', '9', '-', 'a', 'B', ' '), maxLength: 5 }),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 40 }), (ids) => {
        expect(sortLeadIds(ids)).toEqual([...ids].sort(compareLeadIds));
      }),
      { numRuns: 500 },
    );
  });

  it('orders integer-like ids numerically, exactly beyond 2^53', () => {
    expect(compareLeadIds(9, 10)).toBeLessThan(0);
    expect(compareLeadIds('9', '10')).toBeLessThan(0);
    expect(compareLeadIds(10, '9')).toBeGreaterThan(0);
    expect(compareLeadIds(7, '7')).toBe(0);
    expect(compareLeadIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareLeadIds('-5', '3')).toBeLessThan(0);
    expect(compareLeadIds('007', '7')).toBeLessThan(0);
    expect(compareLeadIds('7', '007')).toBeGreaterThan(0);
  });

  it('puts integer-like ids before other ids, which are in string order', () => {
    expect(compareLeadIds(999, 'a')).toBeLessThan(0);
    expect(compareLeadIds('a', '1')).toBeGreaterThan(0);
    expect(compareLeadIds('B', 'a')).toBeLessThan(0);
    expect(compareLeadIds('a', 'a')).toBe(0);
    expect(compareLeadIds('1 ', '1')).toBeGreaterThan(0);
  });

  it('is a total order on the strings of the ids (property)', () => {
    const arbId = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.stringMatching(/^0*\d{1,3}$/),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(arbId, arbId, arbId, (a, b, c) => {
        expect(Math.sign(compareLeadIds(a, b)) + Math.sign(compareLeadIds(b, a))).toBe(0);
        expect(compareLeadIds(a, b) === 0).toBe(String(a) === String(b));
        if (compareLeadIds(a, b) <= 0 && compareLeadIds(b, c) <= 0) {
          expect(compareLeadIds(a, c)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties.

const STATUSES = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED'] as const;

interface Truth {
  key: string;
  id: string | number;
  fields: { campaign_name: string | null; ref_id: string | null; lead_name: string | null };
  attempts: CallAttempt[];
}

/** Leads with distinct keys and distinct attempts (the ground truth the service holds). */
const arbTruth: fc.Arbitrary<Truth[]> = fc
  .uniqueArray(
    fc.record({
      id: fc.oneof(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }).map(String),
        fc.constantFrom('L-a', 'L-b', 'x9'),
      ),
      fields: fc.record({
        campaign_name: fc.option(fc.constantFrom('Autumn', 'Winter'), { nil: null }),
        ref_id: fc.option(fc.stringMatching(/^R\d{1,3}$/), { nil: null }),
        lead_name: fc.option(fc.constantFrom('Lan', 'Minh', 'Ngọc Ánh'), { nil: null }),
      }),
      attempts: fc.uniqueArray(
        fc.record({
          session: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom('s1', 's2', null)),
          day: fc.integer({ min: 1, max: 90 }),
          second: fc.integer({ min: 0, max: 86_399 }),
          status: fc.constantFrom(...STATUSES),
          talk: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
        }),
        {
          maxLength: 8,
          selector: (a) => `${a.day}/${a.second}`,
        },
      ),
    }),
    { maxLength: 12, selector: (l) => String(l.id) },
  )
  .map((leads) =>
    leads.map((l) => ({
      key: String(l.id),
      id: l.id,
      fields: l.fields,
      attempts: l.attempts.map((a) =>
        att(a.session, dateTime(a.day, a.second), a.status, { talk_time: a.talk }),
      ),
    })),
  );

/** Day 1..90 from 2026-10-01, and a second of that day, as 'yyyy-mm-dd HH:mm:ss'. */
function dateTime(day: number, second: number): string {
  const d = new Date(Date.UTC(2026, 9, day, 0, 0, second));
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** What the merge of any faithful set of answers must give. */
function expected(truth: Truth[]): CallRecord[] {
  return truth
    .filter((l) => l.attempts.length > 0)
    .sort((a, b) => compareLeadIds(a.key, b.key))
    .map((l) => ({
      l,
      // date_time is unique within a lead in arbTruth, so it alone gives the order.
      byDate: [...l.attempts].sort((x, y) =>
        (x.date_time as string) < (y.date_time as string) ? -1 : 1,
      ),
    }))
    .map(({ byDate, l }) => ({
      campaign_id: 1,
      campaign_name: l.fields.campaign_name,
      campaign_lead_id: l.id,
      ref_id: l.fields.ref_id,
      phone_number: '0901234567',
      lead_name: l.fields.lead_name,
      call: l.attempts.length,
      data: byDate,
    }));
}

/** Split days 1..90 into windows of `size` days. */
function windowsOf(size: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let start = 1; start <= 90; start += size) {
    out.push([dateTime(start, 0), dateTime(Math.min(90, start + size - 1), 86_399)]);
  }
  return out;
}

/** The service's answer for one window and status group, in one of the two attempt styles. */
function answer(
  truth: Truth[],
  [start, end]: [string, string],
  statuses: readonly string[],
  style: 'window-only' | 'all-attempts',
): CallRecord[] {
  const out: CallRecord[] = [];
  for (const l of truth) {
    const inWindow = l.attempts.filter(
      (a) =>
        statuses.includes(a.status as string) &&
        (a.date_time as string) >= start &&
        (a.date_time as string) <= end,
    );
    if (inWindow.length === 0) continue;
    const data = style === 'window-only' ? inWindow : l.attempts;
    out.push({
      campaign_id: 1,
      campaign_name: l.fields.campaign_name,
      campaign_lead_id: l.id,
      ref_id: l.fields.ref_id,
      phone_number: '0901234567',
      lead_name: l.fields.lead_name,
      call: l.attempts.length,
      data: data.map((a) => ({ ...a })),
    });
  }
  return out;
}

describe('RecordMerger properties', () => {
  it('gives the truth whichever attempt style, window size and status grouping (property)', () => {
    fc.assert(
      fc.property(
        arbTruth,
        fc.constantFrom<'window-only' | 'all-attempts'>('window-only', 'all-attempts'),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom<ReadonlyArray<readonly string[]>>(
          [STATUSES],
          [
            ['ANSWERED', 'NO ANSWER'],
            ['BUSY', 'FAILED'],
          ],
          [['ANSWERED'], ['NO ANSWER'], ['BUSY'], ['FAILED']],
        ),
        (truth, style, size, groups) => {
          const m = new RecordMerger();
          for (const w of windowsOf(size)) {
            for (const g of groups) m.add(answer(truth, w, g, style));
          }
          expect(m.result()).toEqual(expected(truth));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is independent of the order and grouping of add calls (property)', () => {
    // Records for the leads, with blanked lead-level fields, duplicated and varied attempts,
    // and varied call values and id types; then shuffled and cut into add() calls.
    const arbRecords = arbTruth.chain((truth) => {
      const perLead = truth.map((l) =>
        fc
          .array(
            fc.record({
              blank: fc.array(fc.constantFrom(null, '', ' '), { minLength: 3, maxLength: 3 }),
              blankMask: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
              call: fc.oneof(
                fc.constant(null),
                fc.integer({ min: 0, max: 12 }),
                fc.integer({ min: 0, max: 12 }).map(String),
              ),
              idAsString: fc.boolean(),
              pick: fc.subarray(l.attempts.map((_, i) => i)),
              sessionAsString: fc.boolean(),
              // Duplicates that differ outside the key: the choice must not depend on order.
              variant: fc.constantFrom(
                'same',
                'blank key_press',
                'null wait_time',
                'other talk_time',
              ),
            }),
            { minLength: 1, maxLength: 4 },
          )
          .map((variants) =>
            variants.map((v): CallRecord => {
              const field = (i: number, value: string | null): string | null =>
                v.blankMask[i] ? (v.blank[i] ?? null) : value;
              const id = v.idAsString ? String(l.id) : l.id;
              return {
                campaign_id: 1,
                campaign_name: field(0, l.fields.campaign_name),
                campaign_lead_id: id,
                ref_id: field(1, l.fields.ref_id),
                phone_number: '0901234567',
                lead_name: field(2, l.fields.lead_name),
                call: v.call,
                data: v.pick.map((i) => {
                  const a = l.attempts[i] as CallAttempt;
                  const b: CallAttempt =
                    v.sessionAsString && typeof a.session === 'number'
                      ? { ...a, session: String(a.session) }
                      : { ...a };
                  if (v.variant === 'blank key_press') b.key_press = '';
                  else if (v.variant === 'null wait_time') b.wait_time = null;
                  else if (v.variant === 'other talk_time') b.talk_time = 999;
                  return b;
                }),
              };
            }),
          ),
      );
      return fc.tuple(...perLead).map((lists) => lists.flat());
    });

    fc.assert(
      fc.property(
        arbRecords,
        fc.array(fc.nat(), { maxLength: 50 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
        (records, shuffleKeys, cuts) => {
          const reference = new RecordMerger();
          reference.add(records);
          const expectedOut = reference.result();

          // Shuffle deterministically from shuffleKeys, then add in chunks.
          const shuffled = records
            .map((r, i) => ({ r, k: shuffleKeys[i % Math.max(1, shuffleKeys.length)] ?? 0, i }))
            .sort((a, b) => a.k - b.k || b.i - a.i)
            .map((x) => x.r);
          const m = new RecordMerger();
          let at = 0;
          let c = 0;
          while (at < shuffled.length) {
            const n = cuts[c++ % cuts.length] ?? 1;
            m.add(shuffled.slice(at, at + n));
            at += n;
          }
          const out = m.result();
          expect(out).toEqual(expectedOut);
          expect(JSON.stringify(out)).toBe(JSON.stringify(expectedOut));
        },
      ),
      { numRuns: 300 },
    );
  });
});
