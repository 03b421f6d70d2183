/**
 * The PostgreSQL store (issue 24): cacs's state in a database shared by a team — ledgers with
 * claims, journals, the history — so that "never twice" holds across every operator and
 * machine. Schema: schema.ts; connection, migrations and failures: connection.ts.
 *
 * Claims instead of the campaign lock: a run records a batch in flight (`begin`) in one
 * transaction that claims each lead — the row of (ledger, phone hash) in `claims`, locked —
 * and commits before the request leaves. A lead another live run holds is refused
 * (`in_flight_elsewhere`), one imported meanwhile too (`already_imported`). A run is live while
 * its session holds the advisory lock (lock space, run number): a run that dies lets go of it
 * with its connection, and its claims read as uncertain for later runs, as with files.
 *
 * What serves this machine alone stays in the local state folder: the records of which sidecar
 * files cacs wrote and the completion list. Report bookmarks are the team's: bookmarks.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import type {
  EraseRequest,
  EraseResult,
  ErasureEntry,
  ErasureRecord,
  PruneResult,
} from '../types.js';
import { journalLockId } from './journal-lock.js';
import { pgAppendErasure, pgErase, pgErasures, pgPrune, pgReadErasures } from './erasure.js';
import os from 'node:os';
import type pg from 'pg';
import { LockedError } from '../../errors.js';
import { t } from '../../messages/index.js';
import type { DeliveryJournal, PreviousState, RangeOutcome } from '../journal-types.js';
import {
  STATE_ACCEPTED,
  STATE_NONE,
  STATE_UNCERTAIN,
  type CampaignLedger,
  type CampaignRef,
  type Claimed,
  type FoundRecord,
  type JournalHandle,
  type JournalRef,
  type LeadHasher,
  type LedgerEntry,
  type LedgerHit,
  type LedgerRecord,
  type LedgerState,
  type OpenJournalOptions,
  type RunEnd,
  type RunRecord,
  type RunStart,
  type StateLock,
  type StateStore,
} from '../types.js';
import { FileCompletionList } from '../file/completion.js';
import { newRun } from '../file/history.js';
import {
  finishRecord,
  journalKey,
  replayJournal,
  resumeNote,
  toRuns,
  type Header,
  type JournalRecord,
} from '../file/journal.js';
import { Hasher, LedgerTable } from '../file/ledger.js';
import { FileWrittenRecords } from '../file/written-records.js';
import { PgBookmarks } from './bookmarks.js';
import { PgConnection, sqlInts } from './connection.js';
import { KeyCounts } from './key-counts.js';

export const DEFAULT_STATE_SCHEMA = 'cacs';

/** Ranges of the hash the preflight's claims are loaded in (loadClaims). */
const LOAD_PARTS = 16;
/** Ranges loaded at once (the pool holds 4 connections). */
const LOAD_AT_ONCE = 4;
/** Batches claimed ahead of those being sent, side by side (send.ts SendLedger.claimsAhead). */
const CLAIMS_AHEAD = 3;

/** Claims packed by the database (22 bytes each: lo, hi, run, time, state) into `table`. */
function unpack(packed: Buffer, table: LedgerTable): void {
  for (let o = 0; o + 22 <= packed.length; o += 22) {
    const run = packed.readUInt32BE(o + 8);
    // A claim of run 0 is one being made (no record yet): not in the ledger.
    if (run !== 0)
      table.set(
        packed.readInt32BE(o) >>> 0,
        packed.readInt32BE(o + 4) >>> 0,
        packed.readInt16BE(o + 20),
        run,
        Number(packed.readBigInt64BE(o + 12)),
      );
  }
}

const u32 = (v: unknown) => Number(v) >>> 0;
/**
 * A number's key among the outcomes not yet written (PgStore.unwritten, a KeyCounts): the low
 * word of its keyed hash cut to 30 bits, so 0 and up (a journal's lines are negative). Two
 * numbers that share a key only make a begin wait for more outcomes than it must.
 */
const outcomeKey = (lo: number) => lo & 0x3fffffff;
const i32 = (v: number) => v | 0;
/**
 * A row of (lo, hi, ref, run, time, state, ledger id, service_url, campaign) as a FoundRecord;
 * matched by phone when its hash is the one asked for (lo, hi), else by ref_id.
 */
function foundRecord(r: unknown[], lo: number, hi: number): FoundRecord {
  return {
    lo: u32(r[0]),
    hi: u32(r[1]),
    ref: u32(r[2]),
    run: u32(r[3]),
    time: Number(r[4]),
    state: Number(r[5]) as LedgerState,
    ledger: String(r[6]),
    serviceUrl: String(r[7]),
    campaignKey: String(r[8]),
    matched: u32(r[0]) === lo >>> 0 && u32(r[1]) === hi >>> 0 ? 'phone' : 'ref_id',
  };
}

const STATES: Array<PreviousState | undefined> = [undefined, 'done', 'rejected', 'uncertain'];

function whoAmI(): { host: string; user: string } {
  let user = process.env.USER ?? process.env.LOGNAME ?? '';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry (a container): the environment's name, if any
  }
  return { host: os.hostname(), user: user || '?' };
}

export class PgStore implements StateStore {
  readonly kind = 'postgres' as const;
  readonly conn: PgConnection;
  readonly bookmarks: PgBookmarks;
  readonly written: FileWrittenRecords;
  readonly completionStatuses: FileCompletionList;
  private hasherP: Promise<Hasher> | undefined;
  /**
   * Outcome writes in the order they were made, ledger and journal alike: a lead's ledger
   * outcome is committed before its journal's, so a run killed between them leaves the journal
   * saying less than the ledger (the lead is held back as imported), never the reverse (a
   * journal "done" over a ledger "uncertain" would leave the lead uncertain for good).
   */
  private ordered: Promise<void> = Promise.resolve();
  /** The outcomes waiting for their write (writeOutcome), and that write. */
  private outcomes: OutcomeGroup | undefined;
  /**
   * Keys of outcomes not yet written (writeOutcome), and how many each: a ledger's number by the
   * low word of its keyed hash (outcomeKey: 0 and up), a journal's line as −(line + 1). Small
   * integers, not strings:
   * a key a lead shares with another (of another ledger or journal) only makes a begin wait for
   * more outcomes than it must.
   */
  private unwritten = new KeyCounts();

  constructor(url: string, schema: string, localDir: string) {
    this.conn = new PgConnection(url, schema);
    this.bookmarks = new PgBookmarks(this.conn, () => this.location);
    this.written = new FileWrittenRecords(localDir);
    this.completionStatuses = new FileCompletionList(localDir);
  }

