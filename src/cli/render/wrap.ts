/**
 * Breaking text for a terminal at word boundaries: the history views and every line the CLI
 * writes on a terminal's stderr (Output), so no sentence is cut in the middle of a word.
 */

/**
 * The one line-filling loop both wrappers below use: `pieces` joined by spaces into lines, the
 * first at most `firstRoom` wide and later ones `laterRoom`; a piece that would pass the room
 * starts a new line when `mayBreak(line, piece)` allows it (else it stays on the line).
 */
function fill(
  pieces: readonly string[],
  firstRoom: number,
  laterRoom: number,
  mayBreak: (line: string, piece: string) => boolean,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    const room = lines.length === 0 ? firstRoom : laterRoom;
    if (line.length + 1 + piece.length > room && mayBreak(line, piece)) {
      lines.push(line);
      line = piece;
    } else line = line === '' ? piece : `${line} ${piece}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Words of `text` in lines of at most `width` characters (a word longer than that stands alone). */
export function wrapWords(text: string, width: number, indent = 2): string[] {
  // A word keeps the spaces after it (a label's padding is no place to break).
  const lines = fill(
    text.split(/ (?=[^ ])/),
    width,
    width - indent,
    (line, word) =>
      line.trim() !== '' &&
      // A word longer than a whole line goes on its own line, unless only a label is before it.
      (word.length <= width - indent || / /.test(line.trim())),
  );
  return lines.map((l, i) => (i === 0 ? l.trimEnd() : ' '.repeat(indent) + l.trimEnd()));
}

/**
 * Text that starts `first` columns in, in lines of at most `width` columns (the later ones to be
 * indented by `indent`: not added here); the text whole when width is undefined (off a
 * terminal: logs keep lines whole). A list ("a 1 · b 2") breaks between its items (an item
 * longer than a line at its spaces), other text at spaces. The import summary's notes.
 */
export function wrapItems(
  text: string,
  first: number,
  indent: number,
  width: number | undefined,
): string[] {
  if (width === undefined || first + text.length <= width) return [text];
  const items = text.split(' · ');
  const pieces =
    items.length > 1
      ? items
          .map((item, i) => (i < items.length - 1 ? `${item} ·` : item))
          .flatMap((item) => (item.length > width - indent ? item.split(' ') : [item]))
      : text.split(' ');
  return fill(pieces, width - first, width - indent, (line) => line !== '');
}

/** ANSI colour codes (chalk's), which take no columns. */
const ANSI = /\u001b\[[0-9;]*m/g;

/** A line in one colour from end to end: the colour's code, the text, the code that ends it. */
const ONE_COLOUR = /^(\u001b\[[0-9;]*m)([^\u001b]*)(\u001b\[[0-9;]*m)$/;

/**
 * A line for a terminal `width` columns wide, after a prefix of `lead` columns on its first
 * line: as it is when it fits or holds colour codes inside it (a view laid it out), else broken
 * at word boundaries with later lines indented by 2 (more when the line itself is indented). A
 * line all in one colour (the report's dim range line) is broken so too, each line in its colour.
 */
export function fitLine(line: string, width: number, lead = 0): string {
  const one = ONE_COLOUR.exec(line);
  if (one && lead + one[2]!.length >= width)
    return fitLine(one[2]!, width, lead)
      .split('\n')
      .map((l) => `${one[1]}${l}${one[3]}`)
      .join('\n');
  if (lead + line.length < width || line.replace(ANSI, '') !== line) return line;
  const own = line.length - line.trimStart().length;
  // The prefix stands in as a word of its width, so the first line leaves room for it.
  // (A prefix of one column, a label of none, takes the column from the width instead.)
  const marker = lead > 1 ? `${'x'.repeat(lead - 1)} ` : '';
  const room = lead === 1 ? width - 2 : width - 1;
  const lines = wrapWords(`${marker}${' '.repeat(own)}${line.trimStart()}`, room, own + 2);
  const first = lines[0]!.slice(marker.length);
  // A first word too long for the first line went to the next: it stays beside the prefix,
  // alone, and the words after it start the next line (they did not fit beside it either).
  if (first === '' && lines.length > 1) {
    const text = line.trimStart();
    const head = text.split(/ (?=[^ ])/)[0]!;
    const rest = text.slice(head.length + 1);
    if (rest === '') return head.trimEnd();
    return [head.trimEnd(), ...wrapWords(`${' '.repeat(own + 2)}${rest}`, room, own + 2)].join(
      '\n',
    );
  }
  return [first, ...lines.slice(1)].join('\n');
}

/**
 * An example command (`  $ cacs report --from … -o calls.csv`) too long for `width`: broken
 * between its words (never inside quotes), each line but the last ending with the shell's ` \`,
 * so that what is copied still runs; later lines indented 4 more than the `$`.
 */
function wrapCommand(line: string, width: number): string {
  const lead = /^\s*/.exec(line)![0];
  const tokens: string[] = line.slice(lead.length).match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  // A flag and its value stay on one line (`--to yesterday`).
  const words: string[] = [];
  // What a pipe feeds (`| jq -r .phone_number`) stays together when it fits on a line.
  const pipe = tokens.indexOf('|');
  if (pipe > 0 && tokens.slice(pipe).join(' ').length <= width - lead.length - 6)
    tokens.splice(pipe, tokens.length - pipe, tokens.slice(pipe).join(' '));
  for (const w of tokens) {
    const prev = words.at(-1);
    if (prev !== undefined && /^-/.test(prev) && !/ /.test(prev) && !/^[-|]/.test(w))
      words[words.length - 1] = `${prev} ${w}`;
    else words.push(w);
  }
  const indent = `${lead}    `;
  // Room for the ` \` that ends every line but the last.
  const lines = fill(words, width - lead.length - 2, width - indent.length - 2, (l) => l !== '');
  return lines.map((l, i) => (i === 0 ? lead : indent) + l).join(' \\\n');
}

/**
 * Help text (commander's and the prose after it) for a terminal `width` columns wide: a line
 * that fits stays as it is; a longer one is broken at spaces, its later lines under where its
 * text starts — after a label column ("  2    usage error…": under "usage"), else at its own
 * indent. An example command (`  $ cacs …`) is broken as a shell command is (wrapCommand).
 */
export function wrapHelp(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => {
      if ([...line].length <= width) return line;
      if (/^\s*\$ /.test(line)) return wrapCommand(line, width);
      const label = /^(\s*\S+(?: \S+)*? {2,})\S/.exec(line)?.[1];
      const lead = label !== undefined && label.length <= width / 2 ? label : /^\s*/.exec(line)![0];
      const words = line.slice(lead.length).split(/ +/);
      const lines = fill(words, width - lead.length, width - lead.length, (l) => l !== '');
      return lines.map((l, i) => (i === 0 ? lead : ' '.repeat(lead.length)) + l).join('\n');
    })
    .join('\n');
}
