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
import { UsageError } from '../errors.js';
import { hashFile, type InputInfo } from '../leads/read.js';
import { formatLocalTime, formatCount } from '../text.js';
import type { JournalHandle } from './import.js';
import type { DeliveryJournal, EarlierRuns, PreviousState, RangeOutcome } from './journal-types.js';
import { acquireLock } from './lock.js';

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

interface Header {
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
type JournalRecord =
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

/** Line → state, in a byte array that grows with the highest line seen. */
class LineStates {
  private a = new Uint8Array(1024);
  get(line: number): number {
    return line < this.a.length ? this.a[line]! : NONE;
  }
  set(line: number, state: number): void {
    if (line >= this.a.length) {
      let n = this.a.length;
      while (n <= line) n *= 2;
      const b = new Uint8Array(n);
      b.set(this.a);
      this.a = b;
    }
    this.a[line] = state;
  }
}

/**
 * Appends with group commit: durable() writes everything added so far and fdatasyncs it off the
 * main thread; concurrent callers share one sync. Nothing blocks the event loop.
 */
export class AppendLog {
  private pending = '';
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(private readonly fh: fs.promises.FileHandle) {}

  add(text: string): void {
    this.pending += text;
  }

  /** Resolves once everything added before the call is on disk. */
  durable(): Promise<void> {
    const run = this.chain.then(() => this.flush());
    this.chain = run.catch((e: unknown) => {
      this.failure ??= e;
    });
    return run;
  }

  /** Flush in the background; a failure is reported by close(). */
  soon(): void {
    void this.durable().catch(() => {});
  }

  private async flush(): Promise<void> {
    if (this.pending === '') return;
    const data = this.pending;
    this.pending = '';
    await this.fh.write(data);
    await this.fh.datasync();
  }

