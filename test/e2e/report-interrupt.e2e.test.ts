/**
 * Ctrl-C and failures during `cacs report` (issue 18, item 2): the first Ctrl-C ends the run at
 * once with exit 130 and no file, and every message speaks of reports, not of batches.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { STOPPED_AT_ONCE } from '../../src/cli/main.js';
import { BIN, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { closedPort } from '../helpers/servers.js';

describe('cacs report interrupted', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    // Every answer takes 10 minutes, far beyond the test's limit: a Ctrl-C always lands while
    // requests are in flight, and exiting at all shows the run did not wait for them.
    emu = await startEmulator({ port: 0, seed: 5, latencyMs: 600_000 });
    emu.store.addLead('summer', { phone_number: '0912345678', name: 'A' }, new Date());
  });
  afterAll(() => emu.close());

  it('the first Ctrl-C cancels the requests in flight and exits 130 at once, leaving no file', async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      [BIN, 'report', '--from', '60d', '--window-days', '7', '-o', 'calls.csv'],
      {
        cwd: dir,
        env: isolatedEnv({
          CACS_BASE_URL: emu.url,
          CACS_ACCESS_TOKEN: 'emulator-token',
          CACS_CAMPAIGN: 'summer',
        }) as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Wait until the requests are out (the emulator has seen one).
    const deadline = Date.now() + 15_000;
    while (emu.store.reportRequests.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(emu.store.reportRequests.length).toBeGreaterThan(0);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted: no report was written');
    expect(stderr).not.toMatch(/batch|uncertain|sent/);
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 120_000);
});

describe('Ctrl-C while the report is being written to a reader that stopped reading', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    // Far more than a pipe holds (64 kB): the writing waits on the reader.
    emu = await startEmulator({ port: 0, seed: 5 });
    for (let i = 0; i < 3000; i++)
      emu.store.addLead(
        'summer',
        { phone_number: `09${String(12_000_000 + i)}`, name: `Lead ${'x'.repeat(40)} ${i}` },
        // Older than a bookmark's settling time (1 h).
        new Date(Date.now() - 3 * 3600_000),
      );
  });
  afterAll(() => emu.close());

  /** Starts a report to a pipe, reads its first chunk, stops reading, then sends SIGINT. */
  async function interruptWhileBlocked(args: string[]) {
    const env = isolatedEnv({
      CACS_BASE_URL: emu.url,
      CACS_ACCESS_TOKEN: 'emulator-token',
      CACS_CAMPAIGN: 'summer',
    });
    const child = spawn(process.execPath, [BIN, 'report', '--format', 'csv', ...args], {
      cwd: tempDir(),
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    const first = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => {
        child.stdout.pause();
        resolve(d.toString());
      }),
    );
    // Let the writer fill the pipe and wait for it to drain.
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGINT');
    // The reader never reads again: exiting at all is the proof (how soon: bench/).
    const code = await exited;
    return { code, stderr, first, env };
  }

  it('the first Ctrl-C ends the run (exit 130) and says the output is incomplete', async () => {
    const r = await interruptWhileBlocked(['--from', '2d']);
    expect(r.first).toMatch(/^\uFEFF?[a-z_]+,/);
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('error: interrupted: the report on stdout is incomplete\n');
    expect(r.stderr).not.toContain('no report was written');
  }, 120_000);

  it('with a bookmark: says the bookmark was not moved (a first run leaves none behind)', async () => {
    const r = await interruptWhileBlocked(['--from', '2d', '--bookmark', 'nightly']);
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(
      'error: interrupted: the report on stdout is incomplete; bookmark "nightly" was not moved\n',
    );
    const list = await runCli(['report', '--bookmarks', '--format', 'json'], {
      env: r.env,
      cwd: tempDir(),
    });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toContain('nightly');
  }, 120_000);
});

describe('report messages speak of reports', () => {
  it('a second Ctrl-C says what stopping at once means for each command', () => {
    expect(STOPPED_AT_ONCE.report).toBe('no report was written');
    expect(STOPPED_AT_ONCE.import).toMatch(/batches in flight are left uncertain/);
  });

  it('an unreachable service: the hint says no report was written, not that nothing was sent', async () => {
    const port = await closedPort();
    const r = await runCli(['report', '--from', 'today', '--format', 'json'], {
      env: isolatedEnv({
        CACS_BASE_URL: `http://127.0.0.1:${port}`,
        CACS_ACCESS_TOKEN: 'emulator-token',
        CACS_CAMPAIGN: 'summer',
      }),
      cwd: tempDir(),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no report was written');
    expect(r.stderr).not.toContain('nothing more was sent');
    expect(path.isAbsolute(BIN)).toBe(true);
  });
});
