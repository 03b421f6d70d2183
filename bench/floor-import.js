#!/usr/bin/env node
/**
 * The sending floor of the import benchmarks: `<batches>` request bodies of 500 leads each,
 * built before the clock starts, POSTed with got (the client cacs uses, keep-alive) at
 * concurrency 4 — no file, no preflight, no journal. What any importer on this stack would
 * need for the sending alone.
 *
 *   node bench/floor-import.js <base url> <batches>
 *
 * Prints one JSON line: { batches, ms }.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import got from 'got';

const [url, batchesArg] = process.argv.slice(2);
const batches = Number(batchesArg);
if (!url || !Number.isInteger(batches)) {
  console.error('usage: node bench/floor-import.js <base url> <batches>');
  process.exit(2);
}
const BATCH = 500;
const CONCURRENCY = 4;
const lead = (i) =>
  JSON.stringify({
    name: 'Nguyễn Văn An',
    phone_number: `09${String(10_000_000 + i).slice(-8)}`,
    email: `an${i}@fpt.vn`,
    address: '260 Cách Mạng Tháng Tám, Phường 7, Quận 3, TP. Hồ Chí Minh',
    ref_id: `KH-${i}`,
  });
const bodies = Array.from({ length: batches }, (_, b) =>
  Buffer.from(
    `{"campaign_key":"summer","data":[${Array.from({ length: BATCH }, (_, k) => lead(b * BATCH + k)).join(',')}]}`,
  ),
);
const agent = { http: new http.Agent({ keepAlive: true }) };
const t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const r = await got.post(`${url}/api/cacs/v1/import_lead`, {
        body,
        headers: { access_token: 'emulator-token', 'content-type': 'application/json' },
        agent,
        retry: { limit: 0 },
        throwHttpErrors: false,
        responseType: 'text',
      });
      if (!JSON.parse(r.body).message?.includes('imported'))
        throw new Error(`unexpected answer: ${r.body}`);
    }
  }),
);
console.log(JSON.stringify({ batches, ms: performance.now() - t0 }));