  async close(): Promise<void> {
    try {
      await this.durable();
      if (this.failure !== undefined) throw this.failure;
    } finally {
      await this.fh.close();
    }
  }
}

export interface OpenJournalOptions {
  stateDir: string;
  info: InputInfo;
  /** SHA-256 of the input, if already known (else the file is read to compute it). */
  inputHash?: string | undefined;
  campaignKey: string;
  baseUrl: string;
  restart: boolean;
  /** Options that decide what is sent; recorded, and compared on resume for a note. */
  fingerprint: unknown;
  note: (line: string) => void;
}

export function journalKey(inputHash: string, campaignKey: string, baseUrl: string): string {
  return createHash('sha256')
    .update(`${inputHash}\0${campaignKey}\0${baseUrl}`)
    .digest('hex')
    .slice(0, 32);
}

export async function openImportJournal(opts: OpenJournalOptions): Promise<JournalHandle> {
  const inputHash = opts.inputHash ?? (await hashFile(opts.info.path));
  const dir = path.join(opts.stateDir, 'journals');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new UsageError(
      `cannot create the state folder ${dir}: ${(e as { code?: string }).code ?? e}`,
      {
        hint: 'Set CACS_STATE_DIR to a writable folder.',
      },
    );
  }
  const file = path.join(dir, `${journalKey(inputHash, opts.campaignKey, opts.baseUrl)}.jsonl`);
  const lock = acquireLock(`${file}.lock`, opts.info.displayName);
  try {
    if (opts.restart && fs.existsSync(file)) {
      const aside = `${file}.restarted-${Date.now()}`;
      fs.renameSync(file, aside);
      opts.note(
        `--restart: what earlier runs recorded is set aside (${path.basename(aside)}); every lead will be sent`,
      );
    }
    const journal = fs.existsSync(file) ? loadJournal(file) : undefined;
    // A torn last line (power loss mid-write) is cut off, so new records start on a line of their own.
    if (journal && journal.validBytes < fs.statSync(file).size)
      fs.truncateSync(file, journal.validBytes);
    const log = new AppendLog(await fs.promises.open(file, 'a', 0o600));
    const states = journal?.states ?? new LineStates();
    let nextId = journal?.nextId ?? 1;
    const open = new Map<number, readonly number[]>();
    const append = (rec: JournalRecord) => log.add(`${JSON.stringify(rec)}\n`);
    if (!journal) {
      append({
        k: 'h',
        v: 1,
        created: new Date().toISOString(),
        input: opts.info.displayName,
        inputHash,
        campaign: opts.campaignKey,
        baseUrl: opts.baseUrl,
        fingerprint: opts.fingerprint,
      });
      await log.durable();
    } else {
      const e = journal.earlier;
      opts.note(
        `resuming: an earlier run of this file (started ${formatLocalTime(e.since)}) imported ${formatCount(e.imported)} leads; those are not sent again` +
          (journal.inFlightAtCrash > 0
            ? ` (${formatCount(journal.inFlightAtCrash)} leads were in flight when it stopped: now uncertain)`
            : ''),
      );
      if (JSON.stringify(journal.header.fingerprint) !== JSON.stringify(opts.fingerprint)) {
        opts.note(
          'note: options that decide what is sent differ from the earlier run; rows it settled still count as settled',
        );
      }
    }
    const dj: DeliveryJournal = {
      previous: (line) => STATES[states.get(line)],
      begin: async (lines) => {
        const id = nextId++;
        open.set(id, lines);
        append({ k: 'b', id, lines: toRuns(lines) });
        // In flight must be on disk before the request leaves.
        await log.durable();
        return id;
      },
      finish: async (id, outcome: RangeOutcome) => {
        const lines = open.get(id) ?? [];
        open.delete(id);
        // Outcomes go to disk with the next sync (or at close): one lost in a crash only makes
        // that batch look uncertain on the rerun, never resent.
        append(finishRecord(id, outcome));
        log.soon();
        const state = stateOf(outcome.state);
        for (const l of lines) states.set(l, state);
      },
      ...(journal ? { earlier: journal.earlier } : {}),
    };
    return {
      journal: dj,
      ...(journal ? { resumedFrom: journal.earlier.since } : {}),
      close: async () => {
        try {
          await log.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}

function finishRecord(id: number, o: RangeOutcome): JournalRecord {
  switch (o.state) {
    case 'done':
      return { k: 'f', id, s: 'done', imported: o.imported, skipped: o.skipped };
    case 'rejected':
      return { k: 'f', id, s: 'rejected', code: o.code, reason: o.reason };
    case 'uncertain':
      return { k: 'f', id, s: 'uncertain', reason: o.reason };
    case 'failed':
      return { k: 'f', id, s: 'failed', reason: o.reason };
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

export function loadJournal(file: string): LoadedJournal {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const records: JournalRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === '') continue;
    try {
      records.push(JSON.parse(l) as JournalRecord);
    } catch {
      // A torn write can only be the last line; anything else is damage worth saying.
      if (i < lines.length - 2)
        throw new UsageError(`the journal ${file} is damaged at line ${i + 1}`, {
          hint: 'Move it away, or rerun with --restart (which sends every lead again).',
        });
    }
  }
  const header = records[0];
  if (!header || header.k !== 'h')
    throw new UsageError(`the journal ${file} has no header`, {
      hint: 'Move it away or rerun with --restart.',
    });
  const states = new LineStates();
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
    } else if (rec.k === 'f') {
      const ls = begun.get(rec.id) ?? [];
      begun.delete(rec.id);
      const state = stateOf(rec.s);
      for (const l of ls) {
        states.set(l, state);
        if (state !== REJECTED) earlier.rejected.delete(l);
      }
      if (rec.s === 'done') {
        earlier.imported += rec.imported;
        earlier.skipped += rec.skipped;
      } else if (rec.s === 'rejected') {
        for (const l of ls) earlier.rejected.set(l, { code: rec.code, reason: rec.reason });
      }
    }
  }
  // Begun, never finished: the run died with the request in flight. It may have been processed.
  let inFlightAtCrash = 0;
  for (const ls of begun.values()) {
    for (const l of ls) states.set(l, UNCERTAIN);
    inFlightAtCrash += ls.length;
  }
  const lastNewline = text.lastIndexOf('\n');
  const validBytes = Buffer.byteLength(text.slice(0, lastNewline + 1));
  return { header: header as Header, validBytes, states, nextId, earlier, inFlightAtCrash };
}
