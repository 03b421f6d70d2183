/**
 * Issue 27 item 6: the help of every command and subcommand, in English and Vietnamese, fits a
 * terminal 60, 80 or 120 columns wide, broken at word boundaries only: no line is longer than
 * the terminal (an example command is continued with the shell's ` \`, so it still runs when
 * copied), and the words are the same, in the same order, as in the help of a very wide
 * terminal (none cut in two).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { HELP_COMMANDS } from '../helpers/commands.js';

/** The words of a help text; the ` \` that continues an example command on the next line aside. */
const words = (text: string) => text.split(/\s+/).filter((w) => w !== '' && w !== '\\');

describe('--help fits the terminal, broken between words', () => {
  for (const lang of ['vi', 'en'] as const) {
    it.each(HELP_COMMANDS.map((c) => [c.join(' ') || '(cacs)', c] as const))(
      `${lang}: %s`,
      async (_name, command) => {
        const argv = [...command, '--help', '--lang', lang];
        const wide = await runCli(argv, { columns: 1000 });
        expect(wide.code).toBe(0);
        for (const columns of [60, 80, 120]) {
          const r = await runCli(argv, { columns, tty: true });
          expect(r.code).toBe(0);
          const long = r.stdout.split('\n').filter((l) => [...l].length > columns);
          expect(long, `${columns} columns`).toEqual([]);
          expect(words(r.stdout), `${columns} columns`).toEqual(words(wide.stdout));
        }
      },
    );
  }
});
