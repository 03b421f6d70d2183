import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionScript, SHELLS, type Shell } from '../../src/cli/completion.js';
import type { IO } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { tempDir } from '../helpers/cli.js';

function program(): Command {
  const io = {
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    env: {},
    cwd: process.cwd(),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    columns: 80,
  } satisfies IO;
  const p = buildProgram(io, { exitCode: 0 }, () => {
    throw new Error('not run in these tests');
  });
  // Not added here when missing (that let these tests pass with no `cacs completion`).
  if (!p.commands.some((c) => c.name() === 'completion'))
    throw new Error('buildProgram has no completion command');
  return p;
}

function has(bin: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
}

function writeTemp(name: string, text: string): string {
  const file = path.join(tempDir('cacs-completion-'), name);
  fs.writeFileSync(file, text);
  return file;
}

function longFlags(p: Command, name: string): string[] {
  const cmd = p.commands.find((c) => c.name() === name);
  if (!cmd) throw new Error(`no command ${name}`);
  return cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined);
}

/** The choices the program itself declares for an option (so the tests follow program.ts). */
function choicesOf(p: Command, name: string, flag: string): string[] {
  const opt = p.commands.find((c) => c.name() === name)?.options.find((o) => o.long === flag);
  if (!opt?.argChoices) throw new Error(`${name} ${flag} has no choices`);
  return opt.argChoices;
}

const prog = program();
const scripts = Object.fromEntries(SHELLS.map((s) => [s, completionScript(prog, s)])) as Record<
  Shell,
  string
>;

