/** `cacs report` in-process, over real HTTP against the emulator. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAttempts, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { formatServiceTime } from '../../src/emulator/generator.js';
// DESIGN.md's exact CSV columns, written out so a change in the code cannot pass unnoticed.
const ATTEMPT_HEADER =
  'campaign_id,campaign_name,campaign_lead_id,ref_id,phone_number,lead_name,call,session,wait_time,talk_time,called_number,date_time,status,retry,key_press';
const LEAD_HEADER =
  'campaign_id,campaign_name,campaign_lead_id,ref_id,phone_number,lead_name,call,attempts,last_status,last_date_time,total_talk_time';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { json as jsonReply, startScriptedServer } from '../helpers/servers.js';

// 2026-11-21 10:00 in Ho Chi Minh City.
const NOW = new Date('2026-11-21T03:00:00Z');
const DAY = 86_400_000;
/** Lead i imported at 09:00 (UTC+7) on day i after 2026-08-01. */
const importedAt = (i: number) => new Date(Date.UTC(2026, 7, 1, 2, 0, 0) + i * DAY);

function env(emu: { url: string }, extra: Record<string, string> = {}) {
  return isolatedEnv({
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    ...extra,
  });
}

async function seeded(opts: Parameters<typeof startEmulator>[0] = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, seed: 3, ...opts });
  for (let i = 0; i < 110; i++) {
    emu.store.addLead(
      'summer',
      { phone_number: `09${String(10000000 + i)}`, name: `Khách ${i}`, ref_id: `KH-${i}` },
      importedAt(i),
    );
  }
  emu.store.addLead(
    'summer',
    { phone_number: '0900000001', name: '=HYPERLINK("http://x","y")', ref_id: 'EVIL' },
    importedAt(5),
  );
  return emu;
}

