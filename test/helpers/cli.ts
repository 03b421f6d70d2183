/** Run the CLI in-process with string buffers, or as a real process. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';
import type { Sleep } from '../../src/api/retry.js';
import type { IO } from '../../src/cli/context.js';
import { fastSleep } from './sleep.js';

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
  /** The terminal's width the command is told (default 80). */
  columns?: number;
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

/** A clean environment: no CACS_* from the developer's shell, an isolated HOME and state dir. */
export function isolatedEnv(
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-home-'));
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    ...extra,
  };
}

export function tempDir(prefix = 'cacs-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function runCli(argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const out = sink();
  const err = sink();
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
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    else child.stdin.end();
  });
}
