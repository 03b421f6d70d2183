/**
 * One source for each fact: the defaults (src/defaults.ts) and the exit codes (errors.ts
 * EXIT_CODES) are written once, and the help text says what those tables say.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/messages/index.js';
import { DEFAULTS, OPTION_DEFAULTS } from '../../src/defaults.js';
import { COMMAND_EXIT_CODES, EXIT_CODES, ExitCode } from '../../src/errors.js';
import { resolveSettings } from '../../src/config/settings.js';
import { isolatedEnv, runCli } from '../helpers/cli.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

async function help(...command: string[]): Promise<string> {
  // Wide enough that no exit code's line is broken (help-width.test.ts breaks them).
  const r = await runCli([...command, '--help'], { env: isolatedEnv(), columns: 200 });
  expect(r.code).toBe(0);
  return r.stdout;
}

/** Help text with its line breaks and indentation folded into single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('defaults: one table', () => {
  /** Where the help states a default, and the table's key for it. */
  const STATED: Array<[string[], string, string]> = [
    [[], '--timeout <ms>', `(default ${DEFAULTS.timeout})`],
    [['import'], '--batch-size <n>', `(default ${DEFAULTS['import.batchSize']})`],
    [['import'], '--concurrency <n>', `(default ${DEFAULTS['import.concurrency']})`],
    [['report'], '--flatten <mode>', `(default ${DEFAULTS['report.flatten']})`],
    [['report'], '--window-days <n>', `(default ${DEFAULTS['report.windowDays']})`],
    [['report'], '--concurrency <n>', `(default ${DEFAULTS['report.concurrency']})`],
    [['report'], '--settle <duration>', `(default ${OPTION_DEFAULTS.settle};`],
    [['report'], 'compliance.callHours', `(default ${DEFAULTS['compliance.callHours']})`],
    [['report'], 'compliance.maxCallsPer24h', `(default ${DEFAULTS['compliance.maxCallsPer24h']})`],
    [['report'], 'serviceTimezone,', `default ${DEFAULTS.serviceTimezone})`],
    [['history', 'list'], '--limit <n>', `(default ${OPTION_DEFAULTS.historyLimit})`],
    [['emulator'], '--port <n>', `(default: ${OPTION_DEFAULTS.emulatorPort})`],
    [['emulator'], '--host <addr>', `(default: "${OPTION_DEFAULTS.emulatorHost}")`],
    [['emulator'], '--token <token>', `(default: "${OPTION_DEFAULTS.emulatorToken}")`],
    [['emulator'], '--campaign <key[=name]>', `default ${OPTION_DEFAULTS.emulatorCampaign})`],
    [['emulator'], '--phone-pattern <regex>', `(default ${DEFAULTS['import.phonePattern']})`],
  ];

  it.each(STATED)('%j %s says the default the table holds', async (command, flag, says) => {
    const text = await help(...command);
    if (flag.startsWith('-')) {
      // The flag's own entry: its line and the lines that continue its description.
      const entries = text.split(/\n(?= {2}-)/);
      const entry = entries.find((e) => e.trimStart().startsWith(flag) || e.includes(`, ${flag}`));
      expect(entry).toBeDefined();
      expect(flat(entry!.split(/\n\n/)[0]!)).toContain(says);
    } else {
      // A setting named in the prose: the default follows its name.
      const prose = flat(text);
      const at = prose.indexOf(flag);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(prose.slice(at, at + flag.length + says.length + 12)).toContain(says);
    }
  });

  it('the settings start from the table (config show calls them "default")', () => {
    const { settings, sources } = resolveSettings({ files: [], env: {}, flags: new Map() });
    expect(settings.timeout).toBe(DEFAULTS.timeout);
    expect(settings.import.batchSize).toBe(DEFAULTS['import.batchSize']);
    expect(settings.import.concurrency).toBe(DEFAULTS['import.concurrency']);
    expect(settings.import.stdinLimit).toBe(DEFAULTS['import.stdinLimit']);
    expect(settings.report.windowDays).toBe(DEFAULTS['report.windowDays']);
    expect(settings.report.concurrency).toBe(DEFAULTS['report.concurrency']);
    expect(settings.report.memoryBudget).toBe(DEFAULTS['report.memoryBudget']);
    expect(settings.serviceTimezone).toBe(DEFAULTS.serviceTimezone);
    expect(sources.get('import.batchSize')).toBe('default');
  });

  it('no other module writes a default the table holds (help literals, library constants)', () => {
    // The numbers and words that used to be written in four places.
    const literals = [
      /\(default (500|2|4|31|30000|20|1h|attempts|08:00-17:00|1)\b/,
      /DEFAULT_\w+ = (500|2|4|31|30_000|'1h'|3_600_000|10_000|8787|'emulator-token'|'Asia\/Ho_Chi_Minh')\b/,
      /DEFAULT_MEMORY_BUDGET = 64 \* 1024/,
      /timeoutMs \?\? 30_000/,
      /'\^0\\\\d\{9\}\$'/,
    ];
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts') && path.relative(SRC, p) !== 'defaults.ts') {
          // Code only: a doc comment may describe a default for a reader.
          const text = fs
            .readFileSync(p, 'utf8')
            .split('\n')
            .filter((l) => !/^\s*(\*|\/\/|\/\*\*)/.test(l))
            .join('\n');
          for (const re of literals)
            if (re.test(text)) offenders.push(`${path.relative(SRC, p)}: ${re.exec(text)![0]}`);
        }
      }
    };
    walk(SRC);
    expect(offenders).toEqual([]);
  });
});