  get location(): string {
    return t('teams.pg.location', { db: this.conn.db, schema: this.conn.schema });
  }

  get ledgersAt(): string {
    return this.location;
  }

  private get s(): string {
    return this.conn.schema;
  }

  /** Claims keep runs apart: a campaign lock holds nothing. */
  async lockCampaign(): Promise<StateLock> {
    return { release: () => {} };
  }

  /**
   * One reconcile of a campaign at a time across the team (review, session 17: two at once both
   * settled the same leads, and the ledger gained each record twice): an advisory lock of this
   * session, let go when it ends or the run dies.
   */
  async lockReconcile(c: CampaignRef): Promise<StateLock> {
    const space = this.conn.lockSpace + 1;
    const id = journalLockId(`reconcile\u0000${c.serviceUrl}\u0000${c.campaignKey}`);
    if (!(await this.conn.tryLock(space, id)))
      throw new LockedError(t('state.pg.reconcileLocked', { campaign: c.campaignKey }), {
        hint: t('state.pg.journalLocked.hint'),
      });
    return { release: () => void this.conn.unlock(space, id) };
  }

  /** The ledger's id; undefined when it has none (and `create` is false). */
  async ledgerId(c: CampaignRef, create: boolean): Promise<number | undefined> {
    if (create)
      await this.conn.query(
        `INSERT INTO ${this.s}.ledgers (service_url, campaign) VALUES ($1, $2)
         ON CONFLICT (service_url, campaign) DO NOTHING`,
        [c.serviceUrl, c.campaignKey],
      );
    const r = await this.conn.query<{ id: number }>(
      `SELECT id FROM ${this.s}.ledgers WHERE service_url = $1 AND campaign = $2`,
      [c.serviceUrl, c.campaignKey],
    );
    return r.rows[0]?.id;
  }

  async openLedger(c: CampaignRef, run?: number): Promise<CampaignLedger> {
    const hasher = await this.hasher();
    const id = await this.ledgerId(c, run !== undefined);
    const table = new LedgerTable();
    if (id !== undefined) await this.loadClaims(id, table);
    const foreign = id !== undefined ? await this.loadForeign(id) : [];
    let live = new Set<number>();
    if (run !== undefined) {
      // This run is live while its session holds this lock: its claims are in flight, not dead.
      await this.conn.tryLock(this.conn.lockSpace, run);
      if (id !== undefined) live = await this.liveRuns();
    }
    return new PgLedger(this, hasher, id, run, table, foreign, live);
  }

  /**
   * The run whose session holds the advisory lock (space, id): the run lock (lock space, run
   * number) held by the same backend (review, session 17: "another cacs run is importing …"
   * named no one on a team's database). Undefined when none is found. (A run number is kept as
   * an int4, the lock's key as an oid: compared as unsigned.)
   */
  private async lockHolderRun(
    space: number,
    id: number,
  ): Promise<{ id: string; host: string | null; user: string | null } | undefined> {
    const rows = await this.conn.queryArrays(
      `SELECT r.id, r.host, r.os_user FROM pg_locks j
         JOIN pg_locks l ON l.pid = j.pid
         JOIN ${this.s}.runs r ON (r.n::bigint & 4294967295) = l.objid::bigint
        WHERE j.locktype = 'advisory' AND j.granted AND j.objsubid = 2
          AND j.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND j.classid = $1::bigint::oid AND j.objid = $2::bigint::oid
          AND l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.database = j.database AND l.classid = $3::bigint::oid
        ORDER BY r.seq DESC LIMIT 1`,
      [space >>> 0, id >>> 0, this.conn.lockSpace >>> 0],
    );
    const r = rows[0];
    return r === undefined
      ? undefined
      : {
          id: String(r[0]),
          host: (r[1] as string | null) ?? null,
          user: (r[2] as string | null) ?? null,
        };
  }

  /** The runs live now: their sessions hold the advisory lock (lock space, run number). */
  async liveRuns(db?: pg.PoolClient): Promise<Set<number>> {
    const q = {
      text: `SELECT l.objid::bigint FROM pg_locks l
             WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
               AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND l.classid = $1::bigint::oid`,
      values: [this.conn.lockSpace],
    };
    const rows = db
      ? ((await db.query({ ...q, rowMode: 'array' })).rows as unknown[][])
      : await this.conn.queryArrays(q.text, q.values);
    return new Set(rows.map((r) => u32(r[0])));
  }

  /** The secrets of state folders migrated with another secret than the database's, by number. */
  async foreignHashers(): Promise<Map<number, Hasher>> {
    const rows = await this.conn.queryArrays(
      `SELECT key, value FROM ${this.s}.meta WHERE key LIKE 'secret:%'`,
    );
    const out = new Map<number, Hasher>();
    for (const r of rows) {
      const bytes = Buffer.from(String(r[1]), 'hex');
      out.set(
        Number(String(r[0]).slice('secret:'.length)),
        new Hasher([bytes.readUInt32LE(0), bytes.readUInt32LE(4), bytes.readUInt32LE(8)]),
      );
    }
    return out;
  }

  /** A ledger's records migrated from folders with another secret, per secret (see schema.ts). */
  private async loadForeign(id: number): Promise<ForeignTable[]> {
    const hashers = await this.foreignHashers();
    if (hashers.size === 0) return [];
    const rows = await this.conn.queryArrays(
      `SELECT secret, lo, hi, state, run, time::float8 FROM ${this.s}.foreign_claims WHERE ledger = $1`,
      [id],
    );
    const tables = new Map<number, ForeignTable>();
    for (const r of rows) {
      const n = Number(r[0]);
      const hasher = hashers.get(n);
      if (!hasher) continue;
      let f = tables.get(n);
      if (!f) tables.set(n, (f = { hasher, table: new LedgerTable() }));
      f.table.set(u32(r[1]), u32(r[2]), Number(r[3]), u32(r[4]), Number(r[5]));
    }
    return [...tables.values()];
  }

  /**
   * Records of a state folder whose keyed hash has another secret (`secret:<n>`), as `cacs state
   * migrate` copies them: the latest of each number is kept (records come in the order written).
   */
  async appendForeignRecords(
    c: CampaignRef,
    secret: number,
    records: readonly LedgerRecord[],
  ): Promise<void> {
    if (records.length === 0) return;
    const id = (await this.ledgerId(c, true))!;
    const last = new Map<string, LedgerRecord>();
    for (const r of records) last.set(`${r.lo}:${r.hi}`, r);
    const latest = [...last.values()];
    await this.conn.query(
      `INSERT INTO ${this.s}.foreign_claims (ledger, secret, lo, hi, ref, state, run, time)
       SELECT $1, $2, * FROM unnest($3::int[], $4::int[], $5::int[], $6::smallint[], $7::int[],
                                    $8::bigint[]) AS u(lo, hi, ref, state, run, time)
       ON CONFLICT (ledger, secret, lo, hi) DO UPDATE
         SET ref = excluded.ref, state = excluded.state, run = excluded.run, time = excluded.time`,
      [
        id,
        secret,
        latest.map((r) => i32(r.lo)),
        latest.map((r) => i32(r.hi)),
        latest.map((r) => i32(r.ref)),
        latest.map((r) => r.state),
        latest.map((r) => i32(r.run)),
        latest.map((r) => r.time),
      ],
    );
  }

