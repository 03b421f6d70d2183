/**
 * Issue 27: what counts as an English sentence in a Vietnamese run, shared by the leak tests
 * (vi-leak.e2e.test.ts: the operator's main paths; vi-leak-commands.e2e.test.ts: every command,
 * subcommand, --help and error path).
 *
 * "English sentence": a run of 3 or more common English words in a row (ENGLISH below), or 2
 * in a line without a single Vietnamese letter (a label such as "rows read"), after
 * what is never translated is taken out — flag names (--dry-run), codes (phone_format), paths,
 * data column headers (the table's and CSV's), the service's own messages. What still leaks
 * while other work moves literals into the catalog is listed in KNOWN_LEAKS, each entry a piece
 * of a line and why it is there; the list only shrinks (an entry no run needs fails the test).
 */

/** Common English words: three of them in a row are an English sentence. */
const ENGLISH = new Set(
  `a about after again all already an and any are as at be because been before being but by can
  cannot could did do does done each either every file files for found from had has have here how
  if in into is it its just leads lead left like line lines made make may more most must need no
  none not nothing now of on once one only or other out over per read rejected row rows run runs
  same see sent set should since skipped so some than that the their them then there these they
  this those to too under until up use used was were what when where which while who will with
  without would yet you your import imported campaign report summary error warning calls call
  attempts attempt answered uncertain settled history state folder service checking every
  importing reading written wrote kept removed`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * English that still leaks, until the work that moves these literals into the catalog is merged
 * (issue 23 item 4, 'catalog'; the manager's summary view). Each: a piece of the leaking line, and
 * where it comes from. The lead shrinks this list after each merge.
 */
export const KNOWN_LEAKS: ReadonlyArray<[piece: string, from: string]> = [];

/** A letter only Vietnamese uses (tones and the modified vowels, đ). */
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;

/** What is never translated, taken out of a line before it is judged. */
function untranslatable(line: string): string {
  return (
    line
      // Flag names and their placeholders, codes, paths, URLs, file names, e-mail addresses.
      .replace(/--?[a-z][\w-]*(?:\s+<[^>]*>)?/gi, ' ')
      .replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/gi, ' ')
      .replace(/(?:https?:\/\/|\/)[^\s'")]+/g, ' ')
      .replace(/\b[\w.-]+\.(?:csv|json|ndjson|xlsx|txt|html|yaml)\b/gi, ' ')
      // Quoted values (a flag's choices "attempts", "leads"; values read from a file).
      .replace(/"[^"]*"/g, ' ')
      // Run ids, hashes and figures: a token with a digit is data ("6a74a2" is not "a a").
      .replace(/\b[\w']*\d[\w']*\b/g, ' ')
      // Call statuses (data: the service's words) and the emulator's synthetic messages.
      .replace(/\b(?:ANSWERED|NO ANSWER|BUSY|FAILED|CONGESTION|CANCEL)\b/g, ' ')
  );
}

/** The lines of a text with a run of English words (3, or 2 in a line with no Vietnamese). */
export function englishIn(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split('\n')) {
    // An example command line (`  $ cacs report --from …`): commands are never translated.
    if (/^\s*\$ /.test(raw)) continue;
    if (KNOWN_LEAKS.some(([piece]) => raw.includes(piece))) continue;
    const words = untranslatable(raw).split(/[^A-Za-z']+/);
    // A line with no Vietnamese letter at all is English already at two words in a row.
    const least = VIETNAMESE.test(raw) ? 3 : 2;
    let run: string[] = [];
    for (const w of [...words, '']) {
      if (w !== '' && ENGLISH.has(w.toLowerCase())) run.push(w);
      else {
        if (run.length >= least) {
          found.push(raw.trim());
          break;
        }
        run = [];
      }
    }
  }
  return found;
}
