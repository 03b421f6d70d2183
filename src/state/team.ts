/**
 * `cacs state status` and `cacs state migrate --to <url>` as library functions: where state
 * lives and what it holds; a file store's ledgers, history and unfinished journals copied into
 * a PostgreSQL store (idempotent: what is there already is not copied again; the files are left
 * as they are).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { FileStore } from './file/store.js';
import { loadJournal, type JournalRecord } from './file/journal.js';
import { ledgerFolder } from './file/ledger.js';
import { assertStateFolderTrusted } from './file/state-write.js';
import { DEFAULT_STATE_SCHEMA, PgStore } from './pg/store.js';
import { SCHEMA_VERSION } from './pg/schema.js';
import type { CampaignRef, StateStore } from './types.js';

export interface StateStatus {
  store: 'file' | 'postgres';
  /** The folder, or the database (password masked) and schema. */
  location: string;
  /** PostgreSQL: the schema's version (and the newest this cacs knows). */
  schemaVersion?: number;
  knownSchemaVersion?: number;
  ledgers: number;
  ledgerRecords: number;
  runs: number;
  journals: number;
  /** Report bookmarks (in the database with a PostgreSQL store). */
  bookmarks: number;
}

export async function stateStatusOf(store: StateStore): Promise<StateStatus> {
  const runs = (await store.readHistory()).length;
  const bookmarks = (await store.bookmarks.list()).length;
  if (store instanceof PgStore) {
    const s = store.conn.schema;
    const q = async (sql: string) => Number((await store.conn.queryArrays(sql))[0]![0]);
    return {
      store: 'postgres',
      location: store.location,
      schemaVersion: Number(
        (
          await store.conn.queryArrays(`SELECT value FROM ${s}.meta WHERE key = 'schema_version'`)
        )[0]![0],
      ),
      knownSchemaVersion: SCHEMA_VERSION,
      ledgers: await q(`SELECT count(*) FROM ${s}.ledgers`),
      ledgerRecords: await q(`SELECT count(*) FROM ${s}.ledger_records`),
      runs,
      journals: await q(`SELECT count(*) FROM ${s}.journals WHERE key NOT LIKE '%:restarted:%'`),
      bookmarks,
    };
  }
  const folder = ledgerFolder(store.location);
  const ledgerFiles = fs.existsSync(folder)
    ? fs.readdirSync(folder).filter((f) => f.endsWith('.ledger'))
    : [];
  const journals = path.join(store.location, 'journals');
  return {
    store: 'file',
    location: store.location,
    ledgers: ledgerFiles.length,
    ledgerRecords: ledgerFiles.reduce(
      (n, f) => n + Math.floor(fs.statSync(path.join(folder, f)).size / 24),
      0,
    ),
    runs,
    journals: fs.existsSync(journals)
      ? fs.readdirSync(journals).filter((f) => f.endsWith('.jsonl')).length
      : 0,
    bookmarks,
  };
}

export interface MigrateResult {
  from: string;
  to: string;
  /** Per ledger: the campaign, the service, records copied now and already there before. */
  ledgers: Array<{ campaign: string; serviceUrl: string; copied: number; already: number }>;
  runs: { copied: number; already: number };
  journals: { copied: number; already: number; finished: number };
  /** Report bookmarks: copied now, there already (kept as the database has them), unreadable. */
  bookmarks: { copied: number; already: number; unreadable: number };
  /**
   * The folder's keyed hash against the database's: the same secret; `adopted` (the database
   * held no ledger yet: it takes the folder's); `kept` (another secret: the folder's ledgers are
   * kept beside the database's and looked up with their own secret too).
   */
  secret: 'same' | 'adopted' | 'kept' | 'none';
}

const markerKey = (c: CampaignRef, secret: number) =>
  `migrated:${secret > 0 ? `${secret}:` : ''}${createHash('sha256').update(`${c.serviceUrl}\0${c.campaignKey}`).digest('hex').slice(0, 32)}`;

/**
 * Copies the file stores at `stateDirs` (each operator's folder) into the PostgreSQL store `to`,
 * one after the other: the ledgers (records as they are: keyed hashes), the history, the report
 * bookmarks and the journals with leads still in flight or uncertain. The first folder with
 * ledgers gives the database its secret when it holds none yet; a folder with another secret is
 * kept beside it (`foreign_claims`, looked up with that folder's secret too). Run again, it
 * copies only what is new; the folders are left as they are.
 */
export async function migrateFileStores(
  stateDirs: readonly string[],
  to: { url: string; schema?: string },
): Promise<MigrateResult[]> {
  const dst = new PgStore(to.url, to.schema ?? DEFAULT_STATE_SCHEMA, stateDirs[0] ?? '.');
  try {
    const out: MigrateResult[] = [];
    for (const dir of stateDirs) out.push(await migrateOne(dir, dst));
    return out;
  } finally {
    await dst.close();
  }
}

/** Copies one folder (see migrateFileStores). */
export async function migrateFileStore(
  stateDir: string,
  to: { url: string; schema?: string },
): Promise<MigrateResult> {
  return (await migrateFileStores([stateDir], to))[0]!;
}

/**
 * Which secret the folder's ledger records are copied under: 0, the database's own (the same,
 * or adopted while the database holds no ledger record); else the number of its `secret:<n>`.
 */
