/**
 * Issue 13, items 3, 4, 5 and 11: a hostile service. Each case runs the real CLI against a
 * purpose-built server (test/helpers/servers.ts + hostile.ts) and checks that cacs ends in
 * bounded time and memory with the documented exit code, never trusting an answer that cannot
 * be true.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, runCli, spawnCli, tempDir } from '../helpers/cli.js';
import { drip, endlessRecords, gzipBomb, gzipped, stallAfter } from '../helpers/hostile.js';
import { json, startScriptedServer, type Script, type ScriptedServer } from '../helpers/servers.js';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function serve(...scripts: Script[]): Promise<ScriptedServer> {
  const s = await startScriptedServer(scripts);
  servers.push(s);
  return s;
}

function envFor(s: { url: string }) {
  const env = isolatedEnv({
    CACS_BASE_URL: s.url,
    CACS_ACCESS_TOKEN: 'hostile-test-token',
    CACS_CAMPAIGN: 'C1',
  });
  env.CACS_STATE_DIR = path.join(env.HOME!, 'state');
  return env;
}

const PHONES = ['0912345671', '0912345672', '0912345673'];

function leads(dir: string, phones = PHONES): string {
  const f = path.join(dir, 'leads.csv');
  fs.writeFileSync(f, `phone\n${phones.join('\n')}\n`);
  return f;
}

async function importJson(s: ScriptedServer, args: string[] = [], cwd = tempDir()) {
  const file = leads(cwd);
  const r = await runCli(['import', file, '--json', ...args], { env: envFor(s), cwd });
  const summary = r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : {};
  return { ...r, summary, file, cwd };
}

const REPORT = ['report', '--from', '2026-11-01', '--to', '2026-11-02', '--format', 'json'];

async function report(s: ScriptedServer, args: string[] = []) {
  const cwd = tempDir();
  const r = await runCli([...REPORT, ...args], { env: envFor(s), cwd });
  return { ...r, cwd };
}

describe('stalled and dripping answers (item 3)', () => {
  it('import: headers and 20 bytes then silence → the batch is uncertain, not a hang', async () => {
    const s = await serve(stallAfter('{"result":"success",'));
    const r = await importJson(s, ['--timeout', '300']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.summary).toMatchObject({ uncertain: 3, imported: 0 });
    expect(r.stderr).toContain('stalled: nothing arrived for 300 ms');
    expect(s.seen).toHaveLength(1);
  });

  it('import: one byte every 50 ms (never idle) → ended by the deadline (3 × --timeout)', async () => {
    const s = await serve(drip(50));
    const r = await importJson(s, ['--timeout', '300']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain("the request's deadline");
    expect(s.seen).toHaveLength(1);
  });

  it.each([
    ['headers only', '', /stalled: nothing arrived for 300 ms/],
    [
      'headers and 20 bytes',
      '{"result":"success",',
      /arrives at under 64 kB\/s \(20 bytes in [\d.]+ s\)/,
    ],
  ])(
    'report: %s, then silence → cut after --timeout, retried a bounded number of times, exit 1',
    async (_what, first, why) => {
      const s = await serve((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        // The 20 bytes go out with the headers in one write, so they arrive before the first
        // idle check even on a loaded machine (sent apart, a late packet made it 'stalled').
        if (first) res.write(first);
        else res.flushHeaders();
      });
      const r = await report(s, ['--timeout', '300']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toMatch(/gave up after \d+ attempts/);
      expect(r.stdout).toBe('');
      expect(s.seen.length).toBeGreaterThan(1);
      expect(s.seen.length).toBeLessThanOrEqual(6);
    },
  );

  it('report: a drip below the minimum rate is cut, retried a bounded number of times, exit 1', async () => {
    const s = await serve(drip(20));
    const r = await report(s, ['--timeout', '200']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/arrives at under 64 kB\/s/);
    expect(r.stderr).toMatch(/gave up after \d+ attempts/);
    expect(r.stdout).toBe('');
  });
});

describe('compression bombs and huge answers (items 4 and 5)', () => {
  const bomb = gzipBomb(64, 32); // about 2 MB inflating to 2 GB

  it('import: a 2 MB gzip answer inflating to 2 GB makes the batch uncertain, no crash', async () => {
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const s = await serve(gzipped(bomb));
    const r = await importJson(s);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('larger than the 1 MB cacs reads for an import');
    expect(s.seen).toHaveLength(1);
  });

  it('report: the same bomb is exit 1 with a clear message, asked once (a deterministic failure is not retried)', async () => {
    const s = await serve(gzipped(bomb));
    const r = await report(s);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('larger than the 64 MB cacs reads for a report window');
    expect(r.stderr).toContain('--window-days');
    expect(s.seen).toHaveLength(1);
  });

  it('report: a 1 GB answer to every request is split down to one minute, then stops naming it, in bounded memory, writing nothing', async () => {
    const s = await serve(endlessRecords(1024 * 1024 * 1024));
    const cwd = tempDir();
    const out = path.join(cwd, 'calls.json');
    const hasTime = fs.existsSync('/usr/bin/time');
    // One hour: 60 → 30 → 15 → 5 → 2 → 1 min (a day would take 4 levels more, the same way).
    const argv = [BIN, 'report', '--from', '2026-11-01T10:00', '--to', '2026-11-01T10:59:59'];
    argv.push('--format', 'json', '-o', out);
    const child = spawn(
      hasTime ? '/usr/bin/time' : process.execPath,
      hasTime ? ['-f', 'maxrss=%M', process.execPath, ...argv] : argv,
      { cwd, env: envFor(s) as NodeJS.ProcessEnv },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code, stderr).toBe(1);
    // A busy day looks like this too: each answer over the cap is asked again in halves, down
    // to one minute, and only then does the report stop, naming that minute.
    expect(stderr).toMatch(
      /the service's answer for 2026-11-01 10:\d\d:00 → 2026-11-01 10:\d\d:59 \(every status\) is larger than the 64 MB cacs reads for one request, even for one minute/,
    );
    expect(stderr).toContain('--status');
    expect(fs.readdirSync(cwd)).toEqual([]);
    const rss = /maxrss=(\d+)/.exec(stderr);
    if (rss) expect(Number(rss[1]) / 1024).toBeLessThan(500);
    // 6 levels; a level asks at most the 4 (--concurrency) slices in flight when the first of
    // them was found too large (windows as long are then split before they are asked).
    expect(s.seen.length).toBeGreaterThanOrEqual(6);
    expect(s.seen.length).toBeLessThanOrEqual(1 + 4 * 6);
  }, 120_000);
});

describe("a report's answers together (item 5)", () => {
  /**
   * An answer of about `bytes` of records, each with one attempt inside the asked window (made
   * once per day: the same day asked again gets the same bytes).
   */
  const windowOf = (bytes: number): Script => {
    const made = new Map<string, Buffer>();
    return (_req, res, body) => {
      const day = (JSON.parse(body) as { start_date: string }).start_date.slice(0, 10);
      let answer = made.get(day);
      if (answer === undefined) {
        const base = Number(day.replaceAll('-', '')) * 100_000;
        const records: string[] = [];
        let size = 0;
        for (let i = 0; size < bytes; i++) {
          const r = `{"campaign_id":1,"campaign_lead_id":${base + i},"phone_number":"0912345678","call":1,"data":[{"session":"s${base + i}","wait_time":1,"talk_time":2,"phone_number":"0912345678","date_time":"${day} 10:00:00","status":"ANSWERED","retry":0,"key_press":""}]}`;
          records.push(r);
          size += r.length + 1;
        }
        answer = Buffer.from(
          `{"result":"success","message":"Have ${records.length} records found","records":[${records.join(',')}]}`,
        );
        made.set(day, answer);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer);
    };
  };

  it('stop at a fifth of the heap limit with a clear message (exit 1), never a V8 crash', async () => {
    // A heap limit of ≈ 113 MB (--max-old-space-size=60): a report may read 22 MB; two windows of
    // 8 MB fit, a third does not. Five such windows crashed cacs before it had this limit.
    const s = await serve(windowOf(8_000_000));
    const cwd = tempDir();
    const env = { ...envFor(s), NODE_OPTIONS: '--max-old-space-size=60' };
    const args = [...REPORT.slice(0, 2), '2026-11-01', '--to', '2026-11-05', '--window-days', '1'];
    const r = await spawnCli([...args, '--concurrency', '1', '-o', 'calls.json'], {
      env,
      cwd,
      timeoutMs: 110_000,
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /the report's answers add up to more than the 22 MB cacs reads for one report \(16\.0 MB before the answer for 2026-11-03 00:00:00 → 2026-11-03 23:59:59, of 8\.0 MB\)/,
    );
    expect(r.stderr).toContain('NODE_OPTIONS=--max-old-space-size=');
    expect(r.stderr).not.toMatch(/heap|FATAL|internal error/i);
    expect(s.seen).toHaveLength(3); // not retried
    expect(fs.readdirSync(cwd)).toEqual([]);
    // Two windows fit.
    const ok = await spawnCli(
      [
        ...REPORT.slice(0, 2),
        '2026-11-01',
        '--to',
        '2026-11-02',
        '--window-days',
        '1',
        '-o',
        'calls.json',
      ],
      { env, cwd, timeoutMs: 110_000 },
    );
    expect(ok.code, ok.stderr).toBe(0);
  }, 120_000);
});

