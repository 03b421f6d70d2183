/**
 * `cacs reconcile`: its flags and help, declared beside its run function (reconcile.ts) and
 * registered by program.ts; apart from the run function, so that help and start-up load no
 * command.
 */
import { t, exitCodesSentence } from '../../index.js';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { EXIT_CODES_MARK, withExitCodes } from '../help-text.js';

export function defineReconcile(parent: CommandUnknownOpts) {
  return parent
    .command('reconcile')
    .description(t('cli.help.reconcile'))
    .option('--campaign <key|alias>', t('cli.help.campaign'))
    .option('--run <id>', t('cli.help.reconcile.run'))
    .option('--json', t('cli.help.reconcile.json'))
    .addHelpText(
      'after',
      withExitCodes(
        t('cli.help.reconcile.after', { exitCodes: EXIT_CODES_MARK }),
        exitCodesSentence('reconcile'),
      ),
    );
}
