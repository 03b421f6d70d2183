import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { completionScript, SHELLS, type Shell } from '../../src/cli/completion.js';
import { describe as describeProgram, walk } from '../../src/cli/completion/spec.js';
import {
  MAX_STATUSES,
  readStatuses,
  rememberStatuses,
  statusesFile,
} from '../../src/cli/completion/values.js';
import type { IO } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { startEmulator } from '../../src/emulator/index.js';
import { BIN, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

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
    expect(z).toContain(
      "'--from=[start (required, except on a --bookmark'\\''s later runs)\\: yyyy-mm-dd or dd/mm/yyyy, either with HH\\:mm\\[\\:ss\\], ISO",
    );
    expect(z).toContain(
      "'(-o --output)-o+[write to this file (complete or not at all); {from} {to} {date} are filled in; - is stdout]:file:_files'",
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
    expect(complete('cacs', 'rec')).toEqual(['reconcile']);
    expect(complete('cacs', '').sort()).toEqual(
      [
        'completion',
        'config',
        'emulator',
        'forget',
        'help',
        'history',
        'import',
        'reconcile',
        'report',
        'state',
      ].sort(),
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

describe('values from the settings and the state folder (cacs __complete)', () => {
  /** A user with aliases, profiles and statuses seen, and `cacs` on PATH (the built bin). */
  async function sandbox() {
    const home = tempDir('cacs-completion-home-');
    const env = {
      PATH: `${path.join(home, 'bin')}:${process.env.PATH ?? ''}`,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
    };
    fs.mkdirSync(path.join(home, 'bin'));
    fs.writeFileSync(
      path.join(home, 'bin', 'cacs'),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
      { mode: 0o755 },
    );
    fs.mkdirSync(path.join(env.XDG_CONFIG_HOME, 'cacs'), { recursive: true });
    fs.writeFileSync(
      path.join(env.XDG_CONFIG_HOME, 'cacs', 'config.yaml'),
      'campaigns:\n  summer: SUMMER2026\n  winter: WINTER2026\nprofiles:\n  staging:\n    campaigns:\n      spring: SPRING2027\n  prod: {}\n',
    );
    await rememberStatuses(path.join(env.XDG_STATE_HOME, 'cacs'), [
      'ANSWERED',
      'NO ANSWER',
      'BUSY',
      'FAILED',
    ]);
    const cwd = tempDir('cacs-completion-cwd-');
    fs.writeFileSync(path.join(cwd, 'other.yaml'), 'campaigns:\n  autumn: AUTUMN2026\n');
    return { env, cwd };
  }
  let box: Awaited<ReturnType<typeof sandbox>>;
  beforeAll(async () => {
    box = await sandbox();
  });

  it('cacs __complete prints aliases, profiles and statuses, one per line, sorted', async () => {
    const run = (...args: string[]) => runCli(args, { env: box.env, cwd: box.cwd });
    expect(await run('__complete', 'campaigns')).toEqual({
      code: 0,
      stdout: 'summer\nwinter\n',
      stderr: '',
    });
    expect((await run('__complete', 'profiles')).stdout).toBe('prod\nstaging\n');
    expect((await run('__complete', 'statuses')).stdout).toBe(
      'ANSWERED\nBUSY\nFAILED\nNO ANSWER\n',
    );
    // The profile chosen on the line (or in CACS_PROFILE) applies; an unknown one offers all.
    expect((await run('--profile', 'staging', '__complete', 'campaigns')).stdout).toBe(
      'spring\nsummer\nwinter\n',
    );
    expect((await run('--profile', 'sta', '__complete', 'campaigns')).stdout).toBe(
      'spring\nsummer\nwinter\n',
    );
    expect((await run('--config', 'other.yaml', '__complete', 'campaigns')).stdout).toBe(
      'autumn\n',
    );
    // The statuses of the state folder in effect (CACS_STATE_DIR, as the report writes them).
    const elsewhere = tempDir();
    await rememberStatuses(elsewhere, ['VOICEMAIL']);
    expect(
      (
        await runCli(['__complete', 'statuses'], {
          env: { ...box.env, CACS_STATE_DIR: elsewhere },
          cwd: box.cwd,
        })
      ).stdout,
    ).toBe('VOICEMAIL\n');
    // Nothing (and no error) for an unknown kind or a config that cannot be read.
    expect(await run('__complete', 'bogus')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await run('--config', 'missing.yaml', '__complete', 'campaigns')).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('is hidden: not in help, not a command the scripts offer', async () => {
    expect((await runCli(['--help'])).stdout).not.toContain('__complete');
    const names = walk(describeProgram(prog, ['cacs'], [])).map((c) => c.name);
    expect(names).toContain('report');
    expect(names).not.toContain('__complete');
  });

  it('marks the options whose values are read at completion time', () => {
    const spec = describeProgram(prog, ['cacs'], []);
    const dynamic = (path: string[]) =>
      walk(spec)
        .find((c) => c.path.join(' ') === path.join(' '))!
        .options.filter((o) => o.dynamic)
        .map((o) => `${o.long} ${o.dynamic}`);
    expect(dynamic(['cacs', 'report'])).toEqual([
      '--campaign campaigns',
      '--status statuses',
      '--profile profiles',
    ]);
    expect(dynamic(['cacs', 'import'])).toEqual(['--campaign campaigns', '--profile profiles']);
    expect(dynamic(['cacs', 'history'])).toContain('--campaign campaigns');
    expect(dynamic(['cacs', 'reconcile'])).toEqual(['--campaign campaigns', '--profile profiles']);
    // The emulator's --campaign makes a campaign up: nothing to offer.
    expect(dynamic(['cacs', 'emulator'])).toEqual(['--profile profiles']);
  });

  /** COMPREPLY for a command line, with cacs on PATH. */
  function bashComplete(...words: string[]): string[] {
    const file = writeTemp('cacs.bash', scripts.bash);
    const out = execFileSync(
      'bash',
      [
        '-c',
        'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cacs; printf "%s\\n" "${COMPREPLY[@]}"',
        'bash',
        file,
        ...words,
      ],
      { cwd: box.cwd, env: box.env, encoding: 'utf8' },
    );
    return out.split('\n').filter((l) => l !== '');
  }

  it('bash: aliases, profiles, statuses (quoted for the shell, a list after a comma)', () => {
    expect(bashComplete('cacs', 'report', '--campaign', '')).toEqual(['summer', 'winter']);
    expect(bashComplete('cacs', 'import', 'x.csv', '--campaign', 'w')).toEqual(['winter']);
    expect(bashComplete('cacs', 'history', '--campaign', 's')).toEqual(['summer']);
    expect(bashComplete('cacs', 'reconcile', '--campaign', 'w')).toEqual(['winter']);
    expect(bashComplete('cacs', '--profile', '')).toEqual(['prod', 'staging']);
    expect(bashComplete('cacs', '--profile', 'staging', 'report', '--campaign', 's')).toEqual([
      'spring',
      'summer',
    ]);
    expect(bashComplete('cacs', '--config', 'other.yaml', 'report', '--campaign', '')).toEqual([
      'autumn',
    ]);
    expect(bashComplete('cacs', 'report', '--status', '')).toEqual([
      'ANSWERED',
      'BUSY',
      'FAILED',
      'NO\\ ANSWER',
    ]);
    expect(bashComplete('cacs', 'report', '--status', 'ANSWERED,N')).toEqual([
      'ANSWERED,NO\\ ANSWER',
    ]);
    expect(bashComplete('cacs', 'report', '--status', 'NO\\ A')).toEqual(['NO\\ ANSWER']);
    // In quotes, the shell quotes nothing more.
    expect(bashComplete('cacs', 'report', '--status', '"NO')).toEqual(['NO ANSWER']);
    expect(bashComplete('cacs', 'emulator', '--campaign', '')).toEqual([]);
  });

  it.skipIf(!has('fish'))('fish: the same values, with a description', () => {
    const file = writeTemp('cacs.fish', scripts.fish);
    const complete = (line: string) =>
      execFileSync(
        'fish',
        ['--no-config', '-c', `source ${file}; complete -C ${JSON.stringify(line)}`],
        { cwd: box.cwd, env: box.env, encoding: 'utf8' },
      )
        .split('\n')
        .filter((l) => l !== '');
    expect(complete('cacs report --campaign ')).toEqual([
      'summer\tcampaign alias',
      'winter\tcampaign alias',
    ]);
    expect(complete('cacs --profile staging import x.csv --campaign s')).toEqual([
      'spring\tcampaign alias',
      'summer\tcampaign alias',
    ]);
    expect(complete('cacs --profile ')).toEqual(['prod\tprofile', 'staging\tprofile']);
    expect(complete('cacs report --status ANSWERED,N')).toEqual([
      'ANSWERED,NO ANSWER\tstatus seen in a report',
    ]);
  });

  it.skipIf(!has('zsh') || !has('tmux'))(
    'zsh (a real interactive shell in tmux): the same values',
    async () => {
      const dir = tempDir('cacs-zsh-');
      fs.writeFileSync(path.join(dir, '_cacs'), scripts.zsh);
      const rc = path.join(dir, 'zshrc');
      fs.writeFileSync(
        rc,
        `fpath=(${dir} $fpath)\nautoload -Uz compinit && compinit -u -D\nPS1='%% '\ncd ${box.cwd}\n`,
      );
      const session = `cacs-zsh-${process.pid}`;
      // A tmux server of its own (-L): it starts with this environment (cacs on PATH).
      const tmux = (...args: string[]) =>
        execFileSync('tmux', ['-L', session, ...args], {
          env: { ...process.env, ...box.env },
          encoding: 'utf8',
        });
      tmux(
        'new-session',
        '-d',
        '-s',
        session,
        '-x',
        '200',
        '-y',
        '30',
        `zsh -f -c 'source ${rc}; exec zsh -f -i'`,
      );
      try {
        // The rc is sourced by the first zsh only: source it again in the interactive one.
        tmux('send-keys', '-t', session, `source ${rc}; clear`, 'Enter');
        const screen = async (keys: string, want: RegExp) => {
          tmux('send-keys', '-t', session, keys, 'Tab');
          let text = '';
          for (let i = 0; i < 100 && !want.test(text); i++) {
            await new Promise((r) => setTimeout(r, 100));
            text = tmux('capture-pane', '-t', session, '-p');
          }
          tmux('send-keys', '-t', session, 'C-c');
          tmux('send-keys', '-t', session, 'clear', 'Enter');
          await new Promise((r) => setTimeout(r, 200));
          return text;
        };
        expect(await screen('cacs report --campaign ', /summer\s+winter/)).toMatch(
          /summer\s+winter/,
        );
        expect(await screen('cacs --profile ', /prod\s+staging/)).toMatch(/prod\s+staging/);
        expect(await screen('cacs report --status ANSWERED,N', /ANSWERED,NO\\ ANSWER/)).toMatch(
          /--status ANSWERED,NO\\ ANSWER/,
        );
      } finally {
        tmux('kill-server');
      }
    },
    30_000,
  );
});

describe('statuses seen, kept for completion', () => {
  it('a report adds the statuses of its answers (mode 600); a read-only folder fails nothing', async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      const cwd = tempDir();
      const env = {
        ...isolatedEnv({
          CACS_BASE_URL: emu.url,
          CACS_ACCESS_TOKEN: emu.token,
          CACS_CAMPAIGN: 'summer',
        }),
      };
      const stateDir = path.join(env.XDG_STATE_HOME!, 'cacs');
      fs.writeFileSync(
        path.join(cwd, 'leads.csv'),
        `phone\n${Array.from({ length: 30 }, (_, i) => `09${10_000_000 + i}`).join('\n')}\n`,
      );
      expect((await runCli(['import', path.join(cwd, 'leads.csv')], { env, cwd })).code).toBe(0);
      const report = await runCli(['report', '--from', 'today', '--format', 'json'], {
        env,
        cwd,
      });
      expect(report.code).toBe(0);
      const statuses = [
        ...new Set(
          (JSON.parse(report.stdout) as Array<{ data: Array<{ status: string }> }>).flatMap((r) =>
            r.data.map((a) => a.status),
          ),
        ),
      ].sort();
      expect(statuses.length).toBeGreaterThan(0);
      expect(await readStatuses(stateDir)).toEqual(statuses);
      const file = await statusesFile(stateDir);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect((await runCli(['__complete', 'statuses'], { env, cwd })).stdout).toBe(
        statuses.map((s) => `${s}\n`).join(''),
      );
      // The list is not the report's business: a folder that cannot be written fails nothing.
      fs.chmodSync(path.dirname(file), 0o500);
      try {
        fs.rmSync(file, { force: true });
      } catch {
        // read-only: the file stays
      }
      const again = await runCli(['report', '--from', 'today', '--format', 'json'], {
        env,
        cwd,
      });
      expect(again.code).toBe(0);
      fs.chmodSync(path.dirname(file), 0o700);
    } finally {
      await emu.close();
    }
  });

  it('keeps at most 64, never a status that cannot be offered, and the newest when full', async () => {
    const dir = tempDir();
    await rememberStatuses(dir, ['A,B', ' padded', '', 'x'.repeat(41), 'line\nbreak', 'OK']);
    expect(await readStatuses(dir)).toEqual(['OK']);
    const old = Array.from({ length: 60 }, (_, i) => `OLD${String(i).padStart(2, '0')}`);
    await rememberStatuses(dir, old);
    expect(await readStatuses(dir)).toHaveLength(61);
    const fresh = Array.from({ length: 10 }, (_, i) => `NEW${i}`);
    await rememberStatuses(dir, fresh);
    const kept = await readStatuses(dir);
    expect(kept).toHaveLength(MAX_STATUSES);
    for (const s of fresh) expect(kept).toContain(s);
    expect(kept.filter((s) => !fresh.includes(s))).toHaveLength(MAX_STATUSES - fresh.length);
    // A damaged list is an empty one.
    fs.writeFileSync(await statusesFile(dir), '{not json');
    expect(await readStatuses(dir)).toEqual([]);
  });
});
