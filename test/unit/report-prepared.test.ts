/**
 * A report made lead by lead while it is fetched (PreparedReport) writes exactly the bytes
 * writeReport writes for the merged records, whatever the answers, the moments the leads are
 * made in between, and the format.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallAttempt, CallRecord } from '../../src/api/spec.js';
import { attemptFilter } from '../../src/report/fetch.js';
import { RecordMerger } from '../../src/report/merge.js';
import { PreparedReport } from '../../src/report/prepared.js';
import { leadFormat, writeReport, type Sink, type WriteOptions } from '../../src/report/write.js';
import type { FlattenMode, ReportFormat } from '../../src/report/formats.js';

const RANGE = { from: '2026-01-05 00:00:00', to: '2026-01-25 23:59:59' };
const keep = attemptFilter(RANGE);

/**
 * A lead of campaign 1 with one ANSWERED attempt on 2026-01-10 (none when `attempt` is null),
 * with the lead's and the attempt's fields given changed.
 */
function leadRecord(
  id: number,
  lead: Partial<CallRecord> = {},
  attempt: Partial<CallAttempt> | null = {},
): CallRecord {
  return {
    campaign_id: 1,
    campaign_name: 'c',
    campaign_lead_id: id,
    ref_id: '',
    phone_number: '0901234567',
    lead_name: 'Lan',
    call: 1,
    data:
      attempt === null
        ? []
        : [
            {
              session: String(id),
              wait_time: 1,
              talk_time: 2,
              phone_number: '0901234567',
              date_time: '2026-01-10 08:00:00',
              status: 'ANSWERED',
              retry: 0,
              key_press: '',
              ...attempt,
            },
          ],
    ...lead,
  } as unknown as CallRecord;
}

function collect(): Sink & { bytes: () => Buffer } {
  const parts: Buffer[] = [];
  return {
    write: (chunk) => {
      parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
      return Promise.resolve();
    },
    bytes: () => Buffer.concat(parts),
  };
}

const text = fc.oneof(
  fc.constantFrom(
    'Lan',
    'Nguyễn Văn An',
    '',
    ' ',
    '=SUM(A1)',
    'a,b',
    'say "hi"',
    'line\nbreak',
    // 4 bytes of UTF-8 for 2 code units, and a lone surrogate (3 bytes, U+FFFD, for 1)
    'Lan 😀',
    'x\ud800y',
  ),
  fc.string({ maxLength: 6 }),
);
const cell = fc.oneof(text, fc.integer({ min: -5, max: 500 }), fc.constant(null));
const dateTime = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 23 }))
    .map(([d, h]) => `2026-01-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:00:00`),
  fc.constantFrom(null, '2026-01-10T08:30', 'yesterday'),
);
const attempt: fc.Arbitrary<CallAttempt> = fc.record({
  session: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom('s1', 's2', null)),
  wait_time: cell,
  talk_time: cell,
  phone_number: fc.constantFrom('0901234567', '0912345678', null),
  date_time: dateTime,
  status: fc.constantFrom('ANSWERED', 'BUSY', 'NO ANSWER', null),
  retry: cell,
  key_press: cell,
}) as fc.Arbitrary<CallAttempt>;
const record: fc.Arbitrary<CallRecord> = fc
  .record({
    id: fc.oneof(
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 40 }).map(String),
      fc.constantFrom('A-7', '007', '-3', '99999999999999999999'),
    ),
    name: text,
    ref: text,
    call: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant('3'), fc.constant(null)),
    data: fc.array(attempt, { maxLength: 4 }),
    extra: fc.option(text, { nil: undefined }),
  })
  .map(
    ({ id, name, ref, call, data, extra }) =>
      ({
        campaign_id: 1,
        campaign_name: 'Autumn',
        campaign_lead_id: id,
        ref_id: ref,
        phone_number: '0901234567',
        lead_name: name,
        call,
        ...(extra !== undefined ? { region: extra } : {}),
        data,
      }) as unknown as CallRecord,
  );

const FORMATS: Array<[ReportFormat, FlattenMode]> = [
  ['csv', 'attempts'],
  ['csv', 'leads'],
  ['json', 'attempts'],
  ['ndjson', 'attempts'],
  ['xlsx', 'attempts'],
  ['xlsx', 'leads'],
];

async function prepared(
  answers: CallRecord[][],
  pauses: boolean[],
  opts: WriteOptions,
): Promise<{ bytes: Buffer; leads: number; attempts: number }> {
  const p = new PreparedReport(leadFormat(opts)!, keep, 0);
  answers.forEach((a, i) => {
    p.merger.add(a);
    if (pauses[i]) p.makeSoon();
  });
  // Let some background slices run before the end.
  await new Promise((r) => setImmediate(r));
  const totals = await p.finish();
  const sink = collect();
  await p.write(sink);
  return { bytes: sink.bytes(), ...totals };
}

