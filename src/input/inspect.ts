/**
 * The first look at an input: that it is a readable regular file, not binary, not an old .xls
 * or a plain zip; its format (by extension or --format), encoding (BOM or --encoding) and CSV
 * delimiter (detected among , ; TAB | unless --delimiter).
 */
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { READ_CHUNK } from './bytes.js';
import { DELIMITERS, type InputFormat, type InputInfo, type InputOptions } from './types.js';

/** Guess the format from the extension (stdin and unknown extensions: csv). */
export function formatFromName(name: string): InputFormat {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return 'csv';
}

export function binaryInputError(displayName: string, bom: boolean): UsageError {
  return new UsageError(t('input.binary', { file: displayName }), {
    hint: bom ? undefined : t('input.binary.hint'),
  });
}

/**
 * Whether NUL bytes at the start of an input mean it is not a lead file: not when it is UTF-16
 * or UTF-32 (by BOM or --encoding), nor a zip/xlsx or old .xls file (inspectInput names those).
 */
export function nulMeansBinary(head: Buffer, encoding: string | undefined): boolean {
  if (encoding !== undefined && /^(utf-?16|utf-?32|ucs-?2|ucs-?4)/i.test(encoding)) return false;
  const bom = detectBom(head);
  if (bom !== undefined && bom.encoding !== 'utf8') return false;
  const sig = head.readUInt32BE(0);
  return sig !== 0x504b0304 && sig !== 0xd0cf11e0;
}

function detectBom(head: Buffer): { encoding: string; length: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** Look at the start of a file: encoding, format, delimiter. */
export async function inspectInput(
  file: string,
  displayName: string,
  opts: InputOptions,
): Promise<InputInfo> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new UsageError(
      code === 'ENOENT'
        ? t('input.noSuchFile', { file: displayName })
        : t('input.cannotRead', { file: displayName, code: code ?? 'error' }),
    );
  }
  if (stat.isDirectory()) throw new UsageError(t('input.isFolder', { file: displayName }));
  if (!stat.isFile()) {
    // A pipe or device has no size and may be read only once: the CLI spools those first
    // (isStreamInput, spoolStdin); block devices and sockets are never lead files.
    const kind = stat.isFIFO()
      ? 'input.notFile.fifo'
      : stat.isCharacterDevice()
        ? 'input.notFile.characterDevice'
        : stat.isBlockDevice()
          ? 'input.notFile.blockDevice'
          : stat.isSocket()
            ? 'input.notFile.socket'
            : 'input.notFile.other';
    throw new UsageError(t(kind, { file: displayName }), {
      hint:
        stat.isFIFO() || stat.isCharacterDevice()
          ? t('input.notFile.stream.hint')
          : t('input.notFile.hint'),
    });
  }
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(Math.min(READ_CHUNK, stat.size));
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (stat.size === 0) throw new UsageError(t('input.empty', { file: displayName }));
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) {
    throw new UsageError(t('input.xls', { file: displayName }), { hint: t('input.xls.hint') });
  }
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    const { isXlsx, openDocumentError, openDocumentKind } = await import('./xlsx/zip.js');
    const odf = openDocumentKind(head);
    if (odf !== undefined) throw openDocumentError(displayName, odf);
    if (opts.format !== undefined && opts.format !== 'xlsx') {
      throw new UsageError(t('input.zipNotFormat', { file: displayName, format: opts.format }));
    }
    if (!isXlsx(head)) {
      throw new UsageError(t('input.zip', { file: displayName }), { hint: t('input.zip.hint') });
    }
    return {
      path: file,
      displayName,
      format: 'xlsx',
      encoding: 'utf8',
      // The rejects file gets a BOM so Excel opens its Vietnamese text correctly.
      bom: true,
      delimiter: ',',
      size: stat.size,
      modified: stat.mtimeMs,
      ...(opts.sheet !== undefined ? { sheet: opts.sheet } : {}),
    };
  }
  if (opts.sheet !== undefined)
    throw new UsageError(t('input.sheetNotXlsx', { file: displayName }));
  if (opts.format === 'xlsx') throw new UsageError(t('input.notXlsx', { file: displayName }));
  const bom = detectBom(head);
  let encoding = bom?.encoding ?? 'utf8';
  if (opts.encoding !== undefined) {
    const { default: iconv } = await import('iconv-lite');
    if (!iconv.encodingExists(opts.encoding)) {
      throw new UsageError(t('input.unknownEncoding', { encoding: opts.encoding }), {
        hint: t('input.unknownEncoding.hint'),
      });
    }
    // `utf-8`, `UTF8`, `unicode-1-1-utf-8`…: UTF-8, read strictly as the default is (given
    // so, they went to a lenient decoder that sent undecodable bytes as `�`: review, session 16).
    if (!bom) encoding = isUtf8Label(opts.encoding) ? 'utf8' : opts.encoding;
  }
  const sample = decodeSample(head.subarray(bom?.length ?? 0), encoding, head.length === stat.size);
  if (sample.includes('\u0000')) {
    throw binaryInputError(displayName, bom !== undefined);
  }
  const format = opts.format ?? formatFromName(displayName);
  // Excel's "sep=;" first line (a CSV saved for another locale): said, not read as the header.
  const sep = format === 'csv' ? /^sep=(.)\r?(\n|$)/i.exec(sample) : null;
  if (sep)
    throw new UsageError(t('input.csv.sepLine', { file: displayName, sep: sep[1]! }), {
      hint: t('input.csv.sepLine.hint'),
    });
  const delimiter = format === 'csv' ? (opts.delimiter ?? detectDelimiter(sample)) : ',';
  return {
    path: file,
    displayName,
    format,
    encoding,
    bom: bom !== undefined,
    delimiter,
    size: stat.size,
    modified: stat.mtimeMs,
  };
}

/** Whether an encoding's name is one of UTF-8's (as the Encoding Standard reads labels). */
function isUtf8Label(label: string): boolean {
  try {
    return new TextDecoder(label).encoding === 'utf-8';
  } catch {
    return false;
  }
}

function decodeSample(bytes: Buffer, encoding: string, complete: boolean): string {
  if (encoding === 'utf8') {
    // A sample may end inside a character: only complain about bytes before the last few.
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
  return new TextDecoder(
    encoding === 'utf-16be' ? 'utf-16be' : encoding === 'utf-16le' ? 'utf-16le' : 'latin1',
  ).decode(bytes);
}

/**
 * The delimiter among , ; TAB | that splits the first lines most consistently. Counting skips
 * quoted text. A file with one column (only phone numbers) gets ','.
 */
export function detectDelimiter(sample: string): string {
  const lines: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < sample.length && lines.length < 21; i++) {
    const ch = sample[i]!;
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '\n' || ch === '\r')) {
      if (cur.trim() !== '') lines.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim() !== '' && lines.length < 21) lines.push(cur);
  const count = (line: string, d: string) => {
    let n = 0;
    let q = false;
    for (const ch of line) {
      if (ch === '"') q = !q;
      else if (!q && ch === d) n++;
    }
    return n;
  };
  let best = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const header = count(lines[0] ?? '', d);
    if (header === 0) continue;
    const rest = lines.slice(1);
    const consistent = rest.filter((l) => count(l, d) === header).length;
    // Consistency first, then how many columns it makes.
    const score = (rest.length === 0 ? 1 : consistent / rest.length) * 1000 + header;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}
