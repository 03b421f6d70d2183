import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { defaultText, LANGUAGES, t } from '../index.js';
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
    .option('--base-url <url>', t('cli.help.global.baseUrl'))
    .option('--profile <name>', t('cli.help.global.profile'))
    .option('--config <file>', t('cli.help.global.config'))
    .option(
      '--timeout <ms>',
      t('cli.help.global.timeout', { default: defaultText('timeout') }),
      intArg(100, 3_600_000),
    )
    .option('-q, --quiet', t('cli.help.global.quiet'))
    .option('-v, --verbose', t('cli.help.global.verbose'))
    .option('--no-color', t('cli.help.global.noColor'))
    .option('--insecure-http', t('cli.help.global.insecureHttp'))
    .addOption(new Option('--lang <code>', t('cli.help.lang')).choices(LANGUAGES));
}

/**
 * The global flags as the command context receives them; all optional, since contexts are also
 * made without the parser (tests, the library's callers).
 */
export type GlobalOptions = Partial<Flags<typeof defineGlobals>>;
