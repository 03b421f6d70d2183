/**
 * `cacs forget` (issue 26): its flags and help, declared beside its run function (forget.ts)
 * and registered by program.ts.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { t } from '../../index.js';

export function defineForget(parent: CommandUnknownOpts) {
  return parent
    .command('forget')
    .description(t('privacy.help.forget'))
    .argument('[id...]', t('privacy.help.forget.who'))
    .option('--file <list>', t('privacy.help.forget.file'))
    .option('--campaign <key|alias>', t('privacy.help.forget.campaign'))
    .option('--json', t('privacy.help.forget.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.privacy.help.forget.after'));
}

export function defineStatePrune(parent: CommandUnknownOpts) {
  return parent
    .command('prune')
    .description(t('privacy.help.prune'))
    .option('--dry-run', t('privacy.help.prune.dryRun'))
    .option('--json', t('privacy.help.prune.json'))
    .option('--pretty', t('cli.help.pretty'))
    .addHelpText('after', t('cli.help.state.prune.after'));
}
