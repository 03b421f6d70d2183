#!/usr/bin/env node
/**
 * cacs benchmark suite (`npm run bench`). Needs `npm run build` first (it runs dist/).
 *
 *   node bench/run.js [--quick] [--only name[,name…]] [--runs N] [--profile]
 *
 * Benchmarks: dry-run, ledger, import, import-naive, import-latency, import-rss, report, write,
 * xlsx, startup, suppress (see bench/README.md).
 * Every cacs figure is compared with a baseline measured in the same run. Medians are printed
 * as a table; everything (every sample) goes to .bench/results.json. The exit code is 0 even
 * when a target is missed: MISSED is printed instead.
 *
 * --profile: additionally run the cacs side of the selected benchmarks once under
 * `node --cpu-prof` and print the top self-time functions (profiles in .bench/profiles/).
 */
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { summarizeProfile, formatSummary } from './lib/profile.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = path.join(ROOT, 'bench');
const OUT = path.join(ROOT, '.bench');
const CACS = path.join(ROOT, 'bin', 'cacs.js');
/**
 * The node options of bin/cacs.js's shebang (`#!/usr/bin/env -S node <options>`): what an
 * installed `cacs` runs with, so every `node bin/cacs.js` the bench spawns gets them too.
 */
const CACS_NODE_ARGS = (() => {
  const first = fs.readFileSync(CACS, 'utf8').split('\n', 1)[0];
  const m = /^#!\/usr\/bin\/env\s+-S\s+node\s+(.*)$/.exec(first);
  return m ? m[1].trim().split(/\s+/) : [];
})();
const MAXRSS = pathToFileURL(path.join(BENCH, 'lib', 'maxrss.js')).href;
const ALL = [
  'dry-run',
  'ledger',
  'import',
  'import-naive',
  'import-latency',
  'import-rss',
  'report',
  'report-big',
  'write',
  'xlsx',
  'startup',
  'suppress',
  'pg-teams',
];

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = flag('quick');
const profile = flag('profile');
const only =
  value('only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? ALL;
for (const name of only) {
  if (!ALL.includes(name)) {
    console.error(`unknown benchmark ${name}; choose from ${ALL.join(', ')}`);
    process.exit(2);
  }
}
const runsOverride = value('runs') === undefined ? undefined : Number(value('runs'));

const CFG = quick
  ? {
      dryRows: 100_000,
      rssSmallRows: 10_000,
      importRows: 20_000,
      rssImportRows: 100_000,
      naiveRows: 20_000,
      reportLeadsPerDay: 20,
      bigReports: [{ leads: 100_000, days: 31, windowDays: 1 }],
      writeAttempts: 100_000,
      xlsxAttempts: 100_000,
      bigRuns: 1,
      smallRuns: 1,
      startupRuns: 3,
    }
  : {
      dryRows: 1_000_000,
      rssSmallRows: 100_000,
      importRows: 200_000,
      rssImportRows: 1_000_000,
      naiveRows: 100_000,
      reportLeadsPerDay: 100,
      bigReports: [
        { leads: 1_000_000, days: 31, windowDays: 1 },
        { leads: 300_000, days: 365, windowDays: 31 },
      ],
      writeAttempts: 1_000_000,
      xlsxAttempts: 1_000_000,
      bigRuns: 3,
      smallRuns: 5,
      startupRuns: 15,
    };
if (value('report-leads-per-day') !== undefined)
  CFG.reportLeadsPerDay = Number(value('report-leads-per-day'));
if (runsOverride) {
  CFG.bigRuns = runsOverride;
  CFG.smallRuns = runsOverride;
}
const BATCH = 500;
const CONCURRENCY = 4;
const IMPORT_LATENCY = 50;
const REPORT_LATENCY = 200;
const REPORT_CONCURRENCY = 4;
const REPORT_FROM = '2025-01-01';
const REPORT_TO = '2025-12-31'; // from + 364 days: 365 days, 12 windows of ≤ 31 days

// ---------------------------------------------------------------------------------------------
// Helpers

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmtMs = (ms) =>
  ms >= 10_000
    ? `${(ms / 1000).toFixed(1)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${Math.round(ms)} ms`;
const fmtMB = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const n = (v) => v.toLocaleString('en-US');
const fmtPhases = (p) =>
  p
    ? `until the first request ≈ ${fmtMs(p.beforeSendMs)}, sending ${fmtMs(p.sendMs)}, after the last answer ${fmtMs(p.afterMs)}`
    : 'phases unknown';
const medianPhases = (ps) => {
  const ok = ps.filter(Boolean);
  if (ok.length === 0) return undefined;
  return {
    beforeSendMs: median(ok.map((p) => p.beforeSendMs)),
    sendMs: median(ok.map((p) => p.sendMs)),
    afterMs: median(ok.map((p) => p.afterMs)),
  };
};
const log = (s) => process.stderr.write(`${s}\n`);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-bench-'));
fs.mkdirSync(OUT, { recursive: true });
let counter = 0;
function freshDir(prefix) {
  const d = path.join(scratch, `${prefix}-${++counter}`);
  fs.mkdirSync(d, { recursive: true });
  return d;
}

/** The environment of every cacs child: no user config, no CACS_* from the caller. */
function cacsEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('CACS_') || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  const home = path.join(scratch, 'home');
  fs.mkdirSync(path.join(home, 'config'), { recursive: true });
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    CACS_STATE_DIR: freshDir('state'),
    NO_COLOR: '1',
    ...extra,
  };
}

/**
 * The skipped (and any rejects or uncertain) files a cacs import wrote beside an input of the
 * bench's own (.bench/): removed before and after each run. Kept, they pile up as `…skipped-2.csv` and on
 * (cacs never replaces a list it has no record of writing) until cacs refuses to number more.
 */
function removeSidecars(input) {
  if (typeof input !== 'string' || path.dirname(input) !== OUT) return;
  const base = path.basename(input);
  let names = [];
  try {
    names = fs.readdirSync(OUT);
  } catch {
    return;
  }
  for (const name of names) {
    if (
      /^\.(skipped|rejects|uncertain)(-\d+)?\.csv$/.test(name.slice(base.length)) &&
      name.startsWith(base)
    )
      fs.rmSync(path.join(OUT, name), { force: true });
  }
}

/**
 * Spawn and time a child from spawn to exit. With rss: true, the child is run with the maxRSS
 * preload and its peak RSS (KB) is returned.
 */