async function secretFor(
  dst: PgStore,
  folder: string,
): Promise<{ n: number; how: MigrateResult['secret'] }> {
  const s = dst.conn.schema;
  const secret = fs.readFileSync(path.join(folder, 'secret')).subarray(0, 12).toString('hex');
  return dst.conn.transaction(async (db) => {
    const rows = await db.query<{ key: string; value: string }>(
      `SELECT key, value FROM ${s}.meta WHERE key = 'secret' OR key LIKE 'secret:%' FOR UPDATE`,
    );
    const own = rows.rows.find((r) => r.key === 'secret');
    if (own?.value === secret) return { n: 0, how: 'same' as const };
    const kept = rows.rows.find((r) => r.key !== 'secret' && r.value === secret);
    if (kept) return { n: Number(kept.key.slice('secret:'.length)), how: 'kept' as const };
    const held = await db.query(`SELECT 1 FROM ${s}.ledger_records LIMIT 1`);
    if ((held.rowCount ?? 0) === 0 && rows.rows.length === 1) {
      await db.query(`UPDATE ${s}.meta SET value = $1 WHERE key = 'secret'`, [secret]);
      return { n: 0, how: 'adopted' as const };
    }
    const n = rows.rows.length; // secret:1, secret:2, … in order
    await db.query(`INSERT INTO ${s}.meta (key, value) VALUES ($1, $2)`, [`secret:${n}`, secret]);
    return { n, how: 'kept' as const };
  });
}

async function migrateOne(stateDir: string, dst: PgStore): Promise<MigrateResult> {
  // What another user could change is not copied into the team's database either.
  assertStateFolderTrusted(stateDir);
  const src = new FileStore(stateDir);
  const s = dst.conn.schema;
  const result: MigrateResult = {
    from: stateDir,
    to: dst.location,
    ledgers: [],
    runs: { copied: 0, already: 0 },
    journals: { copied: 0, already: 0, finished: 0 },
    bookmarks: { copied: 0, already: 0, unreadable: 0 },
    secret: 'none',
  };
  if (!fs.existsSync(stateDir))
    throw new UsageError(t('teams.migrate.noFolder', { folder: stateDir }));
  const folder = ledgerFolder(stateDir);
  const metas = fs.existsSync(folder)
    ? fs.readdirSync(folder).filter((f) => f.endsWith('.json') && f !== 'secret')
    : [];
  let secret = 0;
  if (metas.length > 0) {
    const chosen = await secretFor(dst, folder);
    secret = chosen.n;
    result.secret = chosen.how;
  }
  for (const f of metas.sort()) {
    let meta: { baseUrl?: string; campaign?: string };
    try {
      meta = JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as typeof meta;
    } catch {
      continue;
    }
    if (typeof meta.baseUrl !== 'string' || typeof meta.campaign !== 'string') continue;
    const c: CampaignRef = { serviceUrl: meta.baseUrl, campaignKey: meta.campaign };
    const marker = markerKey(c, secret);
    const done = await dst.conn.query<{ value: string }>(
      `SELECT value FROM ${s}.meta WHERE key = $1`,
      [marker],
    );
    const already = done.rows[0] ? Number(done.rows[0].value) : 0;
    let seen = 0;
    let copied = 0;
    for await (const batch of src.ledgerRecords(c)) {
      const fresh = batch.slice(Math.max(0, Math.min(batch.length, already - seen)));
      seen += batch.length;
      if (fresh.length === 0) continue;
      if (secret === 0) await dst.appendLedgerRecords(c, fresh);
      else await dst.appendForeignRecords(c, secret, fresh);
      copied += fresh.length;
      await dst.conn.query(
        `INSERT INTO ${s}.meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [marker, String(already + copied)],
      );
    }
    result.ledgers.push({
      campaign: c.campaignKey,
      serviceUrl: c.serviceUrl,
      copied,
      already: Math.min(already, seen),
    });
  }
  const known = new Set((await dst.readHistory()).map((r) => r.id));
  for (const r of await src.readHistory()) {
    if (known.has(r.id)) {
      result.runs.already++;
      continue;
    }
    const { end, ...start } = r;
    await dst.appendHistory(start);
    if (end) await dst.appendHistory({ k: 'end', id: r.id, ...end });
    result.runs.copied++;
  }
  // Bookmarks as stored (the same text, under the same id); one the database has stays its own.
  for (const b of await src.bookmarks.list()) {
    if ('failed' in b) {
      result.bookmarks.unreadable++;
      continue;
    }
    try {
      JSON.parse(b.text);
    } catch {
      result.bookmarks.unreadable++;
      continue;
    }
    if (await dst.bookmarks.copy(path.basename(b.where, '.json'), b.text))
      result.bookmarks.copied++;
    else result.bookmarks.already++;
  }
  const journals = path.join(stateDir, 'journals');
  const files = fs.existsSync(journals)
    ? fs.readdirSync(journals).filter((f) => /^[0-9a-f]{32}\.jsonl$/.test(f))
    : [];
  for (const f of files.sort()) {
    const file = path.join(journals, f);
    let loaded;
    try {
      loaded = loadJournal(file);
    } catch {
      continue;
    }
    let open = loaded.inFlightAtCrash;
    loaded.states.forEachSet((_l, v) => {
      if (v === 3) open++;
    });
    if (open === 0) {
      result.journals.finished++;
      continue;
    }
    const key = f.slice(0, 32);
    const copied = await dst.conn.transaction(async (db) => {
      const r = await db.query<{ id: number }>(
        `INSERT INTO ${s}.journals (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id`,
        [key],
      );
      const id = r.rows[0]?.id;
      if (id === undefined) return false;
      const text = fs.readFileSync(file, 'utf8');
      const recs = text
        .slice(0, text.lastIndexOf('\n') + 1)
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as JournalRecord);
      await db.query(
        `INSERT INTO ${s}.journal_records (journal, rec)
         SELECT $1, rec FROM unnest($2::jsonb[]) WITH ORDINALITY AS u(rec, o) ORDER BY o`,
        [id, recs.map((x) => JSON.stringify(x))],
      );
      return true;
    });
    if (copied) result.journals.copied++;
    else result.journals.already++;
  }
  return result;
}
