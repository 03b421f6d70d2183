/**
 * The message module: every message id the code uses is in every catalog, and each catalog's
 * message has the English message's placeholders — no more, no fewer. Also, each call's named
 * values are the placeholders of its message. (Issue 27's Vietnamese catalog joins CATALOGS.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentLanguage,
  en,
  format,
  placeholdersOf,
  setFaceWords,
  setLanguage,
  t,
  type Catalog,
} from '../../src/messages/index.js';
import { vi } from '../../src/messages/vi.js';
import { CLI_WORDS } from '../../src/cli/render/advice.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * Every catalog, by language; each is checked against the English one. The Vietnamese one is
 * typed partial (English fills a gap while new ids arrive), so this is where a missing id fails.
 */
const CATALOGS: Record<string, Catalog> = { en, vi: vi as Catalog };

/** The .ts files under src/. */
function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : d.name.endsWith('.ts') ? [p] : [];
  });
}

/** Each `t('id')` or `t('id', { a, b: … })` call of a source text: its id and named values. */
export function callsOf(text: string): Array<{ id: string; names: string[] | null }> {
  const calls: Array<{ id: string; names: string[] | null }> = [];
  // The values as an object literal (their names are checked, unless it spreads another
  // object: the compiler checks those), another expression (not checked), or none.
  const call = /\bt\(\s*'([^']+)'\s*(?:,\s*\{([^{}]*)\}\s*,?\s*\)|(,)|\))/g;
  for (const m of text.matchAll(call)) {
    const names =
      m[3] !== undefined || m[2]?.includes('...')
        ? null
        : m[2] === undefined
          ? []
          : // `a`, `b: x`, `c: f(y)`: the names before a colon, or alone.
            m[2]
              .split(',')
              .map((part) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?::|$)/.exec(part)?.[1])
              .filter((n): n is string => n !== undefined);
    calls.push({ id: m[1]!, names: names && [...new Set(names)].sort() });
  }
  return calls;
}

/** The problems of a set of calls against a catalog. */
function problemsOf(
  calls: Array<{ file: string; id: string; names: string[] | null }>,
  catalog: Catalog,
): string[] {
  const messages = catalog as Readonly<Record<string, string>>;
  return calls.flatMap(({ file, id, names }) => {
    const text = messages[id];
    if (text === undefined) return [`${file}: ${id}: not in the catalog`];
    const want = placeholdersOf(text);
    if (names !== null && JSON.stringify(names) !== JSON.stringify(want))
      return [`${file}: ${id}: given {${names.join(', ')}}, the message has {${want.join(', ')}}`];
    return [];
  });
}

/** The problems of a language's catalog against the English one. */
function catalogProblems(lang: string, catalog: Readonly<Record<string, string>>): string[] {
  const reference = en as Readonly<Record<string, string>>;
  const problems: string[] = [];
  for (const id of Object.keys(reference)) {
    if (typeof catalog[id] !== 'string') {
      problems.push(`${lang}: ${id}: missing`);
      continue;
    }
    const want = placeholdersOf(reference[id]!);
    const got = placeholdersOf(catalog[id]!);
    if (JSON.stringify(want) !== JSON.stringify(got))
      problems.push(
        `${lang}: ${id}: placeholders {${got.join(', ')}}, English has {${want.join(', ')}}`,
      );
  }
  for (const id of Object.keys(catalog))
    if (!(id in reference)) problems.push(`${lang}: ${id}: not an English message`);
  return problems;
}

