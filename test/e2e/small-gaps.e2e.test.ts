/**
 * Issue 22 item 8: small correctness gaps. The library's options checked by the CLI's rules,
 * a leading NUL neutralised in CSV and table reports, every day of a summary's range shown,
 * and `cacs import -` on a terminal saying it waits for input (a real pseudo-terminal).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, runImport, runReport, UsageError } from '../../src/index.js';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv } from '../helpers/import.js';

const emulators = emulatorPool();
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir('cacs-gaps-');
  made.push(d);
  return d;
}

function envFor(emu: { url: string }) {
  const env = importEnv(emu);
  made.push(env.HOME!);
  return env;
}

describe("the library's options follow the CLI's rules", () => {
  it("runImport({ delimiter: 'tab' }) splits on tabs, as --delimiter tab does; a wrong one is refused", async () => {
    const cwd = dir();
    fs.writeFileSync(
      path.join(cwd, 'leads.txt'),
      'phone\tname\n0912345678\tAn\n0912345679\tBình\n',
    );
    for (const delimiter of ['tab', 'TAB', '\t', '\\t']) {
      const s = await runImport({
        file: 'leads.txt',
        cwd,
        campaignKey: 'summer',
        dryRun: true,
        stateDir: false,
        rows: 'data',
        delimiter,
        format: 'csv',
      });
      expect(s).toMatchObject({ total: 2, valid: 2, rejected: 0, exitCode: 0 });
    }
    const cli = await runCli(['import', 'leads.txt', '--delimiter', 'tab', '--dry-run', '--json'], {
      env: { PATH: process.env.PATH, HOME: cwd },
      cwd,
    });
    expect(JSON.parse(cli.stdout)).toMatchObject({ total: 2, valid: 2 });

    const refused = (options: Record<string, unknown>) =>
      runImport({
        file: 'leads.txt',
        cwd,
        campaignKey: 'summer',
        dryRun: true,
        stateDir: false,
        rows: 'data',
        ...options,
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
    const bad = await refused({ delimiter: 'tabs' });
    expect(bad).toBeInstanceOf(UsageError);
    expect((bad as Error).message).toBe('runImport: delimiter "tabs": use one of , ; tab |');
    expect(((await refused({ delimiter: ';;' })) as Error).message).toMatch(/delimiter ";;"/);
    // The bounds --batch-size and --concurrency have.
    expect(((await refused({ batchSize: 100_001, concurrency: 65 })) as Error).message).toBe(
      'runImport: batchSize 100001: expected a whole number from 1 to 100000; concurrency 65: expected a whole number from 1 to 64',
    );
    expect(((await refused({ format: 'tsv' })) as Error).message).toMatch(
      /format "tsv": expected one of csv, json, ndjson, xlsx/,
    );
  });

  it("runReport's concurrency has --concurrency's bounds", async () => {
    const emu = await emulators.start();
    const client = createClient({ baseUrl: emu.url, token: 'emulator-token' });
    await expect(
      runReport({ client, campaignKey: 'summer', from: '2026-11-01', concurrency: 65 }),
    ).rejects.toThrow('concurrency: expected a whole number from 1 to 64');
    expect(emu.store.reportRequests).toHaveLength(0);
  });
});

describe('reports', () => {
  const NOW = () => new Date('2026-11-27T03:00:00Z');

  it('a text cell that starts with NUL is neutralised in CSV (attempts and leads) and the table', async () => {
    const emu = await emulators.start({ seed: 3 });
    for (const [i, name] of ['\u0000=1+1', '\u0000@SUM(A1)', 'An'].entries())
      emu.store.addLead(
        'summer',
        { phone_number: `091234567${i}`, name, ref_id: `R${i}` },
        new Date(Date.UTC(2026, 10, 3, 2)),
      );
    const env = envFor(emu);
    const cwd = dir();
    const range = ['--from', '2026-11-01', '--to', '2026-11-20'];
    for (const flatten of ['attempts', 'leads']) {
      const r = await runCli(['report', ...range, '--format', 'csv', '--flatten', flatten], {
        env,
        cwd,
        now: NOW,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(",'\u0000=1+1,");
      expect(r.stdout).toContain(",'\u0000@SUM(A1),");
      expect(r.stdout).not.toMatch(/,\u0000/);
    }
    const table = await runCli(['report', ...range, '--format', 'table'], {
      env,
      cwd,
      now: NOW,
    });
    expect(table.code).toBe(0);
    // The table shows control characters as spaces: the cell still begins with the quote.
    expect(table.stdout).toMatch(/ {2}'\s?=1\+1 /);
    expect(table.stdout).toMatch(/ {2}'\s?@SUM\(A1\) /);
  });

  it('attempts per day: every day of a 7-day range, called or not', async () => {
    const emu = await emulators.start({ seed: 3 });
    // Leads imported on the 5th: the first attempts come that day, none before.
    for (let i = 0; i < 5; i++)
      emu.store.addLead(
        'summer',
        { phone_number: `09100000${String(i).padStart(2, '0')}`, name: `K ${i}` },
        new Date(Date.UTC(2026, 10, 5, 2)),
      );
    const env = envFor(emu);
    const cwd = dir();
    const days = (from: string, _to: string) =>
      Array.from({ length: 7 }, (_, i) => {
        const d = new Date(`${from}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + i);
        return d.toISOString().slice(0, 10);
      });
    for (const [from, to] of [
      ['2026-11-01', '2026-11-07'],
      ['2026-11-20', '2026-11-26'], // no attempt at all
    ] as const) {
      const r = await runCli(
        ['report', '--from', from, '--to', to, '--summary', '--format', 'json'],
        { env, cwd, now: NOW },
      );
      expect(r.code).toBe(0);
      const s = JSON.parse(r.stdout) as { perDay: Array<{ day: string; attempts: number }> };
      expect(s.perDay.map((d) => d.day)).toEqual(days(from, to));
      // The terminal view draws the chart when there are attempts to draw.
      if (s.perDay.every((d) => d.attempts === 0)) continue;
      const view = await runCli(['report', '--from', from, '--to', to, '--summary'], {
        env,
        cwd,
        now: NOW,
        tty: true,
      });
      expect(view.code).toBe(0);
      const rows = view.stdout.split('\n').filter((l) => /^\d{4}-\d\d-\d\d \w{3} /.test(l));
      expect(rows.map((l) => l.slice(0, 10))).toEqual(days(from, to));
    }
  });
});

/**
 * `cacs import - …` in a real pseudo-terminal (python's pty module): what it printed before any
 * input, then the lines typed and Ctrl-D, and what it printed after, with its exit code.
 */