describe('answers that cannot be true (item 11)', () => {
  it.each([
    ['7/3 leads were imported', /7 imported out of 3 sent/],
    ['3/5 leads were imported', /a total of 5 for 3 leads sent/],
    ['12345678901234567890123 leads were imported', /cannot be true/],
    // Issue 22 item 9: impossible or self-contradicting answers.
    ['-3/3 leads were imported', /cannot be true for 3 leads sent \(a negative count\)/],
    ['3/-3 leads were imported', /a negative count/],
    ['3.5/3 leads were imported', /not a whole number/],
    ['+3/3 leads were imported', /not an answer the spec describes .*a count with a sign/],
    ['3/3 leads were imported, 2 failed', /not an answer the spec describes/],
    ['OK', /not an answer the spec describes/],
    [
      'Parameter #phone_number# is wrong format. Please check it again',
      /cannot be true .*a success carrying one of the spec's error messages/,
    ],
  ])('"%s" for 3 leads is uncertain (exit 5), never a success', async (message, why) => {
    const s = await serve(json(200, { result: 'success', message }));
    const r = await importJson(s);
    expect(r.code, r.stderr).toBe(5);
    expect(r.summary).toMatchObject({ imported: 0, uncertain: 3 });
    expect(r.stderr).toMatch(why);
  });

  it.each([
    [
      200,
      { result: 'error', message: '3/3 leads were imported' },
      /error whose message says it imported/,
    ],
    [
      400,
      { result: 'success', message: '3/3 leads were imported' },
      /HTTP 400 with a body that says it imported/,
    ],
    [
      503,
      { result: 'success', message: '3/3 leads were imported' },
      /HTTP 503 with a body that says it imported/,
    ],
    [200, { result: 'success', message: 3 }, /its message is a number, not a count/],
  ])(
    'HTTP %i %j contradicts itself: uncertain (exit 5), never imported nor resent',
    async (status, body, why) => {
      const s = await serve(json(status, body));
      const r = await importJson(s);
      expect(r.code, r.stderr).toBe(5);
      expect(r.summary).toMatchObject({ imported: 0, uncertain: 3, notSent: 0 });
      expect(r.stderr).toMatch(why);
      expect(s.seen).toHaveLength(1);
    },
  );

  it('an HTTP 200 error the spec does not list is uncertain, and a rerun does not resend it', async () => {
    const s = await serve(json(200, { result: 'error', message: 'Internal queue overflow' }));
    const cwd = tempDir();
    const file = leads(cwd);
    const env = envFor(s);
    const first = await runCli(['import', file, '--json'], { env, cwd });
    expect(first.code, first.stderr).toBe(5);
    expect(JSON.parse(first.stdout)).toMatchObject({ uncertain: 3, notSent: 0 });
    expect(first.stderr).toContain('an error cacs does not know');
    const rerun = await runCli(['import', file, '--json'], { env, cwd });
    expect(rerun.code).toBe(5);
    expect(s.seen).toHaveLength(1);
  });

  it.each([
    [[null], /record 1 is null, not an object/],
    [[{ campaign_lead_id: 1, data: [null] }], /record 1 \(lead 1\), attempt 1 is null/],
    [[1, 'x', true], /record 1 is a number, not an object/],
    [
      [
        { campaign_id: 1, data: [] },
        { campaign_id: 1, data: [] },
      ],
      /record 1 has no campaign_lead_id/,
    ],
    [[{ campaign_lead_id: 1, lead_name: { x: 1 } }], /lead_name is an object/],
  ])('report records %j are exit 1 naming what was wrong', async (records, why) => {
    const s = await serve(
      json(200, { result: 'success', message: 'Have 1 records found', records }),
    );
    const r = await report(s);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(why);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stdout).toBe('');
    expect(s.seen).toHaveLength(1);
  });
});

