/**
 * Every sentence a person reads comes from the message module (issue 23 item 3, DESIGN.md
 * "Language"): a string literal with words in it, in src/cli/ or in a library module, fails this
 * test unless it is one of the few kinds below that are not messages, or is still listed as not
 * moved yet. The lists of what is not moved yet are generated (message-literals.not-yet.ts) and
 * must be exactly true: a literal moved into the catalog fails the test until it leaves the list,
 * so the lists only shrink. Regenerate them with
 *   CACS_WRITE_NOT_YET=1 npx vitest run test/unit/message-literals.test.ts
 *
 * A literal "has words" when two words follow each other in it ("no run", "run ${id}"): single
 * words are codes, keys, format and column names, units. Not messages, and not scanned:
 * - src/messages/: the catalog itself;
 * - src/emulator/ and src/api/spec.ts: the service's own messages (the spec's exact texts, which
 *   cacs matches and never translates) and the emulator's request log;
 * - the completion scripts' generators (src/cli/completion/{bash,zsh,fish}.ts): shell code;
 * - module names (import, export), types, and the id given to t();
 * - strings that start with `-`: flag definitions (`--campaign <key|alias>`) and flag names;
 * - markup: the tags of XML and HTML (`<row r="`, `<sheet name="${…}"/>`) are left out before
 *   the scan, so a literal of tags alone passes and the words between tags are still read;
 * - SQL statements (`SELECT value FROM …`, `INSERT INTO …`): a statement keyword in capitals
 *   first, then a space — what the state database is asked, not what a person reads;
 * - the message of `new Error(…)`: an internal invariant (a bug, reported as "internal error"),
 *   not something an operator can act on;
 * - markup: the tags of HTML, SVG or XML (`<rect class="bar" x="${…}"/>`) are not read as words;
 *   the text between them is (`<p>No lead was called.</p>` is a message);
 * - NOT_MESSAGES below: literals compared or written as data, each with its reason;
 * - alias tables: the value of a constant whose name ends in `_ALIASES` (COLUMN_ALIASES in
 *   src/leads/columns.ts: "số điện thoại", "tên kh", "phone number"…) holds header names matched
 *   against the columns of a file, never shown as sentences; a literal elsewhere in the same
 *   file is still read;
 * - SQL (the PostgreSQL store's statements: an upper-case keyword first, SELECT, INSERT, …):
 *   sent to the database, never shown to a person;
 * - a style sheet (the HTML page's CSS): every line of the literal a CSS rule
 *   (`selector{property:value;…}`), an at-rule opening (`@media print{`) or a closing `}` —
 *   selectors such as `svg.chart text` are not words; a line of text among them is still read.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DOOR_NOT_YET, LIBRARY_NOT_YET } from './message-literals.not-yet.js';

const SRC = path.resolve(import.meta.dirname, '../../src');
const NOT_YET_FILE = path.resolve(import.meta.dirname, 'message-literals.not-yet.ts');

/** Files (relative to src/, `/`-separated) that hold no messages, by the reasons above. */
const NOT_SCANNED = [
  /^messages\//,
  /^emulator\//,
  /^api\/spec\.ts$/,
  /^cli\/completion\/(bash|zsh|fish)\.ts$/,
];

