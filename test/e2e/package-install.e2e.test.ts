/**
 * The README's install from a checkout: `npm install -g` of a fresh checkout (no node_modules,
 * no dist/) into a prefix of its own, whose `prepare` installs the dependencies and builds, then
 * the installed `cacs` imports into an emulator. Skipped, saying why, only when npm cannot reach
 * the registry. The packed tarball's `npm install -g` is
 * test/e2e/package-install-tarball.e2e.test.ts (a file of its own, so that the two run side by
 * side), the package as a dependency test/e2e/package.e2e.test.ts.
 *
 * In a fresh clone, `.ci/run` installs the clone itself this way, as its install step (its
 * `prepare` runs the npm ci and the build the CI needs anyway), and passes the prefix in
 * CACS_CHECKOUT_INSTALL: this test then checks that install (a link to this checkout, and the
 * installed cacs works) instead of installing a copy of the checkout the same way a second time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { npm, run, useInstalled } from '../helpers/npm-install.js';

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

/** The prefix `.ci/run` installed this fresh clone into with `npm install -g`, if it did. */
const ciInstall = process.env.CACS_CHECKOUT_INSTALL;

describe.runIf(ciInstall !== undefined)('npm install -g, as the README says (.ci/run)', () => {
  it('from a fresh checkout: npm install -g /path/to/cacs (no npm ci before it), as .ci/run installed this clone', async () => {
    const prefix = ciInstall!;
    // npm linked the checkout (this one): its prepare installed the dependencies and built.
    const linked = path.join(prefix, 'lib', 'node_modules', 'cacs');
    expect(fs.lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(fs.realpathSync(linked)).toBe(fs.realpathSync(ROOT));
    expect(fs.existsSync(path.join(ROOT, 'node_modules', 'typescript'))).toBe(true);
    expect(fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))).toBe(true);
    await useInstalled(prefix);
  });
});

describe.runIf(ciInstall === undefined)('npm install -g, as the README says', () => {
  let tmp: string;

  beforeAll(async () => {
    tmp = tempDir('cacs-global-');
    await freshCheckout(path.join(tmp, 'cacs'));
  });

  it('from a fresh checkout: npm install -g /path/to/cacs (no npm ci before it)', async (ctx) => {
    const checkout = path.join(tmp, 'cacs');
    expect(fs.existsSync(path.join(checkout, 'node_modules'))).toBe(false);
    expect(fs.existsSync(path.join(checkout, 'dist'))).toBe(false);
    const prefix = path.join(tmp, 'prefix-folder');
    const skipped = await npm(['install', '-g', checkout, '--prefix', prefix], tmp);
    if (skipped) ctx.skip(skipped);
    await useInstalled(prefix);
  }, 900_000);
});