describe('proxies', () => {
  it('a 407 says proxy authentication, not "connection broke"', async () => {
    const s = await serve(json(407, { message: 'Proxy Authentication Required' }));
    const r = await importJson(s);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the proxy asked for authentication (HTTP 407)');
    expect(r.stderr).toContain('HTTPS_PROXY');
  });
});

describe('the first Ctrl-C ends any run within seconds (item 3)', () => {
  function spawnCli(args: string[], env: Record<string, string | undefined>, cwd: string) {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: env as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const done = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    return { child, done, out: () => ({ stdout, stderr }) };
  }
  const until = async (check: () => boolean) => {
    const end = Date.now() + 10_000;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  };

  it('report: a stalled answer is abandoned at once, exit 130', async () => {
    const s = await serve(stallAfter('{"result":'));
    const cwd = tempDir();
    const p = spawnCli(REPORT, envFor(s), cwd);
    await until(() => s.seen.length >= 1);
    p.child.kill('SIGINT');
    // The answer never comes: exiting at all is the proof (how soon: bench/responsiveness.js).
    expect(await p.done).toBe(130);
  });

  it('import: a stalled batch gets a few seconds to answer, then is uncertain; exit 130', async () => {
    const s = await serve(stallAfter('{"result":'));
    const cwd = tempDir();
    const file = leads(cwd);
    const p = spawnCli(['import', file, '--json'], envFor(s), cwd);
    await until(() => s.seen.length >= 1);
    p.child.kill('SIGINT');
    expect(await p.done).toBe(130);
    expect(JSON.parse(p.out().stdout)).toMatchObject({ uncertain: 3, imported: 0 });
  }, 120_000);
});
