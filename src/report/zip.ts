/**
 * A streaming zip writer (what an .xlsx is packed in), on node:zlib: entries are deflated as
 * they are written and go to a Sink with back-pressure, so an entry of any size passes through
 * bounded memory. Deflating runs on libuv's thread pool, a few pieces at once, while the caller
 * makes the next piece; the CRC is zlib.crc32 (native).
 *
 * Streamed entries carry their CRC and sizes in a data descriptor after the data (general
 * purpose flag bit 3), as Java's ZipOutputStream and Go's archive/zip write them; small entries
 * given whole carry them in the header. Every entry has the same fixed time stamp
 * (1980-01-01 00:00), so the same content always gives the same bytes. No ZIP64: an entry or
 * archive reaching 4 GiB is an error (ZipLimitError) rather than a file some readers reject.
 */
import zlib from 'node:zlib';
import { FailureError } from '../errors.js';
import { t } from '../messages/index.js';

/** Where the archive's bytes go (report/write.ts Sink). */
export interface ZipSink {
  write(chunk: Uint8Array): Promise<void>;
}

/** An entry or the archive would reach the 4 GiB that zip without ZIP64 can describe. */
export class ZipLimitError extends FailureError {
  constructor(what: string) {
    super(t('report.zip.tooLarge', { what }), { hint: t('report.zip.tooLarge.hint') });
  }
}

/** The most a 32-bit size or offset field holds. */
export const ZIP_MAX = 0xffffffff;
/** MS-DOS date of 1980-01-01 (the earliest zip can say), time 00:00:00. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const METHOD_DEFLATE = 8;
const VERSION = 20; // 2.0: deflate

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export interface ZipOptions {
  /** zlib level, 1 (fastest) to 9 (smallest); default 6. */
  level?: number;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private open: ZipEntryWriter | undefined;
  private finished = false;
  readonly level: number;

  constructor(
    private readonly sink: ZipSink,
    opts: ZipOptions = {},
  ) {
    this.level = opts.level ?? 6;
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.offset;
  }

  /** @internal The archive's bytes, counted (an archive past 4 GiB is refused). */
  async out(chunk: Uint8Array): Promise<void> {
    this.offset += chunk.length;
    if (this.offset > ZIP_MAX) throw new ZipLimitError(t('report.zip.tooLarge.archive'));
    await this.sink.write(chunk);
  }

  /** A small entry given whole (deflated at once). */
  async file(name: string, data: string | Uint8Array): Promise<void> {
    this.checkIdle();
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (raw.length > ZIP_MAX) throw new ZipLimitError(name);
    const packed = zlib.deflateRawSync(raw, { level: this.level });
    const entry = this.entry(name, 0, zlib.crc32(raw), packed.length, raw.length);
    await this.out(localHeader(entry));
    await this.out(packed);
  }

  /** A streamed entry: write its data in chunks, then close() it before the next entry. */
  stream(name: string): ZipEntryWriter {
    this.checkIdle();
    const entry = this.entry(name, FLAG_DESCRIPTOR, 0, 0, 0);
    this.open = new ZipEntryWriter(this, entry, () => (this.open = undefined));
    return this.open;
  }

  /** The central directory and its end record; nothing may be added after. */
  async finish(): Promise<void> {
    this.checkIdle();
    this.finished = true;
    const start = this.offset;
    const parts = this.entries.map(centralHeader);
    const size = parts.reduce((n, b) => n + b.length, 0);
    if (this.entries.length > 0xffff) throw new ZipLimitError(t('report.zip.tooLarge.entries'));
    if (start + size > ZIP_MAX) throw new ZipLimitError(t('report.zip.tooLarge.archive'));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.out(Buffer.concat([...parts, end]));
  }

  private entry(name: string, flags: number, crc: number, compressed: number, size: number) {
    const bytes = Buffer.from(name, 'utf8');
    const utf8 = bytes.length !== name.length ? FLAG_UTF8 : 0;
    const entry: Entry = {
      name: bytes,
      flags: flags | utf8,
      crc,
      compressed,
      size,
      offset: this.offset,
    };
    this.entries.push(entry);
    return entry;
  }

  private checkIdle(): void {
    if (this.finished) throw new Error('zip: already finished');
    if (this.open) throw new Error('zip: an entry is still open');
  }
}

