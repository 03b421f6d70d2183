/**
 * Library functions whose work lives in a module loaded on their first call, kept apart from
 * src/index.ts's own code (which re-exports them): the command line's start-up (help, flags,
 * tab completion, the language choice) uses these and the light facts only, and its bundle
 * (scripts/bundle.js) then loads none of index.ts's own functions and what they import.
 */

/**
 * The config files in effect (`cacs`'s: the project's `.cacsrc*` up from `cwd`, the user's, or
 * the one `explicitPath` names), read and checked; a `ConfigError` naming the file otherwise.
 */
export async function loadConfigFiles(
  options: import('./config/files.js').FindConfigOptions,
): Promise<import('./config/files.js').LoadedConfigFile[]> {
  return (await import('./config/files.js')).loadConfigFiles(options);
}

/**
 * The settings in effect from defaults, config `files` (the profile chosen), the environment and
 * the command's flags, each with where it came from, as every `cacs` command resolves them.
 */
export async function resolveSettings(
  options: import('./config/settings.js').ResolveOptions,
): Promise<import('./config/settings.js').ResolvedSettings> {
  return (await import('./config/settings.js')).resolveSettings(options);
}

/** The config files among `files` that hold an access token other users may read. */
export async function looselyProtectedTokenFiles(
  files: import('./config/files.js').LoadedConfigFile[],
): Promise<string[]> {
  return (await import('./config/files.js')).looselyProtectedTokenFiles(files);
}

/**
 * The list of call statuses seen in earlier reports, kept by the state store at `stateDir`
 * (the file store: a small 0600 file in the state folder), for the completion scripts.
 */
export async function completionStatuses(stateDir: string) {
  return (await import('./state/index.js')).openStateStore({ stateDir }).completionStatuses;
}

/** The state folder: `CACS_STATE_DIR`, else cacs's own (config/paths.ts, loaded when needed). */
export async function stateDirOf(env: import('./config/env.js').Env): Promise<string> {
  return (await import('./config/paths.js')).stateDirIn(env);
}

/**
 * Say every later message — errors and hints, the reasons in sidecar files, the HTML page — and
 * write every count and date in `language` (`'vi'` or `'en'`, the default). The CLI calls it
 * once, with what {@link chooseLanguage} picks from --lang, config `language` and the locale.
 */
export async function setLanguage(
  language: import('./messages/language.js').Language,
): Promise<void> {
  const messages = await import('./messages/index.js');
  // A language cacs does not speak is refused (review, session 17: 'fr' and 'VI' were taken, and
  // currentLanguage() then returned them): `asLanguage` reads what a person typed.
  const { LANGUAGES } = await import('./messages/language.js');
  if (!(LANGUAGES as readonly unknown[]).includes(language)) {
    const { UsageError } = await import('./errors.js');
    throw new UsageError(
      `setLanguage: ${messages.t('lib.options.kind', {
        key: 'language',
        expected: messages.t('lib.options.kind.oneOf', { choices: LANGUAGES.join(', ') }),
        got: typeof language === 'string' ? JSON.stringify(language) : typeof language,
      })}`,
    );
  }
  // The language's catalog is loaded first (a module of its own: English start-ups skip it).
  messages.setLanguage(language, await messages.loadCatalog(language));
}
