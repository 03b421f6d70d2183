/**
 * `cacs report --summary` and `--fail-on-violations`, in-process over real HTTP against the
 * emulator. Every figure of the summary is checked against an independent re-computation from
 * the records `cacs report --format json` gives for the same range (a Python script:
 * test/helpers/summary_reference.py); the terminal view at 80, 60 and 40 columns.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { isolatedEnv, ROOT, runCli, tempDir } from '../helpers/cli.js';

/** 2026-12-01 10:00 in Ho Chi Minh City: every generated attempt has happened. */
const NOW = new Date('2026-12-01T03:00:00Z');
const RANGE = ['--from', '2026-11-01', '--to', '2026-11-30'];
const LEADS = 420;
const ESC = /\u001b\[[0-9;]*m/g;

/** A small deterministic PRNG for the seeding. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1_103_515_245) + 12_345) >>> 0;
    return a / 4_294_967_296;
  };
}

interface Seeded {
  emu: RunningEmulator;
  /** A folder whose .cacsrc.yaml names a do-not-call list. */
  dncDir: string;
  listed: string[];
}

/**
 * 420 leads over 20 days of November, imported at any hour (so some calls fall outside
 * 08:00-17:00), every seventh one on the number of the lead before it (called again within
 * 24 hours), 12 numbers on a do-not-call list.
 */
async function seed(): Promise<Seeded> {
  const emu = await startEmulator({ port: 0, seed: 11 });
  const rnd = prng(42);
  const phones: string[] = [];
  for (let i = 0; i < LEADS; i++) {
    const day = 2 + Math.floor(i / 21);
    const hour = Math.floor(rnd() * 24);
    const at = new Date(
      Date.UTC(2026, 10, day, hour - 7, Math.floor(rnd() * 60), Math.floor(rnd() * 60)),
    );
    const phone = i % 7 === 6 ? phones[i - 1]! : `09${String(20_000_000 + i)}`;
    phones.push(phone);
    emu.store.addLead('summer', { phone_number: phone, name: `Khách ${i}`, ref_id: `KH-${i}` }, at);
  }
  const dncDir = tempDir('cacs-dnc-');
  const listed = phones.filter((_, i) => i % 35 === 1);
  fs.writeFileSync(path.join(dncDir, 'dnc.txt'), `${listed.join('\n')}\n`);
  fs.writeFileSync(path.join(dncDir, '.cacsrc.yaml'), 'import:\n  suppress: [dnc.txt]\n');
  return { emu, dncDir, listed };
}

function env(emu: RunningEmulator, extra: Record<string, string> = {}) {
  return isolatedEnv({
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: emu.token,
    CACS_CAMPAIGN: 'summer',
    ...extra,
  });
}

interface Reference {
  leads: number;
  attempts: number;
  attemptsPerLead: number;
  statuses: Array<{ status: string; attempts: number; share: number }>;
  answered: { attempts: number; rate: number | null; leads: number; leadRate: number | null };
  waitTime: unknown;
  talkTime: unknown;
  talkTimeBuckets: number[];
  perDay: unknown[];
  perHour: Array<{ hour: number; attempts: number; answered: number; rate: number | null }>;
  keyPresses: unknown[];
  undated: number;
  outside: { attempts: number; samples: unknown[][] };
  over: { numbers: number; calls: number; samples: Array<[string, number]> };
  suppressed: { attempts: number; numbers: number; samples: unknown[][] };
  violations: number;
  calls: Record<string, string[]>;
}

