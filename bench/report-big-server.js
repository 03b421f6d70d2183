#!/usr/bin/env node
/**
 * A report service for the large-report benchmark, as its own process: `leads` leads over
 * `days` days from 2025-01-01 (service clock), each called twice — on day `i % days` and on
 * day `(7i + 3) % days` (the same day for some) — so most leads come in two windows and a
 * report must merge across windows to list them. Each answer lists the leads called in the
 * window with the attempts inside it; answers are made as they are asked (no latency), the same
 * every time.
 *
 *   node bench/report-big-server.js --leads 1000000 --days 31
 *
 * Prints `listening on <url> (<leads> leads, <days> days)` once ready.
 */
import http from 'node:http';

function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const LEADS = arg('leads', 1_000_000);
const DAYS = arg('days', 31);
const BASE = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

const pad = (v, n = 2) => String(v).padStart(n, '0');
const dayOf = (i, k) => (k === 0 ? i % DAYS : (7 * i + 3) % DAYS);
const stamp = (day, i, k) => {
  const t = new Date(BASE + day * DAY + (8 * 3600 + ((i * 37 + k * 3600) % (9 * 3600))) * 1000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
};

// Leads per day (a lead called twice on one day is listed once).
const counts = new Int32Array(DAYS);
for (let i = 1; i <= LEADS; i++) {
  counts[dayOf(i, 0)]++;
  if (dayOf(i, 1) !== dayOf(i, 0)) counts[dayOf(i, 1)]++;
}
const starts = new Int32Array(DAYS + 1);
for (let d = 0; d < DAYS; d++) starts[d + 1] = starts[d] + counts[d];
const byDay = new Int32Array(starts[DAYS]);
const fill = starts.slice(0, DAYS);
for (let i = 1; i <= LEADS; i++) {
  byDay[fill[dayOf(i, 0)]++] = i;
  if (dayOf(i, 1) !== dayOf(i, 0)) byDay[fill[dayOf(i, 1)]++] = i;
}

const HO = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const TEN = ['An', 'Bình', 'Châu', 'Dũng', 'Hương', 'Linh', 'Phúc', 'Thảo', 'Tuấn', 'Yến'];
const STATUSES = ['ANSWERED', 'NO ANSWER', 'BUSY', 'ANSWERED', 'FAILED'];

function attempt(i, k) {
  const day = dayOf(i, k);
  const status = STATUSES[(i + k) % STATUSES.length];
  const phone = `09${pad(10_000_000 + i, 8).slice(-8)}`;
  return `{"session":"${(i * 7919 + k).toString(16)}-${k}","wait_time":${(i + k) % 40},"talk_time":${status === 'ANSWERED' ? 20 + (i % 300) : 0},"phone_number":"${phone}","date_time":"${stamp(day, i, k)}","status":"${status}","retry":${k},"key_press":"${status === 'ANSWERED' && i % 7 === 0 ? i % 10 : ''}"}`;
}

function record(i, d0, d1) {
  const parts = [];
  for (let k = 0; k < 2; k++) {
    const day = dayOf(i, k);
    if (k === 1 && day === dayOf(i, 0)) break;
    if (day >= d0 && day <= d1) parts.push(attempt(i, k));
  }
  const phone = `09${pad(10_000_000 + i, 8).slice(-8)}`;
  return `{"campaign_id":1,"campaign_name":"Summer campaign","campaign_lead_id":${i},"ref_id":"KH-${pad(i, 8)}","phone_number":"${phone}","lead_name":"${HO[i % 8]} Văn ${TEN[i % 10]}","call":2,"data":[${parts.join(',')}]}`;
}

/** 'yyyy-mm-dd HH:mm:ss' → day index (clamped to the days served). */
const dayIndex = (s) => Math.floor((Date.parse(`${s.slice(0, 10)}T00:00:00Z`) - BASE) / DAY);

function answer(body) {
  const d0 = Math.max(0, dayIndex(body.start_date));
  const d1 = Math.min(DAYS - 1, dayIndex(body.end_date));
  const seen = new Set();
  const records = [];
  for (let d = d0; d <= d1; d++) {
    for (let j = starts[d]; j < starts[d + 1]; j++) {
      const i = byDay[j];
      if (d1 > d0) {
        if (seen.has(i)) continue;
        seen.add(i);
      }
      records.push(record(i, d0, d1));
    }
  }
  return `{"result":"success","message":"Have ${records.length} records found","records":[${records.join(',')}]}`;
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.headers.access_token !== 'emulator-token') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"result":"error","message":"Invalid access token"}');
      return;
    }
    const text = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
    process.stdout.write(`GET ${req.url} → 200 ${Buffer.byteLength(text)} bytes\n`);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(
    `listening on http://127.0.0.1:${server.address().port} (${LEADS} leads, ${DAYS} days)`,
  );
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
