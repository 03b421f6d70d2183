#!/usr/bin/env node
/**
 * The PostgreSQL store against the file store (issue 24, item 7). Needs `npm run build`.
 *
 *   node bench/pg-teams.js [--quick] [--json] [--only dry|import|concurrent] [--runs N]
 *                          [--statements] [--profile DIR]
 *
 * Uses CACS_BENCH_PG_URL (a database it may fill: it makes schemas of its own and drops them),
 * else starts a throwaway cluster (initdb + pg_ctl in a temp folder, loopback, non-root as
 * test/helpers/pg.ts does); without PostgreSQL it says so and exits 0.
 *
 * Rows (medians of RUNS):
 *  1. dry run of DRY rows against a ledger of LEDGER numbers: PostgreSQL vs files (target ≤ 1.5×)
 *  2. import of IMPORT leads at 50 ms service latency: PostgreSQL vs files (target ≤ 1.05×); each
 *     run into a campaign of its own, so both stores start from an empty ledger (the file store's
 *     runs had fresh state folders while the database's shared row 1's million-number ledger)
 *  3. 20 concurrent imports of overlapping files into one campaign: duplicates at the service (0)
 *
 * Each import run also says its CPU time (the machine may be busy: wall times then say little):
 * the cacs process's (user + system, by /usr/bin/time where there is one) and, with the
 * throwaway cluster, the PostgreSQL processes' (from /proc). --statements loads
 * pg_stat_statements into the throwaway cluster and prints the statements that took the most
 * database time. --profile DIR: each import run writes a CPU profile (node --cpu-prof) into
 * DIR/files or DIR/pg.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACS = path.join(ROOT, 'bin', 'cacs.js');
const quick = process.argv.includes('--quick');
/** --json: print {rows, results} on stdout (for bench/run.js), the progress on stderr. */
const json = process.argv.includes('--json');
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);
const DRY = quick ? 50_000 : 200_000;
const LEDGER = quick ? 200_000 : 1_000_000;
const IMPORT = quick ? 20_000 : 100_000;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : quick ? 1 : 3;
const statements = process.argv.includes('--statements');
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt > 0 ? path.resolve(process.argv[profileAt + 1]) : undefined;
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const CONCURRENT = 20;
/** --only <row>: run that row alone (dry, import or concurrent). */
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
const wanted = (row) => only === undefined || only === row;

const { openStateStore } = await import(path.join(ROOT, 'dist', 'state', 'index.js'));
const { startEmulator } = await import(path.join(ROOT, 'dist', 'emulator', 'index.js'));
const { canonicalServiceUrl } = await import(path.join(ROOT, 'dist', 'net.js'));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-bench-pg-'));
const cleanups = [() => fs.rmSync(scratch, { recursive: true, force: true })];
const done = async () => {
  for (const c of cleanups.reverse()) await c();
};

