/** The tests run the current source: dist/ (which bin/cacs.js loads) is rebuilt when stale. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, inputsHash, isFresh, projectBuildPaths, type BuildPaths } from '../build.js';
import { ROOT, tempDir } from '../helpers/cli.js';

/**
 * A project of one source file in a temporary folder, built with the real tsc (the smallest lib:
 * no DOM, which a target alone brings in), and with `bundle` as its bundle script when given.
 */
function tempProject(bundle?: string) {
  const root = tempDir('cacs-build-');
  const paths: BuildPaths = {
    root,
    stamp: path.join(root, 'stamp.json'),
    tsc: projectBuildPaths(ROOT).tsc,
    ...(bundle !== undefined ? { bundle: path.join(root, 'bundle.js') } : {}),
  };
  if (bundle !== undefined) fs.writeFileSync(paths.bundle!, bundle);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(
    path.join(root, 'tsconfig.build.json'),
    JSON.stringify({
      compilerOptions: {
        rootDir: 'src',
        outDir: 'dist',
        target: 'ES2023',
        lib: ['es5'],
        types: [],
      },
      include: ['src'],
    }),
  );
  const source = (text: string) => fs.writeFileSync(path.join(root, 'src', 'a.ts'), text);
  return { root, paths, source };
}

describe('dist/ for the tests', () => {
  it('is the build of the current source (the global setup saw to it)', () => {
    expect(isFresh(projectBuildPaths(ROOT))).toBe(true);
  });

  it('with a bundle, is rebuilt when the installed packages, the lock file or the version change', () => {
    // The bundle holds copies of the packages: `npm update` (package.json unchanged) must
    // rebuild it, or bin/cacs.js runs the old packages beside a library on the new ones.
    const { root, paths } = tempProject('');
    fs.mkdirSync(path.join(root, 'node_modules'));
    const installed = path.join(root, 'node_modules', '.package-lock.json');
    fs.writeFileSync(installed, '{"packages":{"node_modules/got":{"version":"14.6.6"}}}');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    fs.writeFileSync(path.join(root, 'package.json'), '{"version":"0.1.0"}');
    const before = inputsHash(paths);
    expect(inputsHash(paths)).toBe(before);
    fs.writeFileSync(installed, '{"packages":{"node_modules/got":{"version":"14.6.7"}}}');
    const updated = inputsHash(paths);
    expect(updated).not.toBe(before);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}');
    const locked = inputsHash(paths);
    expect(locked).not.toBe(updated);
    fs.writeFileSync(path.join(root, 'package.json'), '{"version":"0.2.0"}');
    expect(inputsHash(paths)).not.toBe(locked);
    // Without a bundle, none of them is an input.
    const { bundle: _bundle, ...plain } = paths;
    const unbundled = inputsHash(plain);
    fs.writeFileSync(installed, '{}');
    expect(inputsHash(plain)).toBe(unbundled);
  });

  it('a bundle script that fails stops the build with its output, dist/ not fresh', () => {
    const { paths, source } = tempProject(
      "console.error('boom: no chunk'); process.exitCode = 3;\n",
    );
    source('export const answer: number = 1;\n');
    expect(() => ensureBuilt(paths)).toThrow(/the bundle failed[\s\S]*exit 3[\s\S]*boom: no chunk/);
    expect(isFresh(paths)).toBe(false);
  }, 120_000);

  it('is rebuilt when the source or dist/ differs from the last build, and only then', () => {
    // tsc runs four times here.
    const { root, paths, source } = tempProject();
    const built = () => fs.readFileSync(path.join(root, 'dist', 'a.js'), 'utf8');

    source('export const answer: number = 1;\n');
    expect(ensureBuilt(paths)).toBe('built');
    expect(built()).toContain('answer = 1');
    expect(ensureBuilt(paths)).toBe('fresh');

    // A stale build in dist/ (an older source's, or one made by hand).
    fs.writeFileSync(path.join(root, 'dist', 'a.js'), 'export const answer = 0;\n');
    expect(isFresh(paths)).toBe(false);
    expect(ensureBuilt(paths)).toBe('built');
    expect(built()).toContain('answer = 1');

    // A changed source, with dist/ untouched.
    source('export const answer: number = 2;\n');
    expect(isFresh(paths)).toBe(false);
    expect(ensureBuilt(paths)).toBe('built');
    expect(built()).toContain('answer = 2');
    expect(isFresh(paths)).toBe(true);

    // The build command (`npm run build`: scripts/build.js) builds even a fresh dist/, and
    // leaves the stamp behind, so the tests after it do not build the same source again.
    expect(ensureBuilt(paths, { force: true })).toBe('built');
    expect(isFresh(paths)).toBe(true);
    expect(ensureBuilt(paths)).toBe('fresh');

    // A source that does not compile stops the tests instead of running the last good build.
    source('export const answer: number = "two";\n');
    expect(() => ensureBuilt(paths)).toThrow(/the build failed[\s\S]*TS2322/);
    expect(isFresh(paths)).toBe(false);
  }, 120_000);
});
