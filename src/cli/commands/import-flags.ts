/**
 * `cacs import`: its flags and help, declared beside its run function (import.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { defaultText } from '../../defaults.js';
import { exitCodesSentence } from '../../errors.js';
import { INPUT_FORMATS } from '../../input/types.js';
import { OPTION_BOUNDS } from '../../options.js';
import { collect, delimiterArg, intArg } from '../flag-values.js';
import { continueLine } from '../help-text.js';

export function defineImport(parent: CommandUnknownOpts) {
  return parent
    .command('import')
    .description('check a lead file row by row, then import its leads into a campaign')
    .argument('<file>', 'CSV, Excel .xlsx, JSON or NDJSON lead file; - reads stdin')
    .option(
      '--campaign <key|alias>',
      'campaign key or alias (env CACS_CAMPAIGN, config defaultCampaign)',
    )
    .addOption(
      new Option(
        '--format <format>',
        'input format (default: from the contents and extension; stdin: csv)',
      ).choices(INPUT_FORMATS),
    )
    .option('--delimiter <c>', 'CSV delimiter: , ; tab | (default: detected)', delimiterArg)
    .option('--encoding <name>', 'text encoding, e.g. windows-1258 (default: BOM, else UTF-8)')
    .option('--sheet <name|n>', 'Excel: the sheet to read, by name or number (default: the first)')
    .option('--map <field=Column>', 'map a lead field to a column (repeatable)', collect)
    .option('--ignore-unmapped', 'ignore columns that match no lead field instead of stopping')
    .option(
      '--suppress <file>',
      'do-not-call list (CSV, .xlsx or one number per line): its numbers are never sent (repeatable; adds to config import.suppress)',
      collect,
    )
    .option(
      '--batch-size <n>',
      `leads per request (default ${defaultText('import.batchSize')})`,
      intArg(...OPTION_BOUNDS.batchSize),
    )
    .option(
      '--concurrency <n>',
      `requests in flight (default ${defaultText('import.concurrency')})`,
      intArg(...OPTION_BOUNDS.importConcurrency),
    )
    .option('--dry-run', 'check and count everything, send nothing')
    .option(
      '--rejects <file>',
      'where to write rejected rows (default <input file name>.rejects.csv beside the input)',
    )
    .option('--no-dedupe', 'keep rows whose phone number appeared earlier in the file')
    .option('--no-normalize', 'send values exactly as read (no trimming, no phone clean-up)')
    .addOption(
      new Option(
        '--retry-uncertain',
        'resend leads an earlier run left uncertain (settle them with cacs reconcile first)',
      ).conflicts('restart'),
    )
    .option(
      '--restart',
      "set aside this file's journal (not the campaign's ledger) and start the file afresh",
    )
    .option(
      '--allow-repeat',
      'send leads the campaign already has from earlier runs (held back by default)',
    )
    .option(
      '--json',
      'print the summary as one JSON object on stdout (on failure too: exitCode and error)',
    )
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)')
    .addHelpText(
      'after',
      `
Examples:
  $ cacs import leads.csv --campaign summer
  $ cacs import leads.csv --campaign summer --dry-run
  $ cacs import "Danh sách KH.xlsx" --sheet 2 --campaign summer
  $ cacs import export.txt --delimiter tab --encoding utf-16le --map ref_id="Mã KH"
  $ cacs import leads.csv --campaign summer --suppress dnc.csv --suppress dnc-national.txt
  $ other-system --export | cacs import - --campaign summer --json

Every row is checked before anything is sent. Rows to fix go to <input file name>.rejects.csv
beside the input (fix them and import that file again); rows not sent by design (duplicates,
numbers on a do-not-call list, leads the campaign already has) go to <input file
name>.skipped.csv. A do-not-call list that cannot be read stops the import (exit 2). A rerun resumes where the
last one stopped, and a lead the campaign already has is never sent again (cacs history find
${continueLine('<phone> says when it was). ', exitCodesSentence('import'))}`,
    );
}
