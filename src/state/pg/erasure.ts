/**
 * Erasure and retention in the PostgreSQL store (issue 26; state/types.ts ErasureStore), beside
 * the store's own schema: two tables made on first use (no schema version of their own, so the
 * store's migrations stay as they are).
 *
 *   erasures     one row per erased number: its keyed hash, when, the campaign it was limited to
 *   erasure_log  the history's erasure entries (counts and places, never a number)
 *
 * Erasing deletes the people's ledger records and claims and blanks their texts in journal
 * records, in one transaction after the erasure rows are committed (so a crash between leaves
 * them never imported again, and the same command finishes the rest).
 */
import type pg from 'pg';
import type {
  EraseRequest,
  EraseResult,
  ErasedLedger,
  ErasureEntry,
  ErasureRecord,
  PruneResult,
} from '../types.js';
import { journalFinished } from '../file/erasure.js';
import { blankJournalRecord } from '../erase-text.js';
import { LockedError } from '../../errors.js';
import { t } from '../../messages/index.js';
import { removeBookmarksOf } from './bookmarks.js';
import type { PgConnection } from './connection.js';
import type { Hasher } from '../file/ledger.js';
import { journalLockId } from './journal-lock.js';
import { testPoint } from '../../test-point.js';

const i32 = (v: number) => v | 0;
const u32 = (v: unknown) => Number(v) >>> 0;

export interface PgErasureHost {
  readonly conn: PgConnection;
  hasher(): Promise<Hasher>;
  /** The secrets of state folders migrated with another one (`foreign_claims`), by number. */
  foreignHashers?(): Promise<Map<number, Hasher>>;
}

/** The schema holding the erasure tables (created by the schema's migration 3). */
async function tables(conn: PgConnection): Promise<string> {
  return Promise.resolve(conn.schema);
}

