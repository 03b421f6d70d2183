/**
 * `cacs report --bookmark` (issue 17, items 1 and 2) over real HTTP against the emulator, whose
 * clock the test moves between runs: consecutive runs give every attempt exactly once; a run
 * that fails (a service error, a SIGKILL of the real process) leaves the bookmark where it was
 * and the next run's file holds the whole missed period; settle, first run, --from, reset,
 * listing, a damaged file, the lock, and the -o placeholders.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  listBookmarks,
  openBookmark,
  resetBookmark,
  runReport,
} from '../../src/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { openBookmark as openBookmarkIn } from '../../src/report/bookmark.js';
import { openStateStore } from '../../src/state/index.js';

const openStoreBookmark = (stateDir: string, key: Parameters<typeof openBookmarkIn>[1]) =>
  openBookmarkIn(openStateStore({ stateDir }).bookmarks, key);
import { BIN, isolatedEnv, killableEnv, runCli, tempDir, type RunResult } from '../helpers/cli.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-11-20 00:00 in Ho Chi Minh City (UTC+7). */
const D = Date.parse('2026-11-19T17:00:00Z');

/** The emulator's and the CLI's clock: one, moved by the tests. */
const clock = { ms: D };

/** Leads imported every 20 minutes over four days: attempts exist all along every run. */
async function seededEmulator(): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, seed: 17, now: () => new Date(clock.ms) });
  for (let i = 0; i < 4 * 72; i++) {
    emu.store.addLead(
      'summer',
      { phone_number: `09${String(20000000 + i)}`, name: `Khách ${i}`, ref_id: `KH-${i}` },
      new Date(D + i * 20 * 60_000 + (i % 7) * 1000),
    );
  }
  // Leads whose first call falls on the last second of a run of the three-run test, and on the
  // first second of the next: an overlap or a gap of one second shows in the attempts.
  const edges = ['2026-11-21T02:00:00Z', '2026-11-21T09:13:27Z', '2026-11-23T02:16:38Z'];
  edges.forEach((iso, i) => {
    for (const [j, ms] of [Date.parse(iso), Date.parse(iso) + 1000].entries()) {
      emu.store.addLead(
        'summer',
        { phone_number: `08${String(30000000 + i * 2 + j)}`, name: `Biên ${i}${j}` },
        new Date(ms),
      );
    }
  });
  return emu;
}

/** A pass-through to the emulator that can fail some requests or hold them unanswered. */
interface Proxy {
  url: string;
  mode: 'pass' | 'fail' | 'hold';
  /** With mode 'fail': which requests get a service error (by their body). */
  failIf: (body: { start_date?: string }) => boolean;
  seen: number;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const proxy = {
    mode: 'pass',
    failIf: () => true,
    seen: 0,
  } as unknown as Proxy;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      proxy.seen++;
      const body = Buffer.concat(chunks);
      if (proxy.mode === 'hold') return; // never answered
      if (proxy.mode === 'fail' && proxy.failIf(JSON.parse(body.toString() || '{}'))) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'error', message: 'Internal error, please try later' }));
        return;
      }
      const out = http.request(
        `${target}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.end(body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      for (const s of sockets) s.destroy();
    });
  return proxy;
}

function envFor(url: string, state: string, extra: Record<string, string> = {}) {
  return isolatedEnv({
    CACS_BASE_URL: url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    CACS_STATE_DIR: state,
    ...extra,
  });
}

interface Attempt {
  session: string;
  date_time: string;
}

function attemptsOf(file: string): Attempt[] {
  const rows = parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Array<
    Record<string, string>
  >;
  return rows.map((r) => ({ session: r.session!, date_time: r.date_time! }));
}

/** 'calls-20261120-000000-20261121-090000.csv' → its range as service wall-clock strings. */
function rangeOfName(name: string): { from: string; to: string } {
  const m = /(\d{8})-(\d{6})-(\d{8})-(\d{6})/.exec(name)!;
  const wall = (d: string, t: string) =>
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)} ${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}`;
  return { from: wall(m[1]!, m[2]!), to: wall(m[3]!, m[4]!) };
}

/** The bookmark files of a state folder (without locks). */
function bookmarkFiles(state: string): string[] {
  const dir = path.join(state, 'bookmarks');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => path.join(dir, n));
}
function onlyBookmark(state: string): {
  file: string;
  text: string;
  json: Record<string, unknown>;
} {
  const files = bookmarkFiles(state);
  expect(files).toHaveLength(1);
  const text = fs.readFileSync(files[0]!, 'utf8');
  return { file: files[0]!, text, json: JSON.parse(text) as Record<string, unknown> };
}

const sessions = (list: Attempt[]) => list.map((a) => a.session).sort();

/** The whole period in one report (no bookmark), as the reference. */
async function bigReport(url: string, from: string, to: string, extra: string[] = []) {
  const dir = tempDir();
  const r = await runCli(
    ['report', '--from', from, '--to', to, '-o', 'all.csv', '--window-days', '3', ...extra],
    { env: envFor(url, tempDir()), cwd: dir, now: () => new Date(clock.ms) },
  );
  expect(r.code, r.stderr).toBe(0);
  return attemptsOf(path.join(dir, 'all.csv'));
}