/** Literals with words that are not messages: file → the literals, each with its reason. */
const NOT_MESSAGES: Readonly<Record<string, readonly string[]>> = {
  // The source config/settings.ts records for a value given with --campaign: compared.
  'cli/campaign.ts': ['flag --campaign'],
  // The sources `cacs config show` prints beside each value (config show --json's `source`),
  // matched by the CLI (cli/campaign.ts, cli/commands/import.ts): data, like the one above.
  'config/settings.ts': [
    'flag --profile',
    'env ${…}',
    'profile ${…} in ${…}',
    'flag ${…}',
    'env ${…}',
    'default (serviceTimezone)',
  ],
  // config show --json's source of a setting no layer gives: data, the same in every language
  // (the view says it in words).
  'cli/commands/config.ts': ['not set'],
  // RangeErrors for a caller's bug (splitWindows is given checked values): not an operator's.
  'report/windows.ts': [
    'windowDays must be an integer from 1 to ${…}',
    'splitWindows: from ${…} is later than to ${…}',
  ],
  // …and report/dates.ts's, for a Date that is not one (nowIn is given a clock's reading).
  'report/dates.ts': ['nowIn: invalid Date'],
  // The shape of a service time (d: a digit), compared character by character.
  'report/fetch.ts': ['dddd-dd-dd dd:dd:dd'],
  // Excel's number format for dates and times (a format code, not words).
  'report/xlsx.ts': ['yyyy-mm-dd hh:mm:ss'],
  // A folder's name on macOS (~/Library/Application Support).
  'config/paths.ts': ['Application Support'],
  // Commander's help titles, matched to say them in the current language (issue 27).
  'cli/commander-words.ts': ['Global Options:'],
  // The help command's definition (its name and argument), given to commander.
  'cli/program.ts': ['help [command]'],
  // A status the service writes, compared to give it its place and colour in the charts.
  // …and the page's Content-Security-Policy, a header's value.
  'report/html.ts': [
    'NO ANSWER',
    "default-src 'none'; style-src 'sha256-${…}'; img-src data:; base-uri 'none'; form-action 'none'",
  ],
  'report/summary-view.ts': ['NO ANSWER'],
  // …and the report's column names (the table's headers and the keys of its rows, as the
  // service's fields): data, the same in every language, like the statuses.
  'report/write.ts': [
    'NO ANSWER',
    'REF ID',
    'LAST MATCHING',
    'LAST STATUS',
    'LAST CALL',
    'REF ID',
    'LAST STATUS',
    'LAST MATCHING',
    'LAST CALL',
  ],
  // The page's generator (a meta tag): the program's name and version.
  'cli/commands/report-html.ts': ['cacs ${…}'],
  // A found lead's outcome in `cacs history find` (and its --json): a value, like accepted.
  'delivery/history.ts': ['not imported'],
  // A RangeError for a caller's bug (new TaskPool(0)), as the `new Error` above: not an operator's.
  'pool.ts': ['TaskPool: the limit must be a whole number of at least 1 (got ${…})'],
  // A free field's header aliases (`field 01`), matched against a file's headers, like the
  // alias table; and the name a column without a header has in the import summary's
  // ignoredColumns (--json's too): data.
  'leads/columns.ts': ['field ${…}', 'column ${…}'],
  // An SQL condition (the lead's latest claim is the one this ledger record settled) put into
  // the store's statements; its first word (EXISTS) is not one the SQL rule above knows.
  'state/pg/erasure.ts': [
    'EXISTS (SELECT 1 FROM ${…}.claims c WHERE c.ledger = r.ledger AND c.lo = r.lo\n       AND c.hi = r.hi AND c.state = 2 AND c.run = r.run AND c.time = r.time AND r.state = 2)',
  ],
};

/** The files 'door' (issue 23 item 1) is moving to the library: their literals are listed. */
const DOOR_FILES = [
  /^cli\/commands\/(import|report)[^/]*\.ts$/,
  /^cli\/(context|client|main|flags|flag-values)\.ts$/,
];

/** Two words in a row, the first of two letters or more (`${…}` counts as a word). */
const WORDS = /\p{L}{2,}\s+\S*[\p{L}…]/u;

/** A tag (`<a href="…">`, `</p>`, `<?xml …?>`), or one open at the end of the literal. */
const TAG = /<[A-Za-z?!/][^<>]*(?:>|$)/g;

/**
 * An SQL statement, or a clause of one: its first word an upper-case keyword, then a space or
 * `;` (a sentence is not written so).
 */
const SQL =
  /^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|BEGIN|AND|EXISTS|COALESCE|LOCK TABLE)[\s;(]/;

/** One declaration block: `{property:value;…}` (values hold no braces or semicolons). */
const DECLARATIONS = String.raw`\{(?:\s*[-\w]+\s*:[^;{}]*;?)*\s*\}`;

/**
 * A line of a style sheet: a rule (`svg.chart text{fill:var(--muted)}`), optionally after an
 * at-rule's opening (`@media (prefers-color-scheme:dark){:root{…}}`), an at-rule opening alone,
 * or a closing brace.
 */
const CSS_LINE = new RegExp(
  String.raw`^(?:(?:@[\w-]+[^{}]*\{)?[^{}@\s][^{}]*${DECLARATIONS}\}?|@[\w-]+[^{}]*\{|\})$`,
);

/** Whether a literal is a style sheet: each of its lines (blank ones aside) is CSS. */
export function isStyleSheet(literal: string): boolean {
  const lines = literal
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.length > 0 && lines.every((l) => CSS_LINE.test(l));
}

/** The .ts files under `dir`. */
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? walk(p) : d.name.endsWith('.ts') ? [p] : [];
  });
}

/** The .ts files under src/, relative and `/`-separated. */
function sources(): string[] {
  return walk(SRC)
    .map((p) => path.relative(SRC, p).split(path.sep).join('/'))
    .sort();
}

/** The literals with words in a source text: each as written, `${…}` for an expression. */
export function literalsOf(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isLiteralTypeNode(n)) return;
    if (ts.isImportTypeNode(n)) return;
    // An alias table (`const COLUMN_ALIASES = {…}`): header names to match, not sentences.
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text.endsWith('_ALIASES'))
      return;
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      // import('…'); t('id', …) and tCount('id', …): their first argument is an id.
      if (callee.kind === ts.SyntaxKind.ImportKeyword) return;
      if (ts.isIdentifier(callee) && (callee.text === 't' || callee.text === 'tCount')) {
        n.arguments.slice(1).forEach(visit);
        return;
      }
    }
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'Error')
      return;
    let literal: string | undefined;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literal = n.text;
    else if (ts.isTemplateExpression(n))
      literal = n.head.text + n.templateSpans.map((s) => `\${…}${s.literal.text}`).join('');
    if (
      literal !== undefined &&
      !literal.startsWith('-') &&
      !SQL.test(literal) &&
      !isStyleSheet(literal) &&
      WORDS.test(literal.replace(TAG, ' '))
    )
      found.push(literal);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** What the scan finds: per file, its literals with words (files without any left out). */
