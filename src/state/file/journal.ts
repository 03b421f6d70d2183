/**
 * The import journal: an append-only JSON-lines file under CACS_STATE_DIR, one per
 * (input content, campaign, base URL). Each batch is written "begin" (fsync'd) before its
 * request and "finish" with its outcome after. Reading it back:
 *  - a torn last line (power loss mid-write) is ignored;
 *  - a batch begun and never finished (crash, SIGKILL) was maybe processed: uncertain;
 *  - later records override earlier ones for the same lines (--retry-uncertain).
 * The token is never written here: the key hashes the base URL and campaign, and records hold
 * input line numbers, counts and the service's messages.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { flushOnExit } from '../../cleanup.js';
import { FailureError, UsageError } from '../../errors.js';
import { t, tCount } from '../../messages/index.js';
import { formatBytes, formatCount, formatTimeOnClock, machineZone } from '../../text.js';
import { freeSpace, makeDirs } from '../../atomic-write.js';
import type {
  DeliveryJournal,
  EarlierRuns,
  PreviousState,
  RangeOutcome,
} from '../journal-types.js';
import type { JournalHandle } from '../types.js';
import { acquireLock } from './lock.js';
import { testPoint } from '../../test-point.js';
import { describeStateFailure, openAppend, refuseLink, writingState } from './state-write.js';

const NONE = 0;
const DONE = 1;
const REJECTED = 2;
const UNCERTAIN = 3;
const STATES: Array<PreviousState | undefined> = [undefined, 'done', 'rejected', 'uncertain'];

/** The line state an outcome leaves ('failed' = not processed: to send again). */
function stateOf(outcome: RangeOutcome['state']): number {
  return outcome === 'done'
    ? DONE
    : outcome === 'rejected'
      ? REJECTED
      : outcome === 'uncertain'
        ? UNCERTAIN
        : NONE;
}

export interface Header {
  k: 'h';
  v: 1;
  created: string;
  input: string;
  inputHash: string;
  campaign: string;
  baseUrl: string;
  fingerprint: unknown;
}
type Runs = Array<[number, number]>;
export type JournalRecord =
  | Header
  | { k: 'b'; id: number; lines: Runs }
  | ({ k: 'f'; id: number } & (
      | { s: 'done'; imported: number; skipped: number }
      | { s: 'rejected'; code: string; reason: string }
      | { s: 'uncertain'; reason: string }
      | { s: 'failed'; reason: string }
    ));

/** [[start, length], …] for sorted-ish line lists: batches are mostly consecutive lines. */
export function toRuns(lines: readonly number[]): Runs {
  const runs: Runs = [];
  for (const l of lines) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === l) last[1]++;
    else runs.push([l, 1]);
  }
  return runs;
}

export function fromRuns(runs: Runs): number[] {
  const out: number[] = [];
  for (const [start, len] of runs) for (let i = 0; i < len; i++) out.push(start + i);
  return out;
}

/** Line → small number, in a typed array that grows with the highest line seen. */
class LineMap<A extends Uint8Array | Int32Array> {
  constructor(private a: A) {}
  get(line: number): number {
    return line < this.a.length ? this.a[line]! : 0;
  }
  set(line: number, value: number): void {
    if (line >= this.a.length) {
      let n = this.a.length;
      while (n <= line) n *= 2;
      const b = new (this.a.constructor as new (n: number) => A)(n);
      b.set(this.a);
      this.a = b;
    }
    this.a[line] = value;
  }
  /** Every line whose value is not 0, in line order. */
  forEachSet(fn: (line: number, value: number) => void): void {
    const a = this.a;
    for (let i = 0; i < a.length; i++) if (a[i] !== 0) fn(i, a[i]!);
  }
}

/** Line → state (NONE, DONE, REJECTED, UNCERTAIN). */
class LineStates extends LineMap<Uint8Array> {
  constructor() {
    super(new Uint8Array(1024));
  }
}

/**
 * What AppendLog does to its file (logFile: a FileHandle's descriptor): everything but closing
 * is synchronous, so a log's writes land in the order they are made, and in the order made
 * across logs (the ledger's outcome before the journal's: see Ledger.settle).
 */
export interface LogFile {
  /** Write `length` bytes of `data` from `offset` at the file's end; returns how many were. */
  write(data: Uint8Array, offset: number, length: number): number;
  datasync(): void;
  truncate(length: number): void;
  close(): Promise<void>;
}

