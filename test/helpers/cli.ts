/** Run the CLI in-process with string buffers, or as a real process. */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';
import type { Sleep } from '../../src/api/retry.js';
import type { IO } from '../../src/cli/context.js';
import { fastSleep } from './sleep.js';
import { tempDir } from './tmp.js';

export { killableEnv, tempDir } from './tmp.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin', 'cacs.js');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  tty?: boolean;
  stdin?: string | Buffer;
  now?: () => Date;
  /** The terminal's width (default 80). */
  columns?: number;
  /**
   * With `terminal`: the width the stderr stream itself reports (default `columns`); 0 is a
   * pseudo-terminal whose size was never set (`script`, some job runners).
   */
  streamColumns?: number;
  /**
   * With `tty`: stderr acts as a terminal does for the spinner (isTTY, columns, cursor moves
   * and line clears as escape codes), so each frame it draws can be read back (see frames()).
   */
  terminal?: boolean;
  /**
   * The client's wait between retries: a quick one by default (see fastSleep), so a test pays
   * no real backoff; `'real'` for the real timer.
   */
  sleep?: Sleep | 'real';
}

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * A clean environment: no CACS_* from the developer's shell, an isolated HOME and state dir
 * (removed when the test file ends), and this run's TMPDIR, so a cacs process's temp files land
 * where the run's leftover check looks.
 */
export function isolatedEnv(
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  const home = tempDir('cacs-home-');
  return {
    PATH: process.env.PATH,
    TMPDIR: os.tmpdir(),
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    ...extra,
  };
}

export async function runCli(argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const out = sink();
  const err = sink();
  if (opts.tty === true && opts.terminal === true) {
    const stream = err.stream as PassThrough & Partial<NodeJS.WriteStream>;
    Object.assign(stream, {
      isTTY: true,
      columns: opts.streamColumns ?? opts.columns ?? 80,
      rows: 40,
      cursorTo: (x: number, y?: number, cb?: () => void) => readline.cursorTo(stream, x, y, cb),
      moveCursor: (dx: number, dy: number, cb?: () => void) =>
        readline.moveCursor(stream, dx, dy, cb),
      clearLine: (dir: -1 | 0 | 1, cb?: () => void) => readline.clearLine(stream, dir, cb),
    });
  }
  const io: IO = {
    stdout: out.stream,
    stderr: err.stream,
    stdin: Readable.from(opts.stdin === undefined ? [] : [opts.stdin]),
    env: opts.env ?? isolatedEnv(),
    cwd: opts.cwd ?? tempDir(),
    stdoutIsTTY: opts.tty === true,
    stderrIsTTY: opts.tty === true,
    stdinIsTTY: false,
    columns: opts.columns ?? 80,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.sleep === 'real' ? {} : { sleep: opts.sleep ?? fastSleep() }),
  };
  const code = await main(argv, io);
  await new Promise((r) => setImmediate(r));
  return { code, stdout: out.text(), stderr: err.text() };
}

/** Spawn bin/cacs.js (needs `npm run build`). */
export function spawnCli(
  argv: string[],
  opts: RunOptions & { timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd: opts.cwd ?? tempDir(),
      env: (opts.env ?? isolatedEnv()) as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    // A net for a process that hangs (the test fails on its exit code), not a speed check: a
    // run of a few CPU seconds can take a minute at load 20.
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 110_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    else child.stdin.end();
  });
}

/**
 * The frames a spinner drew on a terminal-like stderr (runCli with `terminal`), in order: the
 * text of each, escape codes and the spinner's glyph taken off. Frames drawn again unchanged
 * appear again.
 */
export function frames(stderr: string): string[] {
  return stderr
    .split(/\u001b\[[0-9;?]*[A-Za-z]|\r|\n/)
    .map((s) => s.replace(/^[\u2800-\u28ff] /, '').trim())
    .filter((s) => s !== '');
}

/** The user `nobody` (uid and gid 65534), as tests run cacs as a normal user under root. */
export const NOBODY = 65534;

/**
 * `setpriv`'s arguments that run `node bin/cacs.js <args>` as user and group `uid`, without
 * root's other groups (the caller is root).
 */
export function cacsAsUser(uid: number, args: readonly string[]): string[] {
  return [
    `--reuid=${uid}`,
    `--regid=${uid}`,
    '--clear-groups',
    '--',
    process.execPath,
    BIN,
    ...args,
  ];
}