function run(cmd, args, { env = cacsEnv(), cwd = scratch, rss = false, nodeArgs = [] } = {}) {
  let rssFile;
  let fullArgs = args;
  if (cmd === process.execPath) {
    const pre = [...(args[0] === CACS ? CACS_NODE_ARGS : []), ...nodeArgs];
    if (rss) {
      rssFile = path.join(scratch, `rss-${++counter}`);
      pre.push('--import', MAXRSS);
      env = { ...env, BENCH_MAXRSS_FILE: rssFile };
    }
    fullArgs = [...pre, ...args];
  }
  // Before the run too: an earlier bench that stopped midway may have left some.
  if (args[0] === CACS && args[1] === 'import') removeSidecars(args[2]);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(cmd, fullArgs, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let maxRssKB;
      let cpuMs;
      if (rssFile && fs.existsSync(rssFile)) {
        const [rssKB, user, system] = fs
          .readFileSync(rssFile, 'utf8')
          .trim()
          .split('\n')
          .pop()
          .split(' ')
          .map(Number);
        maxRssKB = rssKB;
        cpuMs = (user + system) / 1000;
        fs.rmSync(rssFile, { force: true });
      }
      if (args[0] === CACS && args[1] === 'import') removeSidecars(args[2]);
      resolve({
        ms,
        code,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
        maxRssKB,
        cpuMs,
        startedAt: Number(t0) / 1e6,
        endedAt: Number(t0) / 1e6 + ms,
      });
    });
  });
}

function expectCode(r, codes, what) {
  if (!codes.includes(r.code)) {
    throw new Error(
      `${what} exited with ${r.code}\n${r.stderr.slice(-2000)}\n${r.stdout.slice(-2000)}`,
    );
  }
}

/** Start an emulator process; resolves with { url, stop() } once it prints its URL. */
function startEmulatorProcess(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: cacsEnv(),
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    let found = false;
    const answers = { first: undefined, last: undefined, count: 0 };
    const onData = (chunk) => {
      if (found) {
        // Request log lines ("POST /… → 200 …"): when the first and the last answer went out.
        const lines = chunk
          .toString()
          .split('\n')
          .filter((l) => l.includes(' → ')).length;
        if (lines > 0) {
          const now = Number(process.hrtime.bigint()) / 1e6;
          answers.first ??= now;
          answers.last = now;
          answers.count += lines;
        }
        return;
      }
      text += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(text);
      if (m) {
        found = true;
        const exited = new Promise((r) => child.once('exit', r));
        resolve({
          url: m[1],
          info: text.split('\n')[0],
          answers,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!found) reject(new Error(`emulator exited (${code}) before listening:\n${text}`));
    });
  });
}

const generatorHash = crypto
  .createHash('sha256')
  .update(fs.readFileSync(path.join(BENCH, 'gen-leads.js')))
  .digest('hex')
  .slice(0, 8);

async function leadsFile(rows) {
  const file = path.join(OUT, `leads-${rows}-${generatorHash}.csv`);
  if (!fs.existsSync(file)) {
    log(`  generating ${n(rows)} rows → ${path.relative(ROOT, file)}`);
    const r = await run(process.execPath, [
      path.join(BENCH, 'gen-leads.js'),
      String(rows),
      `${file}.tmp`,
    ]);
    expectCode(r, [0], 'gen-leads');
    fs.renameSync(`${file}.tmp`, file);
  }
  return file;
}

const baselineParse = (file, opts = {}) =>
  run(process.execPath, [path.join(BENCH, 'baseline-parse.js'), file], opts);

function dryRunArgs(file) {
  return [
    CACS,
    'import',
    file,
    '--dry-run',
    '--json',
    '--rejects',
    path.join(freshDir('rej'), 'r.csv'),
  ];
}

