/**
 * `--json` on every outcome (issue 18 item 3): import, config show and history print exactly one
 * JSON object on stdout with `exitCode` and `error` ({ code, message, hint? } or null), whatever
 * ended the run, over real HTTP (the emulator, or a purpose-built server for faults). stderr
 * keeps the human message; the token never appears on either.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { BIN, isolatedEnv, killableEnv, runCli, tempDir } from '../helpers/cli.js';
import { startHoldingServer } from '../helpers/holding-server.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';
import { closedPort, html, startScriptedServer } from '../helpers/servers.js';

const emulators = emulatorPool();
const emulator = (opts: EmulatorOptions = {}) => emulators.start(opts);

const SENTINEL = 'SENTINEL-json-4d1c7e-token';

interface Outcome {
  exitCode: number;
  error: { code: string; message: string; hint?: string; problems?: string[] } | null;
  [key: string]: unknown;
}

/** stdout as the one JSON object it must be, its exitCode the process's. */
function outcome(r: { code: number; stdout: string }): Outcome {
  const text = r.stdout.trim();
  expect(text.startsWith('{') && text.endsWith('}')).toBe(true);
  const o = JSON.parse(text) as Outcome;
  expect(o.exitCode).toBe(r.code);
  return o;
}

function leads(dir: string, rows = ['0912345678,An', '0987654312,Bình']): string {
  return write(dir, 'leads.csv', `phone,name\n${rows.join('\n')}\n`);
}