describe('exit codes: one table', () => {
  it('ExitCode is the table, name for name', () => {
    expect(Object.entries(ExitCode)).toEqual(EXIT_CODES.map((r) => [r.name, r.code]));
    expect(EXIT_CODES.map((r) => r.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 130]);
  });

  it('cacs --help lists every row of the table, in its words', async () => {
    const text = await help();
    const block = text.slice(text.indexOf('Exit codes:'));
    const listed = [...block.matchAll(/^ {2}(\d+) +(.+)$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(listed).toEqual(EXIT_CODES.map((r) => [r.code, t(r.help)]));
  });

  it.each(Object.keys(COMMAND_EXIT_CODES))(
    "%s --help's exit-code sentence is the table's",
    async (command) => {
      const text = flat(await help(command));
      const m = /Exit codes: (.+?\d+ interrupted)\./.exec(text);
      expect(m).not.toBeNull();
      const said = m![1]!.split(/, (?=\d+ )/).map((part) => {
        const [, code, words] = /^(\d+) (.+)$/.exec(part)!;
        return [Number(code), words];
      });
      const want = COMMAND_EXIT_CODES[command as keyof typeof COMMAND_EXIT_CODES].map(
        ([name, words]) => {
          const row = EXIT_CODES.find((r) => r.name === name)!;
          return [row.code, t(words ?? row.brief)];
        },
      );
      expect(said).toEqual(want);
    },
  );

  it('no code is written as a bare number in the help or the commands (only the table has them)', () => {
    const program = fs.readFileSync(path.join(SRC, 'cli', 'program.ts'), 'utf8');
    expect(program).not.toMatch(/Exit codes: \d/);
    const commands = path.join(SRC, 'cli', 'commands');
    const bare: string[] = [];
    for (const f of fs.readdirSync(commands)) {
      const text = fs.readFileSync(path.join(commands, f), 'utf8');
      for (const m of text.matchAll(/exitCode (?:===|!==) (\d+)/g)) bare.push(`${f}: ${m[0]}`);
    }
    expect(bare).toEqual([]);
  });
});

describe('flags: declared beside each command', () => {
  it('each command module takes its flags from its own -flags file, never from program.ts', () => {
    const commands = path.join(SRC, 'cli', 'commands');
    const runs = fs.readdirSync(commands).filter((f) => f.endsWith('.ts') && !f.includes('-'));
    const wrong: string[] = [];
    for (const f of runs) {
      const text = fs.readFileSync(path.join(commands, f), 'utf8');
      if (/from '\.\.\/program\.js'/.test(text)) wrong.push(`${f} imports program.ts`);
      const defines = [...text.matchAll(/\bdefine[A-Z]\w*/g)].map((m) => m[0]);
      if (defines.length > 0 && !fs.existsSync(path.join(commands, f.replace('.ts', '-flags.ts'))))
        wrong.push(`${f} has no ${f.replace('.ts', '-flags.ts')}`);
    }
    expect(runs.length).toBeGreaterThanOrEqual(6);
    expect(wrong).toEqual([]);
  });
});
