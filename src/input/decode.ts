/**
 * Bytes to text: UTF-8 checked strictly (buffer.isUtf8, an error naming the line), or any
 * encoding iconv-lite knows, handed on in chunks that never cut a character.
 */
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { readBlocks, type BlockTrail } from './bytes.js';
import { where, type InputInfo } from './types.js';

/**
 * Bytes of UTF-8 decoded and handed to the fast CSV parser at a time: the most the sending
 * pass's reader does between two turns of the event loop (≈ 75 rows, ≈ 0.3 ms here), so an
 * answer that arrives meanwhile waits that long at most before the next request leaves. At
 * 32 kB a 200,000-lead import at 50 ms spent 37–90 ms more sending (session 15, three
 * sittings of 5–7 interleaved runs); the preflight reads as fast either way.
 */
export const TEXT_SLICE = 8 * 1024;

/**
 * The file's blocks through the trail, the first `skip` bytes (a BOM) dropped, each with the
 * offset in the file of its first byte.
 */
async function* afterBom(
  info: InputInfo,
  trail: BlockTrail,
  skip: number,
  copy: boolean,
): AsyncGenerator<{ chunk: Buffer; offset: number }> {
  let offset = 0;
  for await (const block of readBlocks(info.path, trail, copy)) {
    const drop = Math.min(skip, block.length);
    skip -= drop;
    const chunk = drop > 0 ? block.subarray(drop) : block;
    offset += drop;
    if (chunk.length > 0) yield { chunk, offset };
    offset += chunk.length;
  }
}

/**
 * The file's UTF-8 after the BOM, checked with buffer.isUtf8 block by block: each block
 * (`chunk`), and `bytes` (the bytes held back from the block before, then the block) of which
 * the first `cut` end on a character boundary and are valid. A character cut by a block's end
 * is checked with the next block.
 */
async function* checkedUtf8(
  info: InputInfo,
  trail: BlockTrail,
  copy: boolean,
): AsyncGenerator<{ chunk: Buffer; bytes: Buffer; cut: number }> {
  let carry: Buffer = Buffer.alloc(0);
  let end = 0;
  for await (const { chunk, offset } of afterBom(info, trail, info.bom ? 3 : 0, copy)) {
    const bytes: Buffer = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const cut = completeLength(bytes);
    if (!isUtf8(bytes.subarray(0, cut))) throw invalidUtf8(info, bytes, offset - carry.length);
    carry = Buffer.from(bytes.subarray(cut));
    end = offset + chunk.length;
    yield { chunk, bytes, cut };
  }
  if (carry.length > 0) throw invalidUtf8(info, carry, end - carry.length);
}

/**
 * Raw UTF-8 chunks of the whole file (BOM dropped), checked: csv-parse decodes fields itself,
 * so decoding to strings first would only make it re-encode them.
 */
export async function* utf8Chunks(info: InputInfo, trail: BlockTrail): AsyncGenerator<Buffer> {
  // Blocks of their own: csv-parse keeps views into what it was given.
  for await (const { chunk } of checkedUtf8(info, trail, true)) yield chunk;
}

/** Length of the prefix that ends on a character boundary (at most 3 bytes are held back). */
function completeLength(b: Buffer): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? b.length - back : b.length;
  }
  return b.length;
}

/** Decoded text chunks of the whole file (BOM dropped); invalid UTF-8 is a UsageError. */
export async function* textChunks(info: InputInfo, trail: BlockTrail): AsyncGenerator<string> {
  const skip = info.bom ? (info.encoding === 'utf8' ? 3 : 2) : 0;
  if (info.encoding === 'utf8') {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let end = skip;
    for await (const { chunk, offset } of afterBom(info, trail, skip, false)) {
      try {
        yield decoder.decode(chunk, { stream: true });
      } catch {
        throw invalidUtf8(info, chunk, offset);
      }
      end = offset + chunk.length;
    }
    try {
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch {
      throw invalidUtf8(info, Buffer.alloc(0), end);
    }
    return;
  }
  const { default: iconv } = await import('iconv-lite');
  // Legacy code pages (windows-1258 above all) write Vietnamese with combining tone marks; the
  // readers compose whole values (composed()), so the text is handed on as decoded. Only a
  // surrogate pair is never cut: some decoders (iconv-lite's UTF-16BE) end a chunk's text
  // after the high surrogate, and a lone surrogate would become U+FFFD when csv-parse encodes
  // the chunk. The TextDecoder above never cuts one.
  const decoder = iconv.getDecoder(info.encoding);
  let held = '';
  // Lines before the text in hand (for where an undecodable byte is).
  let lines = 1;
  let bytes = 0;
  // Blocks of their own: a decoder may keep the bytes of a character cut by the block's end.
  for await (const { chunk } of afterBom(info, trail, skip, true)) {
    bytes += chunk.length;
    let text = held + decoder.write(chunk);
    held = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      held = text.slice(-1);
      text = text.slice(0, -1);
    }
    lines = checkDecoded(info, text, lines);
    if (text) yield text;
  }
  const tail = held + (decoder.end() ?? '');
  // A UTF-16 file of an odd number of bytes ends inside a character: not dropped silently.
  if (/^utf-?16/i.test(info.encoding) && bytes % 2 !== 0)
    throw undecodable(info, lines + countLines(tail));
  checkDecoded(info, tail, lines);
  if (tail) yield tail;
}

