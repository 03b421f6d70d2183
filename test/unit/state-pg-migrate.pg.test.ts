/**
 * The PostgreSQL store's schema migrations (src/state/pg/schema.ts): a database left at version 4
 * (as the cacs before version 5 made it, with ledgers, records and claims in it) is migrated to
 * the current version in one transaction, its records and claims kept; a database newer than
 * this cacs knows is refused (exit 2), untouched.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStateStore } from '../../src/state/index.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/state/pg/schema.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { tempDir } from '../helpers/tmp.js';

describe.skipIf(pgMissing !== undefined)('PostgreSQL schema migrations', () => {
  let pg: PgCluster;
  let db: string;
  beforeAll(async () => {
    pg = await startPg();
    db = await pg.database();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  /** A schema as cacs left it at `version` (its migrations applied, the version row written). */
  async function schemaAt(version: number): Promise<string> {
    const s = pg.schema();
    await pg.query(`CREATE SCHEMA ${s}`, [], db);
    await pg.query(`CREATE TABLE ${s}.meta (key text PRIMARY KEY, value text NOT NULL)`, [], db);
    for (let v = 1; v <= version; v++)
      for (const sql of MIGRATIONS[v - 1]!(s)) await pg.query(sql, [], db);
    await pg.query(
      `INSERT INTO ${s}.meta VALUES ('secret', '000102030405060708090a0b'), ('schema_version', $1)`,
      [String(version)],
      db,
    );
    return s;
  }

  /** The foreign keys of a schema's claims table (version 4 had one; 5 has none). */
  async function claimsForeignKeys(s: string): Promise<number> {
    const fks = await pg.query(
      `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND conrelid = $1::regclass`,
      [`${s}.claims`],
      db,
    );
    return (fks.rows[0] as { n: number }).n;
  }

  const store = (schema: string) =>
    openStateStore({
      stateDir: path.join(tempDir('cacs-state-'), 'state'),
      stateUrl: pg.url(db),
      stateSchema: schema,
    });
  const campaign = { serviceUrl: 'https://svc.example/', campaignKey: 'summer' };

  /** A version-4 schema whose version row says `value`, opened: the error it gives, if any. */
  async function openAtVersion(value: string): Promise<{ s: string; e: unknown }> {
    const s = await schemaAt(4);
    await pg.query(`UPDATE ${s}.meta SET value = $1 WHERE key = 'schema_version'`, [value], db);
    const a = store(s);
    const e = await a.openLedger(campaign).then(
      () => undefined,
      (x: unknown) => x,
    );
    await a.close();
    return { s, e };
  }

  it('version 4 → the current version: foreign keys gone, claims with room for their outcome, one index fewer on the records; records and claims kept', async () => {
    expect(SCHEMA_VERSION).toBe(5);
    const s = await schemaAt(4);
    // A version-4 store's data, written as that version wrote it.
    await pg.query(
      `INSERT INTO ${s}.ledgers (service_url, campaign) VALUES ($1, $2)`,
      [campaign.serviceUrl, campaign.campaignKey],
      db,
    );
    const a = openStateStore({
      stateDir: path.join(tempDir('cacs-state-'), 'state'),
      stateUrl: pg.url(db),
      stateSchema: s,
    });
    // (Reading the secret is the store's first statement: the schema is migrated then.)
    const h = await a.hasher();
    const [lo, hi] = h.phone('0912345678');
    const [lo2, hi2] = h.phone('0987654321');
    await pg.query(
      `INSERT INTO ${s}.ledger_records (ledger, lo, hi, ref, run, time, state)
       VALUES (1, $1, $2, 0, 7, 1700000000, 2), (1, $1, $2, 0, 7, 1700000001, 1),
              (1, $3, $4, 0, 7, 1700000002, 2)`,
      [lo | 0, hi | 0, lo2 | 0, hi2 | 0],
      db,
    );
    await pg.query(
      `INSERT INTO ${s}.claims (ledger, lo, hi, state, run, time)
       VALUES (1, $1, $2, 1, 7, 1700000001), (1, $3, $4, 2, 7, 1700000002)`,
      [lo | 0, hi | 0, lo2 | 0, hi2 | 0],
      db,
    );

    // Opening the store migrates it.
    const ledger = await a.openLedger(campaign);
    expect(ledger.size).toBe(2);
    expect(ledger.lookup('0912345678')).toMatchObject({ state: 'accepted', run: 7 });
    expect(ledger.lookup('0987654321')).toMatchObject({ state: 'uncertain', run: 7 });
    await ledger.close();
    const records = [];
    for await (const chunk of a.ledgerRecords(campaign)) records.push(...chunk);
    expect(records.map((r) => [r.time, r.state])).toEqual([
      [1700000000, 2],
      [1700000001, 1],
      [1700000002, 2],
    ]);
    await a.close();

    const version = await pg.query(
      `SELECT value FROM ${s}.meta WHERE key = 'schema_version'`,
      [],
      db,
    );
    expect(version.rows[0]!.value).toBe(String(SCHEMA_VERSION));
    const fks = await pg.query(
      `SELECT conrelid::regclass::text AS t FROM pg_constraint
       WHERE contype = 'f' AND connamespace = $1::regnamespace
         AND conrelid IN ($2::regclass, $3::regclass)`,
      [s, `${s}.ledger_records`, `${s}.claims`],
      db,
    );
    expect(fks.rows).toEqual([]);
    const opts = await pg.query(
      `SELECT reloptions FROM pg_class WHERE oid = $1::regclass`,
      [`${s}.claims`],
      db,
    );
    expect(opts.rows[0]!.reloptions).toEqual(['fillfactor=50']);
    const indexes = await pg.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'ledger_records'
       ORDER BY indexname`,
      [s],
      db,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'ledger_records_phone',
      'ledger_records_pkey',
      'ledger_records_ref',
    ]);
    expect(indexes.rows[1]!.indexdef).toContain('(ledger, seq)');

    // A migrated store works on: a run claims and records a lead.
    const b = store(s);
    const run = b.newRun();
    const l2 = await b.openLedger(campaign, run.n);
    expect(await l2.begin([{ phone: '0901111111' }])).toEqual({ refused: [] });
    l2.settle([{ phone: '0901111111' }], 1);
    await l2.close();
    await b.close();
    const n = await pg.query(`SELECT count(*)::int AS n FROM ${s}.ledger_records`, [], db);
    expect(n.rows[0]!.n).toBe(5);
  });

  it.each(['abc', '', '4.5', '-1', ' 5'])(
    'a version row changed by hand (%j): refused (exit 2) naming it, nothing migrated or written',
    async (value) => {
      // Review, session 17: read as NaN, it migrated nothing, refused nothing, and `cacs state
      // status` said "version NaN".
      const { s, e } = await openAtVersion(value);
      expect(e).toMatchObject({ exitCode: 2 });
      expect(String((e as Error).message)).toContain(
        `with the version ${JSON.stringify(value)}, not a version number`,
      );
      const row = await pg.query(
        `SELECT value FROM ${s}.meta WHERE key = 'schema_version'`,
        [],
        db,
      );
      expect(row.rows[0]!.value).toBe(value);
      // Version 4's foreign key is still there: no migration ran.
      expect(await claimsForeignKeys(s)).toBe(1);
    },
  );

  it('a schema newer than this cacs knows: refused (exit 2, "upgrade cacs"), left as it was', async () => {
    const { s, e } = await openAtVersion(String(SCHEMA_VERSION + 1));
    expect(e).toMatchObject({ exitCode: 2 });
    expect(String((e as Error).message)).toContain(`this cacs knows version ${SCHEMA_VERSION}`);
    expect(await claimsForeignKeys(s)).toBe(1);
  });
});
