#!/usr/bin/env node
/**
 * The emulator for the report benchmark, as its own process: started in-process with
 * startEmulator (from dist/), its campaign seeded with leads spread over one year, then kept
 * serving until SIGTERM/SIGINT.
 *
 *   node bench/report-emulator.js --latency <ms> --leads-per-day <n> [--year 2025] [--seed 1]
 *
 * Prints `listening on <url> (<leads> leads)` once ready.
 */
import { startEmulator } from '../dist/emulator/index.js';

function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const latencyMs = arg('latency', 0);
const perDay = arg('leads-per-day', 100);
const year = arg('year', 2025);
const seed = arg('seed', 1);

const emulator = await startEmulator({
  port: 0,
  latencyMs,
  seed,
  token: 'emulator-token',
  campaigns: [{ key: 'summer' }],
});

// Service zone is UTC+7: a lead imported at 08:00–17:00 local on each day of the year.
const HO = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const TEN = ['An', 'Bình', 'Châu', 'Dũng', 'Hương', 'Linh', 'Phúc', 'Thảo', 'Tuấn', 'Yến'];
let n = 0;
const start = Date.UTC(year, 0, 1) - 7 * 3_600_000;
const days = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
for (let d = 0; d < days; d++) {
  for (let k = 0; k < perDay; k++) {
    const at = start + d * 86_400_000 + 8 * 3_600_000 + Math.floor((k * 9 * 3_600_000) / perDay);
    emulator.store.addLead(
      'summer',
      {
        phone_number: `09${String(10_000_000 + n).slice(-8)}`,
        name: `${HO[n % HO.length]} Văn ${TEN[n % TEN.length]}`,
        ref_id: `KH-${String(n + 1).padStart(8, '0')}`,
      },
      new Date(at),
    );
    n++;
  }
}
// Warm-up: one pass over the year computes every lead's synthetic attempts (the emulator keeps
// them), so the benchmark measures cacs and the latency, not the emulator's generator.
const { request } = await import('node:http');
const ask = (body) =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(`${emulator.url}/api/cacs/v1/call_result`, {
      method: 'GET',
      // A GET body needs its length (Node's server refuses a chunked GET with HTTP 400).
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        access_token: 'emulator-token',
      },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`warm-up: HTTP ${res.statusCode}`));
      res.resume().on('end', resolve);
    });
    req.on('error', reject);
    req.end(text);
  });
for (let m = 0; m < 12; m++) {
  const from = new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, m + 1, 0)).toISOString().slice(0, 10);
  await ask({ campaign_key: 'summer', start_date: `${from} 00:00:00`, end_date: `${to} 23:59:59` });
}
console.log(`listening on ${emulator.url} (${n} leads)`);

const stop = () => emulator.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
