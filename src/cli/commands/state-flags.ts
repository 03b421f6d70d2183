/**
 * `cacs state`: its flags and help, declared beside its run functions (state.ts) and registered
 * by program.ts.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { t } from '../../index.js';

export function defineStateStatus(parent: CommandUnknownOpts) {
  return parent
    .command('status')
    .description(t('cli.help.state.status'))
    .option('--json', t('cli.help.state.status.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.state.status.after'));
}

export function defineStateMigrate(parent: CommandUnknownOpts) {
  return parent
    .command('migrate')
    .description(t('cli.help.state.migrate'))
    .argument('[folders...]', t('teams.help.state.migrate.folders'))
    .requiredOption('--to <url>', t('cli.help.state.migrate.to'))
    .option('--json', t('cli.help.state.migrate.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.state.migrate.after'));
}
