/**
 * A report larger than its memory budget (issue 22, item 10): the merged leads are spilled to
 * sorted runs in a private temporary folder and merged k-way at the end. The output is byte for
 * byte the in-memory one, whatever the records, the windows they come in and the budget; the
 * folder is 0700 while it lives and gone after success, failure and Ctrl-C. Over real HTTP
 * (a purpose-built report server answering each window with the records the test gives it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacsClient } from '../../src/api/client.js';
import type { CallAttempt, CallRecord } from '../../src/api/spec.js';
import { formatServiceDate } from '../../src/report/dates.js';
import { attemptFilter } from '../../src/report/fetch.js';
import type { FlattenMode, ReportFormat } from '../../src/report/formats.js';
import { RecordMerger } from '../../src/report/merge.js';
import { planReport, prepareReport } from '../../src/report/service.js';
import { leadFormat, writeReport, type Sink } from '../../src/report/write.js';
import { BIN, isolatedEnv, tempDir } from '../helpers/cli.js';

const FROM = '2026-01-05';
const TO = '2026-01-25';
const RANGE = { from: `${FROM} 00:00:00`, to: `${TO} 23:59:59` };
const keep = attemptFilter(RANGE);
const TOKEN = 'spill-token';

// ---------------------------------------------------------------------------------------------
// A report server: the answer of each window (by its start_date) is the test's; a window can be
// held until released, or failed.

interface ReportServer {
  url: string;
  /** Records per window start ('yyyy-mm-dd HH:mm:ss'); a window not listed answers none. */
  answers: Map<string, CallRecord[]>;
  /** Windows whose answer waits for release(start). */
  held: Set<string>;
  /** Windows answered with a list that is not one (a final failure). */
  failing: Set<string>;
  /** Window starts asked, in order. */
  asked: string[];
  release(start: string): void;
  close(): Promise<void>;
}

async function startReportServer(): Promise<ReportServer> {
  const waiting = new Map<string, () => void>();
  const sockets = new Set<Socket>();
  const s: Omit<ReportServer, 'url' | 'close'> = {
    answers: new Map(),
    held: new Set(),
    failing: new Set(),
    asked: [],
    release: (start) => {
      s.held.delete(start);
      const go = waiting.get(start);
      waiting.delete(start);
      go?.();
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { start_date: string };
      const start = body.start_date;
      s.asked.push(start);
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (s.failing.has(start)) {
          res.end(JSON.stringify({ result: 'success', message: 'ok', records: 'nope' }));
          return;
        }
        const records = s.answers.get(start) ?? [];
        res.end(
          JSON.stringify({
            result: 'success',
            message: `Have ${records.length} records found`,
            records,
          }),
        );
      };
      if (s.held.has(start)) waiting.set(start, answer);
      else answer();
    });
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    ...s,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const sock of sockets) sock.destroy();
      }),
  } as ReportServer;
}

// ---------------------------------------------------------------------------------------------
// Random records (as in report-prepared.test.ts), a lead's records spread over the windows.

const text = fc.oneof(
  fc.constantFrom('Lan', 'Nguyễn Văn An', '', ' ', '=SUM(A1)', 'a,b', 'say "hi"', 'line\nbreak'),
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
    ref: fc.oneof(text, fc.constant(null)),
    call: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant('3'), fc.constant(null)),
    // Zero attempts too: a lead in the campaign not called in the window.
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
];

function collect(): Sink & { bytes: () => Buffer } {
  const parts: Buffer[] = [];
  return {
    write: (chunk) => {
      parts.push(Buffer.from(chunk));
      return Promise.resolve();
    },
    bytes: () => Buffer.concat(parts),
  };
}

function windowStarts(windowDays: number): string[] {
  const plan = planReport({ from: FROM, to: TO, windowDays, now: new Date('2026-02-01') });
  return plan.windows.map((w) => formatServiceDate(w.start));
}

const client = (url: string, signal?: AbortSignal) =>
  new CacsClient({ baseUrl: url, token: TOKEN, ...(signal ? { signal } : {}) });

/** prepareReport over the server, written: the bytes, the totals and the runs spilled. */
async function report(
  url: string,
  windowDays: number,
  format: [ReportFormat, FlattenMode],
  memoryBudget: number,
  dir: string,
  signal?: AbortSignal,
) {
  const r = await prepareReport(
    {
      client: client(url, signal),
      campaignKey: 'summer',
      from: FROM,
      to: TO,
      windowDays,
      now: new Date('2026-02-01'),
      memoryBudget,
      tempDir: dir,
      ...(signal ? { signal } : {}),
    },
    leadFormat({ format: format[0], flatten: format[1] })!,
  );
  try {
    const sink = collect();
    await r.write(sink);
    return { bytes: sink.bytes(), leads: r.leads, attempts: r.attempts, spills: r.spills };
  } finally {
    r.dispose();
  }
}

