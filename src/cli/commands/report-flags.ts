/**
 * `cacs report`: its flags and help, declared beside its run function (report.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import {
  t,
  OPTION_BOUNDS,
  REPORT_FORMATS,
  defaultText,
  exitCodesSentence,
  type FlattenMode,
} from '../../index.js';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { collect, delimiterArg, intArg, refIdArg, timeZoneArg } from '../flag-values.js';
import { EXIT_CODES_MARK, withExitCodes } from '../help-text.js';
import type { Flags } from '../flags.js';

export function defineReport(parent: CommandUnknownOpts) {
  return (
    parent
      .command('report')
      .description(t('cli.help.report'))
      // A stray argument is most often the time of an unquoted date (--from 2026-11-23 10:00):
      // the command says so (report.ts) rather than commander's "too many arguments".
      .allowExcessArguments()
      .option('--campaign <key|alias>', t('cli.help.campaign'))
      .option('--from <when>', t('cli.help.report.from'))
      .option('--to <when>', t('cli.help.report.to'))
      .option('--status <a,b>', t('cli.help.report.status'))
      .option('--ref-id <id>', t('cli.help.report.refId'), refIdArg)
      .addOption(
        new Option('--format <format>', t('cli.help.report.format')).choices(REPORT_FORMATS),
      )
      .addOption(
        new Option(
          '--flatten <mode>',
          t('cli.help.report.flatten', { default: defaultText('report.flatten') }),
        ).choices(['attempts', 'leads'] as const satisfies readonly FlattenMode[]),
      )
      .option(
        '-o, --output <file>',
        t('cli.help.report.output', { from: '{from}', to: '{to}', date: '{date}' }),
      )
      .option('--bom', t('cli.help.report.bom'))
      .option('--no-bom', t('cli.help.report.noBom'))
      .option(
        '--window-days <n>',
        t('cli.help.report.windowDays', {
          range: OPTION_BOUNDS.windowDays.join('-'),
          default: defaultText('report.windowDays'),
        }),
        intArg(...OPTION_BOUNDS.windowDays),
      )
      .option(
        '--concurrency <n>',
        t('cli.help.concurrency', { default: defaultText('report.concurrency') }),
        intArg(...OPTION_BOUNDS.reportConcurrency),
      )
      .option('--tz <zone>', t('cli.help.report.tz'), timeZoneArg)
      .option('--bookmark <name>', t('cli.help.report.bookmark'))
      .option(
        '--settle <duration>',
        t('cli.help.report.settle', { default: defaultText('settle') }),
      )
      .option('--bookmarks', t('cli.help.report.bookmarks'))
      .option('--bookmark-reset <name>', t('cli.help.report.bookmarkReset'))
      .option('--summary', t('cli.help.report.summary'))
      .option('--fail-on-violations', t('cli.help.report.failOnViolations'))
      // Outcomes back to the operator (issue 25): --join, --recycle and what they read.
      .option('--join <lead file>', t('cli.outcomes.help.join'))
      .option('--recycle', t('cli.outcomes.help.recycle'))
      .option('--max-attempts <n>', t('cli.outcomes.help.maxAttempts'), intArg(1, 1_000_000))
      .option('--min-gap <duration>', t('cli.outcomes.help.minGap'))
      .option('--sheet <name|n>', t('cli.outcomes.help.sheet'))
      .option('--delimiter <c>', t('cli.outcomes.help.delimiter'), delimiterArg)
      .option('--encoding <name>', t('cli.outcomes.help.encoding'))
      .option('--map <field=Column>', t('cli.outcomes.help.map'), collect)
      .option('--suppress <file>', t('cli.outcomes.help.suppress'), collect)
      .option('--html <page.html>', t('cli.outcomes.help.html'))
      .addHelpText(
        'after',
        withExitCodes(
          t('cli.help.report.after', {
            serviceTimezone: defaultText('serviceTimezone'),
            callHours: defaultText('compliance.callHours'),
            maxCallsPer24h: defaultText('compliance.maxCallsPer24h'),
            from: '{from}',
            to: '{to}',
            date: '{date}',
            exitCodes: EXIT_CODES_MARK,
          }),
          exitCodesSentence('report'),
        ),
      )
  );
}

/** The flags as commander parses them. */
export type ReportFlags = Flags<typeof defineReport>;
