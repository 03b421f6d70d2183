/**
 * The library's options checked as the command line checks its flags (issue 22 item 8; review,
 * session 16): an option no function knows (a typo, `bacthSize`, or the CLI's `output`) and a
 * value of the wrong type (`from: 20261127`, `dryRun: 'false'`) are a UsageError naming the
 * function and the option, before anything is read or sent — never silently ignored, never a
 * TypeError from deep inside. Each function lists every key of its options type
 * (`satisfies Record<keyof …, Check>` in src/index.ts), so a new option cannot be forgotten here.
 */
import { UsageError } from './errors.js';
import { t, type MessageId } from './messages/index.js';

/** What a value must be: a kind, or one of a few strings. */
export type Check =
  | 'string'
  | 'number'
  | 'boolean'
  | 'function'
  | 'object'
  | 'date'
  | 'strings'
  | 'string|strings'
  | 'string|url'
  | 'string|false'
  | 'signal'
  | 'stream'
  | 'client'
  | 'any'
  | readonly string[];

const KIND_WORDS = {
  string: 'lib.options.kind.string',
  number: 'lib.options.kind.number',
  boolean: 'lib.options.kind.boolean',
  function: 'lib.options.kind.function',
  object: 'lib.options.kind.object',
  date: 'lib.options.kind.date',
  strings: 'lib.options.kind.strings',
  'string|strings': 'lib.options.kind.stringOrStrings',
  'string|url': 'lib.options.kind.stringOrUrl',
  'string|false': 'lib.options.kind.stringOrFalse',
  signal: 'lib.options.kind.signal',
  stream: 'lib.options.kind.stream',
  client: 'lib.options.kind.client',
} as const satisfies Record<Exclude<Check, 'any' | readonly string[]>, MessageId>;

const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

function fits(check: Check, v: unknown): boolean {
  if (typeof check !== 'string') return typeof v === 'string' && check.includes(v);
  switch (check) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'function':
      // (NaN is a number here: the option's own rule says what range it must be in.)
      return typeof v === check;
    case 'object':
      return typeof v === 'object' && v !== null;
    case 'date':
      return v instanceof Date && !Number.isNaN(v.getTime());
    case 'strings':
      return isStrings(v);
    case 'string|strings':
      return typeof v === 'string' || isStrings(v);
    case 'string|url':
      return typeof v === 'string' || v instanceof URL;
    case 'string|false':
      return typeof v === 'string' || v === false;
    case 'signal':
      return v instanceof AbortSignal;
    case 'stream':
      return (
        typeof v === 'object' && v !== null && typeof (v as { pipe?: unknown }).pipe === 'function'
      );
    case 'client': {
      // A client as createClient makes it (or one that answers as it does): `{}` failed later
      // with "callResults is not a function" (review, session 22).
      const c = v as { callResults?: unknown; importLeadsJson?: unknown } | null;
      return (
        typeof c === 'object' &&
        c !== null &&
        typeof c.callResults === 'function' &&
        typeof c.importLeadsJson === 'function'
      );
    }
    case 'any':
      return true;
  }
}

/** A value's kind, as the message names it. */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return typeof v;
}

/** The known key nearest a typo (at most two edits away), if one is. */
function nearest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** Edit distance (insertions, deletions, substitutions, and swaps of neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/**
 * Throws a UsageError (`fn: …; …`) listing every option of `options` that `checks` does not
 * know, every required one (`required`) missing, and every value of the wrong kind.
 */
export function checkOptions(
  fn: string,
  options: unknown,
  checks: Readonly<Record<string, Check>>,
  required: readonly string[] = [],
): void {
  checkObject(fn, options);
  const known = Object.keys(checks);
  const problems: string[] = [];
  const given = options as Record<string, unknown>;
  for (const key of required)
    if (given[key] === undefined) problems.push(t('lib.options.required', { key }));
  for (const [key, value] of Object.entries(given)) {
    // Own keys only: `constructor`, `toString`, `__proto__` (from JSON.parse) are unknown
    // options, not Object.prototype's functions taken for checks (review, session 22).
    const check = Object.hasOwn(checks, key) ? checks[key] : undefined;
    if (check === undefined) {
      const near = nearest(key, known);
      problems.push(
        near === undefined
          ? t('lib.options.unknown', { key })
          : t('lib.options.unknown.near', { key, near }),
      );
      continue;
    }
    if (value === undefined || fits(check, value)) continue;
    problems.push(
      t('lib.options.kind', {
        key,
        expected:
          typeof check === 'string'
            ? t(KIND_WORDS[check as keyof typeof KIND_WORDS])
            : t('lib.options.kind.oneOf', { choices: check.join(', ') }),
        got: kindOf(value),
      }),
    );
  }
  if (problems.length > 0) throw new UsageError(`${fn}: ${problems.join('; ')}`);
}

/** Throws a UsageError unless `options` is an object (not null, not a list). */
export function checkObject(fn: string, options: unknown): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new UsageError(t('lib.options.notObject', { fn, got: kindOf(options) }));
}

/**
 * Throws a UsageError naming `fn` and each option whose value is not a whole number within its
 * bounds (`createClient: timeoutMs: expected a whole number from 100 to 3600000`); an option
 * left out (undefined) is not checked.
 */
export function checkWholeNumbers(
  fn: string,
  entries: ReadonlyArray<readonly [key: string, value: unknown, bounds: readonly [number, number]]>,
): void {
  const problems: string[] = [];
  for (const [key, value, [min, max]] of entries) {
    if (value === undefined) continue;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max)
      continue;
    problems.push(`${key}: ${t('lib.option.wholeNumber', { min, max })}`);
  }
  if (problems.length > 0) throw new UsageError(`${fn}: ${problems.join('; ')}`);
}
