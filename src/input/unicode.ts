// --------------------------------------------------------------------------------------------
/**
 * Unicode composition: every header and value a reader hands on is in NFC.
 */
import type { RowSource } from './types.js';

// Unicode composition (NFC)
//
// Every header and value a reader hands on is in NFC, whatever the encoding: decomposed text
// (macOS, windows-1258's combining tone marks, NFD UTF-16) reaches the service composed, as
// precomposed input does. NFC is applied to whole values, after parsing, never to decoded text
// chunks: a value is complete by then, so a chunk boundary between a letter and its tone mark
// (or inside a run of marks) cannot leave it uncomposed, and a delimiter is never composed
// with a mark that follows it. The decoders only have to hand on whole code points.

/**
 * Code units from which a string may not be NFC. Nothing below U+0300 decomposes, composes
 * with the character before it or is reordered (every NFC_QC No/Maybe and ccc≠0 character is
 * above), so ASCII and Latin-1 text — one-byte strings in V8, which this never matches —
 * skips normalize().
 */
const MAY_COMPOSE = /[\u0300-\uffff]/;
/**
 * A code point that may compose with, or be reordered around, the character before it: the
 * combining marks (every character with ccc≠0 or NFC_QC=Maybe is one) and the Hangul vowel and
 * final jamo (NFC_QC=Maybe, composed into the syllable before them).
 */
const COMBINES_BACKWARD = /^[\p{M}\u1161-\u1175\u11a8-\u11c2]/u;

/** A header or value in NFC. */
export function nfc(value: string): string {
  return MAY_COMPOSE.test(value) ? value.normalize('NFC') : value;
}

/**
 * Whether every value parsed from `text` — alone, or after text that passed this test — is NFC
 * as it is: `text` is NFC and does not begin with a character that could compose or reorder
 * with what came before it. (A substring of NFC text cut before such a starter, or at a
 * delimiter, is NFC too.) One scan of the text where a value-by-value normalize() would cost
 * a call per value: text that fails has its values composed one by one.
 */
export function composedText(text: string): boolean {
  if (!MAY_COMPOSE.test(text)) return true;
  return !COMBINES_BACKWARD.test(text) && text.normalize('NFC') === text;
}

/** The same rows with every header and value in NFC (for readers that decode whole values). */
export function composed(source: RowSource): RowSource {
  return {
    ...source,
    headers: source.headers.map(nfc),
    each: (fn, opts) =>
      source.each((row) => {
        const values = row.values;
        for (let i = 0; i < values.length; i++) values[i] = nfc(values[i]!);
        fn(row);
      }, opts),
  };
}
