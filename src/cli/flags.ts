/**
 * Every command's flags and help text as commander builds them (define*), apart from the
 * wiring in program.ts: a command module takes `Flags<typeof defineX>` from here (a type-only
 * import), so no command module imports program.ts, which loads the command modules.
 */
import {
  Command,
  Option,
  type CommandUnknownOpts,
  type OptionValues,
} from '@commander-js/extra-typings';
import { OPTION_BOUNDS } from '../options.js';
import type { InputFormat } from '../index.js';
import { REPORT_FORMATS, type FlattenMode } from '../report/formats.js';
import {
  collect,
  delimiterArg,
  emulatorCampaignArg,
  floatArg,
  intArg,
  refIdArg,
  regexArg,
  timeZoneArg,
} from './flag-values.js';
/**
 * A command's flags as commander infers them from its definition below: each command module
 * takes `Flags<typeof defineX>` (a type-only import, so nothing here loads a command early).
 */
export type Flags<D extends (parent: never) => { opts(): OptionValues }> = ReturnType<
  ReturnType<D>['opts']
>;

/** The global flags, on the program itself. */
export function defineGlobals(program: Command) {
  return program
    .option('--base-url <url>', 'service address (env CACS_BASE_URL, config baseUrl)')
    .option('--profile <name>', 'use a profile from the config (env CACS_PROFILE)')
    .option('--config <file>', 'read settings from this file instead of searching')
    .option(
      '--timeout <ms>',
      'per-request timeout in milliseconds (default 30000)',
      intArg(100, 3_600_000),
    )
    .option('-q, --quiet', 'no progress or summary on stderr; errors and warnings only')
    .option('-v, --verbose', 'trace HTTP requests on stderr (token masked), stack traces on errors')
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .option('--insecure-http', 'allow plain http:// to a non-loopback host');
}

/**
 * The global flags as the command context receives them; all optional, since contexts are also
 * made without the parser (tests, the library's callers).
 */
export type GlobalOptions = Partial<Flags<typeof defineGlobals>>;

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
      ).choices(['csv', 'json', 'ndjson', 'xlsx'] as const satisfies readonly InputFormat[]),
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
      'leads per request (default 500)',
      intArg(...OPTION_BOUNDS.batchSize),
    )
    .option(
      '--concurrency <n>',
      'requests in flight (default 2)',
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
<phone> says when it was). Exit codes: 0 done, 2 bad input (nothing sent), 3 some rows
rejected, 4 refused by the service, 5 uncertain, 1 failure, 130 interrupted.`,
    );
}

export function defineReport(parent: CommandUnknownOpts) {
  return (
    parent
      .command('report')
      .description(
        'fetch call results for a date range as CSV, JSON, NDJSON, xlsx, a table or an HTML page',
      )
      // A stray argument is most often the time of an unquoted date (--from 2026-11-23 10:00):
      // the command says so (report.ts) rather than commander's "too many arguments".
      .allowExcessArguments()
      .option(
        '--campaign <key|alias>',
        'campaign key or alias (env CACS_CAMPAIGN, config defaultCampaign)',
      )
      .option(
        '--from <when>',
        "start (required, except on a --bookmark's later runs): yyyy-mm-dd[ HH:mm[:ss]], ISO 8601 with an offset, now, today, yesterday or Nd (N days ago)",
      )
      .option('--to <when>', 'end, same forms; a date means the end of that day (default: now)')
      .option(
        '--status <a,b>',
        'only these call statuses, comma-separated (e.g. "ANSWERED,NO ANSWER")',
      )
      .option('--ref-id <id>', 'only the lead with this reference id', refIdArg)
      .addOption(
        new Option(
          '--format <format>',
          'output format (default: from -o, else table on a terminal, else json)',
        ).choices(REPORT_FORMATS),
      )
      .addOption(
        new Option(
          '--flatten <mode>',
          'CSV, xlsx and table: a row per attempt or per lead (default attempts)',
        ).choices(['attempts', 'leads'] as const satisfies readonly FlattenMode[]),
      )
      .option(
        '-o, --output <file>',
        'write to this file (complete or not at all); {from} {to} {date} are filled in',
      )
      .option('--bom', 'CSV: start with a UTF-8 byte order mark so Excel shows Vietnamese text')
      .option('--no-bom', 'CSV: no byte order mark, whatever config report.bom says')
      .option('--window-days <n>', 'days per request, 1-31 (default 31)', intArg(1, 31))
      .option(
        '--concurrency <n>',
        'requests in flight (default 4)',
        intArg(...OPTION_BOUNDS.reportConcurrency),
      )
      .option(
        '--tz <zone>',
        'your time zone: dates and now/today/yesterday/Nd are read in it (default: serviceTimezone)',
        timeZoneArg,
      )
      .option(
        '--bookmark <name>',
        'incremental: start where the last successful run of this bookmark ended (first run: --from)',
      )
      .option(
        '--settle <duration>',
        'with --bookmark: leave calls younger than this for the next run (default 1h; 90m, 0…)',
      )
      .option('--bookmarks', 'list the bookmarks (--format json for JSON) and exit')
      .option(
        '--bookmark-reset <name>',
        'forget a bookmark (give the --campaign, --status, --ref-id of its runs) and exit',
      )
      .option(
        '--summary',
        'statistics instead of records: statuses, answer rate, wait and talk time, per day and hour, compliance',
      )
      .option(
        '--fail-on-violations',
        'exit 6 when the compliance check finds calls outside its rules (with or without --summary)',
      )
      .addHelpText(
        'after',
        `
