/**
 * A throwaway PostgreSQL cluster for the tests of the PostgreSQL store: `initdb` + `pg_ctl` in a
 * temporary folder, listening on 127.0.0.1 only (no Unix socket: a long TMPDIR would not fit a
 * socket's path), on a free port, run by a non-root user (as root: `postgres`, else `nobody`;
 * PostgreSQL refuses to run as root). Password authentication over TCP, so the tests can check
 * where the password comes from (the URL, PGPASSWORD, ~/.pgpass).
 *
 * Each test file starts its own cluster (`startPg()` in beforeAll) and stops and removes it in
 * afterAll (`stop()`); `database()` / `schema()` give each test state of its own. initdb runs
 * once per test run (most of a cluster's start-up): each file's cluster starts from a copy of
 * that first, never started, data folder (test/helpers/run-dir.ts), so a file can still stop
 * and restart its own cluster (a crash test) without touching another file's.
 *
 * Where PostgreSQL is not installed, `pgMissing` says how to get it in one line and the pg tests
 * skip (`describe.skipIf(pgMissing !== undefined)`); with CACS_REQUIRE_PG=1 (as .ci/run sets it)
 * they fail instead.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onceForRun } from './run-dir.js';

/** The folder holding initdb, pg_ctl and postgres; undefined when none is installed. */
function findPgBin(): string | undefined {
  const fromEnv = process.env.CACS_PG_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  // Debian puts them under /usr/lib/postgresql/<major>/bin (the newest first).
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const majors = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of majors) {
      const bin = path.join(debian, v, 'bin');
      if (fs.existsSync(path.join(bin, 'pg_ctl')) && fs.existsSync(path.join(bin, 'initdb')))
        return bin;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'pg_ctl')) && fs.existsSync(path.join(dir, 'initdb')))
      return dir;
  }
  return undefined;
}

const PG_BIN = findPgBin();

/** Why the pg tests cannot run here (one line), or undefined when they can. */
export const pgMissing: string | undefined =
  PG_BIN === undefined
    ? 'PostgreSQL not found: the PostgreSQL store tests are skipped (install it: `apt-get install postgresql` on Debian/Ubuntu, `brew install postgresql` on macOS; or set CACS_PG_BIN to its bin folder)'
    : undefined;

if (pgMissing !== undefined) {
  if (process.env.CACS_REQUIRE_PG === '1')
    throw new Error(`CACS_REQUIRE_PG=1, but ${pgMissing.split(':')[0]}`);
  // One line per test file that needs it; the tests skip.
  process.stderr.write(`${pgMissing}\n`);
}

/** The user the cluster runs as, when this process is root. */
function clusterUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (uid > 0) return { name, uid, gid };
    } catch {
      // no such user
    }
  }
  throw new Error('running as root, and neither `postgres` nor `nobody` exists to run PostgreSQL');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  host: string;
  port: number;
  user: string;
  password: string;
  /** postgres://user:password@127.0.0.1:port/<db> */
  url(db?: string): string;
  /** A new, empty database of its own (dropped by stop()). */
  database(): Promise<string>;
  /** A new schema name (not created: cacs creates it), dropped by stop() with its database. */
  schema(): string;
  /** Run SQL as the superuser in `db` (default `postgres`). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    db?: string,
  ): Promise<pg.QueryResult<R>>;
  /** `pg_ctl stop -m immediate` (as a crash would), and start again. */
  stopImmediate(): Promise<void>;
  start(): Promise<void>;
  /** Stop the cluster and remove its folder. */
  stop(): Promise<void>;
}

function run(
  cmd: string,
  args: string[],
  as: ReturnType<typeof clusterUser>,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', ...env },
      ...(as ? { uid: as.uid, gid: as.gid } : {}),
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}\n${out}`)),
    );
  });
}

/**
 * The run's initialised data folder (`data/`, never started) and the superuser's password
 * (`pw`), made by initdb once for the whole run.
 */
function template(as: ReturnType<typeof clusterUser>, user: string): Promise<string> {
  return onceForRun('pg-template', async (dir) => {
    fs.mkdirSync(dir, { mode: 0o700 });
    const pwfile = path.join(dir, 'pw');
    fs.writeFileSync(pwfile, `${randomBytes(12).toString('hex')}\n`, { mode: 0o600 });
    if (as) {
      fs.chownSync(dir, as.uid, as.gid);
      fs.chownSync(pwfile, as.uid, as.gid);
    }
    await run(
      path.join(PG_BIN!, 'initdb'),
      [
        '-D',
        path.join(dir, 'data'),
        '-U',
        user,
        `--pwfile=${pwfile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=trust',
        '-E',
        'UTF8',
        '--no-instructions',
      ],
      as,
    );
  });
}

/** Starts a throwaway cluster (a copy of the run's initdb, pg_ctl start). Call stop() in afterAll. */
export async function startPg(): Promise<PgCluster> {
  if (PG_BIN === undefined) throw new Error(pgMissing);
  const as = clusterUser();
  const user = 'cacs_test';
  const initialised = await template(as, user);
  const password = fs.readFileSync(path.join(initialised, 'pw'), 'utf8').trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-pg-'));
  const data = path.join(dir, 'data');
  if (as) fs.chownSync(dir, as.uid, as.gid);
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  const logFile = path.join(dir, 'log');
  let port = 0;
  const databases: string[] = [];
  let running = false;

  const startServer = async () => {
    await run(
      pgCtl,
      [
        'start',
        '-w',
        '-t',
        '60',
        '-D',
        data,
        '-l',
        logFile,
        '-o',
        `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories= -c fsync=off -c max_connections=200`,
      ],
      as,
    );
    running = true;
  };

  try {
    // Owner and modes kept (PostgreSQL wants its data folder its own, 0700).
    await run('cp', ['-a', path.join(initialised, 'data'), data], as);
    // A port taken between freePort() and the start: another one.
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      try {
        await startServer();
        break;
      } catch (e) {
        if (attempt >= 4) throw e;
      }
    }
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  const url = (db = 'postgres') =>
    `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(db)}`;
  const query = async <R extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    db = 'postgres',
  ): Promise<pg.QueryResult<R>> => {
    const client = new pg.Client({ connectionString: url(db) });
    await client.connect();
    try {
      return await client.query<R>(sql, params);
    } finally {
      await client.end();
    }
  };
  let n = 0;
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    url,
    query,
    async database() {
      const name = `t${process.pid}_${++n}_${randomBytes(3).toString('hex')}`;
      await query(`CREATE DATABASE ${name}`);
      databases.push(name);
      return name;
    },
    schema() {
      return `s_${randomBytes(6).toString('hex')}`;
    },
    async stopImmediate() {
      await run(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', data], as);
      running = false;
    },
    async start() {
      await startServer();
    },
    async stop() {
      try {
        if (running) await run(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', data], as);
        running = false;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
