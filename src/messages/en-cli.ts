/**
 * The English catalog, the CLI's part: what the command line says (help, summaries, progress,
 * warnings, hints, views) and its own wording of the library messages whose remedy is one of
 * its flags (`cli.words.*`, registered by src/cli/render/advice.ts). Flag and command names,
 * codes and JSON are never messages: they stay as they are in every language.
 */
export const enCli = {
  // ── the library's messages in the CLI's words (a remedy named by its flag) ─────────────
  'cli.words.import.rejects.overwritesInput':
    '--rejects would overwrite the file being imported ({file})',
  'cli.words.import.overwritesInput.hint':
    'Choose another file with --rejects, or rename the input.',
  'cli.words.import.row.uncertainEarlier':
    'sent {earlier}, but no definite answer came: cacs reconcile checks the campaign for it; resend it only if it is not there (--retry-uncertain)',
  'cli.words.reconcile.run.notFound': '--run: no run {run} in the history',
  'cli.words.reconcile.run.ambiguous': '--run: {run} matches {count} runs',
  'cli.words.reconcile.run.otherCampaign':
    '--run: run {run} imported into campaign {campaign} at {service}, not {asked} at {askedService}',
  'cli.words.reconcile.run.otherCampaign.hint':
    "Give --campaign {campaign} (and that service's address).",

  // ── any command: usage, internal errors ──────────────────────────────────────────────
  'cli.usage.seeHelp': 'Run {command} --help for usage.',
  'cli.usage.seeHelp.short': '(run {command} --help for usage)',
  'cli.usage.didYouMean': "error: unknown option '{flag}'\n(Did you mean {instead}?)",
  'cli.internal': 'internal error: {message}',
  'cli.internal.nonError': 'a non-Error value was thrown',
  'cli.internal.hint': 'Run again with --verbose for details, and report it if it persists.',

  // ── import: the outcome (stderr and --json's error) ──────────────────────────────────
  'cli.import.uncertain.one':
    '{count} lead may or may not have been imported (no definite answer came); they were not resent',
  'cli.import.uncertain.other':
    '{count} leads may or may not have been imported (no definite answer came); they were not resent',
  'cli.import.uncertain.hint':
    'Settle them with cacs reconcile (it looks for them in the campaign; list: {list}); rerun with --retry-uncertain only for those it does not find.',
  'cli.import.uncertain.noList': 'the uncertain file',
  'cli.import.fixRejects.hint': 'Fix the rows in {file} and import that file again.',
  'cli.import.rejected.one.service':
    'the row was rejected (the service refused the leads it was sent): nothing was imported',
  'cli.import.rejected.one.sent': 'the row was rejected: nothing was sent',
  'cli.import.rejected.one.dryRun': 'the row was rejected: nothing would be sent',
  'cli.import.rejected.all.service':
    'every row ({count}) was rejected (the service refused the leads it was sent): nothing was imported',
  'cli.import.rejected.all.sent': 'every row ({count}) was rejected: nothing was sent',
  'cli.import.rejected.all.dryRun': 'every row ({count}) was rejected: nothing would be sent',
  'cli.import.endedWith': 'the import ended with exit code {code}',
  'cli.import.part.rejected.one': '{count} row rejected',
  'cli.import.part.rejected.other': '{count} rows rejected',
  'cli.import.part.serviceSkipped.one': '{count} lead skipped by the service',
  'cli.import.part.serviceSkipped.other': '{count} leads skipped by the service',
  'cli.import.part.wouldSend.one': '{count} lead would be sent',
  'cli.import.part.wouldSend.other': '{count} leads would be sent',
  'cli.import.part.imported.one': '{count} lead imported',
  'cli.import.part.imported.other': '{count} leads imported',
  'cli.import.part.importedEarlier': '{count} imported earlier (not sent again)',
  'cli.import.part.byDesign': '{count} not sent by design',

  // ── history: the list, one run, the search ──────────────────────────────────────────
  'cli.history.none': 'no imports recorded in {stateDir}',
  'cli.history.head.run': 'run',
  'cli.history.head.started': 'started',
  'cli.history.head.file': 'file',
  'cli.history.head.campaign': 'campaign',
  'cli.history.head.rows': 'rows',
  'cli.history.head.imported': 'imported',
  'cli.history.head.rejected': 'rejected',
  'cli.history.head.skipped': 'skipped',
  'cli.history.head.uncertain': 'uncertain',
  'cli.history.head.exit': 'exit',
  'cli.history.aliasOf': '{alias} ({campaign})',
  'cli.history.show.run': 'run       {run}',
  'cli.history.show.started': 'started   {started}',
  'cli.history.show.startedEnded': 'started   {started}, ended {ended}',
  'cli.history.show.file': 'file      {file}',
  'cli.history.show.campaign': 'campaign  {campaign} at {service}',
  'cli.history.show.outcome': 'outcome   {outcome}',
  'cli.history.show.outcome.exit': 'exit {code}',
  'cli.history.show.outcome.none': 'running or stopped without a summary',
  'cli.history.show.rows':
    'rows      {total}: imported {imported}, rejected {rejected}, skipped {skipped}, uncertain {uncertain}',
  'cli.history.show.list.rejects': 'rejects   {file}',
  'cli.history.show.list.skipped': 'skipped   {file}',
  'cli.history.show.list.uncertain': 'uncertain {file}',
  'cli.history.show.list.gone.rejects': 'rejects   {file} (no longer there)',
  'cli.history.show.list.gone.skipped': 'skipped   {file} (no longer there)',
  'cli.history.show.list.gone.uncertain': 'uncertain {file} (no longer there)',
  'cli.history.show.uncertainLines': 'uncertain leads on lines: {lines}',
  'cli.history.find.none': 'no run recorded sending {query} (looked in {ledgers})',
  'cli.history.find.found':
    '{when}  {outcome}  campaign {campaign} at {service}  run {run} ({file})  [by {matched}]',
  'cli.history.find.found.noRun':
    '{when}  {outcome}  campaign {campaign} at {service}  run not in the history  [by {matched}]',

  // ── reconcile ───────────────────────────────────────────────────────────────────────
  'cli.reconcile.advice':
    'Run cacs reconcile again once the dialer has had time to call them; to send them again instead (only if you are sure they did not arrive): cacs import <file> --retry-uncertain.',
  'cli.reconcile.still.one': '{count} lead still uncertain: {why}',
  'cli.reconcile.still.other': '{count} leads still uncertain: {why}',
  'cli.reconcile.warn.one': '{count} lead still uncertain: {why}. {advice}',
  'cli.reconcile.warn.other': '{count} leads still uncertain: {why}. {advice}',
  'cli.reconcile.nothing':
    'no uncertain leads in campaign {campaign} (state folder {stateDir}): nothing to settle',
  'cli.reconcile.nothing.run':
    'no uncertain leads left by run {run} in campaign {campaign} (state folder {stateDir}): nothing to settle',
  'cli.reconcile.asked':
    'campaign {campaign}: {uncertain}; asked the service for its records from {from} to {to} (its clock; {requests}, {records})',
  'cli.reconcile.asked.run':
    'campaign {campaign}: {uncertain} left by run {run}; asked the service for its records from {from} to {to} (its clock; {requests}, {records})',
  'cli.reconcile.n.uncertain.one': '{count} uncertain lead',
  'cli.reconcile.n.uncertain.other': '{count} uncertain leads',
  'cli.reconcile.n.requests.one': '{count} request',
  'cli.reconcile.n.requests.other': '{count} requests',
  'cli.reconcile.n.records.one': '{count} record',
  'cli.reconcile.n.records.other': '{count} records',
  'cli.reconcile.settled':
    '  settled   {count}   found in the campaign: recorded as imported, never sent again',
  'cli.reconcile.uncertain': '  uncertain {count}   {why}',
  'cli.reconcile.run':
    '  run {run} ({file}, {started}): {settled} settled, {still} still uncertain',
  'cli.reconcile.run.list':
    '  run {run} ({file}, {started}): {settled} settled, {still} still uncertain; its list: {list}',
  'cli.reconcile.run.unknown':
    '  a run not in this history: {settled} settled, {still} still uncertain',
  'cli.reconcile.run.unknown.list':
    '  a run not in this history: {settled} settled, {still} still uncertain; its list: {list}',

  // ── emulator ────────────────────────────────────────────────────────────────────────
  'cli.emulator.portInUse': 'port {port} on {host} is already in use',
  'cli.emulator.portInUse.hint': 'Pick another with --port, or --port 0 for any free port.',
  'cli.emulator.started':
    'cacs emulator listening on {url}\n  access token: {token}   (a test value the emulator accepts)\n  campaigns:    {campaigns}\n\nTry, in another terminal:\n  export CACS_BASE_URL={url} CACS_ACCESS_TOKEN={token}\n  cacs import examples/leads.csv --campaign {campaign}\n  cacs report --campaign {campaign} --from today --to today\n\nPress Ctrl-C to stop.',
  'cli.emulator.campaign': '{key} ({name})',
  'cli.emulator.stopped': 'emulator stopped',

  // ── config: show, path, init ────────────────────────────────────────────────────────
  'cli.config.show.notSet': 'not set',
  'cli.config.show.noValue': '(not set)',
  'cli.config.path.none': 'no config file in effect',
  'cli.config.path.looksFor':
    'cacs looks for, in order of precedence:\n  project: package.json "cacs", .cacsrc, .cacsrc.{json,yaml,yml,js,cjs,mjs}, cacs.config.* — in {cwd} and each folder above it\n  user:    {user}\n  (--config <file> replaces both searches)',
  'cli.config.init.exists': '{file} already exists; cacs config init never overwrites a file',
  'cli.config.init.exists.hint': 'Edit it, or move it away first.',
  'cli.config.init.cannotWrite': 'cannot write {file} ({code})',
  'cli.config.init.cannotWrite.user.hint': 'Check that your config folder can be written.',
  'cli.config.init.cannotWrite.hint':
    'Run it in a folder you can write to, or use --user for your own config folder.',
  'cli.config.init.wrote':
    'wrote a starter config to {file} (mode 600): every setting in it is commented out; uncomment what you need (baseUrl, the token source, campaign aliases).',
  'cli.config.init.starter':
    "# cacs configuration (YAML). Precedence: flags > environment > profile > this file > user config.\n# Every setting below is commented out: this file changes nothing until you uncomment a line.\n# Keep this file private if it holds a token: chmod 600 <this file>\n\n# The service address given by your operator (or CACS_BASE_URL in the environment).\n# baseUrl: https://cacs.example.com\n\n# The access token: prefer a command that prints it (a password manager, a secrets store)\n# over writing it here. CACS_ACCESS_TOKEN in the environment also works.\n# accessTokenCommand: pass show cacs/token\n# accessToken: put-your-token-here\n\n# Campaign aliases (alias: the campaign key the service knows; keys are case-sensitive), and\n# the campaign used when --campaign is not given. With an alias, --campaign summer sends its key.\n# campaigns:\n#   summer: SUMMER2026\n# defaultCampaign: summer\n\n# The service's clock (it reads report dates and writes call times in it), and the zone you\n# give dates in (today, yesterday, 7d, dates without an offset; default: the service's).\n# serviceTimezone: Asia/Ho_Chi_Minh\n# timezone: Europe/Paris\n\n# Where cacs remembers what it sent (the campaign ledgers that keep a customer from being sent\n# twice, journals, history, bookmarks), relative to this file's folder. Pin it when cron or\n# another user runs cacs: by default it follows HOME. CACS_STATE_DIR overrides it.\n# stateDir: cacs-state\n\n# import:\n#   batchSize: 500\n#   concurrency: 2\n#   # Map lead fields to the column names of your files (beyond the built-in aliases).\n#   columns:\n#     ref_id: Customer Code\n#     field01: Product\n#   # A wider phone rule than the spec's 0 + 9 digits, if your operator accepts one.\n#   phonePattern: '^0\\d{9,10}$'\n#   # Your centre's own test numbers, refused like 0000000000 (phone_placeholder).\n#   placeholderNumbers: ['0911111222']\n#   # Do-not-call lists (CSV/.xlsx with a phone column, or one number per line), read relative\n#   # to this file's folder; their numbers are never sent. --suppress adds more.\n#   suppress:\n#     - dnc.csv\n\n# report:\n#   windowDays: 31\n#   concurrency: 4\n#   format: csv\n#   bom: true        # CSV for Excel: a UTF-8 byte order mark\n#   # An answer whose \"Have N records found\" disagrees with its records (asked twice):\n#   # error (exit 1, default) or warn (written as listed, for a service known to count otherwise).\n#   countMismatch: error\n#   # Statuses the summary (--summary) counts as answered.\n#   answeredStatuses: [ANSWERED]\n\n# The summary's compliance check (cacs report --summary, --fail-on-violations). The defaults\n# follow Vietnam's Decree 91/2020/ND-CP, art. 12 (advertising calls 08:00-17:00, at most one\n# call to a number per 24 hours); they are settings, not legal advice. Calls to numbers on the\n# import.suppress lists are counted too.\n# compliance:\n#   callHours: '08:00-17:00'\n#   maxCallsPer24h: 1\n\n# Named sets of the settings above, chosen with --profile or CACS_PROFILE.\n# profiles:\n#   staging:\n#     baseUrl: https://staging.cacs.example.com\n#     accessTokenCommand: pass show cacs/staging-token\n",

  // ── a campaign key read from an alias (a refusal's hint) ───────────────────────────
  'cli.campaign.givenByFlag': '--campaign {alias}',
  'cli.campaign.givenBy': 'campaign {alias} ({source})',
  'cli.campaign.fromConfiguration': 'the configuration',
  'cli.campaign.aliasNote': '{given} was read as {key}: the alias campaigns.{alias} in {source}',
  'cli.campaign.aliasNote.hint':
    "{note}. Check that key with the service's operator, or fix the alias (cacs config show lists them).",

  // ── import: the progress line (shorter forms for narrow terminals) ──────────────────
  'cli.progress.eta': 'ETA {eta}',
  'cli.progress.rate': '{rate} leads/s',
  'cli.progress.rejected': ' · {count} rejected',
  'cli.progress.waiting': ' · no answer for {duration}',
  'cli.progress.importing': 'Importing {counts} leads ({pct}) · {rate} · {eta}{more}',
  'cli.progress.checking': 'Checking every row: {rows} read…',
  'cli.progress.checking.short': 'Checking: {rows} read…',
  'cli.progress.checking.share': 'Checking every row: {rows} read ({pct} of {size}) · {eta}',
  'cli.progress.checking.share.short': 'Checking: {rows} read ({pct}) · {eta}',
  'cli.progress.checking.shareOnly': 'Checking: {pct} · {eta}',
  'cli.progress.reading': 'Reading {name}: {got} so far…',
  'cli.progress.reading.short': 'Reading: {got}…',
} as const;