describe('cacs report --bookmark against the emulator', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await seededEmulator();
  });
  afterAll(() => emu.close());

  const run = (argv: string[], state: string, cwd: string, extra: Record<string, string> = {}) =>
    runCli(['report', ...argv], {
      env: envFor(emu.url, state, extra),
      cwd,
      now: () => new Date(clock.ms),
    });

  it.each([
    ['the service zone', [] as string[], '2026-11-20'],
    ['Europe/Paris as the user zone', ['--tz', 'Europe/Paris'], '2026-11-19 18:00'],
  ])('three consecutive runs give every attempt exactly once (%s)', async (_what, tz, from) => {
    const state = tempDir();
    const out = tempDir();
    const args = ['--bookmark', 'nightly', '-o', 'calls-{from}-{to}.csv', '--window-days', '1'];
    clock.ms = D + DAY + 10 * HOUR; // 2026-11-21 10:00
    const r1 = await run([...args, ...tz, '--from', from], state, out);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stderr).toContain(
      'bookmark "nightly" now covers up to 2026-11-21 09:00:00 (service clock, Asia/Ho_Chi_Minh); its next run starts at 2026-11-21 09:00:01',
    );
    clock.ms += 7 * HOUR + 13 * 60_000 + 27_000; // odd seconds
    const r2 = await run([...args, ...tz], state, out);
    expect(r2.code, r2.stderr).toBe(0);
    clock.ms += DAY + 17 * HOUR + 3 * 60_000 + 11_000;
    const r3 = await run([...args, ...tz], state, out);
    expect(r3.code, r3.stderr).toBe(0);

    const files = fs.readdirSync(out).sort();
    expect(files).toEqual([
      'calls-20261120-000000-20261121-090000.csv',
      'calls-20261121-090001-20261121-161327.csv',
      'calls-20261121-161328-20261123-091638.csv',
    ]);
    const perFile = files.map((f) => {
      const list = attemptsOf(path.join(out, f));
      const { from: a, to: b } = rangeOfName(f);
      // Every attempt of a file lies in its range (service clock).
      for (const x of list) expect(x.date_time >= a && x.date_time <= b, x.date_time).toBe(true);
      expect(list.length).toBeGreaterThan(10);
      return list;
    });
    const union = perFile.flat();
    // The calls on either side of each boundary are in the files on either side.
    for (const [i, edge] of ['2026-11-21 09:00:00', '2026-11-21 16:13:27'].entries()) {
      const after = edge.replace(/\d{2}$/, (s) => String(Number(s) + 1).padStart(2, '0'));
      expect(perFile[i]!.some((a) => a.date_time === edge)).toBe(true);
      expect(perFile[i + 1]!.some((a) => a.date_time === after)).toBe(true);
      expect(perFile[i + 1]!.some((a) => a.date_time === edge)).toBe(false);
    }
    const big = await bigReport(emu.url, '2026-11-20 00:00:00', '2026-11-23 09:16:38');
    expect(new Set(sessions(union)).size).toBe(union.length); // no attempt twice
    expect(sessions(union)).toEqual(sessions(big)); // none missed
    // Some attempts straddle the boundaries' hours: the split is exact to the second.
    const { json } = onlyBookmark(state);
    expect(json.coveredUntil).toBe('2026-11-23 09:16:38');
    expect(json.runs).toBe(3);
    expect(json.firstFrom).toBe('2026-11-20 00:00:00');
    expect(json.startedWith).toBe(from);
  });

  it('settle: a run ends an hour ago; a run that would end before the last one has nothing new (exit 0, bookmark unchanged; no file named after a range, an empty one of a fixed name)', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + DAY + 10 * HOUR; // 2026-11-21 10:00
    const first = await run(
      ['--bookmark', 'n', '--from', '2026-11-21', '-o', 'a-{from}-{to}.csv'],
      state,
      out,
    );
    expect(first.code, first.stderr).toBe(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 09:00:00');
    // --settle 0: up to the last second wholly past (at 10:10:00.000, 10:09:59).
    clock.ms += 10 * 60_000;
    const now = await run(
      ['--bookmark', 'n', '--settle', '0', '-o', 'b-{from}-{to}.csv'],
      state,
      out,
    );
    expect(now.code, now.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, 'b-20261121-090001-20261121-100959.csv'))).toBe(true);
    const before = onlyBookmark(state);
    expect(before.json.coveredUntil).toBe('2026-11-21 10:09:59');
    // Ten minutes later with the default hour: it would end at 09:20, before 10:10:00.
    const requests = emu.store.reportRequests.length;
    clock.ms += 10 * 60_000;
    const soon = await run(['--bookmark', 'n', '-o', 'c-{from}-{to}.csv'], state, out);
    expect(soon.code, soon.stderr).toBe(0);
    expect(soon.stderr).toContain(
      'nothing new to fetch: bookmark "n" covers up to 2026-11-21 10:09:59 (service clock), and calls after 2026-11-21 09:20:00 (now − 1h) are left to settle; the bookmark is unchanged',
    );
    expect(emu.store.reportRequests.length).toBe(requests); // nothing asked
    // No range whose start lies after its end.
    expect(soon.stderr).toContain('range: nothing new · 0 requests · 0 leads, 0 attempts');
    expect(soon.stderr).not.toMatch(/range: 2026-11-21 10:10:00 →/);
    // A name made of the range fetched: no file (it would be named 10:10:00 → 09:20:00)…
    expect(soon.stderr).toContain(
      'no file written: c-{from}-{to}.csv is left to the run that has something to write',
    );
    expect(soon.stderr).not.toContain('written to');
    expect(fs.readdirSync(out).filter((f) => f.startsWith('c-'))).toEqual([]);
    // …a fixed name: the empty report (a reader of calls.csv finds this run's, not the last).
    const fixed = await run(['--bookmark', 'n', '-o', 'c.csv'], state, out);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain('written to c.csv');
    expect(fs.readFileSync(path.join(out, 'c.csv'), 'utf8')).toBe(
      'campaign_id,campaign_name,campaign_lead_id,ref_id,phone_number,lead_name,call,session,wait_time,talk_time,called_number,date_time,status,retry,key_press\n',
    );
    expect(onlyBookmark(state).text).toBe(before.text);
    // --settle 90m three hours later, and what a run without -o sends.
    clock.ms += 3 * HOUR;
    emu.store.reportRequests.length = 0;
    const later = await run(['--bookmark', 'n', '--settle', '90m', '--format', 'json'], state, out);
    expect(later.code, later.stderr).toBe(0);
    expect(emu.store.reportRequests.map((q) => [q.body.start_date, q.body.end_date])).toEqual([
      ['2026-11-21 10:10:00', '2026-11-21 11:50:00'],
    ]);
    expect(JSON.parse(later.stdout).length).toBeGreaterThan(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 11:50:00');
    expect((onlyBookmark(state).json.lastRun as { output?: string }).output).toBeUndefined();
  });

  it('{date}: a run with nothing new writes no file, so the same day’s later run can write it', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + DAY + 10 * HOUR; // 2026-11-21 10:00
    const args = ['--bookmark', 'd', '-o', 'd-{date}.csv'];
    const first = await run([...args, '--from', '2026-11-21'], state, out);
    expect(first.code, first.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, 'd-2026-11-21.csv'))).toBe(true);
    // 2026-11-22 00:30, a run that ends two days back: nothing new.
    clock.ms += DAY - 9 * HOUR - 30 * 60_000;
    const early = await run([...args, '--settle', '2d'], state, out);
    expect(early.code, early.stderr).toBe(0);
    expect(early.stderr).toContain(
      'no file written: d-{date}.csv is left to the run that has something to write',
    );
    expect(fs.existsSync(path.join(out, 'd-2026-11-22.csv'))).toBe(false);
    // 12:30: calls to fetch, and the file of the day is free to be written (it was exit 2).
    clock.ms += 12 * HOUR;
    const later = await run(args, state, out);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).toContain('written to d-2026-11-22.csv');
    expect(fs.existsSync(path.join(out, 'd-2026-11-22.csv'))).toBe(true);
  });

  it('the first run needs --from; a later one takes only the same --from; --to is honoured', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + 2 * DAY;
    const none = await run(['--bookmark', 'weekly'], state, out);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      `error: bookmark "weekly" has no successful run yet (campaign summer, ${emu.url}, no filters): its first run needs --from`,
    );
    expect(none.stderr).toContain('--bookmark weekly --from 2026-11-01');
    expect(bookmarkFiles(state)).toEqual([]);

    const first = await run(
      [
        '--bookmark',
        'weekly',
        '--from',
        '2026-11-20',
        '--to',
        '2026-11-20 12:00',
        '--format',
        'csv',
      ],
      state,
      out,
    );
    expect(first.code, first.stderr).toBe(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-20 12:00:00');
    const other = await run(['--bookmark', 'weekly', '--from', '2026-11-01'], state, out);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      'error: --from 2026-11-01: bookmark "weekly" already covers up to 2026-11-20 12:00:00 (service clock, Asia/Ho_Chi_Minh)',
    );
    expect(other.stderr).toContain('--bookmark-reset weekly');
    // The same text as the first run's (a crontab line that keeps it): continues.
    const same = await run(
      ['--bookmark', 'weekly', '--from', '2026-11-20', '--format', 'csv'],
      state,
      out,
    );
    expect(same.code, same.stderr).toBe(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 23:00:00');
    // Another --status is another bookmark: named in the hint.
    const filtered = await run(['--bookmark', 'weekly', '--status', 'ANSWERED'], state, out);
    expect(filtered.code).toBe(2);
    expect(filtered.stderr).toContain(
      `A bookmark "weekly" exists for: campaign summer, ${emu.url}, no filters.`,
    );
  });

  it('a bookmarked run never replaces an -o file (exit 2 before any request, bookmark unchanged)', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + 2 * DAY;
    const first = await run(
      ['--bookmark', 'n', '--from', '2026-11-20', '-o', 'calls-{date}.csv'],
      state,
      out,
    );
    expect(first.code, first.stderr).toBe(0);
    const before = onlyBookmark(state).text;
    const requests = emu.store.reportRequests.length;
    clock.ms += 5 * HOUR;
    const again = await run(['--bookmark', 'n', '-o', 'calls-{date}.csv'], state, out);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'error: -o calls-2026-11-22.csv: the file exists, and a bookmarked report never replaces one',
    );
    expect(again.stderr).toContain('-o "calls-{from}-{to}.csv"');
    expect(emu.store.reportRequests.length).toBe(requests);
    expect(onlyBookmark(state).text).toBe(before);
  });

  it('a service error mid-way leaves the bookmark; the next run holds the whole missed period', async () => {
    const proxy = await startProxy(emu.url);
    try {
      const state = tempDir();
      const out = tempDir();
      const args = ['--bookmark', 'nightly', '-o', 'calls-{from}-{to}.csv', '--window-days', '1'];
      clock.ms = D + DAY + 2 * HOUR;
      const r1 = await runCli(['report', ...args, '--from', '2026-11-20'], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms),
      });
      expect(r1.code, r1.stderr).toBe(0);
      const before = onlyBookmark(state).text;

      // The next night: the second of three windows gets a service error.
      clock.ms += DAY + 5 * HOUR;
      proxy.mode = 'fail';
      proxy.failIf = (b) => (b.start_date ?? '').startsWith('2026-11-22');
      const failed = await runCli(['report', ...args], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms),
      });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('Internal error, please try later');
      expect(onlyBookmark(state).text).toBe(before);
      expect(fs.readdirSync(out)).toHaveLength(1); // no file, no temporary file

      // The night after: the run covers both nights.
      clock.ms += DAY;
      proxy.mode = 'pass';
      const r3 = await runCli(['report', ...args], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms),
      });
      expect(r3.code, r3.stderr).toBe(0);
      const files = fs.readdirSync(out).sort();
      expect(files).toEqual([
        'calls-20261120-000000-20261121-010000.csv',
        'calls-20261121-010001-20261123-060000.csv',
      ]);
      const union = files.flatMap((f) => attemptsOf(path.join(out, f)));
      const big = await bigReport(proxy.url, '2026-11-20', '2026-11-23 06:00:00');
      expect(new Set(sessions(union)).size).toBe(union.length);
      expect(sessions(union)).toEqual(sessions(big));
    } finally {
      await proxy.close();
    }
  });

  it('a bookmark cacs forget holds: the run kept out names that command (review, session 24)', async () => {
    const state = tempDir();
    const out = tempDir();
    const args = ['--bookmark', 'nightly', '-o', 'calls.csv'];
    clock.ms = D + DAY + 2 * HOUR;
    const env = envFor(emu.url, state);
    const now = () => new Date(clock.ms);
    const r1 = await runCli(['report', ...args, '--from', '2026-11-20'], { env, cwd: out, now });
    expect(r1.code, r1.stderr).toBe(0);
    const lock = `${onlyBookmark(state).file}.lock`;
    // As forget writes it, its holder alive in another process (the test runner's parent).
    fs.writeFileSync(lock, `${process.ppid} forget-0123456789abcdef01234567\n`);
    const r2 = await runCli(['report', ...args], { env, cwd: out, now });
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain(
      `error: another cacs run (pid ${process.ppid}, cacs forget) holds report bookmark "nightly" (campaign summer) right now`,
    );
    fs.rmSync(lock);
  });

  it('a second run of the same bookmark is refused while one runs; a SIGKILLed run leaves the bookmark, and the next run covers its period', async () => {
    const proxy = await startProxy(emu.url);
    try {
      const state = tempDir();
      const out = tempDir();
      const args = ['--bookmark', 'nightly', '-o', 'calls-{from}-{to}.csv'];
      clock.ms = D + DAY + 2 * HOUR;
      const r1 = await runCli(['report', ...args, '--from', '2026-11-20'], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms),
      });
      expect(r1.code, r1.stderr).toBe(0);
      const before = onlyBookmark(state);

      // A real process, its requests held unanswered: killed while fetching.
      proxy.mode = 'hold';
      const seen = proxy.seen;
      const child = spawn(process.execPath, [BIN, 'report', ...args, '--to', '2026-11-22 12:00'], {
        cwd: out,
        env: killableEnv(envFor(proxy.url, state)) as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let childErr = '';
      child.stderr.on('data', (d: Buffer) => (childErr += d.toString()));
      const exited = new Promise<string | null>((r) => child.on('exit', (_c, sig) => r(sig)));
      const deadline = Date.now() + 15_000;
      while (proxy.seen === seen && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      expect(proxy.seen, childErr).toBeGreaterThan(seen);

      // The lock: a second run of the same bookmark is refused, naming the first.
      const second: RunResult = await runCli(['report', ...args], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms + DAY),
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        `error: another cacs run (pid ${child.pid}) is running report bookmark "nightly" (campaign summer) right now`,
      );

      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      expect(onlyBookmark(state).text).toBe(before.text);
      expect(fs.readdirSync(out)).toEqual(['calls-20261120-000000-20261121-010000.csv']);
      expect(fs.existsSync(`${before.file}.lock`)).toBe(true); // left by the dead process

      // The next run takes over the dead run's lock and covers the whole period.
      proxy.mode = 'pass';
      clock.ms += 2 * DAY;
      const r3 = await runCli(['report', ...args], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms),
      });
      expect(r3.code, r3.stderr).toBe(0);
      const files = fs.readdirSync(out).sort();
      expect(files).toEqual([
        'calls-20261120-000000-20261121-010000.csv',
        'calls-20261121-010001-20261123-010000.csv',
      ]);
      expect(fs.existsSync(`${before.file}.lock`)).toBe(false);
      const union = files.flatMap((f) => attemptsOf(path.join(out, f)));
      const big = await bigReport(proxy.url, '2026-11-20', '2026-11-23 01:00:00');
      expect(new Set(sessions(union)).size).toBe(union.length);
      expect(sessions(union)).toEqual(sessions(big));
    } finally {
      await proxy.close();
    }
  }, 40_000);

  it('Ctrl-C (SIGINT, exit 130) while fetching leaves the bookmark and its lock is let go of', async () => {
    const proxy = await startProxy(emu.url);
    try {
      const state = tempDir();
      const out = tempDir();
      const args = ['--bookmark', 'nightly', '-o', 'calls-{from}-{to}.csv'];
      clock.ms = D + DAY + 2 * HOUR;
      const r1 = await runCli(['report', ...args, '--from', '2026-11-20'], {
        env: envFor(proxy.url, state),
        cwd: out,
        now: () => new Date(clock.ms),
      });
      expect(r1.code, r1.stderr).toBe(0);
      const before = onlyBookmark(state);
      proxy.mode = 'hold';
      const seen = proxy.seen;
      const child = spawn(process.execPath, [BIN, 'report', ...args, '--to', '2026-11-22 12:00'], {
        cwd: out,
        env: envFor(proxy.url, state) as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let childErr = '';
      child.stderr.on('data', (d: Buffer) => (childErr += d.toString()));
      const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      const deadline = Date.now() + 15_000;
      while (proxy.seen === seen && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(childErr).toContain('interrupted: no report was written');
      expect(onlyBookmark(state).text).toBe(before.text);
      expect(fs.readdirSync(out)).toEqual(['calls-20261120-000000-20261121-010000.csv']);
      expect(fs.existsSync(`${before.file}.lock`)).toBe(false);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('--bookmarks lists them (table and JSON); --bookmark-reset forgets one and says what it held', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + DAY + 10 * HOUR;
    for (const extra of [[], ['--status', 'BUSY,NO ANSWER']]) {
      const r = await run(
        ['--bookmark', 'nightly', '--from', '2026-11-20', '--format', 'csv', ...extra],
        state,
        out,
      );
      expect(r.code, r.stderr).toBe(0);
    }
    // Fitted to the terminal: the last run only when there is room, the filters whole (they
    // tell the two apart), the service only when the bookmarks go to more than one.
    const listAt = (columns: number, at = state, url = emu.url) =>
      runCli(['report', '--bookmarks', '--tz', 'Europe/Paris'], {
        env: envFor(url, at),
        cwd: out,
        now: () => new Date(clock.ms),
        columns,
      });
    const wide = await listAt(120);
    expect(wide.code, wide.stderr).toBe(0);
    const lines = wide.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME +CAMPAIGN +FILTERS +COVERED UNTIL +LAST RUN +RUNS$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^nightly +summer +- +2026-11-21 09:00:00 +2026-11-21 04:00:00 +1$/);
    expect(lines[2]).toMatch(/^nightly +summer +--status "BUSY,NO ANSWER" +2026-11-21 09:00:00 /);
    const table = await listAt(80);
    const at80 = table.stdout.trimEnd().split('\n');
    expect(at80[0]).toMatch(/^NAME +CAMPAIGN +FILTERS +COVERED UNTIL +RUNS$/);
    expect(at80[2]).toMatch(/^nightly +summer +--status "BUSY,NO ANSWER" +2026-11-21 09:00:00 +1$/);
    for (const columns of [60, 80, 120]) {
      const listed = columns === 80 ? table : columns === 120 ? wide : await listAt(columns);
      for (const line of listed.stdout.trimEnd().split('\n'))
        expect(line.length, `${columns}: ${line}`).toBeLessThanOrEqual(columns);
      expect(listed.stdout).toContain('COVERED UNTIL');
      expect(listed.stdout.match(/2026-11-21 09:00:00/g)).toHaveLength(2);
    }
    // A bookmark of the same name on another service (the same emulator by another name): the
    // service column tells them apart.
    const otherUrl = emu.url.replace('127.0.0.1', 'localhost');
    const elsewhere = await runCli(
      ['report', '--bookmark', 'nightly', '--from', '2026-11-20', '--format', 'csv'],
      { env: envFor(otherUrl, state), cwd: out, now: () => new Date(clock.ms) },
    );
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    const three = (await listAt(120)).stdout.trimEnd().split('\n');
    expect(three[0]).toMatch(/^NAME +CAMPAIGN +FILTERS +COVERED UNTIL +LAST RUN +RUNS +SERVICE$/);
    // Named by what tells them apart (one port, two hosts), not cut from the start of the URL.
    for (const columns of [80, 120]) {
      const rows = (await listAt(columns)).stdout.trimEnd().split('\n').slice(1);
      expect(
        rows.filter((l) => / localhost$/.test(l)),
        `${columns}`,
      ).toHaveLength(1);
      expect(
        rows.filter((l) => / 127\.0\.0\.1$/.test(l)),
        `${columns}`,
      ).toHaveLength(2);
    }
    for (const file of bookmarkFiles(state))
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as { service: string }).service === otherUrl)
        fs.rmSync(file);
    expect(bookmarkFiles(state)).toHaveLength(2);
    expect(wide.stderr).toContain(
      '2 bookmarks in ' +
        state +
        "; COVERED UNTIL is the service's clock (Asia/Ho_Chi_Minh), LAST RUN is Europe/Paris",
    );
    // Without its column, the last run's clock is not named.
    expect(table.stderr).toContain(
      `2 bookmarks in ${state}; COVERED UNTIL is the service's clock (Asia/Ho_Chi_Minh)\n`,
    );
    expect(table.stderr).not.toContain('LAST RUN');
    const json = await run(['--bookmarks', '--format', 'json'], state, out);
    const list = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(list.map((b) => [b.name, b.status, b.coveredUntil, b.nextFrom, b.runs])).toEqual([
      ['nightly', [], '2026-11-21 09:00:00', '2026-11-21 09:00:01', 1],
      ['nightly', ['BUSY', 'NO ANSWER'], '2026-11-21 09:00:00', '2026-11-21 09:00:01', 1],
    ]);
    expect(list[0]).toMatchObject({
      campaign: 'summer',
      service: emu.url,
      refId: null,
      startedWith: '2026-11-20',
    });
    const other = await run(['--bookmarks', '--campaign', 'winter'], state, out);
    expect(other.stdout).toBe('');
    expect(other.stderr).toContain(`no bookmarks for campaign winter in ${state}`);

    // Reset: the one with the same filters; the status order does not matter.
    const reset = await run(
      ['--bookmark-reset', 'nightly', '--status', 'NO ANSWER,BUSY'],
      state,
      out,
    );
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toContain(
      `forgot bookmark "nightly" (campaign summer, ${emu.url}, --status "BUSY,NO ANSWER"): it covered 2026-11-20 00:00:00 → 2026-11-21 09:00:00 (service clock, Asia/Ho_Chi_Minh) in 1 run, the last at 2026-11-21 10:00:00 Asia/Ho_Chi_Minh; its next run needs --from`,
    );
    expect(bookmarkFiles(state)).toHaveLength(1);
    const unknown = await run(['--bookmark-reset', 'nightly', '--status', 'ANSWERED'], state, out);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      `error: no bookmark "nightly" for campaign summer, ${emu.url}, --status "ANSWERED"`,
    );
    expect(unknown.stderr).toContain(
      `A bookmark "nightly" exists for: campaign summer, ${emu.url}, no filters.`,
    );
    const nothing = await run(['--bookmark-reset', 'monthly'], state, out);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('cacs report --bookmarks lists the bookmarks there are.');
    // After a reset the next run needs --from again.
    expect((await run(['--bookmark-reset', 'nightly'], state, out)).code).toBe(0);
    const again = await run(['--bookmark', 'nightly'], state, out);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('its first run needs --from');
    const empty = await run(['--bookmarks', '--format', 'json'], state, out);
    expect(JSON.parse(empty.stdout)).toEqual([]);
  });

  it('a damaged bookmark file is exit 2 naming the file and how to reset it', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + DAY + 10 * HOUR;
    expect(
      (await run(['--bookmark', 'nightly', '--from', '2026-11-20', '--format', 'csv'], state, out))
        .code,
    ).toBe(0);
    const { file } = onlyBookmark(state);
    fs.writeFileSync(file, '{"version":1,"name":"nightly","serv');
    const requests = emu.store.reportRequests.length;
    const r = await run(['--bookmark', 'nightly', '--format', 'csv'], state, out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `error: bookmark file ${file} cannot be read: not JSON (damaged or cut short)`,
    );
    expect(r.stderr).toContain('--bookmark-reset nightly in place of --bookmark nightly');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(emu.store.reportRequests.length).toBe(requests);
    const listed = await run(['--bookmarks'], state, out);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain(`bookmark file ${file} cannot be read`);
    // Valid JSON with a wrong field.
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse('{}'), version: 1, name: 'nightly' }));
    const wrong = await run(['--bookmark', 'nightly'], state, out);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      `bookmark file ${file} cannot be read: unexpected field service`,
    );
    const reset = await run(['--bookmark-reset', 'nightly'], state, out);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toContain(`its file ${file} could not be read`);
    expect(bookmarkFiles(state)).toEqual([]);
  });

  it('-o placeholders without a bookmark: {from}/{to} on the service clock, {date} in the user zone', async () => {
    const out = tempDir();
    // 2026-11-21 20:00 UTC: already the 22nd in Ho Chi Minh City, still the 21st in New York.
    clock.ms = Date.parse('2026-11-21T20:00:00Z');
    const r = await run(
      [
        '--from',
        '2026-11-21 08:00',
        '--to',
        '2026-11-21 09:30',
        '--tz',
        'America/New_York',
        '-o',
        'r-{from}-{to}-{date}.json',
      ],
      tempDir(),
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readdirSync(out)).toEqual(['r-20261121-200000-20261121-213000-2026-11-21.json']);
    expect(r.stderr).toContain('written to r-20261121-200000-20261121-213000-2026-11-21.json');
    const requests = emu.store.reportRequests.length;
    const bad = await run(['--from', 'today', '-o', 'r-{day}.csv'], tempDir(), out);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('error: -o r-{day}.csv: unknown placeholder {day}');
    expect(emu.store.reportRequests.length).toBe(requests);
  });

  it('a bookmarked run to stdout moves the bookmark once the report is written', async () => {
    const state = tempDir();
    clock.ms = D + DAY + 10 * HOUR;
    const r = await run(
      ['--bookmark', 'pipe', '--from', '2026-11-21', '--format', 'ndjson'],
      state,
      tempDir(),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).length).toBeGreaterThan(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 09:00:00');
  });

  it('a bookmarked run to a named pipe writes it every time (a pipe is written, never replaced, never "exists")', async () => {
    const state = tempDir();
    const out = tempDir();
    const fifo = path.join(out, 'feed');
    execFileSync('mkfifo', [fifo]);
    /** What the pipe's reader gets during one run. */
    const readOnce = () =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        fs.createReadStream(fifo)
          .on('data', (c) => chunks.push(c as Buffer))
          .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
          .on('error', reject);
      });
    clock.ms = D + DAY + 10 * HOUR;
    const got1 = readOnce();
    const r1 = await run(
      ['--bookmark', 'feed', '--from', '2026-11-21', '--format', 'ndjson', '-o', fifo],
      state,
      out,
    );
    expect(r1.code, r1.stderr).toBe(0);
    expect((await got1).split('\n').filter(Boolean).length).toBeGreaterThan(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 09:00:00');
    clock.ms += 5 * HOUR;
    const got2 = readOnce();
    const r2 = await run(['--bookmark', 'feed', '--format', 'ndjson', '-o', fifo], state, out);
    expect(r2.code, r2.stderr).toBe(0);
    expect((await got2).split('\n').filter(Boolean).length).toBeGreaterThan(0);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 14:00:00');
    expect(fs.statSync(fifo).isFIFO()).toBe(true);
  });

  it('--summary and --fail-on-violations with a bookmark: the summary covers the new range; exit 6 still moves the bookmark (the output is complete)', async () => {
    const state = tempDir();
    const out = tempDir();
    clock.ms = D + DAY + 10 * HOUR;
    const first = await run(
      ['--bookmark', 's', '--from', '2026-11-20', '--summary', '-o', 's-{from}-{to}.json'],
      state,
      out,
    );
    expect(first.code, first.stderr).toBe(0);
    const a = JSON.parse(
      fs.readFileSync(path.join(out, 's-20261120-000000-20261121-090000.json'), 'utf8'),
    ) as { attempts: number; from: string; to: string };
    expect([a.from, a.to]).toEqual(['2026-11-20 00:00:00', '2026-11-21 09:00:00']);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 09:00:00');
    // The emulator calls around the clock: outside 08:00-17:00 there are violations.
    clock.ms += 12 * HOUR;
    const second = await run(
      ['--bookmark', 's', '--fail-on-violations', '--format', 'csv', '-o', 'c-{from}-{to}.csv'],
      state,
      out,
    );
    expect(second.code, second.stderr).toBe(6);
    expect(second.stderr).toContain('outside call hours');
    expect(second.stderr).toContain('bookmark "s" now covers up to 2026-11-21 21:00:00');
    expect(fs.existsSync(path.join(out, 'c-20261121-090001-20261121-210000.csv'))).toBe(true);
    expect(onlyBookmark(state).json.coveredUntil).toBe('2026-11-21 21:00:00');
  });

  it('the library: openBookmark, runReport, commit; the command continues from it; listBookmarks, resetBookmark', async () => {
    const state = tempDir();
    clock.ms = D + DAY + 10 * HOUR;
    const client = createClient({ baseUrl: emu.url, token: 'emulator-token' });
    const bookmark = await openBookmark({
      name: 'lib',
      campaignKey: 'summer',
      client,
      stateDir: state,
    });
    let covered;
    try {
      // A second open while this one holds the lock is refused.
      await expect(
        openBookmark({ name: 'lib', campaignKey: 'summer', client, stateDir: state }),
      ).rejects.toThrow(/already running report bookmark "lib"/);
      const { plan, empty } = bookmark.plan({ from: '2026-11-21', now: new Date(clock.ms) });
      expect(empty).toBe(false);
      const report = await runReport({ client, campaignKey: 'summer', plan });
      covered = await bookmark.commit({ leads: report.records.length, attempts: report.attempts });
    } finally {
      await bookmark.release();
    }
    expect(covered?.coveredUntil).toBe('2026-11-21 09:00:00');
    clock.ms += HOUR;
    const cli = await runCli(['report', '--bookmark', 'lib', '--format', 'csv'], {
      env: envFor(emu.url, state),
      now: () => new Date(clock.ms),
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain('range: 2026-11-21 09:00:01 → 2026-11-21 10:00:00');
    const { bookmarks, unreadable } = await listBookmarks({ stateDir: state });
    expect(unreadable).toEqual([]);
    expect(bookmarks.map((b) => [b.name, b.runs, b.coveredUntil])).toEqual([
      ['lib', 2, '2026-11-21 10:00:00'],
    ]);
    const forgot = await resetBookmark({
      name: 'lib',
      campaignKey: 'summer',
      serviceUrl: emu.url,
      stateDir: state,
    });
    expect(forgot.state?.runs).toBe(2);
    expect((await listBookmarks({ stateDir: state })).bookmarks).toEqual([]);
  });
});

