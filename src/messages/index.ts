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
import { en } from './en.js';

export { en };

/** Every message id. */
export type MessageId = keyof typeof en;

/** The placeholder names of a message text: `'{a} and {b}'` → `'a' | 'b'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** What `t` takes after the id: nothing, or a value for each placeholder (no more, no less). */
export type MessageParams<Id extends MessageId> = [Placeholders<(typeof en)[Id]>] extends [never]
  ? []
  : [params: { readonly [P in Placeholders<(typeof en)[Id]>]: string | number }];

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

/** The catalog messages are taken from (English until a second language is chosen). */
const catalog: Catalog = en;

/** The message `id`, its placeholders filled (an unknown id, which cannot compile, says itself). */
export function t<Id extends MessageId>(id: Id, ...params: MessageParams<Id>): string {
  const text = (catalog as Readonly<Partial<Record<string, string>>>)[id] ?? id;
  return format(text, params[0] as Readonly<Record<string, string | number>> | undefined);
}