function scan(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sources()) {
    if (NOT_SCANNED.some((re) => re.test(file))) continue;
    const skip = new Set(NOT_MESSAGES[file] ?? []);
    const found = literalsOf(file, fs.readFileSync(path.join(SRC, file), 'utf8')).filter(
      (l) => !skip.has(l),
    );
    if (found.length > 0) out.set(file, found);
  }
  return out;
}

const isDoor = (file: string) => DOOR_FILES.some((re) => re.test(file));
const isLibrary = (file: string) => !file.startsWith('cli/');

/** The lists of what is not moved yet, as the scan finds them now. */
function lists(found: Map<string, string[]>) {
  const door: Record<string, string[]> = {};
  const library: Record<string, number> = {};
  for (const [file, literals] of found) {
    if (isDoor(file)) door[file] = literals;
    else if (isLibrary(file)) library[file] = literals.length;
  }
  return { door, library };
}

function writeNotYet(door: Record<string, string[]>, library: Record<string, number>): void {
  const q = (s: string) => JSON.stringify(s);
  const text = `/**
 * What is not in the message module yet (generated by test/unit/message-literals.test.ts with
 * CACS_WRITE_NOT_YET=1; edit by moving literals into src/messages/, then regenerate).
 * DOOR_NOT_YET: the literals with words in the CLI files 'door' is moving (issue 23 item 1).
 * LIBRARY_NOT_YET: how many such literals each library module still has.
 */
export const DOOR_NOT_YET: Readonly<Record<string, readonly string[]>> = {
${Object.entries(door)
  .map(([f, ls]) => `  ${q(f)}: [\n${ls.map((l) => `    ${q(l)},`).join('\n')}\n  ],`)
  .join('\n')}
};

export const LIBRARY_NOT_YET: Readonly<Record<string, number>> = {
${Object.entries(library)
  .map(([f, n]) => `  ${q(f)}: ${n},`)
  .join('\n')}
};
`;
  fs.writeFileSync(NOT_YET_FILE, text);
}

describe('no user-facing string literal outside the message module', () => {
  const found = scan();
  const now = lists(found);
  if (process.env.CACS_WRITE_NOT_YET === '1') writeNotYet(now.door, now.library);

  it('src/cli/ (but the files door is moving) says every sentence through the catalog', () => {
    const cli = [...found].filter(([file]) => !isLibrary(file) && !isDoor(file));
    expect(Object.fromEntries(cli)).toEqual({});
  });

  it("door's CLI files still hold exactly the literals listed (DOOR_NOT_YET)", () => {
    expect(now.door).toEqual(DOOR_NOT_YET);
  });

  it('each library module still holds exactly the number of literals listed (LIBRARY_NOT_YET)', () => {
    expect(now.library).toEqual(LIBRARY_NOT_YET);
  });

  it('finds sentences, fragments and templates; passes codes, flags, ids and internal errors', () => {
    const text = `
      import x from 'some module';
      const a = 'no run in the history';
      const b = \`run \${id} was here\`;
      const c = 'phone_number';
      const d = '--campaign <key|alias>';
      const e = t('cli.history.none', { stateDir: 'the state dir' });
      const f = \`<rect class="bar" x="\${x}"/><text x="1">\${label}</text>\`;
      const g = \`<p class="muted">No lead was called.</p>\`;
      throw new Error('not reached: a bug');
      type T = 'a type literal';
      const f2 = \`SELECT value FROM \${schema}.meta WHERE key = $1\`;
      const g2 = 'INSERT INTO t (key) VALUES ($1)';
      const h = 'Select a campaign first';
      const i = 'update the ledger, then run again';
      const j = '<row r="';
      const k = \`\${head}<sheet name="\${name}" sheetId="\${n}"/>\`;
      const l = '<p class="empty">No calls in this range</p>';
      export const COLUMN_ALIASES = { phone_number: ['số điện thoại', 'phone number'] };
      const m = 'no phone column in the file';
      const ALIASES_NOTE = 'a sentence beside the table';
      const css = '\\n:root{color:red}\\nsvg.chart text{fill:var(--muted);font-size:11px}\\n@media print{\\nbody{max-width:none}\\n}';
      const css2 = '@media (prefers-color-scheme:dark){:root{--bg:#15191d}}';
      const cssNote = '.note{color:red}\\nNo calls in this range';
      const cssWords = 'the page has no calls {in this range}';
    `;
    expect(literalsOf('x.ts', text)).toEqual([
      'no run in the history',
      'run ${…} was here',
      'the state dir',
      '<p class="muted">No lead was called.</p>',
      'Select a campaign first',
      'update the ledger, then run again',
      '<p class="empty">No calls in this range</p>',
      'no phone column in the file',
      'a sentence beside the table',
      '.note{color:red}\nNo calls in this range',
      'the page has no calls {in this range}',
    ]);
  });
});
