import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../src/emulator/index.js';
import { isolatedEnv } from './cli.js';

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
  imported: number;
  alreadyImported: number;
  uncertainEarlier: number;
  suppressed: number;
  skippedByCode: Record<string, number>;
  skippedFile: string | null;
  runId: string | null;
  rejected: number;
  rejectedByCode: Record<string, number>;
  duplicates: number;
  normalized: number;
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
    s.imported +
    s.alreadyImported +
    s.uncertainEarlier +
    s.suppressed +
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
