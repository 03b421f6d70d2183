/**
 * Issue 24, test (b): a kill loop on a shared PostgreSQL store. Two operators (separate HOMEs and
 * state folders, one database) import overlapping files into one campaign at once; one of them
 * is SIGKILLed at a random request. Then plain reruns, `--retry-uncertain`, and plain runs again:
 * no phone reaches the service more than twice, twice only for a lead the killed run had in
 * flight, and the final plain runs send nothing. LOOPS loops (CACS_PG_KILL_LOOPS, default 3).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalServiceUrl } from '../../src/net.js';
import { openStateStore } from '../../src/state/index.js';
import { BIN, killableEnv, runCli, spawnCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, phoneOf, processedPhones, write } from '../helpers/import.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';

const LOOPS = Number(process.env.CACS_PG_KILL_LOOPS ?? 3);
const ARGS = ['--batch-size', '10', '--concurrency', '2'];

describe.skipIf(pgMissing !== undefined)('kill loop on PostgreSQL', () => {
  let pg: PgCluster;
  const emulators = emulatorPool();
  beforeAll(async () => {
    pg = await startPg();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it(`${LOOPS} loops: one of two operators killed at random; no phone more than twice, twice only if in flight at the kill`, async () => {
    let answered = 0;
    let onAnswer = () => {};
    const emu = await emulators.start({
      latencyMs: 10,
      onRequest: () => {
        answered++;
        onAnswer();
      },
    });
    const url = pg.url(await pg.database());
    const envA = killableEnv(importEnv(emu, { CACS_STATE_URL: url }));
    const envB = importEnv(emu, { CACS_STATE_URL: url });
    const cwdA = tempDir();
    const cwdB = tempDir();
    const campaign = {
      serviceUrl: canonicalServiceUrl(new URL(emu.url)),
      campaignKey: 'summer',
    };
    let random = 4242;
    const rand = (n: number) => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return random % n;
    };
    const everyone = new Set<string>();
    const inFlightAtKills = new Set<string>();
    for (let loop = 0; loop < LOOPS; loop++) {
      const base = 20_000 + loop * 1000;
      const a = Array.from({ length: 120 }, (_, i) => phoneOf(base + i));
      const b = Array.from({ length: 120 }, (_, i) => phoneOf(base + 60 + i));
      for (const p of [...a, ...b]) everyone.add(p);
      write(cwdA, `a-${loop}.csv`, `phone\n${a.join('\n')}\n`);
      // B writes them with +84.
      write(cwdB, `b-${loop}.csv`, `phone\n${b.map((p) => `+84${p.slice(1)}`).join('\n')}\n`);
      const killAfter = answered + 1 + rand(8);
      const child = spawn(process.execPath, [BIN, 'import', `a-${loop}.csv`, ...ARGS], {
        cwd: cwdA,
        env: envA as NodeJS.ProcessEnv,
        stdio: 'ignore',
      });
      const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
      const killed = new Promise<void>((resolve) => {
        onAnswer = () => {
          if (answered >= killAfter) {
            child.kill('SIGKILL');
            resolve();
          }
        };
      });
      const rb = spawnCli(['import', `b-${loop}.csv`, ...ARGS], {
        env: envB,
        cwd: cwdB,
        timeoutMs: 120_000,
      });
      await Promise.race([killed, exited]);
      await exited;
      onAnswer = () => {};
      await rb;
      // What the killed run left in flight: uncertain in the ledger now.
      const store = openStateStore({ stateDir: path.join(tempDir(), 'state'), stateUrl: url });
      try {
        const ledger = await store.openLedger(campaign);
        for (const p of [...a, ...b])
          if (ledger.lookup(p)?.state === 'uncertain') inFlightAtKills.add(p);
        await ledger.close();
      } finally {
        await store.close();
      }
      // Plain reruns, the retry, plain runs again: one after another, nothing killed, so in
      // this process (the CLI's main(), as bin/cacs.js runs it) rather than as processes.
      for (const extra of [[], ['--retry-uncertain'], []]) {
        await runCli(['import', `a-${loop}.csv`, ...ARGS, ...extra], { env: envA, cwd: cwdA });
        await runCli(['import', `b-${loop}.csv`, ...ARGS, ...extra], { env: envB, cwd: cwdB });
      }
      // A last plain run of each sends nothing.
      const before = processedPhones(emu).length;
      const lastA = await runCli(['import', `a-${loop}.csv`, ...ARGS, '--json'], {
        env: envA,
        cwd: cwdA,
      });
      const lastB = await runCli(['import', `b-${loop}.csv`, ...ARGS, '--json'], {
        env: envB,
        cwd: cwdB,
      });
      expect(processedPhones(emu).length).toBe(before);
      expect(JSON.parse(lastA.stdout).exitCode).toBe(0);
      expect(JSON.parse(lastB.stdout).exitCode).toBe(0);
    }
    const counts = new Map<string, number>();
    for (const p of processedPhones(emu)) counts.set(p, (counts.get(p) ?? 0) + 1);
    for (const p of everyone) expect(counts.get(p) ?? 0, p).toBeGreaterThanOrEqual(1);
    for (const [p, n] of counts) {
      expect(n, p).toBeLessThanOrEqual(2);
      if (n === 2) expect(inFlightAtKills.has(p), p).toBe(true);
    }
  }, 300_000);
});
