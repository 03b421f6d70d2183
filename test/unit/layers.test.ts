/**
 * The layers of ARCHITECTURE.md, kept true: each folder of src/ imports only from the folders
 * below it (static and dynamic imports alike), and the shared files at the bottom (src/*.ts)
 * import nothing from a folder. And only src/state/ knows where state lives: no module outside
 * it imports a store's own files (src/state/file/…) or reads and writes a state file itself.
 * The CLI is a face of the library (DESIGN.md "One door"): src/cli/ imports only the library's
 * entry points (src/index.ts, src/emulator/index.ts) and its own files, type-only imports
 * included. No module of src/ is part of an import cycle, type-only imports included.
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
  // report/join (issue 25) reads lead files as the import does: leads and input, like delivery.
  report: ['leads', 'input', 'api', 'state'],
  leads: ['input', 'api', 'state'],
  state: [],
  input: [],
  api: [],
  emulator: ['api'],
  [BOTTOM]: [],
};

/**
 * The library's entry points: the only modules outside src/cli/ that src/cli/ may import
 * (DESIGN.md "One door"): `src/index.ts` (the package's `cacs`) and `src/emulator/index.ts`
 * (`cacs/emulator`). The CLI's messages, facts and start-up needs come through `src/index.ts`
 * too; what the command line loads at start-up is kept light by its bundle (scripts/bundle.js:
 * only what a command uses is in the chunks it loads; test/e2e/guards.e2e.test.ts).
 */
const ENTRY_POINTS = ['index.ts', path.join('emulator', 'index.ts')];

/**
 * What src/cli/ may still import past the entry points, as `cli file → module`: nothing. The
 * test fails on an import past the door and on an entry of this list no longer true.
 */
const DOOR_NOT_YET: readonly string[] = [];

/** Why `file`'s import of `target` goes past the library's door, or undefined. */
function doorProblem(file: string, target: string): string | undefined {
  if (layerOf(file) !== 'cli') return undefined;
  const to = path.relative(SRC, target);
  if (to.startsWith(`cli${path.sep}`) || ENTRY_POINTS.includes(to)) return undefined;
  return `${path.relative(SRC, file)} → ${to}`;
}

/** The import cycles among `files` (each as its files, the smallest first), type-only ones too. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components: a component of two or more files, or a file that
  // imports itself, is a cycle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

function layerOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  // The message module sits at the bottom with the shared files: every layer says things.
  if (rel[0] === 'messages') return BOTTOM;
  if (rel.length > 1) return rel[0]!;
  // The library's door: src/index.ts, and src/lazy.ts (its functions that load their module on
  // first call, apart from index.ts's own code: scripts/bundle.js).
  return rel[0] === 'index.ts' || rel[0] === 'lazy.ts' ? 'index' : BOTTOM;
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

  it("src/cli/ imports only the library's entry points and its own files (type-only too)", () => {
    const past = new Set<string>();
    for (const file of files)
      for (const target of importsOf(file)) {
        const problem = doorProblem(file, target);
        if (problem !== undefined) past.add(problem);
      }
    const left = new Set(DOOR_NOT_YET);
    // New imports past the door, and entries of the list that are no longer true.
    expect([...past].filter((p) => !left.has(p))).toEqual([]);
    expect([...left].filter((p) => !past.has(p))).toEqual([]);
  });

  it('would catch the CLI importing a module behind the door', () => {
    const cmd = path.join(SRC, 'cli', 'commands', 'history.ts');
    expect(doorProblem(cmd, path.join(SRC, 'state', 'index.ts'))).toBe(
      `${path.join('cli', 'commands', 'history.ts')} → ${path.join('state', 'index.ts')}`,
    );
    expect(doorProblem(cmd, path.join(SRC, 'errors.ts'))).toBeDefined();
    expect(doorProblem(cmd, path.join(SRC, 'messages', 'index.ts'))).toBeDefined();
    expect(doorProblem(cmd, path.join(SRC, 'index.ts'))).toBeUndefined();
    expect(doorProblem(cmd, path.join(SRC, 'emulator', 'index.ts'))).toBeUndefined();
    expect(doorProblem(cmd, path.join(SRC, 'emulator', 'server.ts'))).toBeDefined();
    expect(doorProblem(cmd, path.join(SRC, 'cli', 'context.ts'))).toBeUndefined();
    // The rule is the CLI's: the library imports its own modules.
    expect(doorProblem(path.join(SRC, 'index.ts'), path.join(SRC, 'state', 'index.ts'))).toBe(
      undefined,
    );
  });

  it('no import cycle in src/, type-only imports included', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const cycles = cyclesOf(graph).map((c) => c.map((f) => path.relative(SRC, f)).join(' ↔ '));
    expect(cycles).toEqual([]);
  });

  it('would catch a type-only cycle such as a command module importing program.ts', () => {
    const program = path.join(SRC, 'cli', 'program.ts');
    const cmd = path.join(SRC, 'cli', 'commands', 'history.ts');
    const flags = path.join(SRC, 'cli', 'flags.ts');
    // program.ts loads the command (import()); the command takes its flag types from program.ts.
    const typeOnly = "import type { Flags } from '../program.js';";
    const graph = new Map([
      [program, importsOf(program)],
      [cmd, [path.resolve(path.dirname(cmd), typeOnly.match(/'(.+)'/)![1]!.replace('.js', '.ts'))]],
      [flags, []],
    ]);
    expect(graph.get(program)).toContain(cmd);
    expect(cyclesOf(graph)).toEqual([[cmd, program].sort()]);
    expect(
      cyclesOf(
        new Map([
          [cmd, [flags]],
          [flags, []],
          [program, [cmd, flags]],
        ]),
      ),
    ).toEqual([]);
    expect(cyclesOf(new Map([[cmd, [cmd]]]))).toEqual([[cmd]]);
  });

  it('would catch a layer importing upward', () => {
    const probe = path.join(SRC, 'input', 'rows.ts');
    const to = layerOf(path.resolve(path.dirname(probe), '../delivery/import.ts'));
    expect(ALLOWED[layerOf(probe)]!.includes(to)).toBe(false);
  });
});
