#!/usr/bin/env node
/**
 * Do-not-call lists (issue 16): what a list of 5,000,000 numbers costs a 200,000-row dry run.
 * Needs `npm run build` first (it runs dist/ and bin/cacs.js). `bench/run.js --only suppress`
 * runs it too and puts its rows in the suite's table.
 *
 *   node bench/suppress.js [--quick] [--runs N] [--json]
 *
 * Rows (medians, runs alternating: dry run with the list, without it, the bare read):
 *  - time: (dry run with `--suppress <list>`) − (the same dry run without) against a bare
 *    line-by-line read of the list file (`node -e`, readline, counting lines); target ≤ 1.3;
 *  - memory: bytes per listed number retained once the list is loaded (heap + array buffers
 *    after a full GC, in a process that only loads it: `--memory`), and the growth of the
 *    dry run's peak RSS per listed number; target ≤ 16 B for both.
 *
 * --quick: 20,000 rows and 500,000 numbers, one run (a smoke check, not the target's sizes).
 * --json: print {rows, results} on stdout instead of the table.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = path.join(ROOT, 'bench');
const OUT = path.join(ROOT, '.bench');
const CACS = path.join(ROOT, 'bin', 'cacs.js');
const MAXRSS = pathToFileURL(path.join(BENCH, 'lib', 'maxrss.js')).href;

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};

// ---------------------------------------------------------------------------------------------
// --memory <list>: the child that loads one list and reports what it retains.

if (value('memory') !== undefined) {
  const { loadSuppressionList } = await import(
    pathToFileURL(path.join(ROOT, 'dist', 'leads', 'suppress.js')).href
  );
  const held = () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const file = path.resolve(value('memory'));
  const before = held();
  const t0 = performance.now();
  const list = await loadSuppressionList({ path: file, name: 'list', from: 'bench' });
  const loadMs = performance.now() - t0;
  const after = held();
  console.log(
    JSON.stringify({
      numbers: list.numbers,
      ignored: list.ignored,
      loadMs,
      retainedBytes: after - before,
      setBytes: list.set.bytes,
      // Keep the list alive until measured.
      has: list.set.has('0912345678'),
    }),
  );
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// The benchmark

const quick = flag('quick');
const json = flag('json');
const ROWS = quick ? 20_000 : 200_000;
const NUMBERS = quick ? 500_000 : 5_000_000;
const RUNS = Number(value('runs') ?? (quick ? 1 : 3));
const TIME_TARGET = 1.3;
const BYTES_TARGET = 16;

const log = (s) => process.stderr.write(`${s}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const n = (v) => v.toLocaleString('en-US');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-bench-dnc-'));
fs.mkdirSync(OUT, { recursive: true });
let counter = 0;

/** No user config, no CACS_* of the caller, a fresh state folder. */
function env(extra = {}) {
  const e = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('CACS_') && k !== 'NODE_OPTIONS') e[k] = v;
  const home = path.join(scratch, 'home');
  fs.mkdirSync(path.join(home, 'config'), { recursive: true });
  return {
    ...e,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    CACS_STATE_DIR: path.join(scratch, `state-${++counter}`),
    NO_COLOR: '1',
    ...extra,
  };
}

/** Spawn node with args; wall time from spawn to exit, peak RSS (KB) with rss. */
function node(args, { rss = false, nodeArgs = [] } = {}) {
  const rssFile = rss ? path.join(scratch, `rss-${++counter}`) : undefined;
  const full = [...nodeArgs, ...(rss ? ['--import', MAXRSS] : []), ...args];
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, full, {
      env: env(rssFile ? { BENCH_MAXRSS_FILE: rssFile } : {}),
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let maxRssKB;
      if (rssFile && fs.existsSync(rssFile))
        maxRssKB = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ')[0]);
      const r = {
        ms,
        code,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
        maxRssKB,
      };
      if (code !== 0 && code !== 3)
        reject(new Error(`node ${args.join(' ')} exited ${code}\n${r.stderr.slice(-2000)}`));
      else resolve(r);
    });
  });
}

const hashOf = (...files) =>
  crypto
    .createHash('sha256')
    .update(files.map((f) => fs.readFileSync(f)).join('\0'))
    .digest('hex')
    .slice(0, 8);

/** The lead file bench/run.js uses (same name, shared). */
async function leadsFile(rows) {
  const file = path.join(OUT, `leads-${rows}-${hashOf(path.join(BENCH, 'gen-leads.js'))}.csv`);
  if (!fs.existsSync(file)) {
    log(`  generating ${n(rows)} rows → ${path.relative(ROOT, file)}`);
    await node([path.join(BENCH, 'gen-leads.js'), String(rows), `${file}.tmp`]);
    fs.renameSync(`${file}.tmp`, file);
  }
  return file;
}