function importArgs(file) {
  return [
    CACS,
    'import',
    file,
    '--batch-size',
    String(BATCH),
    '--concurrency',
    String(CONCURRENCY),
    '--json',
    '--rejects',
    path.join(freshDir('rej'), 'r.csv'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Results

const rows = []; // table rows
const rssLines = [];
const results = { benchmarks: {} };

function addRow({ name, cacs, baseline, ratio, target, ok, note }) {
  rows.push({ name, cacs, baseline, ratio, target, ok, note });
}

// ---------------------------------------------------------------------------------------------
// Benchmarks

/**
 * The campaign ledger's cost to a dry run: the same 1M-row file against a ledger already
 * holding CFG.dryRows numbers of the campaign (none of them in the file: lookups, not skipped
 * rows, are measured) and against an empty one. A dry run reads the ledger when the service's
 * address is set; the address is never contacted.
 */
async function benchLedger() {
  const big = await leadsFile(CFG.dryRows);
  const numbers = CFG.dryRows;
  const runs = CFG.bigRuns;
  const address = 'http://127.0.0.1:9';
  const full = freshDir('ledger-state');
  log(
    `ledger: ${n(numbers)} numbers, ${n(CFG.dryRows)}-row dry run, ${runs} run(s), alternating full / empty ledger`,
  );
  const g = await run(process.execPath, [
    path.join(BENCH, 'gen-ledger.js'),
    full,
    address,
    'summer',
    String(numbers),
  ]);
  expectCode(g, [0], 'gen-ledger');
  const table = JSON.parse(g.stdout);
  const withLedger = [];
  const empty = [];
  const rssFull = [];
  const rssEmpty = [];
  for (let i = 0; i < runs; i++) {
    const a = await run(process.execPath, dryRunArgs(big), {
      env: cacsEnv({ CACS_BASE_URL: address, CACS_STATE_DIR: full }),
      rss: true,
    });
    expectCode(a, [0, 3], 'cacs import --dry-run (full ledger)');
    withLedger.push(a.ms);
    rssFull.push(a.maxRssKB);
    const b = await run(process.execPath, dryRunArgs(big), {
      env: cacsEnv({ CACS_BASE_URL: address }),
      rss: true,
    });
    expectCode(b, [0, 3], 'cacs import --dry-run (empty ledger)');
    empty.push(b.ms);
    rssEmpty.push(b.maxRssKB);
  }
  const ratio = median(withLedger) / median(empty);
  addRow({
    name: `dry run, ${n(CFG.dryRows)} rows: ledger of ${n(numbers)} numbers vs an empty one`,
    cacs: fmtMs(median(withLedger)),
    baseline: fmtMs(median(empty)),
    ratio: ratio.toFixed(2),
    target: '≤ 1.2',
    ok: ratio <= 1.2,
  });
  const rssPerNumber = ((median(rssFull) - median(rssEmpty)) * 1024) / numbers;
  addRow({
    name: `ledger memory per number (${n(numbers)} numbers)`,
    cacs: `${table.bytesPerNumber.toFixed(1)} B`,
    baseline: '',
    ratio: '',
    target: '≤ 32 B',
    ok: table.bytesPerNumber <= 32,
    note: `the lookup table holds ${n(table.tableBytes)} bytes for ${n(table.numbers)} numbers; peak RSS of the dry run grows by ${rssPerNumber.toFixed(1)} B per number (${fmtMB(median(rssEmpty))} → ${fmtMB(median(rssFull))}, which also counts garbage left by reading the 24 MB file)`,
  });
  results.benchmarks.ledger = { withLedger, empty, rssFull, rssEmpty, table };
}

async function benchDryRun() {
  const big = await leadsFile(CFG.dryRows);
  const small = await leadsFile(CFG.rssSmallRows);
  const runs = CFG.bigRuns;
  log(`dry-run: ${n(CFG.dryRows)} rows, ${runs} run(s), alternating cacs / bare csv-parse`);
  const cacs = [];
  const base = [];
  const cacsRss = [];
  const baseRss = [];
  const cacsCpu = [];
  const baseCpu = [];
  let summary;
  for (let i = 0; i < runs; i++) {
    const r = await run(process.execPath, dryRunArgs(big), { rss: true });
    expectCode(r, [0, 3], 'cacs import --dry-run');
    summary = JSON.parse(r.stdout);
    cacs.push(r.ms);
    cacsRss.push(r.maxRssKB);
    const b = await baselineParse(big, { rss: true });
    expectCode(b, [0], 'baseline-parse');
    base.push(b.ms);
    baseRss.push(b.maxRssKB);
    cacsCpu.push(r.cpuMs);
    baseCpu.push(b.cpuMs);
    log(
      `  run ${i + 1}: cacs ${fmtMs(r.ms)} (${fmtMB(r.maxRssKB)}, CPU ${fmtMs(r.cpuMs)}), bare ${fmtMs(b.ms)} (${fmtMB(b.maxRssKB)}, CPU ${fmtMs(b.cpuMs)})`,
    );
  }
  const smallRss = [];
  const smallMs = [];
  for (let i = 0; i < runs; i++) {
    const r = await run(process.execPath, dryRunArgs(small), { rss: true });
    expectCode(r, [0, 3], 'cacs import --dry-run (small)');
    smallRss.push(r.maxRssKB);
    smallMs.push(r.ms);
  }
  const ratio = median(cacs) / median(base);
  addRow({
    name: `dry run, ${n(CFG.dryRows)} rows (import --dry-run vs csv-parse)`,
    cacs: fmtMs(median(cacs)),
    baseline: fmtMs(median(base)),
    ratio: ratio.toFixed(2),
    target: '≤ 1.30',
    ok: ratio <= 1.3,
    note: `CPU time (user+sys): cacs ${fmtMs(median(cacsCpu))}, bare ${fmtMs(median(baseCpu))} (ratio ${(median(cacsCpu) / median(baseCpu)).toFixed(2)})`,
  });
  const peak = Math.max(...cacsRss);
  addRow({
    name: `dry run, ${n(CFG.dryRows)} rows: peak RSS`,
    cacs: fmtMB(peak),
    baseline: fmtMB(Math.max(...baseRss)),
    ratio: '',
    target: '≤ 200 MB',
    ok: peak <= 200 * 1024,
  });
  const growth = median(cacsRss) / median(smallRss);
  addRow({
    name: `dry run: RSS at ${n(CFG.dryRows)} / at ${n(CFG.rssSmallRows)} rows`,
    cacs: `${fmtMB(median(cacsRss))} / ${fmtMB(median(smallRss))}`,
    baseline: '',
    ratio: growth.toFixed(2),
    target: '≤ 1.50',
    ok: growth <= 1.5,
  });
  rssLines.push(
    `dry run ${n(CFG.dryRows)} rows: cacs peak RSS ${cacsRss.map(fmtMB).join(', ')}; bare csv-parse ${baseRss.map(fmtMB).join(', ')}`,
    `dry run ${n(CFG.rssSmallRows)} rows: cacs peak RSS ${smallRss.map(fmtMB).join(', ')} (${smallMs.map(fmtMs).join(', ')})`,
  );
  results.benchmarks['dry-run'] = {
    rows: CFG.dryRows,
    file: path.relative(ROOT, big),
    bytes: fs.statSync(big).size,
    runs,
    cacsMs: cacs,
    baselineMs: base,
    ratio,
    cacsMaxRssKB: cacsRss,
    baselineMaxRssKB: baseRss,
    cacsCpuMs: cacsCpu,
    baselineCpuMs: baseCpu,
    smallRows: CFG.rssSmallRows,
    smallMs,
    smallMaxRssKB: smallRss,
    rssGrowth: growth,
    summary: summary && {
      total: summary.total,
      valid: summary.valid,
      rejected: summary.rejected,
      duplicates: summary.duplicates,
      normalized: summary.normalized,
      batches: summary.batches,
    },
  };
  if (profile) await profileRun('dry-run', dryRunArgs(big));
}

/** A fresh `cacs emulator` on a free port (it logs a line per request unless `-q`). */
const emulatorArgs = (latency, ...extra) => [
  CACS,
  'emulator',
  '--port',
  '0',
  '--latency',
  String(latency),
  ...extra,
];

async function importOnce(file, latency, { rss = true, nodeArgs = [] } = {}) {
  const emu = await startEmulatorProcess(emulatorArgs(latency));
  try {
    const r = await run(process.execPath, importArgs(file), {
      env: cacsEnv({ CACS_BASE_URL: emu.url }),
      rss,
      nodeArgs,
    });
    expectCode(r, [0, 3], 'cacs import');
    const s = JSON.parse(r.stdout);
    if (s.imported !== s.valid || s.uncertain !== 0) {
      throw new Error(
        `cacs import: imported ${s.imported} of ${s.valid} valid, ${s.uncertain} uncertain`,
      );
    }
    // Phases seen from outside: until the first answer (start-up, preflight, journal, first
    // request), sending (first answer − latency → last answer), after the last answer.
    const a = emu.answers;
    const phases =
      a.first === undefined
        ? undefined
        : {
            beforeSendMs: a.first - latency - r.startedAt,
            sendMs: a.last - a.first + latency,
            afterMs: r.endedAt - a.last,
          };
    return { ...r, summary: s, phases };
  } finally {
    await emu.stop();
  }
}

async function benchImport() {
  const file = await leadsFile(CFG.importRows);
  const runs = CFG.bigRuns;
  log(
    `import, latency 0: ${n(CFG.importRows)} rows, batch ${BATCH}, concurrency ${CONCURRENCY}, ${runs} run(s)`,
  );
  const cacs = [];
  const base = [];
  const rss = [];
  const cpu = [];
  const phases = [];
  let summary;
  for (let i = 0; i < runs; i++) {
    const r = await importOnce(file, 0);
    cacs.push(r.ms);
    rss.push(r.maxRssKB);
    cpu.push(r.cpuMs);
    phases.push(r.phases);
    summary = r.summary;
    const b = await baselineParse(file);
    expectCode(b, [0], 'baseline-parse');
    base.push(b.ms);
    log(
      `  run ${i + 1}: cacs ${fmtMs(r.ms)} (${r.summary.requests} requests, ${fmtMB(r.maxRssKB)}, CPU ${fmtMs(r.cpuMs)}; ${fmtPhases(r.phases)}), bare ${fmtMs(b.ms)}`,
    );
  }
  const floor = await sendingFloor(summary.batches, 0, runs);
  log(
    `  sending floor (pre-built bodies, got, concurrency ${CONCURRENCY}): ${floor.map(fmtMs).join(', ')}`,
  );
  const ratio = median(cacs) / median(base);
  addRow({
    name: `import ${n(CFG.importRows)} leads, latency 0 (vs csv-parse)`,
    cacs: fmtMs(median(cacs)),
    baseline: fmtMs(median(base)),
    ratio: ratio.toFixed(2),
    target: '≤ 2.00',
    ok: ratio <= 2.0,
    note: `cacs CPU (user+sys) ${fmtMs(median(cpu))}; ${fmtPhases(medianPhases(phases))}; floor of the sending alone on this stack (the same number of pre-built bodies sent with got, no cacs): ${fmtMs(median(floor))}`,
  });
  rssLines.push(
    `import ${n(CFG.importRows)} leads, latency 0: cacs peak RSS ${rss.map(fmtMB).join(', ')}`,
  );
  results.benchmarks.import = {
    rows: CFG.importRows,
    batchSize: BATCH,
    concurrency: CONCURRENCY,
    runs,
    cacsMs: cacs,
    baselineMs: base,
    ratio,
    cacsMaxRssKB: rss,
    cacsCpuMs: cpu,
    sendingFloorMs: floor,
    phases,
    valid: summary.valid,
    batches: summary.batches,
    requests: summary.requests,
  };
  if (profile) await profileImport('import', file, 0);
}

/**
 * cacs against what a user would write instead (bench/naive-import.js: csv-parse, batches of
 * 500 POSTed with got, 4 at a time, keep-alive), importing the same file into one emulator
 * (latency 0), each run into a campaign of its own, runs alternating.
 */
async function benchImportNaive() {
  const file = await leadsFile(CFG.naiveRows);
  const runs = CFG.smallRuns;
  log(
    `import vs a naive script, latency 0: ${n(CFG.naiveRows)} rows, batch ${BATCH}, concurrency ${CONCURRENCY}, ${runs} run(s), alternating`,
  );
  const campaigns = Array.from({ length: 2 * runs }, (_, i) => `naive${i + 1}`);
  const emu = await startEmulatorProcess(
    emulatorArgs(0, ...campaigns.flatMap((c) => ['--campaign', c])),
  );
  const cacs = [];
  const naive = [];
  const phases = [];
  const naivePhases = [];
  const rss = [];
  let summary;
  let naiveOut;
  const phasesOf = (r) => {
    const a = emu.answers;
    return a.first === undefined
      ? undefined
      : {
          beforeSendMs: a.first - r.startedAt,
          sendMs: a.last - a.first,
          afterMs: r.endedAt - a.last,
        };
  };
  const resetAnswers = () =>
    Object.assign(emu.answers, { first: undefined, last: undefined, count: 0 });
  try {
    for (let i = 0; i < runs; i++) {
      resetAnswers();
      const r = await run(process.execPath, importArgs(file), {
        env: cacsEnv({ CACS_BASE_URL: emu.url, CACS_CAMPAIGN: campaigns[2 * i] }),
        rss: true,
      });
      expectCode(r, [0, 3], 'cacs import');
      summary = JSON.parse(r.stdout);
      if (summary.imported !== summary.valid || summary.uncertain !== 0) {
        throw new Error(
          `cacs import: imported ${summary.imported} of ${summary.valid} valid, ${summary.uncertain} uncertain`,
        );
      }
      cacs.push(r.ms);
      rss.push(r.maxRssKB);
      phases.push(phasesOf(r));
      resetAnswers();
      const b = await run(process.execPath, [
        path.join(BENCH, 'naive-import.js'),
        emu.url,
        campaigns[2 * i + 1],
        file,
      ]);
      expectCode(b, [0], 'naive-import');
      naiveOut = JSON.parse(b.stdout.trim().split('\n').pop());
      naive.push(b.ms);
      naivePhases.push(phasesOf(b));
      log(
        `  run ${i + 1}: cacs ${fmtMs(r.ms)} (${summary.imported} imported in ${summary.requests} requests; ${fmtPhases(phases.at(-1))}), naive ${fmtMs(b.ms)} (${naiveOut.imported} imported in ${naiveOut.batches} requests; ${fmtPhases(naivePhases.at(-1))})`,
      );
    }
  } finally {
    await emu.stop();
  }
  const ratio = median(cacs) / median(naive);
  addRow({
    name: `import ${n(CFG.naiveRows)} leads, latency 0 (vs a naive csv-parse + got script)`,
    cacs: fmtMs(median(cacs)),
    baseline: fmtMs(median(naive)),
    ratio: ratio.toFixed(2),
    target: '≤ 1.25',
    ok: ratio <= 1.25,
    note: `cacs: ${fmtPhases(medianPhases(phases))}; naive script: ${fmtPhases(medianPhases(naivePhases))} (its "until the first request" is reading the whole file with csv-parse); cacs imported ${n(summary.imported)} leads, the script ${n(naiveOut.imported)}`,
  });
  rssLines.push(
    `import ${n(CFG.naiveRows)} leads, latency 0 (vs naive): cacs peak RSS ${rss.map(fmtMB).join(', ')}`,
  );
  results.benchmarks['import-naive'] = {
    rows: CFG.naiveRows,
    batchSize: BATCH,
    concurrency: CONCURRENCY,
    runs,
    cacsMs: cacs,
    naiveMs: naive,
    ratio,
    phases,
    naivePhases,
    cacsMaxRssKB: rss,
    cacsImported: summary.imported,
    naiveImported: naiveOut.imported,
  };
  if (profile) await profileImport('import-naive', file, 0);
}

/** The floor of the sending alone on this stack: pre-built bodies through got, no cacs. */
async function sendingFloor(batches, latency, runs) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const emu = await startEmulatorProcess(emulatorArgs(latency, '-q'));
    try {
      const f = await run(process.execPath, [
        path.join(BENCH, 'floor-import.js'),
        emu.url,
        String(batches),
      ]);
      expectCode(f, [0], 'floor-import');
      ms.push(JSON.parse(f.stdout.trim().split('\n').pop()).ms);
    } finally {
      await emu.stop();
    }
  }
  return ms;
}

async function benchImportLatency() {
  const file = await leadsFile(CFG.importRows);
  const runs = CFG.bigRuns;
  log(`import, latency ${IMPORT_LATENCY} ms: ${n(CFG.importRows)} rows, ${runs} run(s)`);
  const cacs = [];
  const dry = [];
  const rss = [];
  const phases = [];
  let summary;
  for (let i = 0; i < runs; i++) {
    const r = await importOnce(file, IMPORT_LATENCY);
    cacs.push(r.ms);
    rss.push(r.maxRssKB);
    phases.push(r.phases);
    summary = r.summary;
    // For the breakdown only: the same file's preflight (dry run) alone.
    const d = await run(process.execPath, dryRunArgs(file));
    expectCode(d, [0, 3], 'cacs import --dry-run');
    dry.push(d.ms);
    log(
      `  run ${i + 1}: cacs ${fmtMs(r.ms)} (${r.summary.requests} requests; ${fmtPhases(r.phases)}); dry run of the same file ${fmtMs(d.ms)}`,
    );
  }
  const floor = await sendingFloor(summary.batches, IMPORT_LATENCY, runs);
  log(
    `  sending floor (pre-built bodies, got, concurrency ${CONCURRENCY}): ${floor.map(fmtMs).join(', ')}`,
  );
  const ideal = (summary.batches * IMPORT_LATENCY) / CONCURRENCY;
  const ratio = median(cacs) / ideal;
  addRow({
    name: `import ${n(CFG.importRows)} leads, latency ${IMPORT_LATENCY} ms (vs ideal batches×${IMPORT_LATENCY} ms/${CONCURRENCY})`,
    cacs: fmtMs(median(cacs)),
    baseline: `${fmtMs(ideal)} (${summary.batches} batches)`,
    ratio: ratio.toFixed(2),
    target: '≤ 1.22',
    ok: ratio <= 1.22,
    note: `${fmtPhases(medianPhases(phases))} (sending alone vs ideal: ${(medianPhases(phases).sendMs / ideal).toFixed(2)}); a dry run of the same file takes ${fmtMs(median(dry))}; floor of the sending alone on this stack (the same number of pre-built bodies sent with got, no cacs): ${fmtMs(median(floor))} (${(median(floor) / ideal).toFixed(2)}× ideal); that floor + the dry run (the least an import that validates every row before its first request can take here) = ${((median(floor) + median(dry)) / ideal).toFixed(2)}× ideal`,
  });
  rssLines.push(
    `import ${n(CFG.importRows)} leads, latency ${IMPORT_LATENCY} ms: cacs peak RSS ${rss.map(fmtMB).join(', ')}`,
  );
  results.benchmarks['import-latency'] = {
    rows: CFG.importRows,
    latencyMs: IMPORT_LATENCY,
    batchSize: BATCH,
    concurrency: CONCURRENCY,
    runs,
    cacsMs: cacs,
    idealMs: ideal,
    ratio,
    dryRunMs: dry,
    sendingFloorMs: floor,
    phases,
    cacsMaxRssKB: rss,
    batches: summary.batches,
    requests: summary.requests,
  };
  if (profile) await profileImport('import-latency', file, IMPORT_LATENCY);
}

/**
 * Peak RSS of a real import of a large file (latency 0: the emulator answers at once): must be
 * flat in the file size (issue 22). The 200,000-row import rows print their peak RSS beside it.
 */
async function benchImportRss() {
  const file = await leadsFile(CFG.rssImportRows);
  const runs = CFG.bigRuns;
  log(`import, peak RSS: ${n(CFG.rssImportRows)} rows, latency 0, ${runs} run(s)`);
  const rss = [];
  const ms = [];
  let summary;
  for (let i = 0; i < runs; i++) {
    const r = await importOnce(file, 0);
    rss.push(r.maxRssKB);
    ms.push(r.ms);
    summary = r.summary;
    log(`  run ${i + 1}: cacs ${fmtMs(r.ms)}, peak RSS ${fmtMB(r.maxRssKB)}`);
  }
  const peak = Math.max(...rss);
  addRow({
    name: `import ${n(CFG.rssImportRows)} leads (latency 0, batch ${BATCH}, concurrency ${CONCURRENCY}): peak RSS`,
    cacs: fmtMB(peak),
    baseline: '',
    ratio: '',
    target: '≤ 150 MB',
    ok: peak <= 150 * 1024,
    note: `each run ${rss.map(fmtMB).join(', ')} (${ms.map(fmtMs).join(', ')}); ${n(summary.imported)} leads imported in ${n(summary.requests)} requests`,
  });
  rssLines.push(
    `import ${n(CFG.rssImportRows)} leads, latency 0: cacs peak RSS ${rss.map(fmtMB).join(', ')}`,
  );
  results.benchmarks['import-rss'] = {
    rows: CFG.rssImportRows,
    batchSize: BATCH,
    concurrency: CONCURRENCY,
    runs,
    cacsMs: ms,
    cacsMaxRssKB: rss,
    imported: summary.imported,
    requests: summary.requests,
  };
}

let startupCache;
async function startupMs() {
  if (startupCache) return startupCache;
  const ms = [];
  for (let i = 0; i < CFG.smallRuns; i++)
    ms.push((await run(process.execPath, [CACS, '--version'])).ms);
  startupCache = median(ms);
  return startupCache;
}

function reportArgs(out) {
  return [
    CACS,
    'report',
    '--from',
    REPORT_FROM,
    '--to',
    REPORT_TO,
    '--concurrency',
    String(REPORT_CONCURRENCY),
    '--format',
    'csv',
    '-o',
    out,
  ];
}

async function benchReport() {
  const runs = CFG.smallRuns;
  const emuArgs = (latency) => [
    path.join(BENCH, 'report-emulator.js'),
    '--latency',
    String(latency),
    '--leads-per-day',
    String(CFG.reportLeadsPerDay),
  ];
  log(
    `report: ${REPORT_FROM} → ${REPORT_TO}, ${CFG.reportLeadsPerDay} leads/day, concurrency ${REPORT_CONCURRENCY}, ${runs} run(s)`,
  );
  const slow = await startEmulatorProcess(emuArgs(REPORT_LATENCY));
  const fast = await startEmulatorProcess(emuArgs(0));
  const cacs = [];
  const zero = [];
  const floor = [];
  const floorWall = [];
  const rss = [];
  let lines = 0;
  let requests = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const out = path.join(freshDir('report'), 'calls.csv');
      const r = await run(process.execPath, reportArgs(out), {
        env: cacsEnv({ CACS_BASE_URL: slow.url }),
        rss: true,
      });
      expectCode(r, [0], 'cacs report');
      cacs.push(r.ms);
      rss.push(r.maxRssKB);
      lines = fs.readFileSync(out, 'utf8').split('\n').length - 2;
      requests = Number(/(\d+) requests?/.exec(r.stderr)?.[1] ?? NaN);
      // The baseline: the same windows fetched and parsed with got alone, as a whole process
      // (node's start-up and loading got included), against the same emulator.
      const f = await run(process.execPath, [path.join(BENCH, 'floor-report.js'), slow.url]);
      expectCode(f, [0], 'floor-report');
      floorWall.push(f.ms);
      floor.push(JSON.parse(f.stdout.trim().split('\n').pop()).ms);
      const z = await run(
        process.execPath,
        reportArgs(path.join(freshDir('report'), 'calls.csv')),
        {
          env: cacsEnv({ CACS_BASE_URL: fast.url }),
        },
      );
      expectCode(z, [0], 'cacs report (latency 0)');
      zero.push(z.ms);
      log(
        `  run ${i + 1}: cacs ${fmtMs(r.ms)} (${requests} requests, ${n(lines)} attempt rows); floor process ${fmtMs(f.ms)} (fetching ${fmtMs(floor.at(-1))}); cacs at latency 0: ${fmtMs(z.ms)}`,
      );
    }
  } finally {
    await slow.stop();
    await fast.stop();
  }
  const startup = await startupMs();
  const windows = 12;
  const ideal = Math.ceil(windows / REPORT_CONCURRENCY) * REPORT_LATENCY + startup;
  const ratio = median(cacs) / median(floorWall);
  addRow({
    name: `report 365 days, latency ${REPORT_LATENCY} ms (vs the same windows fetched and parsed with got, whole process)`,
    cacs: fmtMs(median(cacs)),
    baseline: fmtMs(median(floorWall)),
    ratio: ratio.toFixed(2),
    target: '≤ 1.15',
    ok: ratio <= 1.15,
    note: `${requests} requests, ${n(lines)} attempt rows (${CFG.reportLeadsPerDay} leads/day); the floor process spends ${fmtMs(median(floor))} from its first request to its last parse, the rest is node's start-up and loading got; same cacs report at latency 0: ${fmtMs(median(zero))}; against the ideal ceil(12/${REPORT_CONCURRENCY})×${REPORT_LATENCY} ms + start-up (cacs --version, ${fmtMs(startup)}) = ${fmtMs(ideal)}: cacs ${(median(cacs) / ideal).toFixed(2)}×, the floor process ${(median(floorWall) / ideal).toFixed(2)}×`,
  });
  rssLines.push(`report 365 days: cacs peak RSS ${rss.map(fmtMB).join(', ')}`);
  addRow({
    name: `report 365 days: peak RSS (${CFG.reportLeadsPerDay} leads/day)`,
    cacs: fmtMB(Math.max(...rss)),
    baseline: '',
    ratio: '',
    target: '≤ 150 MB',
    ok: Math.max(...rss) <= 150 * 1024,
    note: `every run: ${rss.map(fmtMB).join(', ')}`,
  });
  results.benchmarks.report = {
    from: REPORT_FROM,
    to: REPORT_TO,
    leadsPerDay: CFG.reportLeadsPerDay,
    latencyMs: REPORT_LATENCY,
    concurrency: REPORT_CONCURRENCY,
    runs,
    cacsMs: cacs,
    floorProcessMs: floorWall,
    ratio,
    idealMs: ideal,
    startupMs: startup,
    latency0Ms: zero,
    fetchingFloorMs: floor,
    requests,
    attemptRows: lines,
    cacsMaxRssKB: rss,
  };
  if (profile) {
    const emu = await startEmulatorProcess(emuArgs(REPORT_LATENCY));
    try {
      await profileRun('report', reportArgs(path.join(freshDir('report'), 'calls.csv')), {
        CACS_BASE_URL: emu.url,
      });
    } finally {
      await emu.stop();
    }
  }
}

