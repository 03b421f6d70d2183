// node bench/gen-ledger.js <stateDir> <baseUrl> <campaign> <numbers>
// Writes a campaign ledger holding <numbers> accepted numbers (0590000000 upwards: Gmobile 059,
// a prefix the generated lead files never use) the way cacs writes it, and prints
// {"numbers", "tableBytes", "bytesPerNumber"} for the loaded lookup table.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { Hasher, ledgerFile, loadTable, RECORD_BYTES, STATE_ACCEPTED } = await import(
  path.join(root, 'dist', 'state', 'file', 'ledger.js')
);
const [stateDir, baseUrl, campaignKey, count] = process.argv.slice(2);
const n = Number(count);
const hasher = Hasher.forStateDir(stateDir);
const file = ledgerFile({ stateDir, baseUrl, campaignKey });
fs.writeFileSync(
  `${file.slice(0, -'.ledger'.length)}.json`,
  `${JSON.stringify({ baseUrl, campaign: campaignKey })}\n`,
);
const fd = fs.openSync(file, 'w', 0o600);
const chunk = Buffer.alloc(RECORD_BYTES * 10_000);
const now = Math.floor(Date.now() / 1000);
for (let i = 0; i < n;) {
  let o = 0;
  for (; o < chunk.length && i < n; o += RECORD_BYTES, i++) {
    const [lo, hi] = hasher.phone(`059${String(i).padStart(7, '0')}`);
    chunk.writeUInt32LE(lo, o);
    chunk.writeUInt32LE(hi, o + 4);
    chunk.writeUInt32LE(0, o + 8);
    chunk.writeUInt32LE(1, o + 12);
    chunk.writeUInt32LE(now, o + 16);
    chunk[o + 20] = STATE_ACCEPTED;
    chunk[o + 21] = 0xc5;
    chunk[o + 22] = 0;
    chunk[o + 23] = 0;
  }
  fs.writeSync(fd, chunk, 0, o);
}
fs.closeSync(fd);
const { table } = loadTable(file);
console.log(
  JSON.stringify({
    numbers: table.count,
    tableBytes: table.bytes,
    bytesPerNumber: table.bytes / table.count,
  }),
);
