import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../src/emulator/index.js';
import { isolatedEnv, runCli, type RunOptions } from './cli.js';

export function importEnv(emu: { url: string }, extra: Record<string, string> = {}) {
  const env = isolatedEnv({
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    ...extra,
  });
  env.CACS_STATE_DIR ??= path.join(env.HOME!, 'state');
  return env;
}

/**
 * The files under dir this process still holds open (Linux: /proc/self/fd; [] elsewhere),
 * after up to ~200 ms for closes already under way (a destroyed stream closes its fd on a later
 * tick). A FileHandle left to the garbage collector stays open far longer.
 */
export async function openFilesUnder(dir: string): Promise<string[]> {
  if (!fs.existsSync('/proc/self/fd')) return [];
  const prefix = fs.realpathSync(dir) + path.sep;
  let open: string[] = [];
  for (let i = 0; i < 20; i++) {
    open = fs.readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        const target = fs.readlinkSync(path.join('/proc/self/fd', fd));
        return target.startsWith(prefix) ? [target] : [];
      } catch {
        return []; // closed meanwhile (or the directory handle readdir used)
      }
    });
    if (open.length === 0) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return open;
}

export function write(dir: string, name: string, content: string | Buffer): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, content);
  return f;
}

/** Every phone number the emulator processed, in order (a lead sent twice appears twice). */
export function processedPhones(emu: RunningEmulator): string[] {
  return emu.store.received.flatMap((r) => r.phones);
}

export function readCsv(file: string, delimiter = ','): string[][] {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\n')
    .map((l) => l.split(delimiter));
}

export interface Summary {
  total: number;
  /** Rows with no value in any cell: counted, neither rejected nor sent. */
  blank?: number;
  imported: number;
  alreadyImported: number;
  uncertainEarlier: number;
  suppressed: number;
  erased?: number;
  skippedByCode: Record<string, number>;
  skippedFile: string | null;
  runId: string | null;
  rejected: number;
  rejectedByCode: Record<string, number>;
  duplicates: number;
  normalized: number;
  normalizedByKind: Record<string, number>;
  serviceSkipped: number;
  uncertain: number;
  notSent: number;
  valid: number;
  requests: number;
  batchSize: number;
  rejectsFile: string | null;
  uncertainFile: string | null;
  exitCode: number;
  dryRun: boolean;
}

/** The invariant of the delivery issue: every row is accounted for exactly once. */
export function accountedFor(s: Summary): number {
  return (
    (s.blank ?? 0) +
    s.imported +
    s.alreadyImported +
    s.uncertainEarlier +
    s.suppressed +
    (s.skippedByCode?.phone_unallocated ?? 0) +
    (s.erased ?? 0) +
    s.rejected +
    s.duplicates +
    s.serviceSkipped +
    s.uncertain +
    s.notSent
  );
}

/**
 * Emulators started by a test file, closed after each test. Call in the test file:
 * `const emulators = emulatorPool();` then `await emulators.start({...})`.
 */
export function emulatorPool() {
  let running: RunningEmulator[] = [];
  afterEach(async () => {
    await Promise.all(running.map((e) => e.close()));
    running = [];
  });
  return {
    async start(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
      const e = await startEmulator({ port: 0, ...opts });
      running.push(e);
      return e;
    },
    /** Close one now (to restart another on its port). */
    async stop(e: RunningEmulator): Promise<void> {
      running = running.filter((x) => x !== e);
      await e.close();
    },
  };
}

/**
 * `cacs import <args> --json` in-process: the result, its summary parsed, and the invariant
 * checked that every row is accounted for exactly once.
 */
export async function importJson(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  sleep?: RunOptions['sleep'],
) {
  const r = await runCli(['import', ...args, '--json'], {
    env,
    cwd,
    ...(sleep !== undefined ? { sleep } : {}),
  });
  const summary = JSON.parse(r.stdout) as Summary;
  expect(accountedFor(summary)).toBe(summary.total);
  return { ...r, summary };
}

/** The i-th of a run of distinct valid mobile numbers (0910000000, 0910000001, …). */
export const phoneOf = (i: number) => `09${String(10_000_000 + i).slice(-8)}`;
