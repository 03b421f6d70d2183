import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { defaultText } from '../defaults.js';
import { LANGUAGES, t } from '../messages/index.js';
import { intArg } from './flag-values.js';

/**
 * A command's flags as commander infers them from its definition (commands/<name>-flags.ts):
 * each command module takes `Flags<typeof defineX>`.
 */
export type Flags<D extends (parent: never) => { opts(): OptionValues }> = ReturnType<
  ReturnType<D>['opts']
>;

/** The global flags, on the program itself. */
export function defineGlobals(program: Command) {
  return program
    .option('--base-url <url>', 'service address (env CACS_BASE_URL, config baseUrl)')
    .option('--profile <name>', 'use a profile from the config (env CACS_PROFILE)')
    .option('--config <file>', 'read settings from this file instead of searching')
    .option(
      '--timeout <ms>',
      `per-request timeout in milliseconds (default ${defaultText('timeout')})`,
      intArg(100, 3_600_000),
    )
    .option('-q, --quiet', 'no progress or summary on stderr; errors and warnings only')
    .option('-v, --verbose', 'trace HTTP requests on stderr (token masked), stack traces on errors')
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .option('--insecure-http', 'allow plain http:// to a non-loopback host')
    .addOption(new Option('--lang <code>', t('cli.help.lang')).choices(LANGUAGES));
}

/**
 * The global flags as the command context receives them; all optional, since contexts are also
 * made without the parser (tests, the library's callers).
 */
export type GlobalOptions = Partial<Flags<typeof defineGlobals>>;
