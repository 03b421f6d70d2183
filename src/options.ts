/**
 * The rules of option values that both faces check — the CLI's flags (cli/flag-values.ts, the
 * config schema) and the library's options (runImport, runReport) — declared once, so that
 * `runImport({ delimiter: 'tab' })` means what `--delimiter tab` means and a value the command
 * refuses is refused by the function too.
 */

import { t } from './messages/index.js';

/** The CSV delimiters cacs reads (and detects when none is given). */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** How the delimiters may be written: the character itself, or its name (any case). */
const DELIMITER_NAMES: Readonly<Record<string, Delimiter>> = {
  ',': ',',
  comma: ',',
  ';': ';',
  semicolon: ';',
  tab: '\t',
  '\\t': '\t',
  '\t': '\t',
  '|': '|',
  pipe: '|',
};

/** What a delimiter must be, for messages (in the language of the moment). */
export const delimiterChoices = (): string => t('lib.option.delimiter.choices');

/** A delimiter as written (`;`, `tab`, `\t`…), or undefined when it names none. */
export function parseDelimiter(value: string): Delimiter | undefined {
  const key = value.length === 1 ? value : value.toLowerCase();
  return Object.hasOwn(DELIMITER_NAMES, key) ? DELIMITER_NAMES[key] : undefined;
}

/** The bounds of the whole-number options, as [min, max]. */
export const OPTION_BOUNDS = {
  batchSize: [1, 100_000],
  importConcurrency: [1, 64],
  reportConcurrency: [1, 64],
  /** Days per report request: the service answers at most 31 at a time (spec LIMITS.reportDays). */
  windowDays: [1, 31],
} as const satisfies Record<string, readonly [number, number]>;

/** Why a value is not a whole number from min to max, or undefined when it is one. */
export function wholeNumberProblem(
  value: unknown,
  [min, max]: readonly [number, number],
): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
    ? undefined
    : t('lib.option.wholeNumber', { min, max });
}

/** The longest access token the service takes (spec §5: at most 50 characters). */
const TOKEN_MAX = 50;

/**
 * Why a token cannot be sent as the `access_token` header, or undefined (review, session 18: a
 * token with a control character or a letter outside ASCII failed as "the connection broke …
 * (ERR_INVALID_CHAR)" after six tries). Names where the character is, never the token.
 */
export function tokenProblem(token: string): string | undefined {
  if (token.trim() === '') return t('lib.token.blank');
  if ([...token].length > TOKEN_MAX) return t('lib.token.tooLong', { max: TOKEN_MAX });
  // Printable ASCII only: a header carries other characters as Latin-1 bytes, or not at all.
  const bad = /[^\x20-\x7e]/.exec(token);
  if (bad !== null)
    return t(bad[0] < ' ' || bad[0] === '\x7f' ? 'lib.token.control' : 'lib.token.nonAscii', {
      position: [...token.slice(0, bad.index)].length + 1,
    });
  if (token.trim() !== token) return t('lib.token.blanks');
  return undefined;
}
