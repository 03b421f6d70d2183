/**
 * `cacs history`: its flags and help, declared beside its run function (history.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { defaultText } from '../../defaults.js';
import { intArg } from '../flag-values.js';

export function defineHistoryList(parent: CommandUnknownOpts) {
  return parent
    .command('list', { isDefault: true })
    .description('past imports, newest first (the default: cacs history)')
    .option('--campaign <key|alias>', 'only imports into this campaign')
    .option(
      '--limit <n>',
      `at most this many runs (default ${defaultText('historyLimit')})`,
      intArg(1, 1_000_000),
    )
    .option('--json', 'print one JSON object on stdout: { runs, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}

export function defineHistoryShow(parent: CommandUnknownOpts) {
  return parent
    .command('show')
    .description('one run: counts, sidecar files, the lines of its uncertain leads')
    .argument('<run>', 'a run id from cacs history (a unique prefix is enough)')
    .option('--json', 'print one JSON object on stdout: { run, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}

export function defineHistoryFind(parent: CommandUnknownOpts) {
  return parent
    .command('find')
    .description(
      'which runs sent a lead (by phone number or ref_id), where, when, with what outcome',
    )
    .argument('<phone|ref_id>', 'a phone number in any written form, or a ref_id')
    .option('--json', 'print one JSON object on stdout: { query, found, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}
