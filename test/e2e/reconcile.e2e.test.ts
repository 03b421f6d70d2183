/**
 * `cacs reconcile` after a crash (issue 22, item 5): an import killed (SIGKILL) while the
 * service held its first batch — processed, not answered yet — leaves that batch in flight,
 * uncertain. reconcile finds its leads in the campaign and settles them; the rerun then sends
 * only the leads that never left, and the service holds every lead exactly once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions } from '../../src/emulator/index.js';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { killableEnv } from '../helpers/tmp.js';
import { importEnv, processedPhones, write } from '../helpers/import.js';

const cleanup: string[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  for (const d of cleanup.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const PHONES = ['0912345001', '0912345002', '0912345003', '0912345004'];

describe('cacs reconcile after a crash', () => {
  it('settles the batch in flight when the import was killed; the rerun sends only the rest', async () => {
    let processed: (() => void) | undefined;
    const firstBatch = new Promise<void>((resolve) => (processed = resolve));
    // The emulator processes a request, then answers after the latency: long enough to kill the
    // client first. Its clock is read while it processes an import (the moment to kill).
    const opts: EmulatorOptions = {
      port: 0,
      latencyMs: 600_000,
      now: () => {
        processed?.();
        return new Date();
      },
    };
    const emu = await startEmulator(opts);
    closers.push(() => emu.close());
    const dir = tempDir('cacs-reconcile-e2e-');
    const env = importEnv(emu);
    cleanup.push(dir, env.HOME!);
    write(dir, 'leads.csv', `phone,name\n${PHONES.map((p, i) => `${p},Lead ${i}`).join('\n')}\n`);

    const child = spawn(
      process.execPath,
      [BIN, 'import', 'leads.csv', '--batch-size', '2', '--concurrency', '1'],
      // SIGKILL leaves the import's temporary folder: it goes in a TMPDIR the test removes.
      { cwd: dir, env: killableEnv(env) as NodeJS.ProcessEnv, stdio: 'ignore' },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await firstBatch;
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(processedPhones(emu)).toEqual(PHONES.slice(0, 2));
    // From now on the service answers at once.
    opts.latencyMs = 0;
    processed = undefined;

    const r = await runCli(['reconcile', '--json'], { env, cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      uncertain: 2,
      settled: 2,
      stillUncertain: 0,
      error: null,
    });

    const rerun = await runCli(['import', 'leads.csv', '--json'], { env, cwd: dir });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ imported: 2, alreadyImported: 2 });
    expect(processedPhones(emu).sort()).toEqual(PHONES);
  });
});
