/** The tests run the current source: dist/ (which bin/cacs.js loads) is rebuilt when stale. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, isFresh, projectBuildPaths, type BuildPaths } from '../build.js';
import { ROOT, tempDir } from '../helpers/cli.js';

describe('dist/ for the tests', () => {
  it('is the build of the current source (the global setup saw to it)', () => {
    expect(isFresh(projectBuildPaths(ROOT))).toBe(true);
  });

  it('is rebuilt when the source or dist/ differs from the last build, and only then', () => {
    const root = tempDir('cacs-build-');
    const paths: BuildPaths = {
      root,
      stamp: path.join(root, 'stamp.json'),
      tsc: projectBuildPaths(ROOT).tsc,
    };
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(
      path.join(root, 'tsconfig.build.json'),
      JSON.stringify({
        // The smallest lib (no DOM, which a target alone brings in): tsc runs four times here.
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
