/**
 * The reads after the preflight (see prepare.ts): the sending pass's leads, from a second read
 * of a CSV checked against the preflight's (rereadLeads) or from the spool the preflight wrote
 * (spoolLine, readSpool), and the original values of some lines (originalRows).
 */
import fs from 'node:fs';
import { openRows } from '../input/rows.js';
import type { InputInfo, OpenRowsOptions } from '../input/types.js';
import { REJECTS_META_COLUMNS, isRejectsHeader } from './rejects.js';

/** A valid lead for the sending pass: its input line, and the lead (or its JSON as text or bytes). */
export interface LeadEntry {
  line: number;
  lead: Readonly<Record<string, string>> | string | Buffer;
  /** The normalised phone_number and the ref_id (for the campaign ledger). */
  phone: string;
  ref?: string;
  /**
   * The row's values as in the input (second read only), for the rejects and uncertain files:
   * as their JSON (text, or UTF-8 bytes: see rereadLeads), or as they are.
   */
  values?: readonly string[] | string | Uint8Array;
}

/**
 * Bytes for the leads the second read holds, written a piece at a time into shared 64 kB
 * buffers: a lead's JSON and its values' JSON are kept as views into them, outside V8's heap.
 * As strings they lived long enough (read ahead, then in flight until answered) for every young
 * collection to copy them, and to be promoted: most of the sending pass's collection time.
 */
export class ByteArena {
  private static readonly SIZE = 1 << 16;
  private buf = Buffer.allocUnsafe(ByteArena.SIZE);
  private at = 0;

  /** The UTF-8 bytes of `text`, as a view of their own. */
  put(text: string): Buffer {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const most = text.length * 3;
    if (most > ByteArena.SIZE >> 2) return Buffer.from(text);
    if (this.at + most > this.buf.length) {
      this.buf = Buffer.allocUnsafe(ByteArena.SIZE);
      this.at = 0;
    }
    const start = this.at;
    this.at += this.buf.write(text, start);
    return this.buf.subarray(start, this.at);
  }
}

/**
 * Leads the sending pass's second read may hold ahead of the sending: two batches of 500 is
 * plenty (it reads many times faster than leads are sent). Whatever the pipeline holds lives
 * long enough to reach V8's old generation, which grows to a few times what is alive: 8,192
 * here cost ≈ 60 MB of peak RSS.
 */
const READ_AHEAD = 1024;

