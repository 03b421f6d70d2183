/**
 * The run's shared folder (made and removed by test/global-setup.ts), and a way to make
 * something in it once for the whole run: the first test file to ask makes it, the others
 * (in other worker processes) wait for it and use the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export function runDir(): string {
  return inject('runDir');
}

/**
 * The path `name` in the run's folder, made by `make(tmpPath)` once for the run: `make` writes
 * what it makes at tmpPath, which is then renamed to the final path, so a file that sees the
 * path sees it whole. Another file's make in progress is waited for (it holds `name.lock`);
 * one that failed is reported as such (the next caller does not try again).
 */
export async function onceForRun(
  name: string,
  make: (tmpPath: string) => Promise<void>,
  timeoutMs = 300_000,
): Promise<string> {
  const dir = runDir();
  const final = path.join(dir, name);
  const lock = `${final}.lock`;
  const failed = `${final}.failed`;
  if (fs.existsSync(final)) return final;
  let mine = false;
  try {
    fs.mkdirSync(lock);
    mine = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  if (mine) {
    const tmp = `${final}.tmp`;
    try {
      await make(tmp);
      fs.renameSync(tmp, final);
    } catch (e) {
      fs.writeFileSync(failed, String((e as Error).stack ?? e));
      throw e;
    }
    return final;
  }
  // Another file makes it: wait until it is there (or its maker failed).
  const started = Date.now();
  while (!fs.existsSync(final)) {
    if (fs.existsSync(failed))
      throw new Error(
        `${name}: another test file failed to make it:\n${fs.readFileSync(failed, 'utf8')}`,
      );
    if (Date.now() - started > timeoutMs)
      throw new Error(`${name}: not made by another test file within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return final;
}