describe.each(SHELLS)('%s completion script', (shell) => {
  const script = scripts[shell];

  it('starts with install instructions', () => {
    const head = script.split('\n').slice(0, 6).join('\n');
    expect(head).toContain(`cacs completion ${shell} >`);
    if (shell === 'zsh') expect(script.startsWith('#compdef cacs\n')).toBe(true);
  });

  it('mentions every command and subcommand', () => {
    for (const name of [
      'import',
      'report',
      'config',
      'emulator',
      'completion',
      'help',
      'show',
      'path',
      'init',
    ]) {
      expect(script).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it('mentions every long flag of import and report, and the global flags', () => {
    const flags = [
      ...longFlags(prog, 'import'),
      ...longFlags(prog, 'report'),
      ...prog.options.map((o) => o.long).filter((l): l is string => l !== undefined),
    ];
    expect(flags).toContain('--rejects');
    expect(flags).toContain('--flatten');
    for (const flag of flags) {
      const word = shell === 'fish' ? `-l ${flag.slice(2)}` : flag;
      expect(script, flag).toContain(word);
    }
  });

  it('offers the choices of --format, --flatten and --message-style, and the shells', () => {
    expect(choicesOf(prog, 'report', '--format')).toEqual([
      'csv',
      'json',
      'ndjson',
      'table',
      'xlsx',
      'html',
    ]);
    for (const [cmd, flag] of [
      ['import', '--format'],
      ['report', '--format'],
      ['report', '--flatten'],
      ['emulator', '--message-style'],
    ] as const) {
      expect(script, `${cmd} ${flag}`).toContain(choicesOf(prog, cmd, flag).join(' '));
    }
    expect(script).toContain('bash zsh fish');
  });
});

describe('zsh escaping', () => {
  it('escapes colons, brackets and backslashes in descriptions, and quotes', () => {
    const z = scripts.zsh;
    expect(z).toContain('allow plain http\\:// to a non-loopback host');
    expect(z).toContain('(default ^0\\\\d{9}$)');
    expect(z).toContain("all of a lead'\\''s attempts");
    expect(z).toContain("'--from=[start\\: yyyy-mm-dd\\[ HH\\:mm\\[\\:ss\\]\\], now,");
    expect(z).toContain(
      "'(-o --output)-o+[write to this file (complete or not at all); {from} {to} {date} are filled in]:file:_files'",
    );
    expect(z).toContain(':format:(csv json ndjson table xlsx html)');
  });
});

describe('fish escaping', () => {
  it("escapes quotes and backslashes and uses fish's subcommand helpers", () => {
    const f = scripts.fish;
    expect(f).toContain("all of a lead\\'s attempts");
    expect(f).toContain('(default ^0\\\\d{9}$)');
    expect(f).toContain("complete -c cacs -n '__fish_use_subcommand' -a 'import' -d ");
    expect(f).toContain(
      "complete -c cacs -n '__fish_seen_subcommand_from report' -s o -l output -r -F",
    );
    expect(f).toContain("-l format -x -a 'csv json ndjson table xlsx html' -d ");
  });
});

describe('syntax', () => {
  it('bash -n accepts the bash script', () => {
    const file = writeTemp('cacs.bash', scripts.bash);
    expect(() => execFileSync('bash', ['-n', file], { stdio: 'pipe' })).not.toThrow();
  });

  it.skipIf(!has('zsh'))('zsh -n accepts the zsh script', () => {
    const file = writeTemp('_cacs', scripts.zsh);
    expect(() => execFileSync('zsh', ['-n', file], { stdio: 'pipe' })).not.toThrow();
  });

  it.skipIf(!has('fish'))('fish --no-execute accepts the fish script', () => {
    const file = writeTemp('cacs.fish', scripts.fish);
    expect(() => execFileSync('fish', ['--no-execute', file], { stdio: 'pipe' })).not.toThrow();
  });
});

describe('bash behaviour', () => {
  const file = writeTemp('cacs.bash', scripts.bash);
  const cwd = tempDir('cacs-completion-cwd-');
  fs.writeFileSync(path.join(cwd, 'leads.csv'), 'phone_number\n');
  fs.writeFileSync(path.join(cwd, 'leads.json'), '[]');
  fs.writeFileSync(path.join(cwd, 'other.txt'), '');

  /** COMPREPLY for a command line whose last word is the one being completed. */
  function complete(...words: string[]): string[] {
    const out = execFileSync(
      'bash',
      [
        '-c',
        'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cacs; printf "%s\\n" "${COMPREPLY[@]}"',
        'bash',
        file,
        ...words,
      ],
      { cwd, encoding: 'utf8' },
    );
    return out.split('\n').filter((l) => l !== '');
  }

  it('registers _cacs for cacs', () => {
    const out = execFileSync('bash', ['-c', 'source "$1"; complete -p cacs', 'bash', file], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('complete -F _cacs cacs');
  });

  it('completes command names', () => {
    expect(complete('cacs', 'rep')).toEqual(['report']);
    expect(complete('cacs', '').sort()).toEqual(
      ['completion', 'config', 'emulator', 'help', 'history', 'import', 'report'].sort(),
    );
    expect(complete('cacs', 'history', '').sort()).toEqual(['find', 'help', 'list', 'show']);
    expect(complete('cacs', 'config', '').sort()).toEqual(['help', 'init', 'path', 'show']);
    expect(complete('cacs', 'completion', '').sort()).toEqual(['bash', 'fish', 'zsh']);
  });

  it('completes flags of the command and the global flags', () => {
    expect(complete('cacs', 'report', '--for')).toEqual(['--format']);
    expect(complete('cacs', 'report', '--fl')).toEqual(['--flatten']);
    expect(complete('cacs', 'import', '--res')).toEqual(['--restart']);
    expect(complete('cacs', 'config', 'show', '--j')).toEqual(['--json']);
    expect(complete('cacs', 'report', '--insec')).toEqual(['--insecure-http']);
    // A global option with its value before the command does not confuse the command path.
    expect(complete('cacs', '--config', 'x.yaml', 'report', '--fl')).toEqual(['--flatten']);
  });

  it('completes option values from choices', () => {
    expect(complete('cacs', 'report', '--format', '')).toEqual([
      'csv',
      'json',
      'ndjson',
      'table',
      'xlsx',
      'html',
    ]);
    expect(complete('cacs', 'report', '--format', '=', 'nd')).toEqual(['ndjson']);
    expect(complete('cacs', 'import', '--format', '')).toEqual(
      choicesOf(prog, 'import', '--format'),
    );
    expect(complete('cacs', 'report', '--flatten', '')).toEqual(
      choicesOf(prog, 'report', '--flatten'),
    );
    expect(complete('cacs', 'emulator', '--message-style', '')).toEqual(
      choicesOf(prog, 'emulator', '--message-style'),
    );
  });

  it('completes file names after import and for file options, nothing for other values', () => {
    expect(complete('cacs', 'import', 'lea').sort()).toEqual(['leads.csv', 'leads.json']);
    expect(complete('cacs', 'report', '-o', 'o')).toEqual(['other.txt']);
    expect(complete('cacs', 'report', '--output', 'o')).toEqual(['other.txt']);
    expect(complete('cacs', 'import', 'x.csv', '--rejects', 'o')).toEqual(['other.txt']);
    expect(complete('cacs', 'emulator', '--state', 'o')).toEqual(['other.txt']);
    expect(complete('cacs', '--config', 'o')).toEqual(['other.txt']);
    expect(complete('cacs', 'report', '--campaign', '')).toEqual([]);
    expect(complete('cacs', 'report', '')).toEqual([]);
  });
});
