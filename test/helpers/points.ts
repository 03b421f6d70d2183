/**
 * Test points (src/test-point.ts) seen from a test: the folder the points mark, waiting for a
 * point to be reached (an event: its mark appears), and letting a paused process go on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { BIN } from './cli.js';
import { tempDir } from './tmp.js';

export function pointsDir(): string {
  return tempDir('cacs-points-');
}

/** The pid that reached `name` (its mark appeared), or undefined when `gone()` says to stop. */
export async function reached(
  dir: string,
  name: string,
  gone: () => boolean = () => false,
  pid?: number,
): Promise<number | undefined> {
  for (;;) {
    const hit = fs
      .readdirSync(dir)
      .find(
        (f) =>
          f.startsWith(`${name}.`) &&
          !f.endsWith('.go') &&
          (pid === undefined || f === `${name}.${pid}`),
      );
    if (hit) return Number(hit.slice(name.length + 1));
    if (gone()) return undefined;
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function release(dir: string, name: string, pid: number): void {
  fs.writeFileSync(`${dir}/${name}.${pid}.go`, '');
}

export interface Running {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  exited: () => boolean;
}

/** Start bin/cacs.js; `done` resolves when it exits. */
export function start(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Running {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watch(child);
}

/** A started cacs process as a `Running`: its output collected, its end awaited. */
export function watch(child: ChildProcess): Running {
  let stdout = '';
  let stderr = '';
  let over = false;
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      over = true;
      resolve({ code, stdout, stderr });
    }),
  );
  return { child, done, exited: () => over };
}
