/**
 * A fast CSV reader for the common, well-formed case — and only for it.
 *
 * It accepts a strict subset of what csv-parse (with cacs's options: one-character delimiter,
 * `"` quotes doubled inside quoted values, skip_empty_lines, a fixed column count, line
 * endings auto-detected) reads, and for every input it accepts it yields exactly the records
 * and start lines csv-parse would. Anything outside the subset — a quote that does not start a
 * value, characters after a closing quote, an unclosed quote, a row with another column count,
 * a bare CR, line endings that change style, a very long row — makes it give up (`false`) at
 * the record where that happens: the caller then lets csv-parse read the file and report the
 * problem exactly as before. The records already accepted are a prefix of csv-parse's, so a
 * reader may hand them on before knowing whether the rest of the file is simple.
 *
 * Why: csv-parse examines every byte through a general state machine; whole-line `split` and
 * `indexOf` scans are several times faster, and preflight speed is what a user waits for
 * before the first lead is sent (see README, Performance). The property test in
 * test/unit/csv-fast.test.ts compares the two on random input.
 */

const LF = 10;
const CR = 13;
const QUOTE = 34;
/** Longest record accepted here (UTF-16 units); csv-parse's max_record_size is 1 MB of bytes. */
const MAX_RECORD = 250_000;
const GIVE_UP = -1;
const MORE = -2;

type LineEnding = 'unknown' | 'lf' | 'crlf';

export class FastCsvParser {
  /** Physical line (1-based) where the next record starts. */
  private line = 1;
  private ending: LineEnding = 'unknown';
  private expected = -1;
  private carry = '';
  private gaveUp = false;
  private readonly delim: string;
  private readonly delimCode: number;

  constructor(
    delimiter: string,
    private readonly onRecord: (values: string[], line: number) => void,
  ) {
    if (!FastCsvParser.supports(delimiter))
      throw new Error(`FastCsvParser: unsupported delimiter ${JSON.stringify(delimiter)}`);
    this.delim = delimiter;
    this.delimCode = delimiter.charCodeAt(0);
  }

  /** Whether this parser can read CSV split on `delimiter`. */
  static supports(delimiter: string): boolean {
    return delimiter.length === 1 && !'"\r\n'.includes(delimiter);
  }

  /** Whether text of an incomplete record is held back for the next push. */
  get holding(): boolean {
    return this.carry.length > 0;
  }

  /** Whether the parser gave up (the input needs csv-parse from here on). */
  get failed(): boolean {
    return this.gaveUp;
  }

  /**
   * Parse the complete records of `text` (after what was held back from earlier calls). With
   * `final`, the text ends the input. Returns false when the input is outside the subset.
   */
  push(text: string, final = false): boolean {
    if (this.gaveUp) return false;
    const s = this.carry.length > 0 ? this.carry + text : text;
    this.carry = '';
    const end = this.parse(s, final);
    if (end < 0) {
      this.gaveUp = true;
      return false;
    }
    if (end < s.length) {
      if (final || s.length - end > MAX_RECORD) {
        this.gaveUp = true;
        return false;
      }
      this.carry = s.slice(end);
    }
    return true;
  }

  /** The input ended: parse what was held back. */
  end(): boolean {
    return this.push('', true);
  }