function onTerminal(args: string[], cwd: string, typed: string[]) {
  const script = `
import os, pty, sys, select, json
args = json.loads(sys.argv[1]); typed = json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execv(args[0], args)
out = b''
def read_until(pred, limit=30):
    global out
    import time
    end = time.time() + limit
    while not pred(out) and time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            out += chunk
read_until(lambda o: b'Ctrl-D' in o)
before = out.decode('utf8', 'replace')
for line in typed:
    os.write(fd, (line + '\\n').encode())
os.write(fd, b'\\x04')
read_until(lambda o: False, 60)
_, status = os.waitpid(pid, 0)
print(json.dumps({'before': before, 'all': out.decode('utf8', 'replace'), 'code': os.waitstatus_to_exitcode(status)}))
`;
  return new Promise<{ before: string; all: string; code: number }>((resolve, reject) => {
    const child = spawn(
      'python3',
      ['-c', script, JSON.stringify([process.execPath, BIN, ...args]), JSON.stringify(typed)],
      { cwd, env: { PATH: process.env.PATH, HOME: cwd, TERM: 'dumb' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`pty helper failed: ${stderr}${stdout}`));
      }
    });
  });
}

describe('cacs import - on a terminal', () => {
  it('says it is waiting for the leads and how to end, then reads what was typed', async () => {
    const cwd = dir();
    const r = await onTerminal(['import', '-', '--dry-run', '--campaign', 'summer'], cwd, [
      'phone,name',
      '0912345678,An',
      '0912345679,Binh',
    ]);
    // (A pseudo-terminal of 0 columns is written to at 80: the line may be broken in two.)
    expect(r.before.replace(/\s+/g, ' ')).toMatch(
      /reading leads from the terminal \(CSV, a header row first\): type or paste them, then press Ctrl-D on an empty line to end/,
    );
    expect(r.all).toMatch(/rows read\s+2/);
    expect(r.code).toBe(0);
  });
});