/** A FileHandle as AppendLog writes it (see LogFile). */
export function logFile(fh: fs.promises.FileHandle): LogFile {
  return {
    write: (data, offset, length) => fs.writeSync(fh.fd, data, offset, length),
    datasync: () => fs.fdatasyncSync(fh.fd),
    truncate: (length) => fs.ftruncateSync(fh.fd, length),
    close: () => fh.close(),
  };
}

/**
 * Appends: durable() writes everything added so far and fdatasyncs it, before it returns.
 * soon() only writes (no sync), at the next turn of the event loop; writeNow() only writes, at
 * once. A record written is safe from a crash of the process (a SIGKILL), and the next durable()
 * (or close) syncs it — so an outcome costs no sync of its own: a lost one (a power cut) only
 * makes its batch look uncertain on the rerun, never resent.
 *
 * The writes and syncs are synchronous, on the main thread (fs.writeSync, fs.fdatasyncSync), so
 * they land in the order they are made, in this log and across logs: a batch's outcome is in the
 * ledger before it is in the journal, and a process killed between the two leaves a lead the
 * ledger calls accepted and the journal uncertain (safe: not sent again), never the other way
 * round (the journal's "done" hides the lead from a retry, and the ledger's "uncertain" held it
 * back from every later run). With the writes in the thread pool (until session 12) both were in
 * flight at once, and a kill loop found that window.
 *
 * It is also faster: a batch's in-flight records (this log's and the ledger's) are on disk in
 * ≈ 1 ms (median, a local disk). In the thread pool each write and each sync waited for a turn
 * of a main thread busy with the sending pass's read and the other answers: 2.7–3.2 ms, and a
 * 200,000-lead import at 50 ms spent 0.2–0.3 s more sending (README, Performance). The costs:
 * records share a sync only when they are added before it (in the thread pool, every record
 * added while a sync was in progress waited for the next one: at concurrency 8 and 20 ms, 198
 * journal syncs against 85 in one sitting, 399 against 397 in another), and while the disk
 * stalls (an ext4 commit, 20–80 ms now and then; a slow network folder) the whole event loop
 * waits — answers, timers and Ctrl-C with it.
 *
 * A write is complete or undone: short writes are continued, and a write that fails (full disk,
 * file-size limit) cuts back its own bytes, so the file never holds a torn record in its middle;
 * the records written before it stay (the other log may hold their counterparts). A sync that
 * fails cuts the file back to the last sync (a begin record in it must not look durable) and
 * writes the outcome records in it again at once. After a failure the log still writes outcome
 * records ("what it can", each try cut back if it fails again), but the failure is kept:
 * `failed` tells the journal to begin no batch. The order above holds while the writes succeed;
 * what a failed ledger write leaves behind the journal is repaired by a retry (send.ts).
 */
export class AppendLog {
  private pending: Array<{ text: string | Uint8Array; outcome: boolean }> = [];
  /** Records written since the last sync: outcome records among them get another try if it fails. */
  private unsynced: Array<{ text: string | Uint8Array; outcome: boolean }> = [];
  private failure: unknown;
  /** Failed writes so far. */
  private failures = 0;
  /** Bytes of complete records written, and of those known to be on disk. */
  private size: number;
  private synced: number;
  private closed = false;

  private readonly file: LogFile;

  constructor(
    file: fs.promises.FileHandle | LogFile,
    /** Bytes of complete records already in the file. */
    size: number,
  ) {
    this.file = 'fd' in file ? logFile(file) : file;
    this.size = size;
    this.synced = size;
  }

  /** Add a record; `outcome` records are kept for another try if a write fails. */
  add(text: string | Uint8Array, outcome = false): void {
    this.pending.push({ text, outcome });
  }

  /** The first write failure, if any. */
  get failed(): unknown {
    return this.failure;
  }