  /**
   * Every claim of a ledger into `table`, for the preflight's lookups: packed by the database
   * (the column `packed`, 22 bytes a claim) into one value per range of the hash, not sent as a
   * row each — a row costs the driver more than the lookup it serves. LOAD_PARTS ranges, read
   * LOAD_AT_ONCE at a time on connections of their own: the server reads them side by side, and
   * the client unpacks one while the others are read. No order is asked (no sort); a range holds
   * 1/LOAD_PARTS of the claims, so one value stays far below PostgreSQL's 1 GB for any ledger
   * of up to hundreds of millions of numbers.
   */
  private async loadClaims(id: number, table: LedgerTable): Promise<void> {
    const width = 2 ** 32 / LOAD_PARTS;
    let next = 0;
    const worker = async () => {
      for (let p = next++; p < LOAD_PARTS; p = next++) {
        const from = -(2 ** 31) + p * width;
        const last = p === LOAD_PARTS - 1;
        const rows = await this.conn.queryArrays(
          `SELECT encode(string_agg(packed, ''::bytea), 'base64') FROM ${this.s}.claims
           WHERE ledger = $1 AND lo >= $2 ${last ? '' : 'AND lo < $3'}`,
          last ? [id, from] : [id, from, from + width],
        );
        // As base64 text: the driver's bytea (hex text) decoder took twice as long as the query.
        const text = rows[0]?.[0] as string | null | undefined;
        if (text) unpack(Buffer.from(text, 'base64'), table);
      }
    };
    await Promise.all(Array.from({ length: LOAD_AT_ONCE }, worker));
  }

  async hasLedger(c: CampaignRef): Promise<boolean> {
    const r = await this.conn.query(
      `SELECT 1 FROM ${this.s}.ledger_records r JOIN ${this.s}.ledgers l ON l.id = r.ledger
       WHERE l.service_url = $1 AND l.campaign = $2 LIMIT 1`,
      [c.serviceUrl, c.campaignKey],
    );
    return r.rowCount !== null && r.rowCount > 0;
  }

  /** A database keeps its rows whole: nothing to check beyond reaching it. */
  async checkLedger(): Promise<void> {
    await this.conn.ensure();
  }

  async *ledgerRecords(c: CampaignRef): AsyncIterable<readonly LedgerRecord[]> {
    const id = await this.ledgerId(c, false);
    if (id === undefined) return;
    let after = 0;
    for (;;) {
      const rows = await this.conn.queryArrays(
        `SELECT seq, lo, hi, ref, run, time::float8, state FROM ${this.s}.ledger_records
         WHERE ledger = $1 AND seq > $2 ORDER BY seq LIMIT 4096`,
        [id, after],
      );
      if (rows.length === 0) return;
      after = Number(rows[rows.length - 1]![0]);
      yield rows.map((r) => ({
        lo: u32(r[1]),
        hi: u32(r[2]),
        ref: u32(r[3]),
        run: u32(r[4]),
        time: Number(r[5]),
        state: Number(r[6]) as LedgerState,
      }));
    }
  }

  async appendLedgerRecords(c: CampaignRef, records: readonly LedgerRecord[]): Promise<void> {
    if (records.length === 0) return;
    const id = (await this.ledgerId(c, true))!;
    // The records, and the latest record of each number as its claim: one statement.
    await this.conn.script(
      [
        `WITH recorded AS (${recordsSql(this.s, id, records)})
      ${claimsSql(this.s, id, records)}`,
      ],
      false,
    );
  }

  hasher(): Promise<LeadHasher & Hasher> {
    this.hasherP ??= (async () => {
      const r = await this.conn.query<{ value: string }>(
        `SELECT value FROM ${this.s}.meta WHERE key = 'secret'`,
      );
      const bytes = Buffer.from(r.rows[0]!.value, 'hex');
      return new Hasher([bytes.readUInt32LE(0), bytes.readUInt32LE(4), bytes.readUInt32LE(8)]);
    })().catch((e: unknown) => {
      this.hasherP = undefined;
      throw e;
    });
    return this.hasherP;
  }

  async findLead(query: { phone?: string; ref: string }): Promise<FoundRecord[]> {
    const hasher = await this.hasher();
    const [lo, hi] = query.phone !== undefined ? hasher.phone(query.phone) : [-1, -1];
    const ref = hasher.ref(query.ref);
    const rows = await this.conn.queryArrays(
      `SELECT r.lo, r.hi, r.ref, r.run, r.time::float8, r.state, l.id, l.service_url, l.campaign
       FROM ${this.s}.ledger_records r JOIN ${this.s}.ledgers l ON l.id = r.ledger
       WHERE (r.lo = $1 AND r.hi = $2) OR (r.ref = $3 AND r.ref <> 0)
       ORDER BY r.ledger, r.seq`,
      [i32(lo), i32(hi), i32(ref)],
    );
    const found: FoundRecord[] = rows.map((r) => foundRecord(r, lo, hi));
    // Ledgers migrated with another secret: their latest record of the number, hashed with it.
    for (const [n, h] of await this.foreignHashers()) {
      const [flo, fhi] = query.phone !== undefined ? h.phone(query.phone) : [-1, -1];
      const fref = h.ref(query.ref);
      const more = await this.conn.queryArrays(
        `SELECT f.lo, f.hi, f.ref, f.run, f.time::float8, f.state, l.id, l.service_url, l.campaign
         FROM ${this.s}.foreign_claims f JOIN ${this.s}.ledgers l ON l.id = f.ledger
         WHERE f.secret = $4 AND ((f.lo = $1 AND f.hi = $2) OR (f.ref = $3 AND f.ref <> 0))
         ORDER BY f.ledger`,
        [i32(flo), i32(fhi), i32(fref), n],
      );
      for (const r of more) found.push(foundRecord(r, flo, fhi));
    }
    return found;
  }

