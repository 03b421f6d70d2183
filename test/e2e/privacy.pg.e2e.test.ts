/**
 * Issue 26 on the PostgreSQL store: `cacs forget` erases a person (ledger, lists, journals),
 * a later file, --allow-repeat and --restart never send them; prune keeps erasures. Real
 * PostgreSQL (a throwaway cluster: test/helpers/pg.ts), over real HTTP against the emulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  emulatorPool,
  importEnv,
  importJson,
  phoneOf,
  processedPhones,
  write,
} from '../helpers/import.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { pointsDir, reached, release } from '../helpers/points.js';
import { pruneKeepsOpenRun, runShifted, startShifted } from '../helpers/privacy.js';

const HEADER = 'phone,name,email,ref\n';

describe.skipIf(pgMissing !== undefined)('cacs forget on PostgreSQL', () => {
  let pg: PgCluster;
  const emulators = emulatorPool();
  beforeAll(async () => {
    pg = await startPg();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it("a person's cell that reads like a journal's own word (done) leaves what earlier runs settled: nothing is sent again", async () => {
    const emu = await emulators.start();
    const env = importEnv(emu, { CACS_STATE_URL: pg.url(await pg.database()) });
    const cwd = tempDir();
    const f = write(
      cwd,
      'f.csv',
      `${HEADER}0972000001,done,,R-1\n0972000002,An,,R-2\n0972000003,Bình,,R-3\n`,
    );
    expect((await importJson([f], env, cwd)).summary.imported).toBe(3);
    await importJson([f], env, cwd);
    // The journal read back (--allow-repeat: the ledger holds them all, so only the journal's
    // settled lines keep them from going): no note that its options differ, for the options
    // are the same (jsonb keeps keys in its own order, not the one written).
    const same = await runCli(['import', f, '--allow-repeat'], { env, cwd });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).not.toContain('options that decide what is sent differ');
    expect((await runCli(['forget', '0972000001'], { env, cwd })).code).toBe(0);
    const sent = processedPhones(emu).length;
    const again = await importJson([f, '--allow-repeat'], env, cwd);
    expect(again.summary.imported).toBe(0);
    expect(processedPhones(emu).length).toBe(sent);
  });

  it('prune keeps a run that left leads still uncertain (its history entry, its uncertain list), however old; once settled, they go', async () => {
    const faults = { rate500After: 1 };
    const emu = await emulators.start({ faults });
    const env = importEnv(emu, { CACS_STATE_URL: pg.url(await pg.database()) });
    await pruneKeepsOpenRun(env, tempDir(), faults);
  });

  it('erases the person everywhere; never sent again', async () => {
    const emu = await emulators.start();
    const env = importEnv(emu, { CACS_STATE_URL: pg.url(await pg.database()) });
    const cwd = tempDir();
    const a = write(
      cwd,
      'w1.csv',
      `${HEADER}0912345678,Trần Xoá,tx@example.vn,PG-ERASE\n0912345678,Trần Xoá,tx@example.vn,PG-ERASE\n0912000009,Khác,k@example.vn,K9\n`,
    );
    expect((await importJson([a], env, cwd)).code).toBe(0);
    const r = await runCli(['forget', '+84 912 345 678', '--json'], { env, cwd });
    expect(r.code).toBe(0);
    const receipt = JSON.parse(r.stdout).receipt;
    expect(receipt.store.kind).toBe('postgres');
    expect(receipt.held).toBe(1);
    expect(receipt.ledgers[0].records).toBeGreaterThan(0);
    for (const f of fs.readdirSync(cwd).filter((n) => n.startsWith('w1.csv.'))) {
      const text = fs.readFileSync(path.join(cwd, f), 'utf8');
      for (const n of ['912345678', 'Trần Xoá', 'tx@example.vn', 'PG-ERASE'])
        expect(text).not.toContain(n);
    }
    const before = processedPhones(emu).length;
    const again = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
    // Both rows of the number erased (the erasure comes before the in-file dedupe: session 19).
    expect(again.summary.skippedByCode.erased).toBe(2);
    expect(processedPhones(emu).slice(before)).not.toContain('0912345678');
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 1 } }),
    );
    const p = await runCli(['state', 'prune', '--json'], {
      env,
      cwd,
      now: () => new Date(Date.now() + 3 * 86_400_000),
    });
    expect(p.code).toBe(0);
    const later = await importJson([a, '--restart'], env, cwd);
    expect(later.summary.skippedByCode.erased).toBe(2);
  });

  it("prune leaves a journal a live import holds (and that run's history entry); the import goes on and finishes", async () => {
    const emu = await emulators.start();
    const db = await pg.database();
    const count = async (sql: string) => Number((await pg.query(sql, [], db)).rows[0]!.n);
    const env = importEnv(emu, { CACS_STATE_URL: pg.url(db) });
    const cwd = tempDir();
    const points = pointsDir();
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 1 } }),
    );
    // An earlier import, finished: its journal is prune's to remove.
    const a = write(cwd, 'done.csv', `${HEADER}0912000101,An,a@example.vn,A1\n`);
    expect((await importJson([a], env, cwd)).code).toBe(0);
    // A second import, paused with its journal open (and its lock held) before it sends.
    const phones = Array.from({ length: 30 }, (_, k) => phoneOf(500 + k));
    const b = write(
      cwd,
      'live.csv',
      `${HEADER}${phones.map((p, k) => `${p},N${k},n${k}@example.vn,L${k}`).join('\n')}\n`,
    );
    const live = startShifted(
      ['import', b, '--json'],
      {
        ...env,
        CACS_TEST_POINTS: points,
        CACS_TEST_PAUSE: 'import-journal-open',
      },
      cwd,
    );
    const pid = await reached(points, 'import-journal-open', live.exited, live.child.pid);
    if (pid === undefined) throw new Error(`the import ended first: ${(await live.done).stderr}`);
    try {
      expect(await count('SELECT count(*)::int AS n FROM cacs.journals')).toBe(2);
      // prune on a clock days ahead: both journals are old and look finished (the live one has
      // nothing in flight yet), both runs are old. The live run's are kept.
      const p = await runShifted(['state', 'prune', '--json'], env, cwd, 3 * 86_400_000);
      expect(p.code, p.stderr).toBe(0);
      expect(JSON.parse(p.stdout).prune.journals).toBe(1);
      expect(await count('SELECT count(*)::int AS n FROM cacs.journals')).toBe(1);
      expect(await count('SELECT count(*)::int AS n FROM cacs.runs')).toBe(1);
    } catch (error) {
      // A failed check must not leave the paused import behind (it holds a lock and a folder).
      live.child.kill('SIGKILL');
      await live.done;
      throw error;
    }
    // The import goes on: every lead sent once, its outcomes in its journal, its run ended.
    release(points, 'import-journal-open', pid);
    const done = await live.done;
    expect(done.code, done.stderr).toBe(0);
    const summary = JSON.parse(done.stdout);
    expect(summary.imported).toBe(30);
    const sent = processedPhones(emu);
    for (const ph of phones) expect(sent.filter((x) => x === ph)).toHaveLength(1);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM cacs.journal_records r JOIN cacs.journals j ON j.id = r.journal`,
      ),
    ).toBeGreaterThan(1);
    expect(await count(`SELECT count(*)::int AS n FROM cacs.runs WHERE ended IS NOT NULL`)).toBe(1);
    // Imported for real: the same file again sends nothing.
    const again = await importJson([b], env, cwd);
    expect(again.code, again.stderr).toBe(0);
    expect(processedPhones(emu)).toHaveLength(sent.length);
  }, 180_000);
});
