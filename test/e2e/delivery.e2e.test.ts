/**
 * Delivery guarantees under injected faults: no lead sent twice, none lost silently.
 * Every test checks the invariant: rows = imported + rejected + duplicates + service-skipped
 * + uncertain (+ not sent).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sleep } from '../../src/api/retry.js';
import { loadJournal } from '../../src/state/file/journal.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { BIN, killableEnv, runCli, tempDir } from '../helpers/cli.js';
import { closedPort } from '../helpers/servers.js';
import { pointsDir, reached, release } from '../helpers/points.js';
import { fastSleep } from '../helpers/sleep.js';
import {
  accountedFor,
  emulatorPool,
  importEnv,
  importJson,
  processedPhones,
  readCsv,
  write,
  type Summary,
} from '../helpers/import.js';

const emulators = emulatorPool();
const emulator = (opts: EmulatorOptions = {}) => emulators.start(opts);

function leadsFile(dir: string, n: number, name = 'leads.csv'): { file: string; phones: string[] } {
  const phones = Array.from({ length: n }, (_, i) => `09${String(10_000_000 + i)}`);
  return {
    file: write(dir, name, `phone,name\n${phones.map((p, i) => `${p},Khách ${i}`).join('\n')}\n`),
    phones,
  };
}

const run = (
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  sleep: Sleep = fastSleep(),
) => importJson(args, env, cwd, sleep);

function spawnImport(args: string[], env: Record<string, string | undefined>, cwd: string) {
  const child = spawn(process.execPath, [BIN, 'import', ...args], {
    cwd,
    env: env as NodeJS.ProcessEnv,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, done, out: () => ({ stdout, stderr }) };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const dupes = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);

describe('retryable faults', () => {
  // The client gives up on a batch after 6 attempts. At 20% 503 + 10% 429 (28% of answers) a
  // batch did so with p = 0.28^6: about one run in 50 of these 40 batches ended with exit 1, and
  // one in 12 without real backoff waits. At 14.5%, p = 0.145^6: about one run in 2,700.
  it('10% 503 + 5% 429: every lead exactly once, exit 0', async () => {
    const emu = await emulator({
      seed: 11,
      faults: { rate503: 0.1, rate429: 0.05, retryAfterSeconds: 0 },
    });
    const cwd = tempDir();
    const { file, phones } = leadsFile(cwd, 400);
    const sleep = fastSleep();
    const args = [file, '--batch-size', '10', '--concurrency', '4'];
    const r = await run(args, importEnv(emu), cwd, sleep);
    expect(r.code, r.stderr).toBe(0);
    expect(sleep.waits.length).toBeGreaterThan(0);
    expect(r.summary).toMatchObject({ imported: 400, uncertain: 0, notSent: 0 });
    expect(emu.store.importRequests).toBeGreaterThan(40); // some answers were faults, retried
    expect(processedPhones(emu).sort()).toEqual(phones);
  });

  it('connection refused throughout: exit 1 within the bound, nothing recorded as sent', async () => {
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 20);
    const port = await closedPort();
    const sleep = fastSleep();
    const r = await run([file], importEnv({ url: `http://127.0.0.1:${port}` }), cwd, sleep);
    // The bound: 5 waits between 6 attempts, each under its backoff ceiling (250 ms doubled).
    expect(sleep.waits).toHaveLength(5);
    sleep.waits.forEach((ms, i) => expect(ms).toBeLessThanOrEqual(250 * 2 ** i));
    expect(r.code).toBe(1);
    expect(r.summary).toMatchObject({ imported: 0, notSent: 20, uncertain: 0 });
    expect(r.stderr).toMatch(
      /stopped: cannot reach 127\.0\.0\.1:\d+: connection refused \(gave up after 6 attempts\)/,
    );
  }, 120_000);

  it('a Retry-After longer than the cap fails fast with a message', async () => {
    const emu = await emulator({ faults: { rate503: 1, retryAfterSeconds: 3600 } });
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 5);
    const sleep = fastSleep();
    const r = await run([file], importEnv(emu), cwd, sleep);
    expect(sleep.waits).toEqual([]); // no wait at all
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the service asks to wait 3600 s, longer than the 60 s cacs waits');
    expect(emu.store.received).toHaveLength(0);
  });
});

describe('uncertain batches', () => {
  it('answers lost after processing: never resent, listed, exit 5; a rerun sends nothing; --retry-uncertain completes', async () => {
    const cwd = tempDir();
    const statePath = path.join(cwd, 'emulator.json');
    const faulty = await emulator({ seed: 5, statePath, faults: { dropAfterRate: 0.3 } });
    const { file, phones } = leadsFile(cwd, 100);
    const env = importEnv(faulty);
    const first = await run([file, '--batch-size', '10', '--concurrency', '2'], env, cwd);
    expect(first.code).toBe(5);
    const uncertainRows = readCsv(path.join(cwd, 'leads.csv.uncertain.csv')).slice(1);
    expect(first.summary.uncertain).toBe(uncertainRows.length);
    expect(first.summary.uncertain).toBeGreaterThan(0);
    expect(uncertainRows.every((row) => row[1] === 'uncertain')).toBe(true);
    expect(dupes(processedPhones(faulty))).toEqual([]);
    // The dropped batches were processed (the emulator stored them): each exactly once.
    expect(processedPhones(faulty).sort()).toEqual(phones);
    expect(first.stderr).toContain('may or may not have been imported');

    const again = await run([file, '--batch-size', '10'], env, cwd);
    expect(again.code).toBe(5);
    expect(again.summary).toMatchObject({
      imported: 0,
      uncertain: 0,
      uncertainEarlier: first.summary.uncertain,
      alreadyImported: first.summary.imported,
    });
    // The rerun lists them as held back (and the uncertain list of the first run is replaced).
    const held = readCsv(path.join(cwd, 'leads.csv.skipped.csv')).slice(1);
    expect(held.filter((r) => r[1] === 'uncertain_earlier')).toHaveLength(first.summary.uncertain);
    expect(processedPhones(faulty)).toHaveLength(100);
    // Its history says why it exited 5 with none of its own uncertain (operator walk, session 12).
    const shown = await runCli(['history', 'show', (again.summary as { runId: string }).runId], {
      env,
      cwd,
    });
    expect(shown.stdout).toMatch(/outcome +exit 5/);
    expect(shown.stdout.replace(/\s+/g, ' ')).toContain(
      `${first.summary.uncertain} not sent: earlier runs left them uncertain (cacs reconcile settles them)`,
    );

    // Same address, no more faults: resend the uncertain ones on purpose.
    const port = faulty.port;
    await emulators.stop(faulty);
    const healthy = await emulator({ port, statePath });
    const retry = await run([file, '--retry-uncertain'], env, cwd);
    // Its note says they go again (it said "those are not sent again", then sent them: found
    // by an operator walk, session 12).
    expect(retry.stderr).toMatch(
      /^resuming: .* uncertain; the uncertain ones still to send \(not settled since, nor held back now\) are sent again, the others are not$/m,
    );
    expect(retry.stderr).not.toContain('those are not sent again');
    expect(retry.summary.uncertain).toBe(0);
    expect(retry.summary.serviceSkipped).toBe(first.summary.uncertain); // the service had them already
    expect(retry.code).toBe(3);
    expect(fs.existsSync(path.join(cwd, 'leads.csv.uncertain.csv'))).toBe(false);
    expect(healthy.store.leads('summer')).toHaveLength(100);
  });

  it('--restart sets the journal aside but not the ledger; with --allow-repeat everything is sent again', async () => {
    const emu = await emulator({ skipExisting: false });
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 10);
    const env = importEnv(emu);
    await run([file], env, cwd);
    const again = await run([file], env, cwd);
    expect(again.summary).toMatchObject({ imported: 0, alreadyImported: 10 });
    const restart = await run([file, '--restart'], env, cwd);
    expect(restart.summary).toMatchObject({ imported: 0, alreadyImported: 10 });
    expect(emu.store.leads('summer')).toHaveLength(10);
    const repeat = await runCli(['import', file, '--restart', '--allow-repeat'], { env, cwd });
    expect(repeat.code).toBe(0);
    // With --allow-repeat they are sent: the note says so (it said "still not sent": operator walk).
    expect(repeat.stderr).toMatch(
      /--restart: what earlier runs of this file recorded is set aside \([^)]+\), and leads the campaign's ledger says were imported are sent again \(--allow-repeat\)/,
    );
    expect(repeat.stderr).not.toContain('still not sent');
    expect(emu.store.leads('summer')).toHaveLength(20);
    // In Vietnamese too, from the message catalog (it was an English literal in the file store).
    const vi = await runCli(['import', file, '--restart', '--allow-repeat', '--lang', 'vi'], {
      env,
      cwd,
    });
    expect(vi.stderr).toContain(
      '--restart: những gì các lượt trước của tệp này đã ghi được để sang một bên',
    );
    expect(vi.stderr).toContain('được gửi lại (--allow-repeat)');
  });
});

describe('crashes, signals and locks', () => {
  it('SIGKILL mid-import, then a rerun: no lead twice; every missing lead is reported uncertain', async () => {
    const emu = await emulator({ latencyMs: 150 });
    const cwd = tempDir();
    const { file, phones } = leadsFile(cwd, 200);
    const env = killableEnv(importEnv(emu));
    const p = spawnImport([file, '--batch-size', '10', '--concurrency', '2'], env, cwd);
    await until(() => emu.store.received.length >= 4);
    p.child.kill('SIGKILL');
    await p.done;
    const sentBeforeKill = processedPhones(emu).length;
    expect(sentBeforeKill).toBeLessThan(200);

    const rerun = await run([file, '--batch-size', '10'], env, cwd);
    const processed = processedPhones(emu);
    expect(dupes(processed)).toEqual([]);
    // Leads in flight at the kill are uncertain: held back by the campaign's ledger (the
    // skipped list), or, where the kill came between the journal's sync and the ledger's, by
    // the file's journal (the uncertain list). Either way listed, never sent.
    const listed = (file: string | null, code: string) =>
      file
        ? readCsv(file)
            .slice(1)
            .filter((r) => r[1] === code)
            // The phone: the reason holds commas (quoted), which readCsv does not parse.
            .map((r) => r.at(-2)!)
        : [];
    const uncertain = [
      ...listed(rerun.summary.skippedFile, 'uncertain_earlier'),
      ...listed(rerun.summary.uncertainFile, 'uncertain'),
    ];
    const missing = phones.filter((ph) => !processed.includes(ph));
    for (const ph of missing) expect(uncertain).toContain(ph);
    expect(rerun.code === 0 || rerun.code === 5).toBe(true);
    expect(rerun.summary.uncertainEarlier).toBe(uncertain.length);
  }, 120_000);

  it('SIGINT stops new batches, waits for those in flight, exits 130; a rerun finishes the job', async () => {
    const emu = await emulator({ latencyMs: 200 });
    const cwd = tempDir();
    const { file, phones } = leadsFile(cwd, 100);
    const env = importEnv(emu);
    const p = spawnImport([file, '--batch-size', '5', '--concurrency', '2', '--json'], env, cwd);
    await until(() => emu.store.received.length >= 2);
    p.child.kill('SIGINT');
    const { code } = await p.done;
    expect(code).toBe(130);
    const summary = JSON.parse(p.out().stdout) as Summary;
    expect(summary.notSent).toBeGreaterThan(0);
    expect(summary.uncertain).toBe(0); // in-flight requests were waited for
    expect(accountedFor(summary)).toBe(100);
    expect(p.out().stderr).toContain('interrupted: run the same command again');
    const rerun = await run([file, '--batch-size', '5'], env, cwd);
    expect(rerun.code).toBe(0);
    expect(rerun.summary.imported + rerun.summary.alreadyImported).toBe(100);
    expect(processedPhones(emu).sort()).toEqual(phones);
  }, 120_000);

  it('Ctrl-C before the first request: only "run it again", never the advice to send everything again', async () => {
    // Review, session 18: a Ctrl-C while the rows were checked said "nothing sent: the ledger
    // holds these leads … run again with --restart --allow-repeat" — which would have sent every
    // lead a second time.
    const emu = await emulator();
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 20);
    const env = importEnv(emu);
    expect((await run([file], env, cwd)).code).toBe(0);
    // The same file with new leads after, interrupted as its rows are about to be checked: its
    // first 20 are held back by the ledger, the new ones are not sent (the run was stopped).
    fs.appendFileSync(file, '0987000001,Mới\n0987000002,Mới\n');
    const points = pointsDir();
    const p = spawnImport(
      [file],
      { ...env, CACS_TEST_POINTS: points, CACS_TEST_PAUSE: 'import-work-created' },
      cwd,
    );
    const pid = await reached(points, 'import-work-created', () => p.child.exitCode !== null);
    expect(pid, p.out().stderr).toBe(p.child.pid);
    p.child.kill('SIGINT');
    release(points, 'import-work-created', pid!);
    const { code } = await p.done;
    const { stderr } = p.out();
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('interrupted: run the same command again');
    expect(stderr).not.toContain('--allow-repeat');
    expect(stderr).not.toContain('--restart');
    expect(stderr).not.toMatch(/nothing (was )?sent/);
  }, 120_000);

  it.skipIf(!fs.existsSync('/usr/bin/script'))(
    'Ctrl-C typed on a real pseudo-terminal (script): what follows the echoed ^C starts a line of its own, and a terminal with no width draws no spinner',
    async () => {
      // Review, session 18: "^Cwarning: interrupted: …" broken to the width from column 0 (cut
      // mid-word), and, without -q, ora on a pseudo-terminal of 0 columns wrote cursor-up and
      // clear without end.
      const emu = await emulator({ latencyMs: 300 });
      const cwd = tempDir();
      const { file } = leadsFile(cwd, 200);
      for (const quiet of [true, false]) {
        const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}${quiet ? ' -q' : ''} import ${JSON.stringify(file)} --batch-size 5 --concurrency 1 --restart --allow-repeat`;
        const child = spawn('/usr/bin/script', ['-qfec', cmd, '/dev/null'], {
          cwd,
          env: { ...(importEnv(emu) as NodeJS.ProcessEnv), COLUMNS: '60', TERM: 'xterm' },
        });
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          // A runaway writer is cut short (and fails below).
          if (out.length > 200_000) child.kill('SIGKILL');
        });
        const done = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
        const sent = emu.store.received.length;
        await until(() => emu.store.received.length >= sent + 2);
        child.stdin.write('\u0003');
        const code = await done;
        child.stdin.destroy();
        expect(out.length, out.slice(0, 300)).toBeLessThan(200_000);
        expect(code, out).toBe(130);
        const text = out.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
        // The echoed ^C, then a line break before the warning.
        expect(text, JSON.stringify(text)).toMatch(
          /\^C\r?\n[\s\S]*warning: interrupted: run the same command again/,
        );
        expect(text).not.toMatch(/\^C[^\n]*warning/);
      }
    },
    120_000,
  );

  it('Ctrl-C while waiting to retry: those leads were not processed, so a rerun sends them', async () => {
    const down = await emulator({ faults: { rate503: 1, retryAfterSeconds: 5 } });
    const cwd = tempDir();
    const { file, phones } = leadsFile(cwd, 10);
    const env = importEnv(down);
    // --verbose says when the client starts its wait: the Ctrl-C comes during it.
    const p = spawnImport([file, '--json', '--verbose'], env, cwd);
    await until(() => p.out().stderr.includes('retrying in '));
    p.child.kill('SIGINT');
    const { code } = await p.done;
    expect(code).toBe(130);
    const summary = JSON.parse(p.out().stdout) as Summary;
    expect(summary).toMatchObject({ notSent: 10, uncertain: 0, imported: 0 });
    const port = down.port;
    await emulators.stop(down);
    const up = await emulator({ port });
    const rerun = await run([file], env, cwd);
    expect(rerun.code).toBe(0);
    expect(processedPhones(up).sort()).toEqual(phones);
  }, 120_000);

  it('a second SIGINT stops at once and leaves no temporary files, nor the lock', async () => {
    // Answers 10 minutes away, beyond the test's limit: exiting at all shows the second
    // SIGINT did not wait for them.
    const emu = await emulator({ latencyMs: 600_000 });
    const cwd = tempDir();
    const tmp = tempDir('cacs-tmpdir-');
    const { file } = leadsFile(cwd, 10);
    const env: Record<string, string | undefined> = { ...importEnv(emu), TMPDIR: tmp };
    const p = spawnImport([file, '--batch-size', '5'], env, cwd);
    await until(() => emu.store.received.length >= 1);
    p.child.kill('SIGINT');
    // Then again until it exits (no fixed pause: two signals sent together may arrive as one).
    const again = setInterval(() => p.child.kill('SIGINT'), 50);
    const { code } = await p.done;
    clearInterval(again);
    expect(code).toBe(130);
    expect(p.out().stderr).toContain('Ctrl-C again: stopping now');
    expect(fs.readdirSync(tmp)).toEqual([]);
    // Nor the journal's lock (a stale one would only be taken over by the next run).
    const state = env.CACS_STATE_DIR!;
    const locks = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((d) =>
              d.isDirectory()
                ? locks(path.join(dir, d.name))
                : d.name.endsWith('.lock')
                  ? [path.join(dir, d.name)]
                  : [],
            )
        : [];
    expect(locks(state)).toEqual([]);
    expect(fs.readdirSync(cwd).filter((f) => f.includes('.tmp-'))).toEqual([]);
  }, 120_000);

  it('two runs on the same file: the second is refused naming the first pid; a stale lock is taken over', async () => {
    const emu = await emulator({ latencyMs: 300 });
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 30);
    const env = killableEnv(importEnv(emu));
    const first: { child: ChildProcess; done: Promise<unknown> } = spawnImport(
      [file, '--batch-size', '5', '--concurrency', '1'],
      env,
      cwd,
    );
    await until(() => emu.store.received.length >= 1);
    const second = await runCli(['import', file], { env, cwd });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`another cacs run (pid ${first.child.pid}) is importing`);
    first.child.kill('SIGKILL');
    await first.done;
    // The lock of the killed run is stale now.
    const third = await runCli(['import', file], { env, cwd });
    expect([0, 5]).toContain(third.code);
  }, 120_000);
});

describe('the journal file', () => {
  it('cuts a torn last line off before appending, so later runs still read it', async () => {
    const emu = await emulator({ seed: 5, faults: { dropAfterRate: 0.5 } });
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 40);
    const env = importEnv(emu);
    const first = await run([file, '--batch-size', '4'], env, cwd);
    expect(first.code).toBe(5);
    const dir = path.join(env.CACS_STATE_DIR!, 'journals');
    const journal = path.join(
      dir,
      fs.readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
    );
    fs.appendFileSync(journal, '{"k":"f","id":99,"s":"do');
    const retry = await run([file, '--batch-size', '4', '--retry-uncertain'], env, cwd);
    expect(retry.code).not.toBe(2);
    const again = await run([file], env, cwd);
    expect(again.code).not.toBe(2);
    expect(again.summary.imported).toBe(0);
    expect(fs.readFileSync(journal, 'utf8')).not.toContain('"s":"do{');
  });

  it('ignores a torn last line, and treats begun-but-unfinished batches as uncertain', () => {
    const dir = tempDir();
    const file = path.join(dir, 'j.jsonl');
    fs.writeFileSync(
      file,
      [
        JSON.stringify({
          k: 'h',
          v: 1,
          created: '2026-11-21T00:00:00.000Z',
          input: 'x',
          inputHash: 'h',
          campaign: 'c',
          baseUrl: 'u',
          fingerprint: {},
        }),
        JSON.stringify({ k: 'b', id: 1, lines: [[2, 3]] }),
        JSON.stringify({ k: 'f', id: 1, s: 'done', imported: 3, skipped: 0 }),
        JSON.stringify({ k: 'b', id: 2, lines: [[5, 2]] }),
        '{"k":"f","id":2,"s":"do',
      ].join('\n'),
    );
    const j = loadJournal(file);
    expect([2, 3, 4].map((l) => j.states.get(l))).toEqual([1, 1, 1]);
    expect([5, 6].map((l) => j.states.get(l))).toEqual([3, 3]);
    expect(j.inFlightAtCrash).toBe(2);
    expect(j.earlier.imported).toBe(3);
    expect(j.nextId).toBe(3);
  });

  it('holds no token and no lead data, only lines and counts', async () => {
    const token = 'SENTINEL-JOURNAL-TOKEN';
    const emu = await emulator({ token });
    const cwd = tempDir();
    const { file } = leadsFile(cwd, 5);
    const env = importEnv(emu, { CACS_ACCESS_TOKEN: token });
    await run([file], env, cwd);
    const dir = path.join(env.CACS_STATE_DIR!, 'journals');
    const [journal] = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    const text = fs.readFileSync(path.join(dir, journal!), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain('0910000000');
    expect(fs.statSync(path.join(dir, journal!)).mode & 0o077).toBe(0);
  });
});
