/**
 * The PostgreSQL store's outcome writes (src/state/pg/store.ts writeOutcome): the outcomes of
 * several batches written together lock their claims in one order, (lo, hi), as every other
 * transaction does — so a run writing outcomes and another run claiming the same numbers wait
 * for each other, never in a circle. (Written a statement per batch, they deadlocked: seen with
 * 20 runs at once, `teams.pg.e2e` "20 operators", one run stopped with exit 1.)
 */
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStateStore } from '../../src/state/index.js';
import { STATE_ACCEPTED } from '../../src/state/types.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { tempDir } from '../helpers/tmp.js';

describe.skipIf(pgMissing !== undefined)('PostgreSQL store: outcomes and claims', () => {
  let cluster: PgCluster;
  let db: string;
  beforeAll(async () => {
    cluster = await startPg();
    db = await cluster.database();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("two batches' outcomes written together while another run claims their numbers: no deadlock", async () => {
    const schema = cluster.schema();
    const where = () => ({
      stateDir: path.join(tempDir('cacs-state-'), 'state'),
      stateUrl: cluster.url(db),
      stateSchema: schema,
    });
    const campaign = { serviceUrl: 'https://svc.example/', campaignKey: 'summer' };
    const a = openStateStore(where());
    const b = openStateStore(where());
    const h = await a.hasher();
    // Two numbers in the order the database sorts claims (lo, hi as int4): `first`, `second`.
    const phones = ['0912000001', '0912000002'].map((phone) => {
      const [lo, hi] = h.phone(phone);
      return { phone, lo: lo | 0, hi: hi | 0 };
    });
    phones.sort((x, y) => x.lo - y.lo || x.hi - y.hi);
    const [first, second] = phones as [(typeof phones)[0], (typeof phones)[0]];

    const la = await a.openLedger(campaign, a.newRun().n);
    const lb = await b.openLedger(campaign, b.newRun().n);
    // Run A claims them in two batches: the later number first.
    expect(await la.begin([{ phone: second.phone }])).toEqual({ refused: [] });
    expect(await la.begin([{ phone: first.phone }])).toEqual({ refused: [] });

    // A third session holds `first`'s claim, so the others queue behind it in a known order.
    const holder = new pg.Client({ connectionString: cluster.url(db) });
    await holder.connect();
    const waiting = async (n: number) => {
      for (;;) {
        const r = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (r.rows[0]!.n >= n) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM ${schema}.claims WHERE lo = $1 AND hi = $2 FOR UPDATE`, [
        first.lo,
        first.hi,
      ]);
      // Run B claims both (it is refused them: A holds them); it waits for `first` first.
      const claimed = lb.begin([{ phone: first.phone }, { phone: second.phone }]);
      await waiting(1);
      // Run A's outcomes of both batches, settled in one tick: written together.
      la.settle([{ phone: second.phone }], STATE_ACCEPTED);
      la.settle([{ phone: first.phone }], STATE_ACCEPTED);
      const closed = la.close();
      await waiting(2);
      await holder.query('COMMIT');
      const [got] = await Promise.all([claimed, closed]);
      // B saw A's claims, in flight or imported: refused both, and nothing failed.
      expect(got.refused.map((r) => r.index).sort()).toEqual([0, 1]);
    } finally {
      await holder.end();
      await lb.close();
      await a.close();
      await b.close();
    }
    const claims = await cluster.query<{ state: number }>(
      `SELECT state FROM ${schema}.claims ORDER BY lo, hi`,
      [],
      db,
    );
    expect(claims.rows.map((r) => r.state)).toEqual([STATE_ACCEPTED, STATE_ACCEPTED]);
  }, 60_000);
});