/** Waits (polling the folder) until a spill folder with a run in it appears in dir. */
async function spillFolderIn(dir: string, what: () => string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = fs.readdirSync(dir).find((n) => n.startsWith('cacs-report-'));
    if (found !== undefined && fs.readdirSync(path.join(dir, found)).length > 0)
      return path.join(dir, found);
    if (Date.now() > deadline) throw new Error(`no spill folder in ${dir}: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('report spilled to disk (prepareReport over HTTP)', () => {
  let server: ReportServer;
  beforeAll(async () => {
    server = await startReportServer();
  });
  afterAll(() => server.close());

  it('writes the bytes of the in-memory merge, whatever the records, windows and budget (property); the folder is gone after', async () => {
    const dir = tempDir('cacs-spill-');
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(record, { maxLength: 6 }), { minLength: 1, maxLength: 6 }),
          fc.constantFrom(3, 4, 7, 11, 21),
          fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4000 })),
          fc.constantFrom(...FORMATS),
          async (answers, windowDays, budget, format) => {
            const starts = windowStarts(windowDays);
            server.answers.clear();
            // Answer i goes to window i (mod the windows): a lead's records land in several.
            answers.forEach((a, i) => {
              const start = starts[i % starts.length]!;
              server.answers.set(start, [...(server.answers.get(start) ?? []), ...a]);
            });
            const m = new RecordMerger();
            for (const start of starts) m.add(server.answers.get(start) ?? []);
            const records = m.result(keep);
            const want = collect();
            await writeReport(records, want, {
              format: format[0],
              flatten: format[1],
              colors: undefined as never,
              columns: 80,
            });
            const inMemory = await report(server.url, windowDays, format, Infinity, dir);
            expect(inMemory.spills).toBe(0);
            const spilled = await report(server.url, windowDays, format, budget, dir);
            if (budget === 0 && answers.some((a) => a.length > 0))
              expect(spilled.spills).toBeGreaterThan(0);
            for (const got of [inMemory, spilled]) {
              if (!got.bytes.equals(want.bytes()))
                expect(got.bytes.toString('latin1')).toBe(want.bytes().toString('latin1'));
              expect(got.leads).toBe(records.length);
              expect(got.attempts).toBe(records.reduce((n, r) => n + (r.data?.length ?? 0), 0));
            }
            expect(fs.readdirSync(dir)).toEqual([]);
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  /** 21 one-day windows of a lead each (lead i+1 on day i, and lead 1 every day). */
  function dailyLeads(): string[] {
    const starts = windowStarts(1);
    server.answers.clear();
    server.held.clear();
    server.failing.clear();
    starts.forEach((start, i) => {
      const day = start.slice(0, 10);
      const one = (id: number): CallRecord =>
        ({
          campaign_id: 1,
          campaign_name: 'Autumn',
          campaign_lead_id: id,
          ref_id: `KH-${id}`,
          phone_number: '0901234567',
          lead_name: `Lead ${id}`,
          call: 1,
          data: [
            {
              session: `s-${day}`,
              wait_time: 3,
              talk_time: 20,
              phone_number: '0901234567',
              date_time: `${day} 10:00:00`,
              status: 'ANSWERED',
              retry: 0,
              key_press: '',
            },
          ],
        }) as unknown as CallRecord;
      server.answers.set(start, [one(1), one(i + 2)]);
    });
    return starts;
  }

  it('spills once the merged set is over the budget, and not under it', async () => {
    dailyLeads();
    const dir = tempDir('cacs-spill-');
    try {
      const big = await report(server.url, 1, ['csv', 'attempts'], 1_000_000_000, dir);
      expect(big.spills).toBe(0);
      // A budget of a few records: a run every few answers.
      const small = await report(server.url, 1, ['csv', 'attempts'], 2_000, dir);
      expect(small.spills).toBeGreaterThan(1);
      expect(small.bytes.equals(big.bytes)).toBe(true);
      expect(small.leads).toBe(22);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes the folder when an answer fails after a spill', async () => {
    const starts = dailyLeads();
    const last = starts.at(-1)!;
    server.held.add(last);
    server.failing.add(last);
    const dir = tempDir('cacs-spill-');
    try {
      const run = report(server.url, 1, ['csv', 'attempts'], 0, dir);
      run.catch(() => undefined);
      await spillFolderIn(dir, () => server.asked.join(', '));
      server.release(last);
      await expect(run).rejects.toThrow(/list of records/);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes the folder when the report is aborted after a spill', async () => {
    const starts = dailyLeads();
    const last = starts.at(-1)!;
    server.held.add(last);
    const dir = tempDir('cacs-spill-');
    const controller = new AbortController();
    try {
      const run = report(server.url, 1, ['json', 'attempts'], 0, dir, controller.signal);
      run.catch(() => undefined);
      await spillFolderIn(dir, () => server.asked.join(', '));
      controller.abort();
      await expect(run).rejects.toThrow(/interrupted/);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      server.release(last);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cacs report spilled to disk (the CLI, CACS_REPORT_MEMORY_BUDGET)', () => {
  let server: ReportServer;
  let starts: string[];
  beforeAll(async () => {
    server = await startReportServer();
    starts = windowStarts(1);
    starts.forEach((start, i) => {
      const day = start.slice(0, 10);
      server.answers.set(
        start,
        [1, i + 2, 100 + (i % 3)].map(
          (id) =>
            ({
              campaign_id: 1,
              campaign_name: 'Autumn',
              campaign_lead_id: id,
              ref_id: `KH-${id}`,
              phone_number: '0901234567',
              lead_name: `Nguyễn Văn ${id}`,
              call: 2,
              data: [
                {
                  session: `s-${day}-${id}`,
                  wait_time: 3,
                  talk_time: 20,
                  phone_number: '0901234567',
                  date_time: `${day} 1${i % 10}:00:00`,
                  status: i % 2 ? 'BUSY' : 'ANSWERED',
                  retry: 0,
                  key_press: '',
                },
              ],
            }) as unknown as CallRecord,
        ),
      );
    });
  });
  afterAll(() => server.close());

  function cli(cwd: string, tmp: string, budget: string | undefined) {
    const env = isolatedEnv({
      CACS_BASE_URL: server.url,
      CACS_ACCESS_TOKEN: TOKEN,
      CACS_CAMPAIGN: 'summer',
      TMPDIR: tmp,
      ...(budget !== undefined ? { CACS_REPORT_MEMORY_BUDGET: budget } : {}),
    });
    const child = spawn(
      process.execPath,
      [BIN, 'report', '--from', FROM, '--to', TO, '--window-days', '1', '-o', 'calls.csv'],
      { cwd, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) =>
      child.on('close', (c) => {
        fs.rmSync(env.HOME!, { recursive: true, force: true });
        r(c);
      }),
    );
    return { child, exited, stderr: () => stderr };
  }

  it('writes the same file as in memory; the folder is 0700 while it lives and gone after', async () => {
    const last = starts.at(-1)!;
    const tmp = tempDir('cacs-spill-tmp-');
    const plain = tempDir();
    const spilled = tempDir();
    try {
      const a = cli(plain, tmp, undefined);
      expect(await a.exited, a.stderr()).toBe(0);
      expect(fs.readdirSync(tmp)).toEqual([]);
      server.held.add(last);
      const b = cli(spilled, tmp, '1');
      const folder = await spillFolderIn(tmp, b.stderr);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      for (const f of fs.readdirSync(folder))
        expect(fs.statSync(path.join(folder, f)).mode & 0o777).toBe(0o600);
      server.release(last);
      expect(await b.exited, b.stderr()).toBe(0);
      expect(fs.readFileSync(path.join(spilled, 'calls.csv'))).toEqual(
        fs.readFileSync(path.join(plain, 'calls.csv')),
      );
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      server.release(last);
      for (const d of [tmp, plain, spilled]) fs.rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);

  it('Ctrl-C after a spill: exit 130, no file, the folder removed', async () => {
    const last = starts.at(-1)!;
    const tmp = tempDir('cacs-spill-tmp-');
    const cwd = tempDir();
    try {
      server.held.add(last);
      const run = cli(cwd, tmp, '1');
      await spillFolderIn(tmp, run.stderr);
      run.child.kill('SIGINT');
      expect(await run.exited, run.stderr()).toBe(130);
      expect(fs.readdirSync(cwd)).toEqual([]);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      server.release(last);
      for (const d of [tmp, cwd]) fs.rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);

  it('a failed answer after a spill: exit 1, no file, the folder removed', async () => {
    const last = starts.at(-1)!;
    const tmp = tempDir('cacs-spill-tmp-');
    const cwd = tempDir();
    try {
      server.held.add(last);
      server.failing.add(last);
      const run = cli(cwd, tmp, '1');
      await spillFolderIn(tmp, run.stderr);
      server.release(last);
      expect(await run.exited, run.stderr()).toBe(1);
      expect(run.stderr()).toMatch(/list of records/);
      expect(fs.readdirSync(cwd)).toEqual([]);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      server.failing.delete(last);
      server.release(last);
      for (const d of [tmp, cwd]) fs.rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);
});
