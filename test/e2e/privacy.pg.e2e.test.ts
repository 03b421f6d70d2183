/**
 * Issue 26 on the PostgreSQL store: `cacs forget` erases a person (ledger, lists, journals),
 * a later file, --allow-repeat and --restart never send them; prune keeps erasures. Real
 * PostgreSQL (a throwaway cluster: test/helpers/pg.ts), over real HTTP against the emulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, processedPhones, write } from '../helpers/import.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';

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
    // One row erased; the other, the same number, is an in-file duplicate.
    expect(again.summary.skippedByCode.erased).toBe(1);
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
    expect(later.summary.skippedByCode.erased).toBe(1);
  });
});
