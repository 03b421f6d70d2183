/**
 * A report written while it is fetched (how `cacs report` writes csv, json and ndjson): each
 * lead's text is made as soon as an answer adds to the lead — in short slices between the
 * answers' arrival, while the remaining requests are awaited — and made again if a later answer
 * adds to it. After the last answer only the leads that answer touched are left to make, and
 * the output is the leads' texts in order: the merging and writing no longer wait for the last
 * answer. The bytes are exactly those writeReport writes for the records runReport returns
 * (test/unit/report-prepared.test.ts).
 *
 * Memory: besides the merged leads, each listed lead's text (UTF-8) until the output is written.
 * With a memory budget ({@link SpillOptions}), once the two together go over it, the merged
 * leads are written to disk as a sorted run (spill.ts) and the texts let go of; from then on
 * nothing is made while the answers come: at the end the runs are merged k-way into the output,
 * made into a file of the same folder, which write() then copies to the sink. The bytes are the
 * same either way.
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CallAttempt, CallRecord } from '../api/spec.js';
import { CacsError, FailureError, InterruptedError } from '../errors.js';
import { t } from '../messages/index.js';
import {
  RecordMerger,
  compareLeadOrder,
  leadOrder,
  type LeadOrder,
  type MergedLead,
} from './merge.js';
import { SpillFolder, mergeRuns, writeRunSync } from './spill.js';
import { CHUNK, encoded, type LeadFormat, type Sink } from './write.js';

/** When to spill the merged leads to disk, and where (spill.ts). */
export interface SpillOptions {
  /**
   * Spill once the merged leads and the texts made of them take more than about this many
   * bytes (merge.ts approxBytes, plus the texts' bytes).
   */
  budget: number;
  /** The folder the private spill folder is made in (default: os.tmpdir()). */
  tempDir?: string;
}

/**
 * A lead of the report: its place in the output (its own LeadOrder: one object a lead, not two),
 * its text once made. Kept in the merger's own entry of the lead (MergedLead.user), so that
 * nothing is looked up by key.
 */
interface Lead extends LeadOrder {
  /** The merger's entry of the lead. */
  handle: MergedLead;
  /** Changed since it was made (or never made): in `pending`. */
  pending: boolean;
  /** Made at least once: in `sorted`. */
  made: boolean;
  /**
   * Where the lead's text is in the TextArena: its chunk (-1 when the range leaves it no attempt:
   * it is not listed), offset and length in bytes.
   */
  chunk: number;
  start: number;
  length: number;
  attempts: number;
}

/** Texts side by side in the arena at least this long are written as they lie (writeText). */
const DIRECT_BYTES = 64 * 1024;

/** Bytes of one chunk of a TextArena (a text longer than that gets a chunk of its own). */
const ARENA_CHUNK = 256 * 1024;

/**
 * The leads' texts (UTF-8) one after another in large buffers: a Buffer of its own per lead
 * took 114 bytes of heap besides its bytes (4 MB for a year's 36,500 leads). A text made again
 * leaves its old bytes unused; they are dropped (the live texts copied afresh) once they are a
 * quarter of the live ones.
 */
class TextArena {
  chunks: Buffer[] = [];
  private at = ARENA_CHUNK;
  /** Bytes of the texts in use, and of those made again since (unused). */
  live = 0;
  dead = 0;

