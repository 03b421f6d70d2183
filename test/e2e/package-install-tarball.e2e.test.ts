/**
 * The README's install of a copy: `npm install -g ./cacs-x.y.z.tgz` of the tarball `npm pack`
 * makes, into a prefix of its own, then the installed `cacs` imports into an emulator; the
 * installed copy does not depend on the checkout. Skipped, saying why, only when npm cannot
 * reach the registry. The tarball is packed from this work tree with --ignore-scripts, once per
 * run for the package tests (packedTarball): its dist/ is already the build of the current
 * source (the vitest global setup), which is what `prepare` would make; that `prepare` builds
 * in a fresh checkout is
 * test/e2e/package-install.e2e.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { npm, packedTarball, useInstalled } from '../helpers/npm-install.js';

describe('npm install -g, as the README says', () => {
  it('from the tarball npm pack makes: npm install -g ./cacs-x.y.z.tgz', async (ctx) => {
    const tmp = tempDir('cacs-global-');
    const tarball = await packedTarball();
    expect(path.basename(tarball)).toMatch(/^cacs-\d+\.\d+\.\d+.*\.tgz$/);
    expect(fs.existsSync(tarball)).toBe(true);
    const prefix = path.join(tmp, 'prefix-tarball');
    const skipped = await npm(['install', '-g', tarball, '--prefix', prefix], tmp);
    if (skipped) ctx.skip(skipped);
    // A copy: the installed package lives under the prefix, not linked to this work tree.
    const installed = fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'cacs'));
    expect(installed.startsWith(fs.realpathSync(prefix))).toBe(true);
    expect(fs.realpathSync(path.join(prefix, 'bin', 'cacs')).startsWith(installed)).toBe(true);
    await useInstalled(prefix);
  }, 900_000);
});