/** One bit per data row, growing as rows are read. */
export class RowBits {
  private bits = new Uint8Array(1 << 12);
  set(i: number): void {
    if (i >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (i >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[i >> 3]! |= 1 << (i & 7);
  }
  has(i: number): boolean {
    return ((this.bits[i >> 3] ?? 0) & (1 << (i & 7))) !== 0;
  }
}

/**
 * The sending pass's second read of the input: every block checked against the preflight's
 * digests before it is parsed (InputChangedError otherwise), the rows the preflight found
 * valid built into leads again. The reader works ahead of the sending, a slice of text at a
 * time with the event loop free in between, and waits once READ_AHEAD leads are ready.
 */
export async function* rereadLeads(
  info: InputInfo,
  read: OpenRowsOptions,
  valid: RowBits,
  build: (values: readonly string[]) => { lead: Record<string, string> },
  skip: number,
): AsyncGenerator<LeadEntry[]> {
  const source = await openRows(info, read);
  let buffer: LeadEntry[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let cancelled = false;
  let wakeConsumer: (() => void) | undefined;
  let wakeReader: (() => void) | undefined;
  let ordinal = 0;
  const arena = new ByteArena();
  const reading = source
    .each(
      (row) => {
        if (valid.has(ordinal++)) {
          const lead = build(row.values).lead;
          buffer.push({
            line: row.line,
            // The lead and the row's values as JSON bytes (ByteArena): the values are slices of
            // the reader's decoded text (64 kB a piece), which an entry kept until its answer
            // would keep alive — and V8 lets its heap grow to a few times what is alive.
            lead: arena.put(JSON.stringify(lead)),
            phone: lead.phone_number ?? '',
            ...(lead.ref_id !== undefined ? { ref: lead.ref_id } : {}),
            values: arena.put(JSON.stringify(skip ? row.values.slice(skip) : row.values)),
          });
        }
      },
      {
        afterChunk: () => {
          if (cancelled) throw new Error('the sending pass stopped reading');
          if (buffer.length > 0) wakeConsumer?.();
          // Read ahead while the requests are out, a slice at a time (answers are handled
          // between slices), up to READ_AHEAD leads.
          if (buffer.length < READ_AHEAD) return new Promise<void>((r) => setImmediate(r));
          return new Promise<void>((resolve) => (wakeReader = resolve));
        },
      },
    )
    .catch((e: unknown) => {
      failure = { error: e };
    })
    .finally(() => {
      finished = true;
      wakeConsumer?.();
    });
  try {
    for (;;) {
      if (buffer.length === 0 && !finished)
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
      wakeConsumer = undefined;
      if (buffer.length > 0) {
        const out = buffer;
        buffer = [];
        // The reader goes on at the next turn of the event loop: requests the consumer starts
        // with these leads go out first.
        const reader = wakeReader;
        wakeReader = undefined;
        if (reader) setImmediate(reader);
        yield out;
        continue;
      }
      if (finished) break;
    }
    if (failure) throw failure.error;
  } finally {
    cancelled = true;
    wakeReader?.();
    await reading;
  }
}

/** A valid lead as the spool keeps it: `<line>\t<phone>\t<ref>\t<json>\n`. */
export function spoolLine(line: number, lead: Readonly<Record<string, string>>): string {
  return `${line}\t${lead.phone_number}\t${spoolRef(lead.ref_id)}\t${JSON.stringify(lead)}\n`;
}

/**
 * Read the spool back: valid leads in order, with their input lines, a read chunk's worth at a
 * time (one await per chunk, not per lead). Each lead's JSON stays bytes (a view into the chunk
 * read): request bodies are assembled from them without decoding and re-encoding UTF-8.
 */
export async function* readSpool(spoolPath: string): AsyncGenerator<LeadEntry[]> {
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(spoolPath, { highWaterMark: 1 << 20 })) {
    const bytes: Buffer = tail.length > 0 ? Buffer.concat([tail, chunk as Buffer]) : chunk;
    const entries: LeadEntry[] = [];
    let start = 0;
    let nl: number;
    while ((nl = bytes.indexOf(10, start)) >= 0) {
      // "<line>\t<phone>\t<ref>\t<json>\n": the line number is ASCII digits.
      let line = 0;
      let i = start;
      for (let c = bytes[i]!; c !== 9; c = bytes[++i]!) line = line * 10 + (c - 48);
      const phoneEnd = bytes.indexOf(9, i + 1);
      const refEnd = bytes.indexOf(9, phoneEnd + 1);
      const phone = bytes.toString('utf8', i + 1, phoneEnd);
      const ref = refEnd > phoneEnd + 1 ? bytes.toString('utf8', phoneEnd + 1, refEnd) : undefined;
      entries.push({
        line,
        phone,
        ...(ref !== undefined ? { ref } : {}),
        lead: bytes.subarray(refEnd + 1, nl),
      });
      start = nl + 1;
    }
    tail = Buffer.from(bytes.subarray(start));
    if (entries.length > 0) yield entries;
  }
}

/**
 * The original values of some input lines (for service rejects and uncertain leads), from a
 * read checked against the preflight's digests: InputChangedError if the input changed.
 */
export async function originalRows(
  info: InputInfo,
  lines: ReadonlySet<number>,
  digests: readonly Buffer[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (lines.size === 0) return out;
  const source = await openRows(info, { verify: digests });
  const skip = isRejectsHeader(source.headers) ? REJECTS_META_COLUMNS.length : 0;
  await source.each((row) => {
    if (lines.has(row.line)) out.set(row.line, skip ? row.values.slice(skip) : row.values);
  });
  return out;
}

/** A ref_id as the spool keeps it beside the lead (tabs and line breaks cannot occur there). */
function spoolRef(ref: string | undefined): string {
  return ref === undefined ? '' : ref.replace(/[\t\r\n]/g, ' ');
}
