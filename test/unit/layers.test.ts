/**
 * The layers of ARCHITECTURE.md, kept true: each folder of src/ imports only from the folders
 * below it (static and dynamic imports alike), and the shared files at the bottom (src/*.ts)
 * import nothing from a folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const BOTTOM = 'shared';

/** What each layer may import, besides itself and the shared files at the bottom. */
const ALLOWED: Record<string, readonly string[]> = {
  cli: ['index', 'config', 'delivery', 'report', 'leads', 'input', 'api', 'emulator', 'state'],
  index: ['config', 'delivery', 'report', 'leads', 'input', 'api', 'state'],
  config: ['report', 'api'],
  delivery: ['leads', 'input', 'api', 'state'],
  report: ['api', 'state'],
  leads: ['input', 'api', 'state'],
  state: [],
  input: [],
  api: [],
  emulator: ['api'],
  [BOTTOM]: [],
};

function layerOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel.length > 1) return rel[0]!;
  return rel[0] === 'index.ts' ? 'index' : BOTTOM;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative module a file imports (import … from, export … from, import()). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm,
  ))
    out.push(path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return out;
}

describe('layers', () => {
  const files = sourceFiles(SRC);

  it('finds the source files and their imports (the check is not empty)', () => {
    expect(files.length).toBeGreaterThan(60);
    expect(importsOf(path.join(SRC, 'delivery', 'import.ts')).length).toBeGreaterThan(10);
    expect(Object.keys(ALLOWED).sort()).toEqual([...new Set(files.map(layerOf))].sort());
  });

  it('every import points at an existing file in an allowed layer', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const target of importsOf(file)) {
        const rel = `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`;
        if (!fs.existsSync(target)) {
          wrong.push(`${rel} (no such file)`);
          continue;
        }
        const to = layerOf(target);
        if (to === from || to === BOTTOM) continue;
        if (!ALLOWED[from]!.includes(to)) wrong.push(`${rel} (${from} may not import ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('would catch a layer importing upward', () => {
    const probe = path.join(SRC, 'input', 'rows.ts');
    const to = layerOf(path.resolve(path.dirname(probe), '../delivery/import.ts'));
    expect(ALLOWED[layerOf(probe)]!.includes(to)).toBe(false);
  });
});
