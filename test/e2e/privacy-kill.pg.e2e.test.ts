/**
 * Issue 26 on the PostgreSQL store: SIGKILL during `cacs forget` and `cacs state prune` at each
 * of their named points (src/test-point.ts; inside a transaction too) leaves every record whole
 * (a transaction is all or nothing: the ledger holds the person's records or none of them, the
 * next import runs), the person is never imported again, and a second forget leaves nothing
 * readable: an SQL search of every table of the database, and a byte search of the local state
 * folder and of every list cacs wrote, for every written form of the number, the ref_id, the
 * name and the email finds nothing. prune runs on a clock days ahead (the CLI's injected
 * clock), so it has old records to remove. Real PostgreSQL (test/helpers/pg.ts), real
 * processes, real HTTP against the emulator. (The file store: privacy-kill.e2e.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killableEnv, runCli } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, processedPhones, write } from '../helpers/import.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { pointsDir } from '../helpers/points.js';
import { byteLeaks, killAt, runShifted, sqlLeaks } from '../helpers/privacy.js';
import { tempDir } from '../helpers/tmp.js';

const LATER = 3 * 86_400_000;
const NUMBER = '0912345678';
/** Every written form of the number, the ref_id, the name and the email. */
const NEEDLES = [
  NUMBER,
  '912345678',
  '+84912345678',
  '84912345678',
  '912 345 678',
  'PG-KILL-REF',
  'Phạm Xoá',
  'pham.xoa@example.vn',
];

/** [point, whether the ledger records are gone once it is reached] */
const FORGET_POINTS: Array<[string, boolean]> = [
  ['forget-erasures-written', false],
  ['pg-forget-in-transaction', false],
  ['forget-ledgers-rewritten', true],
  ['forget-journals-blanked', true],
  ['forget-list-rewritten', true],
];
const PRUNE_POINTS: Array<[string, boolean]> = [
  ['prune-journals-locked', false],
  ['pg-prune-in-transaction', false],
  ['prune-ledgers-done', true],
];

describe.skipIf(pgMissing !== undefined)('SIGKILL during forget and prune on PostgreSQL', () => {
  let pg: PgCluster;
  const emulators = emulatorPool();
  beforeAll(async () => {
    pg = await startPg();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  for (const [i, [forgetPoint, forgetCommitted]] of FORGET_POINTS.entries()) {
    const [prunePoint, pruneCommitted] = PRUNE_POINTS[i % PRUNE_POINTS.length]!;
    it(`forget killed at ${forgetPoint}, prune at ${prunePoint}: records whole, never imported again, forget again leaves nothing`, async () => {
      const emu = await emulators.start();
      const db = await pg.database();
      const sql = (text: string) => pg.query(text, [], db);
      const count = async (table: string) =>
        Number((await sql(`SELECT count(*)::int AS n FROM cacs.${table}`)).rows[0]!.n);
      const env = killableEnv(importEnv(emu, { CACS_STATE_URL: pg.url(db) }));
      const stateDir = env.CACS_STATE_DIR!;
      const cwd = tempDir();
      const points = pointsDir();
      fs.writeFileSync(
        path.join(cwd, '.cacsrc.json'),
        JSON.stringify({ state: { retentionDays: 1 } }),
      );
      const rows = Array.from(
        { length: 40 },
        (_, k) => `09130${String(k).padStart(5, '0')},P${k},p${k}@example.vn,R${k}`,
      );
      rows.push(
        `${NUMBER},Phạm Xoá,pham.xoa@example.vn,PG-KILL-REF`,
        // The same person written otherwise: a duplicate, and a mistyped number (rejected).
        '+84 912 345 678,Phạm Xoá,pham.xoa@example.vn,PG-KILL-REF',
        '123,Phạm Xoá,pham.xoa@example.vn,PG-KILL-REF',
      );
      const a = write(cwd, 'people.csv', `phone,name,email,ref\n${rows.join('\n')}\n`);
      const first = await importJson([a], env, cwd);
      expect(first.code, first.stderr).toBe(3);
      // A report bookmark kept for their ref_id (it holds the ref_id in the clear).
      const out = tempDir();
      const rep = await runCli(
        [
          'report',
          '--bookmark',
          'mine',
          '--ref-id',
          'PG-KILL-REF',
          '--from',
          new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
          '-o',
          'r-{from}-{to}.csv',
        ],
        { env, cwd: out },
      );
      expect(rep.code, rep.stderr).toBe(0);
      expect(await count('bookmarks')).toBe(1);
      const before = await count('ledger_records');
      expect(before).toBeGreaterThan(0);
      // The searches can find them: before forget, they do.
      expect((await sqlLeaks(sql, NEEDLES)).found).toContain('cacs.bookmarks: PG-KILL-REF');
      expect(byteLeaks([cwd], ['Phạm Xoá', 'pham.xoa@example.vn'])).not.toEqual([]);

      const sentOnce = () =>
        expect(processedPhones(emu).filter((p) => p === NUMBER)).toHaveLength(1);
      const neverAgain = async () => {
        const r = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
        expect(r.code, r.stderr).toBe(3);
        // Their row and its repeat (+84…): both erased, before the in-file dedupe.
        expect(r.summary.skippedByCode.erased).toBe(2);
        sentOnce();
      };
      const nothingReadable = async () => {
        const r = await runCli(['forget', NUMBER, '--json'], { env, cwd });
        expect(r.code, r.stderr).toBe(0);
        const { tables, found } = await sqlLeaks(sql, NEEDLES);
        expect(tables).toEqual(
          expect.arrayContaining(['cacs.ledger_records', 'cacs.journal_records', 'cacs.runs']),
        );
        const lists = fs
          .readdirSync(cwd)
          .filter((n) => n.startsWith('people.csv.'))
          .map((n) => path.join(cwd, n));
        expect([...found, ...byteLeaks([stateDir, env.TMPDIR!, ...lists], NEEDLES)]).toEqual([]);
      };

      // forget, killed: the erasure rows are committed first; the ledger's deletion is one
      // transaction (all of the person's records, or none).
      const fk = await killAt(['forget', NUMBER], env, cwd, points, forgetPoint);
      expect(fk.killed, fk.ended?.stderr).toBe(true);
      expect(await count('erasures')).toBeGreaterThan(0);
      const afterForget = await count('ledger_records');
      if (forgetCommitted) expect(afterForget).toBeLessThan(before);
      else expect(afterForget).toBe(before);
      await neverAgain();
      await nothingReadable();
      expect(await count('bookmarks')).toBe(0);

      // prune, killed (its records old on the shifted clock): all of it or none of it.
      const ledgerBefore = await count('ledger_records');
      const runsBefore = await count('runs');
      expect(ledgerBefore).toBeGreaterThan(0);
      const pk = await killAt(['state', 'prune'], env, cwd, points, prunePoint, LATER);
      expect(pk.killed, pk.ended?.stderr).toBe(true);
      if (pruneCommitted) {
        expect(await count('ledger_records')).toBe(0);
        expect(await count('runs')).toBe(0);
      } else {
        expect(await count('ledger_records')).toBe(ledgerBefore);
        expect(await count('runs')).toBe(runsBefore);
      }
      expect(await count('erasures')).toBeGreaterThan(0);
      await neverAgain();
      await nothingReadable();
      const pruned = await runShifted(['state', 'prune', '--json'], env, cwd, LATER);
      expect(pruned.code, pruned.stderr).toBe(0);
      await neverAgain();
      expect(await count('erasures')).toBeGreaterThan(0);
    }, 300_000);
  }
});
