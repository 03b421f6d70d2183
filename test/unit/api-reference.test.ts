/**
 * The README's API reference ("Use it from Node", the **API** list) is written by hand; this
 * keeps it true against the library's real exports, read with the TypeScript compiler from
 * src/index.ts and src/emulator/index.ts: every export is named there, every name there is
 * exported, and the options and fields each entry lists are members of its types (and every
 * option of runImport and runReport is listed).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const api = README.slice(README.indexOf('**API**'), README.indexOf('\n## Exit codes'));

/** The backticked code spans of a piece of text. */
const spans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
/** Identifiers in the code spans (`runImport({ file, campaignKey, … })` gives all three). */
const identifiers = (text: string) =>
  spans(text)
    .filter((s) => !s.startsWith('^')) // a regular expression, not names
    .flatMap((s) => [...s.matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => m[0]));
/** The README bullet that starts with this code span. */
const bullet = (start: string) => {
  const at = api.indexOf(`- \`${start}`);
  if (at < 0) throw new Error(`no bullet for ${start}`);
  const end = api.indexOf('\n- ', at + 1);
  return api.slice(at, end < 0 ? api.length : end);
};

let checker: ts.TypeChecker;
const exportsOf: Record<string, ts.Symbol[]> = {};

function resolved(symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}
function exported(name: string): ts.Symbol {
  const symbol = [...exportsOf.cacs!, ...exportsOf.emulator!].find((s) => s.name === name);
  if (!symbol) throw new Error(`${name} is not exported`);
  return resolved(symbol);
}
/** Property names of an exported interface or type. */
function members(typeName: string): string[] {
  return checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(exported(typeName)))
    .map((p) => p.name);
}
/** Property names of the first parameter of an exported function. */
function optionsOf(fn: string): string[] {
  const type = checker.getTypeOfSymbol(exported(fn));
  const param = type.getCallSignatures()[0]!.getParameters()[0]!;
  return checker.getPropertiesOfType(checker.getTypeOfSymbol(param)).map((p) => p.name);
}

beforeAll(() => {
  const program = ts.createProgram(
    [path.join(ROOT, 'src', 'index.ts'), path.join(ROOT, 'src', 'emulator', 'index.ts')],
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
  );
  checker = program.getTypeChecker();
  for (const [key, file] of [
    ['cacs', 'src/index.ts'],
    ['emulator', 'src/emulator/index.ts'],
  ] as const) {
    const source = program.getSourceFile(path.join(ROOT, file))!;
    exportsOf[key] = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  }
}, 180_000); // a TypeScript program over src/: past 60 s at load 20

describe('the README API reference', () => {
  it('names every value the library exports (cacs and cacs/emulator)', () => {
    const named = new Set(identifiers(api));
    const values = [...exportsOf.cacs!, ...exportsOf.emulator!].filter(
      (s) => resolved(s).flags & ts.SymbolFlags.Value,
    );
    expect(values.length).toBeGreaterThan(20);
    expect(values.map((s) => s.name).filter((n) => !named.has(n))).toEqual([]);
  });

  it('names only what is exported: every capitalised name, and every function it calls', () => {
    const all = new Set([...exportsOf.cacs!, ...exportsOf.emulator!].map((s) => s.name));
    const called = spans(api).flatMap((s) => [...s.matchAll(/([A-Za-z]\w*)\(/g)].map((m) => m[1]!));
    const capitalised = identifiers(api).filter((n) => /^[A-Z][a-z]\w*$/.test(n));
    const unknown = [...called, ...capitalised].filter(
      (n) => !all.has(n) && !['close'].includes(n),
    );
    expect(unknown).toEqual([]);
  });

  it('runImport: lists every option, and only its options and the summary’s fields', () => {
    const text = bullet('runImport(');
    const options = optionsOf('runImport');
    expect(options).toContain('campaignKey');
    expect(options.filter((o) => !identifiers(text).includes(o))).toEqual([]);
    const known = new Set([
      ...options,
      ...members('ImportSummary'),
      ...members('ImportRow'),
      ...['runImport', 'ImportSummary', 'both', 'data', 'files', 'true', 'false'],
      ...['cacs', 'import', 'new', 'phase', 'rejected', 'skipped', 'uncertain'],
      // Fields of nested shapes (onState's argument, a suppress entry) and `process.stdin`, `/dev/stdin`.
      ...['empty', 'path', 'name', 'from', 'process', 'stdin', 'dev'],
    ]);
    const listed = identifiers(text).filter((n) => /^[a-z]/.test(n));
    expect(listed.filter((n) => !known.has(n))).toEqual([]);
  });

  it('runReport: lists every option, and fields its result has', () => {
    const text = bullet('runReport(');
    const options = optionsOf('runReport');
    expect(options.filter((o) => !identifiers(text).includes(o))).toEqual([]);
    const arrow = /→ `\{ ([^}]+) \}`/.exec(text);
    const fields = arrow![1]!.split(',').map((f) => f.trim());
    expect(fields.filter((f) => !members('ReportResult').includes(f))).toEqual([]);
  });

  it('startEmulator: the options it lists exist, and the fields of what it returns', () => {
    const text = bullet('cacs/emulator');
    const [, opts, result] = /startEmulator\(\{ ([^}]+) \}\)` →\s+`\{ ([^}]+) \}`/.exec(text)!;
    const listed = (s: string) =>
      s!
        .split(',')
        .map((f) => f.trim().replace(/\?$/, ''))
        .filter((f) => /^\w+$/.test(f));
    const options = optionsOf('startEmulator');
    expect(listed(opts!).filter((o) => !options.includes(o))).toEqual([]);
    expect(listed(result!).filter((f) => !members('RunningEmulator').includes(f))).toEqual([]);
  });
});