function pgBin() {
  const d = '/usr/lib/postgresql';
  if (fs.existsSync(d))
    for (const v of fs.readdirSync(d).sort((a, b) => Number(b) - Number(a))) {
      const bin = path.join(d, v, 'bin');
      if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
    }
  return undefined;
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The throwaway cluster's data folder (for its CPU time), when the bench started one. */
let pgData;

/** CPU seconds (user + system) of the throwaway cluster's processes so far (Linux /proc). */
function pgCpu() {
  if (!pgData) return undefined;
  try {
    const pid = Number(fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const tick = 100;
    const stat = (p) => {
      const text = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    };
    // Fields after the name: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime.
    const own = stat(pid);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const p of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(p) || Number(p) === pid) continue;
      try {
        const f = stat(p);
        if (Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // gone meanwhile: its time is in the postmaster's cutime/cstime
      }
    }
    return ticks / tick;
  } catch {
    return undefined;
  }
}

/** A throwaway cluster; its URL. */
async function cluster() {
  const bin = pgBin();
  if (!bin) return undefined;
  const dir = path.join(scratch, 'pg');
  fs.mkdirSync(dir);
  const pw = randomBytes(8).toString('hex');
  fs.writeFileSync(path.join(dir, 'pw'), `${pw}\n`);
  let as = {};
  if (process.getuid() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chmodSync(scratch, 0o755);
    fs.chownSync(dir, uid, gid);
    fs.chownSync(path.join(dir, 'pw'), uid, gid);
    as = { uid, gid };
  }
  const data = path.join(dir, 'data');
  pgData = data;
  const run = (cmd, args) => execFileSync(path.join(bin, cmd), args, { ...as, stdio: 'ignore' });
  run('initdb', [
    '-D',
    data,
    '-U',
    'bench',
    `--pwfile=${path.join(dir, 'pw')}`,
    '-A',
    'scram-sha-256',
  ]);
  const port = await freePort();
  run('pg_ctl', [
    'start',
    '-w',
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories= -c max_connections=200${
      statements ? ' -c shared_preload_libraries=pg_stat_statements' : ''
    }`,
  ]);
  cleanups.push(() => run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data]));
  return `postgres://bench:${pw}@127.0.0.1:${port}/postgres`;
}

let timed = 0;
function cacs(args, env, cwd, nodeArgs = []) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const pg0 = pgCpu();
    const timeFile = TIME ? path.join(scratch, `time-${timed++}`) : undefined;
    const argv = [process.execPath, ...nodeArgs, CACS, ...args];
    if (TIME) argv.unshift(TIME, '-f', '%U %S', '-o', timeFile);
    const p = spawn(argv[0], argv.slice(1), {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (err += c));
    p.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let cpu;
      if (timeFile && fs.existsSync(timeFile)) {
        const [u, sy] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ');
        cpu = Number(u) + Number(sy);
      }
      const pg1 = pgCpu();
      const dbCpu = pg0 !== undefined && pg1 !== undefined ? pg1 - pg0 : undefined;
      resolve({ code, ms, out, err, cpu, dbCpu });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const phone = (i) => `09${String(10_000_000 + i).slice(-8)}`;
function leads(file, from, n) {
  const lines = ['phone,name'];
  for (let i = from; i < from + n; i++) lines.push(`${phone(i)},K${i}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

const url = process.env.CACS_BENCH_PG_URL ?? (await cluster());
if (!url) {
  const why = 'pg-teams: no PostgreSQL (CACS_BENCH_PG_URL unset, no /usr/lib/postgresql): skipped';
  say(why);
  if (json) console.log(JSON.stringify({ rows: [], results: { skipped: why } }));
  await done();
  process.exit(0);
}
const schemas = [];
/** One statement on the bench's own connection (pg_stat_statements). */
async function sql(text) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const rows = [];
let concurrent;
try {
  const emu = await startEmulator({ port: 0, latencyMs: 0 });
  const serviceUrl = canonicalServiceUrl(new URL(emu.url));
  const baseEnv = (extra) => ({
    PATH: process.env.PATH,
    HOME: scratch,
    TMPDIR: os.tmpdir(),
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    ...extra,
  });

  // 1. Dry run against a large ledger.
  if (wanted('dry')) {
    const dryFile = path.join(scratch, 'dry.csv');
    leads(dryFile, LEDGER - DRY / 2, DRY); // half of the rows are in the ledger
    const fileDir = path.join(scratch, 'state-file');
    // The default schema (cacs), as the command uses it; dropped at the end.
    const pgSchema = 'cacs';
    const c = { serviceUrl, campaignKey: 'summer' };
    for (const store of [
      openStateStore({ stateDir: fileDir }),
      openStateStore({
        stateDir: path.join(scratch, 'state-pg'),
        stateUrl: url,
        stateSchema: pgSchema,
      }),
    ]) {
      await (await store.openLedger(c, 1)).close();
      const h = await store.hasher();
      const t = Math.floor(Date.now() / 1000);
      for (let at = 0; at < LEDGER; at += 50_000) {
        const recs = [];
        for (let i = at; i < Math.min(LEDGER, at + 50_000); i++) {
          const [lo, hi] = h.phone(phone(i));
          recs.push({ lo, hi, ref: 0, run: 1, time: t, state: 1 });
        }
        await store.appendLedgerRecords(c, recs);
      }
      await store.close();
    }
    const dryFileMs = [];
    const dryPgMs = [];
    for (let r = 0; r < RUNS; r++) {
      const a = await cacs(
        ['import', dryFile, '--dry-run'],
        baseEnv({ CACS_STATE_DIR: fileDir }),
        scratch,
      );
      const b = await cacs(
        ['import', dryFile, '--dry-run'],
        baseEnv({ CACS_STATE_DIR: path.join(scratch, 'state-pg'), CACS_STATE_URL: url }),
        scratch,
      );
      if (a.code !== 0 || b.code !== 0) throw new Error(`dry run failed: ${a.err}${b.err}`);
      dryFileMs.push(a.ms);
      dryPgMs.push(b.ms);
    }
    rows.push([
      `dry run ${DRY.toLocaleString()} rows vs ${LEDGER.toLocaleString()}-number ledger`,
      median(dryFileMs),
      median(dryPgMs),
      1.5,
    ]);
    await emu.close();
  } else await emu.close();

  // 2. Import at 50 ms latency.
  if (wanted('import')) {
    // A campaign of its own for each run of each store: both start from an empty ledger.
    const keys = Array.from({ length: RUNS }, (_x, r) => [`file${r}`, `pg${r}`]);
    const slow = await startEmulator({
      port: 0,
      latencyMs: 50,
      campaigns: keys.flat().map((key) => ({ key })),
    });
    const impFile = path.join(scratch, 'import.csv');
    leads(impFile, 0, IMPORT);
    const impFileMs = [];
    const impPgMs = [];
    const impCpu = [];
    if (statements) await sql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    for (let r = 0; r < RUNS; r++) {
      const [fileKey, pgKey] = keys[r];
      const env = (campaign, extra) =>
        baseEnv({ CACS_BASE_URL: slow.url, CACS_CAMPAIGN: campaign, ...extra });
      const a = await cacs(
        ['import', impFile],
        env(fileKey, { CACS_STATE_DIR: path.join(scratch, `imp-file-${r}`) }),
        scratch,
        profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.join(profileDir, 'files')] : [],
      );
      const b = await cacs(
        ['import', impFile],
        env(pgKey, { CACS_STATE_DIR: path.join(scratch, `imp-pg-${r}`), CACS_STATE_URL: url }),
        scratch,
        profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.join(profileDir, 'pg')] : [],
      );
      for (const [x, key] of [
        [a, fileKey],
        [b, pgKey],
      ]) {
        const got = slow.store.received.filter((q) => q.campaign === key).flatMap((q) => q.phones);
        if (x.code !== 0 || got.length !== IMPORT)
          throw new Error(`import into ${key}: exit ${x.code}, ${got.length} leads sent: ${x.err}`);
      }
      const cpu = (x) =>
        `${x.cpu !== undefined ? `, cacs CPU ${x.cpu.toFixed(2)} s` : ''}${
          x.dbCpu !== undefined ? `, PostgreSQL CPU ${x.dbCpu.toFixed(2)} s` : ''
        }`;
      say(
        `import run ${r + 1} (load ${os.loadavg()[0].toFixed(1)}): files ${Math.round(a.ms)} ms${cpu(a)}; PostgreSQL ${Math.round(b.ms)} ms${cpu(b)}`,
      );
      impCpu.push([a.cpu, b.cpu, b.dbCpu]);
      impFileMs.push(a.ms);
      impPgMs.push(b.ms);
    }
    if (statements) {
      const top = await sql(
        `SELECT calls, round(total_exec_time) AS ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 12`,
      );
      for (const t of top) say(`  ${t.ms} ms, ${t.calls} calls, ${t.rows} rows: ${t.q}`);
    }
    const med = (i) => {
      const xs = impCpu.map((c) => c[i]).filter((x) => x !== undefined);
      return xs.length ? median(xs).toFixed(2) : '?';
    };
    say(
      `import CPU (medians): cacs with files ${med(0)} s; with PostgreSQL ${med(1)} s + PostgreSQL ${med(2)} s`,
    );
    rows.push([
      `import ${IMPORT.toLocaleString()} leads at 50 ms latency`,
      median(impFileMs),
      median(impPgMs),
      1.05,
    ]);
    await slow.close();
  }

  // 3. 20 concurrent imports, overlapping, into one campaign.
  if (wanted('concurrent')) {
    const emu3 = await startEmulator({ port: 0, latencyMs: 5 });
    const runs = [];
    const t0 = Date.now();
    for (let k = 0; k < CONCURRENT; k++) {
      const dir = path.join(scratch, `op-${k}`);
      fs.mkdirSync(dir);
      leads(path.join(dir, 'crm.csv'), k * 500, 5_000); // each overlaps the next 9
      runs.push(
        cacs(
          ['import', 'crm.csv', '--batch-size', '100'],
          baseEnv({
            CACS_BASE_URL: emu3.url,
            CACS_STATE_DIR: path.join(dir, 'state'),
            CACS_STATE_URL: url,
            HOME: dir,
          }),
          dir,
        ).then((r) => {
          if (![0, 5].includes(r.code)) throw new Error(`import ${k}: exit ${r.code}: ${r.err}`);
        }),
      );
    }
    await Promise.all(runs);
    const got = emu3.store.received.flatMap((x) => x.phones);
    const dups = got.length - new Set(got).size;
    concurrent = { leads: got.length, distinct: new Set(got).size, dups, ms: Date.now() - t0 };
    say(
      `${CONCURRENT} concurrent imports (5,000 leads each, overlapping): ${got.length.toLocaleString()} leads at the service, ${new Set(got).size.toLocaleString()} distinct, ${dups} duplicates, ${concurrent.ms} ms`,
    );
    await emu3.close();
  }
} finally {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch(() => {});
  for (const s of [...schemas, 'cacs'])
    await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`).catch(() => {});
  await client.end().catch(() => {});
  await done();
}
for (const [name, file, pgMs, target] of rows) {
  const ratio = pgMs / file;
  say(
    `${name}: files ${Math.round(file)} ms, PostgreSQL ${Math.round(pgMs)} ms, ${ratio.toFixed(2)}× (target ≤ ${target}×)${ratio > target ? ' MISSED' : ''}`,
  );
}
if (json) {
  const out = rows.map(([name, file, pgMs, target]) => ({
    name: `PostgreSQL: ${name}`,
    cacs: `${Math.round(pgMs)} ms`,
    baseline: `${Math.round(file)} ms (files)`,
    ratio: (pgMs / file).toFixed(2),
    target: `≤ ${target}`,
    ok: pgMs / file <= target,
  }));
  if (concurrent)
    out.push({
      name: `PostgreSQL: ${CONCURRENT} concurrent imports, overlapping, one campaign`,
      cacs: `${concurrent.dups} duplicates`,
      baseline: '',
      ratio: '',
      target: '0',
      ok: concurrent.dups === 0,
      note: `${concurrent.distinct} distinct leads at the service, ${concurrent.ms} ms`,
    });
  console.log(JSON.stringify({ rows: out, results: { rows, concurrent } }));
}
