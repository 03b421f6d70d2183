/**
 * `cacs emulator`: its flags and help, declared beside its run function (emulator.ts) and
 * registered by program.ts; apart from the run function, so that help and start-up load no
 * command.
 */
import { t, OPTION_DEFAULTS, defaultText } from '../../index.js';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { emulatorCampaignArg, floatArg, intArg, regexArg } from '../flag-values.js';

export function defineEmulator(parent: CommandUnknownOpts) {
  return parent
    .command('emulator')
    .description(t('cli.help.emulator'))
    .option(
      '--port <n>',
      t('cli.help.emulator.port'),
      intArg(0, 65535),
      OPTION_DEFAULTS.emulatorPort as number,
    )
    .option('--host <addr>', t('cli.help.emulator.host'), OPTION_DEFAULTS.emulatorHost as string)
    .option(
      '--token <token>',
      t('cli.help.emulator.token'),
      OPTION_DEFAULTS.emulatorToken as string,
    )
    .option(
      '--campaign <key[=name]>',
      t('cli.help.emulator.campaign', { default: defaultText('emulatorCampaign') }),
      emulatorCampaignArg,
    )
    .option('--state <file>', t('cli.help.emulator.state'))
    .option('--latency <ms>', t('cli.help.emulator.latency'), intArg(0, 600_000), 0)
    .option('--fail-rate <p>', t('cli.help.emulator.failRate'), floatArg(0, 1), 0)
    .option('--seed <n>', t('cli.help.emulator.seed'), intArg(0, 2 ** 31), 1)
    .option('--max-batch <n>', t('cli.help.emulator.maxBatch'), intArg(1, 10_000_000))
    .option(
      '--phone-pattern <regex>',
      t('cli.help.emulator.phonePattern', { default: defaultText('import.phonePattern') }),
      regexArg,
    )
    .addOption(
      new Option('--message-style <style>', t('cli.help.emulator.messageStyle'))
        .choices(['ratio', 'count'])
        .default('ratio'),
    )
    .addOption(
      new Option('--attempts <style>', t('cli.help.emulator.attempts'))
        .choices(['window', 'all'])
        .default('window'),
    )
    .addHelpText('after', t('cli.help.emulator.after'));
}