/**
 * Large reports (bench/report-big-server.js: every lead called on two days, so most leads come
 * in two windows): 1,000,000 leads over 31 daily windows, 300,000 leads over 365 days. The peak
 * RSS of one `cacs report … --format csv -o` each; its merge spills to disk above
 * report.memoryBudget.
 */
async function benchReportBig() {
  for (const { leads, days, windowDays } of CFG.bigReports) {
    log(`report-big: ${n(leads)} leads over ${days} days, --window-days ${windowDays}, 1 run`);
    const server = await startEmulatorProcess([
      path.join(BENCH, 'report-big-server.js'),
      '--leads',
      String(leads),
      '--days',
      String(days),
    ]);
    try {
      const out = path.join(freshDir('report-big'), 'calls.csv');
      const to = new Date(Date.UTC(2025, 0, days)).toISOString().slice(0, 10);
      const r = await run(
        process.execPath,
        [
          CACS,
          'report',
          '--from',
          '2025-01-01',
          '--to',
          to,
          '--window-days',
          String(windowDays),
          '--concurrency',
          String(REPORT_CONCURRENCY),
          '--format',
          'csv',
          '-o',
          out,
        ],
        { env: cacsEnv({ CACS_BASE_URL: server.url }), rss: true },
      );
      expectCode(r, [0], 'cacs report (large)');
      const bytes = fs.statSync(out).size;
      fs.rmSync(out, { force: true });
      addRow({
        name: `report of ${n(leads)} leads over ${days} days (${windowDays === 1 ? 'daily' : `${windowDays}-day`} windows): peak RSS`,
        cacs: fmtMB(r.maxRssKB),
        baseline: '',
        ratio: '',
        target: '≤ 300 MB',
        ok: r.maxRssKB <= 300 * 1024,
        note: `${fmtMs(r.ms)} wall, CPU ${fmtMs(r.cpuMs)}; ${(bytes / 1e6).toFixed(0)} MB of CSV; ${r.stderr.trim().split('\n').pop()}`,
      });
      (results.benchmarks['report-big'] ??= []).push({
        leads,
        days,
        windowDays,
        ms: r.ms,
        cpuMs: r.cpuMs,
        maxRssKB: r.maxRssKB,
        bytes,
      });
    } finally {
      await server.stop();
    }
  }
}