describe('cacs import --json: one object for every outcome', () => {
  it('success: exit 0, error null, the summary', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const r = await runCli(['import', leads(cwd), '--json'], { env: importEnv(emu), cwd });
    expect(r.code).toBe(0);
    expect(outcome(r)).toMatchObject({ exitCode: 0, error: null, imported: 2, total: 2 });
  });

  it('partial: exit 3, error.code partial naming the rejects file', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const file = leads(cwd, ['0912345678,An', '12345,Bad']);
    const r = await runCli(['import', file, '--json'], { env: importEnv(emu), cwd });
    expect(r.code).toBe(3);
    const o = outcome(r);
    expect(o).toMatchObject({ imported: 1, rejected: 1 });
    expect(o.error).toEqual({
      code: 'partial',
      message: '1 row rejected; 1 lead imported',
      hint: `Fix the rows in ${file}.rejects.csv and import that file again.`,
    });
  });

  it.each([
    [
      'an unknown option',
      ['--bogus'],
      "unknown option '--bogus'",
      'Run cacs import --help for usage.',
    ],
    [
      'a misspelt option (with commander’s suggestion)',
      ['--dry-rn'],
      "unknown option '--dry-rn' (Did you mean --dry-run?)",
      'Run cacs import --help for usage.',
    ],
    [
      'a bad flag value',
      ['--batch-size', '0'],
      "option '--batch-size <n>' argument '0' is invalid. expected a whole number from 1 to 100000.",
      'Run cacs import --help for usage.',
    ],
    [
      'two flags that conflict',
      ['--retry-uncertain', '--restart'],
      "option '--retry-uncertain' cannot be used with option '--restart'",
      'Run cacs import --help for usage.',
    ],
  ])(
    'usage error from the parser (%s): exit 2, error.code usage',
    async (_what, flags, message, hint) => {
      const cwd = tempDir();
      const r = await runCli(['import', 'leads.csv', '--json', ...flags], {
        env: importEnv({ url: 'http://127.0.0.1:9' }),
        cwd,
      });
      expect(r.code).toBe(2);
      expect(outcome(r)).toEqual({ exitCode: 2, error: { code: 'usage', message, hint } });
      // stderr keeps commander's own message and the pointer to the command's help.
      expect(r.stderr).toContain(`error: ${message.replace(/ \(Did you mean/, '\n(Did you mean')}`);
      expect(r.stderr).toContain('(run cacs import --help for usage)');
    },
  );

  it('a missing argument, and --json before the command, are usage errors in JSON too', async () => {
    const env = importEnv({ url: 'http://127.0.0.1:9' });
    const missing = await runCli(['import', '--json'], { env });
    expect(outcome(missing)).toEqual({
      exitCode: 2,
      error: {
        code: 'usage',
        message: "missing required argument 'file'",
        hint: 'Run cacs import --help for usage.',
      },
    });
    const global = await runCli(['--base-url', 'http://127.0.0.1:9', 'import', 'x.csv', '--json'], {
      env,
    });
    expect(outcome(global).error).toMatchObject({ code: 'usage', message: 'x.csv: no such file' });
    // --json before the command is the program's unknown option: its help is the program's.
    const before = await runCli(['--json', 'import', 'x.csv'], { env });
    expect(outcome(before).error).toEqual({
      code: 'usage',
      message: "unknown option '--json'",
      hint: 'Run cacs --help for usage.',
    });
    expect(before.stderr).toContain('(run cacs --help for usage)');
  });

  it('usage error from cacs (an input file): the file and the facts known so far', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const file = write(cwd, 'broken.csv', 'phone,name\n0912345678,Bi"nh\n');
    const r = await runCli(['import', file, '--json'], { env: importEnv(emu), cwd });
    expect(r.code).toBe(2);
    expect(outcome(r)).toEqual({
      file,
      dryRun: false,
      campaign: 'summer',
      alias: null,
      exitCode: 2,
      error: {
        code: 'usage',
        message: `${file}:2, column 2 (name): a stray " inside a value that is not in quotes (Bi"…)`,
        hint: 'Remove the stray ", or put the whole value in quotes with each " inside doubled ("Bi""…").',
      },
    });
    expect(emu.store.importRequests).toBe(0);
  });

  it('config errors: error.code config, a config file’s problems listed', async () => {
    const cwd = tempDir();
    write(cwd, '.cacsrc.json', JSON.stringify({ baseUrl: 'ftp://x', bogus: 1 }));
    const r = await runCli(['import', leads(cwd), '--json'], { env: isolatedEnv(), cwd });
    expect(r.code).toBe(2);
    const o = outcome(r);
    expect(o.error?.code).toBe('config');
    expect(o.error?.message).toContain(`${path.join(cwd, '.cacsrc.json')}: 2 problems`);
    expect(o.error?.problems).toHaveLength(2);
    expect(o.error?.hint).toContain('cacs config init');

    const noToken = await runCli(['import', leads(tempDir()), '--json', '--campaign', 'summer'], {
      env: isolatedEnv({ CACS_BASE_URL: 'http://127.0.0.1:9' }),
    });
    expect(outcome(noToken).error).toMatchObject({
      code: 'config',
      message: 'no access token is set',
    });
    const noCampaign = await runCli(['import', leads(tempDir()), '--json'], {
      env: isolatedEnv({ CACS_BASE_URL: 'http://127.0.0.1:9', CACS_ACCESS_TOKEN: SENTINEL }),
    });
    expect(outcome(noCampaign).error).toMatchObject({
      code: 'config',
      message: 'no campaign given',
    });
  });

  it('refused by the service: exit 4, error.code refused, the service message, no token', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu, { CACS_ACCESS_TOKEN: SENTINEL });
    const r = await runCli(['import', leads(cwd), '--json'], { env, cwd });
    expect(r.code).toBe(4);
    const o = outcome(r);
    expect(o).toMatchObject({ imported: 0, notSent: 2 });
    expect(o.error?.code).toBe('refused');
    expect(o.error?.message).toMatch(
      /^stopped: the service refused the access token: ".*#access_token#/,
    );
    expect(o.error?.hint).toContain('Check the token and campaign');
    expect(r.stdout + r.stderr).not.toContain(SENTINEL);
  });

  it('unreachable: exit 1, error.code unreachable', async () => {
    const port = await closedPort();
    const cwd = tempDir();
    const r = await runCli(['import', leads(cwd), '--json'], {
      env: importEnv({ url: `http://127.0.0.1:${port}` }),
      cwd,
    });
    expect(r.code).toBe(1);
    const o = outcome(r);
    expect(o.error?.code).toBe('unreachable');
    expect(o.error?.message).toContain(`cannot reach 127.0.0.1:${port}: connection refused`);
    expect(o).toMatchObject({ imported: 0, notSent: 2 });
  });

  it('an answer cacs cannot use: exit 1, error.code unexpected_answer', async () => {
    const server = await startScriptedServer([html(404, 'no such page')]);
    try {
      const cwd = tempDir();
      const r = await runCli(['import', leads(cwd), '--json'], { env: importEnv(server), cwd });
      expect(r.code).toBe(1);
      const o = outcome(r);
      expect(o.error?.code).toBe('unexpected_answer');
      expect(o.error?.message).toContain('the service answered HTTP 404');
    } finally {
      await server.close();
    }
  });

  it('uncertain: exit 5, error.code uncertain naming the list', async () => {
    const emu = await emulator({ faults: { dropAfterRate: 1 } });
    const cwd = tempDir();
    const file = leads(cwd);
    const r = await runCli(['import', file, '--json'], { env: importEnv(emu), cwd });
    expect(r.code).toBe(5);
    const o = outcome(r);
    expect(o.error?.code).toBe('uncertain');
    expect(o.error?.message).toBe(
      '2 leads may or may not have been imported (no definite answer came); they were not resent',
    );
    expect(o.error?.hint).toContain(`${file}.uncertain.csv`);
  });

  it('another run holds the lock: exit 1, error.code locked', { timeout: 120_000 }, async () => {
    const server = await startHoldingServer(3000);
    const cwd = tempDir();
    const file = leads(cwd);
    const env = killableEnv(importEnv(server));
    const first = spawn(process.execPath, [BIN, 'import', file], {
      cwd,
      env: env as NodeJS.ProcessEnv,
    });
    const exited = new Promise((r) => first.on('exit', r));
    try {
      await until(() => server.requests >= 1, first);
      const r = await runCli(['import', file, '--json'], { env, cwd });
      expect(r.code).toBe(1);
      expect(outcome(r).error).toMatchObject({
        code: 'locked',
        message: expect.stringContaining(`another cacs run (pid ${first.pid})`),
      });
    } finally {
      first.kill('SIGKILL');
      await exited;
      await server.close();
    }
  });

  it(
    'interrupted (Ctrl-C): exit 130, error.code interrupted, the summary so far; a second Ctrl-C prints one object too',
    { timeout: 120_000 },
    async () => {
      for (const signals of [1, 2]) {
        const server = await startHoldingServer(signals === 1 ? 400 : 5000);
        const cwd = tempDir();
        const file = leads(
          cwd,
          Array.from({ length: 20 }, (_, i) => `09${String(10_000_000 + i)},K${i}`),
        );
        const child = spawn(
          process.execPath,
          [BIN, 'import', file, '--batch-size', '5', '--concurrency', '1', '--json'],
          { cwd, env: importEnv(server) as NodeJS.ProcessEnv },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        const done = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
        try {
          await until(() => server.requests >= 1, child);
          child.kill('SIGINT');
          // The second, again until it exits (no fixed pause: two signals sent together may
          // arrive as one).
          const again = signals === 2 ? setInterval(() => child.kill('SIGINT'), 50) : undefined;
          const code = await done;
          clearInterval(again);
          expect(code).toBe(130);
          const o = outcome({ code: 130, stdout });
          expect(o.error?.code).toBe('interrupted');
          if (signals === 1) {
            expect(o).toMatchObject({ total: 20, exitCode: 130 });
            expect(o.error?.message).toMatch(
              /^interrupted: \d+ leads? imported, (\d+ leads? uncertain \(sent, no answer\), )?\d+ leads? not sent$/,
            );
            expect(o.error?.hint).toContain('Run the same command again');
          } else {
            expect(o).toEqual({
              file,
              dryRun: false,
              campaign: 'summer',
              alias: null,
              exitCode: 130,
              error: {
                code: 'interrupted',
                message:
                  'Ctrl-C again: stopping now; batches in flight are left uncertain: the same import run again says which and sends the rest, and cacs reconcile settles them',
              },
            });
            expect(stderr).toContain('Ctrl-C again: stopping now');
          }
        } finally {
          child.kill('SIGKILL');
          await server.close();
        }
      }
    },
  );

  it('a token in the arguments (pasted by mistake) is masked in the JSON too', async () => {
    const r = await runCli(['import', 'leads.csv', '--json', `--token=${SENTINEL}`], {
      env: importEnv({ url: 'http://127.0.0.1:9' }, { CACS_ACCESS_TOKEN: SENTINEL }),
    });
    expect(r.code).toBe(2);
    expect(outcome(r).error?.message).toBe("unknown option '--token=***'");
    expect(r.stdout + r.stderr).not.toContain(SENTINEL);
  });

  it('the README recipe `… --json | jq .exitCode` prints the code in every case', () => {
    const cwd = tempDir();
    leads(cwd);
    const env = { ...importEnv({ url: 'http://127.0.0.1:9' }) } as NodeJS.ProcessEnv;
    const jq = (cmd: string) =>
      spawnSync('sh', ['-c', `${cmd} | jq .exitCode`], { cwd, env, encoding: 'utf8' }).stdout;
    const cacs = `"${process.execPath}" "${BIN}"`;
    expect(jq(`printf '' | ${cacs} import - --campaign summer --json`)).toBe('2\n');
    expect(jq(`cat leads.csv | ${cacs} import - --campaign summer --json --bogus`)).toBe('2\n');
    expect(jq(`cat leads.csv | ${cacs} import - --campaign summer --json --dry-run`)).toBe('0\n');
    expect(jq(`cat leads.csv | ${cacs} import - --campaign summer --json`)).toBe('1\n');
  });
});

