/**
 * What the package tests share (test/e2e/package*.e2e.test.ts): npm with the tests' settings,
 * skipping the test only when the registry cannot be reached, the tarball `npm pack` makes
 * (packed once per run), and a check that an installed `cacs` works (--version, then an import
 * into an emulator).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { ROOT, isolatedEnv, tempDir } from './cli.js';
import { onceForRun } from './run-dir.js';

export const run = promisify(execFile);
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|ERR_SOCKET|network/i;

const npmEnv = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};

/**
 * npm with the tests' settings. Resolves to undefined, or to why the test must skip when npm
 * could not reach the registry; any other failure throws with npm's output.
 */
export async function npm(args: string[], cwd: string): Promise<string | undefined> {
  try {
    await run(NPM, args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
    return undefined;
  } catch (e) {
    const text = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}${(e as Error).message}`;
    if (!NETWORK.test(text)) throw new Error(`npm ${args.join(' ')} failed:\n${text}`);
    return `npm could not reach the registry: ${text.split('\n').find((l) => NETWORK.test(l))}`;
  }
}

/** The installed cacs under `prefix`: --version, then an import of the example file into an emulator. */
export async function useInstalled(prefix: string): Promise<void> {
  const cacs = path.join(prefix, 'bin', 'cacs');
  const version = await run(cacs, ['--version']);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(version.stdout).toBe(`${pkg.version}\n`);
  const emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
  try {
    const cwd = tempDir('cacs-global-use-');
    fs.copyFileSync(path.join(ROOT, 'examples', 'leads.csv'), path.join(cwd, 'leads.csv'));
    const env = isolatedEnv({ CACS_BASE_URL: emu.url, CACS_ACCESS_TOKEN: emu.token });
    const r = await run(cacs, ['import', 'leads.csv', '--campaign', 'summer'], {
      cwd,
      env: env as NodeJS.ProcessEnv,
    }).then(
      (x) => ({ code: 0, ...x }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r.code, r.stderr).toBe(3); // rows of the example file are rejected on purpose
    expect(r.stderr).toMatch(/imported\s+10\b/);
    expect(emu.store.leads('summer')).toHaveLength(10);
  } finally {
    await emu.close();
  }
}

/**
 * The tarball `npm pack` makes of this work tree, packed once per run (in the run's folder,
 * test/helpers/run-dir.ts) for every package test: with --ignore-scripts, as its dist/ is
 * already the build of the current source (the vitest global setup), which is what `prepare`
 * would make. Its path; the file name is npm's own (cacs-x.y.z.tgz).
 */
export async function packedTarball(): Promise<string> {
  const folder = await onceForRun('npm-pack', async (dir) => {
    fs.mkdirSync(dir);
    const packed = await run(
      NPM,
      ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
      {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const name = (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename;
    fs.writeFileSync(path.join(dir, 'name'), name);
  });
  return path.join(folder, fs.readFileSync(path.join(folder, 'name'), 'utf8'));
}