async function benchWrite() {
  const runs = CFG.bigRuns;
  log(
    `write: ${n(CFG.writeAttempts)} attempts as CSV, ${runs} run(s) each, alternating, in one process`,
  );
  const r = await run(process.execPath, [
    '--expose-gc',
    path.join(BENCH, 'report-write.js'),
    String(CFG.writeAttempts),
    String(runs),
    freshDir('write'),
  ]);
  expectCode(r, [0], 'report-write');
  const w = JSON.parse(r.stdout.trim().split('\n').pop());
  // Baseline: the faster of the two bare csv-stringify passes (the more demanding comparison).
  const stream = median(w.streamMs);
  const sync = median(w.syncMs);
  const base = Math.min(stream, sync);
  const ratio = median(w.cacsMs) / base;
  log(
    `  cacs ${w.cacsMs.map(fmtMs).join(', ')}; bare stream API ${w.streamMs.map(fmtMs).join(', ')}; bare sync API ${w.syncMs.map(fmtMs).join(', ')}`,
  );
  addRow({
    name: `report CSV writing, ${n(w.attempts)} attempts (writeReport vs csv-stringify)`,
    cacs: fmtMs(median(w.cacsMs)),
    baseline: `${fmtMs(base)} (${sync <= stream ? 'sync API' : 'stream API'})`,
    ratio: ratio.toFixed(2),
    target: '≤ 1.30',
    ok: ratio <= 1.3,
    note: `bare csv-stringify: sync API in 2,000-row chunks ${fmtMs(sync)}, stream API row by row ${fmtMs(stream)}; the faster is the baseline`,
  });
  results.benchmarks.write = { ...w, runs, ratio };
  if (profile) {
    const dir = path.join(OUT, 'profiles', 'write');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const p = await run(process.execPath, [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
      path.join(BENCH, 'report-write.js'),
      String(CFG.writeAttempts),
      '1',
      freshDir('write'),
    ]);
    expectCode(p, [0], 'report-write --cpu-prof');
    printProfile('write (writeReport and csv-stringify, one run each, same process)', dir);
  }
}

