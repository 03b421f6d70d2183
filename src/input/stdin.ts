/**
 * Input that can be read only once (stdin, a pipe, a character device): copied to a private
 * temp file first, bounded in size, free space and time (Ctrl-C).
 */
import { DEFAULTS } from '../defaults.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { freeSpace as statfsFree } from '../atomic-write.js';
import { markOwner, removeOnExit } from '../cleanup.js';
import { CacsError, FailureError, InterruptedError, UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { formatBytes } from '../text.js';
import { READ_CHUNK } from './bytes.js';
import { binaryInputError, nulMeansBinary } from './inspect.js';

/** Default for spoolStdin's `limit` (setting import.stdinLimit, env CACS_STDIN_LIMIT): 1 GiB. */
export const DEFAULT_SPOOL_LIMIT = DEFAULTS['import.stdinLimit'];
/** Spooling stops rather than leave less than this free in the spool's folder. */
export const SPOOL_FREE_MARGIN = 64 * 1024 * 1024;
/** Free space is looked at again after each this many bytes spooled. */
const SPOOL_FREE_CHECK_EVERY = 16 * 1024 * 1024;

export interface SpoolOptions {
  /** How the input is named in messages ("stdin", or the path of a pipe given by name). */
  displayName?: string;
  /** Most bytes kept; more is a UsageError, raised as soon as the limit is passed. */
  /** How the limit is raised, for the hint when it is passed (the CLI names its setting). */
  raiseLimit?: string;
  limit?: number;
  /** --encoding: a UTF-16/32 input may hold NUL bytes, so the early binary check is skipped. */
  encoding?: string;
  /** Folder the spool folder is made in (default: os.tmpdir(), i.e. $TMPDIR or /tmp). */
  dir?: string;
  /** Bytes free for an unprivileged user in a folder (tests); undefined when unknown. */
  freeSpace?: (dir: string) => number | undefined;
  /** Ctrl-C: stop reading at once (InterruptedError, exit 130), even while no data comes. */
  signal?: AbortSignal;
  /** Bytes copied so far, after each piece (for progress: a pipe has no size to compare with). */
  onProgress?: (bytes: number) => void;
}

/**
 * Copy stdin (or a pipe or device given by name) to a private temp file so it can be read
 * twice (preflight, then sending). Bounded: a UsageError (nothing sent), with the temp folder
 * removed, as soon as the input passes `limit` bytes, as soon as its first 256 KiB show NUL
 * bytes (binary, e.g. /dev/zero), or when the spool's folder would keep less than
 * SPOOL_FREE_MARGIN free (looked at before and every 16 MiB while spooling).
 */
export async function spoolStdin(
  stdin: NodeJS.ReadableStream,
  opts: SpoolOptions = {},
): Promise<{ path: string; cleanup(): void }> {
  const name = opts.displayName ?? 'stdin';
  const limit = opts.limit ?? DEFAULT_SPOOL_LIMIT;
  const root = opts.dir ?? os.tmpdir();
  const freeSpace = opts.freeSpace ?? statfsFree;
  const noRoom = (written: number, free: number | undefined) =>
    new UsageError(
      free === undefined
        ? t('input.spool.diskFull', { name, dir: root, copied: formatBytes(written) })
        : written === 0
          ? t('input.spool.tooLittleRoom', {
              name,
              dir: root,
              free: formatBytes(free),
              margin: formatBytes(SPOOL_FREE_MARGIN),
            })
          : t('input.spool.noRoom', {
              name,
              dir: root,
              copied: formatBytes(written),
              free: formatBytes(free),
              margin: formatBytes(SPOOL_FREE_MARGIN),
            }),
      { hint: t('input.spool.noRoom.hint') },
    );
  // The stream's error, before the reading loop below listens (the checks and the spool file's
  // opening come first): with no listener it was an uncaught exception that ended the caller's
  // process (review, session 18). The loop throws the stream's stored error instead.
  (stdin as Partial<Readable>).on?.('error', () => {});
  const free0 = freeSpace(root);
  if (free0 !== undefined && free0 < SPOOL_FREE_MARGIN) throw noRoom(0, free0);

  const dir = fs.mkdtempSync(path.join(root, 'cacs-stdin-'));
  const file = path.join(dir, 'stdin');
  const forget = removeOnExit(dir);
  markOwner(dir);
  const cleanup = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    forget();
  };
  let written = 0;
  /** Whether the spool file was being written (else the stream was being read) when it failed. */
  let writing = false;
  const interrupted = () => new InterruptedError(t('input.spool.interrupted', { name }));
  const onAbort = () => {
    const input = stdin as Partial<Readable>;
    // Before the reading loop below listens (while the spool file opens), the stream's error
    // would have no listener and be thrown as an uncaught exception: the loop throws it instead.
    input.on?.('error', () => {});
    input.destroy?.(interrupted());
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (opts.signal?.aborted) throw interrupted();
    const fh = await fs.promises.open(file, 'wx', 0o600);
    try {
      let nextFreeCheck = SPOOL_FREE_CHECK_EVERY;
      /** The first bytes, until there are enough to tell a BOM or a zip signature. */
      let head: Buffer = Buffer.alloc(0);
      let checkNul: boolean | undefined;
      for await (const data of stdin as AsyncIterable<Buffer | string>) {
        if (opts.signal?.aborted) throw interrupted();
        const chunk = typeof data === 'string' ? Buffer.from(data) : data;
        if (chunk.length === 0) continue;
        if (written < READ_CHUNK) {
          if (checkNul === undefined) {
            head = Buffer.concat([head, chunk.subarray(0, 4)]);
            if (head.length >= 4) {
              checkNul = nulMeansBinary(head, opts.encoding);
              if (checkNul && head.includes(0)) throw binaryInputError(name, false);
            }
          }
          if (checkNul && chunk.subarray(0, READ_CHUNK - written).includes(0))
            throw binaryInputError(name, false);
        }
        if (written + chunk.length > limit) {
          throw new UsageError(t('input.spool.tooLarge', { name, max: formatBytes(limit) }), {
            hint: opts.raiseLimit
              ? t('input.spool.tooLarge.raise.hint', { advice: opts.raiseLimit })
              : t('input.spool.tooLarge.hint'),
          });
        }
        if (written + chunk.length >= nextFreeCheck) {
          const free = freeSpace(dir);
          if (free !== undefined && free - chunk.length < SPOOL_FREE_MARGIN)
            throw noRoom(written, free);
          nextFreeCheck = written + chunk.length + SPOOL_FREE_CHECK_EVERY;
        }
        writing = true;
        for (let off = 0; off < chunk.length;) {
          const { bytesWritten } = await fh.write(chunk, off, chunk.length - off);
          off += bytesWritten;
        }
        writing = false;
        written += chunk.length;
        opts.onProgress?.(written);
      }
      // Fewer than 4 bytes in all: still no NUL allowed.
      if (checkNul === undefined && head.includes(0)) throw binaryInputError(name, false);
    } finally {
      await fh.close();
    }
  } catch (e) {
    cleanup();
    const code = (e as { code?: string }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw noRoom(written, undefined);
    if (e instanceof CacsError) throw e;
    if (!writing) {
      // The stream itself failed (a pipe's source, a caller's stream destroyed with an error):
      // said as that, not as the spool folder's fault; nothing was read on or imported.
      throw new FailureError(
        t('input.spool.readFailed', {
          name,
          why:
            typeof code === 'string' && /^E[A-Z]+$/.test(code)
              ? code
              : e instanceof Error
                ? e.message
                : String(e),
        }),
        { hint: t('input.spool.readFailed.hint'), cause: e },
      );
    }
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
      throw new UsageError(t('input.spool.unreadable', { name, dir: root, code }));
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return { path: file, cleanup };
}

/**
 * Whether a path names something read like stdin — a pipe (FIFO, `<(…)`, /dev/stdin on a
 * pipe) or a character device — which has no size and may be read only once: the CLI spools
 * it with spoolStdin. False for regular files and anything that cannot be looked at.
 */
export function isStreamInput(file: string): boolean {
  try {
    const st = fs.statSync(file);
    return st.isFIFO() || st.isCharacterDevice();
  } catch {
    return false;
  }
}
