/**
 * The file reads under every reader: fileBlocks (two buffers, the next block read ahead) and
 * utf8Strings (a streaming TextDecoder over slices cut on character boundaries) hand on exactly
 * the file's bytes and text, at every block and slice boundary, and an early stop leaves no
 * read outstanding and no file open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BlockTrail, READ_CHUNK, fileBlocks } from '../../src/input/bytes.js';
import { TEXT_SLICE, utf8Strings } from '../../src/input/decode.js';
import type { InputInfo } from '../../src/input/types.js';

// Made when a test first writes (a run filtering every test out makes nothing to leave behind).
let made: string | undefined;
const tmp = (): string => (made ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-read-blocks-')));
afterAll(() => {
  if (made !== undefined) fs.rmSync(made, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());
let n = 0;

function write(bytes: Buffer): string {
  const file = path.join(tmp(), `f${++n}.bin`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** Open file descriptors of this process (Linux). */
function openFds(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

describe('fileBlocks', () => {
  it('hands on the file in READ_CHUNK blocks, whatever its size', async () => {
    for (const size of [
      0,
      1,
      READ_CHUNK - 1,
      READ_CHUNK,
      READ_CHUNK + 1,
      2 * READ_CHUNK,
      3 * READ_CHUNK + 7,
    ]) {
      const bytes = Buffer.alloc(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 131 + (i >> 9)) & 0xff;
      const file = write(bytes);
      const seen: Buffer[] = [];
      // A copy of each: a block is valid only until the next one is asked for.
      for await (const block of fileBlocks(file)) seen.push(Buffer.from(block));
      expect(seen.map((b) => b.length)).toEqual(
        Array.from({ length: Math.ceil(size / READ_CHUNK) }, (_, i) =>
          Math.min(READ_CHUNK, size - i * READ_CHUNK),
        ),
      );
      expect(Buffer.concat(seen).equals(bytes)).toBe(true);
    }
  });

  it('a block stays as it was while the next one is read ahead', async () => {
    const bytes = Buffer.alloc(4 * READ_CHUNK);
    for (let b = 0; b < 4; b++) bytes.fill(0x41 + b, b * READ_CHUNK, (b + 1) * READ_CHUNK);
    const file = write(bytes);
    let b = 0;
    for await (const block of fileBlocks(file)) {
      // A read of the whole file through the same thread pool: the read ahead, asked for
      // before it, lands meanwhile.
      await fs.promises.readFile(file);
      expect(block.every((x) => x === 0x41 + b)).toBe(true);
      b++;
    }
    expect(b).toBe(4);
  });

  it('an early stop closes the file (no read left outstanding)', async () => {
    const file = write(Buffer.alloc(5 * READ_CHUNK, 0x61));
    const before = openFds();
    for (const stopAfter of [1, 2, 4]) {
      let k = 0;
      for await (const block of fileBlocks(file)) {
        expect(block.length).toBe(READ_CHUNK);
        if (++k === stopAfter) break;
      }
      expect(openFds()).toBe(before);
    }
  });

  it("a read that fails while the caller works on the block before is the next block's error", async () => {
    const file = write(Buffer.alloc(3 * READ_CHUNK, 0x61));
    const open = fs.promises.open.bind(fs.promises);
    let reads = 0;
    vi.spyOn(fs.promises, 'open').mockImplementation(async (...args) => {
      const fh = await open(...(args as Parameters<typeof open>));
      const read = fh.read.bind(fh) as (...a: unknown[]) => Promise<unknown>;
      // The second block's read fails at once (EIO): it was asked for ahead.
      (fh as unknown as { read: unknown }).read = (...a: unknown[]) =>
        ++reads === 2
          ? Promise.reject(Object.assign(new Error('i/o error'), { code: 'EIO' }))
          : read(...a);
      return fh;
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const gen = fileBlocks(file);
      const first = await gen.next();
      expect(first.value).toHaveLength(READ_CHUNK);
      // The caller is busy with the first block for a few turns of the event loop and an I/O
      // round trip: the failed read ahead must not surface meanwhile.
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      await fs.promises.readFile(file);
      await expect(gen.next()).rejects.toMatchObject({ code: 'EIO' });
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a file that cannot be opened rejects (no block)', async () => {
    const gen = fileBlocks(path.join(tmp(), 'missing.csv'));
    await expect(gen.next()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('utf8Strings', () => {
  const info = (file: string, bom: boolean): InputInfo => ({
    path: file,
    displayName: path.basename(file),
    format: 'csv',
    encoding: 'utf8',
    bom,
    delimiter: ',',
    size: fs.statSync(file).size,
  });
  const readText = async (file: string, bom: boolean) => {
    let text = '';
    for await (const s of utf8Strings(info(file, bom), new BlockTrail(file))) text += s;
    return text;
  };

  it('decodes exactly what Buffer.toString does, across every slice and block boundary (property)', async () => {
    // Characters of 1 to 4 bytes (Vietnamese, CJK, emoji), U+FEFF among them.
    const char = fc.constantFrom('a', ',', '\n', 'ệ', 'Đ', '中', '\ufeff', '😀', '\u0301');
    await fc.assert(
      fc.asyncProperty(
        fc.array(char, { minLength: 0, maxLength: 60 }),
        // Padding puts the characters over a slice's end or a 256 KB block's end (and the
        // BOM's 3 bytes shift them once more).
        fc.constantFrom(0, TEXT_SLICE, 3 * TEXT_SLICE, 32 * 1024, READ_CHUNK, 2 * READ_CHUNK),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        async (chars, boundary, before, bom) => {
          const pad = 'x'.repeat(Math.max(0, boundary - before));
          const text = pad + chars.join('');
          const bytes = Buffer.concat([
            bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
            Buffer.from(text, 'utf8'),
          ]);
          const file = write(bytes);
          expect(await readText(file, bom)).toBe(text);
          fs.rmSync(file);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hands on no more than TEXT_SLICE bytes of text at a time (what the sending pass reads between two turns of the event loop)', async () => {
    // 3-byte characters at every offset from a slice's end: a slice is cut before a character
    // it would split, never after.
    expect(TEXT_SLICE).toBeLessThanOrEqual(8 * 1024);
    const text = 'ệ'.repeat(40_000) + 'a,b\n'.repeat(10_000);
    const file = write(Buffer.from(text, 'utf8'));
    const sizes: number[] = [];
    for await (const s of utf8Strings(info(file, false), new BlockTrail(file)))
      sizes.push(Buffer.byteLength(s));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(text));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(TEXT_SLICE);
    expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil(Buffer.byteLength(text) / TEXT_SLICE));
  });

  it('keeps a U+FEFF that follows the dropped BOM as text', async () => {
    const file = write(Buffer.from('\ufeff\ufeffa,b\n', 'utf8'));
    expect(await readText(file, true)).toBe('\ufeffa,b\n');
  });
});
