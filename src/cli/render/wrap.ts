/**
 * Breaking text for a terminal at word boundaries: the history views and every line the CLI
 * writes on a terminal's stderr (Output), so no sentence is cut in the middle of a word.
 */

/** Words of `text` in lines of at most `width` characters (a word longer than that stands alone). */
export function wrapWords(text: string, width: number, indent = 2): string[] {
  const lines: string[] = [];
  let line = '';
  // A word keeps the spaces after it (a label's padding is no place to break).
  for (const word of text.split(/ (?=[^ ])/)) {
    const room = lines.length === 0 ? width : width - indent;
    // A word longer than a whole line stays where it is rather than stand alone.
    if (
      line.trim() !== '' &&
      line.length + 1 + word.length > room &&
      // (a word longer than a line goes on its own line, unless only a label is before it)
      (word.length <= width - indent || / /.test(line.trim()))
    ) {
      lines.push(line.trimEnd());
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line.trimEnd());
  return lines.map((l, i) => (i === 0 ? l : ' '.repeat(indent) + l));
}

/** ANSI colour codes (chalk's), which take no columns. */
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * A line for a terminal `width` columns wide, after a prefix of `lead` columns on its first
 * line: as it is when it fits or holds colour codes (a view laid it out), else broken at word
 * boundaries with later lines indented by 2 (more when the line itself is indented).
 */
export function fitLine(line: string, width: number, lead = 0): string {
  if (lead + line.length < width || line.replace(ANSI, '') !== line) return line;
  const own = line.length - line.trimStart().length;
  // The prefix stands in as a word of its width, so the first line leaves room for it.
  // (A prefix of one column, a label of none, takes the column from the width instead.)
  const marker = lead > 1 ? `${'x'.repeat(lead - 1)} ` : '';
  const room = lead === 1 ? width - 2 : width - 1;
  const lines = wrapWords(`${marker}${' '.repeat(own)}${line.trimStart()}`, room, own + 2);
  const first = lines[0]!.slice(marker.length);
  // A first word too long for the first line went to the next: it stays beside the prefix.
  if (first === '' && lines.length > 1)
    return [lines[1]!.trimStart(), ...lines.slice(2)].join('\n');
  return [first, ...lines.slice(1)].join('\n');
}