  /**
   * Write and sync everything added so far, now: resolves once it is on disk, or rejects with
   * the failure (the records of that write are undone; outcome records get another try).
   */
  durable(): Promise<void> {
    try {
      this.flush(true);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /**
   * Write what was added, without a sync, at the next turn of the event loop: a durable() called
   * meanwhile (the next batch's in-flight record, begun as soon as an answer frees its slot)
   * takes these records into its own write, so a request waits for one write and one sync, not
   * two writes. A failure is reported by close().
   */
  soon(): void {
    // The failures the latest call saw: a call made after a failed write still gets its write.
    this.soonSeen = this.failures;
    if (this.soonQueued) return;
    this.soonQueued = true;
    setImmediate(() => {
      this.soonQueued = false;
      // A write failed after the last call: what it gave back waits for the next write, as it
      // would have.
      if (this.failures === this.soonSeen) this.writeNow();
    });
  }
  private soonQueued = false;
  private soonSeen = 0;

  /** Write what was added, without a sync, at once; a failure is reported by close(). */
  writeNow(): void {
    try {
      this.flush(false);
    } catch {
      // Kept in `failure`.
    }
  }

  private flush(sync: boolean): void {
    if (this.closed) return;
    const batch = this.pending;
    this.pending = [];
    /** Whether the write went through (a failure after it is the sync's). */
    let written = batch.length === 0;
    try {
      if (batch.length > 0) {
        this.size += this.writeAll(joinPieces(batch));
        for (const r of batch) this.unsynced.push(r);
        written = true;
        // A test stops here to see what a process killed after this write leaves.
        testPoint('state-appended');
      }
      if (sync && this.size > this.synced) {
        this.file.datasync();
        this.synced = this.size;
        this.unsynced = [];
      }
    } catch (e) {
      this.failures++;
      this.failure ??= e;
      if (!written) {
        // A write that failed: only its own bytes are cut back. The records written before it
        // stay (the journal may hold the outcomes these ledger records go with: cutting them
        // would leave the ledger behind it). Its outcome records get another try; its begin
        // records are dropped (their batches are not sent).
        this.cutBack(this.size);
        this.pending = [...batch.filter((r) => r.outcome), ...this.pending];
        throw e;
      }
      // A sync that failed: nothing since the last sync is known to be on disk. It is cut back
      // (a begin record in it must not look durable), and its outcome records are written again
      // at once (the other log may hold their counterparts); begin records are dropped.
      this.cutBack(this.synced);
      this.size = this.synced;
      const again = this.unsynced.filter((r) => r.outcome);
      this.unsynced = [];
      try {
        if (again.length > 0) this.size += this.writeAll(joinPieces(again));
        this.unsynced = again;
      } catch {
        this.cutBack(this.size);
        this.pending = [...again, ...this.pending];
      }
      throw e;
    }
  }

  /** Cut the file back to `length` bytes (best effort: the reader cuts a torn last record). */
  private cutBack(length: number): void {
    try {
      this.file.truncate(length);
    } catch {
      // The next write lands after what is left.
    }
  }

  /** Write all of `data` at the file's end (short writes continued); returns its length. */
  private writeAll(data: Buffer): number {
    let off = 0;
    while (off < data.length) {
      const n = this.file.write(data, off, data.length - off);
      if (n <= 0) throw Object.assign(new Error('no space left'), { code: 'ENOSPC' });
      off += n;
    }
    return data.length;
  }

  /**
   * Write the outcome records still pending, synchronously (the process stops at once: a second
   * Ctrl-C). A batch whose answer came is then not reported uncertain by the next run.
   */
  flushNow(): void {
    if (this.closed) return;
    const data = joinPieces(this.pending.filter((r) => r.outcome));
    this.pending = [];
    this.writeAll(data);
    this.file.datasync();
  }

  async close(): Promise<void> {
    try {
      this.flush(true);
      if (this.failure !== undefined) throw this.failure;
    } finally {
      this.closed = true;
      await this.file.close();
    }
  }
}

function joinPieces(pieces: ReadonlyArray<{ text: string | Uint8Array }>): Buffer {
  return Buffer.concat(
    pieces.map((p) => (typeof p.text === 'string' ? Buffer.from(p.text) : p.text)),
  );
}

/** The journal (or the ledger) could not be written: the run stops sending at once (exit 1). */
export class JournalWriteError extends FailureError {
  constructor(
    readonly folder: string,
    readonly code: string,
    freeBytes: number | undefined,
    what: 'journal' | 'ledger' = 'journal',
  ) {
    const full = code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT';
    // Not a full disk: a read-only mount, a file in the folder's place… (state-write.ts).
    const other = full ? undefined : describeStateFailure(folder, code);
    const why = other?.why ?? t('state.write.diskFull');
    super(
      what === 'journal'
        ? t('state.journal.unwritable', { folder, why })
        : t('state.ledger.unwritable', { folder, why }),
      {
        hint: other
          ? t('state.journal.unwritable.otherHint', { hint: other.hint })
          : freeBytes === undefined
            ? t('state.journal.diskFull.hint', { room: formatBytes(JOURNAL_ROOM), folder })
            : t('state.journal.diskFull.free.hint', {
                room: formatBytes(JOURNAL_ROOM),
                folder,
                free: formatBytes(freeBytes),
              }),
        category: 'write_failed',
      },
    );
    this.name = 'JournalWriteError';
  }
}

/** Room the journal asks for when a write fails: ample for the records of a large import. */
const JOURNAL_ROOM = 16_000_000;

function journalWriteError(folder: string, e: unknown): JournalWriteError {
  if (e instanceof JournalWriteError) return e;
  const code = (e as { code?: string }).code ?? 'EIO';
  return new JournalWriteError(folder, code, freeSpace(folder));
}

/** What the file store opens a journal with (state/types.ts OpenJournalOptions, and its folder). */
export interface FileJournalOptions {
  stateDir: string;
  /** The input's name in messages and in the journal's header ("leads.csv", "stdin"). */
  input: string;
  /** The content hash of the bytes the preflight read (see hashFile). */
  inputHash: string;
  campaignKey: string;
  baseUrl: string;
  restart: boolean;
  /** Leads the ledger holds are sent again (`--allow-repeat`): what a restart's note says. */
  allowRepeat?: boolean;
  /** Uncertain leads are sent again (`--retry-uncertain`): what a resume's note says. */
  retryUncertain?: boolean;
  /** Options that decide what is sent; recorded, and compared on resume for a note. */
  fingerprint: unknown;
  note: (line: string) => void;
  /** Masks secrets in text written to the journal (service messages may echo the token). */
  scrub?: (text: string) => string;
  /** The zone (IANA) a note's times are on, named beside them (default: the machine's). */
  timeZone?: string;
}

export function journalKey(inputHash: string, campaignKey: string, baseUrl: string): string {
  return createHash('sha256')
    .update(`${inputHash}\0${campaignKey}\0${baseUrl}`)
    .digest('hex')
    .slice(0, 32);
}

/** Whether earlier runs of this input (at this address, into this campaign) left a journal. */
export function journalExists(
  stateDir: string,
  inputHash: string,
  campaignKey: string,
  baseUrl: string,
): boolean {
  const file = path.join(
    stateDir,
    'journals',
    `${journalKey(inputHash, campaignKey, baseUrl)}.jsonl`,
  );
  return fs.existsSync(file);
}

export async function openImportJournal(opts: FileJournalOptions): Promise<JournalHandle> {
  const inputHash = opts.inputHash;
  const dir = path.join(opts.stateDir, 'journals');
  let forgetFlush = () => {};
  // The open journal, closed again when opening fails after it (its first record not written).
  let opened: AppendLog | undefined;
  writingState(dir, t('state.journal.what'), () => makeDirs(dir));
  const file = path.join(dir, `${journalKey(inputHash, opts.campaignKey, opts.baseUrl)}.jsonl`);
  const lock = acquireLock(`${file}.lock`, opts.input);
  try {
    if (opts.restart && fs.existsSync(file)) {
      const aside = `${file}.restarted-${Date.now()}`;
      fs.renameSync(file, aside);
      opts.note(
        t(opts.allowRepeat === true ? 'state.file.restarted.repeat' : 'state.file.restarted', {
          aside: path.basename(aside),
        }),
      );
    }
    // Never through a link at its name (a ledger's neither): read, cut or appended to.
    try {
      refuseLink(file);
    } catch (e) {
      throw journalWriteError(dir, e);
    }
    // A journal without one complete record (the disk filled, or the power failed, as its first
    // record was written) holds nothing: no batch begins before that record is on disk.
    if (fs.existsSync(file) && !hasCompleteRecord(file)) fs.truncateSync(file, 0);
    const journal =
      fs.existsSync(file) && fs.statSync(file).size > 0 ? loadJournal(file) : undefined;
    // A torn last line (power loss mid-write) is cut off, so new records start on a line of their own.
    if (journal && journal.validBytes < fs.statSync(file).size)
      fs.truncateSync(file, journal.validBytes);
    const log = (opened = new AppendLog(
      await openAppend(file),
      journal ? journal.validBytes : fs.existsSync(file) ? fs.statSync(file).size : 0,
    ));
    forgetFlush = flushOnExit(() => log.flushNow());
    const states = journal?.states ?? new LineStates();
    let nextId = journal?.nextId ?? 1;
    const open = new Map<number, readonly number[]>();
    const scrub = opts.scrub ?? ((t: string) => t);
    const append = (rec: JournalRecord, outcome = false) =>
      log.add(`${JSON.stringify(rec)}\n`, outcome);
    if (!journal) {
      append({
        k: 'h',
        v: 1,
        created: new Date().toISOString(),
        input: opts.input,
        inputHash,
        campaign: opts.campaignKey,
        baseUrl: opts.baseUrl,
        fingerprint: opts.fingerprint,
      });
      await log.durable().catch((e: unknown) => {
        throw journalWriteError(dir, e);
      });
    } else {
      const resumed = resumeNote(journal, opts.timeZone, opts.retryUncertain === true);
      if (resumed) opts.note(resumed);
      if (JSON.stringify(journal.header.fingerprint) !== JSON.stringify(opts.fingerprint)) {
        opts.note(t('state.journal.optionsDiffer'));
      }
    }
    const dj: DeliveryJournal = {
      previous: (line) => STATES[states.get(line)],
      begin: async (lines) => {
        // After a failed write no batch is begun: its record might not reach the disk.
        if (log.failed !== undefined) throw journalWriteError(dir, log.failed);
        const id = nextId++;
        append({ k: 'b', id, lines: toRuns(lines) });
        // In flight must be on disk before the request leaves.
        try {
          await log.durable();
        } catch (e) {
          throw journalWriteError(dir, e);
        }
        open.set(id, lines);
        return id;
      },
      finish: async (id, outcome: RangeOutcome) => {
        const lines = open.get(id) ?? [];
        open.delete(id);
        // Outcomes are written at once and synced with the next batch's begin (or at close): one
        // lost in a power cut only makes that batch look uncertain on the rerun, never resent.
        append(finishRecord(id, outcome, scrub), true);
        log.soon();
        const state = stateOf(outcome.state);
        for (const l of lines) states.set(l, state);
      },
      forEachSettled: (fn) => states.forEachSet((line, state) => fn(line, STATES[state]!)),
      ...(journal ? { earlier: journal.earlier } : {}),
    };
    return {
      journal: dj,
      ...(journal ? { resumedFrom: journal.earlier.since } : {}),
      close: async () => {
        forgetFlush();
        try {
          await log.close();
        } catch (e) {
          throw journalWriteError(dir, e);
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    forgetFlush();
    await opened?.close().catch(() => {});
    lock.release();
    throw e;
  }
}

/**
 * "resuming: an earlier run of this file (started …) imported 1,200 leads and left 500
 * uncertain; those are not sent again", from what the journal settled; undefined when it
 * settled nothing (its batches were all refused or never left).
 */
export function resumeNote(
  journal: Pick<LoadedJournal, 'states' | 'earlier' | 'inFlightAtCrash'>,
  zone: string = machineZone(),
  /** A retry of the uncertain leads: they are sent again, and the note says so. */
  retrying = false,
): string | undefined {
  const count = [0, 0, 0, 0];
  journal.states.forEachSet((_line, state) => count[state]!++);
  const e = journal.earlier;
  const parts: string[] = [];
  if (e.imported > 0) parts.push(tCount('state.journal.resume.imported', e.imported));
  else if (count[DONE]! > 0) parts.push(tCount('state.journal.resume.skipped', count[DONE]!));
  if (count[REJECTED]! > 0)
    parts.push(t('state.journal.resume.refused', { count: formatCount(count[REJECTED]!) }));
  if (count[UNCERTAIN]! > 0)
    parts.push(
      journal.inFlightAtCrash > 0
        ? t('state.journal.resume.uncertain.inFlight', {
            count: formatCount(count[UNCERTAIN]!),
            inFlight: formatCount(journal.inFlightAtCrash),
          })
        : t('state.journal.resume.uncertain', { count: formatCount(count[UNCERTAIN]!) }),
    );
  if (parts.length === 0) return undefined;
  const list =
    parts.length === 1
      ? parts[0]!
      : t('state.journal.resume.list', {
          first: parts.slice(0, -1).join(', '),
          last: parts[parts.length - 1]!,
        });
  const since = formatTimeOnClock(e.since, zone);
  // A retry sends the uncertain ones again (found by an operator walk: the note said "those are
  // not sent again", then the run sent them).
  return retrying && count[UNCERTAIN]! > 0
    ? t('state.journal.resume.retrying', { since, list })
    : t('state.journal.resume', { since, list });
}

/** The record of an outcome; reasons (service messages) pass the scrubber first. */
export function finishRecord(
  id: number,
  o: RangeOutcome,
  scrub: (t: string) => string,
): JournalRecord {
  switch (o.state) {
    case 'done':
      return { k: 'f', id, s: 'done', imported: o.imported, skipped: o.skipped };
    case 'rejected':
      return { k: 'f', id, s: 'rejected', code: o.code, reason: scrub(o.reason) };
    case 'uncertain':
      return { k: 'f', id, s: 'uncertain', reason: scrub(o.reason) };
    case 'failed':
      return { k: 'f', id, s: 'failed', reason: scrub(o.reason) };
  }
}

export interface LoadedJournal {
  header: Header;
  /** Bytes up to the end of the last complete line. */
  validBytes: number;
  states: LineStates;
  nextId: number;
  earlier: EarlierRuns;
  inFlightAtCrash: number;
}

/** Whether `file` holds a complete record (a line ended by its newline). */
function hasCompleteRecord(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) return false;
      if (buf.subarray(0, n).includes(0x0a)) return true;
    }
  } finally {
    fs.closeSync(fd);
  }
}

export function loadJournal(file: string): LoadedJournal {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  // Only records ended by a newline count: the part after the last one is a torn write (its
  // fsync never returned, so no request depended on it), cut off when the journal is opened.
  lines.pop();
  const records: JournalRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === '') continue;
    try {
      records.push(JSON.parse(l) as JournalRecord);
    } catch {
      throw new UsageError(t('state.journal.damaged', { file, line: i + 1 }), {
        hint: t('state.journal.damaged.hint'),
      });
    }
  }
  const header = records[0];
  if (!header || header.k !== 'h')
    throw new UsageError(t('state.journal.noHeader', { file }), {
      hint: t('state.journal.noHeader.hint'),
    });
  const replay = replayJournal(records);
  const validBytes = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
  return { header: header as Header, validBytes, ...replay };
}