/**
 * xlsx against CSV writing of the same attempts (bench/report-xlsx.js): one process per format
 * and run, so that each peak RSS is its own; the records are made one at a time as they are
 * written (no list of a million records in memory), and a third process only makes them, so
 * that the writers can be compared alone: (xlsx − making) / (CSV − making).
 */
async function benchXlsx() {
  const runs = CFG.bigRuns;
  const attempts = CFG.xlsxAttempts;
  log(`xlsx: ${n(attempts)} attempts as xlsx and as CSV, ${runs} run(s) each, alternating`);
  const got = { csv: [], xlsx: [], none: [] };
  for (let i = 0; i < runs; i++) {
    for (const format of ['csv', 'xlsx', 'none']) {
      const r = await run(process.execPath, [
        '--expose-gc',
        path.join(BENCH, 'report-xlsx.js'),
        format,
        String(attempts),
        '1',
        freshDir('xlsx'),
      ]);
      expectCode(r, [0], `report-xlsx ${format}`);
      got[format].push(JSON.parse(r.stdout.trim().split('\n').pop()));
    }
  }
  const ms = (format) => median(got[format].map((x) => x.ms[0]));
  const [csv, xlsx, none] = [ms('csv'), ms('xlsx'), ms('none')];
  const ratio = (xlsx - none) / (csv - none);
  const whole = xlsx / csv;
  const rss = got.xlsx.map((x) => x.maxRssMB);
  const csvRss = got.csv.map((x) => x.maxRssMB);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
  log(
    `  xlsx ${got.xlsx.map((x) => fmtMs(x.ms[0])).join(', ')}; CSV ${got.csv.map((x) => fmtMs(x.ms[0])).join(', ')}; records alone ${got.none.map((x) => fmtMs(x.ms[0])).join(', ')}`,
  );
  addRow({
    name: `report xlsx writing, ${n(attempts)} attempts (writeReport xlsx vs CSV)`,
    cacs: fmtMs(xlsx),
    baseline: `${fmtMs(csv)} (CSV)`,
    ratio: ratio.toFixed(2),
    target: '≤ 3.00',
    ok: ratio <= 3,
    note: `the writers alone (making the records, ${fmtMs(none)}, taken off both); whole runs ${whole.toFixed(2)}×; xlsx ${mb(got.xlsx[0].bytes)}, CSV ${mb(got.csv[0].bytes)}`,
  });
  addRow({
    name: `report xlsx writing: peak RSS, ${n(attempts)} attempts`,
    cacs: `${Math.max(...rss)} MB`,
    baseline: `${Math.max(...csvRss)} MB (CSV)`,
    ratio: '',
    target: '≤ 300 MB',
    ok: Math.max(...rss) <= 300,
  });
  rssLines.push(`xlsx writing: xlsx ${rss.join(', ')} MB; CSV ${csvRss.join(', ')} MB`);
  results.benchmarks.xlsx = { attempts, runs, ...got, ratio, whole };
}