  /** Write `text` at the end; where it went is set on `lead`. */
  put(lead: Lead, text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair: 4 for 2): with that
    // much room left the text is encoded straight in, in one pass. Measuring it first
    // (Buffer.byteLength) walked every lead's text twice: a tenth of a year's report's making.
    // Where that much room is not left (near a chunk's end, or a long text), the text is
    // measured and put where it fits: the estimate never opens a chunk early.
    if (this.chunks.length === 0 || this.at + text.length * 3 > ARENA_CHUNK)
      this.makeRoom(Buffer.byteLength(text));
    this.place(lead, this.chunks[this.chunks.length - 1]!.write(text, this.at));
  }

  /** A chunk with `size` bytes left at its end (a new one if the last has not). */
  private makeRoom(size: number): void {
    if (this.chunks.length > 0 && this.at + size <= ARENA_CHUNK) return;
    this.chunks.push(Buffer.allocUnsafe(Math.max(ARENA_CHUNK, size)));
    this.at = 0;
  }

  /** The `size` bytes just written at the end of the last chunk are `lead`'s text. */
  private place(lead: Lead, size: number): void {
    lead.chunk = this.chunks.length - 1;
    lead.start = this.at;
    lead.length = size;
    this.at += size;
    this.live += size;
  }

  /** The lead's text no longer used (it is made again, or let go of). */
  drop(lead: Lead): void {
    if (lead.chunk < 0) return;
    this.live -= lead.length;
    this.dead += lead.length;
    lead.chunk = -1;
  }

  /** The live texts of `leads` copied into fresh chunks, when enough bytes went unused. */
  compact(leads: readonly Lead[]): void {
    if (this.dead < Math.max(ARENA_CHUNK, this.live / 4)) return;
    const old = this.chunks;
    this.chunks = [];
    this.at = ARENA_CHUNK;
    this.live = 0;
    this.dead = 0;
    for (const lead of leads) {
      if (lead.chunk < 0) continue;
      this.makeRoom(lead.length);
      const copied = old[lead.chunk]!.copy(
        this.chunks[this.chunks.length - 1]!,
        this.at,
        lead.start,
        lead.start + lead.length,
      );
      this.place(lead, copied);
    }
  }

  clear(): void {
    this.chunks = [];
    this.at = ARENA_CHUNK;
    this.live = 0;
    this.dead = 0;
  }
}

/**
 * A format that makes no text: a report prepared for its records alone (`--join`, `--recycle`).
 * Once spilled, finish() then merges nothing: the records are merged once, when read
 * (records()), and the totals it gives are those of that read (PreparedTotals.later).
 */
export const NO_TEXT: LeadFormat = {
  head: '',
  lead: () => '',
  separator: '',
  tail: '',
  empty: '',
};

/** Totals of what is listed. */
export interface PreparedTotals {
  leads: number;
  attempts: number;
  /**
   * NO_TEXT and spilled: the totals are not known before the records are read; `leads` and
   * `attempts` are 0 and the reader of records() counts them.
   */
  later?: boolean;
}

export class PreparedReport {
  /** Add the answers here (in window order); the leads they change are made again. */
  readonly merger: RecordMerger;
  /** Every lead made, sorted in output order whenever nothing is pending. */
  private readonly sorted: Lead[] = [];
  private unsorted = false;
  /** Leads changed since they were made (or never made), from `pendingAt` on. */
  private pending: Lead[] = [];
  private pendingAt = 0;
  private scheduled = false;
  private stopped = false;
  /** The texts made. */
  private readonly texts = new TextArena();
  /** Bytes of the texts made (and in use). */
  private get textBytes(): number {
    return this.texts.live;
  }
  /** Once spilled: the folder of the runs and of the output. */
  private folder: SpillFolder | undefined;
  private readonly runs: string[] = [];
  private failure: { error: unknown } | undefined;
  /** Once spilled and finished: the output, made. */
  private output: string | undefined;
  private spilledRecords: AsyncIterable<CallRecord> | undefined;
  /**
   * Told once of the first lead the service gave two different phone numbers (RecordMerger
   * numberClash): in one run of answers (tellMergerClash, after finish), or across the runs a
   * spilled report merges — when its output is made, or when records() reads them (a format
   * that makes no text: the join's).
   */
  onNumberClash: ((lead: string) => void) | undefined;
  private clashTold = false;