describe('config show --json and history --json', () => {
  it('config show: exitCode 0 and error null; a broken config file is one JSON error', async () => {
    const cwd = tempDir();
    const ok = await runCli(['config', 'show', '--json'], { cwd });
    expect(outcome(ok)).toMatchObject({ exitCode: 0, error: null, files: [] });
    write(cwd, '.cacsrc.yaml', 'baseUrl: [unclosed\n');
    const bad = await runCli(['config', 'show', '--json'], { cwd });
    expect(bad.code).toBe(2);
    expect(outcome(bad).error).toMatchObject({
      code: 'config',
      message: expect.stringContaining(
        `cannot read the configuration ${path.join(cwd, '.cacsrc.yaml')}`,
      ),
    });
    const unknown = await runCli(['config', 'show', '--json', '--bogus'], { cwd });
    expect(outcome(unknown).error).toEqual({
      code: 'usage',
      message: "unknown option '--bogus'",
      hint: 'Run cacs config show --help for usage.',
    });
  });

  it('history: { runs, exitCode, error }, and a config error or unknown profile as JSON', async () => {
    const cwd = tempDir();
    const empty = await runCli(['history', '--json'], { cwd });
    expect(outcome(empty)).toEqual({ runs: [], exitCode: 0, error: null });
    const profile = await runCli(['--profile', 'nope', 'history', '--json'], { cwd });
    expect(outcome(profile).error).toEqual({
      code: 'config',
      message: 'flag --profile: no profile named "nope"',
      hint: 'No config file defines any profile.',
    });
    const find = await runCli(['history', 'find', '0912345678', '--json'], { cwd });
    expect(outcome(find)).toEqual({
      query: '0912345678',
      found: [],
      erased: null,
      exitCode: 0,
      error: null,
    });
    const missing = await runCli(['history', 'find', '--json'], { cwd });
    expect(outcome(missing).error).toEqual({
      code: 'usage',
      message: "missing required argument 'phone|ref_id'",
      hint: 'Run cacs history find --help for usage.',
    });
  });

  it('commands without --json print no JSON', async () => {
    const r = await runCli(['config', 'path', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});

describe('cacs report --json', () => {
  it('says to use --format json, exit 2, nothing on stdout', async () => {
    const r = await runCli(['report', '--from', 'today', '--json'], {
      env: isolatedEnv({ CACS_BASE_URL: 'http://127.0.0.1:9', CACS_ACCESS_TOKEN: SENTINEL }),
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: unknown option '--json'\n(Did you mean --format json?)\n(run cacs report --help for usage)\n",
    });
    // Other unknown options keep commander's suggestion.
    const other = await runCli(['report', '--from', 'today', '--formt', 'csv']);
    expect(other.stderr).toContain("error: unknown option '--formt'\n(Did you mean --format?)");
  });
});

describe('usage errors name the help of the command they are about', () => {
  it.each([
    [['report', '--bogus'], 'cacs report'],
    [['import'], 'cacs import'],
    [['history', 'show'], 'cacs history show'],
    [['history', 'find', 'a', 'b'], 'cacs history find'],
    [['config', 'show', '--bogus'], 'cacs config show'],
    [['config', 'init', '--force'], 'cacs config init'],
    [['emulator', '--port', 'x'], 'cacs emulator'],
    [['completion'], 'cacs completion'],
    [['--bogus'], 'cacs'],
    [['bogus'], 'cacs'],
  ])('cacs %j → run %s --help', async (args, command) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`(run ${command} --help for usage)`);
    expect(r.stderr).not.toContain(command === 'cacs' ? 'run cacs report' : 'run cacs --help');
  });
});

/**
 * Until `check` holds; fails at once if `child` ends first. No deadline of its own: on a loaded
 * machine a process can take many seconds to start, and the test's timeout is the bound.
 */
async function until(check: () => boolean, child: ChildProcess): Promise<void> {
  let ended = child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => (ended = true));
  while (!check()) {
    if (ended) throw new Error('the process ended before what was awaited happened');
    await new Promise((r) => setTimeout(r, 20));
  }
}
