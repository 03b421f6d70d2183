/**
 * The PostgreSQL store's connection: a small pool for statements, one held session for the
 * advisory locks that say a run (or a journal) is live, the schema created and migrated on first
 * use, and every driver failure turned into a cacs error that names the database with its
 * password masked.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { FailureError, UsageError } from '../../errors.js';
import { t } from '../../messages/index.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

/** The driver, loaded on first use: a command that keeps state in files never loads it. */
let driver: typeof pg | undefined;
function pgDriver(): typeof pg {
  driver ??= createRequire(import.meta.url)('pg') as typeof pg;
  return driver;
}

/**
 * Integers written into a statement's text (for statements sent several to a round trip, which
 * the extended protocol's parameters cannot be): each value made an integer first, so the text
 * holds digits and signs only.
 */
export function sqlInts(values: readonly number[], type: 'int' | 'smallint' | 'bigint'): string {
  return `ARRAY[${values.map((v) => String(Math.trunc(Number(v)) || 0)).join(',')}]::${type}[]`;
}

/** A text value written into a statement's text, quoted by the driver's own escaping. */
export function sqlText(value: string): string {
  return pgDriver().escapeLiteral(value);
}

/** A transaction whose commit does not wait for the disk (see PgConnection.transaction). */
const LAZY_BEGIN = 'BEGIN; SET LOCAL synchronous_commit = off';

/** How long one statement may run before the database cancels it (a locked or stalled db). */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** How long connecting may take. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A state URL's credentials as written: `user:password` between `://` and the last `@`. Read
 * from the text itself, not through `new URL`: a password with `/`, `#`, `?` or `@` as written
 * is refused by the parser, or (`cacs:2024#Hanoi@…`: digits first) parsed as a host and a port.
 */
