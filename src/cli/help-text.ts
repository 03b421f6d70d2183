/** Help text helpers shared by the commands' flag definitions (commands/*-flags.ts). */

/**
 * `lead` (the text already on the line) followed by `sentence`: how a generated sentence joins
 * the prose around it. The help is broken to the terminal's width when it is written
 * (render/wrap.ts wrapHelp), so the line is not broken here.
 */
export function continueLine(lead: string, sentence: string): string {
  return lead === '' || lead.endsWith(' ') ? lead + sentence : `${lead} ${sentence}`;
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