  async openJournal(opts: OpenJournalOptions): Promise<JournalHandle> {
    const key = journalKey(opts.inputHash, opts.campaignKey, opts.serviceUrl);
    const lockId = journalLockId(key);
    const space = this.conn.lockSpace + 1;
    if (!(await this.conn.tryLock(space, lockId))) {
      // Who holds it, as a team mate knows them: the run whose session holds the lock too.
      const by = await this.lockHolderRun(space, lockId).catch(() => undefined);
      throw new LockedError(
        by === undefined
          ? t('state.pg.journalLocked', { what: opts.input })
          : t('state.pg.journalLocked.by', {
              what: opts.input,
              run: by.id,
              user: by.user ?? '?',
              host: by.host ?? '?',
            }),
        { hint: t('state.pg.journalLocked.hint') },
      );
    }
    try {
      return await this.journalUnderLock(opts, key, () => this.conn.unlock(space, lockId));
    } catch (e) {
      await this.conn.unlock(space, lockId);
      throw e;
    }
  }

  private async journalUnderLock(
    opts: OpenJournalOptions,
    key: string,
    unlock: () => Promise<void>,
  ): Promise<JournalHandle> {
    const s = this.s;
    if (opts.restart) {
      const moved = await this.conn.query(
        `UPDATE ${s}.journals SET key = key || ':restarted:' || id || ':' || extract(epoch FROM now())
         WHERE key = $1`,
        [key],
      );
      if (moved.rowCount)
        opts.note(
          t(opts.allowRepeat === true ? 'state.pg.restarted.repeat' : 'state.pg.restarted'),
        );
    }
    const found = await this.conn.query<{ id: number }>(
      `SELECT id FROM ${s}.journals WHERE key = $1`,
      [key],
    );
    let journalId = found.rows[0]?.id;
    let loaded: ReturnType<typeof replayJournal> | undefined;
    let header: Header | undefined;
    if (journalId !== undefined) {
      const rows = await this.conn.queryArrays(
        `SELECT rec FROM ${s}.journal_records WHERE journal = $1 ORDER BY seq`,
        [journalId],
      );
      const records = rows.map((r) => r[0] as JournalRecord);
      if (records[0]?.k === 'h') {
        header = records[0];
        loaded = replayJournal(records);
      }
    }
    const scrub = opts.scrub ?? ((x: string) => x);
    if (journalId === undefined || header === undefined) {
      header = {
        k: 'h',
        v: 1,
        created: new Date().toISOString(),
        input: opts.input,
        inputHash: opts.inputHash,
        campaign: opts.campaignKey,
        baseUrl: opts.serviceUrl,
        fingerprint: opts.fingerprint,
      };
      const h = header;
      journalId = await this.conn.transaction(async (db) => {
        const r = await db.query<{ id: number }>(
          `INSERT INTO ${s}.journals (key) VALUES ($1)
           ON CONFLICT (key) DO UPDATE SET key = excluded.key RETURNING id`,
          [key],
        );
        const id = r.rows[0]!.id;
        await db.query(`DELETE FROM ${s}.journal_records WHERE journal = $1`, [id]);
        await db.query(`INSERT INTO ${s}.journal_records (journal, rec) VALUES ($1, $2)`, [
          id,
          JSON.stringify(h),
        ]);
        return id;
      });
    } else if (loaded) {
      const note = resumeNote(loaded, opts.timeZone, opts.retryUncertain === true);
      if (note) opts.note(note);
      // Compared as values: jsonb keeps an object's keys in its own order, not the one written
      // (a string comparison said "options differ" on every resume of the same command).
      if (
        !isDeepStrictEqual(
          header.fingerprint,
          opts.fingerprint === undefined ? undefined : JSON.parse(JSON.stringify(opts.fingerprint)),
        )
      )
        opts.note(t('state.pg.fingerprint'));
    }
    const jid = journalId;
    const states = loaded?.states;
    // This run's outcome per line, as its state + 1 (0: none yet): a byte a line, not a Map entry.
    let lineStates = new Uint8Array(1024);
    const setLine = (line: number, state: number) => {
      if (line >= lineStates.length) {
        const more = new Uint8Array(Math.max(line + 1, lineStates.length * 2));
        more.set(lineStates);
        lineStates = more;
      }
      lineStates[line] = state + 1;
    };
    const stateOf = (line: number) => {
      const v = line < lineStates.length ? lineStates[line]! : 0;
      return v !== 0 ? v - 1 : (states?.get(line) ?? 0);
    };
    let nextId = loaded?.nextId ?? 1;
    const open = new Map<number, readonly number[]>();
    // Records go in the order written, after the ledger's outcomes made before them.
    let failure: unknown;
    const lineKeys = (lines: readonly number[]) => lines.map((l) => -(l + 1));
    const append = (rec: JournalRecord, lines: readonly number[]): Promise<void> => {
      const fail = (e: unknown) => {
        failure ??= e;
        throw e;
      };
      // An outcome is made durable by the next batch's records (see PgConnection.transaction),
      // and written with the ledger's outcomes made next to it.
      if (rec.k === 'f')
        return failure !== undefined
          ? Promise.reject(failure)
          : this.writeOutcome({ journal: jid, rec: JSON.stringify(rec) }, lineKeys(lines)).catch(
              fail,
            );
      // A batch in flight is on disk before its request leaves (after its lines' outcomes).
      return (async () => {
        await this.outcomesWritten(lineKeys(lines));
        if (failure !== undefined) throw failure;
        await this.conn
          .queryArrays(
            `INSERT INTO ${s}.journal_records (journal, rec) VALUES ($1, $2)`,
            [jid, JSON.stringify(rec)],
            `cacs_journal_${s}`,
          )
          .catch(fail);
      })();
    };
    const dj: DeliveryJournal = {
      previous: (line) => STATES[stateOf(line)],
      begin: async (lines) => {
        this.conn.checkSession();
        const id = nextId++;
        await append({ k: 'b', id, lines: toRuns(lines) }, lines);
        open.set(id, lines);
        return id;
      },
      finish: async (id, outcome: RangeOutcome) => {
        const lines = open.get(id) ?? [];
        open.delete(id);
        // Written at once, not waited for: the next begin (or close) waits behind it.
        append(finishRecord(id, outcome, scrub), lines).catch(() => {});
        const state =
          outcome.state === 'done'
            ? 1
            : outcome.state === 'rejected'
              ? 2
              : outcome.state === 'uncertain'
                ? 3
                : 0;
        for (const l of lines) setLine(l, state);
      },
      forEachSettled: (fn) => {
        const all = new Map<number, number>();
        states?.forEachSet((line, v) => all.set(line, v));
        lineStates.forEach((v, line) => {
          if (v !== 0) all.set(line, v - 1);
        });
        for (const line of [...all.keys()].sort((a, b) => a - b)) {
          const v = all.get(line)!;
          if (v !== 0) fn(line, STATES[v]!);
        }
      },
      ...(loaded ? { earlier: loaded.earlier } : {}),
    };
    return {
      journal: dj,
      ...(loaded ? { resumedFrom: loaded.earlier.since } : {}),
      close: async () => {
        try {
          await this.drain();
          if (failure !== undefined) throw failure;
        } finally {
          await unlock();
        }
      },
    };
  }

