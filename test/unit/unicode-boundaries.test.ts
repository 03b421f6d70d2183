/**
 * Issue 14, finding 1: text at the 256 KiB read boundary, and NFC for every encoding.
 *
 * Every header and value must reach the service in NFC, whatever the encoding and wherever a
 * character falls relative to the reader's chunks: a surrogate pair, a multi-byte character,
 * a letter and its combining marks (windows-1258 writes tone marks as separate bytes) are
 * never cut or left uncomposed. The legacy code pages are checked against Python's codecs
 * (python3 is called once, from this file, for the expected text of each byte sequence).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildXlsx, strings } from '../helpers/xlsx.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';
import { csvReader, readsFast } from '../../src/input/csv.js';
import { inspectInput } from '../../src/input/inspect.js';
import { openRows } from '../../src/input/rows.js';

/** The readers' chunk (READ_CHUNK in src/input/bytes.ts). */
const CHUNK = 256 * 1024;
const PHONE = '0999999998';

const dir = tempDir('cacs-unicode-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  csvReader.fast = true;
});
const emulators = emulatorPool();

// --------------------------------------------------------------------------------------------
// Files with a probe at an exact byte offset

interface Encoding {
  /** What inspectInput is told (--encoding), if anything. */
  encoding?: string;
  bom: Buffer;
  /** Bytes per ASCII character. */
  unit: number;
  /** ASCII (and, for the Unicode encodings, any) text → bytes. */
  encode: (s: string) => Buffer;
}

const swap16 = (b: Buffer) => Buffer.from(b).swap16();
const UTF8: Encoding = { bom: Buffer.alloc(0), unit: 1, encode: (s) => Buffer.from(s, 'utf8') };
const UTF8_BOM: Encoding = { ...UTF8, bom: Buffer.from([0xef, 0xbb, 0xbf]) };
const UTF16LE: Encoding = {
  bom: Buffer.from([0xff, 0xfe]),
  unit: 2,
  encode: (s) => Buffer.from(s, 'utf16le'),
};
const UTF16BE: Encoding = {
  bom: Buffer.from([0xfe, 0xff]),
  unit: 2,
  encode: (s) => swap16(Buffer.from(s, 'utf16le')),
};
const legacy = (encoding: string): Encoding => ({
  encoding,
  bom: Buffer.alloc(0),
  unit: 1,
  encode: (s) => Buffer.from(s, 'latin1'),
});

interface Probe {
  /** Bytes of the name up to the probe and after it. */
  bytes: Buffer;
  file: string;
  /** The name the row holds: filler, "Phong ", the probe, the tail — before NFC. */
  name: string;
}

/**
 * A lead file (CSV `phone,name`, or NDJSON) of ASCII filler rows, then the row of PHONE whose
 * name is `x…x Phong <probe><tail>`, the probe's first byte at byte `at` of the file.
 */
function probeFile(
  enc: Encoding,
  format: 'csv' | 'ndjson',
  at: number,
  probe: Buffer,
  probeText: string,
  tail: string,
  /** Characters of filler added to each filler row's name (longer rows read faster). */
  extra = 0,
): Probe {
  const head = format === 'csv' ? 'phone,name\n' : '';
  const more = 'y'.repeat(extra);
  const filler = (i: number) =>
    format === 'csv'
      ? `09${String(i).padStart(8, '0')},Khach hang ${String(i).padStart(6, '0')}${more}\n`
      : `{"phone":"09${String(i).padStart(8, '0')}","name":"K${more}"}\n`;
  const rowLength = filler(1).length;
  const open = format === 'csv' ? `${PHONE},` : `{"phone":"${PHONE}","name":"`;
  const close = format === 'csv' ? '\n' : '"}\n';
  const units = (at - enc.bom.length) / enc.unit;
  if (!Number.isInteger(units)) throw new Error(`offset ${at} splits a code unit`);
  const room = units - head.length - open.length - 'Phong '.length;
  const rows = Math.floor(room / rowLength) - 1;
  const pad = 'x'.repeat(room - rows * rowLength);
  const text: string[] = [head];
  for (let i = 1; i <= rows; i++) text.push(filler(i));
  const before = Buffer.concat([enc.bom, enc.encode(text.join('') + open + pad + 'Phong ')]);
  expect(before.length).toBe(at);
  const bytes = Buffer.concat([before, probe, enc.encode(tail + close)]);
  const file = path.join(dir, `probe-${at}-${probe.toString('hex').slice(0, 40)}.${format}`);
  fs.writeFileSync(file, bytes);
  return { bytes, file, name: `${pad}Phong ${probeText}${tail}` };
}