async function benchStartup() {
  const runs = CFG.startupRuns;
  log(`startup: ${runs} run(s) each, alternating`);
  const cases = {
    node: [process.execPath, ['-e', '0']],
    version: [process.execPath, [CACS, '--version']],
    help: [process.execPath, [CACS, 'import', '--help']],
  };
  const ms = { node: [], version: [], help: [] };
  for (let i = 0; i < runs; i++) {
    for (const [k, [cmd, args]] of Object.entries(cases)) {
      const r = await run(cmd, args);
      expectCode(r, [0], k);
      ms[k].push(r.ms);
    }
  }
  startupCache = median(ms.version);
  const node = median(ms.node);
  for (const [k, label, target] of [
    ['version', 'cacs --version', 1.4],
    ['help', 'cacs import --help', 1.6],
  ]) {
    const ratio = median(ms[k]) / node;
    addRow({
      name: `start-up: ${label} (vs node -e 0)`,
      cacs: fmtMs(median(ms[k])),
      baseline: fmtMs(node),
      ratio: ratio.toFixed(2),
      target: `≤ ${target.toFixed(2)}`,
      ok: ratio <= target,
    });
  }
  results.benchmarks.startup = {
    runs,
    nodeMs: ms.node,
    versionMs: ms.version,
    importHelpMs: ms.help,
  };
  if (profile) await profileRun('startup', [CACS, 'import', '--help']);
}

