import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeHelp } from '../../src/errors.js';
import { colorLevel } from '../../src/cli/context.js';
import { VERSION } from '../../src/version.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const SENTINEL = 'SENTINEL-7f3a9c-token';

describe('help and usage', () => {
  it('prints help with examples and every exit code', async () => {
    // Wide enough that no exit code's line is broken (help-width.test.ts breaks them).
    const r = await runCli(['--help'], { columns: 200 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: cacs [options] [command]');
    expect(r.stdout).toContain('Examples:');
    for (const [code, text] of exitCodeHelp())
      expect(r.stdout).toContain(`${String(code).padEnd(4)} ${text}`);
    expect(r.stdout).toMatch(/never taken from the command line/);
  });

  it.each([
    ['import'],
    ['report'],
    ['reconcile'],
    ['forget'],
    ['history'],
    ['state'],
    ['config'],
    ['emulator'],
    ['completion'],
  ])('cacs %s --help has examples (README: every command and group)', async (command) => {
    for (const lang of ['en', 'vi']) {
      const r = await runCli([command, '--help', '--lang', lang], { columns: 120 });
      expect(r.code).toBe(0);
      // (completion's examples are how to install its script.)
      expect(r.stdout).toMatch(
        lang === 'en'
          ? /\n(Examples:\n {2}\$|Install:\n {2}bash {2}) ?cacs /
          : /\n(Ví dụ:\n {2}\$|Cài đặt:\n {2}bash {2}) ?cacs /,
      );
    }
  });

  it.each([60, 80])(
    "commander's usage errors on a %i-column terminal break at spaces, no word cut in two (operator walk)",
    async (columns) => {
      for (const lang of ['en', 'vi']) {
        const r = await runCli(['import', 'x.csv', '--batch-size', '0', '--lang', lang], {
          tty: true,
          columns,
          env: isolatedEnv({ NO_COLOR: '1' }),
        });
        expect(r.code).toBe(2);
        const lines = r.stderr.trimEnd().split('\n');
        for (const l of lines) expect([...l].length, r.stderr).toBeLessThanOrEqual(columns);
        // The words of the message, joined again, are the message unbroken.
        const off = await runCli(['import', 'x.csv', '--batch-size', '0', '--lang', lang], {
          env: isolatedEnv({ NO_COLOR: '1' }),
        });
        const first = off.stderr.split('\n')[0]!;
        expect(first.length).toBeGreaterThan(columns);
        expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(first.replace(/\s+/g, ' '));
      }
    },
  );

  it('prints the version', async () => {
    const r = await runCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it('exits 2 on an unknown option, with a pointer to help', async () => {
    const r = await runCli(['--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown option '--bogus'");
    expect(r.stderr).toContain('(run cacs --help for usage)');
  });

  it('exits 2 on a bad number, naming the flag', async () => {
    const r = await runCli(['--timeout', 'soon', 'config', 'show']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "option '--timeout <ms>' argument 'soon' is invalid. expected a whole number from 100 to 3600000.",
    );
  });

  it('suggests a command for a typo', async () => {
    const r = await runCli(['emulatr']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Did you mean emulator\?/);
  });

  it('has help for config and emulator with examples', async () => {
    const c = await runCli(['config', '--help']);
    expect(c.stdout).toContain('$ cacs config show --json');
    const e = await runCli(['emulator', '--help']);
    expect(e.stdout).toContain('--fail-rate <p>');
    expect(e.stdout).toContain('$ cacs emulator --port 0 --fail-rate 0.2');
  });
});

describe('config show / path / init', () => {
  it('shows each effective value with its source, token masked', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, '.cacsrc.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        accessToken: SENTINEL,
        campaigns: { s: 'SUMMER' },
        import: { batchSize: 250 },
      }),
      { mode: 0o600 },
    );
    const env = isolatedEnv({ CACS_BASE_URL: 'https://cacs.example' });
    const r = await runCli(['config', 'show', '--profile', 'x'], { cwd, env }).catch((e) => e);
    expect(r.code).toBe(2); // unknown profile
    expect(r.stderr).toContain('flag --profile: no profile named "x"');

    const ok = await runCli(['config', 'show'], { cwd, env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^baseUrl\s+https:\/\/cacs\.example\s+env CACS_BASE_URL$/m);
    expect(ok.stdout).toMatch(
      new RegExp(
        `^accessToken\\s+\\*\\*\\*\\s+project config ${file.replace(/[.]/g, '\\.')}$`,
        'm',
      ),
    );
    expect(ok.stdout).toMatch(/^campaigns\.s\s+SUMMER/m);
    expect(ok.stdout).toMatch(/^import\.batchSize\s+250/m);
    expect(ok.stdout).toMatch(/^timezone\s+Asia\/Ho_Chi_Minh\s+default \(serviceTimezone\)$/m);
    expect(ok.stdout).toMatch(/^serviceTimezone\s+Asia\/Ho_Chi_Minh\s+default$/m);
    expect(ok.stdout + ok.stderr).not.toContain(SENTINEL);

    const json = await runCli(['config', 'show', '--json', '--base-url', 'https://flag.example'], {
      cwd,
      env,
    });
    const obj = JSON.parse(json.stdout) as {
      settings: Record<string, { value: unknown; source: string }>;
      files: unknown[];
    };
    expect(obj.settings.baseUrl).toEqual({
      value: 'https://flag.example',
      source: 'flag --base-url',
    });
    expect(obj.settings.accessToken?.value).toBe('***');
    expect(obj.files).toEqual([{ path: file, scope: 'project' }]);
    expect(json.stdout).not.toContain(SENTINEL);
  });

  it('warns when a token file is readable by others, naming the fix', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, '.cacsrc.json');
    fs.writeFileSync(file, JSON.stringify({ accessToken: SENTINEL }));
    fs.chmodSync(file, 0o644);
    const r = await runCli(['config', 'show'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `warning: ${file} holds an access token and other users can read it; run: chmod 600 ${file}`,
    );
    expect(r.stdout + r.stderr).not.toContain(SENTINEL);
  });

  it('lists every config problem at once and exits 2', async () => {
    const cwd = tempDir();
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.yaml'),
      'baseUrl: 42\nbatchSize: 10\nreport:\n  format: xml\n',
    );
    const r = await runCli(['config', 'show'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('3 problems in the configuration:');
    expect(r.stderr).toContain('  - baseUrl: expected a non-empty string, got number 42');
    expect(r.stderr).toContain('  - batchSize: unknown key');
    expect(r.stderr).toContain(
      '  - report.format: expected one of csv, json, ndjson, table, xlsx, html, got string "xml"',
    );
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('prints the files in effect and the search places', async () => {
    const cwd = tempDir();
    fs.writeFileSync(path.join(cwd, '.cacsrc'), 'timezone: UTC\n');
    const r = await runCli(['config', 'path'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`project  ${path.join(cwd, '.cacsrc')}\n`);
    expect(r.stderr).toContain('cacs looks for, in order of precedence:');
  });

  it('writes a starter config that loads cleanly, mode 600, and never overwrites', async () => {
    const cwd = tempDir();
    const env = isolatedEnv();
    const r = await runCli(['config', 'init'], { cwd, env });
    expect(r.code).toBe(0);
    const file = path.join(cwd, '.cacsrc.yaml');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const show = await runCli(['config', 'show', '--json'], { cwd, env });
    expect(show.code).toBe(0);
    // Every setting in the starter is commented out: it changes nothing.
    const settings = (JSON.parse(show.stdout) as { settings: Record<string, { source: string }> })
      .settings;
    expect(Object.entries(settings).filter(([, v]) => v.source.includes(file))).toEqual([]);
    const again = await runCli(['config', 'init'], { cwd, env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists; cacs config init never overwrites a file');
    const user = await runCli(['config', 'init', '--user'], { cwd, env });
    expect(user.stdout.trim()).toBe(path.join(env.XDG_CONFIG_HOME!, 'cacs', 'config.yaml'));
  });
});

describe('colour', () => {
  it.each([
    [{}, true, undefined, 1],
    [{}, false, undefined, 0],
    [{ NO_COLOR: '1' }, true, undefined, 0],
    [{}, true, false, 0],
    [{ FORCE_COLOR: '3' }, false, undefined, 3],
    [{ FORCE_COLOR: '0' }, true, undefined, 0],
    [{ NO_COLOR: '1', FORCE_COLOR: '1' }, true, undefined, 0],
    [{ TERM: 'dumb' }, true, undefined, 0],
  ] as const)('env %o, tty %s, flag %s → level %i', (env, tty, flag, level) => {
    expect(colorLevel(env, tty, flag)).toBe(level);
  });

  it('prints no escape codes with NO_COLOR on a TTY', async () => {
    const r = await runCli(['config', 'show'], { tty: true, env: isolatedEnv({ NO_COLOR: '1' }) });
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });
});

describe('a missing command', () => {
  it.each([[[]], [['config']]])('cacs %j shows help on stderr and exits 2', async (args) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: cacs');
  });
});

describe('flag rules, declared on the options', () => {
  // Everything a command needs is set, so the flag alone is at fault; nothing listens at the
  // address, and nothing is read or sent: commander stops while parsing.
  const env = () =>
    isolatedEnv({
      CACS_BASE_URL: 'http://127.0.0.1:9',
      CACS_ACCESS_TOKEN: SENTINEL,
      CACS_CAMPAIGN: 'summer',
    });
  const bad = (flags: string, value: string, reason: string) =>
    `error: option '${flags}' argument '${value}' is invalid. ${reason}`;
  const long = (c: string, n: number) => c.repeat(n);

  it.each([
    // values
    [['import', 'x.csv', '--delimiter', 'x'], bad('--delimiter <c>', 'x', 'use one of , ; tab |')],
    [
      ['import', 'x.csv', '--delimiter', 'constructor'],
      bad('--delimiter <c>', 'constructor', 'use one of , ; tab |'),
    ],
    [
      ['report', '--from', 'today', '--ref-id', long('K', 33)],
      bad('--ref-id <id>', long('K', 33), "at most 32 characters (the service's limit)"),
    ],
    [
      ['report', '--from', 'today', '--tz', 'Mars/Base'],
      `${bad('--tz <zone>', 'Mars/Base', 'unknown time zone')}\nUse an IANA name such as Asia/Ho_Chi_Minh or Europe/Paris.`,
    ],
    [
      ['emulator', '--phone-pattern', '('],
      bad(
        '--phone-pattern <regex>',
        '(',
        'not a valid regular expression: Invalid regular expression: /(/: Unterminated group',
      ),
    ],
    [
      ['emulator', '--campaign', 'a', '--campaign', '=Name'],
      bad('--campaign <key[=name]>', '=Name', 'a campaign key is 1 to 32 characters'),
    ],
    [
      ['emulator', '--campaign', long('C', 33)],
      bad('--campaign <key[=name]>', long('C', 33), 'a campaign key is 1 to 32 characters'),
    ],
    // numbers
    [
      ['--timeout', '99', 'config', 'show'],
      bad('--timeout <ms>', '99', 'expected a whole number from 100 to 3600000.'),
    ],
    [
      ['import', 'x.csv', '--batch-size', '0'],
      bad('--batch-size <n>', '0', 'expected a whole number from 1 to 100000.'),
    ],
    [
      ['import', 'x.csv', '--concurrency', '65'],
      bad('--concurrency <n>', '65', 'expected a whole number from 1 to 64.'),
    ],
    [
      ['report', '--from', 'today', '--window-days', '32'],
      bad('--window-days <n>', '32', 'expected a whole number from 1 to 31.'),
    ],
    [
      ['report', '--from', 'today', '--concurrency', '1.5'],
      bad('--concurrency <n>', '1.5', 'expected a whole number from 1 to 64.'),
    ],
    [
      ['history', '--limit', '0'],
      bad('--limit <n>', '0', 'expected a whole number from 1 to 1000000.'),
    ],
    [
      ['emulator', '--port', '65536'],
      bad('--port <n>', '65536', 'expected a whole number from 0 to 65535.'),
    ],
    [
      ['emulator', '--latency', '-1'],
      bad('--latency <ms>', '-1', 'expected a whole number from 0 to 600000.'),
    ],
    [
      ['emulator', '--fail-rate', '2'],
      bad('--fail-rate <p>', '2', 'expected a number from 0 to 1.'),
    ],
    [
      ['emulator', '--seed', 'x'],
      bad('--seed <n>', 'x', 'expected a whole number from 0 to 2147483648.'),
    ],
    [
      ['emulator', '--max-batch', '0'],
      bad('--max-batch <n>', '0', 'expected a whole number from 1 to 10000000.'),
    ],
    // choices
    [
      ['import', 'x.csv', '--format', 'xml'],
      bad('--format <format>', 'xml', 'Allowed choices are csv, json, ndjson, xlsx.'),
    ],
    [
      ['report', '--from', 'today', '--format', 'xml'],
      bad('--format <format>', 'xml', 'Allowed choices are csv, json, ndjson, table, xlsx, html.'),
    ],
    [
      ['report', '--from', 'today', '--flatten', 'rows'],
      bad('--flatten <mode>', 'rows', 'Allowed choices are attempts, leads.'),
    ],
    [
      ['emulator', '--message-style', 'x'],
      bad('--message-style <style>', 'x', 'Allowed choices are ratio, count.'),
    ],
    [
      ['emulator', '--attempts', 'x'],
      bad('--attempts <style>', 'x', 'Allowed choices are window, all.'),
    ],
    [
      ['completion', 'tcsh'],
      "error: command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.",
    ],
    // conflicts
    [
      ['import', 'x.csv', '--retry-uncertain', '--restart'],
      "error: option '--retry-uncertain' cannot be used with option '--restart'",
    ],
  ])('cacs %j → exit 2, the flag named, no stack trace', async (args, message) => {
    const r = await runCli(args, { env: env() });
    // The help of the command at fault (`cacs history` runs `history list`).
    const command = args[0]!.startsWith('-')
      ? 'cacs'
      : args[0] === 'history'
        ? 'cacs history list'
        : `cacs ${args[0]}`;
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `${message}\n(run ${command} --help for usage)\n`,
    });
  });
});
