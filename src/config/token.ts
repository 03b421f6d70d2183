/**
 * The access token: where it comes from (a value, or accessTokenCommand run without blocking),
 * and the checks it passes before a request carries it. It is never printed.
 */
import { LIMITS } from '../api/spec.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { formatSeconds } from '../text.js';
import { ENV, type Env } from './env.js';

/** Where the token comes from; the token itself is read only when a request needs it. */
export type TokenSource =
  { kind: 'value'; value: string } | { kind: 'command'; command: string; timeoutMs: number };

/** What a token command may print at most (a token is at most 50 characters). */
const TOKEN_COMMAND_MAX_OUTPUT = 64 * 1024;

const TOKEN_COMMAND_HINT = () => t('config.token.command.hint');

/**
 * Run accessTokenCommand through the shell, without blocking the event loop, and return what it
 * printed on stdout. It runs in a process group of its own with no input; at the timeout the
 * whole group is killed (a `sleep` it started included). Its stdout and stderr are never shown:
 * errors say only the exit status, the signal or the timeout.
 */
export async function runTokenCommand(
  command: string,
  env: Env,
  timeoutMs: number,
): Promise<string> {
  const { spawn } = await import('node:child_process');
  const group = process.platform !== 'win32';
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const child = spawn(command, {
      shell: true,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: group,
      windowsHide: true,
    });
    const killAll = (signal: NodeJS.Signals) => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    };
    const fail = (message: string, hint = TOKEN_COMMAND_HINT()) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killAll('SIGTERM');
      // A command that ignores SIGTERM goes a second later; nothing waits for it.
      setTimeout(() => killAll('SIGKILL'), 1000).unref();
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      reject(new UsageError(message, { hint, category: 'config' }));
    };
    const timer = setTimeout(
      () =>
        fail(
          t('config.token.command.timeout', { seconds: formatSeconds(timeoutMs / 1000) }),
          t('config.token.command.timeout.hint'),
        ),
      timeoutMs,
    );
    child.stdout?.on('data', (c: Buffer) => {
      size += c.length;
      if (size > TOKEN_COMMAND_MAX_OUTPUT) {
        fail(t('config.token.command.tooMuch', { kib: TOKEN_COMMAND_MAX_OUTPUT / 1024 }));
        return;
      }
      chunks.push(c);
    });
    // Read and dropped: never shown, it may hold the token.
    child.stderr?.resume();
    child.on('error', (e: NodeJS.ErrnoException) =>
      fail(t('config.token.command.notStarted', { code: e.code ?? 'error' })),
    );
    child.on('close', (code, signal) => {
      if (settled) return;
      if (code !== 0) {
        fail(
          signal
            ? t('config.token.command.killed', { signal })
            : t('config.token.command.failed', { code: String(code) }),
        );
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/** The access token: from a value, or by running accessTokenCommand. Never printed. */
export async function requireToken(s: { token?: TokenSource }, env: Env): Promise<string> {
  if (s.token === undefined) {
    throw new UsageError(t('config.token.missing'), {
      hint: t('config.token.missing.hint', { env: ENV.accessToken }),
      category: 'config',
    });
  }
  let token: string;
  if (s.token.kind === 'value') {
    token = s.token.value;
  } else {
    token = (await runTokenCommand(s.token.command, env, s.token.timeoutMs)).trim();
    if (token === '')
      throw new UsageError(t('config.token.command.nothing'), {
        hint: TOKEN_COMMAND_HINT(),
        category: 'config',
      });
  }
  if ([...token].length > LIMITS.accessToken) {
    throw new UsageError(t('config.token.tooLong', { max: LIMITS.accessToken }), {
      hint: t('config.token.tooLong.hint'),
      category: 'config',
    });
  }
  if (/[\r\n\0]/.test(token))
    throw new UsageError(t('config.token.lineBreak'), { category: 'config' });
  return token;
}
