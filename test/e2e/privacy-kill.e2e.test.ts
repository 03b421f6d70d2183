/**
 * Issue 26: SIGKILL during `cacs forget` and `cacs state prune` leaves every file whole (the
 * next import runs, the ledger is not refused as damaged) and the erasure either done or
 * redoable (running forget again leaves nothing readable). The kill lands at named points of
 * their work (src/test-point.ts: the process pauses there and the test kills it), so each
 * point is proved, not only the start. File store, real processes, against the emulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { killableEnv, runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, write } from '../helpers/import.js';
import { pointsDir, reached, start } from '../helpers/points.js';

const emulators = emulatorPool();

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

/** Files under the folders holding any of the needles (UTF-8, UTF-16LE, UTF-16BE). */
function leaks(dirs: readonly string[], needles: readonly string[]): string[] {
  const found: string[] = [];
  for (const d of dirs)
    for (const f of filesUnder(d)) {
      const bytes = fs.readFileSync(f);
      for (const n of needles) {
        const le = Buffer.from(n, 'utf16le');
        for (const e of [Buffer.from(n), le, Buffer.from(le).swap16()])
          if (bytes.includes(e)) found.push(`${f}: ${n}`);
      }
    }
  return found;
}

/** Where forget and prune are killed: after the erasure records, between a ledger's description
 * and its records, after the ledgers, after a list, and prune's ledgers and history. */
const FORGET_POINTS = [
  'forget-erasures-written',
  'ledger-half-rewritten',
  'forget-ledgers-rewritten',
  'forget-list-rewritten',
];
const PRUNE_POINTS = ['ledger-half-rewritten', 'prune-ledgers-done', 'prune-history-locked'];

/** Start cacs paused at `point`; SIGKILL it there. False when it ended without reaching it. */
async function killAt(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  points: string,
  point: string,
): Promise<boolean> {
  const r = start(argv, { ...env, CACS_TEST_POINTS: points, CACS_TEST_PAUSE: point }, cwd);
  const pid = await reached(points, point, r.exited, r.child.pid);
  if (pid === undefined) return false;
  r.child.kill('SIGKILL');
  await r.done;
  return true;
}

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
      expect(await killAt(['forget', '0912345678'], env, cwd, points, forgetPoint)).toBe(true);
      ledgersWhole(stateDir);
      // Killed after its erasure records: never imported again already.
      const between = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
      expect(between.summary.skippedByCode.erased).toBe(1);
      const prunePoint = PRUNE_POINTS[i % PRUNE_POINTS.length]!;
      // prune removes ledger records only when they are old: its ledger point may be passed by.
      await killAt(['state', 'prune'], env, cwd, points, prunePoint);
      ledgersWhole(stateDir);
      const redo = await runCli(['forget', '0912345678', '--json'], { env, cwd });
      expect(redo.code, redo.stderr).toBe(0);
      const lists = fs
        .readdirSync(cwd)
        .filter((n) => n.startsWith('big.csv.'))
        .map((n) => path.join(cwd, n));
      const found = leaks(
        [stateDir],
        ['0912345678', '912345678', 'Người Xoá', 'xoa@example.vn', 'ERASE-ME'],
      ).concat(
        lists.flatMap((f) =>
          ['912345678', 'Người Xoá', 'xoa@example.vn', 'ERASE-ME'].filter((n) =>
            fs.readFileSync(f).includes(Buffer.from(n)),
          ),
        ),
      );
      expect(found).toEqual([]);
      // Nothing half-written: every history line is whole JSON; prune runs to its end.
      const hist = fs.readFileSync(path.join(stateDir, 'history', 'runs.jsonl'), 'utf8');
      for (const l of hist.split('\n').filter((x) => x !== ''))
        expect(() => JSON.parse(l)).not.toThrow();
      expect((await runCli(['state', 'prune'], { env, cwd })).code).toBe(0);
      const again = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
      expect(again.summary.skippedByCode.erased).toBe(1);
    });
});
