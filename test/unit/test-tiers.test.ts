/**
 * The test suite's tiers (vitest.config.ts): every test file runs in exactly one of them, so a
 * file put elsewhere cannot silently stop running. Both tiers share their worker processes
 * between files: no file signals, exits or moves (chdir) the worker it runs in, and the unit
 * files start no cacs process and send no signal at all (that is what the e2e tier is for).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Tier {
  test: { name: string; include: string[]; isolate?: boolean };
}
const tiers = (config.test?.projects ?? []) as Tier[];

/** `**` any folders, `*` any name part: the only glob forms the tiers use. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('/')
    .map((part) =>
      part === '**'
        ? '(?:[^/]+/)*'
        : `${part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`,
    )
    .join('');
  return new RegExp(`^${body.slice(0, -1)}$`);
}

/** Every *.test.ts under test/, relative to the project root. */
function testFiles(dir = path.join(ROOT, 'test')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [path.relative(ROOT, p).split(path.sep).join('/')] : [];
  });
}

describe('the test tiers', () => {
  it('are unit and e2e; npm test runs both, npm run test:unit the first', () => {
    expect(tiers.map((t) => t.test.name)).toEqual(['unit', 'e2e']);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).toBe('vitest run');
    expect(pkg.scripts['test:unit']).toBe('vitest run --project unit');
    expect(pkg.scripts['test:e2e']).toBe('vitest run --project e2e');
  });

  it('hold every test file exactly once, by its folder', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(80);
    for (const file of files) {
      const holders = tiers
        .filter((t) => t.test.include.some((g) => globToRegExp(g).test(file)))
        .map((t) => t.test.name);
      expect(holders, file).toEqual([file.startsWith('test/unit/') ? 'unit' : 'e2e']);
    }
  });

  it('share processes between files, which never signal, exit or move their own worker', () => {
    expect(tiers.find((t) => t.test.name === 'unit')?.test.isolate).toBe(false);
    expect(tiers.find((t) => t.test.name === 'e2e')?.test.isolate).toBe(false);
    for (const file of testFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // A child's script (a template literal the file writes out) may exit; the file may not.
      const own = text.replace(/`(?:[^`\\]|\\[\s\S])*`/g, '``');
      expect(own, file).not.toMatch(
        /process\.kill\(\s*process\.pid|process\.chdir\(|process\.exit\(|process\.abort\(/,
      );
    }
  });

  it('leave cacs processes and signals to the e2e tier', () => {
    for (const file of testFiles().filter((f) => f.startsWith('test/unit/'))) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // process.kill(pid, 0) only asks whether a process is alive.
      const signals = [...text.matchAll(/process\.kill\([^)]*\)/g)].filter(
        (m) => !/,\s*0\s*\)$/.test(m[0]),
      );
      expect(
        signals.map((m) => m[0]),
        file,
      ).toEqual([]);
      expect(text, file).not.toMatch(/\bspawnCli\b|\bBIN\b|process\.chdir\(|process\.exit\(/);
    }
  });
});
