/**
 * The data walk: how many times `cacs import` reads its input, per format. Every read goes
 * through fs.promises.open (src/input/bytes.ts); the bytes read from the input are counted
 * there, over a real import against the emulator. The preflight's read gives the content hash
 * (no separate hashing pass); a CSV is read once more while sending (checked block by block);
 * other formats are spooled; a spooled input is read again, checked, only to list the
 * original values of leads the service refused.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import iconv from 'iconv-lite';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  emulatorPool,
  importEnv,
  phoneOf,
  processedPhones,
  write,
  type Summary,
} from '../helpers/import.js';
import { buildXlsx, strings } from '../helpers/xlsx.js';
import { csvReader } from '../../src/input/csv.js';

const emulators = emulatorPool();
// Batches may reach the service in any order (the next batch's in-flight record is written while
// one is out, and up to --concurrency are out): every lead exactly once is what counts, so the
// phones the service received are compared sorted.
const ROWS = 3000;
const leads = Array.from({ length: ROWS }, (_, i) => ({
  phone: phoneOf(i),
  name: `Trần Thị ${i}`,
}));
const csvText = (eol = '\n') =>
  `phone,name${eol}${leads.map((l) => `${l.phone},${l.name}`).join(eol)}${eol}`;

/** Bytes read from `file` through fs.promises.open while `fn` runs. */
async function bytesReadFrom(file: string, fn: () => Promise<void>): Promise<number> {
  const real = fs.promises.open.bind(fs.promises);
  let bytes = 0;
  const spy = vi.spyOn(fs.promises, 'open').mockImplementation(async (...args) => {
    const fh = await real(...(args as Parameters<typeof real>));
    if (String(args[0]) === file) {
      const read = fh.read.bind(fh) as (...a: unknown[]) => Promise<{ bytesRead: number }>;
      (fh as unknown as { read: typeof read }).read = async (...a: unknown[]) => {
        const r = await read(...a);
        bytes += r.bytesRead;
        return r;
      };
    }
    return fh;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return bytes;
}

async function importCounting(
  name: string,
  content: string | Buffer | Uint8Array,
  args: string[] = [],
  emuOpts: Parameters<typeof emulators.start>[0] = {},
) {
  const emu = await emulators.start(emuOpts);
  const dir = tempDir();
  const file = write(dir, name, Buffer.from(content));
  let summary: Summary | undefined;
  let code = -1;
  const bytes = await bytesReadFrom(file, async () => {
    const r = await runCli(['import', file, '--json', ...args], { cwd: dir, env: importEnv(emu) });
    code = r.code;
    summary = JSON.parse(r.stdout) as Summary;
  });
  return { passes: bytes / fs.statSync(file).size, summary: summary!, code, emu, dir };
}

afterEach(() => {
  csvReader.fast = true;
});

describe('the data walk', () => {
  it.each([
    ['UTF-8 CSV (the fast reader)', 'leads.csv', csvText(), []],
    [
      'windows-1258 CSV (csv-parse)',
      'leads.csv',
      iconv.encode(csvText(), 'windows-1258'),
      ['--encoding', 'windows-1258'],
    ],
    [
      'UTF-16 CSV with a BOM',
      'leads.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(csvText(), 'utf-16le')]),
      [],
    ],
  ] as const)('%s: read twice, once to check, once to send', async (_what, name, content, args) => {
    const r = await importCounting(name, content, [...args]);
    expect(r.code).toBe(0);
    expect(r.summary.imported).toBe(ROWS);
    expect(r.passes).toBe(2);
    expect(processedPhones(r.emu).sort()).toEqual(leads.map((l) => l.phone).sort());
  });

  it('a CSV the fast reader gives way on: csv-parse reads it, and the sending pass starts there', async () => {
    const before = csvReader.fallbacks;
    // Old Mac line ends: the fast reader gives way at once (the file is one block).
    const r = await importCounting('leads.csv', csvText('\r'));
    expect(r.code).toBe(0);
    expect(r.summary.imported).toBe(ROWS);
    expect(csvReader.fallbacks).toBe(before + 1);
    // The fast reader's look (one block), csv-parse's read, the sending pass's.
    expect(r.passes).toBe(3);
    expect(processedPhones(r.emu).sort()).toEqual(leads.map((l) => l.phone).sort());
  });

  it.each([
    ['JSON', 'leads.json', JSON.stringify(leads), 1],
    [
      'xlsx',
      'leads.xlsx',
      buildXlsx({
        sheets: [
          {
            name: 'Leads',
            data: [
              strings(1, 'phone', 'name'),
              ...leads.map((l, i) => strings(i + 2, l.phone, l.name)),
            ].join(''),
          },
        ],
      }),
      1,
    ],
    // Two passes by design: the keys of every line, then the rows (checked against the first).
    ['NDJSON', 'leads.ndjson', leads.map((l) => JSON.stringify(l)).join('\n'), 2],
  ] as const)(
    '%s: read by the preflight only, the leads spooled',
    async (_what, name, content, passes) => {
      const r = await importCounting(name, content);
      expect(r.code).toBe(0);
      expect(r.summary.imported).toBe(ROWS);
      expect(r.passes).toBe(passes);
      expect(processedPhones(r.emu).sort()).toEqual(leads.map((l) => l.phone).sort());
    },
  );

  it('a dry run reads the input once', async () => {
    const r = await importCounting('leads.csv', csvText(), ['--dry-run']);
    expect(r.code).toBe(0);
    expect(r.passes).toBe(1);
  });

  it('a spooled input is read once more, checked, only to list what the service refused', async () => {
    // The service's own rule refuses one number: its original row is listed.
    const r = await importCounting('leads.json', JSON.stringify(leads), [], {
      phonePattern: `^(?!${phoneOf(7)}$)0\\d{9}$`,
    });
    expect(r.code).toBe(3);
    expect(r.summary.rejected).toBe(1);
    expect(r.passes).toBe(2);
    const rejects = fs.readFileSync(`${r.dir}/leads.json.rejects.csv`, 'utf8');
    expect(rejects).toContain(`${phoneOf(7)},Trần Thị 7`);
  });
});
