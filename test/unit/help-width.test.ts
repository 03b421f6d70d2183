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

describe('every --help shows examples', () => {
  // A newcomer reads the help of the command at hand: each has its own examples (completion:
  // its install lines), at least one of them a command line of that very command.
  for (const [lang, headings] of [
    ['en', ['Examples:', 'Install:']],
    ['vi', ['Ví dụ:', 'Cài đặt:']],
  ] as const) {
    it.each(HELP_COMMANDS.map((c) => [c.join(' ') || '(cacs)', c] as const))(
      `${lang}: %s`,
      async (_name, command) => {
        const r = await runCli([...command, '--help', '--lang', lang], { columns: 1000 });
        expect(r.code).toBe(0);
        const heading = headings.find((h) => r.stdout.includes(`\n${h}\n`));
        expect(heading, 'an examples section').toBeDefined();
        const lines = r.stdout.split(`\n${heading}\n`)[1]!.split('\n');
        const examples = lines.filter((l) => /^ {2}(\$|bash|zsh|fish) /.test(l));
        expect(examples.length).toBeGreaterThan(0);
        // `history list` is what `cacs history` runs.
        const names = [['cacs', ...command].join(' ')];
        if (command.at(-1) === 'list') names.push(['cacs', ...command.slice(0, -1)].join(' '));
        expect(examples.some((e) => names.some((n) => e.includes(`${n} `) || e.endsWith(n)))).toBe(
          true,
        );
      },
    );
  }
});
