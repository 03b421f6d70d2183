#!/usr/bin/env node
/**
 * Builds dist/ from src/ (`npm run build`, npm's `prepare`, the vitest global setup) and keeps a
 * stamp of what it built: it hashes the build's inputs (src/, the tsconfig files, the
 * TypeScript version) and dist/, and a build is skipped only when the stamp says that this very
 * dist/ was built from these very inputs. A change to any source file, or to anything in dist/
 * (an older build, a hand edit, a deleted file), therefore means a rebuild: a stale dist/
 * cannot make a test pass. The stamp lives outside dist/ (which is published), in
 * node_modules/.cache/cacs-test-build.json.
 *
 * A build is tsc (dist/: the library and the modules of the command line), then
 * scripts/bundle.js (dist/bundle/: the command line as bin/cacs.js runs it, made from those
 * modules); the bundle script, rolldown's version, package.json (the version the bundle holds)
 * and the installed packages (node_modules/.package-lock.json, package-lock.json: the bundle
 * holds copies of them) are inputs too.
 *
 * `node scripts/build.js` always runs tsc (the build command), then writes the stamp, so that
 * the tests that follow (`.ci/run`: build, then `npm test`) do not build the same source again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {import('./build.d.ts').BuildPaths} BuildPaths */

/** @param {string} root @returns {BuildPaths} */
export function projectBuildPaths(root) {
  return {
    root,
    stamp: path.join(root, 'node_modules', '.cache', 'cacs-test-build.json'),
    tsc: path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    bundle: path.join(root, 'scripts', 'bundle.js'),
  };
}

/** Every file under dir (names and bytes, in a stable order) into h; a missing dir adds nothing. */
function hashTree(h, dir, base = dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) hashTree(h, p, base);
    else if (e.isFile()) {
      const bytes = fs.readFileSync(p);
      h.update(`${path.relative(base, p)}\0${bytes.length}\0`);
      h.update(bytes);
    }
  }
}

function hashFile(h, file) {
  h.update(`${path.basename(file)}\0`);
  if (fs.existsSync(file)) h.update(fs.readFileSync(file));
}

/** @param {BuildPaths} paths */
export function inputsHash(paths) {
  const h = createHash('sha256');
  hashTree(h, path.join(paths.root, 'src'));
  hashFile(h, path.join(paths.root, 'tsconfig.json'));
  hashFile(h, path.join(paths.root, 'tsconfig.build.json'));
  hashFile(h, path.join(path.dirname(paths.tsc), '..', 'package.json')); // TypeScript's version
  if (paths.bundle !== undefined) {
    hashFile(h, paths.bundle);
    hashFile(h, path.join(paths.root, 'package.json')); // the version the bundle holds
    // The packages the bundle holds copies of: what is installed (npm's record of it, which
    // `npm install` and `npm update` rewrite) and what the lock file pins.
    hashFile(h, path.join(paths.root, 'node_modules', '.package-lock.json'));
    hashFile(h, path.join(paths.root, 'package-lock.json'));
    hashFile(h, path.join(paths.root, 'node_modules', 'rolldown', 'package.json')); // its version
  }
  return h.digest('hex');
}

/** @param {BuildPaths} paths */
export function outputsHash(paths) {
  const h = createHash('sha256');
  hashTree(h, path.join(paths.root, 'dist'));
  return h.digest('hex');
}

function readStamp(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether dist/ is, byte for byte, what the last build made of the current inputs.
 * @param {BuildPaths} paths
 */
export function isFresh(paths) {
  const stamp = readStamp(paths.stamp);
  return (
    stamp !== undefined &&
    stamp.inputs === inputsHash(paths) &&
    stamp.outputs === outputsHash(paths)
  );
}

/**
 * Build dist/ unless it is fresh (or always, with `force`). Returns 'fresh' or 'built'; throws
 * with tsc's output when the build fails (the tests of the binary would otherwise run whatever
 * dist/ holds).
 * @param {BuildPaths} paths
 * @param {{ force?: boolean }} [options]
 */
export function ensureBuilt(paths, options = {}) {
  // The inputs are hashed before tsc reads them: a file saved during the build makes the
  // next run build again.
  const inputs = inputsHash(paths);
  const stamp = readStamp(paths.stamp);
  if (options.force !== true && stamp?.inputs === inputs && stamp.outputs === outputsHash(paths))
    return 'fresh';
  fs.rmSync(paths.stamp, { force: true });
  const r = spawnSync(process.execPath, [paths.tsc, '-p', 'tsconfig.build.json'], {
    cwd: paths.root,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    const error = new Error(
      `the build failed (tsc -p tsconfig.build.json, exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`,
    );
    error.tscOutput = `${r.stdout}${r.stderr}`;
    throw error;
  }
  if (paths.bundle !== undefined) {
    // The command line's bundle (dist/bundle/, which bin/cacs.js runs), made from what tsc wrote.
    const b = spawnSync(process.execPath, [paths.bundle], { cwd: paths.root, encoding: 'utf8' });
    if (b.status !== 0) {
      const error = new Error(
        `the bundle failed (node scripts/bundle.js, exit ${b.status ?? b.signal}):\n${b.stdout}${b.stderr}`,
      );
      error.tscOutput = `${b.stdout}${b.stderr}`;
      throw error;
    }
  }
  try {
    fs.mkdirSync(path.dirname(paths.stamp), { recursive: true });
    fs.writeFileSync(paths.stamp, JSON.stringify({ inputs, outputs: outputsHash(paths) }));
  } catch {
    // No stamp (a read-only node_modules): the next build simply runs tsc again.
  }
  return 'built';
}

// `node scripts/build.js`: the build command.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  try {
    ensureBuilt(projectBuildPaths(root), { force: !process.argv.includes('--if-stale') });
  } catch (e) {
    process.stderr.write(e.tscOutput ?? `${e.message}\n`);
    process.exit(1);
  }
}