/** The headers and the name of PHONE's row as the reader gives them (and the row count). */
async function readProbe(file: string, enc: Encoding) {
  const info = await inspectInput(file, path.basename(file), {
    ...(enc.encoding ? { encoding: enc.encoding } : {}),
  });
  const source = await openRows(info);
  const phone = source.headers.indexOf('phone');
  const name = source.headers.indexOf('name');
  let found: string | undefined;
  let rows = 0;
  let replacement = false;
  await source.each((row) => {
    rows++;
    if (row.values.some((v) => v.includes('\ufffd'))) replacement = true;
    if (row.values[phone] === PHONE) found = row.values[name];
  });
  return { info, headers: source.headers, name: found, rows, replacement };
}

// --------------------------------------------------------------------------------------------
// Python's codecs: the expected text of legacy bytes

/** Byte sequences (hex) of each legacy code page, decoded by Python and composed (NFC). */
const LEGACY_PROBES: Record<string, string[]> = {
  // ê+tilde (ễ), e+acute, â+dot below (ậ), ơ+hook above (ở), Ơ+tilde (Ỡ), Ă+acute (Ắ), đ,
  // â+dot below+acute (two marks), a lone acute after the space.
  'windows-1258': ['eade', '65ec', 'e2f2', 'f5d2', 'd5de', 'c3ec', 'f0', 'e2f2ec', 'ec'],
  // が, 漢, half-width ｶﾞ (not composed by NFC), the ideographic space, 亜.
  shift_jis: ['82aa', '8abf', 'b6de', '8140', '889f'],
};
const PY_CODEC: Record<string, string> = { 'windows-1258': 'cp1258', shift_jis: 'shift_jis' };

const python = (script: string, input: string): string => {
  const r = spawnSync('python3', ['-c', script], { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout;
};

const expectedLegacy: Record<string, Record<string, string>> = JSON.parse(
  python(
    `import json, sys, unicodedata
probes = json.load(sys.stdin)
print(json.dumps({enc: {h: unicodedata.normalize('NFC', bytes.fromhex(h).decode(codec))
  for h in hexes} for enc, (codec, hexes) in probes.items()}))`,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(LEGACY_PROBES).map(([enc, hexes]) => [enc, [PY_CODEC[enc], hexes]]),
      ),
    ),
  ),
) as Record<string, Record<string, string>>;

// --------------------------------------------------------------------------------------------
// Regressions through the CLI, against the emulator

async function importName(file: string, args: string[] = []) {
  const emu = await emulators.start();
  const r = await runCli(['import', file, '--json', ...args], {
    env: importEnv(emu),
    cwd: dir,
  });
  const leads = emu.store.leads('summer').map((l) => l.lead);
  return { ...r, leads, name: leads.find((l) => l.phone_number === PHONE)?.name };
}

