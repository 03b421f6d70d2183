/**
 * `cacs config`: its flags and help, declared beside its run function (config.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import { t } from '../../index.js';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

export function defineConfigShow(parent: CommandUnknownOpts) {
  return parent
    .command('show')
    .description(t('cli.help.config.show'))
    .option('--json', t('cli.help.config.show.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.config.show.after'));
}

export function defineConfigPath(parent: CommandUnknownOpts) {
  return parent
    .command('path')
    .description(t('cli.help.config.path'))
    .addHelpText('after', t('cli.help.config.path.after'));
}

export function defineConfigInit(parent: CommandUnknownOpts) {
  return parent
    .command('init')
    .description(t('cli.help.config.init'))
    .option('--user', t('cli.help.config.init.user'))
    .addHelpText('after', t('cli.help.config.init.after'));
}
