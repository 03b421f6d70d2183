/**
 * The layers of ARCHITECTURE.md, kept true: each folder of src/ imports only from the folders
 * below it (static and dynamic imports alike), and the shared files at the bottom (src/*.ts)
 * import nothing from a folder. And only src/state/ knows where state lives: no module outside
 * it imports a store's own files (src/state/file/…) or reads and writes a state file itself.
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
  // The message module sits at the bottom with the shared files: every layer says things.
  if (rel[0] === 'messages') return BOTTOM;
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

/** The text of a file without its comments (a comment may name a state file). */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * What makes a module outside src/state/ touch state files itself: it imports node:fs and builds
 * a path in the state folder (`path.join(stateDir, …)`) or names a state file or folder.
 */
const FS_IMPORT = /\bfrom\s*['"](?:node:)?fs(?:\/promises)?['"]/;
const STATE_PATH =
  /path\.(?:join|resolve)\(\s*[\w.]*\bstateDir\b|['"`](?:ledgers|journals|history|bookmarks|sidecars|completion)['"`/]|['"`][^'"`\n]*(?:\.ledger|runs\.jsonl|statuses\.json)['"`]/;

/** Why `file` (outside src/state/) touches state on its own, or undefined. */
function stateProblem(file: string, text: string, imports: readonly string[]): string | undefined {
  const store = path.join(SRC, 'state', 'file') + path.sep;
  const direct = imports.find((i) => i.startsWith(store));
  if (direct !== undefined)
    return `imports ${path.relative(SRC, direct)} (open a store through state/index.ts)`;
  const code = codeOf(text);
  if (!FS_IMPORT.test(code)) return undefined;
  const m = STATE_PATH.exec(code);
  return m ? `reads or writes state files itself (node:fs and ${m[0]})` : undefined;
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

  it('only src/state/ opens state files: no module elsewhere imports a store or names its files', () => {
    const wrong: string[] = [];
    for (const file of files) {
      if (file.startsWith(path.join(SRC, 'state') + path.sep)) continue;
      const problem = stateProblem(file, fs.readFileSync(file, 'utf8'), importsOf(file));
      if (problem !== undefined) wrong.push(`${path.relative(SRC, file)} ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('would catch a module reading a state file or importing the file store', () => {
    const probe = path.join(SRC, 'cli', 'commands', 'history.ts');
    const fsLine = "import fs from 'node:fs';\n";
    expect(
      stateProblem(probe, `${fsLine}const f = path.join(stateDir, 'history', 'runs.jsonl');`, []),
    ).toMatch(/reads or writes state files itself/);
    expect(stateProblem(probe, `${fsLine}fs.readdirSync(path.join(dir, 'ledgers'));`, [])).toMatch(
      /reads or writes state files itself/,
    );
    expect(stateProblem(probe, '', [path.join(SRC, 'state', 'file', 'ledger.ts')])).toMatch(
      /imports state\/file\/ledger.ts/,
    );
    // A comment may name them; a module without node:fs may name a command `history`.
    expect(stateProblem(probe, `${fsLine}// see <state>/ledgers/<key>.ledger`, [])).toBeUndefined();
    expect(stateProblem(probe, ".command('history')", [])).toBeUndefined();
    expect(stateProblem(probe, '', [path.join(SRC, 'state', 'index.ts')])).toBeUndefined();
  });

  it('would catch a layer importing upward', () => {
    const probe = path.join(SRC, 'input', 'rows.ts');
    const to = layerOf(path.resolve(path.dirname(probe), '../delivery/import.ts'));
    expect(ALLOWED[layerOf(probe)]!.includes(to)).toBe(false);
  });
});
