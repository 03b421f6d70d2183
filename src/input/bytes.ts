/**
 * An input's bytes: read in fixed blocks, and the content hash built from their digests (the
 * journal key), so that a later read can be checked against an earlier one block by block.
 *
 * Every reader reads through readBlocks with a BlockTrail: a complete first read yields the
 * content hash of exactly the bytes it parsed (no separate hashing pass), and any later read
 * of the same input (the sending pass, the look-up of original rows) is checked block by block
 * against that first read before a byte of it is parsed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { t } from '../messages/index.js';

export const READ_CHUNK = 256 * 1024;

/** The file is no longer what an earlier read of it saw. */
export class InputChangedError extends Error {
  constructor(readonly displayName: string) {
    super(t('input.changed', { file: displayName }));
    this.name = 'InputChangedError';
  }
}

/**
 * The content hash of a file (the journal key): SHA-256 over the SHA-256 of each 256 KB block
 * in turn. A hash list rather than one hash of the bytes, so the preflight, which needs each
 * block's digest anyway (the sending pass checks them), gets the file's hash at no extra cost.
 */
export async function hashFile(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const block of fileBlocks(file)) h.update(blockDigest(block));
  return h.digest('hex');
}

export function blockDigest(block: Buffer): Buffer {
  return createHash('sha256').update(block).digest();
}

/**
 * A file in blocks of exactly READ_CHUNK bytes (the last one shorter), however reads split.
 * Two buffers take turns: the next block is read while the caller works on this one (the read
 * ahead took the preflight's waits for the disk, ≈ 0.3 ms a block, off its time), and a block
 * is only valid until the next one is asked for (a new buffer per block left up to tens of MB
 * of dead ones waiting for the garbage collector). Regular files only (streams are spooled
 * first): the reads are positioned.
 */
export async function* fileBlocks(file: string): AsyncGenerator<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  const buffers = [Buffer.allocUnsafe(READ_CHUNK), Buffer.allocUnsafe(READ_CHUNK)];
  let position = 0;
  /**
   * Fill `block` from `at`; the number of bytes read (short only at the end of the file). A
   * read that fails is the caller's error when it asks for that block: until then its
   * rejection is held (marked handled), never an unhandled rejection that ends the process
   * while the caller is busy with the block before.
   */
  const fill = (block: Buffer, at: number): Promise<number> => {
    const reading = (async () => {
      let filled = 0;
      while (filled < READ_CHUNK) {
        const { bytesRead } = await fh.read(block, filled, READ_CHUNK - filled, at + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled;
    })();
    reading.catch(() => undefined);
    return reading;
  };
  let turn = 0;
  let ahead: Promise<number> | undefined = fill(buffers[0]!, 0);
  try {
    while (ahead !== undefined) {
      const filled: number = await ahead;
      const block = buffers[turn]!;
      position += filled;
      turn ^= 1;
      // The next read goes out now, into the other buffer, unless this one was the last.
      ahead = filled === READ_CHUNK ? fill(buffers[turn]!, position) : undefined;
      if (filled > 0) yield filled < READ_CHUNK ? block.subarray(0, filled) : block;
    }
  } finally {
    // A read still out (the caller stopped early) ends before the file is closed.
    if (ahead !== undefined) await ahead.catch(() => 0);
    await fh.close();
  }
}

/**
 * One whole read of an input, block by block: either the first (each block's digest kept, and
 * the content hash built from them) or a later one checked against an earlier read's digests
 * (InputChangedError at the first block that differs, or when the file is longer or shorter).
 */
export class BlockTrail {
  private readonly hash = createHash('sha256');
  private readonly seen: Buffer[] = [];
  private index = 0;
  private finished: string | undefined;
  /** Bytes seen so far (progress). */
  bytes = 0;

  constructor(
    private readonly displayName: string,
    private readonly verify?: readonly Buffer[],
  ) {}

  /** Account for the next block (before it is parsed). */
  see(block: Buffer): void {
    const digest = blockDigest(block);
    if (this.verify !== undefined) {
      const expected = this.verify[this.index];
      if (expected === undefined || !digest.equals(expected))
        throw new InputChangedError(this.displayName);
    } else {
      this.hash.update(digest);
      this.seen.push(digest);
    }
    this.index++;
    this.bytes += block.length;
  }

  /** The read reached the end of the file. */
  end(): void {
    if (this.finished !== undefined) return;
    if (this.verify !== undefined && this.index !== this.verify.length)
      throw new InputChangedError(this.displayName);
    this.finished = this.verify !== undefined ? '' : this.hash.digest('hex');
  }

  /** The content hash (as hashFile computes it) once a first read is complete. */
  contentHash(): string | undefined {
    return this.finished || undefined;
  }

  /** Each block's digest once a first read is complete: what a later read is checked against. */
  digests(): readonly Buffer[] | undefined {
    return this.finished ? this.seen : undefined;
  }
}

/**
 * The blocks of a file through a trail (see BlockTrail), from its first byte: the trail sees
 * every block before the reader does, and ends when the file does. `copy`: each block in a
 * buffer of its own (for parsers that keep views into what they were given); otherwise one
 * buffer is reused, as in fileBlocks.
 */
export async function* readBlocks(
  file: string,
  trail: BlockTrail,
  copy = false,
): AsyncGenerator<Buffer> {
  for await (const block of fileBlocks(file)) {
    trail.see(block);
    yield copy ? Buffer.from(block) : block;
  }
  trail.end();
}

/** done / size, within 0..1 (0 for an empty or unknown size): progress through an input. */
export function share(done: number, size: number): number {
  return size > 0 ? Math.min(1, done / size) : 0;
}