describe('PreparedReport', () => {
  it('writes what writeReport writes for the merged records (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(record, { maxLength: 6 }), { maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.constantFrom(...FORMATS),
        async (answers, pauses, [format, flatten]) => {
          const opts = { format, flatten, colors: undefined as never, columns: 80 };
          const m = new RecordMerger();
          for (const a of answers) m.add(a);
          const records = m.result(keep);
          const sink = collect();
          await writeReport(records, sink, opts);
          const got = await prepared(answers, pauses, opts);
          // Compared as bytes (xlsx is binary); shown as text when they differ.
          if (!got.bytes.equals(sink.bytes()))
            expect(got.bytes.toString('latin1')).toBe(sink.bytes().toString('latin1'));
          expect(got.leads).toBe(records.length);
          expect(got.attempts).toBe(records.reduce((n, r) => n + (r.data?.length ?? 0), 0));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps texts of every size byte for byte: beside the arena chunk, one longer than it, multibyte', async () => {
    // The arena's chunks are 256 KB and a text is put where 3 bytes per code unit fit: texts
    // that end a chunk exactly, that need a chunk of their own, and 3- and 4-byte characters.
    const lead = (id: number, name: string) => leadRecord(id, { lead_name: name });
    const names = [
      'ễ'.repeat(29_000), // ≈ 87 KB of UTF-8, 261 KB reserved: the end of a chunk
      'a'.repeat(90_000), // reserves more than a chunk: measured, a chunk of its own
      'ễ'.repeat(100_000), // 300 KB of UTF-8: longer than a chunk
      '😀'.repeat(40_000),
      'Lan',
    ];
    const records = Array.from({ length: 60 }, (_, i) => lead(i + 1, names[i % names.length]!));
    for (const [format, flatten] of FORMATS.filter(([f]) => f !== 'xlsx')) {
      const opts = { format, flatten, colors: undefined as never, columns: 80 };
      const sink = collect();
      await writeReport(records, sink, opts);
      const got = await prepared([records.slice(0, 25), records.slice(25)], [true, false], opts);
      expect(got.bytes.equals(sink.bytes())).toBe(true);
      expect(got.leads).toBe(60);
    }
  });

  it('packs long texts into the arena as tightly as short ones (no chunk opened early)', async () => {
    // 40 leads of ≈ 70 KB of text each (ASCII): three to a 256 KB chunk. Reserving 3 bytes a
    // character for each would open a chunk for every lead.
    const p = new PreparedReport(leadFormat({ format: 'ndjson', flatten: 'attempts' })!, keep, 0);
    p.merger.add(
      Array.from({ length: 40 }, (_, i) =>
        leadRecord(i + 1, { lead_name: 'x'.repeat(70_000), call: 0 }, null),
      ),
    );
    await p.finish();
    const chunks = (p as unknown as { texts: { chunks: Buffer[] } }).texts.chunks;
    // A text is never cut across chunks: as many whole texts as fit in each.
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(40 / Math.floor((256 * 1024) / 70_200)));
  });

  it('makes a lead again when a later answer adds to it', async () => {
    const a = (id: number, day: string) =>
      leadRecord(id, {}, { session: day, date_time: `2026-01-${day} 10:00:00` });
    const p = new PreparedReport(leadFormat({ format: 'ndjson', flatten: 'attempts' })!, keep, 0);
    p.merger.add([a(2, '06'), a(1, '06')]);
    p.makeSoon();
    await new Promise((r) => setImmediate(r));
    p.merger.add([a(1, '07')]);
    expect(await p.finish()).toEqual({ leads: 2, attempts: 3 });
    const sink = collect();
    await p.write(sink);
    const lines = sink.bytes().toString().trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as CallRecord).campaign_lead_id)).toEqual([1, 2]);
    expect((JSON.parse(lines[0]!) as CallRecord).data).toHaveLength(2);
  });

  it('keeps its texts right across the chunks of its arena, made again and compacted (issue 22 item 10)', async () => {
    // 3,000 leads of ≈ 250 bytes: several chunks of 256 kB; each of five rounds adds an attempt
    // to every lead, so every text is made again and the unused bytes are dropped more than once;
    // one lead's text is longer than a chunk.
    const lead = (id: number, round: number) =>
      leadRecord(
        id,
        {
          campaign_name: 'Thu đông',
          ref_id: `KH-${id}`,
          lead_name: id === 1500 ? 'Nguyễn '.repeat(50_000) : `Nguyễn Văn ${id}`,
          call: round + 1,
        },
        {
          session: `s-${id}-${round}`,
          wait_time: round,
          talk_time: id % 60,
          date_time: `2026-01-${String(10 + round).padStart(2, '0')} 10:00:00`,
          retry: round,
        },
      );
    const rounds = Array.from({ length: 5 }, (_, r) =>
      Array.from({ length: 3000 }, (_, i) => lead(i + 1, r)),
    );
    const opts = { format: 'csv', flatten: 'attempts' } as const;
    const p = new PreparedReport(leadFormat(opts)!, keep, 1000);
    for (const answer of rounds) {
      p.merger.add(answer);
      p.makeSoon();
      // Every lead made before the next answer (a slice of up to a second).
      await new Promise((r) => setImmediate(r));
    }
    const totals = await p.finish();
    const sink = collect();
    await p.write(sink);
    const m = new RecordMerger();
    for (const answer of rounds) m.add(answer);
    const want = collect();
    await writeReport(m.result(keep), want, { ...opts, colors: undefined as never, columns: 80 });
    expect(totals).toEqual({ leads: 3000, attempts: 15_000 });
    expect(sink.bytes().equals(want.bytes())).toBe(true);
  });

  it('writes the empty forms', async () => {
    for (const [format, flatten, want] of [
      ['json', 'attempts', '[]\n'],
      ['ndjson', 'attempts', ''],
      ['csv', 'leads', leadFormat({ format: 'csv', flatten: 'leads' })!.head],
    ] as const) {
      const p = new PreparedReport(leadFormat({ format, flatten })!, keep);
      await p.finish();
      const sink = collect();
      await p.write(sink);
      expect(sink.bytes().toString()).toBe(want);
    }
  });
});
