/**
 * `cacs reconcile`: its flags and help, declared beside its run function (reconcile.ts) and
 * registered by program.ts; apart from the run function, so that help and start-up load no
 * command.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { exitCodesSentence } from '../../errors.js';
import { continueLine } from '../help-text.js';

export function defineReconcile(parent: CommandUnknownOpts) {
  return parent
    .command('reconcile')
    .description(
      "settle uncertain leads against the service's records: found ones count as imported, the rest stay uncertain",
    )
    .option(
      '--campaign <key|alias>',
      'campaign key or alias (env CACS_CAMPAIGN, config defaultCampaign)',
    )
    .option('--run <id>', 'only the leads this run left uncertain (an id from cacs history)')
    .option(
      '--json',
      'print one JSON object on stdout: counts, range, per run (no phone numbers); exitCode, error',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ cacs reconcile --campaign summer
  $ cacs reconcile --campaign summer --run r20261123-094512-3fa2c1
  $ cacs reconcile --campaign summer --json | jq .stillUncertain

A lead is uncertain when its batch was sent but no definite answer came (a timeout, a lost
connection, a crash). reconcile asks the report endpoint for the campaign's records since the
first such batch was sent, one day per request, and looks each uncertain lead up by its phone
number. Leads found are recorded as imported: a rerun of the import does not send them, with or
without --retry-uncertain. The others stay uncertain: a lead shows in reports only once called,
so run reconcile again later. reconcile never sends a lead, and does not run while an import
into the campaign does (the same lock). Each run's uncertain list (cacs history show <run>)
names the leads; the output names runs and counts only.
${continueLine('', exitCodesSentence('reconcile'))}`,
    );
}
