/**
 * Summary of a V8 .cpuprofile (node --cpu-prof): self time per function and per file/package.
 * Also usable alone: node bench/lib/profile.js <file.cpuprofile> [top]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function where(url, root) {
  if (!url) return '';
  let p = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (root && p.startsWith(root)) p = path.relative(root, p);
  return p;
}

function group(file) {
  if (!file) return '(native/vm)';
  if (file.startsWith('node:')) return 'node internals';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (nm) return nm[1];
  return file;
}

export function summarizeProfile(profile, { root, top = 15 } = {}) {
  const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
  const self = new Map();
  const total = profile.endTime - profile.startTime; // µs
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
  }
  const fns = new Map();
  const files = new Map();
  for (const [id, us] of self) {
    const nd = byId.get(id);
    const cf = nd.callFrame;
    const file = where(cf.url, root);
    const name = cf.functionName || '(anonymous)';
    const key = `${name} ${file}${file ? `:${cf.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const g = name.startsWith('(') && !file ? name : group(file);
    files.set(g, (files.get(g) ?? 0) + us);
  }
  const sorted = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, pct: (100 * us) / total }));
  return { totalMs: total / 1000, functions: sorted(fns), files: sorted(files) };
}

export function formatSummary(s) {
  const line = (x) =>
    `  ${x.ms.toFixed(0).padStart(7)} ms ${x.pct.toFixed(1).padStart(5)}%  ${x.name}`;
  return [
    `total ${s.totalMs.toFixed(0)} ms; top self time by function:`,
    ...s.functions.map(line),
    'by file / package:',
    ...s.files.slice(0, 10).map(line),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/lib/profile.js <file.cpuprofile> [top]');
    process.exit(2);
  }
  const s = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')), {
    root: process.cwd(),
    top: Number(process.argv[3] ?? 20),
  });
  console.log(formatSummary(s));
}