  async hasJournal(j: JournalRef): Promise<boolean> {
    const r = await this.conn.query(`SELECT 1 FROM ${this.s}.journals WHERE key = $1`, [
      journalKey(j.inputHash, j.campaignKey, j.serviceUrl),
    ]);
    return (r.rowCount ?? 0) > 0;
  }

  newRun(now?: Date): { id: string; n: number } {
    return newRun(now);
  }

  async appendHistory(rec: RunStart | RunEnd): Promise<void> {
    if (rec.k === 'start') {
      const me = whoAmI();
      const { host, user, ...start } = rec;
      await this.conn.query(
        `INSERT INTO ${this.s}.runs (id, n, host, os_user, start) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING`,
        [rec.id, i32(rec.n), host ?? me.host, user ?? me.user, JSON.stringify(start)],
      );
    } else {
      const { k: _k, id, ...end } = rec;
      await this.conn.query(`UPDATE ${this.s}.runs SET ended = $2 WHERE id = $1`, [
        id,
        JSON.stringify(end),
      ]);
    }
  }

  async readHistory(): Promise<RunRecord[]> {
    const rows = await this.conn.queryArrays(
      `SELECT start, ended, host, os_user FROM ${this.s}.runs ORDER BY seq`,
    );
    return rows.map((r) => ({
      ...(r[0] as RunStart),
      ...(r[2] !== null ? { host: String(r[2]) } : {}),
      ...(r[3] !== null ? { user: String(r[3]) } : {}),
      ...(r[1] !== null ? { end: r[1] as RunRecord['end'] } : {}),
    }));
  }

  /** Run `fn` after every write enqueued before it (its own failure is its caller's). */
  enqueue(fn: () => Promise<void>): Promise<void> {
    this.outcomes = undefined;
    const p = this.ordered.then(fn);
    this.ordered = p.catch(() => {});
    return p;
  }

  /**
   * An outcome (a ledger's records of a batch, or a journal's record), in order after every write
   * enqueued before it, and committed lazily (PgConnection.lazy) together with the outcomes made
   * next to it: one statement for the group (outcomeStatements; one per ledger when there are
   * several, in one transaction), one round trip. Each ledger's claims are locked in one order
   * (lo, hi), as every other transaction locks them — claims locked by a statement per batch, one
   * batch's after another's, could deadlock with another run's claims (seen with 20 runs at
   * once).
   */
  writeOutcome(outcome: Outcome, keys: readonly number[]): Promise<void> {
    for (const k of keys) this.unwritten.add(k);
    if (!this.outcomes) {
      const group: OutcomeGroup = {
        ledgers: new Map(),
        journal: [],
        journalRecs: [],
        written: Promise.resolve(),
      };
      this.outcomes = group;
      group.written = this.ordered.then(() => {
        if (this.outcomes === group) this.outcomes = undefined;
        return this.conn.lazy(outcomeStatements(this.s, group));
      });
      this.ordered = group.written.catch(() => {});
    }
    const group = this.outcomes;
    if ('journal' in outcome) {
      group.journal.push(outcome.journal);
      group.journalRecs.push(outcome.rec);
    } else {
      const k = `${outcome.ledger}:${outcome.run}`;
      let mine = group.ledgers.get(k);
      if (!mine) {
        mine = {
          ledger: outcome.ledger,
          run: outcome.run,
          lo: [],
          hi: [],
          ref: [],
          time: [],
          state: [],
        };
        group.ledgers.set(k, mine);
      }
      for (let i = 0; i < outcome.lo.length; i++) {
        mine.lo.push(outcome.lo[i]!);
        mine.hi.push(outcome.hi[i]!);
        mine.ref.push(outcome.ref[i]!);
        mine.time.push(outcome.time);
        mine.state.push(outcome.state);
      }
    }
    const written = group.written;
    void written
      .finally(() => {
        for (const k of keys) this.unwritten.remove(k);
      })
      .catch(() => {});
    return written;
  }

  /**
   * The outcomes of these keys (a ledger's numbers, a journal's lines) are written: a batch
   * begun again after an outcome (a batch split and resent) is recorded after it. Batches of
   * other leads do not wait for the outcomes before them (made durable by a later commit).
   */
  async outcomesWritten(keys: readonly number[]): Promise<void> {
    if (this.unwritten.size === 0) return;
    for (const k of keys)
      if (this.unwritten.has(k)) {
        await this.drain();
        return;
      }
  }

  /** Every write enqueued so far is done (failures are reported to their callers). */
  drain(): Promise<void> {
    return this.ordered;
  }

  /** Who the runs numbered `ns` are (for a refused lead's reason). */
  async whoRan(ns: number[]): Promise<Map<number, { run: string; host?: string; user?: string }>> {
    const out = new Map<number, { run: string; host?: string; user?: string }>();
    if (ns.length === 0) return out;
    const rows = await this.conn.queryArrays(
      `SELECT n, id, host, os_user FROM ${this.s}.runs WHERE n = ANY($1::int[])`,
      [ns.map(i32)],
    );
    for (const r of rows)
      out.set(u32(r[0]), {
        run: String(r[1]),
        ...(r[2] !== null ? { host: String(r[2]) } : {}),
        ...(r[3] !== null ? { user: String(r[3]) } : {}),
      });
    return out;
  }

  // Erasure and retention (issue 26): erasure.ts.
  eraseLeads(req: EraseRequest): Promise<EraseResult> {
    return pgErase(this, req);
  }

  erasures(): Promise<ErasureRecord[]> {
    return pgErasures(this);
  }

  appendErasure(entry: ErasureEntry): Promise<void> {
    return pgAppendErasure(this, entry);
  }

  readErasures(): Promise<ErasureEntry[]> {
    return pgReadErasures(this);
  }

  prune(before: Date, dryRun: boolean): Promise<PruneResult> {
    return pgPrune(this, before, dryRun);
  }

  async close(): Promise<void> {
    await this.conn.close();
  }
}

/**
 * An array of integers (sqlInts) of one field of each item; one value for all (a batch's run,
 * time or state) is written once, filled in by the database.
 */
