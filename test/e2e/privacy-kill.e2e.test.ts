/**
 * Issue 26: SIGKILL during `cacs forget` and `cacs state prune` leaves every file whole (the
 * next import runs, the ledger is not refused as damaged) and the erasure either done or
 * redoable (running forget again leaves nothing readable). The kill lands at named points of
 * their work (src/test-point.ts: the process pauses there and the test kills it), so each
 * point is proved, not only the start; prune runs on a clock days ahead (the CLI's injected
 * clock), so it has old records to remove and reaches its ledger point. File store, real
 * processes, against the emulator (test/e2e/privacy-kill.pg.e2e.test.ts: PostgreSQL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { killableEnv, runCli } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, processedPhones, write } from '../helpers/import.js';
import { pointsDir } from '../helpers/points.js';
import { byteLeaks, killAt, runShifted } from '../helpers/privacy.js';
import { tempDir } from '../helpers/tmp.js';

const emulators = emulatorPool();

/** Prune runs on a clock this far ahead (retentionDays 1): every record is old, so it removes. */
const LATER = 3 * 86_400_000;

/** Where forget and prune are killed: after the erasure records, between a ledger's description
 * and its records, after the ledgers, after the journals, after a list; prune between a ledger's
 * description and its records (its records made old by the shifted clock), after the ledgers,
 * with the history read under its lock. */
const FORGET_POINTS = [
  'forget-erasures-written',
  'ledger-half-rewritten',
  'forget-ledgers-rewritten',
  'forget-journals-blanked',
  'forget-list-rewritten',
];
const PRUNE_POINTS = ['ledger-half-rewritten', 'prune-ledgers-done', 'prune-history-locked'];

function ledgersWhole(stateDir: string): void {
  const ledgers = path.join(stateDir, 'ledgers');
  for (const f of fs.readdirSync(ledgers).filter((n) => n.endsWith('.ledger')))
    expect(fs.statSync(path.join(ledgers, f)).size % 24).toBe(0);
}

describe('SIGKILL during forget and prune, at each named point', () => {
  for (const [i, forgetPoint] of FORGET_POINTS.entries())
    it(`forget killed at ${forgetPoint}, prune at ${PRUNE_POINTS[i % PRUNE_POINTS.length]}: files stay whole; forget again finishes the erasure`, async () => {
      const emu = await emulators.start();
      const cwd = tempDir();
      const points = pointsDir();
      const env = killableEnv(importEnv(emu));
      const stateDir = env.CACS_STATE_DIR!;
      fs.writeFileSync(
        path.join(cwd, '.cacsrc.json'),
        JSON.stringify({ state: { retentionDays: 1 } }),
      );
      const rows = Array.from(
        { length: 300 },
        (_, i) => `09130${String(i).padStart(5, '0')},P${i},p${i}@example.vn,R${i}`,
      );
      rows.push(
        '0912345678,Người Xoá,xoa@example.vn,ERASE-ME',
        '123,Người Xoá,xoa@example.vn,ERASE-ME',
      );
      const a = write(cwd, 'big.csv', `phone,name,email,ref\n${rows.join('\n')}\n`);
      expect((await importJson([a], env, cwd)).code).toBe(3);
      // An old history line, so prune rewrites the history.
      fs.appendFileSync(
        path.join(stateDir, 'history', 'runs.jsonl'),
        `${JSON.stringify({ k: 'start', id: 'r20200101-000000-000001', n: 1, started: '2020-01-01T00:00:00.000Z', file: '/old.csv', campaign: 'summer', baseUrl: emu.url })}\n`,
      );
      expect((await killAt(['forget', '0912345678'], env, cwd, points, forgetPoint)).killed).toBe(
        true,
      );
      ledgersWhole(stateDir);
      // Killed after its erasure records: never imported again already.
      const between = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
      expect(between.code, between.stderr).toBe(3);
      expect(between.summary.skippedByCode.erased).toBe(1);
      const prunePoint = PRUNE_POINTS[i % PRUNE_POINTS.length]!;
      // On a clock days ahead every ledger record is old: prune rewrites the ledger, so each of
      // its points is reached (ledger-half-rewritten too).
      const pk = await killAt(['state', 'prune'], env, cwd, points, prunePoint, LATER);
      expect(pk.killed, pk.ended?.stderr).toBe(true);
      ledgersWhole(stateDir);
      const afterPrune = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
      expect(afterPrune.code, afterPrune.stderr).toBe(3);
      expect(afterPrune.summary.skippedByCode.erased).toBe(1);
      // Sent once, by the first import; never again.
      expect(processedPhones(emu).filter((p) => p === '0912345678')).toHaveLength(1);
      const redo = await runCli(['forget', '0912345678', '--json'], { env, cwd });
      expect(redo.code, redo.stderr).toBe(0);
      const lists = fs
        .readdirSync(cwd)
        .filter((n) => n.startsWith('big.csv.'))
        .map((n) => path.join(cwd, n));
      const found = byteLeaks(
        [stateDir, env.TMPDIR!, ...lists],
        ['0912345678', '912345678', 'Người Xoá', 'xoa@example.vn', 'ERASE-ME'],
      );
      expect(found).toEqual([]);
      // Nothing half-written: every history line is whole JSON; prune runs to its end.
      const hist = fs.readFileSync(path.join(stateDir, 'history', 'runs.jsonl'), 'utf8');
      for (const l of hist.split('\n').filter((x) => x !== ''))
        expect(() => JSON.parse(l)).not.toThrow();
      const pruned = await runShifted(['state', 'prune'], env, cwd, LATER);
      expect(pruned.code, pruned.stderr).toBe(0);
      const again = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
      expect(again.summary.skippedByCode.erased).toBe(1);
    });
});