/** The Python re-computation over the JSON records. */
function reference(
  records: unknown[],
  opts: { dnc?: string[]; callHours?: string; max?: number; range?: [string, string] } = {},
): Reference {
  const r = spawnSync('python3', [path.join(ROOT, 'test', 'helpers', 'summary_reference.py')], {
    input: JSON.stringify({
      records,
      answered: ['ANSWERED'],
      callHours: opts.callHours ?? '08:00-17:00',
      max: opts.max ?? 1,
      dnc: Object.fromEntries((opts.dnc ?? []).map((p) => [p, 'dnc.txt'])),
      ...(opts.range ? { range: opts.range } : {}),
    }),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as Reference;
}

/** The status bars of a terminal view: [status, count, bar length in eighths of a column]. */
function bars(text: string, pattern: RegExp): Array<[string, number, number]> {
  const out: Array<[string, number, number]> = [];
  for (const line of text.split('\n')) {
    const m = pattern.exec(line);
    if (!m) continue;
    const bar = m.at(-1) ?? '';
    const eighths = [...bar].reduce((n, ch) => n + (ch === '█' ? 8 : ' ▏▎▍▌▋▊▉'.indexOf(ch)), 0);
    out.push([m[1]!.trim(), Number(m[2]!.replace(/,/g, '')), eighths]);
  }
  return out;
}

const BAR = '([█▏▎▍▌▋▊▉]*)';
const STATUS_ROW = new RegExp(
  `^(ANSWERED|NO ANSWER|BUSY|FAILED|CONGESTION)\\s+([\\d,]+)\\s+[\\d.]+%\\s*${BAR}$`,
);
const DAY_ROW = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}) \\w{3}\\s+([\\d,]+)\\s*${BAR}$`);

/** Each bar is its value's share of the largest value's bar, to within an eighth of a column. */
function expectProportional(rows: Array<[string, number, number]>): void {
  const top = rows.reduce((a, b) => (b[1] > a[1] ? b : a));
  expect(top[2]).toBeGreaterThan(8);
  for (const [label, n, eighths] of rows) {
    if (n === 0) expect(eighths, label).toBe(0);
    else expect(Math.abs(eighths - (n / top[1]) * top[2]), label).toBeLessThanOrEqual(1);
  }
}

describe('cacs report --summary', () => {
  let s: Seeded;
  let records: Array<{ data: unknown[] }>;
  beforeAll(async () => {
    s = await seed();
    const r = await runCli(['report', ...RANGE, '--format', 'json'], {
      env: env(s.emu),
      cwd: s.dncDir,
      now: () => NOW,
    });
    expect(r.code).toBe(0);
    records = JSON.parse(r.stdout) as Array<{ data: unknown[] }>;
  });
  afterAll(() => s.emu.close());

  it('gives figures that agree with an independent count over the JSON records', async () => {
    const r = await runCli(['report', ...RANGE, '--summary', '--format', 'json'], {
      env: env(s.emu),
      cwd: s.dncDir,
      now: () => NOW,
    });
    expect(r.stderr).toMatch(/420 leads/);
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout);
    // "Attempts per day" lists every day of the range (issue 22 item 8).
    const want = reference(records, {
      dnc: s.listed,
      range: ['2026-11-01 00:00:00', '2026-11-30 23:59:59'],
    });
    // Enough to check: hundreds of leads, every kind of violation present.
    expect(want.leads).toBe(LEADS);
    expect(want.attempts).toBeGreaterThan(700);
    expect(want.outside.attempts).toBeGreaterThan(50);
    expect(want.over.numbers).toBeGreaterThan(20);
    expect(want.suppressed.attempts).toBeGreaterThan(5);

    expect(got).toMatchObject({
      campaign: 'summer',
      from: '2026-11-01 00:00:00',
      to: '2026-11-30 23:59:59',
      serviceTimeZone: 'Asia/Ho_Chi_Minh',
      leads: want.leads,
      attempts: want.attempts,
      answered: {
        statuses: ['ANSWERED'],
        attempts: want.answered.attempts,
        leads: want.answered.leads,
      },
      waitTime: want.waitTime,
      talkTime: want.talkTime,
      perDay: want.perDay,
      keyPresses: want.keyPresses,
      undated: want.undated,
    });
    expect(got.attemptsPerLead).toBeCloseTo(want.attemptsPerLead, 12);
    expect(got.answered.rate).toBeCloseTo(want.answered.rate!, 12);
    expect(got.answered.leadRate).toBeCloseTo(want.answered.leadRate!, 12);
    expect(
      got.statuses.map((x: { status: string; attempts: number }) => [x.status, x.attempts]),
    ).toEqual(want.statuses.map((x) => [x.status, x.attempts]));
    got.statuses.forEach((x: { share: number }, i: number) =>
      expect(x.share).toBeCloseTo(want.statuses[i]!.share, 12),
    );
    expect(got.talkTimeBuckets.map((b: { attempts: number }) => b.attempts)).toEqual(
      want.talkTimeBuckets,
    );
    expect(
      got.perHour.map((h: { hour: number; attempts: number; answered: number }) => [
        h.hour,
        h.attempts,
        h.answered,
      ]),
    ).toEqual(want.perHour.map((h) => [h.hour, h.attempts, h.answered]));

    const c = got.compliance;
    expect(c.rules).toEqual({
      callHours: '08:00-17:00',
      maxCallsPer24h: 1,
      suppressionLists: ['dnc.txt'],
      origin: { callHours: 'default', maxCallsPer24h: 'default' },
    });
    expect(c.outsideHours.attempts).toBe(want.outside.attempts);
    expect(
      c.outsideHours.samples.map((x: Record<string, unknown>) => [
        x.campaign_lead_id,
        x.phone_number,
        x.date_time,
        x.status,
      ]),
    ).toEqual(want.outside.samples);
    expect(c.overLimit.numbers).toBe(want.over.numbers);
    expect(c.overLimit.calls).toBe(want.over.calls);
    expect(
      c.overLimit.samples.map((x: { phone_number: string; calls: number }) => [
        x.phone_number,
        x.calls,
      ]),
    ).toEqual(want.over.samples);
    // The busiest 24 hours named are real calls, less than 24 hours apart, that many of them.
    for (const x of c.overLimit.samples as Array<{
      phone_number: string;
      calls: number;
      from: string;
      to: string;
    }>) {
      const times = want.calls[x.phone_number]!;
      expect(times).toContain(x.from);
      expect(times).toContain(x.to);
      expect(Date.parse(`${x.to}Z`) - Date.parse(`${x.from}Z`)).toBeLessThan(86_400_000);
      expect(times.filter((t) => t >= x.from && t <= x.to)).toHaveLength(x.calls);
    }
    expect(c.suppressed).toMatchObject({
      checked: true,
      attempts: want.suppressed.attempts,
      numbers: want.suppressed.numbers,
    });
    expect(
      c.suppressed.samples.map((x: Record<string, unknown>) => [
        x.campaign_lead_id,
        x.phone_number,
        x.date_time,
        x.status,
        'dnc.txt',
      ]),
    ).toEqual(want.suppressed.samples);
    expect(c.suppressed.samples.every((x: { list: string }) => x.list === 'dnc.txt')).toBe(true);
    expect(c.violations).toBe(want.violations);

    // NDJSON: the same object on one line.
    const nd = await runCli(['report', ...RANGE, '--summary', '--format', 'ndjson'], {
      env: env(s.emu),
      cwd: s.dncDir,
      now: () => NOW,
    });
    expect(nd.code).toBe(0);
    expect(nd.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(nd.stdout)).toEqual(got);
  });

  it('the library: summarize over runReport records and over streamReport records, as the command', async () => {
    const { createClient, runReport, streamReport, summarize } = await import('../../src/index.js');
    const client = createClient({ baseUrl: s.emu.url, token: s.emu.token });
    const opts = { client, campaignKey: 'summer', from: '2026-11-01', to: '2026-11-30', now: NOW };
    const report = await runReport(opts);
    // With the range, every day of it is in perDay, as the command lists them.
    const fromList = summarize(report.records, { range: { from: report.from, to: report.to } });
    const stream = await streamReport(opts);
    const fromStream = await summarize(stream.records, {
      range: { from: stream.from, to: stream.to },
    });
    expect(fromStream).toEqual(fromList);
    expect(fromList.leads).toBe(LEADS);
    // The command without a do-not-call list: the same figures, with the range and campaign.
    const r = await runCli(['report', ...RANGE, '--summary', '--format', 'json'], {
      env: env(s.emu),
      now: () => NOW,
    });
    const { campaign, from, to, serviceTimeZone, ...figures } = JSON.parse(r.stdout);
    expect([campaign, from, to, serviceTimeZone]).toEqual([
      'summer',
      stream.from,
      stream.to,
      'Asia/Ho_Chi_Minh',
    ]);
    expect(figures).toEqual(fromList);
  });

  it('follows --status, and the configured answered statuses and rules, naming where the rules came from', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'cacs.yaml');
    fs.writeFileSync(
      config,
      "report:\n  answeredStatuses: ANSWERED, BUSY\ncompliance:\n  callHours: '07:30-20:00'\n  maxCallsPer24h: 2\n",
    );
    const r = await runCli(
      [
        '--config',
        config,
        'report',
        ...RANGE,
        '--status',
        'ANSWERED,BUSY,NO ANSWER',
        '--summary',
        '--format',
        'json',
      ],
      { env: env(s.emu), cwd: dir, now: () => NOW },
    );
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout);
    const kept = records
      .map((rec) => ({
        ...rec,
        data: (rec.data as Array<{ status: string }>).filter((a) =>
          ['ANSWERED', 'BUSY', 'NO ANSWER'].includes(a.status),
        ),
      }))
      .filter((rec) => rec.data.length > 0);
    const want = reference(kept, { callHours: '07:30-20:00', max: 2 });
    expect(got.leads).toBe(want.leads);
    expect(got.attempts).toBe(want.attempts);
    expect(got.statuses.map((x: { status: string }) => x.status).sort()).toEqual([
      'ANSWERED',
      'BUSY',
      'NO ANSWER',
    ]);
    const answered = want.statuses
      .filter((x) => x.status === 'ANSWERED' || x.status === 'BUSY')
      .reduce((n, x) => n + x.attempts, 0);
    expect(got.answered).toMatchObject({ statuses: ['ANSWERED', 'BUSY'], attempts: answered });
    expect(got.compliance.outsideHours.attempts).toBe(want.outside.attempts);
    expect(got.compliance.overLimit.numbers).toBe(want.over.numbers);
    expect(got.compliance.suppressed.checked).toBe(false);
    expect(got.compliance.rules.origin).toEqual({
      callHours: `--config ${config}`,
      maxCallsPer24h: `--config ${config}`,
    });
  });

  describe('the terminal view', () => {
    let json: {
      statuses: Array<{ status: string; attempts: number }>;
      perDay: Array<{ day: string; attempts: number }>;
    };
    beforeAll(async () => {
      const r = await runCli(['report', ...RANGE, '--summary', '--format', 'json'], {
        env: env(s.emu),
        cwd: s.dncDir,
        now: () => NOW,
      });
      json = JSON.parse(r.stdout);
    });

    it.each([80, 60, 40])('fits %i columns, coloured, with proportional bars', async (columns) => {
      const r = await runCli(['report', ...RANGE, '--summary'], {
        env: env(s.emu, { FORCE_COLOR: '1' }),
        cwd: s.dncDir,
        now: () => NOW,
        tty: true,
        columns,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(ESC);
      const plain = r.stdout.replace(ESC, '');
      const lines = plain.trimEnd().split('\n');
      const long = lines.filter((l) => [...l].length > columns);
      expect(long).toEqual([]);
      // Nothing had to be cut at these widths.
      expect(lines.filter((l) => l.endsWith('…'))).toEqual([]);
      for (const unit of [' s', '%', 'Wait time', 'Talk time', 'median', 'p90', 'total'])
        expect(plain).toContain(unit);

      const statuses = bars(plain, STATUS_ROW);
      expect(statuses.map(([st, n]) => [st, n])).toEqual(
        json.statuses.map((x) => [x.status, x.attempts]),
      );
      expectProportional(statuses);
      const days = bars(plain, DAY_ROW);
      expect(days.map(([d, n]) => [d, n])).toEqual(json.perDay.map((d) => [d.day, d.attempts]));
      expectProportional(days);

      // The compliance block comes last, with its rules, origins and a few samples.
      const compliance = plain.slice(plain.indexOf('\nCompliance'));
      expect(compliance).toMatch(/✗ Call hours 08:00-17:00/);
      expect(compliance).toMatch(/attempts\s+outside these hours/);
      expect(compliance).toMatch(/✗ At most 1 call to a number in 24 hours|✗ ≤ 1 per number/);
      expect(compliance).toMatch(/calls\s+to \d+ listed numbers/);
      expect(compliance).toMatch(/Violations\s+[\d,]+/);
      expect(
        compliance.match(/^\s+2026-11-\d\d \d\d:\d\d:\d\d {2}09\d{8}/gm)!.length,
      ).toBeGreaterThanOrEqual(4);
    });

    it('says when no do-not-call list is configured, and that there were no violations', async () => {
      const dir = tempDir();
      fs.writeFileSync(
        path.join(dir, '.cacsrc.yaml'),
        "compliance:\n  callHours: '00:00-24:00'\n  maxCallsPer24h: 50\n",
      );
      const r = await runCli(['report', ...RANGE, '--summary'], {
        env: env(s.emu, { NO_COLOR: '1' }),
        cwd: dir,
        now: () => NOW,
        tty: true,
        // Wide enough for the rule and its origin (the config's path) on one line, whatever
        // the length of TMPDIR: a terminal too narrow for it leaves the origin out.
        columns: Math.max(80, dir.length + 60),
      });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(/\u001b/);
      expect(r.stdout).toContain(
        '– Do-not-call lists (import.suppress)\n    not checked: no do-not-call list configured\n',
      );
      expect(r.stdout).toMatch(
        /✓ Call hours 00:00-24:00 \(project config .*\.cacsrc\.yaml\)\n {4}no attempt outside these hours/,
      );
      expect(r.stdout).toMatch(/\nNo violations found\.\n$/);
    });

    it('is written plain to -o file.txt (mode 0600) even with FORCE_COLOR, as on an 80-column terminal', async () => {
      const out = path.join(s.dncDir, 'summary.txt');
      const r = await runCli(['report', ...RANGE, '--summary', '-o', 'summary.txt'], {
        env: env(s.emu, { FORCE_COLOR: '3' }),
        cwd: s.dncDir,
        now: () => NOW,
        tty: true,
        columns: 132,
      });
      expect(r.code).toBe(0);
      // (The dim range line is broken at spaces to the terminal's width.)
      expect(r.stderr.replace(/\u001b\[[0-9;]*m/g, '').replace(/\s+/g, ' ')).toMatch(
        /summary written to summary\.txt/,
      );
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      const text = fs.readFileSync(out, 'utf8');
      expect(text).not.toMatch(/\u001b/);
      const tty = await runCli(['report', ...RANGE, '--summary'], {
        env: env(s.emu, { NO_COLOR: '1' }),
        cwd: s.dncDir,
        now: () => NOW,
        tty: true,
        columns: 80,
      });
      expect(text).toBe(tty.stdout);
      const json = await runCli(['report', ...RANGE, '--summary', '-o', 'summary.json'], {
        env: env(s.emu),
        cwd: s.dncDir,
        now: () => NOW,
      });
      expect(json.code).toBe(0);
      expect(JSON.parse(fs.readFileSync(path.join(s.dncDir, 'summary.json'), 'utf8')).leads).toBe(
        LEADS,
      );
    });

    it('reads the same in a narrow terminal: every figure still there at 40 columns', async () => {
      const wide = await runCli(['report', ...RANGE, '--summary'], {
        env: env(s.emu, { NO_COLOR: '1' }),
        cwd: s.dncDir,
        now: () => NOW,
        tty: true,
        columns: 80,
      });
      const narrow = await runCli(['report', ...RANGE, '--summary'], {
        env: env(s.emu, { NO_COLOR: '1' }),
        cwd: s.dncDir,
        now: () => NOW,
        tty: true,
        columns: 40,
      });
      const numbers = (t: string) => (t.match(/\d[\d,.]*(%| s| min| h)?/g) ?? []).sort();
      // Bars shrink and lines break between parts; no figure is lost.
      expect(numbers(narrow.stdout)).toEqual(numbers(wide.stdout));
    });
  });

  describe('--fail-on-violations', () => {
    it('exits 6 after the whole summary is written, saying how many and which rules', async () => {
      const r = await runCli(
        ['report', ...RANGE, '--summary', '--format', 'json', '--fail-on-violations'],
        {
          env: env(s.emu),
          cwd: s.dncDir,
          now: () => NOW,
        },
      );
      expect(r.code).toBe(6);
      const got = JSON.parse(r.stdout);
      const c = got.compliance;
      expect(r.stderr).toContain(
        `error: compliance: ${c.violations.toLocaleString('en-US')} violations: ${c.outsideHours.attempts} attempts outside call hours 08:00-17:00 (compliance.callHours); ${c.overLimit.numbers} numbers called more than 1 time in 24 hours (compliance.maxCallsPer24h); ${c.suppressed.attempts} calls to numbers on a do-not-call list (import.suppress)\n`,
      );
      expect(r.stderr).toMatch(/The output is complete\./);
    });

    it('works without --summary: the records are written in full, then exit 6', async () => {
      for (const format of ['csv', 'table']) {
        const out = path.join(s.dncDir, `calls.${format === 'csv' ? 'csv' : 'txt'}`);
        const r = await runCli(['report', ...RANGE, '-o', out, '--fail-on-violations'], {
          env: env(s.emu),
          cwd: s.dncDir,
          now: () => NOW,
        });
        expect(r.code, format).toBe(6);
        expect(r.stderr).toMatch(/written to .*calls\./);
        expect(r.stderr).toMatch(/error: compliance: [\d,]+ violations: /);
        const attempts = records.reduce((n, rec) => n + rec.data.length, 0);
        const text = fs.readFileSync(out, 'utf8');
        if (format === 'csv') expect(text.trimEnd().split('\n')).toHaveLength(attempts + 1);
        // The table: a header and a row per attempt (the counts are on stderr, not in the table).
        else expect(text.trimEnd().split('\n')).toHaveLength(attempts + 1);
      }
    });

    it('exits 0 when nothing breaks the rules, with and without --summary', async () => {
      const dir = tempDir();
      fs.writeFileSync(
        path.join(dir, '.cacsrc.yaml'),
        "compliance:\n  callHours: '00:00-24:00'\n  maxCallsPer24h: 50\n",
      );
      for (const extra of [
        ['--summary', '--format', 'json'],
        ['--format', 'ndjson'],
      ]) {
        const r = await runCli(['report', ...RANGE, ...extra, '--fail-on-violations'], {
          env: env(s.emu),
          cwd: dir,
          now: () => NOW,
        });
        expect(r.code, extra.join(' ')).toBe(0);
        expect(r.stderr).not.toMatch(/violation/);
      }
      // And --summary alone never fails on what it finds.
      const r = await runCli(['report', ...RANGE, '--summary', '--format', 'json'], {
        env: env(s.emu),
        cwd: s.dncDir,
        now: () => NOW,
      });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).compliance.violations).toBeGreaterThan(0);
    });
  });

  describe('refused before any request', () => {
    it.each([
      [['-o', 'summary.csv'], /--summary is written as text, JSON, NDJSON or HTML, not csv/],
      [['--format', 'csv'], /--summary is written as text, JSON, NDJSON or HTML, not csv/],
      [['--flatten', 'leads'], /--flatten shapes the records, and --summary prints none/],
    ])('--summary %j: exit 2', async (extra, message) => {
      const before = s.emu.store.reportRequests.length;
      const r = await runCli(['report', ...RANGE, '--summary', ...extra], {
        env: env(s.emu),
        cwd: tempDir(),
        now: () => NOW,
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/ at /);
      expect(s.emu.store.reportRequests.length).toBe(before);
    });

    it('a do-not-call list that cannot be read: exit 2, nothing asked', async () => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), 'import:\n  suppress: [missing.txt]\n');
      for (const extra of [['--summary'], ['--fail-on-violations', '--format', 'json']]) {
        const before = s.emu.store.reportRequests.length;
        const r = await runCli(['report', ...RANGE, ...extra], {
          env: env(s.emu),
          cwd: dir,
          now: () => NOW,
        });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /do-not-call list .*missing\.txt: no such file\nNothing was asked of the service: the compliance check does not run without a do-not-call list it was given\. Fix or replace the file, or remove it from import\.suppress \(project config /,
        );
        expect(s.emu.store.reportRequests.length).toBe(before);
      }
      // A report without the check does not read the lists.
      const r = await runCli(['report', ...RANGE, '--format', 'json'], {
        env: env(s.emu),
        cwd: dir,
        now: () => NOW,
      });
      expect(r.code).toBe(0);
    });

    it('rules that are not rules: exit 2 naming the key', async () => {
      const cases: Array<[string, RegExp]> = [
        [
          "compliance:\n  callHours: '17:00-08:00'\n",
          /compliance\.callHours: expected hours as HH:mm-HH:mm with the start before the end \(such as 08:00-17:00\), got "17:00-08:00"/,
        ],
        [
          'compliance:\n  maxCallsPer24h: 0\n',
          /compliance\.maxCallsPer24h: expected a whole number of at least 1, got number 0/,
        ],
        [
          'compliance:\n  hours: 1\n',
          /compliance\.hours: unknown key \(known here: callHours, maxCallsPer24h\)/,
        ],
        [
          'report:\n  answeredStatuses: []\n',
          /report\.answeredStatuses: expected at least one call status/,
        ],
      ];
      for (const [yaml, message] of cases) {
        const dir = tempDir();
        fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), yaml);
        const r = await runCli(['report', ...RANGE, '--summary'], {
          env: env(s.emu),
          cwd: dir,
          now: () => NOW,
        });
        expect(r.code, yaml).toBe(2);
        expect(r.stderr).toMatch(message);
      }
    });
  });
});

describe('settings, help and exit codes', () => {
  it('cacs config show lists the summary settings with their sources', async () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '.cacsrc.yaml'),
      "compliance:\n  callHours: '08:00-12:00'\nprofiles:\n  strict:\n    compliance:\n      maxCallsPer24h: 3\n",
    );
    const r = await runCli(['--profile', 'strict', 'config', 'show', '--json'], { cwd: dir });
    expect(r.code).toBe(0);
    const { settings } = JSON.parse(r.stdout);
    expect(settings['report.answeredStatuses']).toEqual({ value: 'ANSWERED', source: 'default' });
    expect(settings['compliance.callHours']).toEqual({
      value: '08:00-12:00',
      source: `project config ${path.join(dir, '.cacsrc.yaml')}`,
    });
    expect(settings['compliance.maxCallsPer24h']).toEqual({
      value: 3,
      source: `profile strict in ${path.join(dir, '.cacsrc.yaml')}`,
    });
  });

  it('report --help names --summary and --fail-on-violations; cacs --help lists exit code 6', async () => {
    const report = await runCli(['report', '--help']);
    expect(report.stdout).toMatch(/--summary\s+statistics instead of records/);
    expect(report.stdout).toMatch(/--fail-on-violations\s+exit 6 when the compliance check finds/);
    expect(report.stdout).toMatch(/6\s+violations\s+found\s+with\s+--fail-on-violations/);
    expect(report.stdout).toContain('Decree 91/2020/ND-CP');
    const top = await runCli(['--help']);
    expect(top.stdout).toMatch(
      /^ {2}6 {4}report --fail-on-violations: calls outside the compliance rules were\s+found$/m,
    );
  });
});
