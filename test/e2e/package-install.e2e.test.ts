/**
 * The README's install: `npm install -g` of a fresh checkout (no node_modules, no dist/) and of
 * the tarball `npm pack` makes in it, each into a prefix of its own, then the installed `cacs`
 * imports into an emulator. Skipped, saying why, only when npm cannot reach the registry. (Apart
 * from test/e2e/package.e2e.test.ts so that the two run side by side.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { isolatedEnv, tempDir } from '../helpers/cli.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|ERR_SOCKET|network/i;

/** A fresh checkout of this work tree: its tracked and new files as they are now, nothing else. */
async function freshCheckout(dest: string): Promise<void> {
  const listed = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  for (const f of listed.stdout.split('\0')) {
    if (f === '' || !fs.existsSync(path.join(ROOT, f))) continue;
    fs.mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(dest, f));
  }
  fs.chmodSync(path.join(dest, 'bin', 'cacs.js'), 0o755);
}

describe('npm install -g, as the README says', () => {
  const npmEnv = {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  let tmp: string;
  let skipped: string | undefined;

  /** npm with the test's settings; a registry that cannot be reached skips the test. */
  async function npm(args: string[], cwd: string): Promise<void> {
    try {
      await run(NPM, args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
    } catch (e) {
      const text = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}${(e as Error).message}`;
      if (!NETWORK.test(text)) throw new Error(`npm ${args.join(' ')} failed:\n${text}`);
      skipped = `npm could not reach the registry: ${text.split('\n').find((l) => NETWORK.test(l))}`;
    }
  }

  /** The installed cacs: --version, then an import of the example file into an emulator. */
  async function useInstalled(prefix: string): Promise<void> {
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

  beforeAll(async () => {
    tmp = tempDir('cacs-global-');
    await freshCheckout(path.join(tmp, 'cacs'));
  });

  it('from a fresh checkout: npm install -g /path/to/cacs (no npm ci before it)', async (ctx) => {
    const checkout = path.join(tmp, 'cacs');
    expect(fs.existsSync(path.join(checkout, 'node_modules'))).toBe(false);
    expect(fs.existsSync(path.join(checkout, 'dist'))).toBe(false);
    const prefix = path.join(tmp, 'prefix-folder');
    await npm(['install', '-g', checkout, '--prefix', prefix], tmp);
    if (skipped) ctx.skip(skipped);
    await useInstalled(prefix);
  }, 900_000);

  it('from the tarball npm pack makes in the checkout: npm install -g ./cacs-x.y.z.tgz', async (ctx) => {
    if (skipped) ctx.skip(skipped);
    const checkout = path.join(tmp, 'cacs');
    const packed = path.join(tmp, 'packed');
    fs.mkdirSync(packed);
    await npm(['pack', '--pack-destination', packed], checkout);
    if (skipped) ctx.skip(skipped);
    const [tarball] = fs.readdirSync(packed).filter((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const prefix = path.join(tmp, 'prefix-tarball');
    await npm(['install', '-g', path.join(packed, tarball!), '--prefix', prefix], tmp);
    if (skipped) ctx.skip(skipped);
    // A copy: it does not need the checkout any more.
    fs.rmSync(checkout, { recursive: true, force: true });
    await useInstalled(prefix);
  }, 900_000);
});