// ---------------------------------------------------------------------------------------------
// Profiles (--profile)

const profiles = [];
function printProfile(label, dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  for (const f of files) {
    const s = summarizeProfile(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')), {
      root: ROOT,
    });
    profiles.push({ label, file: path.relative(ROOT, path.join(dir, f)), ...s });
    log(`\nprofile: ${label} (${path.relative(ROOT, path.join(dir, f))})\n${formatSummary(s)}`);
  }
}

async function profileRun(name, args, env = {}) {
  const dir = path.join(OUT, 'profiles', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const r = await run(process.execPath, args, {
    env: cacsEnv(env),
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir],
  });
  expectCode(r, [0, 3], `${name} --cpu-prof`);
  printProfile(
    `${name}: node --cpu-prof ${args.map((a) => path.relative(ROOT, a) || a).join(' ')}`,
    dir,
  );
}

async function profileImport(name, file, latency) {
  const dir = path.join(OUT, 'profiles', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await importOnce(file, latency, { rss: false, nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir] });
  printProfile(`${name}: cacs import ${path.basename(file)}, latency ${latency} ms`, dir);
}

// ---------------------------------------------------------------------------------------------
// Main

function machine() {
  let cpu = 'unknown';
  try {
    cpu = /model name\s*:\s*(.*)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    cpu = os.cpus()[0]?.model ?? cpu;
  }
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    // not a git checkout
  }
  return {
    cpu,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    commit,
  };
}

function table() {
  const head = ['benchmark', 'cacs', 'baseline', 'ratio', 'target', 'ok'];
  const body = rows.map((r) => [
    r.name,
    r.cacs,
    r.baseline,
    r.ratio,
    r.target,
    r.ok ? 'ok' : 'MISSED',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => [...b[i]].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}
const m = machine();
results.machine = m;
results.mode = quick ? 'quick' : 'full';
results.config = { ...CFG, batchSize: BATCH, concurrency: CONCURRENCY };
results.startedAt = new Date().toISOString();
log(
  `cacs benchmarks (${results.mode}): ${m.cpu}, ${m.cores} cores, node ${m.node}${m.commit ? `, commit ${m.commit}` : ''}`,
);
const started = Date.now();
/** Do-not-call lists: bench/suppress.js in a process of its own, its rows added to the table. */
async function benchSuppress() {
  const args = [path.join(BENCH, 'suppress.js'), '--json'];
  if (quick) args.push('--quick');
  if (runsOverride) args.push('--runs', String(runsOverride));
  const r = await run(process.execPath, args, { env: process.env, cwd: ROOT });
  expectCode(r, [0], 'bench/suppress.js');
  process.stderr.write(r.stderr);
  const out = JSON.parse(r.stdout);
  for (const row of out.rows) addRow(row);
  results.benchmarks.suppress = out.results;
}
/** Teams on PostgreSQL: bench/pg-teams.js in a process of its own (skipped without PostgreSQL). */
async function benchPgTeams() {
  const args = [path.join(BENCH, 'pg-teams.js'), '--json'];
  if (quick) args.push('--quick');
  const r = await run(process.execPath, args, { env: process.env, cwd: ROOT });
  expectCode(r, [0], 'bench/pg-teams.js');
  process.stderr.write(r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  for (const row of out.rows) addRow(row);
  results.benchmarks['pg-teams'] = out.results;
}
const benches = {
  'dry-run': benchDryRun,
  ledger: benchLedger,
  import: benchImport,
  'import-naive': benchImportNaive,
  'import-latency': benchImportLatency,
  'import-rss': benchImportRss,
  report: benchReport,
  'report-big': benchReportBig,
  write: benchWrite,
  xlsx: benchXlsx,
  startup: benchStartup,
  suppress: benchSuppress,
  'pg-teams': benchPgTeams,
};
// Start-up first when selected: its figure is the report's "start-up".
const order = ['startup', ...ALL.filter((x) => x !== 'startup')].filter((x) => only.includes(x));
try {
  for (const name of order) {
    const load = os.loadavg()[0];
    try {
      await benches[name]();
      if (results.benchmarks[name]) results.benchmarks[name].loadavg1Before = load;
    } catch (e) {
      log(`${name}: FAILED: ${e.stack ?? e}`);
      addRow({ name, cacs: 'error', baseline: '', ratio: '', target: '', ok: false });
      results.benchmarks[name] = { error: String(e.message ?? e) };
    }
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
results.totalSeconds = Math.round((Date.now() - started) / 1000);
results.table = rows;
results.rss = rssLines;
if (profiles.length) results.profiles = profiles;
fs.writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const runsNote = quick
  ? 'quick mode: small sizes, 1 run each (not comparable to the targets)'
  : `medians of ${CFG.bigRuns} runs (dry run, imports, CSV writing), ${CFG.smallRuns} (report), ${CFG.startupRuns} (start-up)`;
console.log(
  `\ncacs benchmarks: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, node ${m.node}, ${m.platform}${m.commit ? `, commit ${m.commit}` : ''}`,
);
console.log(`${runsNote}; total ${results.totalSeconds} s\n`);
console.log(table());
const notes = rows.filter((r) => r.note);
if (notes.length) {
  console.log('');
  for (const r of notes) console.log(`- ${r.name}: ${r.note}`);
}
if (rssLines.length) {
  console.log('\nPeak RSS (maxRSS of each run):');
  for (const l of rssLines) console.log(`- ${l}`);
}
const missed = rows.filter((r) => !r.ok);
console.log(
  missed.length
    ? `\nMISSED: ${missed.length} of ${rows.length} targets`
    : `\nall ${rows.length} targets met`,
);
console.log(`results: ${path.relative(ROOT, path.join(OUT, 'results.json'))}`);
