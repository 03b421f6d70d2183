#!/usr/bin/env node
/**
 * The baseline of the `import-naive` benchmark: what a user would write instead of cacs.
 * Reads the lead file with csv-parse (`columns: true`), maps the columns to lead fields, puts
 * the phone into the service's 0xxxxxxxxx form (skipping the rows it cannot), then POSTs
 * batches of 500 with got over a keep-alive agent, four at a time. No preflight report, no
 * rejects file, no journal or ledger, no retries: a batch the service refuses is an error.
 *
 *   node bench/naive-import.js <base url> <campaign> <file>
 *
 * Prints one JSON line: { rows, sent, skipped, batches, imported, ms } (ms from start to the
 * last answer, start-up excluded; the benchmark times the whole process).
 */
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse';
import got from 'got';

const [url, campaign, file] = process.argv.slice(2);
if (!url || !campaign || !file) {
  console.error('usage: node bench/naive-import.js <base url> <campaign> <file>');
  process.exit(2);
}
const BATCH = 500;
const CONCURRENCY = 4;
const t0 = performance.now();

/** 0912345678, +84 912 345 678, 912345678, 091.234.5678, 0084912345678 → 0912345678. */
function phone(raw) {
  let d = raw.replace(/\D/g, '');
  if (d.startsWith('0084')) d = `0${d.slice(4)}`;
  else if (d.startsWith('84') && d.length === 11) d = `0${d.slice(2)}`;
  else if (d.length === 9) d = `0${d}`;
  return /^0\d{9}$/.test(d) ? d : undefined;
}

const leads = [];
let rows = 0;
let skipped = 0;
for await (const row of fs.createReadStream(file).pipe(parse({ columns: true }))) {
  rows++;
  const phone_number = phone(row['Số điện thoại'] ?? '');
  if (phone_number === undefined) {
    skipped++;
    continue;
  }
  const lead = { phone_number, name: row['Họ và tên'].trim() };
  if (row.Email) lead.email = row.Email.trim();
  if (row['Địa chỉ']) lead.address = row['Địa chỉ'].trim();
  if (row['Mã khách hàng']) lead.ref_id = row['Mã khách hàng'].trim();
  leads.push(lead);
}

const client = got.extend({
  prefixUrl: url,
  headers: { access_token: 'emulator-token' },
  agent: { http: new http.Agent({ keepAlive: true }) },
  retry: { limit: 0 },
});
const batches = [];
for (let i = 0; i < leads.length; i += BATCH) batches.push(leads.slice(i, i + BATCH));
let next = 0;
let imported = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < batches.length) {
      const data = batches[next++];
      const answer = await client
        .post('api/cacs/v1/import_lead', { json: { campaign_key: campaign, data } })
        .json();
      const m = /(\d+)\/\d+ leads/.exec(answer.message ?? '');
      if (answer.result !== 'success' || !m)
        throw new Error(`unexpected answer: ${JSON.stringify(answer)}`);
      imported += Number(m[1]);
    }
  }),
);
console.log(
  JSON.stringify({
    rows,
    sent: leads.length,
    skipped,
    batches: batches.length,
    imported,
    ms: performance.now() - t0,
  }),
);
