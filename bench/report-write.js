#!/usr/bin/env node
/**
 * CSV writing of a report, in-process: cacs' writeReport (dist/report/write.js, format csv,
 * one row per attempt, through streamSink to a plain file stream, no fsync) vs two bare
 * csv-stringify passes over the same 15-column rows to a file: the stream API (one write per
 * row) and the sync API on 2,000-row chunks (the way cacs calls it, minus its own work). All
 * are given the same synthetic CallRecords already in memory; only the writing is timed. Runs
 * alternate (cacs, stream, sync, cacs, …).
 *
 *   node --expose-gc bench/report-write.js <attempts> <runs> <outDir>
 *
 * Prints one JSON line: { attempts, records, cacsMs, streamMs, syncMs, bytes }.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { ATTEMPT_COLUMNS, streamSink, writeReport } from '../dist/report/write.js';
import { syntheticRecords } from './records.js';

const [attemptsArg, runsArg, outDir] = process.argv.slice(2);
const attempts = Number(attemptsArg);
const runs = Number(runsArg ?? 3);
if (!Number.isInteger(attempts) || !outDir) {
  console.error('usage: node --expose-gc bench/report-write.js <attempts> <runs> <outDir>');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

// --- synthetic records: 1–3 attempts per lead (avg 2) until `attempts` attempts (records.js)
const records = [...syntheticRecords(attempts)];
const made = records.reduce((n, r) => n + r.data.length, 0);

// --- the two writers -----------------------------------------------------------------------
async function finish(stream) {
  await new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

async function cacsWrite(file, recs = records) {
  const stream = fs.createWriteStream(file);
  await writeReport(recs, streamSink(stream), {
    format: 'csv',
    flatten: 'attempts',
    colors: undefined,
    columns: 80,
  });
  await finish(stream);
}

function rowOf(r, a) {
  return [
    r.campaign_id,
    r.campaign_name,
    r.campaign_lead_id,
    r.ref_id,
    r.phone_number,
    r.lead_name,
    r.call,
    a.session,
    a.wait_time,
    a.talk_time,
    a.phone_number,
    a.date_time,
    a.status,
    a.retry,
    a.key_press,
  ];
}

async function bareSyncWrite(file, recs = records) {
  const out = fs.createWriteStream(file);
  const write = (text) => (out.write(text) ? undefined : new Promise((r) => out.once('drain', r)));
  await write(stringifySync([[...ATTEMPT_COLUMNS]]));
  let chunk = [];
  for (const r of recs) {
    for (const a of r.data) {
      chunk.push(rowOf(r, a));
      if (chunk.length >= 2000) {
        const p = write(stringifySync(chunk));
        chunk = [];
        if (p) await p;
      }
    }
  }
  if (chunk.length) await write(stringifySync(chunk));
  await finish(out);
}

async function bareStreamWrite(file, recs = records) {
  const out = fs.createWriteStream(file);
  const s = stringify();
  s.pipe(out);
  const done = new Promise((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    s.once('error', reject);
  });
  const write = (row) => (s.write(row) ? undefined : new Promise((r) => s.once('drain', r)));
  await write([...ATTEMPT_COLUMNS]);
  for (const r of recs) {
    for (const a of r.data) {
      const p = write(rowOf(r, a));
      if (p) await p;
    }
  }
  s.end();
  await done;
}

const cacsMs = [];
const streamMs = [];
const syncMs = [];
const bytes = {};
async function timed(fn, file) {
  globalThis.gc?.();
  const t0 = performance.now();
  await fn(file);
  const ms = performance.now() - t0;
  bytes[path.basename(file)] = fs.statSync(file).size;
  fs.rmSync(file, { force: true });
  return ms;
}
// Warm-up (untimed): let the JIT see every writer before the timed runs.
const warm = records.slice(0, Math.min(records.length, 25_000));
for (const fn of [cacsWrite, bareStreamWrite, bareSyncWrite]) {
  const file = path.join(outDir, 'warm.csv');
  await fn(file, warm);
  fs.rmSync(file, { force: true });
}
for (let i = 0; i < runs; i++) {
  cacsMs.push(await timed(cacsWrite, path.join(outDir, 'cacs.csv')));
  streamMs.push(await timed(bareStreamWrite, path.join(outDir, 'bare-stream.csv')));
  syncMs.push(await timed(bareSyncWrite, path.join(outDir, 'bare-sync.csv')));
}
console.log(
  JSON.stringify({ attempts: made, records: records.length, cacsMs, streamMs, syncMs, bytes }),
);