/** Pieces of a streamed entry being deflated at once (on the thread pool), at most. */
const IN_FLIGHT = 3;
/** An empty final block (fixed Huffman codes, BFINAL set): what ends a streamed entry. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One piece deflated on its own, ending on a byte boundary with its last block not final. */
function deflatePiece(piece: Uint8Array, level: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.deflateRaw(
      piece,
      // Output in few large buffers: each is a round trip to the main thread.
      { level, finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );
}

/**
 * One streamed entry being written (ZipWriter.stream). Each piece written is deflated on its
 * own, as pigz does: ended with a sync flush (a byte boundary, no final block), so that the
 * pieces' outputs joined in order, and an empty final block after them, are one deflate
 * stream. Pieces are deflated on libuv's thread pool, up to IN_FLIGHT at once, while the
 * caller makes the next; their outputs go to the archive in order, and write() waits when
 * IN_FLIGHT are under way (back-pressure). A piece of a megabyte or so costs next to nothing
 * in compression against one stream, and no piece waits for another.
 */
export class ZipEntryWriter {
  private readonly inFlight: Array<Promise<Buffer>> = [];
  private failure: unknown;
  private started = false;
  private closed = false;

  constructor(
    private readonly zip: ZipWriter,
    private readonly entry: Entry,
    private readonly done: () => void,
  ) {}

  /** Uncompressed bytes written so far. */
  get size(): number {
    return this.entry.size;
  }

  /**
   * @param release called once zlib has read `data` (a buffer may then be reused), unless it
   *   failed
   */
  async write(data: string | Uint8Array, release?: () => void): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    if (this.closed) throw new Error('zip: entry already closed');
    const piece = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (piece.length === 0) return;
    if (this.entry.size + piece.length > ZIP_MAX) {
      throw new ZipLimitError(Buffer.from(this.entry.name).toString('utf8'));
    }
    if (!this.started) {
      this.started = true;
      await this.zip.out(localHeader(this.entry));
    }
    this.entry.crc = zlib.crc32(piece, this.entry.crc);
    this.entry.size += piece.length;
    const deflated = deflatePiece(piece, this.zip.level);
    // Handled here too: a piece that fails before it is awaited is no unhandled rejection.
    deflated.then(
      () => release?.(),
      (e: unknown) => {
        this.failure ??= e;
      },
    );
    this.inFlight.push(deflated);
    while (this.inFlight.length >= IN_FLIGHT) await this.next();
  }

  /** The rest of the data, the final block, then the data descriptor. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.started) {
      this.started = true;
      await this.zip.out(localHeader(this.entry));
    }
    while (this.inFlight.length > 0) await this.next();
    await this.out(FINAL_BLOCK);
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(this.entry.crc >>> 0, 4);
    d.writeUInt32LE(this.entry.compressed, 8);
    d.writeUInt32LE(this.entry.size, 12);
    await this.zip.out(d);
    this.done();
  }

  /** Abandon the entry (the archive is not finished either). */
  destroy(): void {
    this.closed = true;
    this.inFlight.length = 0;
  }

  /** The oldest piece's output to the archive (in order). */
  private async next(): Promise<void> {
    const out = await this.inFlight.shift()!;
    await this.out(out);
  }

  private async out(compressed: Buffer): Promise<void> {
    this.entry.compressed += compressed.length;
    if (this.entry.compressed > ZIP_MAX) {
      throw new ZipLimitError(Buffer.from(this.entry.name).toString('utf8'));
    }
    await this.zip.out(compressed);
  }
}

function localHeader(e: Entry): Buffer {
  const h = Buffer.alloc(30 + e.name.length);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(e.flags, 6);
  h.writeUInt16LE(METHOD_DEFLATE, 8);
  h.writeUInt16LE(DOS_TIME, 10);
  h.writeUInt16LE(DOS_DATE, 12);
  // A streamed entry's CRC and sizes are still 0 here: they follow in the data descriptor.
  h.writeUInt32LE(e.crc >>> 0, 14);
  h.writeUInt32LE(e.compressed, 18);
  h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(0, 28);
  e.name.copy(h, 30);
  return h;
}

function centralHeader(e: Entry): Buffer {
  const h = Buffer.alloc(46 + e.name.length);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, 2.0
  h.writeUInt16LE(VERSION, 6);
  h.writeUInt16LE(e.flags, 8);
  h.writeUInt16LE(METHOD_DEFLATE, 10);
  h.writeUInt16LE(DOS_TIME, 12);
  h.writeUInt16LE(DOS_DATE, 14);
  h.writeUInt32LE(e.crc >>> 0, 16);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  // extra, comment, disk, internal and external attributes: 0
  h.writeUInt32LE(e.offset, 42);
  e.name.copy(h, 46);
  return h;
}
