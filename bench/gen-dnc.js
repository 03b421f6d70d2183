// node bench/gen-dnc.js <numbers> <leads.csv> <out.txt>
// Writes a do-not-call list of <numbers> distinct phone numbers, one per line under a
// "Số điện thoại" header, as a centre's export would hold them: the phone of every 20th row
// of <leads.csv> as written there (so a dry run of that file finds them), spread through the
// list, and the rest Gmobile 059 / 099 numbers (prefixes the generated lead files never use),
// 90% written 0xxxxxxxxx, 5% +84 9x xxx xxxx, 5% 84xxxxxxxxx. Deterministic.
import fs from 'node:fs';

const [count, leadsFile, out] = process.argv.slice(2);
const n = Number(count);
if (!Number.isInteger(n) || n < 1 || !leadsFile || !out) {
  console.error('usage: node bench/gen-dnc.js <numbers> <leads.csv> <out.txt>');
  process.exit(2);
}

// The phone column (the second) of every 20th data row: no generated name or phone holds a comma.
const lines = fs.readFileSync(leadsFile, 'utf8').split('\n');
const fromLeads = [];
for (let i = 1; i < lines.length && fromLeads.length < n; i += 20) {
  const phone = lines[i].split(',')[1];
  if (phone !== undefined && phone.trim() !== '') fromLeads.push(phone);
}

const PREFIXES = ['59', '99'];
/** The i-th filler number's 9 national digits: distinct for i < 2·10^7. */
function filler(i) {
  const p = i % PREFIXES.length;
  const seven = (Math.floor(i / PREFIXES.length) * 4_649 + 1_234_567) % 10_000_000;
  return PREFIXES[p] + String(seven).padStart(7, '0');
}
function written(nat, i) {
  const x = i % 20;
  if (x === 7) return `+84 ${nat.slice(0, 2)} ${nat.slice(2, 5)} ${nat.slice(5)}`;
  if (x === 13) return `84${nat}`;
  return `0${nat}`;
}

const fd = fs.openSync(out, 'w');
let buf = 'Số điện thoại\n';
const every = Math.max(1, Math.floor(n / Math.max(1, fromLeads.length)));
let lead = 0;
let fill = 0;
for (let i = 0; i < n; i++) {
  if (lead < fromLeads.length && i % every === 0) buf += `${fromLeads[lead++]}\n`;
  else buf += `${written(filler(fill), fill++)}\n`;
  if (buf.length > 1 << 20) {
    fs.writeSync(fd, buf);
    buf = '';
  }
}
fs.writeSync(fd, buf);
fs.closeSync(fd);
console.log(JSON.stringify({ numbers: n, fromLeads: lead }));
