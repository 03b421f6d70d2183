#!/usr/bin/env node
/**
 * `cacs report --join` on a large lead file (issue 25): bench/report-big-server.js serves
 * `--leads` leads over 31 days (two attempts each); the lead file holds the same leads (their
 * phones written in three forms, a ref_id, a note) plus 1 % rows the report has no lead for.
 * Runs `cacs report --join … -o out.csv` under /usr/bin/time -v and prints its peak RSS,
 * wall time, and the output's rows, running cacs with its shebang's node options (as an
 * installed `cacs` runs). Needs `npm run build`.
 *
 *   node bench/outcomes-join.js [--leads 1000000] [--format csv|xlsx] [--json]
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const LEADS = Number(arg('leads', '1000000'));
const CACS = path.join(ROOT, 'bin', 'cacs.js');
/**
 * The node options of bin/cacs.js's shebang: what an installed `cacs` runs with (as
 * bench/run.js gives them); without them V8 lets its heap grow several times larger before it
 * collects (1,021 MiB against 549 MiB for a million rows before issue 22 item 10's fourth round).
 */
const CACS_NODE_ARGS = (() => {
  const first = fs.readFileSync(CACS, 'utf8').split('\n', 1)[0];
  const m = /^#!\/usr\/bin\/env\s+-S\s+node\s+(.*)$/.exec(first);
  return m ? m[1].trim().split(/\s+/) : [];
})();
const FORMAT = arg('format', 'csv');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-bench-join-'));
const pad = (v, n) => String(v).padStart(n, '0');

// The lead file, written in chunks.
const file = path.join(dir, 'leads.csv');
const fd = fs.openSync(file, 'w');
fs.writeSync(fd, 'Họ tên,Số điện thoại,Mã khách hàng,Ghi chú\n');
let buf = '';
const extra = Math.floor(LEADS / 100);
for (let i = 1; i <= LEADS + extra; i++) {
  const n = pad(10_000_000 + i, 8).slice(-8);
  const phone = i % 3 === 0 ? `+84 9${n}` : i % 3 === 1 ? `09${n}` : `9${n}`;
  const ref = i <= LEADS ? `KH-${pad(i, 8)}` : '';
  buf += `Khách ${i},${phone},${ref},ghi chú ${i % 97}\n`;
  if (buf.length > 1 << 20) {
    fs.writeSync(fd, buf);
    buf = '';
  }
}
fs.writeSync(fd, buf);
fs.closeSync(fd);

const server = spawn(
  process.execPath,
  [path.join(ROOT, 'bench', 'report-big-server.js'), '--leads', String(LEADS), '--days', '31'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const url = await new Promise((resolve, reject) => {
  const rl = readline.createInterface({ input: server.stdout });
  rl.on('line', (line) => {
    const m = /listening on (\S+)/.exec(line);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});
server.stdout.resume();
const out = path.join(dir, `out.${FORMAT}`);
const r = spawnSync(
  '/usr/bin/time',
  [
    '-v',
    process.execPath,
    ...CACS_NODE_ARGS,
    CACS,
    'report',
    '--join',
    file,
    '--from',
    '2025-01-01',
    '--to',
    '2025-01-31',
    '--window-days',
    '1',
    '--timeout',
    '120000',
    '-o',
    out,
  ],
  {
    encoding: 'utf8',
    env: {
      ...process.env,
      CACS_BASE_URL: url,
      CACS_ACCESS_TOKEN: 'emulator-token',
      CACS_CAMPAIGN: 'BIG',
      CACS_STATE_DIR: path.join(dir, 'state'),
    },
    maxBuffer: 64 * 1024 * 1024,
  },
);
server.kill('SIGTERM');
const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]) / 1024;
const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(r.stderr)?.[1];
const rows =
  FORMAT === 'csv' && fs.existsSync(out)
    ? fs.readFileSync(out, 'utf8').split('\n').length - 2
    : undefined;
const md5 = fs.existsSync(out)
  ? crypto.createHash('md5').update(fs.readFileSync(out)).digest('hex')
  : undefined;
const user = Number(/User time \(seconds\): (\S+)/.exec(r.stderr)?.[1]);
const sys = Number(/System time \(seconds\): (\S+)/.exec(r.stderr)?.[1]);
const result = {
  leads: LEADS,
  fileRows: LEADS + extra,
  format: FORMAT,
  exit: r.status,
  maxRssMiB: Math.round(rss),
  wall,
  cpuSeconds: Math.round((user + sys) * 10) / 10,
  rows,
  md5,
  fileMiB: Math.round(fs.statSync(file).size / 1048576),
};
if (r.status !== 0) process.stderr.write(r.stderr.slice(-4000));
fs.rmSync(dir, { recursive: true, force: true });
console.log(process.argv.includes('--json') ? JSON.stringify(result) : result);