  /**
   * @param keep the attempts to list (RecordMerger.result's `keep`)
   * @param sliceMs how long one slice of background making may keep the event loop
   * @param spill when to spill to disk (default: never)
   */
  constructor(
    private readonly format: LeadFormat,
    private readonly keep: ((attempt: CallAttempt) => boolean) | undefined,
    private readonly sliceMs = 4,
    private readonly spill?: SpillOptions,
  ) {
    this.merger = new RecordMerger((key, handle) => {
      if (this.folder !== undefined) return;
      let lead = handle.user as Lead | undefined;
      if (lead === undefined) {
        // A number id (the usual case) is its own numeric value: no pattern test of the key.
        const id = handle.id;
        const order =
          typeof id === 'number' && Number.isSafeInteger(id)
            ? { id: key, int: key, n: id }
            : leadOrder(key);
        lead = {
          id: order.id,
          int: order.int,
          n: order.n,
          handle,
          pending: false,
          made: false,
          chunk: -1,
          start: 0,
          length: 0,
          attempts: 0,
        };
        handle.user = lead;
      }
      if (!lead.pending) {
        lead.pending = true;
        this.pending.push(lead);
      }
    });
  }

  private get pendingLeft(): number {
    return this.pending.length - this.pendingAt;
  }

  private clearPending(): void {
    this.pending = [];
    this.pendingAt = 0;
  }

  /** Runs written to disk so far (0: the report is held in memory). */
  get spills(): number {
    return this.runs.length;
  }

  /** The private folder of the runs, once the report spilled. */
  get spillFolder(): string | undefined {
    return this.folder?.path;
  }

