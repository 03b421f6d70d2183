/**
 * `cacs import`: its flags and help, declared beside its run function (import.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import { t, INPUT_FORMATS, OPTION_BOUNDS, defaultText, exitCodesSentence } from '../../index.js';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { collect, delimiterArg, intArg } from '../flag-values.js';
import { EXIT_CODES_MARK, withExitCodes } from '../help-text.js';

export function defineImport(parent: CommandUnknownOpts) {
  return parent
    .command('import')
    .description(t('cli.help.import'))
    .argument('<file>', t('cli.help.import.file'))
    .option('--campaign <key|alias>', t('cli.help.campaign'))
    .addOption(new Option('--format <format>', t('cli.help.import.format')).choices(INPUT_FORMATS))
    .option('--delimiter <c>', t('cli.help.import.delimiter'), delimiterArg)
    .option('--encoding <name>', t('cli.help.import.encoding'))
    .option('--sheet <name|n>', t('cli.help.import.sheet'))
    .option('--map <field=Column>', t('cli.help.import.map'), collect)
    .option('--layout <name>', t('cli.help.import.layout'))
    .option('--ignore-unmapped', t('cli.help.import.ignoreUnmapped'))
    .option('--suppress <file>', t('cli.help.import.suppress'), collect)
    .option(
      '--batch-size <n>',
      t('cli.help.import.batchSize', { default: defaultText('import.batchSize') }),
      intArg(...OPTION_BOUNDS.batchSize),
    )
    .option(
      '--concurrency <n>',
      t('cli.help.concurrency', { default: defaultText('import.concurrency') }),
      intArg(...OPTION_BOUNDS.importConcurrency),
    )
    .option('--dry-run', t('cli.help.import.dryRun'))
    .option('--rejects <file>', t('cli.help.import.rejects'))
    .option('--no-dedupe', t('cli.help.import.noDedupe'))
    .option('--no-normalize', t('cli.help.import.noNormalize'))
    .addOption(
      new Option('--retry-uncertain', t('cli.help.import.retryUncertain')).conflicts('restart'),
    )
    .option('--restart', t('cli.help.import.restart'))
    .option('--allow-repeat', t('cli.help.import.allowRepeat'))
    .option('--json', t('cli.help.import.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText(
      'after',
      withExitCodes(
        t('cli.help.import.after', { exitCodes: EXIT_CODES_MARK }),
        exitCodesSentence('import'),
      ),
    );
}