/**
 * Replay records in the order they were written: a begin marks its lines in flight (uncertain:
 * the request may have been processed), a finish settles them. So a line's state is what its
 * latest record says, and a batch retried after a crash keeps the outcome of its retry.
 */
export function replayJournal(records: readonly JournalRecord[]): {
  states: LineStates;
  nextId: number;
  earlier: EarlierRuns;
  inFlightAtCrash: number;
} {
  const header = records[0] as Header;
  const states = new LineStates();
  /** Line → id of the latest batch that began it. */
  const owner = new LineMap(new Int32Array(1024));
  const begun = new Map<number, number[]>();
  const earlier: EarlierRuns = {
    since: new Date(header.created),
    imported: 0,
    skipped: 0,
    rejected: new Map(),
  };
  let nextId = 1;
  for (const rec of records) {
    if (rec.k === 'b') {
      const ls = fromRuns(rec.lines);
      begun.set(rec.id, ls);
      nextId = Math.max(nextId, rec.id + 1);
      for (const l of ls) {
        states.set(l, UNCERTAIN);
        owner.set(l, rec.id);
        earlier.rejected.delete(l);
      }
    } else if (rec.k === 'f') {
      const ls = begun.get(rec.id) ?? [];
      begun.delete(rec.id);
      const state = stateOf(rec.s);
      for (const l of ls) {
        // A line begun again by a later batch belongs to that batch's records.
        if (owner.get(l) !== rec.id) continue;
        states.set(l, state);
        if (rec.s === 'rejected') earlier.rejected.set(l, { code: rec.code, reason: rec.reason });
      }
      if (rec.s === 'done') {
        earlier.imported += rec.imported;
        earlier.skipped += rec.skipped;
      }
    }
  }
  // Begun, never finished: the run died with the request in flight. It may have been processed.
  let inFlightAtCrash = 0;
  for (const [id, ls] of begun) for (const l of ls) if (owner.get(l) === id) inFlightAtCrash++;
  return { states, nextId, earlier, inFlightAtCrash };
}