  /**
   * Parse records from s; returns where the first incomplete record starts (s.length when
   * every record was complete), or -1 to give up.
   */
  private parse(s: string, final: boolean): number {
    const len = s.length;
    const d = this.delimCode;
    let p = 0;
    // Next quote and CR at or after p (len when none): refreshed only when p passes them.
    let nq = s.indexOf('"');
    if (nq < 0) nq = len;
    let ncr = s.indexOf('\r');
    if (ncr < 0) ncr = len;
    while (p < len) {
      const start = p;
      const c = s.charCodeAt(p);
      // Empty lines are skipped (but counted).
      if (c === LF || c === CR) {
        const next = this.lineEnd(s, p, final);
        if (next === GIVE_UP) return -1;
        if (next === MORE) return start;
        this.line++;
        p = next;
        if (ncr < p) {
          ncr = s.indexOf('\r', p);
          if (ncr < 0) ncr = len;
        }
        continue;
      }
      let lf = s.indexOf('\n', p);
      if (lf < 0) {
        if (!final) return start;
        lf = len;
      }
      if (lf - start > MAX_RECORD) return -1;
      if (nq < p) {
        nq = s.indexOf('"', p);
        if (nq < 0) nq = len;
      }
      if (nq >= lf) {
        // No quote on this line: the common case, one split.
        if (ncr < p) {
          ncr = s.indexOf('\r', p);
          if (ncr < 0) ncr = len;
        }
        let stop = lf;
        if (ncr < lf) {
          // The only CR allowed outside quotes is the one of a CRLF line end.
          if (ncr !== lf - 1 || lf === len) return -1;
          if (this.ending === 'lf') return -1;
          this.ending = 'crlf';
          stop = lf - 1;
          ncr = s.indexOf('\r', lf);
          if (ncr < 0) ncr = len;
        } else if (lf < len) {
          if (this.ending === 'crlf') return -1;
          this.ending = 'lf';
        }
        const values = s.slice(start, stop).split(this.delim);
        if (!this.accept(values)) return -1;
        this.onRecord(values, this.line);
        this.line++;
        p = lf + 1;
        continue;
      }
      // A line with quotes: field by field; quoted values may span lines.
      const values: string[] = [];
      let breaks = 0;
      for (;;) {
        if (p < len && s.charCodeAt(p) === QUOTE) {
          let value = '';
          let from = p + 1;
          for (;;) {
            const q = s.indexOf('"', from);
            if (q < 0 || q + 1 >= len) {
              // Unclosed, or the closing quote might be the first of a doubled "" pair.
              if (!final) return start;
              if (q < 0) return -1;
              value += s.slice(from, q);
              p = q + 1;
              break;
            }
            if (s.charCodeAt(q + 1) === QUOTE) {
              value += s.slice(from, q + 1);
              from = q + 2;
              continue;
            }
            value += s.slice(from, q);
            p = q + 1;
            break;
          }
          if (p - start > MAX_RECORD) return -1;
          breaks += lineBreaks(value);
          values.push(value);
          // After a closing quote: a delimiter, a line end, or the end of the input.
          if (p >= len) {
            if (!final) return start;
            break;
          }
          const n = s.charCodeAt(p);
          if (n === d) {
            p++;
            continue;
          }
          if (n !== LF && n !== CR) return -1;
          const next = this.lineEnd(s, p, final);
          if (next === GIVE_UP) return -1;
          if (next === MORE) return start;
          p = next;
          break;
        }
        // An unquoted value: up to the next delimiter or line end; no quote or stray CR in it.
        if (nq < p) {
          nq = s.indexOf('"', p);
          if (nq < 0) nq = len;
        }
        if (ncr < p) {
          ncr = s.indexOf('\r', p);
          if (ncr < 0) ncr = len;
        }
        if (lf < p) {
          lf = s.indexOf('\n', p);
          if (lf < 0) lf = len;
        }
        let e = s.indexOf(this.delim, p);
        if (e < 0 || e > lf) e = lf;
        if (ncr < e) e = ncr;
        if (nq < e) e = nq;
        if (e >= len && !final) return start;
        const ch = e < len ? s.charCodeAt(e) : -1;
        if (ch === QUOTE) return -1;
        values.push(s.slice(p, e));
        if (ch === d) {
          p = e + 1;
          continue;
        }
        if (ch === LF || ch === CR) {
          const next = this.lineEnd(s, e, final);
          if (next === GIVE_UP) return -1;
          if (next === MORE) return start;
          p = next;
          break;
        }
        p = e; // the end of the input
        break;
      }
      if (!this.accept(values)) return -1;
      this.onRecord(values, this.line);
      this.line += 1 + breaks;
    }
    return p;
  }

  /**
   * After a line end at `at` (LF, or CR LF): where the next line starts. GIVE_UP for a bare CR
   * or a change of line-end style, MORE when the text stops between CR and LF.
   */
  private lineEnd(s: string, at: number, final: boolean): number {
    if (s.charCodeAt(at) === LF) {
      if (this.ending === 'crlf') return GIVE_UP;
      this.ending = 'lf';
      return at + 1;
    }
    if (at + 1 >= s.length) return final ? GIVE_UP : MORE;
    if (s.charCodeAt(at + 1) !== LF || this.ending === 'lf') return GIVE_UP;
    this.ending = 'crlf';
    return at + 2;
  }

  private accept(values: string[]): boolean {
    if (this.expected < 0) {
      this.expected = values.length;
      return true;
    }
    return values.length === this.expected;
  }
}

/** Line breaks inside a value (CRLF counted once), as the CSV reader counts lines. */
export function lineBreaks(v: string): number {
  let n = 0;
  for (let i = v.indexOf('\n'), j = v.indexOf('\r'); i >= 0 || j >= 0;) {
    if (j >= 0 && (i < 0 || j < i)) {
      // CR: counted unless a LF follows (then the LF counts).
      if (v.charCodeAt(j + 1) !== LF) n++;
      j = v.indexOf('\r', j + 1);
    } else {
      n++;
      i = v.indexOf('\n', i + 1);
    }
  }
  return n;
}
