/** The README documents every command and flag that --help shows, and every exit code. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_HELP } from '../../src/errors.js';
import { ROOT, runCli } from '../helpers/cli.js';

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

function flagsOf(help: string): string[] {
  const options = help.split(/\nOptions:\n/)[1]?.split(/\n\n/)[0] ?? '';
  return [...options.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)]
    .map((m) => m[1]!)
    .filter((f) => f !== '--help');
}

describe('README and --help agree', () => {
  it.each([
    [[]],
    [['import']],
    [['report']],
    [['emulator']],
    [['config', 'show']],
    [['config', 'init']],
    [['history', 'list']],
    [['history', 'show']],
    [['history', 'find']],
    [['reconcile']],
  ])('every flag of cacs %j is in the README', async (command) => {
    const r = await runCli([...command, '--help']);
    const flags = flagsOf(r.stdout);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) {
      expect(README, `${flag} of ${command.join(' ') || 'cacs'}`).toMatch(
        new RegExp(`(?:[\`/[]|, )${flag}\\b`),
      );
    }
  });

  it('every command is in the README', async () => {
    const r = await runCli(['--help']);
    const commands = [
      ...(r.stdout.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '').matchAll(/^\s{2}(\w+)/gm),
    ]
      .map((m) => m[1]!)
      .filter((c) => c !== 'help');
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const c of commands) expect(README).toContain(`cacs ${c}`);
  });

  it('the exit code table matches', () => {
    for (const [code] of EXIT_CODE_HELP)
      expect(README).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
  });
});
