/**
 * Which sidecar files (rejects, skipped, uncertain) cacs wrote, so that it never replaces or
 * removes one a person changed since, or one it never wrote (a user's own file of that name).
 *
 * Per file written, a small record in the state store (state/types.ts WrittenRecords; the file
 * store keeps it in `<state>/sidecars/<hash of its path>.json`, 0600): its size, a random salt
 * and the SHA-256 of salt + its bytes, and whether a real run (not a dry run) wrote it, and (issue 26) its path. Never its rows: the least that tells "these are the
 * bytes cacs wrote". A file is cacs's own, and may be replaced, only when its size and salted
 * hash still match (a touch that changes only the time keeps it cacs's; any edit does not).
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeTargetOf } from '../atomic-write.js';
import { UsageError } from '../errors.js';
import { t, type MessageId } from '../messages/index.js';
import type { WrittenRecord, WrittenRecords } from '../state/types.js';

/**
 * What a sidecar's name holds now: nothing (`absent`), a pipe or device (`special`, written
 * directly), the bytes cacs wrote (`own`), or a file to keep: `edited` since cacs wrote it,
 * `foreign` (cacs never wrote it), or `real` (a real run's, and this is a dry run).
 */
export type WrittenStatus =
  | 'absent'
  | 'special'
  | 'own'
  | 'edited'
  | 'foreign'
  | 'real'
  /** cacs wrote it, unchanged since, for another input (WrittenRecord.input). */
  | 'other'
  /** An uncertain list cacs wrote, unchanged since, for other content (WrittenRecord.content). */
  | 'otherContent';

const WHY = {
  edited: 'leads.written.why.edited',
  foreign: 'leads.written.why.foreign',
  real: 'leads.written.why.real',
  other: 'leads.written.why.other',
  otherContent: 'leads.written.why.otherContent',
  justWritten: 'leads.written.why.justWritten',
} as const satisfies Record<
  'edited' | 'foreign' | 'real' | 'other' | 'otherContent' | 'justWritten',
  MessageId
>;

/** Which of an import's lists a file is (rejects.ts, which writes them, imports this module). */
export type SidecarKind = 'rejects' | 'skipped' | 'uncertain';

/** At most this many numbered names (file-2 … file-99) are tried beside a kept file. */
export const MAX_NUMBER = 99;