describe('bookmark flags', () => {
  it.each([
    [
      ['--settle', '1h', '--from', 'today'],
      '--settle is for incremental reports: give --bookmark <name> too',
    ],
    [['--bookmark', 'n', '--settle', '1h', '--to', 'now'], '--settle and --to: give one of them'],
    [['--bookmark', 'n', '--settle', '90'], '--settle "90": a number needs a unit'],
    [['--bookmark', 'n/../x'], '--bookmark "n/../x": not a bookmark name'],
    [['--bookmarks', '--from', 'today'], '--bookmarks fetches no report: leave out --from'],
    [['--bookmarks', '--format', 'csv'], '--bookmarks lists as a table or JSON, not csv'],
    [
      ['--bookmark-reset', 'n', '--format', 'json', '-o', 'x.csv'],
      '--bookmark-reset fetches no report: leave out -o, --format',
    ],
    [
      ['--bookmarks', '--bookmark-reset', 'n'],
      '--bookmarks and --bookmark-reset: give one of them',
    ],
    [['--bookmarks', '--summary'], '--bookmarks fetches no report: leave out --summary'],
  ])('%j is exit 2: %s', async (argv, message) => {
    const r = await runCli(['report', ...argv], {
      env: isolatedEnv({
        CACS_BASE_URL: 'http://127.0.0.1:9',
        CACS_ACCESS_TOKEN: 't',
        CACS_CAMPAIGN: 'summer',
      }),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${message}`);
  });

  it('the help names the bookmark flags and the -o placeholders', async () => {
    const r = await runCli(['report', '--help']);
    for (const text of [
      '--bookmark <name>',
      '--settle <duration>',
      '--bookmarks',
      '--bookmark-reset <name>',
      'cacs report --campaign summer --bookmark nightly -o "calls-{from}-{to}.csv"',
      'now minus --settle',
    ])
      expect(r.stdout).toContain(text);
    expect(r.stdout).toMatch(/\{from\}\s+\{to\} \{date\} are filled in/);
  });
});

describe('a crash between putting the report in place and moving the bookmark', () => {
  const key = {
    name: 'nightly',
    service: 'https://cacs.example.com',
    campaign: 'summer',
    status: [] as string[],
  };
  // 10:00:01 in Ho Chi Minh City: with --settle 0 the run covers up to 10:00:00, the last
  // second wholly past.
  const now = new Date('2026-11-22T03:00:01Z');

  /** A run stopped right after prepare(): its report is at `temp`, not yet at `target`. */
  async function stopAfterPrepare(state: string, dir: string, opts: { from?: string } = {}) {
    const handle = await openStoreBookmark(state, key);
    const { range } = handle.plan({ ...opts, now, settleMs: 0 });
    const target = path.join(dir, `calls-${range.to.h}.csv`);
    const temp = path.join(dir, '.calls.csv.tmp-0123456789abcdef');
    fs.writeFileSync(temp, 'the report\n');
    await handle.prepare({ output: target, leads: 3, attempts: 5 }, temp);
    await handle.release(); // as a SIGKILL would leave it (a dead pid's lock is taken over anyway)
    return { target, temp, range };
  }

  it('the report in place (same inode): the next open moves the bookmark as the run meant to', async () => {
    const state = tempDir();
    const dir = tempDir();
    const { target, temp } = await stopAfterPrepare(state, dir, { from: '2026-11-21' });
    fs.renameSync(temp, target);
    const next = await openStoreBookmark(state, key);
    try {
      expect(next.state?.coveredUntil).toBe('2026-11-22 10:00:00');
      expect(next.state?.runs).toBe(1);
      expect(next.state?.pending).toBeUndefined();
      expect(next.state?.lastRun).toMatchObject({ output: target, leads: 3, attempts: 5 });
      expect(next.notes.join('\n')).toContain(
        `stopped just after putting ${target} in place; the bookmark now covers up to 2026-11-22 10:00:00`,
      );
    } finally {
      await next.release();
    }
  });

  it('the report not in place: a first run leaves no bookmark, a later run leaves it as it was', async () => {
    const state = tempDir();
    const dir = tempDir();
    const { temp } = await stopAfterPrepare(state, dir, { from: '2026-11-21' });
    fs.rmSync(temp);
    const first = await openStoreBookmark(state, key);
    expect(first.state).toBeUndefined();
    expect(first.notes.join('\n')).toContain('stopped before its report was in place');
    // A real first run, then a later one stopped after prepare().
    first.plan({ from: '2026-11-21', now: new Date('2026-11-22T03:00:00Z'), settleMs: 3_600_000 });
    await first.commit({});
    await first.release();
    const before = fs.readFileSync(bookmarkFiles(state)[0]!, 'utf8');
    const later = await stopAfterPrepare(state, dir);
    // Another file of that name (not the run's): not the run's report.
    fs.writeFileSync(later.target, 'someone else\n');
    const next = await openStoreBookmark(state, key);
    await next.release();
    expect(next.state?.coveredUntil).toBe('2026-11-22 09:00:00');
    expect(next.notes.join('\n')).toContain(
      'its range (from 2026-11-22 09:00:01) is fetched again',
    );
    expect(fs.readFileSync(bookmarkFiles(state)[0]!, 'utf8')).toBe(before);
  });

  it('abandon() (the rename failed) drops the pending run at once', async () => {
    const state = tempDir();
    const dir = tempDir();
    const handle = await openStoreBookmark(state, key);
    handle.plan({ from: '2026-11-21', now });
    const temp = path.join(dir, 'tmp');
    fs.writeFileSync(temp, 'x');
    await handle.prepare({ output: path.join(dir, 'calls.csv') }, temp);
    expect(bookmarkFiles(state)).toHaveLength(1);
    await handle.abandon();
    await handle.release();
    expect(bookmarkFiles(state)).toEqual([]);
  });
});