const CREDENTIALS = /^([a-z][a-z0-9+.-]*:\/\/)(.*)@([^@]*)$/is;
const PASSWORD_PARAM = /([?&]password=)([^&#]*)/gi;

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db` (and any password param). */
export function maskStateUrl(url: string): string {
  const m = CREDENTIALS.exec(url);
  let out = url;
  if (m !== null) {
    const colon = m[2]!.indexOf(':');
    out = colon < 0 ? url : `${m[1]}${m[2]!.slice(0, colon)}:***@${m[3]}`;
  }
  return out.replace(PASSWORD_PARAM, '$1***');
}

/** The password a state URL carries (to scrub it wherever text goes), if any. */
export function stateUrlPassword(url: string): string | undefined {
  const m = CREDENTIALS.exec(url);
  const colon = m === null ? -1 : m[2]!.indexOf(':');
  const raw =
    m !== null && colon >= 0
      ? m[2]!.slice(colon + 1)
      : [...url.matchAll(PASSWORD_PARAM)].map((p) => p[2]!).find((p) => p !== '');
  if (raw === undefined || raw === '') return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isStateUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The failure as a cacs error naming the database (password masked); never the raw driver error. */
export function dbError(db: string, e: unknown, connecting = false): FailureError {
  if (e instanceof FailureError || e instanceof UsageError) return e as FailureError;
  const raw = e instanceof Error ? e.message : String(e);
  const reason = (raw || (e as { code?: string }).code || t('teams.pg.connectionLost')).replace(
    /password=[^\s]*/gi,
    'password=***',
  );
  // The server answered and refused the login (a wrong password, an unknown user, pg_hba.conf):
  // not "cannot be reached", and not a reason to check that it runs.
  const code = (e as { code?: string }).code;
  if (connecting && (code === '28P01' || code === '28000'))
    return new FailureError(t('state.pg.loginRefused', { db, reason }), {
      hint: t('state.pg.loginRefused.hint'),
      category: 'unreachable',
      cause: e,
    });
  // The server answered and this role may not do what cacs asked (create its schema, use it):
  // not "cannot be reached" with a hint to check that it runs (review, session 17).
  if (code === '42501')
    return new FailureError(t('state.pg.denied', { db, reason }), {
      hint: t('state.pg.denied.hint'),
      cause: e,
    });
  return new FailureError(
    t(connecting ? 'state.pg.unreachable' : 'state.pg.failed', { db, reason }),
    {
      hint: t(connecting ? 'state.pg.unreachable.hint' : 'state.pg.failed.hint'),
      // Connecting: no usable answer, as a service that cannot be reached; later: what was to
      // be recorded could not be.
      category: connecting ? 'unreachable' : 'write_failed',
      cause: e,
    },
  );
}

/** A statement the driver never got an answer to because the connection is gone. */
function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ETIMEDOUT' ||
    code === 'ENOTFOUND' ||
    code === 'EHOSTUNREACH' ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    (typeof code === 'string' && code.startsWith('08')) ||
    /Connection terminated|connection timeout|not queryable/i.test(
      e instanceof Error ? e.message : '',
    )
  );
}

export class PgConnection {
  readonly db: string;
  readonly schema: string;
  /** The advisory-lock key space of this schema (two int4 keys: space, id). */
  readonly lockSpace: number;
  private pool: pg.Pool | undefined;
  /** One connection whose commits do not wait for the disk (see lazy()). */
  private lazyPool: pg.Pool | undefined;
  private session: pg.Client | undefined;
  private sessionOpening: Promise<pg.Client> | undefined;
  private ready: Promise<void> | undefined;
  /** The session connection was lost: the run's locks are gone; nothing more may begin. */
  lost: unknown;
  private closed = false;

  constructor(
    private readonly url: string,
    schema: string,
  ) {
    this.db = maskStateUrl(url);
    if (!isStateUrl(url))
      throw new UsageError(t('state.pg.badUrl', { db: this.db }), {
        hint: t('state.pg.badUrl.hint'),
      });
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema))
      throw new UsageError(t('state.pg.badSchema', { schema }));
    this.schema = schema.toLowerCase();
    let h = 0;
    for (const ch of `cacs:${this.schema}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
    // Even: runs; odd (space + 1): journals.
    this.lockSpace = (h & 0x3ffffffe) | 0;
  }

  private config(): pg.ClientConfig {
    return {
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      lock_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS * 2,
      query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
      application_name: `cacs@${os.hostname()}`.slice(0, 63),
      keepAlive: true,
    };
  }

  private getPool(): pg.Pool {
    if (!this.pool) {
      this.pool = new (pgDriver().Pool)({ ...this.config(), max: 4, idleTimeoutMillis: 5_000 });
      // An idle connection that dies (the server restarted) must not crash the process.
      this.pool.on('error', () => {});
    }
    return this.pool;
  }

  private getLazyPool(): pg.Pool {
    if (!this.lazyPool) {
      this.lazyPool = new (pgDriver().Pool)({ ...this.config(), max: 1, idleTimeoutMillis: 5_000 });
      this.lazyPool.on('error', () => {});
      // Set on the connection, not in its start-up options (which a pooler may refuse).
      this.lazyPool.on('connect', (c) => {
        c.query(`SELECT set_config('synchronous_commit', 'off', false)`).catch(() => {});
      });
    }
    return this.lazyPool;
  }

  /**
   * Statements whose commit does not wait for the disk (synchronous_commit off), on a connection
   * of their own: one statement alone is its own transaction (one round trip: no BEGIN, no
   * COMMIT), several run in one. For outcomes, which the next durable commit makes durable with
   * them (see transaction()).
   */
  async lazy(statements: readonly pg.QueryConfig[]): Promise<void> {
    await this.withClient(async (c) => {
      if (statements.length === 1) {
        await c.query(statements[0]!);
        return;
      }
      await c.query('BEGIN');
      for (const q of statements) await c.query(q);
      await c.query('COMMIT');
    }, this.getLazyPool());
  }

  /** The schema, created or migrated (once per store). */
  ensure(): Promise<void> {
    this.ready ??= this.migrate().catch((e: unknown) => {
      this.ready = undefined;
      throw e;
    });
    return this.ready;
  }

  private async migrate(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.getPool().connect();
    } catch (e) {
      throw dbError(this.db, e, true);
    }
    const s = this.schema;
    const onError = () => {};
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      // One migrating run at a time (others wait here, then see the version it wrote).
      await client.query('SELECT pg_advisory_xact_lock($1, 0)', [this.lockSpace + 1]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${s}.meta (key text PRIMARY KEY, value text NOT NULL)`,
      );
      const row = await client.query<{ value: string }>(
        `SELECT value FROM ${s}.meta WHERE key = 'schema_version'`,
      );
      const value = row.rows[0]?.value;
      const found = value === undefined ? 0 : Number(value);
      // A version row changed by hand ('', 'abc', '4.5'): which migrations the tables have is
      // unknown, so nothing is migrated and nothing is written (it read as NaN: no migration,
      // no refusal, and `cacs state status` said "version NaN").
      if (
        !Number.isSafeInteger(found) ||
        found < 0 ||
        (value !== undefined && !/^\d+$/.test(value))
      ) {
        await client.query('ROLLBACK');
        throw new UsageError(
          t('state.pg.badSchemaVersion', {
            db: this.db,
            schema: s,
            value: JSON.stringify(value),
            known: SCHEMA_VERSION,
          }),
          { hint: t('state.pg.badSchemaVersion.hint', { schema: s }) },
        );
      }
      if (found > SCHEMA_VERSION) {
        await client.query('ROLLBACK');
        throw new UsageError(
          t('state.pg.newerSchema', { db: this.db, schema: s, found, known: SCHEMA_VERSION }),
          { hint: t('state.pg.newerSchema.hint') },
        );
      }
      for (let v = found + 1; v <= SCHEMA_VERSION; v++)
        for (const sql of MIGRATIONS[v - 1]!(s)) await client.query(sql);
      // The keyed hash's secret: made once, with the schema (never replaced: a new one would make
      // every lead the ledgers hold look new).
      await client.query(
        `INSERT INTO ${s}.meta (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING`,
        [randomBytes(12).toString('hex')],
      );
      if (found < SCHEMA_VERSION)
        await client.query(
          `INSERT INTO ${s}.meta (key, value) VALUES ('schema_version', $1)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          [String(SCHEMA_VERSION)],
        );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e instanceof UsageError ? e : dbError(this.db, e, true);
    } finally {
      client.off('error', onError);
      client.release();
    }
  }

  /** One statement on the pool (after the schema is ready). */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    await this.ensure();
    try {
      return await this.getPool().query<R>({ text: sql, values: params });
    } catch (e) {
      throw dbError(this.db, e);
    }
  }

  /**
   * Rows as arrays (for large reads). `name`: a named statement, parsed and planned once per
   * connection (for statements run once a batch; the same name is always the same text).
   */
  async queryArrays(sql: string, params: unknown[] = [], name?: string): Promise<unknown[][]> {
    await this.ensure();
    try {
      const r = await this.getPool().query({
        text: sql,
        values: params,
        rowMode: 'array',
        ...(name !== undefined ? { name } : {}),
      });
      return r.rows as unknown[][];
    } catch (e) {
      throw dbError(this.db, e);
    }
  }

  /**
   * `fn` in one transaction (committed when it returns, rolled back when it throws). `lazy`:
   * the commit does not wait for the disk (synchronous_commit off) — for outcomes, which the
   * next durable commit (a batch's claim, whose WAL comes after) makes durable with it: a
   * database crash loses at most the latest outcomes, in the order written, and their leads
   * read uncertain, never sent again.
   */
  async transaction<T>(fn: (c: pg.PoolClient) => Promise<T>, lazy = false): Promise<T> {
    return this.withClient(async (client) => {
      await client.query(lazy ? LAZY_BEGIN : 'BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    });
  }

  /**
   * `fn` on a pool connection of its own, which begins and commits its transaction itself (in
   * the same round trip as its statements: see {@link sqlInts}). A failure rolls back what it
   * began and is thrown as a cacs error that names the database.
   */
  async withClient<T>(fn: (c: pg.PoolClient) => Promise<T>, pool?: pg.Pool): Promise<T> {
    await this.ensure();
    let client: pg.PoolClient;
    try {
      client = await (pool ?? this.getPool()).connect();
    } catch (e) {
      throw dbError(this.db, e);
    }
    let broken = false;
    // A connection that dies between statements reports it here, not as a crash of the process.
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      return await fn(client);
    } catch (e) {
      broken = isConnectionError(e);
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw dbError(this.db, e);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * Statements (texts with their values written in: sqlInts, sqlText) run as one transaction in
   * one round trip. `lazy`: the commit does not wait for the disk (see transaction()).
   */
  async script(statements: readonly string[], lazy: boolean): Promise<void> {
    await this.withClient(async (client) => {
      await client.query([lazy ? LAZY_BEGIN : 'BEGIN', ...statements, 'COMMIT'].join(';\n'));
    });
  }

  /** The held session (advisory locks live as long as it does). */
  private async getSession(): Promise<pg.Client> {
    if (this.lost !== undefined) throw dbError(this.db, this.lost);
    if (this.session) return this.session;
    this.sessionOpening ??= (async () => {
      await this.ensure();
      const c = new (pgDriver().Client)(this.config());
      c.on('error', (e) => {
        this.lost ??= e;
      });
      c.on('end', () => {
        if (!this.closed) this.lost ??= new Error('the connection was closed');
      });
      try {
        await c.connect();
      } catch (e) {
        throw dbError(this.db, e, true);
      }
      this.session = c;
      return c;
    })();
    try {
      return await this.sessionOpening;
    } catch (e) {
      this.sessionOpening = undefined;
      throw e;
    }
  }

  /** Take the advisory lock (space, id) on the session; false when another session holds it. */
  async tryLock(space: number, id: number): Promise<boolean> {
    const s = await this.getSession();
    try {
      const r = await s.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        space,
        id | 0,
      ]);
      return r.rows[0]!.ok;
    } catch (e) {
      throw dbError(this.db, e);
    }
  }

  async unlock(space: number, id: number): Promise<void> {
    if (!this.session || this.lost !== undefined) return;
    await this.session
      .query('SELECT pg_advisory_unlock($1, $2)', [space, id | 0])
      .catch(() => undefined);
  }

  /** Whether the session is still there (it holds this run's claims live). */
  checkSession(): void {
    if (this.lost !== undefined) throw dbError(this.db, this.lost);
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    const pool = this.pool;
    const lazyPool = this.lazyPool;
    this.session = undefined;
    this.pool = undefined;
    this.lazyPool = undefined;
    await session?.end().catch(() => {});
    await pool?.end().catch(() => {});
    await lazyPool?.end().catch(() => {});
  }
}