export async function pgErase(host: PgErasureHost, req: EraseRequest): Promise<EraseResult> {
  const conn = host.conn;
  const s = await tables(conn);
  const hasher = await host.hasher();
  const phones = new Map<string, [number, number]>();
  for (const p of req.phones) {
    const [lo, hi] = hasher.phone(p);
    phones.set(`${lo >>> 0}:${hi >>> 0}`, [lo >>> 0, hi >>> 0]);
  }
  const refs = req.refs.map((r) => hasher.ref(r)).filter((h) => h !== 0);
  const scope = req.campaign ? [req.campaign.serviceUrl, req.campaign.campaignKey] : ['', ''];
  const ledgerFilter = req.campaign
    ? `AND l.service_url = $2 AND l.campaign = $3`
    : `AND $2::text IS NOT NULL AND $3::text IS NOT NULL`;
  if (refs.length > 0) {
    const rows = await conn.queryArrays(
      `SELECT DISTINCT r.lo, r.hi FROM ${s}.ledger_records r JOIN ${s}.ledgers l ON l.id = r.ledger
       WHERE r.ref = ANY($1::int[]) ${ledgerFilter}`,
      [refs.map(i32), scope[0], scope[1]],
    );
    for (const r of rows) phones.set(`${u32(r[0])}:${u32(r[1])}`, [u32(r[0]), u32(r[1])]);
  }
  const los = [...phones.values()].map(([lo]) => i32(lo));
  const his = [...phones.values()].map(([, hi]) => i32(hi));
  const time = Math.floor(req.now.getTime() / 1000);
  // The erasure rows first, committed on their own.
  if (los.length > 0)
    await conn.query(
      `INSERT INTO ${s}.erasures (lo, hi, time, service_url, campaign)
       SELECT u.lo, u.hi, $3, $4, $5 FROM unnest($1::int[], $2::int[]) AS u(lo, hi)
       ON CONFLICT DO NOTHING`,
      [los, his, time, scope[0], scope[1]],
    );
  testPoint('forget-erasures-written');
  const heldRows = await conn.queryArrays(
    `SELECT count(DISTINCT (r.lo, r.hi)) FROM ${s}.ledger_records r JOIN ${s}.ledgers l ON l.id = r.ledger
     JOIN unnest($1::int[], $4::int[]) AS u(lo, hi) ON u.lo = r.lo AND u.hi = r.hi
     WHERE true ${ledgerFilter}`,
    [los, scope[0], scope[1], his],
  );
  // The ref_ids the ledger sent these numbers with (keyed hashes): a bookmark kept for one of
  // them is about the person too.
  const refHashes = new Set(refs.map((r) => r >>> 0));
  if (los.length > 0)
    for (const r of await conn.queryArrays(
      `SELECT DISTINCT r.ref FROM ${s}.ledger_records r JOIN ${s}.ledgers l ON l.id = r.ledger
       JOIN unnest($1::int[], $4::int[]) AS u(lo, hi) ON u.lo = r.lo AND u.hi = r.hi
       WHERE r.ref <> 0 ${ledgerFilter}`,
      [los, scope[0], scope[1], his],
    ))
      refHashes.add(u32(r[0]));
  const foreign = (await host.foreignHashers?.()) ?? new Map<number, Hasher>();
  let foreignHeld = 0;
  const ledgers = await conn.transaction(async (db: pg.PoolClient) => {
    const del = await db.query<{ service_url: string; campaign: string; n: string }>(
      `WITH gone AS (
         DELETE FROM ${s}.ledger_records r USING ${s}.ledgers l
         WHERE l.id = r.ledger ${ledgerFilter}
           AND ((r.lo, r.hi) IN (SELECT * FROM unnest($1::int[], $4::int[]))
                OR (r.ref <> 0 AND r.ref = ANY($5::int[])))
         RETURNING l.service_url, l.campaign)
       SELECT service_url, campaign, count(*)::text AS n FROM gone GROUP BY 1, 2 ORDER BY 1, 2`,
      [los, scope[0], scope[1], his, refs.map(i32)],
    );
    // The claims locked first in the order every run's claim statement locks them (ledger,
    // lo, hi), so forget and a concurrent import cannot deadlock on them.
    await db.query(
      `SELECT 1 FROM ${s}.claims c JOIN ${s}.ledgers l ON l.id = c.ledger
       WHERE TRUE ${ledgerFilter}
         AND (c.lo, c.hi) IN (SELECT * FROM unnest($1::int[], $4::int[]))
       ORDER BY c.ledger, c.lo, c.hi FOR UPDATE OF c`,
      [los, scope[0], scope[1], his],
    );
    await db.query(
      `DELETE FROM ${s}.claims c USING ${s}.ledgers l
       WHERE l.id = c.ledger ${ledgerFilter}
         AND (c.lo, c.hi) IN (SELECT * FROM unnest($1::int[], $4::int[]))`,
      [los, scope[0], scope[1], his],
    );
    // Ledgers migrated from folders with another secret (`foreign_claims`): their latest record
    // of each number, hashed with that secret, goes too — or `history find` and every import
    // would still know the person.
    const counts = new Map<string, ErasedLedger>();
    for (const r of del.rows)
      counts.set(`${r.service_url}\0${r.campaign}`, {
        serviceUrl: r.service_url,
        campaignKey: r.campaign,
        records: Number(r.n),
      });
    for (const [n, h] of foreign) {
      const flos: number[] = [];
      const fhis: number[] = [];
      for (const p of req.phones) {
        const [lo, hi] = h.phone(p);
        flos.push(i32(lo));
        fhis.push(i32(hi));
      }
      const frefs = req.refs.map((r) => h.ref(r)).filter((x) => x !== 0);
      // By number only: a record found by its ref_id alone has a number hashed with that
      // folder's secret, which no erasure record can name — deleting it would let the number be
      // sent again. Its link to the ref_id goes instead (ref 0); it still holds the number back.
      await db.query(
        `UPDATE ${s}.foreign_claims f SET ref = 0 FROM ${s}.ledgers l
         WHERE l.id = f.ledger AND f.secret = $4 ${ledgerFilter}
           AND f.ref <> 0 AND f.ref = ANY($1::int[])`,
        [frefs.map(i32), scope[0], scope[1], n],
      );
      const gone = await db.query<{ service_url: string; campaign: string; n: string }>(
        `WITH gone AS (
           DELETE FROM ${s}.foreign_claims f USING ${s}.ledgers l
           WHERE l.id = f.ledger AND f.secret = $5 ${ledgerFilter}
             AND (f.lo, f.hi) IN (SELECT * FROM unnest($1::int[], $4::int[]))
           RETURNING l.service_url, l.campaign)
         SELECT service_url, campaign, count(*)::text AS n FROM gone GROUP BY 1, 2`,
        [flos, scope[0], scope[1], fhis, n],
      );
      for (const r of gone.rows) {
        const key = `${r.service_url}\0${r.campaign}`;
        const c = counts.get(key);
        if (c) c.records += Number(r.n);
        else
          counts.set(key, {
            serviceUrl: r.service_url,
            campaignKey: r.campaign,
            records: Number(r.n),
          });
        foreignHeld += Number(r.n);
      }
    }
    // Deleted, not committed: a kill here rolls the transaction back (the erasure rows stay).
    testPoint('pg-forget-in-transaction');
    return [...counts.values()].sort((a, b) =>
      a.serviceUrl === b.serviceUrl
        ? a.campaignKey < b.campaignKey
          ? -1
          : 1
        : a.serviceUrl < b.serviceUrl
          ? -1
          : 1,
    );
  });
  testPoint('forget-ledgers-rewritten');
  let journals = 0;
  const texts = req.texts.filter((x) => x !== '');
  if (texts.length > 0) {
    const rows = await conn.queryArrays(
      `SELECT seq, journal, rec FROM ${s}.journal_records WHERE rec::text LIKE ANY($1::text[])`,
      [texts.map((x) => `%${x.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)],
    );
    const touched = new Set<string>();
    for (const r of rows) {
      const b = blankJournalRecord(r[2], texts);
      if (!b.changed) continue;
      await conn.query(`UPDATE ${s}.journal_records SET rec = $2 WHERE seq = $1`, [
        r[0],
        JSON.stringify(b.value),
      ]);
      touched.add(String(r[1]));
    }
    journals = touched.size;
  }
  testPoint('forget-journals-blanked');
  const given = new Set([...req.refs, ...(req.foundRefs ?? [])]);
  const bookmarks = await removeBookmarksOf(
    conn,
    (refId) => given.has(refId) || refHashes.has(hasher.ref(refId) >>> 0),
    () =>
      new LockedError(t('privacy.locked', { what: t('privacy.what.bookmark'), pid: '?' }), {
        hint: t('privacy.locked.hint'),
      }),
  );
  return {
    ledgers,
    numbers: phones.size,
    held: Number(heldRows[0]?.[0] ?? 0) + foreignHeld,
    journals,
    bookmarks,
  };
}

export async function pgErasures(host: PgErasureHost): Promise<ErasureRecord[]> {
  const s = await tables(host.conn);
  const rows = await host.conn.queryArrays(
    `SELECT lo, hi, time::float8, service_url, campaign FROM ${s}.erasures ORDER BY time`,
  );
  return rows.map((r) => ({
    lo: u32(r[0]),
    hi: u32(r[1]),
    time: Number(r[2]),
    ...(r[3] !== '' ? { scope: { serviceUrl: String(r[3]), campaignKey: String(r[4]) } } : {}),
  }));
}

export async function pgAppendErasure(host: PgErasureHost, entry: ErasureEntry): Promise<void> {
  const s = await tables(host.conn);
  await host.conn.query(`INSERT INTO ${s}.erasure_log (entry) VALUES ($1)`, [
    JSON.stringify(entry),
  ]);
}

export async function pgReadErasures(host: PgErasureHost): Promise<ErasureEntry[]> {
  const s = await tables(host.conn);
  const rows = await host.conn.queryArrays(`SELECT entry FROM ${s}.erasure_log ORDER BY seq`);
  return rows.map((r) => r[0] as ErasureEntry);
}

export async function pgPrune(
  host: PgErasureHost,
  before: Date,
  dryRun: boolean,
): Promise<PruneResult> {
  const conn = host.conn;
  const s = await tables(conn);
  const cutoff = Math.floor(before.getTime() / 1000);
  const result: PruneResult = {
    cutoff: before.toISOString(),
    ledgerRecords: 0,
    keptUncertain: 0,
    journals: 0,
    keptUnfinished: [],
    runs: 0,
  };
  // A number's latest record (its claim) kept when it says uncertain.
  const keptLatest = `EXISTS (SELECT 1 FROM ${s}.claims c WHERE c.ledger = r.ledger AND c.lo = r.lo
       AND c.hi = r.hi AND c.state = 2 AND c.run = r.run AND c.time = r.time AND r.state = 2)`;
  const counts = await conn.queryArrays(
    `SELECT count(*) FILTER (WHERE NOT ${keptLatest}), count(*) FILTER (WHERE ${keptLatest})
     FROM ${s}.ledger_records r WHERE r.time < $1`,
    [cutoff],
  );
  // Migrated folders' records (foreign_claims: each number's latest) age the same way.
  const foreignCounts = await conn.queryArrays(
    `SELECT count(*) FILTER (WHERE state <> 2), count(*) FILTER (WHERE state = 2)
     FROM ${s}.foreign_claims WHERE time < $1`,
    [cutoff],
  );
  result.ledgerRecords = Number(counts[0]?.[0] ?? 0) + Number(foreignCounts[0]?.[0] ?? 0);
  result.keptUncertain = Number(counts[0]?.[1] ?? 0) + Number(foreignCounts[0]?.[1] ?? 0);
  // Journals last written before the cutoff (by whole seconds, as ledger records are), when
  // their file is finished: a journal's age is its last record's, not its creation's.
  const lastWrite = `SELECT floor(extract(epoch FROM COALESCE(max(x.written), j.created)))
       FROM ${s}.journal_records x WHERE x.journal = j.id`;
  const journals = await conn.queryArrays(
    `SELECT j.id, j.key, (SELECT array_agg(rec ORDER BY seq) FROM ${s}.journal_records
       WHERE journal = j.id) FROM ${s}.journals j WHERE (${lastWrite}) < $1`,
    [cutoff],
  );
  const finished: number[] = [];
  const keys: string[] = [];
  for (const j of journals) {
    const recs = (j[2] as unknown[] | null) ?? [];
    if (journalFinished(recs)) {
      finished.push(Number(j[0]));
      keys.push(String(j[1]));
    } else
      result.keptUnfinished.push(
        String((recs[0] as { input?: string } | undefined)?.input ?? j[0]),
      );
  }
  result.journals = finished.length;
  // A run still going (its session holds the advisory lock on its number) keeps its entry,
  // however long ago it started: it ends into it. (n is stored as int4, the lock's objid is an
  // oid: compared unsigned.)
  const liveRun = `AND NOT (ended IS NULL AND (n::bigint & 4294967295) IN (SELECT l.objid::bigint FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = $2::bigint::oid))`;
  // A run that left leads still uncertain (a claim that says so) keeps its entry.
  const openRun = `AND n NOT IN (SELECT DISTINCT run FROM ${s}.claims WHERE state = 2)`;
  const runCond = `COALESCE((ended->>'ended')::timestamptz, (start->>'started')::timestamptz) < $1 ${liveRun} ${openRun}`;
  const runs = await conn.queryArrays(`SELECT count(*) FROM ${s}.runs WHERE ${runCond}`, [
    before,
    conn.lockSpace,
  ]);
  result.runs = Number(runs[0]?.[0] ?? 0);
  result.openRuns = (
    await conn.queryArrays(`SELECT DISTINCT run FROM ${s}.claims WHERE state = 2 ORDER BY 1`)
  ).map((r) => u32(r[0])); // int4 in the table; run numbers are unsigned
  if (dryRun) return result;
  // A journal a live run holds (its lock) is in use: kept, whatever its age.
  const space = conn.lockSpace + 1;
  const locked: number[] = [];
  const gone: number[] = [];
  for (let i = 0; i < finished.length; i++)
    if (await conn.tryLock(space, journalLockId(keys[i]!))) {
      locked.push(journalLockId(keys[i]!));
      gone.push(finished[i]!);
    } else result.journals--;
  testPoint('prune-journals-locked');
  try {
    await pgPruneWrite(conn, s, cutoff, before, keptLatest, runCond, gone, lastWrite);
  } finally {
    for (const id of locked) await conn.unlock(space, id);
  }
  return result;
}

async function pgPruneWrite(
  conn: PgConnection,
  s: string,
  cutoff: number,
  before: Date,
  keptLatest: string,
  runCond: string,
  finished: number[],
  lastWrite: string,
): Promise<void> {
  await conn.transaction(async (db: pg.PoolClient) => {
    await db.query(`DELETE FROM ${s}.ledger_records r WHERE r.time < $1 AND NOT ${keptLatest}`, [
      cutoff,
    ]);
    // Locked in the runs' order first (ledger, lo, hi): no deadlock with a concurrent claim.
    await db.query(
      `SELECT 1 FROM ${s}.claims WHERE time < $1 AND state <> 2
       ORDER BY ledger, lo, hi FOR UPDATE`,
      [cutoff],
    );
    await db.query(`DELETE FROM ${s}.claims WHERE time < $1 AND state <> 2`, [cutoff]);
    await db.query(`DELETE FROM ${s}.foreign_claims WHERE time < $1 AND state <> 2`, [cutoff]);
    // Deleted, not committed: a kill here rolls it all back.
    testPoint('pg-prune-in-transaction');
    // Written meanwhile (before its lock was taken): kept.
    await db.query(
      `DELETE FROM ${s}.journals j WHERE j.id = ANY($1::int[]) AND (${lastWrite}) < $2`,
      [finished, cutoff],
    );
    await db.query(`DELETE FROM ${s}.runs WHERE ${runCond}`, [before, conn.lockSpace]);
  });
  testPoint('prune-ledgers-done');
}
