/**
 * The PostgreSQL store's outcome writes (src/state/pg/store.ts writeOutcome): the outcomes of
 * several batches written together lock their claims in one order, (lo, hi), as every other
 * transaction does — so a run writing outcomes and another run claiming the same numbers wait
 * for each other, never in a circle. (Written a statement per batch, they deadlocked: seen with
 * 20 runs at once, `teams.pg.e2e` "20 operators", one run stopped with exit 1.) And a lead
 * another live run is sending is not held back by the preflight as `uncertain_earlier` (its run
 * may still get an answer): its claim is refused as `in_flight_elsewhere`, naming that run.
 * `cacs forget` and `cacs state prune` delete claims after locking them in that order too.
 */
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStateStore } from '../../src/state/index.js';
import { STATE_ACCEPTED, type CampaignLedger } from '../../src/state/types.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { tempDir } from '../helpers/tmp.js';

/** Two numbers in the order the database sorts claims (lo, hi as int4): `first`, `second`. */
function inClaimOrder(h: { phone(p: string): readonly [number, number] }, ...numbers: string[]) {
  const phones = numbers.map((phone) => {
    const [lo, hi] = h.phone(phone);
    return { phone, lo: lo | 0, hi: hi | 0 };
  });
  phones.sort((x, y) => x.lo - y.lo || x.hi - y.hi);
  return phones as [(typeof phones)[0], (typeof phones)[0]];
}