describe('cacs report', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await seeded();
  });
  afterAll(() => emu.close());

  it('splits 100 days into gap-free windows, includes the end day, and lists each attempt once', async () => {
    emu.store.reportRequests.length = 0;
    const r = await runCli(
      ['report', '--from', '2026-08-01', '--to', '2026-11-08', '--format', 'json'],
      { env: env(emu), now: () => NOW },
    );
    expect(r.stderr).toMatch(/4 requests/);
    expect(r.code).toBe(0);
    const bodies = emu.store.reportRequests.map(
      (q) => q.body as { start_date: string; end_date: string },
    );
    expect(bodies.map((b) => [b.start_date, b.end_date]).sort()).toEqual([
      ['2026-08-01 00:00:00', '2026-08-31 23:59:59'],
      ['2026-09-01 00:00:00', '2026-10-01 23:59:59'],
      ['2026-10-02 00:00:00', '2026-11-01 23:59:59'],
      ['2026-11-02 00:00:00', '2026-11-08 23:59:59'],
    ]);
    const records = JSON.parse(r.stdout) as Array<{
      campaign_lead_id: number;
      data: Array<{ date_time: string; session: string }>;
    }>;
    // Expected: every generated attempt dated inside the range, per lead.
    const expected = new Map<number, string[]>();
    for (const lead of emu.store.leads('summer')) {
      const times = generateAttempts(
        3,
        1,
        lead.campaign_lead_id,
        lead.importedAt,
        lead.lead.phone_number,
      )
        .map((a) => a.entry.date_time)
        .filter((t) => t >= '2026-08-01 00:00:00' && t <= '2026-11-08 23:59:59');
      if (times.length) expected.set(lead.campaign_lead_id, times.sort());
    }
    expect(
      new Map(records.map((x) => [x.campaign_lead_id, x.data.map((a) => a.date_time)])),
    ).toEqual(expected);
    expect(records.map((x) => x.campaign_lead_id)).toEqual(
      [...expected.keys()].sort((a, b) => a - b),
    );
    const lastDay = records
      .flatMap((x) => x.data)
      .filter((a) => a.date_time.startsWith('2026-11-08'));
    expect(lastDay.length).toBeGreaterThan(0);
  });

  it('gives byte-identical output whether the service returns window attempts or all attempts', async () => {
    const all = await seeded({ attemptsStyle: 'all' });
    try {
      const args = [
        'report',
        '--from',
        '2026-08-10',
        '--to',
        '2026-10-20',
        '--format',
        'csv',
        '--window-days',
        '7',
      ];
      const a = await runCli(args, { env: env(emu), now: () => NOW });
      const b = await runCli(args, { env: env(all), now: () => NOW });
      expect(a.code).toBe(0);
      expect(b.stdout).toBe(a.stdout);
      const again = await runCli(args, { env: env(emu), now: () => NOW });
      expect(again.stdout).toBe(a.stdout);
    } finally {
      await all.close();
    }
  });

  it('splits a status list over 40 characters on commas only, keeping "NO ANSWER"', async () => {
    emu.store.reportRequests.length = 0;
    const status = 'ANSWERED,NO ANSWER,BUSY,FAILED,CONGESTION';
    expect(status.length).toBe(41);
    const r = await runCli(
      [
        'report',
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-20',
        '--status',
        status,
        '--format',
        'ndjson',
      ],
      { env: env(emu), now: () => NOW },
    );
    expect(r.code).toBe(0);
    const sent = emu.store.reportRequests.map((q) => (q.body as { status: string }).status);
    expect(sent).toHaveLength(2);
    for (const s of sent) expect(s.length).toBeLessThanOrEqual(40);
    expect(sent.join(',').split(',').sort()).toEqual([
      'ANSWERED',
      'BUSY',
      'CONGESTION',
      'FAILED',
      'NO ANSWER',
    ]);
    const only = await runCli(
      [
        'report',
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-20',
        '--status',
        'NO ANSWER',
        '--format',
        'ndjson',
      ],
      { env: env(emu), now: () => NOW },
    );
    const statuses = new Set(
      only.stdout
        .trim()
        .split('\n')
        .flatMap((l) =>
          (JSON.parse(l) as { data: Array<{ status: string }> }).data.map((a) => a.status),
        ),
    );
    expect([...statuses]).toEqual(['NO ANSWER']);
  });

  it('finds one lead by ref_id, and treats "Data is not found" as an empty result (exit 0)', async () => {
    const found = await runCli(
      [
        'report',
        '--from',
        '2026-08-01',
        '--to',
        '2026-08-31',
        '--ref-id',
        'KH-3',
        '--format',
        'json',
      ],
      { env: env(emu), now: () => NOW },
    );
    expect(found.code).toBe(0);
    expect((JSON.parse(found.stdout) as Array<{ ref_id: string }>).map((x) => x.ref_id)).toEqual([
      'KH-3',
    ]);
    const missing = await runCli(
      [
        'report',
        '--from',
        '2026-08-01',
        '--to',
        '2026-08-31',
        '--ref-id',
        'NOPE',
        '--format',
        'json',
      ],
      { env: env(emu), now: () => NOW },
    );
    expect(missing.code).toBe(0);
    expect(missing.stdout).toBe('[]\n');
    expect(missing.stderr).toContain('note: the service has no data for ref_id NOPE in this range');
  });

  it('writes CSV with the exact attempt and lead columns, neutralising formulas (JSON stays exact)', async () => {
    const dir = tempDir();
    const r = await runCli(
      ['report', '--from', '2026-08-01', '--to', '2026-08-10', '-o', 'calls.csv'],
      { env: env(emu), cwd: dir, now: () => NOW },
    );
    expect(r.code).toBe(0);
    const csv = fs.readFileSync(path.join(dir, 'calls.csv'), 'utf8');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toBe(ATTEMPT_HEADER);
    expect(rows.length).toBeGreaterThan(10);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
    const leads = await runCli(
      [
        'report',
        '--from',
        '2026-08-01',
        '--to',
        '2026-08-10',
        '--format',
        'csv',
        '--flatten',
        'leads',
      ],
      { env: env(emu), now: () => NOW },
    );
    expect(leads.stdout.split('\n')[0]).toBe(LEAD_HEADER);
    const json = await runCli(
      [
        'report',
        '--from',
        '2026-08-01',
        '--to',
        '2026-08-10',
        '--ref-id',
        'EVIL',
        '--format',
        'json',
      ],
      { env: env(emu), now: () => NOW },
    );
    expect(JSON.parse(json.stdout)[0].lead_name).toBe('=HYPERLINK("http://x","y")');
  });

  it('picks the format from -o, else a table on a terminal, else JSON', async () => {
    const dir = tempDir();
    await runCli(['report', '--from', '2026-08-01', '--to', '2026-08-03', '-o', 'out.ndjson'], {
      env: env(emu),
      cwd: dir,
      now: () => NOW,
    });
    const nd = fs.readFileSync(path.join(dir, 'out.ndjson'), 'utf8').trim().split('\n');
    expect(nd.every((l) => typeof JSON.parse(l).campaign_lead_id === 'number')).toBe(true);
    const tty = await runCli(['report', '--from', '2026-08-01', '--to', '2026-08-03'], {
      env: env(emu, { NO_COLOR: '1' }),
      tty: true,
      now: () => NOW,
    });
    expect(tty.stdout.split('\n')[0]).toMatch(
      /^LEAD\s+REF ID\s+PHONE\s+NAME\s+DATE\/TIME\s+STATUS\s+WAIT\s+TALK$/,
    );
    expect(Math.max(...tty.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(80);
    // The counts are said once, on stderr with the range line, not in the table too.
    expect(tty.stdout).not.toMatch(/leads?, \d+ (call )?attempts?/);
    expect(tty.stderr).toMatch(/\d+ leads, \d+ attempts/);
    const pipe = await runCli(['report', '--from', '2026-08-01', '--to', '2026-08-03'], {
      env: env(emu),
      now: () => NOW,
    });
    expect(Array.isArray(JSON.parse(pipe.stdout))).toBe(true);
  });

  it('colours statuses in the table only when colour is on', async () => {
    const on = await runCli(
      ['report', '--from', '2026-08-01', '--to', '2026-08-05', '--format', 'table'],
      { env: env(emu, { FORCE_COLOR: '1' }), now: () => NOW },
    );
    expect(on.stdout).toMatch(/\u001b\[3[123]m(ANSWERED|NO ANSWER|BUSY|FAILED)/);
    const off = await runCli(
      ['report', '--from', '2026-08-01', '--to', '2026-08-05', '--format', 'table', '--no-color'],
      { env: env(emu, { FORCE_COLOR: '1' }), now: () => NOW },
    );
    expect(off.stdout).not.toMatch(/\u001b\[/);
  });

  it('computes relative dates in the service zone with a fixed clock', async () => {
    emu.store.reportRequests.length = 0;
    // 2026-11-21 20:00 UTC is already 2026-11-22 03:00 in Ho Chi Minh City.
    const late = () => new Date('2026-11-21T20:00:00Z');
    const r = await runCli(['report', '--from', '7d', '--to', 'yesterday', '--format', 'json'], {
      env: env(emu),
      now: late,
    });
    expect(r.code).toBe(0);
    expect(emu.store.reportRequests.map((q) => q.body)).toEqual([
      expect.objectContaining({
        start_date: '2026-11-15 00:00:00',
        end_date: '2026-11-21 23:59:59',
      }),
    ]);
    emu.store.reportRequests.length = 0;
    await runCli(['report', '--from', 'today', '--tz', 'UTC', '--format', 'json'], {
      env: env(emu),
      now: late,
    });
    // Today in UTC (2026-11-21 00:00Z) to now, on the service's clock (UTC+7).
    expect(emu.store.reportRequests[0]?.body).toEqual(
      expect.objectContaining({
        start_date: '2026-11-21 07:00:00',
        end_date: '2026-11-22 03:00:00',
      }),
    );
  });

  it.each([
    [['--to', 'today'], '--from is required'],
    [['--from', '2026-02-30'], '--from "2026-02-30": no such date'],
    [['--from', 'last week'], '--from "last week": not a date or time cacs understands'],
    [['--from', '2026-11-10', '--to', '2026-11-01'], 'is later than --to'],
    [
      ['--from', 'today', '--tz', 'Mars/Base'],
      "option '--tz <zone>' argument 'Mars/Base' is invalid. unknown time zone",
    ],
    [
      ['--from', 'today', '--ref-id', 'K'.repeat(33)],
      "is invalid. at most 32 characters (the service's limit)",
    ],
    [['--from', 'today', '--status', 'X'.repeat(41)], 'longer than 40 characters'],
    [
      ['--from', 'today', '--window-days', '32'],
      "option '--window-days <n>' argument '32' is invalid",
    ],
  ])('%j → exit 2 before any request', async (args, message) => {
    emu.store.reportRequests.length = 0;
    const r = await runCli(['report', ...args], { env: env(emu), now: () => NOW });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(emu.store.reportRequests).toHaveLength(0);
  });

  it.each([
    [{ CACS_ACCESS_TOKEN: 'wrong' }, 4, 'the service refused the access token'],
    [{ CACS_CAMPAIGN: 'winter' }, 4, 'Parameter #campaign_key# does not match'],
  ])('service refusal %j → exit %i', async (extra, code, message) => {
    const r = await runCli(['report', '--from', 'today'], { env: env(emu, extra), now: () => NOW });
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});

describe('cacs report failures', () => {
  it('leaves no output file when the service fails mid-way', async () => {
    const s = await startScriptedServer([
      jsonReply(200, { result: 'success', message: 'Have 0 records found', records: [] }),
      jsonReply(200, {
        result: 'error',
        message: 'Header #access_token# does not match. Please check it again',
      }),
    ]);
    const dir = tempDir();
    try {
      const r = await runCli(
        [
          'report',
          '--from',
          '2026-01-01',
          '--to',
          '2026-03-31',
          '--concurrency',
          '1',
          '-o',
          'calls.csv',
        ],
        {
          env: isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' }),
          cwd: dir,
          now: () => NOW,
        },
      );
      expect(r.code).toBe(4);
      expect(s.seen.length).toBeGreaterThanOrEqual(2);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  // Review, session 17: a window answered "Data is not found with <another ref_id>" was taken as
  // empty, so the report was written without that window's calls, exit 0.
  it('"Data is not found" about another ref_id than asked: exit 1 naming the window, nothing written', async () => {
    for (const [refId, echoed] of [
      [undefined, 'OTHER'],
      ['KH1', 'OTHER'],
    ] as const) {
      const s = await startScriptedServer([
        jsonReply(200, { result: 'success', message: 'Have 0 records found', records: [] }),
        jsonReply(200, {
          result: 'error',
          message: `Data is not found with ${echoed}. Please check it again`,
        }),
      ]);
      const dir = tempDir();
      try {
        const r = await runCli(
          [
            'report',
            '--from',
            '2026-01-01',
            '--to',
            '2026-01-02',
            '--window-days',
            '1',
            '--concurrency',
            '1',
            ...(refId ? ['--ref-id', refId] : []),
            '-o',
            'calls.csv',
          ],
          {
            env: isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' }),
            cwd: dir,
            now: () => NOW,
          },
        );
        expect(r.code, String(refId)).toBe(1);
        expect(r.stderr).toContain(
          `the service's answer for 2026-01-02 00:00:00 → 2026-01-02 23:59:59 is "Data is not found with ${echoed}. Please check it again", about another ref_id than the one asked (${refId ?? 'none'})`,
        );
        expect(fs.readdirSync(dir)).toEqual([]);
      } finally {
        await s.close();
      }
    }
  });

  // Review, session 22: records of another ref_id than --ref-id were written without a word.
  it('--ref-id answered with a record of another ref_id: exit 1 naming it, nothing written', async () => {
    const rec = (id: number, ref: unknown) => ({
      campaign_id: 1,
      campaign_name: 'C',
      campaign_lead_id: id,
      ref_id: ref,
      phone_number: `091234567${id}`,
      lead_name: 'x',
      call: 1,
      data: [{ session: `s${id}`, date_time: '2026-01-01 10:00:00', status: 'ANSWERED' }],
    });
    const answer = (records: unknown[]) =>
      jsonReply(200, {
        result: 'success',
        message: `Have ${records.length} records found`,
        records,
      });
    const run = async (records: unknown[], refId = 'R1') => {
      const s = await startScriptedServer([answer(records)]);
      const dir = tempDir();
      try {
        const r = await runCli(
          ['report', '--from', '2026-01-01', '--to', '2026-01-01', '--ref-id', refId].concat([
            '-o',
            'calls.csv',
          ]),
          {
            env: isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' }),
            cwd: dir,
            now: () => NOW,
          },
        );
        return { ...r, files: fs.readdirSync(dir) };
      } finally {
        await s.close();
      }
    };
    const bad = await run([rec(1, 'R1'), rec(2, 'R2')]);
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stderr).toContain(
      'lists a lead of another ref_id ("R2") than the one asked ("R1"): another customer\'s data',
    );
    expect(bad.files).toEqual([]);
    // The ref_id as asked, trimmed or in other case, is the lead asked about.
    const good = await run([rec(1, 'R1'), rec(3, ' r1 ')]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.files).toEqual(['calls.csv']);
    // A record without a ref_id is not the lead asked about either: said as "none".
    const none = await run([rec(1, 'R1'), rec(4, null)]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('lists a lead of another ref_id (none) than the one asked');
    // A ref_id the service writes as a JSON number (read as a double): compared as one.
    const numeric = await run([rec(5, Number('12345678901234567890'))], '12345678901234567890');
    expect(numeric.code, numeric.stderr).toBe(0);
  });

  it('"Data is not found with ." without --ref-id: an empty range, said on stderr (exit 0)', async () => {
    const s = await startScriptedServer([
      jsonReply(200, { result: 'success', message: 'Have 0 records found', records: [] }),
      jsonReply(200, {
        result: 'error',
        message: 'Data is not found with . Please check it again',
      }),
    ]);
    try {
      const r = await runCli(
        [
          'report',
          '--from',
          '2026-01-01',
          '--to',
          '2026-01-02',
          '--window-days',
          '1',
          '--concurrency',
          '1',
          '--format',
          'json',
        ],
        {
          env: isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' }),
          now: () => NOW,
        },
      );
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('[]\n');
      expect(r.stderr).toContain(
        'note: the service answered "Data is not found" to 1 request (no ref_id asked): taken as no call attempt in its range',
      );
    } finally {
      await s.close();
    }
  });

  it('halves a window the service calls "Over 31 days" and asks again', async () => {
    const s = await startScriptedServer([
      jsonReply(200, { result: 'error', message: 'Invalid time. Over 31 days' }),
      jsonReply(200, { result: 'success', message: 'Have 0 records found', records: [] }),
    ]);
    try {
      const r = await runCli(
        [
          'report',
          '--from',
          '2026-01-01',
          '--to',
          '2026-01-31',
          '--concurrency',
          '1',
          '--format',
          'json',
        ],
        {
          env: isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' }),
          now: () => NOW,
        },
      );
      expect(r.code).toBe(0);
      const windows = s.seen.map(
        (q) => JSON.parse(q.body) as { start_date: string; end_date: string },
      );
      expect(windows.map((w) => [w.start_date, w.end_date])).toEqual([
        ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
        ['2026-01-01 00:00:00', '2026-01-16 23:59:59'],
        ['2026-01-17 00:00:00', '2026-01-31 23:59:59'],
      ]);
    } finally {
      await s.close();
    }
  });

  it('keeps attempts whose date_time uses a T separator (the spec leaves the format open)', async () => {
    const attempt = (date_time: string, session: string) => ({
      session,
      wait_time: 1,
      talk_time: 2,
      phone_number: '0912345678',
      date_time,
      status: 'ANSWERED',
      retry: 0,
      key_press: '',
    });
    const s = await startScriptedServer([
      jsonReply(200, {
        result: 'success',
        message: 'Have 1 records found',
        records: [
          {
            campaign_id: 1,
            campaign_name: 'c',
            campaign_lead_id: 7,
            ref_id: '',
            phone_number: '0912345678',
            lead_name: 'An',
            call: 2,
            data: [
              attempt('2026-11-20 09:00:00', 'a'),
              attempt('2026-11-20T10:00:00', 'b'),
              attempt('2026-11-21 10:00:00', 'c'),
            ],
          },
        ],
      }),
    ]);
    try {
      const r = await runCli(
        ['report', '--from', '2026-11-20', '--to', '2026-11-20', '--format', 'ndjson'],
        {
          env: isolatedEnv({
            CACS_BASE_URL: s.url,
            CACS_ACCESS_TOKEN: 'token-1',
            CACS_CAMPAIGN: 'c',
          }),
          now: () => NOW,
        },
      );
      expect(r.code).toBe(0);
      const rec = JSON.parse(r.stdout) as { data: Array<{ session: string; date_time: string }> };
      expect(rec.data.map((a) => [a.session, a.date_time])).toEqual([
        ['a', '2026-11-20 09:00:00'],
        ['b', '2026-11-20T10:00:00'],
      ]);
    } finally {
      await s.close();
    }
  });

  it('checks the -o folder before any request (exit 2)', async () => {
    const s = await startScriptedServer([
      jsonReply(200, { result: 'success', message: 'Have 0 records found', records: [] }),
    ]);
    try {
      const r = await runCli(['report', '--from', 'today', '-o', 'nodir/x.csv'], {
        env: isolatedEnv({
          CACS_BASE_URL: s.url,
          CACS_ACCESS_TOKEN: 'token-1',
          CACS_CAMPAIGN: 'c',
        }),
        now: () => NOW,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /-o nodir\/x\.csv: the folder .*nodir does not exist or cannot be written/,
      );
      expect(s.seen).toHaveLength(0);
    } finally {
      await s.close();
    }
  });

  it('exits 1 when the service cannot be reached', async () => {
    const r = await runCli(['--timeout', '500', 'report', '--from', 'today', '--format', 'json'], {
      env: isolatedEnv({
        CACS_BASE_URL: 'http://127.0.0.1:1',
        CACS_ACCESS_TOKEN: 't',
        CACS_CAMPAIGN: 'c',
      }),
      now: () => NOW,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /cannot reach 127\.0\.0\.1:1: connection refused \(gave up after \d attempts\)/,
    );
  }, 120_000);
});

describe('cacs report: zones and fresh imports (issue 14)', () => {
  it('--tz Europe/Paris --from today includes a call made at 23:00 Vietnam time today', async () => {
    // 2026-11-23 23:30 in Ho Chi Minh City, 17:30 in Paris.
    const now = () => new Date('2026-11-23T16:30:00Z');
    const emu = await startEmulator({ port: 0, seed: 3, now });
    try {
      // Imported, and called, at 23:00:00 in Vietnam (17:00 in Paris).
      const late = emu.store.addLead(
        'summer',
        { phone_number: '0912345678', name: 'Late call', ref_id: 'LATE' },
        new Date('2026-11-23T16:00:00Z'),
      );
      const r = await runCli(
        ['report', '--from', 'today', '--tz', 'Europe/Paris', '--format', 'json'],
        { env: env(emu), now },
      );
      expect(r.code).toBe(0);
      // Paris's today, 00:00 → 17:30, is 06:00 → 23:30 on the service's clock.
      expect(emu.store.reportRequests.map((q) => q.body)).toEqual([
        expect.objectContaining({
          start_date: '2026-11-23 06:00:00',
          end_date: '2026-11-23 23:30:00',
        }),
      ]);
      const records = JSON.parse(r.stdout) as Array<{
        campaign_lead_id: number;
        data: Array<{ date_time: string }>;
      }>;
      expect(records.map((x) => x.campaign_lead_id)).toEqual([late.campaign_lead_id]);
      expect(records[0]?.data[0]?.date_time).toBe('2026-11-23 23:00:00');
      expect(r.stderr).toContain(
        'range: 2026-11-23 00:00:00 → 2026-11-23 17:30:00 Europe/Paris (service: 2026-11-23 06:00:00 → 2026-11-23 23:30:00 Asia/Ho_Chi_Minh)',
      );
    } finally {
      await emu.close();
    }
  });

  it('reads --tz from the config and serviceTimezone from a profile', async () => {
    const now = () => new Date('2026-11-23T16:30:00Z');
    const emu = await startEmulator({ port: 0, now });
    try {
      const cwd = tempDir();
      fs.writeFileSync(
        path.join(cwd, '.cacsrc.yaml'),
        'timezone: Europe/Paris\nprofiles:\n  utc:\n    serviceTimezone: UTC\n',
      );
      const paris = await runCli(['report', '--from', 'today', '--format', 'json'], {
        env: env(emu),
        cwd,
        now,
      });
      expect(paris.code).toBe(0);
      expect(paris.stderr).toContain(
        '(service: 2026-11-23 06:00:00 → 2026-11-23 23:30:00 Asia/Ho_Chi_Minh)',
      );
      const utc = await runCli(
        ['report', '--from', 'today', '--profile', 'utc', '--format', 'json'],
        {
          env: env(emu),
          cwd,
          now,
        },
      );
      expect(utc.code).toBe(0);
      expect(utc.stderr).toContain('(service: 2026-11-22 23:00:00 → 2026-11-23 16:30:00 UTC)');
    } finally {
      await emu.close();
    }
  });

  it('import, then report --from today at once, shows the imported leads', async () => {
    // The real clock: the first call is placed in the second of the import.
    const emu = await startEmulator({ port: 0, seed: 4 });
    try {
      const cwd = tempDir();
      fs.writeFileSync(
        path.join(cwd, 'leads.csv'),
        'phone_number,name,ref_id\n0912345678,An,KH-1\n0987654312,Bình,KH-2\n0903456789,Cường,KH-3\n',
      );
      const e = env(emu);
      const imported = await runCli(['import', path.join(cwd, 'leads.csv')], { env: e, cwd });
      expect(imported.code).toBe(0);
      for (const from of ['today', '1d']) {
        const r = await runCli(['report', '--from', from, '--format', 'json'], { env: e, cwd });
        expect(r.code).toBe(0);
        const records = JSON.parse(r.stdout) as Array<{ ref_id: string; data: unknown[] }>;
        // Unless the day turned over in Vietnam between the two commands.
        const vnDay = (t: Date) => formatServiceTime(t.getTime()).slice(0, 10);
        const dayTurned =
          from === 'today' && vnDay(emu.store.received[0]!.at) !== vnDay(new Date());
        if (!dayTurned)
          expect(records.map((x) => x.ref_id).sort()).toEqual(['KH-1', 'KH-2', 'KH-3']);
        for (const x of records) expect(x.data.length).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await emu.close();
    }
  });
});

describe('cacs report -o never replaces a lead file or a list an import recorded (operator walk)', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 5 });
  });
  afterAll(() => emu.close());

  it('refuses (exit 2) the input and the lists of a run in the history; replaces any other file', async () => {
    const e = env(emu);
    const cwd = tempDir('cacs-report-guard-');
    const leads = 'phone,name\n0914000001,An\n0914000002,Bình\nabc,Chi\n';
    fs.writeFileSync(path.join(cwd, 'g.csv'), leads);
    expect((await runCli(['import', 'g.csv'], { env: e, cwd })).code).toBe(3);
    const rejects = fs.readFileSync(path.join(cwd, 'g.csv.rejects.csv'), 'utf8');
    // A hard link names the same file: refused too.
    fs.linkSync(path.join(cwd, 'g.csv'), path.join(cwd, 'same.csv'));
    const report = (...more: string[]) =>
      runCli(['report', '--from', 'today', '--to', 'today', ...more], { env: e, cwd });
    for (const [target, said] of [
      ['g.csv', 'is the lead file that run'],
      ['same.csv', 'is the lead file that run'],
      ['g.csv.rejects.csv', 'is the rejects list of run'],
    ] as const) {
      const r = await report('-o', target);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`-o ${target}: ${said} `);
      expect(r.stderr).toMatch(/the report would replace it\nWrite the report to another file/);
      expect(emu.store.reportRequests).toHaveLength(0);
    }
    expect(fs.readFileSync(path.join(cwd, 'g.csv'), 'utf8')).toBe(leads);
    expect(fs.readFileSync(path.join(cwd, 'g.csv.rejects.csv'), 'utf8')).toBe(rejects);
    const vi = await report('-o', 'g.csv', '--lang', 'vi');
    expect(vi.stderr).toContain('là tệp khách hàng mà lượt chạy');
    // The outcomes paths too: a recycle list never replaces a run's list.
    const recycle = await report('--recycle', '-o', 'g.csv.rejects.csv');
    expect(recycle.code).toBe(2);
    expect(recycle.stderr).toContain('-o g.csv.rejects.csv: is the rejects list of run');
    // A recycle list is itself a lead file: it may replace one a run imported (the README's
    // round loop: recycle to round2.csv, import it, recycle to round2.csv again).
    fs.writeFileSync(path.join(cwd, 'round2.csv'), 'phone\n0914000005\n');
    expect((await runCli(['import', 'round2.csv'], { env: e, cwd })).code).toBe(0);
    expect((await report('-o', 'round2.csv')).code).toBe(2);
    expect((await report('--recycle', '-o', 'round2.csv')).code).toBe(0);
    // A stdin import's input is named "stdin": a file of that name is no lead file of it.
    const viaStdin = await runCli(['import', '-'], { env: e, cwd, stdin: 'phone\n0914000009\n' });
    expect(viaStdin.code).toBe(0);
    fs.writeFileSync(path.join(cwd, 'stdin'), 'mine\n');
    expect((await report('-o', 'stdin', '--format', 'csv')).code).toBe(0);
    // Any other file is replaced, as -o says: a report written before, or a file of one's own.
    fs.writeFileSync(path.join(cwd, 'mine.csv'), 'x\n');
    for (const target of ['mine.csv', 'mine.csv']) {
      const r = await report('-o', target);
      expect(r.code).toBe(0);
      expect(fs.readFileSync(path.join(cwd, target), 'utf8')).toMatch(/^campaign_id,/);
    }
  });

  it("refuses (exit 2) a lead file only a dry run checked, and that dry run's lists (review, session 21)", async () => {
    const e = env(emu);
    const cwd = tempDir('cacs-report-guard-dry-');
    const leads = 'phone,name\n0914000101,An\n12,Bad\n';
    fs.writeFileSync(path.join(cwd, 'dr.csv'), leads);
    expect((await runCli(['import', 'dr.csv', '--dry-run'], { env: e, cwd })).code).toBe(3);
    const rejects = fs.readFileSync(path.join(cwd, 'dr.csv.rejects.csv'), 'utf8');
    const asked = emu.store.reportRequests.length;
    const report = (...more: string[]) =>
      runCli(['report', '--from', 'today', '--to', 'today', ...more], { env: e, cwd });
    for (const [target, said] of [
      [
        'dr.csv',
        `is a lead file an import checked (its list: ${path.join(cwd, 'dr.csv.rejects.csv')})`,
      ],
      ['dr.csv.rejects.csv', `is a list of rows an import wrote for ${path.join(cwd, 'dr.csv')}`],
    ] as const) {
      const r = await report('-o', target);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`-o ${target}: ${said}; the report would replace it`);
      expect(r.stderr).toContain('Write the report to another file.');
    }
    const vi = await report('-o', 'dr.csv', '--lang', 'vi');
    expect(vi.stderr).toContain('là tệp khách hàng mà một lượt nhập đã kiểm tra');
    expect(fs.readFileSync(path.join(cwd, 'dr.csv'), 'utf8')).toBe(leads);
    expect(fs.readFileSync(path.join(cwd, 'dr.csv.rejects.csv'), 'utf8')).toBe(rejects);
    expect(emu.store.reportRequests).toHaveLength(asked);
    // A recycle list may replace a lead file (the round loop), never a list.
    expect((await report('--recycle', '-o', 'dr.csv.rejects.csv')).code).toBe(2);
    expect((await report('--recycle', '-o', 'dr.csv')).code).toBe(0);
    // The list saved again by Excel (UTF-16 with tabs, a sep= line, capitals and spaces): still
    // the list, its lead file still refused.
    const list = path.join(cwd, 'dr.csv.rejects.csv');
    const leadFile = fs.readFileSync(path.join(cwd, 'dr.csv'), 'utf8');
    const rows = rejects
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split(/\r?\n/);
    for (const saved of [
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(rows.join('\r\n').replaceAll(',', '\t'), 'utf16le'),
      ]),
      Buffer.from(`sep=;\r\n${rows.join('\r\n').replaceAll(',', ';')}`),
      Buffer.from(
        `Line, Code, Reason${rows
          .slice(1)
          .map((r) => `\n${r}`)
          .join('')}`,
      ),
    ]) {
      fs.writeFileSync(list, saved);
      const r = await report('-o', 'dr.csv');
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('is a lead file an import checked');
    }
    expect(fs.readFileSync(path.join(cwd, 'dr.csv'), 'utf8')).toBe(leadFile);
    // A list removed since protects nothing: a report written at its name is replaced the next
    // day like any report, and the lead file it was written for is no longer held by it.
    fs.rmSync(path.join(cwd, 'dr.csv.rejects.csv'));
    for (let day = 0; day < 2; day++) {
      const r = await report('-o', 'dr.csv.rejects.csv');
      expect(r.code, r.stderr).toBe(0);
    }
    expect((await report('-o', 'dr.csv')).code).toBe(0);
  });

  it('refuses (exit 2) -o, --html and --rejects in the state folder, by any name (review, session 19)', async () => {
    // A report to <state>/erasures/erased.jsonl replaced the erasures (an erased number was
    // imported again); one to <state>/ledgers/secret made every ledger unreadable.
    const cwd = tempDir('cacs-report-state-');
    const state = path.join(cwd, 'state');
    const e = env(emu, { CACS_STATE_DIR: state });
    fs.writeFileSync(path.join(cwd, 'g.csv'), 'phone,name\n0914000011,An\nabc,Chi\n');
    expect((await runCli(['import', 'g.csv'], { env: e, cwd })).code).toBe(3);
    expect((await runCli(['forget', '0914000011'], { env: e, cwd })).code).toBe(0);
    const kept = new Map(
      ['ledgers/secret', 'erasures/erased.jsonl'].map((f) => {
        const file = path.join(state, f);
        return [file, fs.readFileSync(file)] as const;
      }),
    );
    // A symlink outside the state folder that points into it, and a new name in the folder.
    fs.symlinkSync(path.join(state, 'ledgers'), path.join(cwd, 'elsewhere'));
    // A link to a file not there yet in the state folder (a write would make it).
    fs.symlinkSync(path.join(state, 'ledgers', 'new.csv'), path.join(cwd, 'dangling.csv'));
    const requests = emu.store.reportRequests.length;
    for (const target of [
      path.join(state, 'ledgers', 'secret'),
      path.join(state, 'erasures', 'erased.jsonl'),
      path.join(state, 'history', 'calls.csv'),
      path.join('elsewhere', 'secret'),
      'state/ledgers/x.csv',
      'state/erasures/../ledgers/y.csv',
      'dangling.csv',
    ]) {
      const format = path.extname(target) === '' ? ['--format', 'csv'] : [];
      const r = await runCli(['report', '--from', 'today', '-o', target, ...format], {
        env: e,
        cwd,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`-o ${target}: is in the state folder ${state}, where cacs keeps`);
      expect(r.stderr).toContain('Write the report outside the state folder.');
      const joined = await runCli(
        ['report', '--join', 'g.csv', '--from', 'today', '-o', target, ...format],
        { env: e, cwd },
      );
      expect(joined.code).toBe(2);
      expect(joined.stderr).toContain('is in the state folder');
    }
    const html = await runCli(
      ['report', '--join', 'g.csv', '--from', 'today', '--html', 'state/erasures/page.html'],
      { env: e, cwd },
    );
    expect(html.code).toBe(2);
    expect(html.stderr).toContain('--html state/erasures/page.html: is in the state folder');
    expect(emu.store.reportRequests.length).toBe(requests);
    // An import's lists: nothing read, nothing sent.
    const received = emu.store.received.length;
    fs.writeFileSync(path.join(cwd, 'h.csv'), 'phone,name\n0914000012,Bình\n');
    const rejects = await runCli(['import', 'h.csv', '--rejects', 'elsewhere/secret'], {
      env: e,
      cwd,
    });
    expect(rejects.code).toBe(2);
    expect(rejects.stderr).toContain('is in the state folder');
    expect(rejects.stderr).toContain('Give --rejects <file> outside the state folder');
    expect(emu.store.received.length).toBe(received);
    for (const [file, bytes] of kept) expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(state, 'history', 'calls.csv'))).toBe(false);
    // The operator's own files in the folder are theirs: a lead file at its root, its lists, and
    // a report beside them (a state folder at the root of a working folder).
    fs.writeFileSync(path.join(state, 'mine.csv'), 'phone,name\n0914000013,Chi\nabc,Dũng\n');
    const own = await runCli(['import', 'mine.csv'], { env: e, cwd: state });
    expect(own.code, own.stderr).toBe(3);
    expect(fs.existsSync(path.join(state, 'mine.csv.rejects.csv'))).toBe(true);
    const beside = await runCli(['report', '--from', 'today', '-o', 'calls.csv'], {
      env: e,
      cwd: state,
    });
    expect(beside.code, beside.stderr).toBe(0);
  });
});