describe('the 256 KiB read boundary, through cacs import', () => {
  it('windows-1258: ê and a combining tilde as the last two bytes of the first chunk arrive as ễ', async () => {
    const p = probeFile(legacy('windows-1258'), 'csv', 262_142, Buffer.from([0xea, 0xde]), 'ễ', '');
    expect(p.bytes[262_142]).toBe(0xea);
    expect(p.bytes[262_143]).toBe(0xde);
    const r = await importName(p.file, ['--encoding', 'windows-1258']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.name).toBe(p.name);
    expect(r.name!.endsWith('Phong ễ')).toBe(true);
    expect(r.name!.endsWith('Phong \u00ea\u0303')).toBe(false);
  });

  it.each([
    ['UTF-16LE', UTF16LE],
    ['UTF-16BE', UTF16BE],
  ])(
    '%s with a BOM: emoji whose surrogate pairs straddle the boundary arrive whole',
    async (_n, enc) => {
      // Emoji every 4 bytes from either alignment: a pair cut between its surrogates, a pair
      // ending a chunk, a pair beginning one.
      for (const at of [262_138, 262_140]) {
        const emoji = '😀🎉😀🎉';
        const p = probeFile(enc, 'csv', at, enc.encode(emoji), emoji, '');
        const r = await importName(p.file);
        expect(r.code).toBe(0);
        expect(r.name).toBe(p.name);
        expect(
          r.leads.some((l) => Object.values(l).some((v) => String(v).includes('\ufffd'))),
        ).toBe(false);
      }
    },
  );

  const NFD = 'Nguyễn Thị Ánh Tuyết'.normalize('NFD');
  const NFC = 'Nguyễn Thị Ánh Tuyết';

  it.each([
    [
      'UTF-8 (fast reader)',
      'nfd.csv',
      Buffer.from(`Họ tên,sdt\n${NFD},${PHONE}\n`.normalize('NFD')),
    ],
    ['UTF-8 with a BOM', 'nfd-bom.csv', Buffer.from(`\ufeffHọ tên,sdt\n${NFD},${PHONE}\n`)],
    // Bare CR line ends: the fast reader gives up, csv-parse reads the bytes.
    ['UTF-8 (csv-parse)', 'nfd-cr.csv', Buffer.from(`Họ tên,sdt\r${NFD},${PHONE}\r`)],
    ['UTF-16LE', 'nfd-16.csv', Buffer.from(`\ufeffHọ tên,sdt\n${NFD},${PHONE}\n`, 'utf16le')],
    ['NDJSON', 'nfd.ndjson', Buffer.from(`{"name":"${NFD}","phone":"${PHONE}"}\n`)],
    [
      'JSON with \\u escapes',
      'nfd.json',
      Buffer.from(
        JSON.stringify([{ name: NFD, phone: PHONE }]).replace(
          /[\u0300-\u036f]/g,
          (m) => `\\u0${m.charCodeAt(0).toString(16)}`,
        ),
      ),
    ],
  ])('decomposed (NFD) text arrives composed (NFC): %s', async (_n, name, bytes) => {
    const r = await importName(write(dir, name, bytes));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.name).toBe(NFC);
  });

  it('decomposed text in an .xlsx arrives composed', async () => {
    const xlsx = buildXlsx({
      sheets: [{ name: 'Leads', data: strings(1, 'name', 'phone') + strings(2, NFD, PHONE) }],
    });
    const r = await importName(write(dir, 'nfd.xlsx', Buffer.from(xlsx)));
    expect(r.code).toBe(0);
    expect(r.name).toBe(NFC);
  });
});

// --------------------------------------------------------------------------------------------
// The property: every decoder path, every offset around the chunk

const UNICODE_PROBES = [
  '😀', // a surrogate pair (4 bytes of UTF-8)
  'ễ', // 3 bytes of UTF-8, precomposed
  'e\u0302\u0303', // ễ decomposed: base and two marks
  '\u00ea\u0303', // ê and a tilde (as windows-1258 writes ễ)
  'a\u0301\u0323', // marks out of canonical order: NFC reorders them and composes ạ́
  '\u1100\u1161\u11a8', // Hangul jamo L V T: NFC composes 각
  '\ud834\udd57\ud834\udd65', // astral base and mark, excluded from composition: stays
];

interface Path {
  name: string;
  enc: Encoding;
  format: 'csv' | 'ndjson';
  fast?: boolean;
  probes: Array<{ bytes: Buffer; text: string }>;
}

const unicodeProbes = (enc: Encoding) =>
  UNICODE_PROBES.map((text) => ({ bytes: enc.encode(text), text }));
const legacyProbes = (encoding: string) =>
  LEGACY_PROBES[encoding]!.map((hex) => ({
    bytes: Buffer.from(hex, 'hex'),
    text: expectedLegacy[encoding]![hex]!,
  }));

