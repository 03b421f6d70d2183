/**
 * English messages of the command line's own files (src/cli/: client, flags, flag values, main,
 * the report bookmark flags). Spread into the catalog by en-catalog.ts.
 */
export const enCatalogCli = {
  'cli.client.proxy': 'using the proxy {proxy} for {host}',

  // ── the global flags' help ───────────────────────────────────────────────────────────
  'cli.help.global.baseUrl': 'service address (env CACS_BASE_URL, config baseUrl)',
  'cli.help.global.profile': 'use a profile from the config (env CACS_PROFILE)',
  'cli.help.global.config': 'read settings from this file instead of searching',
  'cli.help.global.timeout': 'per-request timeout in milliseconds (default {default})',
  'cli.help.global.quiet': 'no progress or summary on stderr; errors and warnings only',
  'cli.help.global.verbose': 'trace HTTP requests on stderr (token masked), stack traces on errors',
  'cli.help.global.noColor': 'no colours (NO_COLOR is honoured too)',
  'cli.help.global.insecureHttp': 'allow plain http:// to a non-loopback host',

  // ── a flag's value refused (commander prints "… is invalid. <reason>") ────────────────
  'cli.flagValue.wholeNumber': 'expected a whole number from {min} to {max}.',
  'cli.flagValue.number': 'expected a number from {min} to {max}.',
  'cli.flagValue.refId': "at most {max} characters (the service's limit)",
  'cli.flagValue.timeZone': 'unknown time zone',
  'cli.flagValue.regex': 'not a valid regular expression: {reason}',
  'cli.flagValue.campaignKey': 'a campaign key is 1 to {max} characters',

  // ── start and stop ───────────────────────────────────────────────────────────────────
  'cli.tokenFileReadable':
    '{file} holds an access token and other users can read it; run: chmod 600 {file}',
  'cli.stoppedAtOnce': '{signal} again: stopping now; {what}',
  'cli.stoppedAtOnce.import':
    'batches in flight are left uncertain: the same import run again says which and sends the rest, and cacs reconcile settles them',
  'cli.stoppedAtOnce.report': 'no report was written',
  'cli.stoppedAtOnce.reconcile': 'nothing was settled (the ledger is unchanged)',
  'cli.stoppedAtOnce.emulator': 'the emulator is stopped',
  'cli.stoppedAtOnce.other': 'nothing more is done',

  // ── cacs report --bookmark, --bookmarks, --bookmark-reset ────────────────────────────
  'cli.bookmark.listAndReset': '--bookmarks and --bookmark-reset: give one of them',
  'cli.bookmark.fetchesNoReport': '{flag} fetches no report: leave out {extra}',
  'cli.bookmark.list.hint': 'cacs report --bookmarks [--campaign <c>] [--format json] lists them.',
  'cli.bookmark.reset.hint':
    'cacs report --bookmark-reset <name> [--campaign <c>] [--status …] [--ref-id …] forgets one.',
  'cli.bookmark.list.format': '--bookmarks lists as a table or JSON, not {format}',
  'cli.bookmark.list.format.hint': 'Give --format json, or leave out --format.',
  'cli.bookmark.settleAlone': '--settle is for incremental reports: give --bookmark <name> too',
  'cli.bookmark.settleAlone.hint':
    'Without a bookmark, --to says where a report ends (default: now).',
  'cli.bookmark.settleAndTo': '--settle and --to: give one of them',
  'cli.bookmark.settleAndTo.hint':
    '--to ends the report where you say; without it a bookmarked report ends at now minus --settle (default {settle}).',
  'cli.bookmarks.head.name': 'NAME',
  'cli.bookmarks.head.campaign': 'CAMPAIGN',
  'cli.bookmarks.head.filters': 'FILTERS',
  'cli.bookmarks.head.coveredUntil': 'COVERED UNTIL',
  'cli.bookmarks.head.lastRun': 'LAST RUN',
  'cli.bookmarks.head.runs': 'RUNS',
  'cli.bookmarks.head.service': 'SERVICE',
  'cli.bookmarks.footer.one':
    "{count} bookmark in {stateDir}; COVERED UNTIL is the service's clock ({zones}), LAST RUN is {timezone}",
  'cli.bookmarks.footer.other':
    "{count} bookmarks in {stateDir}; COVERED UNTIL is the service's clock ({zones}), LAST RUN is {timezone}",
  'cli.bookmarks.footerCovered.one':
    "{count} bookmark in {stateDir}; COVERED UNTIL is the service's clock ({zones})",
  'cli.bookmarks.footerCovered.other':
    "{count} bookmarks in {stateDir}; COVERED UNTIL is the service's clock ({zones})",
  'cli.bookmarks.none': 'no bookmarks in {stateDir}',
  'cli.bookmarks.none.campaign': 'no bookmarks for campaign {campaign} in {stateDir}',
  'cli.bookmark.forgot.unreadable':
    'forgot bookmark {name} ({key}): its file {file} could not be read ({reason}) and is removed; its next run needs --from',
  'cli.bookmark.forgot.one':
    'forgot bookmark {name} ({key}): it covered {from} → {until} (service clock, {zone}) in {count} run, the last at {last} {timezone}; its next run needs --from',
  'cli.bookmark.forgot.other':
    'forgot bookmark {name} ({key}): it covered {from} → {until} (service clock, {zone}) in {count} runs, the last at {last} {timezone}; its next run needs --from',
} as const;
