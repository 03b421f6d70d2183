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
import { syntheticRecords } from './records.js';

const [format, attemptsArg, runsArg, outDir] = process.argv.slice(2);
const attempts = Number(attemptsArg);
const runs = Number(runsArg ?? 1);
if (!['csv', 'xlsx', 'none'].includes(format) || !Number.isInteger(attempts) || !outDir) {
  console.error('usage: node bench/report-xlsx.js <csv|xlsx|none> <attempts> <runs> <outDir>');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

// The synthetic records of bench/report-write.js, made one at a time (bench/records.js).
const records = syntheticRecords;

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
