/**
 * The zip container of an .xlsx: recognising one from its first bytes, and inflating only the
 * parts needed (with fflate), each as text, refusing parts too large for one JavaScript string.
 */
import { readBlocks, type BlockTrail } from '../bytes.js';
import { unzipSync } from 'fflate';
import { UsageError } from '../../errors.js';
import { t } from '../../messages/index.js';

export const CSV_HINT = (): string => t('input.xlsx.csv.hint');

/** Larger parts cannot be turned into one JavaScript string. */
const MAX_PART = 500 * 1024 * 1024;

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/**
 * Whether the start of a file is an .xlsx: a zip whose entries include "[Content_Types].xml" or
 * "xl/…". Local entry headers are walked while their sizes are known; when the walk cannot go on
 * (sizes after the data, or the end of `head`), the zip signature alone decides.
 */
export function isXlsx(head: Buffer): boolean {
  if (head.length < 4 || head.readUInt32LE(0) !== ZIP_LOCAL) return false;
  let pos = 0;
  for (let n = 0; n < 100 && pos + 30 <= head.length; n++) {
    const sig = head.readUInt32LE(pos);
    // Every entry seen, none of them Excel's.
    if (sig === ZIP_CENTRAL || sig === ZIP_END) return false;
    if (sig !== ZIP_LOCAL) return true;
    const flags = head.readUInt16LE(pos + 6);
    const size = head.readUInt32LE(pos + 18);
    const nameLength = head.readUInt16LE(pos + 26);
    const extraLength = head.readUInt16LE(pos + 28);
    if (pos + 30 + nameLength > head.length) return true;
    const name = head.toString('latin1', pos + 30, pos + 30 + nameLength).replace(/\\/g, '/');
    if (name === '[Content_Types].xml' || name.startsWith('xl/')) return true;
    if (flags & 8 || size === 0xffffffff) return true;
    pos += 30 + nameLength + extraLength + size;
  }
  return true;
}

const ODF_MIMETYPE = 'application/vnd.oasis.opendocument.';

/**
 * The kind of an OpenDocument file (`spreadsheet` for .ods, `text` for .odt, …) from its first
 * bytes, or undefined for any other file. An OpenDocument file is a zip whose first entry is
 * `mimetype`, stored uncompressed, holding `application/vnd.oasis.opendocument.<kind>` (ODF 1.2,
 * part 3, section 3.3).
 */
export function openDocumentKind(head: Uint8Array): string | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length < 30 || b.readUInt32LE(0) !== ZIP_LOCAL) return undefined;
  const method = b.readUInt16LE(8);
  const nameLength = b.readUInt16LE(26);
  const extraLength = b.readUInt16LE(28);
  if (method !== 0 || b.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const start = 30 + nameLength + extraLength;
  const text = b.toString('latin1', start, Math.min(b.length, start + 100));
  if (!text.startsWith(ODF_MIMETYPE)) return undefined;
  return /^[a-z-]+/.exec(text.slice(ODF_MIMETYPE.length))?.[0] ?? 'unknown';
}

/** An OpenDocument file where a lead file or a list was expected: what it is, and what to do. */
export function openDocumentError(displayName: string, kind: string): UsageError {
  if (kind.startsWith('spreadsheet')) {
    return new UsageError(t('input.ods', { file: displayName }), { hint: t('input.ods.hint') });
  }
  return new UsageError(t('input.odf', { file: displayName, kind }), {
    hint: t('input.odf.hint'),
  });
}

export function corrupt(displayName: string, why: string): UsageError {
  return new UsageError(t('input.xlsx.corrupt', { file: displayName, why }), {
    hint: CSV_HINT(),
  });
}

export const norm = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

/** Inflate the wanted parts only; keys are normalized (lower-case) part names. */
export function extract(
  zip: Uint8Array,
  displayName: string,
  wanted: string[],
): Map<string, string> {
  const want = new Set(wanted.map(norm));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (!want.has(norm(f.name))) return false;
        if (f.originalSize > MAX_PART) {
          throw new UsageError(t('input.xlsx.sheetTooLarge', { file: displayName }), {
            hint: CSV_HINT(),
          });
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw corrupt(displayName, t('input.xlsx.damagedZip', { reason: (e as Error).message }));
  }
  const out = new Map<string, string>();
  const decoder = new TextDecoder('utf-8');
  for (const [name, bytes] of Object.entries(files)) out.set(norm(name), decoder.decode(bytes));
  return out;
}

/** The whole file, read through the trail (see BlockTrail). */
export async function readZip(
  file: string,
  displayName: string,
  trail: BlockTrail,
): Promise<Uint8Array> {
  let data: Buffer;
  try {
    const blocks: Buffer[] = [];
    for await (const block of readBlocks(file, trail, true)) blocks.push(block);
    data = blocks.length === 1 ? blocks[0]! : Buffer.concat(blocks);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (typeof code !== 'string') throw e;
    throw new UsageError(
      code === 'ENOENT'
        ? t('input.xlsx.noSuchFile', { file: displayName })
        : t('input.xlsx.cannotRead', { file: displayName, code: code ?? 'error' }),
    );
  }
  if (data.length >= 4 && data.readUInt32BE(0) === 0xd0cf11e0) {
    throw corrupt(displayName, t('input.xlsx.oldOrProtected'));
  }
  if (data.length < 4 || data.readUInt32LE(0) !== ZIP_LOCAL) {
    throw corrupt(displayName, t('input.xlsx.notZip'));
  }
  const odf = openDocumentKind(data.subarray(0, 256));
  if (odf !== undefined) throw openDocumentError(displayName, odf);
  return data;
}