function intArray<T>(
  items: readonly T[],
  field: (x: T) => number,
  type: 'int' | 'smallint' | 'bigint' = 'int',
): string {
  const values = items.map(field);
  const first = values[0];
  if (values.length > 1 && values.every((v) => v === first))
    return `array_fill((${sqlInts([first!], type)})[1], ARRAY[${values.length}])`;
  return sqlInts(values, type);
}

/**
 * The statement that appends `recs` to a ledger's records, in their order (values written in:
 * sqlInts). `only`: the name of a relation of (lo, hi) earlier in the statement (a CTE): only
 * the records of its numbers are appended.
 */
function recordsSql(
  s: string,
  ledger: number,
  recs: readonly LedgerRecord[],
  only?: string,
): string {
  return `INSERT INTO ${s}.ledger_records (ledger, lo, hi, ref, run, time, state)
    SELECT ${i32(ledger)}, u.lo, u.hi, u.ref, u.run, u.time, u.state
    FROM unnest(${intArray(recs, (r) => i32(r.lo))}, ${intArray(recs, (r) => i32(r.hi))},
                ${intArray(recs, (r) => i32(r.ref))}, ${intArray(recs, (r) => i32(r.run))},
                ${intArray(recs, (r) => r.time, 'bigint')}, ${intArray(recs, (r) => r.state, 'smallint')})
      WITH ORDINALITY AS u(lo, hi, ref, run, time, state, o)
    WHERE TRUE ${only ? `AND (u.lo, u.hi) IN (SELECT lo, hi FROM ${only})` : ''}
    ORDER BY u.o`;
}

/**
 * The statement that sets the claims of `recs`' numbers to the latest record of each (made when
 * missing), locked in one order by every transaction (no deadlock between runs). `run`: only
 * claims that run holds change (a run's outcomes never overwrite another run's claim).
 */
function claimsSql(s: string, ledger: number, recs: readonly LedgerRecord[], run?: number): string {
  const latest = [...new Map(recs.map((r) => [`${r.lo}:${r.hi}`, r])).values()];
  return `INSERT INTO ${s}.claims AS c (ledger, lo, hi, state, run, time)
    SELECT ${i32(ledger)}, lo, hi, state, run, time
    FROM unnest(${intArray(latest, (r) => i32(r.lo))}, ${intArray(latest, (r) => i32(r.hi))},
                ${intArray(latest, (r) => r.state, 'smallint')}, ${intArray(latest, (r) => i32(r.run))},
                ${intArray(latest, (r) => r.time, 'bigint')}) AS u(lo, hi, state, run, time)
    ORDER BY lo, hi
    ON CONFLICT (ledger, lo, hi) DO UPDATE
      SET state = excluded.state, run = excluded.run, time = excluded.time
      WHERE TRUE ${run !== undefined ? `AND c.run = ${i32(run)}` : ''}`;
}

/** Integers (made integers first) as PostgreSQL's array text, `{1,-2,3}`. */
function ints(values: ArrayLike<number>): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += Math.trunc(values[i]!) || 0;
  }
  return `${out}}`;
}

/** An outcome to write (PgStore.writeOutcome): a ledger's records of a batch, or a journal's. */
type Outcome =
  | {
      ledger: number;
      run: number;
      /** Each record's hash and ref (int4), and the batch's time and state. */
      lo: Int32Array;
      hi: Int32Array;
      ref: Int32Array;
      time: number;
      state: number;
    }
  /** A journal's record (JSON text). */
  | { journal: number; rec: string };

/** A ledger's records in a group (one run's), as columns. */
interface LedgerOutcomes {
  ledger: number;
  run: number;
  lo: number[];
  hi: number[];
  ref: number[];
  time: number[];
  state: number[];
}

/** Outcomes written together: each ledger's records (in the order settled), the journal's rows. */
interface OutcomeGroup {
  ledgers: Map<string, LedgerOutcomes>;
  /** The journal records' journals and records (JSON), in the order written. */
  journal: number[];
  journalRecs: string[];
  written: Promise<void>;
}

/**
 * A group's statements, one of the same text per ledger (in id order; the first with the
 * journal's records): its records and the claims they change (that run's claims only, locked in
 * (lo, hi) order), their values as parameters — each record's once: the latest of each number,
 * its claim, is picked by the database (DISTINCT ON) — then the journal's records in the order
 * written. Named (parsed once per connection); an import's group (one ledger) is one statement,
 * so one round trip and its own transaction.
 */
function outcomeStatements(s: string, group: OutcomeGroup): pg.QueryConfig[] {
  const ledgers = [...group.ledgers.values()].sort((a, b) => a.ledger - b.ledger);
  if (ledgers.length === 0)
    ledgers.push({ ledger: 0, run: 0, lo: [], hi: [], ref: [], time: [], state: [] });
  return ledgers.map((l, i) => ({
    name: `cacs_outcomes_${s}`,
    text: `WITH u AS MATERIALIZED (
           SELECT * FROM unnest($3::int[], $4::int[], $5::int[], $6::bigint[], $7::smallint[])
             WITH ORDINALITY AS u(lo, hi, ref, time, state, o)),
         recorded AS (
           INSERT INTO ${s}.ledger_records (ledger, lo, hi, ref, run, time, state)
           SELECT $1, lo, hi, ref, $2, time, state FROM u ORDER BY o),
         claimed AS (
           INSERT INTO ${s}.claims AS c (ledger, lo, hi, state, run, time)
           SELECT $1, lo, hi, state, $2, time
           FROM (SELECT DISTINCT ON (lo, hi) lo, hi, state, time FROM u ORDER BY lo, hi, o DESC) l
           ORDER BY lo, hi
           ON CONFLICT (ledger, lo, hi) DO UPDATE
             SET state = excluded.state, run = excluded.run, time = excluded.time
             WHERE c.run = $2)
       INSERT INTO ${s}.journal_records (journal, rec)
       SELECT j, r::jsonb FROM unnest($8::int[], $9::text[]) WITH ORDINALITY AS x(j, r, o)
       ORDER BY o`,
    values: [
      i32(l.ledger),
      i32(l.run),
      ints(l.lo),
      ints(l.hi),
      ints(l.ref),
      ints(l.time),
      ints(l.state),
      i === 0 ? ints(group.journal) : '{}',
      i === 0 ? group.journalRecs : [],
    ],
  }));
}

/** A migrated folder's ledger kept under its own secret: looked up by hashing with it. */
interface ForeignTable {
  hasher: Hasher;
  table: LedgerTable;
}

/**
 * One campaign's ledger in the database, as a run sees it: the claims as they were when it was
 * opened (for the preflight's lookups), and begin/settle against the live rows.
 */