/**
 * A decoder of another encoding than UTF-8 writes U+FFFD for a byte it cannot decode (a byte
 * windows-1258 has no character for, a lone UTF-16 surrogate): that is an undecodable input,
 * exit 2 with its line, as invalid UTF-8 is — never sent as `�` (review, session 16). Returns
 * the line count after `text`.
 */
function checkDecoded(info: InputInfo, text: string, linesBefore: number): number {
  let bad = text.indexOf('\ufffd');
  // (iconv-lite's UTF-16 decoders leave a lone surrogate as it is: `�` once encoded.)
  if (bad < 0) bad = text.search(LONE_SURROGATE);
  if (bad >= 0) throw undecodable(info, linesBefore + countLines(text.slice(0, bad)));
  return linesBefore + countLines(text);
}

/** A surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** An input whose bytes are not text in its encoding (UTF-8 or another): exit 2. */
export class UndecodableInputError extends UsageError {}

function undecodable(info: InputInfo, line: number): UndecodableInputError {
  return new UndecodableInputError(
    t('input.undecodable', { where: where(info, line), encoding: info.encoding }),
    { hint: t('input.undecodable.hint') },
  );
}

/** Offset of the first byte that breaks UTF-8's structure (for the error message only). */
function firstInvalidUtf8(b: Buffer): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const need =
      c < 0x80
        ? 0
        : c >= 0xc2 && c < 0xe0
          ? 1
          : c >= 0xe0 && c < 0xf0
            ? 2
            : c >= 0xf0 && c < 0xf5
              ? 3
              : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return b.length;
}

function invalidUtf8(info: InputInfo, chunk: Buffer, offset: number): UsageError {
  const before = fs.readFileSync(info.path).subarray(0, offset + firstInvalidUtf8(chunk));
  let line = 1;
  for (const b of before) if (b === 0x0a) line++;
  return new UndecodableInputError(t('input.invalidUtf8', { where: where(info, line) }), {
    hint: t('input.invalidUtf8.hint'),
  });
}

/**
 * Decoded text chunks of a UTF-8 file (BOM dropped), each checked with buffer.isUtf8, in
 * slices of TEXT_SLICE bytes. The file's blocks go through the trail (see BlockTrail), so a
 * complete read also yields the content hash, or is checked against an earlier read.
 */
export async function* utf8Strings(info: InputInfo, trail: BlockTrail): AsyncGenerator<string> {
  // A streaming TextDecoder decodes this text about twice as fast as buffer.toString (node 20,
  // Vietnamese text: 40 ms against 80 ms for 26 MB); the slices end on character boundaries,
  // so it never holds bytes back, and ignoreBOM keeps a U+FEFF after the dropped BOM as text.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for await (const { bytes, cut } of checkedUtf8(info, trail, false)) {
    // Decoded in slices: a consumer between them (the sending pass) is never held up long, and
    // each string stays small enough for V8's young generation (a whole block's text would be
    // a large object, kept until a full collection: tens of MB more at a million rows).
    for (let i = 0; i < cut;) {
      let j = Math.min(cut, i + TEXT_SLICE);
      while (j < cut && (bytes[j]! & 0xc0) === 0x80) j--; // not inside a character
      yield decoder.decode(bytes.subarray(i, j), { stream: true });
      i = j;
    }
  }
}