const PATHS: Path[] = [
  { name: 'UTF-8, fast reader', enc: UTF8, format: 'csv', probes: unicodeProbes(UTF8) },
  { name: 'UTF-8, csv-parse', enc: UTF8, format: 'csv', fast: false, probes: unicodeProbes(UTF8) },
  { name: 'UTF-8 BOM, fast reader', enc: UTF8_BOM, format: 'csv', probes: unicodeProbes(UTF8) },
  {
    name: 'UTF-8 BOM, csv-parse',
    enc: UTF8_BOM,
    format: 'csv',
    fast: false,
    probes: unicodeProbes(UTF8),
  },
  { name: 'UTF-8 NDJSON', enc: UTF8, format: 'ndjson', probes: unicodeProbes(UTF8) },
  { name: 'UTF-16LE BOM', enc: UTF16LE, format: 'csv', probes: unicodeProbes(UTF16LE) },
  { name: 'UTF-16BE BOM', enc: UTF16BE, format: 'csv', probes: unicodeProbes(UTF16BE) },
  { name: 'UTF-16LE BOM NDJSON', enc: UTF16LE, format: 'ndjson', probes: unicodeProbes(UTF16LE) },
  {
    name: 'windows-1258',
    enc: legacy('windows-1258'),
    format: 'csv',
    probes: legacyProbes('windows-1258'),
  },
  { name: 'shift_jis', enc: legacy('shift_jis'), format: 'csv', probes: legacyProbes('shift_jis') },
];

/** Filler per row for the property's files: about 300 bytes a row reads fast. */
const EXTRA = 280;

async function expectProbe(
  p: Path,
  at: number,
  probe: { bytes: Buffer; text: string },
  tail: string,
) {
  const f = probeFile(p.enc, p.format, at, probe.bytes, probe.text, tail, EXTRA);
  csvReader.fast = p.fast ?? true;
  try {
    const r = await readProbe(f.file, p.enc);
    const fast = p.fast !== false && p.enc.encoding === undefined && p.enc.unit === 1;
    if (p.format === 'csv') expect(readsFast(r.info)).toBe(fast);
    expect(r.headers).toEqual(['phone', 'name']);
    expect(r.name).toBe(f.name.normalize('NFC'));
    expect(r.replacement).toBe(false);
  } finally {
    csvReader.fast = true;
    fs.rmSync(f.file);
  }
}

describe.each(PATHS.map((p) => [p.name, p] as const))('decoder path %s', (_n, p) => {
  /** Offsets in [CHUNK − 8, CHUNK + 8], shifted by the BOM the readers skip, that start a code unit. */
  const offsets: number[] = [];
  for (let at = CHUNK - 8; at <= CHUNK + 8 + p.enc.bom.length; at++)
    if ((at - p.enc.bom.length) % p.enc.unit === 0) offsets.push(at);
  const tails = ['', 'n', '\u0301'].filter((t) => p.enc.encoding === undefined || t !== '\u0301');

  it('composes the value whatever the offset, probe and tail (property)', async () => {
    // Every offset at least once (probes and tails in turn), then random combinations.
    const examples = offsets.map(
      (at, k) => [at, k % p.probes.length, tails[k % tails.length]!] as [number, number, string],
    );
    const fallbacks = csvReader.fallbacks;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...offsets),
        fc.nat(p.probes.length - 1),
        fc.constantFrom(...tails),
        (at, i, tail) => expectProbe(p, at, p.probes[i]!, tail),
      ),
      { examples, numRuns: examples.length + 12 },
    );
    // The fast reader read every file itself, without falling back to csv-parse.
    if (p.fast !== false) expect(csvReader.fallbacks).toBe(fallbacks);
  });

  it('composes every probe with the chunk boundary at each of its bytes', async () => {
    // The probe repeated from CHUNK − 8 to past CHUNK + 8: the boundary falls before, inside
    // (at each of its bytes, across the copies) and after a copy.
    for (const probe of p.probes) {
      const copies = Math.ceil((18 + p.enc.bom.length) / probe.bytes.length) + 1;
      await expectProbe(
        p,
        offsets[0]!,
        {
          bytes: Buffer.concat(Array<Buffer>(copies).fill(probe.bytes)),
          text: probe.text.repeat(copies),
        },
        'n',
      );
    }
  });
});
