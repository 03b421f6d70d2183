/**
 * `cacs state`: its flags and help, declared beside its run functions (state.ts) and registered
 * by program.ts.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

export function defineStateStatus(parent: CommandUnknownOpts) {
  return parent
    .command('status')
    .description('where state lives (folder or PostgreSQL), its schema version, what it holds')
    .option('--json', 'print one JSON object on stdout: { status, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}

export function defineStateMigrate(parent: CommandUnknownOpts) {
  return parent
    .command('migrate')
    .description(
      "copy this machine's state folder (ledgers, history, unfinished journals) into PostgreSQL",
    )
    .requiredOption('--to <url>', 'the database: postgres://user@host:5432/db (libpq form)')
    .option('--json', 'print one JSON object on stdout: { migrated, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}
