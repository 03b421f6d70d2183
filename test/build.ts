/**
 * Keeps dist/ the build of the current source for the tests that run bin/cacs.js (which loads
 * dist/). The vitest global setup (test/global-setup.ts) calls ensureBuilt before any test:
 * it hashes the build's inputs (src/, the tsconfig files, the TypeScript version) and dist/,
 * and runs `tsc -p tsconfig.build.json` unless a stamp says that this very dist/ was built from
 * these very inputs. A change to any source file, or to anything in dist/ (an older build, a
 * hand edit, a deleted file), therefore means a rebuild: a stale dist/ cannot make a test pass.
 */
import { spawnSync } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface BuildPaths {
  /** The project: src/, dist/, tsconfig.build.json. */
  root: string;
  /** Where the stamp is kept (outside dist/, which is published). */
  stamp: string;
  /** TypeScript's tsc script. */
  tsc: string;
}

export function projectBuildPaths(root: string): BuildPaths {
  return {
    root,
    stamp: path.join(root, 'node_modules', '.cache', 'cacs-test-build.json'),
    tsc: path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
  };
}

interface Stamp {
  inputs: string;
  outputs: string;
}

/** Every file under dir (names and bytes, in a stable order) into h; a missing dir adds nothing. */
function hashTree(h: Hash, dir: string, base = dir): void {
  let entries: fs.Dirent[];
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

function hashFile(h: Hash, file: string): void {
  h.update(`${path.basename(file)}\0`);
  if (fs.existsSync(file)) h.update(fs.readFileSync(file));
}

export function inputsHash(paths: BuildPaths): string {
  const h = createHash('sha256');
  hashTree(h, path.join(paths.root, 'src'));
  hashFile(h, path.join(paths.root, 'tsconfig.json'));
  hashFile(h, path.join(paths.root, 'tsconfig.build.json'));
  hashFile(h, path.join(path.dirname(paths.tsc), '..', 'package.json')); // TypeScript's version
  return h.digest('hex');
}

export function outputsHash(paths: BuildPaths): string {
  const h = createHash('sha256');
  hashTree(h, path.join(paths.root, 'dist'));
  return h.digest('hex');
}

function readStamp(file: string): Stamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** Whether dist/ is, byte for byte, what the last build by ensureBuilt made of the current inputs. */
export function isFresh(paths: BuildPaths): boolean {
  const stamp = readStamp(paths.stamp);
  return (
    stamp !== undefined &&
    stamp.inputs === inputsHash(paths) &&
    stamp.outputs === outputsHash(paths)
  );
}

/**
 * Build dist/ unless it is fresh. Returns 'fresh' or 'built'; throws with tsc's output when the
 * build fails (the tests of the binary would otherwise run whatever dist/ holds).
 */
export function ensureBuilt(paths: BuildPaths): 'fresh' | 'built' {
  // The inputs are hashed before tsc reads them: a file saved during the build makes the
  // next run build again.
  const inputs = inputsHash(paths);
  const stamp = readStamp(paths.stamp);
  if (stamp?.inputs === inputs && stamp.outputs === outputsHash(paths)) return 'fresh';
  fs.rmSync(paths.stamp, { force: true });
  const r = spawnSync(process.execPath, [paths.tsc, '-p', 'tsconfig.build.json'], {
    cwd: paths.root,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    throw new Error(
      `the build for the tests failed (tsc -p tsconfig.build.json, exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`,
    );
  }
  fs.mkdirSync(path.dirname(paths.stamp), { recursive: true });
  fs.writeFileSync(paths.stamp, JSON.stringify({ inputs, outputs: outputsHash(paths) }));
  return 'built';
}
