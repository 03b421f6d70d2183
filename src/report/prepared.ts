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
 */
import { performance } from 'node:perf_hooks';
import type { CallAttempt, CallRecord } from '../api/spec.js';
import { RecordMerger, compareLeadOrder, leadOrder, type LeadOrder } from './merge.js';
import { CHUNK, encoded, type LeadFormat, type Sink } from './write.js';

interface Lead {
  order: LeadOrder;
  /** The lead's text; null when the range leaves it no attempt (it is not listed). */
  text: Buffer | null;
  attempts: number;
}

/** Totals of what is listed. */
export interface PreparedTotals {
  leads: number;
  attempts: number;
}

export class PreparedReport {
  /** Add the answers here (in window order); the leads they change are made again. */
  readonly merger: RecordMerger;
  private readonly leads = new Map<string, Lead>();
  /** Every lead made, sorted in output order whenever nothing is pending. */
  private readonly sorted: Lead[] = [];
  private unsorted = false;
  /** Leads changed since they were made (or never made). */
  private readonly pending = new Set<string>();
  private scheduled = false;
  private stopped = false;

  /**
   * @param keep the attempts to list (RecordMerger.result's `keep`)
   * @param sliceMs how long one slice of background making may keep the event loop
   */
  constructor(
    private readonly format: LeadFormat,
    private readonly keep: ((attempt: CallAttempt) => boolean) | undefined,
    private readonly sliceMs = 4,
  ) {
    this.merger = new RecordMerger((key) => this.pending.add(key));
  }

  /**
   * Make the pending leads in slices of about `sliceMs`, each at a later turn of the event loop,
   * so that answers arriving meanwhile are read (and the next requests sent) first.
   */
  makeSoon(): void {
    if (this.scheduled || this.stopped || (this.pending.size === 0 && !this.unsorted)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped) return;
      if (this.pending.size === 0) {
        this.sort();
        return;
      }
      const until = performance.now() + this.sliceMs;
      let n = 0;
      for (const key of this.pending) {
        this.make(key);
        if ((++n & 15) === 0 && performance.now() >= until) break;
      }
      this.makeSoon();
    });
  }

  /** No more background work (a failed report); finish() still makes what is pending. */
  stop(): void {
    this.stopped = true;
  }

  /** Once every answer is added: the rest is made now; what the output lists. */
  finish(): PreparedTotals {
    this.stop();
    for (const key of this.pending) this.make(key);
    this.sort();
    let leads = 0;
    let attempts = 0;
    for (const lead of this.sorted) {
      if (lead.text !== null) {
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
  *records(): Generator<CallRecord> {
    for (const lead of this.sorted) {
      const record = this.merger.record(lead.order.id, this.keep);
      if (record !== undefined) yield record;
    }
  }

  /** The output (after finish), in chunks of about CHUNK bytes; each lead's text is let go of. */
  write(sink: Sink): Promise<void> {
    return encoded(this.format, sink, (out) => this.writeText(out));
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
    for (let i = 0; i < sorted.length; i++) {
      const text = sorted[i]!.text;
      if (text === null) continue;
      sorted[i]!.text = null;
      if (first) {
        push(Buffer.from(format.head));
        first = false;
      } else if (separator.length > 0) {
        push(separator);
      }
      push(text);
      if (size > CHUNK) await flush();
    }
    if (first) {
      if (format.empty !== '') await sink.write(format.empty);
      return;
    }
    push(Buffer.from(format.tail));
    await flush();
  }

  private make(key: string): void {
    this.pending.delete(key);
    const record = this.merger.record(key, this.keep);
    const text = record === undefined ? null : Buffer.from(this.format.lead(record));
    const attempts = record?.data?.length ?? 0;
    const lead = this.leads.get(key);
    if (lead !== undefined) {
      lead.text = text;
      lead.attempts = attempts;
      return;
    }
    const made: Lead = { order: leadOrder(key), text, attempts };
    this.leads.set(key, made);
    // Leads mostly come in order (answers list them by id, windows come in order): the sort
    // then only merges a few runs.
    if (this.sorted.length > 0 && compareLeadOrder(this.sorted.at(-1)!.order, made.order) > 0)
      this.unsorted = true;
    this.sorted.push(made);
  }

  private sort(): void {
    if (!this.unsorted) return;
    this.sorted.sort((a, b) => compareLeadOrder(a.order, b.order));
    this.unsorted = false;
  }
}
