/**
 * Shell completion scripts (bash, zsh, fish), generated from the commander program itself so
 * that they never drift from the real commands and flags.
 *
 * What is completed:
 * - command and subcommand names (and aliases); the implicit `help` command completes the
 *   names of its sibling commands;
 * - each command's flags plus the flags of its parents (commander accepts a parent's options
 *   after a subcommand), including -h/--help;
 * - the value of an option declared with `.choices()` (e.g. `--format`);
 * - file names for options whose value is named like a file (`<file>`, `<path>`, `<dir>`) and
 *   for positional arguments named that way (`import <file>`);
 * - the choices of a positional argument declared with `.choices()` (`completion <shell>`).
 * Any other option value completes to nothing.
 */
import type { Command } from 'commander';
import { bashScript } from './completion/bash.js';
import { fishScript } from './completion/fish.js';
import { describe } from './completion/spec.js';
import { zshScript } from './completion/zsh.js';

export type Shell = 'bash' | 'zsh' | 'fish';

export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

/** The completion script for `shell`, built from `program`'s commands and options. */
export function completionScript(program: Command, shell: Shell): string {
  const spec = describe(program, [program.name()], []);
  switch (shell) {
    case 'bash':
      return bashScript(spec);
    case 'zsh':
      return zshScript(spec);
    case 'fish':
      return fishScript(spec);
    default:
      throw new Error(`unknown shell: ${String(shell)}`);
  }
}
