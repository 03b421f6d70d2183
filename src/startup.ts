/**
 * The start-up door: what `cacs` needs before a command runs — its help, the flag definitions,
 * the language choice, the error renderer, tab completion — without loading the library.
 * Every name both doors export is the same object (test/unit/layers.test.ts); the rest is the
 * CLI's own start-up need (exit-code help prose, flag bounds, the token-file check), not public
 * API. `src/index.ts` is not used for start-up because its synchronous API (the client class, the plan, the summary, the date and
 * bookmark helpers, the report's stages: about thirty modules) would be loaded by every
 * `--help` and every TAB: measured 1.16× the CPU time of `cacs import --help` and 1.10× of
 * `cacs __complete statuses` (ARCHITECTURE.md "Start-up stays light").
 *
 * Light modules only: each imports nothing heavy at its top. A service is loaded by its function
 * on its first call (the config reader, the settings, the state store).
 */
export {
  CacsError,
  ConfigError,
  ExitCode,
  OutputClosedError,
  exitCodeHelp,
  exitCodesSentence,
  type ErrorCategory,
} from './errors.js';
export { OPTION_DEFAULTS, defaultText } from './defaults.js';
export { OPTION_BOUNDS, delimiterChoices, parseDelimiter, type Delimiter } from './options.js';
export { INPUT_FORMATS } from './input/types.js';
export { REPORT_FORMATS, isValidTimeZone, type FlattenMode } from './report/formats.js';
export { LIMITS } from './api/spec.js';
export type { Sleep } from './api/retry.js';
import { ENV, envValue, type Env } from './config/env.js';

export { ENV, envValue, type Env };
export { Secrets } from './secrets.js';
export { VERSION } from './version.js';
export { formatCount, sanitizeServiceText } from './text.js';
export { removeAllNow } from './cleanup.js';
export type { FlatConfig } from './config/schema.js';
export type { FindConfigOptions, LoadedConfigFile } from './config/files.js';
export type { ResolveOptions, ResolvedSettings } from './config/settings.js';
export type { ImportSummary } from './delivery/import-types.js';

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
export async function stateDirOf(env: Env): Promise<string> {
  return envValue(env, ENV.stateDir) ?? (await import('./config/paths.js')).defaultStateDir(env);
}
