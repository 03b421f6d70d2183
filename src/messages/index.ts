/**
 * The message module: every sentence cacs's library says to a person, by id, with named
 * placeholders (`{count}`), whole sentences per language (DESIGN.md "Language").
 *
 *   t('import.changedWhileRead', { file: 'leads.csv' })
 *
 * The English catalog (en.ts) is the reference: an id not in it, or a placeholder a message
 * does not have (or one it has left out), is a compile error. Another language's catalog is
 * typed `Catalog`, so it has every id; test/unit/messages.test.ts checks that its placeholders
 * are the English ones and that every id the code uses exists.
 */
import { formatCount } from '../text.js';

/** Counts as messages write them ("1,234"), for a face that builds a line from several. */
export { formatCount } from '../text.js';
import { en } from './en.js';
import { setCurrentLanguage, type Language } from './language.js';

export { en };
export {
  LANGUAGES,
  asLanguage,
  chooseLanguage,
  currentLanguage,
  type Language,
  type LanguageSource,
} from './language.js';

/** Every message id. */
export type MessageId = keyof typeof en;

/** A character no placeholder name has: `{9,10}` or `{json,yaml}` in a text is not one. */
type NotInName = ',' | ' ' | '[' | ']' | '.' | '-' | '/' | ':' | '(' | ')' | '$' | '*' | '|' | '=';

/** The placeholder names of a message text: `'{a} and {b}'` → `'a' | 'b'` (as PLACEHOLDER). */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends '' | `${string}${NotInName}${string}` ? never : Name) | Placeholders<Rest>
  : never;

/** What `t` takes after the id: nothing, or a value for each placeholder (no more, no less). */
export type MessageParams<Id extends MessageId> = [Placeholders<(typeof en)[Id]>] extends [never]
  ? []
  : [params: { readonly [P in Placeholders<(typeof en)[Id]>]: string | number }];

/** The ids of counted messages: `x` where the catalog has `x.one` and `x.other`. */
export type CountedId = {
  [Id in MessageId]: Id extends `${infer Base}.one` ? Base : never;
}[MessageId];

/** A catalog of another language: every id, each a string. */
export type Catalog = { readonly [Id in MessageId]: string };

/** A placeholder in a message text. */
export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** The placeholder names a message text holds, sorted, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

/** Fill a text's placeholders; one without a value stays as written (never throws). */
export function format(
  text: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A catalog as setLanguage takes it: partial (an id it lacks is said in English). */
export type PartialCatalog = Readonly<Partial<Record<MessageId, string>>>;

/**
 * The catalogs loaded so far, by language. English is the reference and the fallback, loaded
 * with this module; another language's catalog is a module of its own, loaded by loadCatalog
 * when that language is chosen, so that a start-up in English does not read it (the Vietnamese
 * one is as large as the English one). The Vietnamese catalog is typed partial, so that ids other
 * work adds to the English one compile before their Vietnamese arrives;
 * test/unit/messages.test.ts fails on any id it lacks and on any placeholder that differs.
 */
const loaded: { [L in Language]?: PartialCatalog } = { en };

/** `language`'s own catalog, loaded on first call (English's is loaded already). */
export async function loadCatalog(language: Language): Promise<PartialCatalog> {
  const have = loaded[language];
  if (have !== undefined) return have;
  const catalog: PartialCatalog = language === 'vi' ? (await import('./vi.js')).vi : en;
  loaded[language] = catalog;
  return catalog;
}

/** The current language's catalog (partial: English fills the gaps). */
let current: { catalog: Readonly<Partial<Record<string, string>>> } = { catalog: en };

/**
 * Say every later message in `language`: set once, by the CLI before it prints anything (issue
 * 27 chooses it from --lang, config `language` or LANG), after loadCatalog (the library's
 * `setLanguage`, src/lazy.ts, does both). `catalog` replaces that language's own (a test, or a
 * catalog loaded from elsewhere); an id it lacks is said in English. Without `catalog`, the
 * language's own must have been loaded: a programming error otherwise, said as one.
 */
export function setLanguage(
  language: Language,
  catalog: PartialCatalog | undefined = loaded[language],
): void {
  if (catalog === undefined)
    throw new Error(`setLanguage('${language}'): its catalog is not loaded (loadCatalog first)`);
  setCurrentLanguage(language);
  current = { catalog };
}

/** A face's own wording of some library messages: library id → the face's id. */
let faceWords: Readonly<Partial<Record<string, string>>> = {};

/**
 * Say some library messages in a face's own words, from now on: the library words a remedy
 * without naming a flag (`resend it … (an import that retries uncertain leads)`), and the CLI,
 * before it runs a command, gives its ids for those messages, which name its flags
 * (`(--retry-uncertain)`). Each replacement has the placeholders of the message it replaces
 * (test/unit/messages.test.ts). `{}` goes back to the library's words.
 */
export function setFaceWords(words: Readonly<Partial<Record<MessageId, MessageId>>>): void {
  faceWords = words;
}

/**
 * The message `id` in the current language (English when that catalog lacks it), its
 * placeholders filled; an unknown id, which cannot compile, says itself.
 */
export function t<Id extends MessageId>(id: Id, ...params: MessageParams<Id>): string {
  const said = faceWords[id] ?? id;
  const text =
    current.catalog[said] ?? (en as Readonly<Partial<Record<string, string>>>)[said] ?? said;
  return format(text, params[0] as Readonly<Record<string, string | number>> | undefined);
}

/**
 * The message `id` in English whatever the language set: a value inside JSON, which never
 * changes with the language (README, "Language"), said by a message of the catalog.
 */
export function tEnglish(
  id: MessageId,
  params?: Readonly<Record<string, string | number>>,
): string {
  return format((en as Readonly<Partial<Record<string, string>>>)[id] ?? id, params);
}

/**
 * A counted message: `x.one` for a count of 1, `x.other` for any other (a language without
 * plurals gives both the same text), `{count}` written as a count ("1,234"). Other
 * placeholders in `params`.
 */
export function tCount(
  id: CountedId,
  n: number,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const which = `${id}.${n === 1 ? 'one' : 'other'}` as MessageId;
  return format((t as (id: MessageId) => string)(which), { ...params, count: formatCount(n) });
}
