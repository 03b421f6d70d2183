/**
 * Merging a report larger than memory: when the merged leads held in memory grow past a budget,
 * they are written to disk as a sorted run (one lead's merged state per line, in output order,
 * merge.ts LeadState) and the merger starts afresh; at the end the runs are merged k-way by
 * campaign_lead_id, each lead's states merged in run order (the order their answers were
 * added), so the records are exactly those one merger holding everything gives.
 *
 * The runs live in a private folder (mkdtemp in the system's temporary folder — $TMPDIR, else
 * /tmp — named cacs-report-XXXXXX, mode 0700, files 0600): they hold customer data. It is
 * removed when the report is written or fails, and by the exit hook of cleanup.ts if the process
 * must stop at once (a second Ctrl-C) or exits with it still in place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { CallAttempt, CallRecord } from '../api/spec.js';
import { markOwner, removeOnExit } from '../cleanup.js';
import {
  RecordMerger,
  compareLeadOrder,
  leadOrder,
  type LeadOrder,
  type LeadState,
} from './merge.js';

/** Runs are written in pieces of about this many bytes… */
const PIECE = 1 << 20;
/** … and read back in pieces of this many: a large report merges dozens of runs at once. */
const READ_PIECE = 1 << 16;

/** The private folder of one report's runs (see the module comment). */
export class SpillFolder {
  readonly path: string;
  private readonly forget: () => void;
  private files = 0;
  private removed = false;

  /** @param parent the folder to make it in (default: os.tmpdir()) */
  constructor(parent: string = os.tmpdir()) {
    // mkdtemp makes it 0700; removeOnExit at once, before anything can fail.
    this.path = fs.mkdtempSync(path.join(parent, 'cacs-report-'));
    this.forget = removeOnExit(this.path);
    fs.chmodSync(this.path, 0o700);
  }

  /** A new file name in the folder. */
  file(name: string): string {
    // With its first run, its pid: a later run removes it if this process was killed
    // (cleanup.ts removeStaleTemp).
    if (this.files === 0) markOwner(this.path);
    return path.join(this.path, `${++this.files}.${name}`);
  }

  /** Remove the folder and all in it (again: a no-op). */
  remove(): void {
    if (this.removed) return;
    this.removed = true;
    try {
      fs.rmSync(this.path, { recursive: true, force: true });
    } finally {
      this.forget();
    }
  }
}

/**
 * Write every lead of `merger` to `file`, sorted, one LeadState per line (JSON). Synchronous on
 * purpose: the answers wait meanwhile, so the runs never queue up in memory faster than the disk
 * takes them.
 */
export function writeRunSync(merger: RecordMerger, file: string): void {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    let parts: string[] = [];
    let size = 0;
    const flush = () => {
      const bytes = Buffer.from(parts.join(''));
      parts = [];
      size = 0;
      for (let at = 0; at < bytes.length;) at += fs.writeSync(fd, bytes, at);
    };
    for (const key of merger.keys()) {
      const line = `${JSON.stringify(merger.state(key))}\n`;
      parts.push(line);
      size += line.length;
      if (size >= PIECE) flush();
    }
    if (parts.length > 0) flush();
  } finally {
    fs.closeSync(fd);
  }
}

/** One run read back lead by lead. */
class RunReader {
  current: { order: LeadOrder; state: LeadState } | undefined;
  private lines: string[] = [];
  private at = 0;
  private rest = '';
  private ended = false;
  private readonly decoder = new StringDecoder('utf8');
  private readonly buffer = Buffer.allocUnsafe(READ_PIECE);

  private constructor(private readonly fh: fs.promises.FileHandle) {}

  static async open(file: string): Promise<RunReader> {
    return new RunReader(await fs.promises.open(file, 'r'));
  }

  /** Move to the next lead (`current` undefined at the end); a promise only when it must read. */
  advance(): Promise<void> | undefined {
    if (this.at < this.lines.length) {
      this.take();
      return undefined;
    }
    return this.fill();
  }

  private take(): void {
    const state = JSON.parse(this.lines[this.at]!) as LeadState;
    this.lines[this.at++] = '';
    this.current = { order: leadOrder(String(state.i)), state };
  }

  private async fill(): Promise<void> {
    while (this.at >= this.lines.length) {
      if (this.ended) {
        this.current = undefined;
        return;
      }
      const { bytesRead } = await this.fh.read(this.buffer, 0, READ_PIECE, null);
      let text: string;
      if (bytesRead === 0) {
        this.ended = true;
        text = this.rest + this.decoder.end();
        this.rest = '';
        this.lines = text === '' ? [] : [text];
      } else {
        text = this.rest + this.decoder.write(this.buffer.subarray(0, bytesRead));
        const lines = text.split('\n');
        this.rest = lines.pop()!;
        this.lines = lines;
      }
      this.at = 0;
    }
    this.take();
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}

/**
 * The records of the runs (written by writeRun, in the order their records were added), merged
 * k-way: what RecordMerger.result(keep) gives for all their records added to one merger, one at
 * a time.
 */
export async function* mergeRuns(
  files: readonly string[],
  keep?: (attempt: CallAttempt) => boolean,
  /** Told the first lead given two different phone numbers in two runs (RecordMerger.numberClash). */
  onNumberClash?: (key: string) => void,
): AsyncGenerator<CallRecord> {
  const readers: RunReader[] = [];
  try {
    for (const file of files) readers.push(await RunReader.open(file));
    for (const r of readers) await r.advance();
    const merger = new RecordMerger();
    for (;;) {
      let min: LeadOrder | undefined;
      for (const r of readers) {
        const c = r.current;
        if (c !== undefined && (min === undefined || compareLeadOrder(c.order, min) < 0))
          min = c.order;
      }
      if (min === undefined) return;
      const key = min.id;
      // Equal ids only: the order is total on the keys (merge.ts compareLeadIds).
      for (const r of readers) {
        if (r.current?.order.id !== key) continue;
        merger.addState(key, r.current.state);
        const more = r.advance();
        if (more !== undefined) await more;
      }
      const record = merger.record(key, keep);
      if (merger.numberClash !== undefined && onNumberClash !== undefined) {
        onNumberClash(merger.numberClash);
        onNumberClash = undefined;
      }
      merger.clear();
      if (record !== undefined) yield record;
    }
  } finally {
    await Promise.allSettled(readers.map((r) => r.close()));
  }
}