/** A third session that holds a claim's lock, and a wait until `n` sessions queue for locks. */
async function lockHolder(url: string) {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  const waiting = async (n: number) => {
    for (;;) {
      // The holder is inside a transaction: read the activity afresh each time.
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const r = await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (r.rows[0]!.n >= n) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { holder, waiting };
}

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

  /**
   * While a third session holds `first`'s claim row, run B's ledger `lb` claims both numbers in
   * (lo, hi) order (it queues for `first`), then `rival()` starts work on the same rows (it
   * queues too); the holder commits. Both must finish (no deadlock): their results, B's first.
   */
  async function behindHeldClaim<T>(
    schema: string,
    first: { phone: string; lo: number; hi: number },
    second: { phone: string },
    lb: CampaignLedger,
    rival: () => Promise<T>,
  ) {
    const { holder, waiting } = await lockHolder(cluster.url(db));
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM ${schema}.claims WHERE lo = $1 AND hi = $2 FOR UPDATE`, [
        first.lo,
        first.hi,
      ]);
      const claimed = lb.begin([{ phone: first.phone }, { phone: second.phone }]);
      await waiting(1);
      const theirs = rival();
      await waiting(2);
      await holder.query('COMMIT');
      return await Promise.all([claimed, theirs]);
    } finally {
      await holder.end();
    }
  }

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
    const [first, second] = inClaimOrder(h, '0912000001', '0912000002');

    const la = await a.openLedger(campaign, a.newRun().n);
    const lb = await b.openLedger(campaign, b.newRun().n);
    // Run A claims them in two batches: the later number first.
    expect(await la.begin([{ phone: second.phone }])).toEqual({ refused: [] });
    expect(await la.begin([{ phone: first.phone }])).toEqual({ refused: [] });

    // A third session holds `first`'s claim, so the others queue behind it in a known order:
    // run B claims both (it is refused them: A holds them), then A's outcomes of both batches,
    // settled in one tick, are written together.
    try {
      const [got] = await behindHeldClaim(schema, first, second, lb, () => {
        la.settle([{ phone: second.phone }], STATE_ACCEPTED);
        la.settle([{ phone: first.phone }], STATE_ACCEPTED);
        return la.close();
      });
      // B saw A's claims, in flight or imported: refused both, and nothing failed.
      expect(got.refused.map((r) => r.index).sort()).toEqual([0, 1]);
    } finally {
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

  /**
   * Two runs' stores (a, b) and a third whose session plans as it would over a large table (no
   * index scan): a scan meets the rows in the table's order, not the runs' (lo, hi) order.
   */
  async function scanPlanned() {
    const schema = cluster.schema();
    const where = () => ({
      stateDir: path.join(tempDir('cacs-state-'), 'state'),
      stateUrl: cluster.url(db),
      stateSchema: schema,
    });
    const campaign = { serviceUrl: 'https://svc.example/', campaignKey: 'summer' };
    const a = openStateStore(where());
    const b = openStateStore(where());
    await cluster.query(`ALTER DATABASE ${db} SET enable_indexscan = off`, [], db);
    await cluster.query(`ALTER DATABASE ${db} SET enable_bitmapscan = off`, [], db);
    const third = openStateStore(where());
    const close = async () => {
      await a.close();
      await b.close();
      await third.close();
      await cluster.query(`ALTER DATABASE ${db} RESET ALL`, [], db);
    };
    return { schema, campaign, a, b, third, h: await a.hasher(), close };
  }

  it('forget deletes claims in the order runs lock them: forget and a run claiming the same numbers never deadlock', async () => {
    const { schema, campaign, a, b, third: f, h, close } = await scanPlanned();
    const [first, second] = inClaimOrder(h, '0912000021', '0912000022');
    // Run A imports both, the later number first (so a table scan meets `second` first).
    const la = await a.openLedger(campaign, a.newRun().n);
    expect(await la.begin([{ phone: second.phone }])).toEqual({ refused: [] });
    expect(await la.begin([{ phone: first.phone }])).toEqual({ refused: [] });
    la.settle([{ phone: second.phone }], STATE_ACCEPTED);
    la.settle([{ phone: first.phone }], STATE_ACCEPTED);
    await la.close();
    const lb = await b.openLedger(campaign, b.newRun().n);

    try {
      // forget both, `second` named first: it must not hold `second` while it waits for `first`.
      const [got, gone] = await behindHeldClaim(schema, first, second, lb, () =>
        f.eraseLeads({ phones: [second.phone, first.phone], refs: [], texts: [], now: new Date() }),
      );
      expect(got.refused.map((r) => r.index).sort()).toEqual([0, 1]);
      expect(gone.held).toBe(2);
    } finally {
      await lb.close();
      await close();
    }
  }, 60_000);

  it('prune deletes claims in the order runs lock them: prune and a run claiming the same numbers never deadlock', async () => {
    const { schema, campaign, a, b, third: p, h, close } = await scanPlanned();
    const [first, second] = inClaimOrder(h, '0912000031', '0912000032');
    // Run A imports both; `second`'s outcome is written first, `first`'s after it (a ledger of
    // its own, same run), so the claims' live rows lie `second` before `first` in the table.
    const n = a.newRun().n;
    const la = await a.openLedger(campaign, n);
    expect(await la.begin([{ phone: first.phone }, { phone: second.phone }])).toEqual({
      refused: [],
    });
    la.settle([{ phone: second.phone }], STATE_ACCEPTED);
    await la.close();
    const la2 = await a.openLedger(campaign, n);
    la2.settle([{ phone: first.phone }], STATE_ACCEPTED);
    await la2.close();
    const rows = await cluster.query<{ lo: number }>(
      `SELECT lo FROM ${schema}.claims ORDER BY ctid`,
      [],
      db,
    );
    expect(rows.rows.map((r) => r.lo)).toEqual([second.lo, first.lo]);
    const lb = await b.openLedger(campaign, b.newRun().n);

    try {
      // prune both claims (imported, older than the cutoff): a scan meets `second` first; it must
      // not hold `second` while it waits for `first`.
      const [got, done] = await behindHeldClaim(schema, first, second, lb, () =>
        p.prune(new Date(Date.now() + 86_400_000), false),
      );
      expect(got.refused.map((r) => r.index).sort()).toEqual([0, 1]);
      expect(done.ledgerRecords).toBe(4);
    } finally {
      await lb.close();
      await close();
    }
    const left = await cluster.query(`SELECT 1 FROM ${schema}.claims`, [], db);
    expect(left.rowCount).toBe(0);
  }, 60_000);

  it('a lead another live run is sending: let through by the preflight, refused as in_flight_elsewhere when claimed; once that run stopped without an answer, uncertain_earlier', async () => {
    const where = {
      stateDir: path.join(tempDir('cacs-state-'), 'state'),
      stateUrl: cluster.url(db),
      stateSchema: cluster.schema(),
    };
    const campaign = { serviceUrl: 'https://svc.example/', campaignKey: 'summer' };
    const a = openStateStore(where);
    const b = openStateStore(where);
    const c = openStateStore(where);
    try {
      const runA = a.newRun();
      await a.appendHistory({
        k: 'start',
        id: runA.id,
        n: runA.n,
        started: new Date().toISOString(),
        file: 'a.csv',
        campaign: 'summer',
        baseUrl: campaign.serviceUrl,
        pid: process.pid,
      });
      const la = await a.openLedger(campaign, runA.n);
      expect(await la.begin([{ phone: '0912000011' }, { phone: '0912000012' }])).toEqual({
        refused: [],
      });
      // B opens while A is live and sending both.
      const lb = await b.openLedger(campaign, b.newRun().n);
      expect(lb.lookup('0912000011')).toBeUndefined();
      const got = await lb.begin([{ phone: '0912000011' }]);
      expect(got.refused).toEqual([
        expect.objectContaining({
          index: 0,
          code: 'in_flight_elsewhere',
          by: expect.objectContaining({ run: runA.id }),
        }),
      ]);
      await lb.close();
      // A gets its answer for one; it stops without one for the other.
      la.settle([{ phone: '0912000011' }], STATE_ACCEPTED);
      await la.close();
      const lc = await c.openLedger(campaign, c.newRun().n);
      expect(lc.lookup('0912000011')).toMatchObject({ state: 'accepted', run: runA.n });
      expect(lc.lookup('0912000012')).toMatchObject({ state: 'uncertain', run: runA.n });
      await lc.close();
    } finally {
      await a.close();
      await b.close();
      await c.close();
    }
  }, 60_000);
});
