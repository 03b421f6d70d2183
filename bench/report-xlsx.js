#!/usr/bin/env node
/**
 * xlsx writing of a report against CSV writing of the same rows, in-process, one format per
 * process (so that each process's peak RSS is its format's): cacs' writeReport (dist/report/
 * write.js, one row per attempt) through streamSink to a plain file stream (no fsync), given
 * the synthetic records of bench/report-write.js one at a time by a generator — made as they
 * are written and let go of after, as a caller streaming a report would — so the peak RSS is
 * the writer's, not a list of a million records'. A warm-up write of 25,000 attempts runs
 * first (untimed); then `runs` timed writes.
 *
 *   node --expose-gc bench/report-xlsx.js <csv|xlsx|none> <attempts> <runs> <outDir>
 *
 * `none` only makes the records (and counts them): the part of the other two times that is not
 * writing, so that the writers can be compared alone too.
 *
 * Prints one JSON line: { format, attempts, ms: [...], cpuMs: [...], bytes, maxRssMB,
 * rssBeforeMB } (cpuMs: the process's user + system time, zlib's threads included).
 * The xlsx is checked to end with a zip directory (and the CSV to hold attempts + 1 lines).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { streamSink, writeReport } from '../dist/report/write.js';

const [format, attemptsArg, runsArg, outDir] = process.argv.slice(2);
const attempts = Number(attemptsArg);
const runs = Number(runsArg ?? 1);
if (!['csv', 'xlsx', 'none'].includes(format) || !Number.isInteger(attempts) || !outDir) {
  console.error('usage: node bench/report-xlsx.js <csv|xlsx|none> <attempts> <runs> <outDir>');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

// --- the synthetic records of bench/report-write.js, made one at a time ------------------------
const HO = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const TEN = ['An', 'Bình', 'Châu', 'Dũng', 'Hương', 'Linh', 'Phúc', 'Thảo', 'Tuấn', 'Yến'];
const STATUSES = ['NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'];
const pad = (v, n = 2) => String(v).padStart(n, '0');
function* records(total) {
  let made = 0;
  for (let i = 0; made < total; i++) {
    const phone = `09${pad(10_000_000 + i, 8).slice(-8)}`;
    const count = Math.min(1 + (i % 3), total - made);
    const data = [];
    const base = Date.UTC(2025, 0, 1) + i * 31_000;
    for (let k = 0; k < count; k++) {
      const t = new Date(base + k * 3_600_000);
      const last = k === count - 1;
      const answered = last && i % 5 < 3;
      data.push({
        session: `${(i * 7919 + k).toString(16).padStart(8, '0')}-${pad(k, 4)}`,
        wait_time: (i + k) % 40,
        talk_time: answered ? 20 + (i % 300) : 0,
        phone_number: phone,
        date_time: `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`,
        status: answered ? 'ANSWERED' : STATUSES[(i + k) % STATUSES.length],
        retry: k,
        key_press: answered && i % 7 === 0 ? String(i % 10) : '',
      });
    }
    made += count;
    yield {
      campaign_id: 1,
      campaign_name: 'Summer campaign',
      campaign_lead_id: i + 1,
      ref_id: `KH-${pad(i + 1, 8)}`,
      phone_number: phone,
      lead_name:
        i % 1000 === 0
          ? `=${HO[i % 8]}`
          : `${HO[i % 8]} Văn ${TEN[i % 10]}${i % 50 === 0 ? ', Jr.' : ''}`,
      call: count,
      data,
    };
  }
}

async function write(file, total) {
  if (format === 'none') {
    // Only the records, made and let go of: what the other two times include besides writing.
    let n = 0;
    for (const r of records(total)) n += r.data.length;
    fs.writeFileSync(file, String(n));
    return;
  }
  const stream = fs.createWriteStream(file);
  await writeReport(records(total), streamSink(stream), {
    format,
    flatten: 'attempts',
    colors: undefined,
    columns: 80,
  });
  await new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

/** The file's size, once it is seen to be whole (read in pieces: the peak RSS is the writer's). */
function check(file) {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  try {
    if (format === 'none') {
      if (fs.readFileSync(file, 'utf8') !== String(attempts)) throw new Error('records missing');
    } else if (format === 'xlsx') {
      const end = Buffer.alloc(22);
      fs.readSync(fd, end, 0, 22, size - 22);
      if (end.readUInt32LE(0) !== 0x06054b50) throw new Error('the xlsx has no zip directory');
    } else {
      const buf = Buffer.alloc(1 << 20);
      let lines = 0;
      for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) {
        for (let i = buf.indexOf(10); i >= 0 && i < n; i = buf.indexOf(10, i + 1)) lines++;
      }
      if (lines !== attempts + 1) throw new Error(`the CSV has ${lines} lines`);
    }
  } finally {
    fs.closeSync(fd);
  }
  return size;
}

const file = path.join(outDir, `calls.${format}`);
await write(file, Math.min(attempts, 25_000));
fs.rmSync(file, { force: true });
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
const ms = [];
const cpuMs = [];
let bytes = 0;
for (let i = 0; i < runs; i++) {
  globalThis.gc?.();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await write(file, attempts);
  ms.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpuMs.push((c.user + c.system) / 1000);
  bytes = check(file);
  fs.rmSync(file, { force: true });
}
console.log(
  JSON.stringify({
    format,
    attempts,
    ms,
    cpuMs,
    bytes,
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    rssBeforeMB: Math.round(rssBefore / 1024 / 1024),
  }),
);
