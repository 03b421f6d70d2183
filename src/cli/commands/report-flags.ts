/**
 * `cacs report`: its flags and help, declared beside its run function (report.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { defaultText } from '../../defaults.js';
import { exitCodesSentence } from '../../errors.js';
import { OPTION_BOUNDS } from '../../options.js';
import { REPORT_FORMATS, type FlattenMode } from '../../report/formats.js';
import { intArg, refIdArg, timeZoneArg } from '../flag-values.js';
import { continueLine } from '../help-text.js';
import type { Flags } from '../flags.js';

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
          `CSV, xlsx and table: a row per attempt or per lead (default ${defaultText('report.flatten')})`,
        ).choices(['attempts', 'leads'] as const satisfies readonly FlattenMode[]),
      )
      .option(
        '-o, --output <file>',
        'write to this file (complete or not at all); {from} {to} {date} are filled in',
      )
      .option('--bom', 'CSV: start with a UTF-8 byte order mark so Excel shows Vietnamese text')
      .option('--no-bom', 'CSV: no byte order mark, whatever config report.bom says')
      .option(
        '--window-days <n>',
        `days per request, ${OPTION_BOUNDS.windowDays.join('-')} (default ${defaultText('report.windowDays')})`,
        intArg(...OPTION_BOUNDS.windowDays),
      )
      .option(
        '--concurrency <n>',
        `requests in flight (default ${defaultText('report.concurrency')})`,
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
        `with --bookmark: leave calls younger than this for the next run (default ${defaultText('settle')}; 90m, 0…)`,
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
to the service's clock (config serviceTimezone, default ${defaultText('serviceTimezone')}) and sent as
yyyy-mm-dd HH:mm:ss. Long ranges are split into windows of at most 31 days of the service's
calendar, fetched concurrently and merged by campaign_lead_id.

--summary prints statistics (a terminal view, or JSON with --format json or -o file.json) and
a compliance check: calls outside compliance.callHours (default ${defaultText('compliance.callHours')}), numbers called
more than compliance.maxCallsPer24h (default ${defaultText('compliance.maxCallsPer24h')}) times in 24 hours, calls to numbers on the
import.suppress lists. The defaults follow Decree 91/2020/ND-CP; they are settings.
${continueLine('', exitCodesSentence('report'))}

--bookmark <name> makes a report incremental: its first run needs --from; each later run starts
one second after the last successful one ended and ends at --to (default: now minus --settle),
so every call attempt is in exactly one run's output. The bookmark moves only once the report is
complete; a failed run leaves it, and the next run covers the missed time too. -o fills in
{from} and {to} (the range fetched, service clock, yyyymmdd-HHMMSS) and {date} (today in --tz).`,
      )
  );
}

/** The flags as commander parses them. */
export type ReportFlags = Flags<typeof defineReport>;
