/**
 * The language a person is spoken to in (issue 27, DESIGN.md "Language"): which languages cacs
 * speaks, the one chosen now, and how it is chosen. A module of its own, with no imports, so
 * that both the message module (index.ts) and the formatting module (text.ts: `1.234.567`,
 * `21,3 %` in Vietnamese) read it without importing each other.
 */

/** The languages cacs has a catalog for; English is the reference and the fallback. */
export const LANGUAGES = ['en', 'vi'] as const;

/** A language cacs speaks. */
export type Language = (typeof LANGUAGES)[number];

let current: Language = 'en';

/** The language messages, counts and dates are written in now. */
export function currentLanguage(): Language {
  return current;
}

/** Write every later message, count and date in `language` (messages/index.ts setLanguage). */
export function setCurrentLanguage(language: Language): void {
  current = language;
}

/** `value` as a language code cacs speaks (`vi`, `EN`…), or undefined. */
export function asLanguage(value: string): Language | undefined {
  const v = value.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : undefined;
}

/** Where the language came from: for `cacs config show` and tests. */
export type LanguageSource = 'flag' | 'config' | 'LC_ALL' | 'LC_MESSAGES' | 'LANG' | 'default';

/**
 * The language to speak, by precedence: the --lang flag, then config `language`, then the
 * locale of the environment — the first non-empty of LC_ALL, LC_MESSAGES and LANG, as POSIX
 * reads them (a value starting with `vi`, such as `vi_VN.UTF-8`, is Vietnamese; any other,
 * `C` and `en_US.UTF-8` among them, is English) — else English. Pure: the caller has checked
 * the flag and the config value (each is a Language here).
 */
export function chooseLanguage(input: {
  flag?: Language | undefined;
  config?: Language | undefined;
  env?: Readonly<Record<string, string | undefined>>;
}): { language: Language; source: LanguageSource } {
  if (input.flag !== undefined) return { language: input.flag, source: 'flag' };
  if (input.config !== undefined) return { language: input.config, source: 'config' };
  const env = input.env ?? {};
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    return { language: /^vi/i.test(value) ? 'vi' : 'en', source: name };
  }
  return { language: 'en', source: 'default' };
}
