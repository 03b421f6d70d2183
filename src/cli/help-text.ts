/** Help text helpers shared by the commands' flag definitions (commands/*-flags.ts). */

/** The width the help's prose is wrapped at. */
const HELP_WIDTH = 95;

/**
 * `lead` (the text already on the line) followed by `sentence`, its words wrapped at
 * {@link HELP_WIDTH} columns: how a generated sentence joins the prose around it.
 */
export function continueLine(lead: string, sentence: string): string {
  const lines = [lead];
  for (const word of sentence.split(' ')) {
    const last = lines[lines.length - 1]!;
    const joined = last === '' || last.endsWith(' ') ? last + word : `${last} ${word}`;
    if ([...joined].length <= HELP_WIDTH || last.trim() === '') lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines.join('\n');
}

/** Where a help message has its command's exit-code sentence (a placeholder's value). */
export const EXIT_CODES_MARK = '{exitCodes}';

/**
 * A help message with its exit-code sentence (errors.ts exitCodesSentence) where it says
 * {@link EXIT_CODES_MARK}: the sentence continues that line, its words wrapped as the prose's.
 */
export function withExitCodes(text: string, sentence: string): string {
  const at = text.indexOf(EXIT_CODES_MARK);
  if (at < 0) return text;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  return (
    text.slice(0, lineStart) +
    continueLine(text.slice(lineStart, at), sentence) +
    text.slice(at + EXIT_CODES_MARK.length)
  );
}