Examples:
  $ cacs report --campaign summer --from yesterday --to yesterday -o calls.csv
  $ cacs report --campaign summer --bookmark nightly -o "calls-{from}-{to}.csv"
  $ cacs report --campaign summer --from 2026-10-01 --to 2026-10-31 -o october.xlsx
  $ cacs report --campaign summer --from 90d --format ndjson | jq -r .phone_number
  $ cacs report --from 2026-10-01 --to 2026-10-31 --status "ANSWERED,NO ANSWER" --flatten leads
  $ cacs report --from today --ref-id KH-0042
  $ cacs report --from 7d --summary
  $ cacs report --from yesterday --to yesterday --summary --format json --fail-on-violations

Dates are wall-clock times in --tz (or carry an offset: 2026-11-23T10:00:00+01:00), converted
to the service's clock (config serviceTimezone, default Asia/Ho_Chi_Minh) and sent as
yyyy-mm-dd HH:mm:ss. Long ranges are split into windows of at most 31 days of the service's
calendar, fetched concurrently and merged by campaign_lead_id.

--summary prints statistics (a terminal view, or JSON with --format json or -o file.json) and
a compliance check: calls outside compliance.callHours (default 08:00-17:00), numbers called
more than compliance.maxCallsPer24h (default 1) times in 24 hours, calls to numbers on the
import.suppress lists. The defaults follow Decree 91/2020/ND-CP; they are settings.
Exit codes: 0 done, 2 bad flag or setting, 4 refused by the service, 6 violations found with
--fail-on-violations (after the output is written), 1 failure, 130 interrupted.

--bookmark <name> makes a report incremental: its first run needs --from; each later run starts
one second after the last successful one ended and ends at --to (default: now minus --settle),
so every call attempt is in exactly one run's output. The bookmark moves only once the report is
complete; a failed run leaves it, and the next run covers the missed time too. -o fills in
{from} and {to} (the range fetched, service clock, yyyymmdd-HHMMSS) and {date} (today in --tz).`,
      )
  );
}

/** The report's flags as commander parses them. */
export type ReportFlags = Flags<typeof defineReport>;

export function defineHistoryList(parent: CommandUnknownOpts) {
  return parent
    .command('list', { isDefault: true })
    .description('past imports, newest first (the default: cacs history)')
    .option('--campaign <key|alias>', 'only imports into this campaign')
    .option('--limit <n>', 'at most this many runs (default 20)', intArg(1, 1_000_000))
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
Exit codes: 0 none left uncertain, 5 some still uncertain, 2 bad flag or setting, 4 refused by
the service, 1 failure (nothing settled), 130 interrupted.`,
    );
}

export function defineConfigShow(parent: CommandUnknownOpts) {
  return parent
    .command('show')
    .description('print each effective setting and where it comes from (token masked)')
    .option('--json', 'print one JSON object on stdout: { settings, files, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}

export function defineConfigPath(parent: CommandUnknownOpts) {
  return parent
    .command('path')
    .description('print the config files in effect and where cacs looks for them');
}

export function defineConfigInit(parent: CommandUnknownOpts) {
  return parent
    .command('init')
    .description(
      'write a commented starter config (.cacsrc.yaml here, or --user for your user config); never overwrites',
    )
    .option('--user', "write to the user's config folder instead of the current directory");
}

export function defineEmulator(parent: CommandUnknownOpts) {
  return parent
    .command('emulator')
    .description('run a local, spec-faithful CACS service for trying cacs out and for tests')
    .option('--port <n>', 'port to listen on (0 = any free port)', intArg(0, 65535), 8787)
    .option('--host <addr>', 'address to listen on', '127.0.0.1')
    .option(
      '--token <token>',
      'the access_token the emulator accepts (a test value, not a secret)',
      'emulator-token',
    )
    .option(
      '--campaign <key[=name]>',
      'a campaign it knows (repeatable; default summer)',
      emulatorCampaignArg,
    )
    .option('--state <file>', 'keep leads in this JSON file across restarts')
    .option(
      '--latency <ms>',
      'answer every request this many ms after it arrived',
      intArg(0, 600_000),
      0,
    )
    .option(
      '--fail-rate <p>',
      'share of requests that fail (429, 503, dropped connections, answers lost after processing)',
      floatArg(0, 1),
      0,
    )
    .option('--seed <n>', 'seed for faults and synthetic call attempts', intArg(0, 2 ** 31), 1)
    .option(
      '--max-batch <n>',
      'answer HTTP 413 to imports with more leads than this',
      intArg(1, 10_000_000),
    )
    .option(
      '--phone-pattern <regex>',
      'stricter service-side phone rule (default ^0\\d{9}$)',
      regexArg,
    )
    .addOption(
      new Option('--message-style <style>', 'import success message form')
        .choices(['ratio', 'count'])
        .default('ratio'),
    )
    .addOption(
      new Option(
        '--attempts <style>',
        "report only attempts inside the window, or all of a lead's attempts",
      )
        .choices(['window', 'all'])
        .default('window'),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ cacs emulator
  $ CACS_BASE_URL=http://127.0.0.1:8787 CACS_ACCESS_TOKEN=emulator-token cacs import examples/leads.csv --campaign summer
  $ cacs emulator --port 0 --fail-rate 0.2 --seed 7 --state /tmp/cacs-emulator.json`,
    );
}