class PgLedger implements CampaignLedger {
  /**
   * A claim takes a round trip (and a durable commit): the sender writes the next batches' while
   * others are sent, CLAIMS_AHEAD at a time.
   */
  readonly claimsAhead = CLAIMS_AHEAD;
  /** Lookups (before releaseLookups): every claim of the campaign when the ledger was opened. */
  private table: LedgerTable | undefined;
  /**
   * What the preflight saw of the numbers it looked up (kept after releaseLookups): a claim that
   * differs at begin() changed since, by another run.
   */
  private seen = new LedgerTable();
  private readonly count: number;
  private failure: unknown;

  constructor(
    private readonly store: PgStore,
    private readonly hasher: Hasher,
    private readonly id: number | undefined,
    private readonly run: number | undefined,
    table: LedgerTable,
    private foreign: ForeignTable[] = [],
    /** The runs live when the ledger was opened (a run's: PgStore.liveRuns). */
    private readonly live: ReadonlySet<number> = new Set(),
  ) {
    this.table = table;
    this.count = foreign.reduce((n, f) => n + f.table.count, table.count);
  }

  get size(): number {
    return this.count;
  }

  get memoryBytes(): number {
    return (
      (this.table?.bytes ?? 0) +
      this.seen.bytes +
      this.foreign.reduce((n, f) => n + f.table.bytes, 0)
    );
  }

  lookup(phone: string): LedgerHit | undefined {
    if (!this.table) throw new Error('ledger lookups were released');
    const [lo, hi] = this.hasher.phone(phone);
    let hit = this.table.get(lo >>> 0, hi >>> 0);
    // In flight by a run that is live: that run is sending it. Not held back here as uncertain
    // (its run may still get a definite answer); its claim, when this run makes it, is refused
    // as in_flight_elsewhere naming that run — or already_imported, or uncertain_earlier if that
    // run stopped without an answer by then. Not `seen`: the preflight did not let it through.
    if (hit && hit.state === STATE_UNCERTAIN && hit.run !== this.run && this.live.has(hit.run))
      return undefined;
    if (hit) this.seen.set(lo >>> 0, hi >>> 0, hit.state, hit.run, hit.at);
    // A migrated folder's record under its own secret, when it is the latest.
    for (const f of this.foreign) {
      const [flo, fhi] = f.hasher.phone(phone);
      const other = f.table.get(flo >>> 0, fhi >>> 0);
      if (other && (!hit || other.at > hit.at)) hit = other;
    }
    if (!hit || hit.state === STATE_NONE) return undefined;
    return {
      state: hit.state === STATE_ACCEPTED ? 'accepted' : 'uncertain',
      run: hit.run,
      at: new Date(hit.at * 1000),
    };
  }

  releaseLookups(): void {
    this.table = undefined;
    this.foreign = [];
  }

