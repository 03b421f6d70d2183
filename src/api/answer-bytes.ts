/**
 * An answer's body as it arrives, held once (issue 22 item 10, fifth round). got's promise
 * interface keeps every chunk of a body and then concatenates them, so for a moment an answer
 * takes twice its bytes (a day of a million-lead campaign is 20–23 MB, four in flight at the
 * start of a report). Here an answer that announces its length (Content-Length, the bytes on
 * the wire, compressed or not) is copied chunk by chunk into one buffer of that length; the
 * chunks are garbage as soon as they are copied. Without an announced length (chunked) the
 * chunks are kept and joined at the end, as before. Whether the body matches what it announced
 * is not judged here: the HTTP parser and got refuse a body shorter or longer than its
 * Content-Length before the end is reached.
 */
export class AnswerBytes {
  /** The one buffer of the announced length, while the body fits it. */
  private whole: Buffer | undefined;
  /** Without an announced length (or past it): the chunks, joined at the end. */
  private chunks: Buffer[] = [];
  /** Bytes received so far. */
  private size = 0;

  /**
   * @param announced the body's announced length, when it has one; a body no larger than
   * `max` gets its buffer now (a larger one is refused by the caller before it is read).
   */
  constructor(announced: number | undefined, max: number) {
    if (
      announced !== undefined &&
      Number.isSafeInteger(announced) &&
      announced > 0 &&
      announced <= max
    )
      this.whole = Buffer.allocUnsafe(announced);
  }

  /** The length of the buffer allocated up front (0 without one). */
  get reserved(): number {
    return this.whole?.length ?? 0;
  }

  add(chunk: Buffer): void {
    if (this.whole !== undefined) {
      if (this.size + chunk.length <= this.whole.length) {
        chunk.copy(this.whole, this.size);
        this.size += chunk.length;
        return;
      }
      // More than announced: keep what came and go on by chunks.
      this.chunks.push(this.whole.subarray(0, this.size));
      this.whole = undefined;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** The body received, as one Buffer (only the bytes that arrived). */
  bytes(): Buffer {
    if (this.whole !== undefined)
      return this.size === this.whole.length ? this.whole : this.whole.subarray(0, this.size);
    if (this.chunks.length === 1) return this.chunks[0]!;
    return Buffer.concat(this.chunks, this.size);
  }
}

/** A Content-Length header's value as a number of bytes, when it is one. */
export function announcedLength(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}
