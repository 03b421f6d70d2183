/**
 * An input's bytes: read in fixed blocks, and the content hash built from their digests (the
 * journal key), so that a later read can be checked against an earlier one block by block.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';

export const READ_CHUNK = 256 * 1024;

export class InputChangedError extends Error {
  constructor(readonly displayName: string) {
    super(`${displayName} changed while it was being imported`);
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
 * One buffer is reused: a block is only valid until the next one is asked for (a new buffer
 * per block left up to tens of MB of dead ones waiting for the garbage collector).
 */
export async function* fileBlocks(file: string): AsyncGenerator<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  const block = Buffer.allocUnsafe(READ_CHUNK);
  try {
    for (;;) {
      let filled = 0;
      while (filled < READ_CHUNK) {
        const { bytesRead } = await fh.read(block, filled, READ_CHUNK - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled > 0) yield filled < READ_CHUNK ? block.subarray(0, filled) : block;
      if (filled < READ_CHUNK) return;
    }
  } finally {
    await fh.close();
  }
}