  private now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** Leads as the statements' columns: keyed hashes, ref hashes and outcome keys. */
  private columns(entries: readonly LedgerEntry[]): {
    los: Int32Array;
    his: Int32Array;
    refs: Int32Array;
    keys: number[];
  } {
    const n = entries.length;
    const los = new Int32Array(n);
    const his = new Int32Array(n);
    const refs = new Int32Array(n);
    const keys = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const e = entries[i]!;
      const [lo, hi] = this.hasher.phone(e.phone);
      los[i] = lo;
      his[i] = hi;
      refs[i] = this.hasher.ref(e.ref);
      keys[i] = outcomeKey(lo);
    }
    return { los, his, refs, keys };
  }

  async begin(entries: readonly LedgerEntry[]): Promise<Claimed> {
    if (this.run === undefined || this.id === undefined || entries.length === 0)
      return { refused: [] };
    const run = this.run;
    this.store.conn.checkSession();
    const time = this.now();
    // As columns (no object a lead): what the claim statement sends.
    const { los, his, refs, keys } = this.columns(entries);
    const rec = (i: number): LedgerRecord => ({
      lo: los[i]! >>> 0,
      hi: his[i]! >>> 0,
      ref: refs[i]! >>> 0,
      run,
      time,
      state: STATE_UNCERTAIN,
    });
    // After the outcomes of its own leads (a batch split and resent), not of the others.
    await this.store.outcomesWritten(keys);
    if (this.failure !== undefined) throw this.failure;
    // Most leads are claimed by no one yet: their claims are made and recorded in flight in one
    // statement, one transaction, one round trip. The others (claimed before: by another run, or
    // by this one for a batch split and resent) are decided in a second transaction.
    const rest = await this.claimNew(los, his, refs, time);
    const refused =
      rest.length > 0
        ? await this.claimFound(
            Array.from({ length: los.length }, (_x, i) => rec(i)),
            rest,
          )
        : [];
    // Recorded: the run's own view follows.
    if (this.table) {
      const refusedAt = new Set(refused.map((r) => r.index));
      for (let i = 0; i < los.length; i++)
        if (!refusedAt.has(i))
          this.table.set(los[i]! >>> 0, his[i]! >>> 0, STATE_UNCERTAIN, run, time);
    }
    if (refused.length === 0) return { refused: [] };
    const who = await this.store
      .whoRan([...new Set(refused.map((r) => r.run))])
      .catch(() => new Map<number, { run: string; host?: string; user?: string }>());
    return {
      refused: refused.map((r) => {
        const by = who.get(r.run);
        return { index: r.index, code: r.code, ...(by ? { by } : {}) };
      }),
    };
  }

  /**
   * The claims no one holds yet, made (in flight, this run's) with their records in one
   * statement, committed before it returns: the indexes (in `recs`) of the leads whose numbers
   * were claimed before — left as they are (ON CONFLICT DO NOTHING: not even locked) for
   * claimFound. One row comes back (an empty list: NULL), not a row per claim made.
   */
  private async claimNew(
    los: Int32Array,
    his: Int32Array,
    refs: Int32Array,
    time: number,
  ): Promise<number[]> {
    const s = this.store.conn.schema;
    // One statement with its values as parameters (arrays: parsed as values, not as a statement
    // of thousands of constants to analyse and plan), named (parsed once per connection),
    // committed as it returns (no BEGIN: a single statement is its own transaction). Inserted in
    // one order by every transaction (lo, hi): runs that make the same claims at once wait for
    // each other in that order, never in a circle. Each number once (DISTINCT): a lead twice in
    // a batch gets one claim and two records.
    const rows = await this.store.conn.queryArrays(
      `WITH u AS MATERIALIZED (
         SELECT * FROM unnest($4::int[], $5::int[], $6::int[]) WITH ORDINALITY AS u(lo, hi, ref, o)),
       made AS (
         INSERT INTO ${s}.claims (ledger, lo, hi, state, run, time)
         SELECT DISTINCT $1::int, lo, hi, ${STATE_UNCERTAIN}::smallint, $2::int, $3::bigint
         FROM u ORDER BY lo, hi
         ON CONFLICT (ledger, lo, hi) DO NOTHING
         RETURNING lo, hi),
       recorded AS (
         INSERT INTO ${s}.ledger_records (ledger, lo, hi, ref, run, time, state)
         SELECT $1, u.lo, u.hi, u.ref, $2, $3, ${STATE_UNCERTAIN}
         FROM u WHERE (u.lo, u.hi) IN (SELECT lo, hi FROM made)
         ORDER BY u.o)
       SELECT array_agg(u.o - 1) FROM u
       WHERE NOT EXISTS (SELECT 1 FROM made m WHERE m.lo = u.lo AND m.hi = u.hi)`,
      [i32(this.id!), i32(this.run!), Math.trunc(time), ints(los), ints(his), ints(refs)],
      `cacs_claim_${s}`,
    );
    const rest = rows[0]?.[0] as Array<number | string> | null | undefined;
    return rest ? rest.map(Number).sort((a, b) => a - b) : [];
  }

  /**
   * The leads at `at` (of `recs`), whose numbers were claimed before: their claims locked (in one
   * order by every transaction: no deadlock between runs) and read; those this run may take are
   * recorded in flight and theirs; the others are refused (another live run is sending them, or
   * another run imported them since the preflight looked). Two round trips, one transaction.
   */
  private async claimFound(
    recs: readonly LedgerRecord[],
    at: readonly number[],
  ): Promise<Array<{ index: number; code: Claimed['refused'][number]['code']; run: number }>> {
    const s = this.store.conn.schema;
    const run = this.run!;
    const ledger = i32(this.id!);
    const time = recs[0]!.time;
    const refused: Array<{ index: number; code: Claimed['refused'][number]['code']; run: number }> =
      [];
    const uniq = [...new Map(at.map((i) => [`${recs[i]!.lo}:${recs[i]!.hi}`, recs[i]!])).values()];
    await this.store.conn.withClient(async (db) => {
      const [, claimed] = (await db.query(
        `BEGIN;
         INSERT INTO ${s}.claims AS c (ledger, lo, hi, state, run, time)
         SELECT ${ledger}, lo, hi, ${STATE_UNCERTAIN}, ${i32(run)}, ${Math.trunc(time)}
         FROM unnest(${intArray(uniq, (r) => i32(r.lo))}, ${intArray(uniq, (r) => i32(r.hi))})
           AS u(lo, hi)
         ORDER BY lo, hi
         ON CONFLICT (ledger, lo, hi) DO UPDATE SET state = c.state
         RETURNING c.lo, c.hi, c.state, c.run, c.xmax = 0 AS made`,
      )) as unknown as [
        unknown,
        pg.QueryResult<{ lo: number; hi: number; state: number; run: number; made: boolean }>,
      ];
      // A claim made now (the one found was removed meanwhile) is this run's already.
      const now = new Map<string, { state: number; run: number; live: boolean; made: boolean }>();
      let others = false;
      for (const r of claimed.rows) {
        const cur = { state: Number(r.state), run: u32(r.run), live: false, made: r.made };
        now.set(`${u32(r.lo)}:${u32(r.hi)}`, cur);
        if (cur.state === STATE_UNCERTAIN && cur.run !== run) others = true;
      }
      if (others) {
        // Which runs are live (asked once).
        const liveRuns = await this.store.liveRuns(db);
        for (const cur of now.values()) cur.live = liveRuns.has(cur.run);
      }
      const take: number[] = [];
      const taken = new Set<string>();
      for (const i of at) {
        const { lo, hi } = recs[i]!;
        const k = `${lo}:${hi}`;
        const cur = now.get(k);
        if (taken.has(k) || !cur || cur.state === STATE_NONE || cur.run === run) {
          take.push(i);
          taken.add(k);
          continue;
        }
        const saw = this.seen.get(lo, hi);
        if (saw && saw.state === cur.state && saw.run === cur.run) {
          // The preflight saw this very record and let the lead through (--allow-repeat,
          // --retry-uncertain): unless its run is still sending it.
          if (!(cur.state === STATE_UNCERTAIN && cur.live)) {
            take.push(i);
            taken.add(k);
            continue;
          }
        }
        refused.push({
          index: i,
          code:
            cur.state === STATE_ACCEPTED
              ? 'already_imported'
              : cur.live
                ? 'in_flight_elsewhere'
                : 'uncertain_earlier',
          run: cur.run,
        });
      }
      if (take.length === 0) {
        await db.query('COMMIT');
        return;
      }
      const found = take.map((i) => recs[i]!).filter((r) => !now.get(`${r.lo}:${r.hi}`)?.made);
      // The records and the claims taken in one statement (the claim rows are locked above).
      await db.query(
        `WITH recorded AS (${recordsSql(
          s,
          ledger,
          take.map((i) => recs[i]!),
        )})
         UPDATE ${s}.claims c SET state = ${STATE_UNCERTAIN}, run = ${i32(run)}, time = ${Math.trunc(time)}
         FROM unnest(${intArray(found, (r) => i32(r.lo))}, ${intArray(found, (r) => i32(r.hi))})
           AS u(lo, hi)
         WHERE c.ledger = ${ledger} AND c.lo = u.lo AND c.hi = u.hi;
         COMMIT`,
      );
    });
    return refused;
  }

  settle(entries: readonly LedgerEntry[], state: LedgerState): void {
    if (this.run === undefined || this.id === undefined) return;
    const time = this.now();
    // As columns (no object a record): what the outcome statement sends.
    const { los, his, refs, keys } = this.columns(entries);
    const table = this.table;
    if (table !== undefined)
      for (let i = 0; i < los.length; i++)
        table.set(los[i]! >>> 0, his[i]! >>> 0, state, this.run, time);
    if (this.failure !== undefined) return;
    this.store
      .writeOutcome(
        { ledger: this.id, run: this.run, lo: los, hi: his, ref: refs, time, state },
        keys,
      )
      .catch((e: unknown) => {
        this.failure ??= e;
      });
  }

  /** Everything settled so far is written (or the failure is thrown). */
  private async flush(): Promise<void> {
    await this.store.drain();
    if (this.failure !== undefined) throw this.failure;
  }

  async close(): Promise<void> {
    this.table = undefined;
    if (this.run === undefined) return;
    try {
      await this.flush();
    } finally {
      await this.store.conn.unlock(this.store.conn.lockSpace, this.run);
    }
  }
}