describe('the message catalogs', () => {
  const used = sources().flatMap((file) =>
    callsOf(fs.readFileSync(file, 'utf8')).map((c) => ({
      file: path.relative(SRC, file),
      ...c,
    })),
  );

  it('the code uses messages (the scan finds them)', () => {
    expect(used.length).toBeGreaterThan(20);
  });

  for (const [lang, catalog] of Object.entries(CATALOGS)) {
    it(`${lang}: every id used in the code is there, with the placeholders the call gives`, () => {
      expect(problemsOf(used, catalog)).toEqual([]);
    });
    it(`${lang}: has every English message, with the same placeholders`, () => {
      expect(catalogProblems(lang, catalog)).toEqual([]);
    });
  }

  it('no library message names a command-line flag (the CLI words remedies as flags)', () => {
    // The CLI's own messages (`cli.…`) may: flag names are never translated.
    const naming = Object.entries(en as Readonly<Record<string, string>>)
      .filter(([id, text]) => !id.startsWith('cli.') && /(^|[\s(])--[a-z]/.test(text))
      .map(([id]) => id);
    expect(naming).toEqual([]);
  });

  it("the CLI's wording of a library message has that message's placeholders", () => {
    const messages = en as Readonly<Record<string, string>>;
    const problems = Object.entries(CLI_WORDS).flatMap(([lib, cli]) => {
      const want = placeholdersOf(messages[lib]!);
      const got = placeholdersOf(messages[cli]!);
      return JSON.stringify(want) === JSON.stringify(got) ? [] : [`${cli}: {${got}} for {${want}}`];
    });
    expect(problems).toEqual([]);
    expect(Object.keys(CLI_WORDS).length).toBeGreaterThan(0);
  });

  it('a language without a message says it in English; setLanguage and setFaceWords switch', () => {
    try {
      setLanguage('en', { 'import.nothingSent': '{reason}: rien' });
      expect(currentLanguage()).toBe('en');
      expect(t('import.nothingSent', { reason: 'x' })).toBe('x: rien');
      // Not in that catalog: English.
      expect(t('report.from.required')).toBe('from is required');
      setFaceWords({ 'report.from.required': 'report.interrupted' });
      expect(t('report.from.required')).toBe('interrupted: the report was not finished');
    } finally {
      setLanguage('en');
      setFaceWords({});
    }
    expect(t('import.nothingSent', { reason: 'x' })).toBe('x; nothing was sent');
    expect(t('report.from.required')).toBe('from is required');
  });

  it('says so when an id is missing or placeholders differ (the checks themselves)', () => {
    const calls = callsOf(
      "t('import.nothingSent', { reason }); t('no.such.id'); t('import.earlierRun', { when: w, run: r.id })",
    ).map((c) => ({ file: 'x.ts', ...c }));
    expect(problemsOf(calls, en)).toEqual([
      'x.ts: no.such.id: not in the catalog',
      'x.ts: import.earlierRun: given {run, when}, the message has {file, run, when}',
    ]);
    const broken = { ...en, 'import.nothingSent': '{cause}; rien' } as Record<string, string>;
    delete broken['report.from.required'];
    expect(catalogProblems('xx', broken)).toEqual([
      'xx: import.nothingSent: placeholders {cause}, English has {reason}',
      'xx: report.from.required: missing',
    ]);
  });

  it('a wrong id or placeholder does not compile (npm run typecheck fails without these marks)', () => {
    // @ts-expect-error: no such message
    expect(t('import.noSuchMessage')).toBe('import.noSuchMessage');
    // @ts-expect-error: the message has {reason}, not {cause}
    expect(() => t('import.nothingSent', { cause: 'x' })).not.toThrow();
    // @ts-expect-error: a placeholder left out
    expect(() => t('import.earlierRun', { when: 'w', run: 'r' })).not.toThrow();
    // @ts-expect-error: a message without placeholders takes none
    expect(() => t('report.from.required', { x: 1 })).not.toThrow();
  });

  it('t fills each placeholder, and leaves text around it as written', () => {
    expect(t('import.nothingSent', { reason: 'the lock is held' })).toBe(
      'the lock is held; nothing was sent',
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(format('{a} and {b} {c}', { a, b })).toBe(`${a} and ${b} {c}`);
      }),
    );
  });
});