/** "leads.csv.rejects.csv", 2 → "leads.csv.rejects-2.csv" (before the last extension). */
export function numberedName(file: string, n: number): string {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}-${n}${ext}`;
}

/** The bytes of a sidecar as they are written: their size and salted hash. */
export class WrittenHash {
  private readonly salt = randomBytes(16);
  private readonly hash: Hash = createHash('sha256').update(this.salt);
  size = 0;

  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.size += chunk.length;
  }

  digest(): { salt: string; sha256: string; size: number } {
    return { salt: this.salt.toString('hex'), sha256: this.hash.digest('hex'), size: this.size };
  }
}

export class WrittenFiles {
  /**
   * `records` undefined: nothing is remembered, so every existing file is kept (`foreign`).
   * `real`: whether this run is a real import (its files a dry run never replaces).
   * `input`: the input this run writes lists for (its absolute path; undefined for stdin, and
   * for a reader that only asks whether cacs wrote a file): another input's list is kept.
   */
  constructor(
    private readonly records: WrittenRecords | undefined,
    readonly real: boolean,
    private readonly onNote?: (line: string) => void,
    private readonly input?: string,
  ) {}

  /** The content hash of this run's input, once the preflight has read it (setContent). */
  private content: string | undefined;

  /**
   * This run's input's content hash (known once the preflight has read it): recorded with each
   * list written from then on, and an uncertain list written for other content is kept.
   */
  setContent(hash: string): void {
    this.content = hash;
  }

  /** Whether `rec` was written for another input than this run's. */
  private ofOtherInput(rec: WrittenRecord): boolean {
    return this.input !== undefined && rec.input !== undefined && rec.input !== this.input;
  }

  private read(file: string): WrittenRecord | undefined {
    return this.records?.get(path.resolve(file));
  }

  status(file: string, kind?: SidecarKind): WrittenStatus {
    // `/dev/stdout`, `/dev/fd/N`: the descriptor is written as it is, whatever it is open on —
    // a log file stdout is appended to is no list to keep, and nothing goes beside it in /dev
    // (an operator walk, session 22: `--rejects /dev/stdout >> log` wrote `/dev/stdout-2`).
    try {
      if (writeTargetOf(file).kind === 'direct') return 'special';
    } catch {
      // A descriptor cacs refuses: the write says why (nothing is claimed beside it in /dev/fd).
      if (/^\/(?:dev\/(?:fd\/|std(?:in|out|err)$)|proc\/[^/]+\/fd\/)/.test(path.resolve(file)))
        return 'special';
      // Another user's link, a loop…: judged as before (another's link is kept, the list goes
      // beside it).
    }
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return 'absent';
      // Whatever it is, cacs's write would tell the user (a folder, no permission…).
      return 'special';
    }
    // A pipe or device is written directly; a folder makes the write say so.
    if (!st.isFile()) return 'special';
    const rec = this.read(file);
    if (rec === undefined) return 'foreign';
    if (rec.size !== st.size || hashOf(file, rec.salt) !== rec.sha256) return 'edited';
    if (this.ofOtherInput(rec)) return 'other';
    // An uncertain list of other content (the file changed between two runs, or two pipes):
    // its leads are listed nowhere else, so it is never replaced (review, session 16).
    if (kind === 'uncertain' && this.content !== undefined && rec.content !== this.content)
      return 'otherContent';
    return rec.real && !this.real ? 'real' : 'own';
  }

  /**
   * The name to write `file` at: itself when it is free or cacs's own (see status), else the
   * first numbered name beside it that is; `kept` then says why `file` was left as it is, and
   * `free` whether nothing was at the name (then nothing found there later may be replaced).
   */
  claim(
    file: string,
    kind?: SidecarKind,
    /**
     * A second try after `raced`, a name claimed free, was taken before the list got there:
     * whatever is at `raced` now is another run's ("another run wrote it at the same moment"),
     * and a list reading as cacs's own is taken by no one (it may be that run's, recorded
     * already); other files keep their own reasons.
     */
    raced?: string,
  ): { path: string; kept?: string; free: boolean } {
    const statusOf = (name: string): WrittenStatus | 'justWritten' => {
      const found = this.status(name, kind);
      if (raced === undefined || found === 'absent' || found === 'special') return found;
      return name === raced || found === 'own' ? 'justWritten' : found;
    };
    const s = statusOf(file);
    if (s === 'absent' || s === 'special' || s === 'own')
      return { path: file, free: s === 'absent' };
    for (let n = 2; n <= MAX_NUMBER; n++) {
      const next = numberedName(file, n);
      const taken = statusOf(next);
      if (taken === 'absent' || taken === 'own')
        return { path: next, kept: t(WHY[s]), free: taken === 'absent' };
    }
    throw new UsageError(
      t('leads.written.allKept', {
        file,
        why: t(WHY[s]),
        first: path.basename(numberedName(file, 2)),
        last: path.basename(numberedName(file, MAX_NUMBER)),
      }),
      { hint: t('leads.written.allKept.hint') },
    );
  }

  /** Record that cacs wrote these bytes at `file` (a failure only means it is kept next time). */
  remember(file: string, written: { salt: string; sha256: string; size: number }): void {
    if (this.records === undefined) return;
    const rec: WrittenRecord = {
      v: 1,
      ...written,
      real: this.real,
      ...(this.input !== undefined ? { input: this.input } : {}),
      ...(this.content !== undefined ? { content: this.content } : {}),
    };
    try {
      this.records.put(path.resolve(file), rec);
    } catch (e) {
      this.onNote?.(
        t('leads.written.notNoted', {
          where: this.records.where,
          file,
          reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message,
        }),
      );
    }
  }

  /**
   * Whether `file` is a list a dry run wrote and nobody changed since: a real run of the same
   * input removes such numbered lists, so a dry run's copy never stays beside the real one.
   */
  dryRunsOwn(file: string): boolean {
    const rec = this.read(file);
    if (rec === undefined || rec.real || this.ofOtherInput(rec)) return false;
    try {
      const st = fs.statSync(file);
      if (!st.isFile() || st.size !== rec.size) return false;
    } catch {
      return false;
    }
    return hashOf(file, rec.salt) === rec.sha256;
  }

  /** Forget `file` (cacs removed it). */
  forget(file: string): void {
    this.records?.remove(path.resolve(file));
  }
}

function hashOf(file: string, salt: string): string | undefined {
  const h = createHash('sha256').update(Buffer.from(salt, 'hex'));
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
    }
    return h.digest('hex');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
