#!/usr/bin/env node
/**
 * The fetching floor of the report benchmark: the same 12 monthly windows of 2025 asked with
 * got (the client cacs uses, keep-alive) at concurrency 4 and each answer JSON.parse'd — no
 * start-up, no merging, no writing.
 *
 *   node bench/floor-report.js <base url>
 *
 * Prints one JSON line: { windows, records, ms }.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import got from 'got';

const url = process.argv[2];
if (!url) {
  console.error('usage: node bench/floor-report.js <base url>');
  process.exit(2);
}
const day = (d) => d.toISOString().slice(0, 10);
const windows = Array.from({ length: 12 }, (_, m) => [
  `${day(new Date(Date.UTC(2025, m, 1)))} 00:00:00`,
  `${day(new Date(Date.UTC(2025, m + 1, 0)))} 23:59:59`,
]);
const agent = { http: new http.Agent({ keepAlive: true }) };
const t0 = performance.now();
let next = 0;
let records = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < windows.length) {
      const [start_date, end_date] = windows[next++];
      const r = await got(`${url}/api/cacs/v1/call_result`, {
        method: 'GET',
        allowGetBody: true,
        body: JSON.stringify({ campaign_key: 'summer', start_date, end_date }),
        headers: { access_token: 'emulator-token', 'content-type': 'application/json' },
        agent,
        retry: { limit: 0 },
        throwHttpErrors: false,
        responseType: 'text',
      });
      const answer = JSON.parse(r.body);
      if (!Array.isArray(answer.records)) throw new Error(`unexpected answer: ${r.body}`);
      records += answer.records.length;
    }
  }),
);
console.log(JSON.stringify({ windows: windows.length, records, ms: performance.now() - t0 }));