  /**
   * Make the pending leads in slices of about `sliceMs`, each at a later turn of the event loop,
   * so that answers arriving meanwhile are read (and the next requests sent) first.
   */
  makeSoon(): void {
    if (this.stopped) return;
    if (this.spill !== undefined && this.merger.approxBytes + this.textBytes > this.spill.budget)
      this.spillNow();
    if (this.folder !== undefined) return;
    if (this.scheduled || (this.pendingLeft === 0 && !this.unsorted)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped) return;
      if (this.pendingLeft === 0) {
        this.sort();
        return;
      }
      const until = performance.now() + this.sliceMs;
      const { pending } = this;
      let n = 0;
      while (this.pendingAt < pending.length) {
        this.make(pending[this.pendingAt++]!);
        if ((++n & 15) === 0 && performance.now() >= until) break;
      }
      if (this.pendingAt === pending.length) this.clearPending();
      this.texts.compact(this.sorted);
      this.makeSoon();
    });
  }

  /**
   * Spill now if the merged leads and their texts are over the budget: between the parts of a
   * large answer (FetchOptions.onAdded), so that one answer does not carry the merger far past it.
   */
  checkBudget(): void {
    if (this.stopped || this.spill === undefined) return;
    if (this.merger.approxBytes + this.textBytes > this.spill.budget) this.spillNow();
  }

  /** No more background work (a failed report); finish() still makes what is pending. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Write what the merger holds as a run, and start afresh (in memory: nothing but the new
   * answers). Called between two answers; a failure (no room in the temporary folder) is kept
   * for finish() to throw.
   */
  private spillNow(): void {
    if (this.failure !== undefined) return;
    let file: string;
    try {
      this.folder ??= new SpillFolder(this.spill?.tempDir);
      file = this.folder.file('run');
    } catch (e) {
      this.failure = { error: e };
      return;
    }
    const taken = this.merger.detach();
    this.sorted.length = 0;
    this.clearPending();
    this.unsorted = false;
    this.texts.clear();
    this.runs.push(file);
    try {
      writeRunSync(taken, file);
    } catch (e) {
      this.failure = { error: e };
    }
  }

  /** Remove the spill folder, if any (after the output is written, or on failure). */
  dispose(): void {
    this.stop();
    this.folder?.remove();
  }

  /**
   * Once every answer is added: the rest is made now; what the output lists. When the report
   * spilled, the runs are merged into the output file here (`signal` stops that with an
   * InterruptedError).
   */
  async finish(signal?: AbortSignal): Promise<PreparedTotals> {
    this.stop();
    if (this.folder !== undefined) return this.finishSpilled(signal);
    return this.finishInMemory();
  }

  private finishInMemory(): PreparedTotals {
    const { pending } = this;
    while (this.pendingAt < pending.length) this.make(pending[this.pendingAt++]!);
    this.clearPending();
    this.sort();
    this.texts.compact(this.sorted);
    let leads = 0;
    let attempts = 0;
    for (const lead of this.sorted) {
      if (lead.chunk >= 0) {
        leads++;
        attempts += lead.attempts;
      }
    }
    return { leads, attempts };
  }

  /**
   * The listed records (after finish), made again one at a time from the merged leads and not
   * kept: for figures over the whole report (`--fail-on-violations`) without holding it.
   */
  records(): Iterable<CallRecord> | AsyncIterable<CallRecord> {
    if (this.folder !== undefined)
      return mergeRuns(this.runs, this.keep, (key) => this.tellClash(key));
    return this.inMemoryRecords();
  }

  private *inMemoryRecords(): Generator<CallRecord> {
    for (const lead of this.sorted) {
      const record = this.merger.recordOf(lead.handle, this.keep);
      if (record !== undefined) yield record;
    }
  }

  /** Tell onNumberClash of a lead given two numbers in the answers merged (after finish). */
  tellMergerClash(): void {
    this.tellClash(this.merger.numberClash);
  }

  private tellClash(lead: string | undefined): void {
    if (lead === undefined || this.clashTold) return;
    this.clashTold = true;
    this.onNumberClash?.(lead);
  }

  /** The output (after finish), in chunks of about CHUNK bytes; each lead's text is let go of. */
  write(sink: Sink): Promise<void> {
    const output = this.output;
    if (output !== undefined) return encoded(this.format, sink, (out) => copyFile(output, out));
    return encoded(this.format, sink, (out) => this.writeText(out));
  }

  /** finish() of a report that spilled: the rest spilled too, then every run merged. */
  private async finishSpilled(signal: AbortSignal | undefined): Promise<PreparedTotals> {
    try {
      return await this.mergeSpilled(signal);
    } catch (e) {
      if (e instanceof CacsError) throw e;
      const where = this.folder?.path ?? this.spill?.tempDir ?? os.tmpdir();
      const code = (e as { code?: string }).code ?? (e as Error).message;
      throw new FailureError(t('report.spill.unwritable', { folder: where, code }), {
        category: 'write_failed',
        hint: t('report.spill.unwritable.hint'),
        cause: e,
      });
    }
  }

  private async mergeSpilled(signal: AbortSignal | undefined): Promise<PreparedTotals> {
    if (this.merger.size > 0) this.spillNow();
    if (this.failure !== undefined) throw this.failure.error;
    // No text to make: the records are merged once, when records() reads them.
    if (this.format === NO_TEXT) return { leads: 0, attempts: 0, later: true };
    const folder = this.folder!;
    const output = folder.file('output');
    const { format } = this;
    const fh = await fs.promises.open(output, 'wx', 0o600);
    let leads = 0;
    let attempts = 0;
    try {
      let parts: Buffer[] = [];
      let size = 0;
      // An empty text is not kept: a format that makes none (the join's) would otherwise pile
      // up one empty Buffer per lead, never reaching CHUNK (a million leads: 250 MB).
      const push = (b: Buffer) => {
        if (b.length === 0) return;
        parts.push(b);
        size += b.length;
      };
      const separator = Buffer.from(format.separator);
      const clash = (key: string) => this.tellClash(key);
      for await (const record of mergeRuns(this.runs, this.keep, clash)) {
        if (signal?.aborted) throw new InterruptedError(t('api.report.interrupted'));
        if (leads === 0) push(Buffer.from(format.head));
        else if (separator.length > 0) push(separator);
        leads++;
        attempts += record.data?.length ?? 0;
        push(Buffer.from(format.lead(record)));
        if (size > CHUNK) {
          await fh.appendFile(Buffer.concat(parts, size));
          parts = [];
          size = 0;
        }
      }
      if (leads === 0) {
        if (format.empty !== '') push(Buffer.from(format.empty));
      } else {
        push(Buffer.from(format.tail));
      }
      if (size > 0) await fh.appendFile(Buffer.concat(parts, size));
    } finally {
      await fh.close();
    }
    this.output = output;
    return { leads, attempts };
  }

  private async writeText(sink: Sink): Promise<void> {
    const { format, sorted } = this;
    const separator = Buffer.from(format.separator);
    let parts: Buffer[] = [];
    let size = 0;
    const push = (b: Buffer) => {
      parts.push(b);
      size += b.length;
    };
    const flush = async () => {
      const chunk = Buffer.concat(parts, size);
      parts = [];
      size = 0;
      await sink.write(chunk);
    };
    let first = true;
    const { texts } = this;
    // Texts side by side in the arena (leads made in output order, no separator between them:
    // csv) are written as one view of its bytes, not copied into a new buffer: the output's
    // copies were 10 MB of garbage at the end of a year's report, its peak.
    let run: { chunk: number; start: number; end: number } | undefined;
    const endRun = async () => {
      if (run === undefined) return;
      const bytes = texts.chunks[run.chunk]!.subarray(run.start, run.end);
      run = undefined;
      if (bytes.length >= DIRECT_BYTES) {
        if (size > 0) await flush();
        await sink.write(bytes);
        return;
      }
      push(bytes);
      if (size > CHUNK) await flush();
    };
    for (let i = 0; i < sorted.length; i++) {
      const lead = sorted[i]!;
      if (lead.chunk < 0) continue;
      if (first) {
        await endRun();
        push(Buffer.from(format.head));
        first = false;
      } else if (separator.length > 0) {
        await endRun();
        push(separator);
      }
      if (run !== undefined && run.chunk === lead.chunk && run.end === lead.start) {
        run.end += lead.length;
      } else {
        await endRun();
        run = { chunk: lead.chunk, start: lead.start, end: lead.start + lead.length };
      }
      texts.drop(lead);
    }
    await endRun();
    texts.clear();
    if (first) {
      if (format.empty !== '') await sink.write(format.empty);
      return;
    }
    push(Buffer.from(format.tail));
    await flush();
  }

  private make(lead: Lead): void {
    lead.pending = false;
    // Read once, into the lead's text: the merger's own record when it is the merged one.
    const record = this.merger.viewOf(lead.handle, this.keep);
    lead.attempts = record?.data?.length ?? 0;
    if (lead.made) {
      this.texts.drop(lead);
      if (record !== undefined) this.texts.put(lead, this.format.lead(record));
      return;
    }
    lead.made = true;
    if (record !== undefined) this.texts.put(lead, this.format.lead(record));
    // Leads mostly come in order (answers list them by id, windows come in order): the sort
    // then only merges a few runs.
    if (this.sorted.length > 0 && compareLeadOrder(this.sorted.at(-1)!, lead) > 0)
      this.unsorted = true;
    this.sorted.push(lead);
  }

  private sort(): void {
    if (!this.unsorted) return;
    this.sorted.sort(compareLeadOrder);
    this.unsorted = false;
  }
}

/** The file's bytes to the sink, in pieces of CHUNK bytes. */
async function copyFile(file: string, sink: Sink): Promise<void> {
  const fh = await fs.promises.open(file, 'r');
  try {
    for (;;) {
      // A new buffer each time: the sink may keep what it is given until written.
      const buffer = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await fh.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) return;
      await sink.write(buffer.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
}
