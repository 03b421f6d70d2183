/**
 * `cacs history`: its flags and help, declared beside its run function (history.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import { t, defaultText } from '../../index.js';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { intArg } from '../flag-values.js';

export function defineHistoryList(parent: CommandUnknownOpts) {
  return parent
    .command('list', { isDefault: true })
    .description(t('cli.help.history.list'))
    .option('--campaign <key|alias>', t('cli.help.history.list.campaign'))
    .option(
      '--limit <n>',
      t('cli.help.history.list.limit', { default: defaultText('historyLimit') }),
      intArg(1, 1_000_000),
    )
    .option('--json', t('cli.help.history.list.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.history.list.after'));
}

export function defineHistoryShow(parent: CommandUnknownOpts) {
  return parent
    .command('show')
    .description(t('cli.help.history.show'))
    .argument('<run>', t('cli.help.history.show.run'))
    .option('--json', t('cli.help.history.show.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.history.show.after'));
}

export function defineHistoryFind(parent: CommandUnknownOpts) {
  return parent
    .command('find')
    .description(t('cli.help.history.find'))
    .argument('<phone|ref_id>', t('cli.help.history.find.query'))
    .option('--json', t('cli.help.history.find.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.history.find.after'));
}