async function listFile(numbers, leads) {
  const file = path.join(
    OUT,
    `dnc-${numbers}-${hashOf(path.join(BENCH, 'gen-dnc.js'))}-${path.basename(leads, '.csv')}.txt`,
  );
  if (!fs.existsSync(file)) {
    log(`  generating a do-not-call list of ${n(numbers)} numbers → ${path.relative(ROOT, file)}`);
    await node([path.join(BENCH, 'gen-dnc.js'), String(numbers), leads, `${file}.tmp`]);
    fs.renameSync(`${file}.tmp`, file);
  }
  return file;
}

/** The baseline: the list file read line by line, nothing else. */
const BARE_READ = `
const rl = require('node:readline').createInterface({
  input: require('node:fs').createReadStream(process.argv[1]), crlfDelay: Infinity });
let lines = 0;
rl.on('line', () => lines++).on('close', () => console.log(lines));`;

const dryRun = (leads, list) => [
  CACS,
  'import',
  leads,
  '--dry-run',
  '--json',
  '--rejects',
  path.join(scratch, `r-${++counter}.csv`),
  ...(list ? ['--suppress', list] : []),
];

export async function benchSuppress() {
  const leads = await leadsFile(ROWS);
  const list = await listFile(NUMBERS, leads);
  const listMB = fs.statSync(list).size / 1e6;
  log(
    `suppress: ${n(ROWS)}-row dry run, list of ${n(NUMBERS)} numbers (${listMB.toFixed(0)} MB), ${RUNS} run(s), alternating with list / without / bare read`,
  );
  const withList = [];
  const without = [];
  const bare = [];
  const rssWith = [];
  const rssWithout = [];
  let summary;
  for (let i = 0; i < RUNS; i++) {
    const a = await node(dryRun(leads, list), { rss: true });
    withList.push(a.ms);
    rssWith.push(a.maxRssKB);
    summary = JSON.parse(a.stdout);
    const b = await node(dryRun(leads), { rss: true });
    without.push(b.ms);
    rssWithout.push(b.maxRssKB);
    const c = await node(['-e', BARE_READ, list]);
    if (Number(c.stdout.trim()) !== NUMBERS + 1) throw new Error(`bare read: ${c.stdout}`);
    bare.push(c.ms);
  }
  const mem = JSON.parse(
    (await node([fileURLToPath(import.meta.url), '--memory', list], { nodeArgs: ['--expose-gc'] }))
      .stdout,
  );
  const lists = summary.suppressionLists;
  // A few of the lead file's phones taken into the list are invalid or repeat one.
  if (!(lists?.[0]?.numbers >= NUMBERS * 0.99))
    throw new Error(`the dry run did not load the list: ${JSON.stringify(lists)}`);

  const added = median(withList) - median(without);
  const ratio = added / median(bare);
  const retained = mem.retainedBytes / mem.numbers;
  const peak = ((median(rssWith) - median(rssWithout)) * 1024) / NUMBERS;
  const rows = [
    {
      name: `dry run, ${n(ROWS)} rows: a do-not-call list of ${n(NUMBERS)} numbers, added time vs a bare read of the list`,
      cacs: fmtMs(added),
      baseline: fmtMs(median(bare)),
      ratio: ratio.toFixed(2),
      target: `≤ ${TIME_TARGET}`,
      ok: ratio <= TIME_TARGET,
      note: `dry run ${fmtMs(median(withList))} with the list, ${fmtMs(median(without))} without; ${n(summary.suppressed)} rows suppressed; the list alone loads in ${fmtMs(mem.loadMs)} in-process; bare read: node -e, readline over the ${listMB.toFixed(0)} MB file`,
    },
    {
      name: `do-not-call list memory per number (${n(NUMBERS)} numbers)`,
      cacs: `${retained.toFixed(1)} B retained, ${peak.toFixed(1)} B peak`,
      baseline: '',
      ratio: '',
      target: `≤ ${BYTES_TARGET} B`,
      ok: retained <= BYTES_TARGET && peak <= BYTES_TARGET,
      note: `retained: heap + array buffers after a full GC, before and after loading the list (${n(mem.setBytes)} bytes of sorted array, ${(mem.setBytes / mem.numbers).toFixed(1)} B per number); peak: the dry run's peak RSS with the list minus without (${(median(rssWithout) / 1024).toFixed(0)} → ${(median(rssWith) / 1024).toFixed(0)} MB)`,
    },
  ];
  return {
    rows,
    results: { rows: ROWS, numbers: NUMBERS, withList, without, bare, rssWith, rssWithout, mem },
  };
}

try {
  const { rows, results } = await benchSuppress();
  if (json) {
    console.log(JSON.stringify({ rows, results }));
  } else {
    for (const r of rows)
      console.log(
        `${r.ok ? 'ok    ' : 'MISSED'} ${r.name}: ${r.cacs}${r.baseline ? ` / ${r.baseline}` : ''}${r.ratio ? ` = ${r.ratio}` : ''} (target ${r.target})\n       ${r.note}`,
      );
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
