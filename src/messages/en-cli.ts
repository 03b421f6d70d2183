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
  'cli.words.import.rejects.isList.hint': 'Choose another file with --rejects.',
  'cli.words.import.sidecar.inStateFolder.hint':
    'Give --rejects <file> outside the state folder (or import a file kept outside it).',
  'cli.words.import.row.uncertainEarlier':
    'sent {earlier}, but no definite answer came: cacs reconcile checks the campaign for it; resend it only if it is not there (--retry-uncertain)',
  'cli.words.state.file.restarted':
    "--restart: what earlier runs of this file recorded is set aside ({aside}); leads the campaign's ledger holds are still not sent (--allow-repeat sends them)",
  'cli.words.state.file.restarted.repeat':
    "--restart: what earlier runs of this file recorded is set aside ({aside}), and leads the campaign's ledger says were imported are sent again (--allow-repeat)",
  'cli.words.state.pg.restarted.repeat':
    "--restart: what earlier runs of this file recorded is set aside, and leads the campaign's ledger says were imported are sent again (--allow-repeat)",
  'cli.words.state.pg.restarted':
    "--restart: what earlier runs of this file recorded is set aside; leads the campaign's ledger holds are still not sent (--allow-repeat sends them)",
  'cli.words.reconcile.run.notFound': '--run: no run {run} in the history',
  'cli.words.reconcile.run.ambiguous': '--run: {run} matches {count} runs',
  'cli.words.reconcile.run.otherCampaign':
    '--run: run {run} imported into campaign {campaign} at {service}, not {asked} at {askedService}',
  'cli.words.reconcile.run.otherCampaign.hint': 'Give --campaign {campaign}.',
  'cli.words.runs.hint': 'List runs with: cacs history',
  'cli.words.reconcile.run.otherService.hint':
    'Give --campaign {campaign} --base-url {service} (or the profile that has that address).',
  'cli.words.leads.sidecar.rejects.diskFull.hint':
    'Free some space or give --rejects <file> in a folder you can write to, then run the same command again (leads already imported are not sent twice).',
  'cli.words.leads.sidecar.rejects.notWritable.hint':
    'Make the folder writable, or give --rejects <file> in a folder you can write to.',
  'cli.words.leads.written.allKept.hint':
    'Move the lists you still need elsewhere, or give --rejects <file>.',
  'cli.words.config.baseUrl.missing.hint':
    'Give --base-url <url>, set {env}, or put baseUrl in a config file (cacs config init).',
  'cli.words.config.insecureHttp.hint':
    'Use https://, or pass --insecure-http (config allowInsecureHttp: true) if you really mean it.',
  'cli.words.config.campaign.missing.hint':
    'Give --campaign <key|alias>, set {env}, or put defaultCampaign in a config file.',
  'cli.words.config.campaign.empty.hint':
    'Give --campaign <key|alias> with the key the service operator gave you (or set {env}).',
  'cli.words.config.campaign.tooLong.hint':
    'Check --campaign, or the alias in campaigns: (known aliases: {aliases}).',
  'cli.words.api.campaign.refused.hint':
    'Check --campaign, CACS_CAMPAIGN or the campaigns aliases in your config; the key is case-sensitive.',
  'cli.words.input.invalidUtf8.hint':
    'Pass its encoding, e.g. --encoding windows-1258 (Vietnamese Windows) or --encoding windows-1252, or save it as UTF-8.',
  'cli.words.input.binary.hint':
    'If it is UTF-16 text without a byte order mark, pass --encoding utf-16le.',
  'cli.words.input.sheetNotXlsx': '--sheet: {file} is not an Excel (.xlsx) file',
  'cli.words.input.unknownEncoding': '--encoding {encoding}: unknown encoding',
  'cli.words.input.csv.width.hint':
    'Columns are split on {delimiter}; if that is wrong, pass --delimiter. Values containing {delimiter} must be quoted.',
  'cli.words.leads.reject.phone.oldMobile':
    'phone_number {shown} is an old 11-digit mobile number ({prefix} became {now} in 2018); import without --no-normalize to convert it',
  'cli.words.input.sheet.hint':
    'Pass --sheet with a sheet name, or its number (1 = the first sheet).',
  'cli.words.input.sheet.otherHasData':
    'Sheet "{name}" has data: pass --sheet "{name}" (or --sheet {n}).',
  'cli.words.input.sheet.othersHaveData':
    'Sheets {list} have data: pass --sheet with one of their names or numbers.',

  // ── any command: usage, internal errors ──────────────────────────────────────────────
  'cli.usage.seeHelp': 'Run {command} --help for usage.',
  'cli.usage.seeHelp.short': '(run {command} --help for usage)',
  'cli.usage.didYouMean': "error: unknown option '{flag}'\n(Did you mean {instead}?)",
  'cli.fs.denied': '{path}: this user may not read or write it (permission denied)',
  'cli.fs.denied.hint':
    'Give this user access to {path} (or run cacs as its owner), then run the same command.',
  'cli.fs.readOnly': '{path} is on a read-only file system',
  'cli.fs.full': '{path}: the disk is full',
  'cli.fs.failed': '{path}: {code}',
  'cli.fs.failed.hint': 'Check the disk and the folder, then run the same command.',
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
  'cli.history.none.campaign':
    'no import into campaign {campaign} recorded in {stateDir} (cacs history without --campaign lists the others)',
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
  'cli.history.head.operator': 'by',
  'cli.history.aliasOf': '{alias} ({campaign})',
  'cli.history.show.run': 'run       {run}',
  'cli.history.show.started': 'started   {started}',
  'cli.history.show.startedEnded': 'started   {started}, ended {ended}',
  'cli.history.show.file': 'file      {file}',
  'cli.history.show.campaign': 'campaign  {campaign} at {service}',
  'cli.history.show.outcome': 'outcome   {outcome}',
  'cli.history.show.outcome.exit': 'exit {code}',
  'cli.history.show.outcome.none': 'running or stopped without a summary',
  'cli.history.show.outcome.gone':
    'stopped without a summary: its process ({pid}) is gone (killed or crashed); run the same import again to resume it',
  'cli.history.show.serviceSkipped.one':
    '          {count} sent but not imported by the service (it holds that lead already)',
  'cli.history.show.serviceSkipped.other':
    '          {count} sent but not imported by the service (it holds those leads already)',
  'cli.history.show.uncertainEarlier.one':
    '          {count} not sent: an earlier run left it uncertain (cacs reconcile settles it)',
  'cli.history.show.uncertainEarlier.other':
    '          {count} not sent: earlier runs left them uncertain (cacs reconcile settles them)',
  'cli.history.show.notSent.one':
    '          {count} not sent: the run stopped before sending it; a later run of this import sends it',
  'cli.history.show.notSent.other':
    '          {count} not sent: the run stopped before sending them; a later run of this import sends them',
  'cli.history.show.blank.one': '          {count} blank row, skipped',
  'cli.history.show.blank.other': '          {count} blank rows, skipped',
  'cli.history.show.rows':
    // No-break spaces keep each count beside its word when the line wraps (history show).
    'rows      {total}: imported\u00a0{imported}, rejected\u00a0{rejected}, skipped\u00a0{skipped}, uncertain\u00a0{uncertain}',
  'cli.history.show.list.rejects': 'rejects   {file}',
  'cli.history.show.list.skipped': 'skipped   {file}',
  'cli.history.show.list.uncertain': 'uncertain {file}',
  'cli.history.show.list.gone.rejects': 'rejects   {file} (no longer there)',
  'cli.history.show.list.gone.skipped': 'skipped   {file} (no longer there)',
  'cli.history.show.list.gone.uncertain': 'uncertain {file} (no longer there)',
  'cli.history.show.uncertainLines': 'uncertain leads on lines: {lines}',
  'cli.history.find.erased':
    '{query} was erased on {when} (cacs forget): what the state held about it is gone, and it is never imported again',
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
  'cli.reconcile.nothing.db':
    'no uncertain leads in campaign {campaign} (state database {db}): nothing to settle',
  'cli.reconcile.nothing.run.db':
    'no uncertain leads left by run {run} in campaign {campaign} (state database {db}): nothing to settle',
  'cli.reconcile.nothing.run':
    'no uncertain leads left by run {run} in campaign {campaign} (state folder {stateDir}): nothing to settle',
  'cli.reconcile.runFlag': '--run: {message}',
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
    'cacs emulator listening on {url}\n  access token: {token}   (a test value the emulator accepts)\n  campaigns:    {campaigns}\n\nTry, in another terminal:\n  export CACS_BASE_URL={url} CACS_ACCESS_TOKEN={token}\n  cacs import leads.csv --campaign {campaign}\n  cacs report --campaign {campaign} --from today --to today\n\nPress Ctrl-C to stop.',
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

  // ── help: the program and the commands program.ts registers ─────────────────────────
  'cli.help.exitCodes': 'Exit codes:',
  'cli.help.program': 'Import leads into CACS call campaigns and export call results.',
  'cli.help.version': 'print the version',
  'cli.help.help': 'show help',
  'cli.help.program.after':
    '\nExamples:\n  $ cacs import leads.csv --campaign summer\n  $ cacs report --campaign summer --from 7d --to yesterday -o calls.csv\n  $ cacs reconcile --campaign summer\n  $ cacs config show\n  $ cacs emulator --port 8787\n\n{exitCodes}\n\nThe access token is never taken from the command line: set CACS_ACCESS_TOKEN, or accessToken / accessTokenCommand in a config file (see cacs config init).',
  'cli.help.history': 'list past imports, newest first; show one; find which runs sent a lead',
  'cli.help.history.list.after':
    "\nExamples:\n  $ cacs history\n  $ cacs history list --campaign summer --limit 5\n  $ cacs history --json | jq '.runs[0].exitCode'",
  'cli.help.history.show.after':
    '\nExamples:\n  $ cacs history show 3fa2c1        (the last 6 characters of a run id)\n  $ cacs history show r20261123-094512-3fa2c1 --json',
  'cli.help.history.find.after':
    '\nExamples:\n  $ cacs history find 0912345678\n  $ cacs history find "+84 912 345 678"        (the same number)\n  $ cacs history find KH-0042        (a ref_id)',
  'cli.help.config.show.after':
    '\nExamples:\n  $ cacs config show\n  $ cacs config show --json --pretty',
  'cli.help.config.path.after': '\nExamples:\n  $ cacs config path',
  'cli.help.config.init.after':
    '\nExamples:\n  $ cacs config init        (.cacsrc.yaml in this folder)\n  $ cacs config init --user        (in your user config folder)',
  'cli.help.state.status.after':
    '\nExamples:\n  $ cacs state status\n  $ CACS_STATE_DIR=/srv/cacs/state cacs state status --json',
  'cli.help.state.migrate.after':
    '\nExamples:\n  $ cacs state migrate --to postgres://cacs@db.local/cacs\n  $ cacs state migrate /home/an/.local/state/cacs --to postgres://cacs@db.local/cacs',
  'cli.help.state.prune.after':
    '\nExamples:\n  $ cacs state prune --dry-run        (with state.retentionDays set)\n  $ cacs state prune',
  'cli.help.history.after':
    '\nExamples:\n  $ cacs history --campaign summer --limit 5\n  $ cacs history show r20261123-094512-3fa2c1\n  $ cacs history find 0912345678        (or a ref_id)',
  'cli.help.config': 'show, locate or create settings',
  'cli.help.config.after':
    '\nExamples:\n  $ cacs config show --json\n  $ cacs config path\n  $ cacs config init',
  'cli.help.completion': 'print a shell completion script (bash, zsh or fish)',
  'cli.help.completion.shell': 'bash, zsh or fish',
  'cli.help.completion.after':
    '\nInstall:\n  bash  cacs completion bash > ~/.local/share/bash-completion/completions/cacs\n  zsh   cacs completion zsh > "${fpath[1]}/_cacs"      (then restart zsh)\n  fish  cacs completion fish > ~/.config/fish/completions/cacs.fish',
  'cli.help.complete.kind': 'campaigns, profiles or statuses',

  // ── help: flags several commands share ─────────────────────────────────────────────
  'cli.help.pretty': 'with --json: the JSON indented on several lines (default: one line)',
  'cli.help.campaign': 'campaign key or alias (env CACS_CAMPAIGN, config defaultCampaign)',
  'cli.help.concurrency': 'requests in flight (default {default})',

  // ── help: cacs config (commands/config-flags.ts) ──────────────────────────────────────
  'cli.help.config.init':
    'write a commented starter config (.cacsrc.yaml here, or --user for your user config); never overwrites',
  'cli.help.config.init.user': "write to the user's config folder instead of the current directory",
  'cli.help.config.path': 'print the config files in effect and where cacs looks for them',
  'cli.help.config.show': 'print each effective setting and where it comes from (token masked)',
  'cli.help.config.show.json':
    'print one JSON object on stdout: { settings, files, exitCode, error }',

  // ── help: cacs history (commands/history-flags.ts) ────────────────────────────────────
  'cli.help.history.find':
    'which runs sent a lead (by phone number or ref_id), where, when, with what outcome',
  'cli.help.history.find.query': 'a phone number in any written form, or a ref_id',
  'cli.help.history.find.json':
    'print one JSON object on stdout: { query, found, erased, exitCode, error }',
  'cli.help.history.show': 'one run: counts, sidecar files, the lines of its uncertain leads',
  'cli.help.history.show.run':
    'a run id from cacs history (a unique prefix, or its last 6 characters as cacs history shows them, is enough)',
  'cli.help.history.show.json': 'print one JSON object on stdout: { run, exitCode, error }',
  'cli.help.history.list': 'past imports, newest first (the default: cacs history)',
  'cli.help.history.list.campaign': 'only imports into this campaign',
  'cli.help.history.list.limit': 'at most this many runs (default {default})',
  'cli.help.history.list.json': 'print one JSON object on stdout: { runs, exitCode, error }',

  // ── help: cacs reconcile (commands/reconcile-flags.ts) ────────────────────────────────
  'cli.help.reconcile':
    "settle uncertain leads against the service's records: found ones count as imported, the rest stay uncertain",
  'cli.help.reconcile.run':
    "only the leads this run left uncertain (an id from cacs history, or its last 6 characters; with no campaign set, the run's own)",
  'cli.help.reconcile.after':
    "\nExamples:\n  $ cacs reconcile --campaign summer\n  $ cacs reconcile --campaign summer --run r20261123-094512-3fa2c1\n  $ cacs reconcile --campaign summer --json | jq .stillUncertain\n\nA lead is uncertain when its batch was sent but no definite answer came (a timeout, a lost connection, a crash). reconcile asks the report endpoint for the campaign's records since the first such batch was sent, one day per request, and looks each uncertain lead up by its phone number. Leads found are recorded as imported: a rerun of the import does not send them, with or without --retry-uncertain. The others stay uncertain: a lead shows in reports only once called, so run reconcile again later. reconcile never sends a lead, and does not run while an import into the campaign does (the same lock). Each run's uncertain list (cacs history show <run>) names the leads; the output names runs and counts only.\n{exitCodes}",
  'cli.help.reconcile.json':
    'print one JSON object on stdout: counts, range, per run (no phone numbers); exitCode, error',

  // ── help: cacs emulator (commands/emulator-flags.ts) ──────────────────────────────────
  'cli.help.emulator.attempts':
    "report only attempts inside the window, or all of a lead's attempts",
  'cli.help.emulator.messageStyle': 'import success message form',
  'cli.help.emulator': 'run a local, spec-faithful CACS service for trying cacs out and for tests',
  'cli.help.emulator.port': 'port to listen on (0 = any free port)',
  'cli.help.emulator.host': 'address to listen on',
  'cli.help.emulator.token': 'the access_token the emulator accepts (a test value, not a secret)',
  'cli.help.emulator.campaign': 'a campaign it knows (repeatable; default {default})',
  'cli.help.emulator.state': 'keep leads in this JSON file across restarts',
  'cli.help.emulator.latency': 'answer every request this many ms after it arrived',
  'cli.help.emulator.failRate':
    'share of requests that fail (429, 503, dropped connections, answers lost after processing)',
  'cli.help.emulator.seed': 'seed for faults and synthetic call attempts',
  'cli.help.emulator.maxBatch': 'answer HTTP 413 to imports with more leads than this',
  'cli.help.emulator.phonePattern': 'stricter service-side phone rule (default {default})',
  'cli.help.emulator.after':
    '\nExamples:\n  $ cacs emulator\n  $ CACS_BASE_URL=http://127.0.0.1:8787 CACS_ACCESS_TOKEN=emulator-token cacs import leads.csv --campaign summer\n  $ cacs emulator --port 0 --fail-rate 0.2 --seed 7 --state /tmp/cacs-emulator.json',

  // ── help: cacs import (commands/import-flags.ts) ──────────────────────────────────────
  'cli.help.import.retryUncertain':
    'resend leads an earlier run left uncertain (settle them with cacs reconcile first)',
  'cli.help.import.format': 'input format (default: from the contents and extension; stdin: csv)',
  'cli.help.import': 'check a lead file row by row, then import its leads into a campaign',
  'cli.help.import.file': 'CSV, Excel .xlsx, JSON or NDJSON lead file; - reads stdin',
  'cli.help.import.delimiter': 'CSV delimiter: , ; tab | (default: detected)',
  'cli.help.import.encoding': 'text encoding, e.g. windows-1258 (default: BOM, else UTF-8)',
  'cli.help.import.sheet': 'Excel: the sheet to read, by name or number (default: the first)',
  'cli.help.import.map': 'map a lead field to a column (repeatable)',
  'cli.help.import.ignoreUnmapped': 'ignore columns that match no lead field instead of stopping',
  'cli.help.import.suppress':
    'do-not-call list (CSV, .xlsx or one number per line): its numbers are never sent (repeatable; adds to config import.suppress)',
  'cli.help.import.batchSize': 'leads per request (default {default})',
  'cli.help.import.dryRun': 'check and count everything, send nothing',
  'cli.help.import.rejects':
    'where to write rejected rows (default <input file name>.rejects.csv beside the input)',
  'cli.help.import.noDedupe': 'keep rows whose phone number appeared earlier in the file',
  'cli.help.import.noNormalize': 'send values exactly as read (no trimming, no phone clean-up)',
  'cli.help.import.after':
    '\nExamples:\n  $ cacs import leads.csv --campaign summer\n  $ cacs import leads.csv --campaign summer --dry-run\n  $ cacs import "Danh sách KH.xlsx" --sheet 2 --campaign summer\n  $ cacs import export.txt --delimiter tab --encoding utf-16le --map ref_id="Mã KH"\n  $ cacs import leads.csv --campaign summer --suppress dnc.csv --suppress dnc-national.txt\n  $ other-system --export | cacs import - --campaign summer --json\n\nEvery row is checked before anything is sent. Rows to fix go to <input file name>.rejects.csv beside the input (fix them and import that file again); rows not sent by design (duplicates, numbers on a do-not-call list, leads the campaign already has) go to <input file name>.skipped.csv. A do-not-call list that cannot be read stops the import (exit 2). A rerun resumes where the last one stopped, and a lead the campaign already has is never sent again (cacs history find <phone> says when it was). {exitCodes}',
  'cli.help.import.restart':
    "set aside this file's journal (not the campaign's ledger) and start the file afresh",
  'cli.help.import.allowRepeat':
    'send leads the campaign already has from earlier runs (held back by default)',
  'cli.help.import.json':
    'print the summary as one JSON object on stdout (on failure too: exitCode and error)',

  // ── help: cacs report (commands/report-flags.ts) ──────────────────────────────────────
  'cli.help.report.flatten':
    'CSV, xlsx and table: a row per attempt or per lead (default {default})',
  'cli.help.report.format': 'output format (default: from -o, else table on a terminal, else json)',
  'cli.help.report':
    'fetch call results for a date range as CSV, JSON, NDJSON, xlsx, a table or an HTML page',
  'cli.help.report.from':
    "start (required, except on a --bookmark's later runs): yyyy-mm-dd or dd/mm/yyyy, either with HH:mm[:ss], ISO 8601 with an offset, now, today, yesterday or Nd (N days ago)",
  'cli.help.report.to': 'end, same forms; a date means the end of that day (default: now)',
  'cli.help.report.status': 'only these call statuses, comma-separated (e.g. "ANSWERED,NO ANSWER")',
  'cli.help.report.refId': 'only the lead with this reference id',
  'cli.help.report.output':
    'write to this file (complete or not at all); {from} {to} {date} are filled in; - is stdout',
  'cli.help.report.bom': 'CSV: start with a UTF-8 byte order mark so Excel shows Vietnamese text',
  'cli.help.report.noBom': 'CSV: no byte order mark, whatever config report.bom says',
  'cli.help.report.windowDays': 'days per request, {range} (default {default})',
  'cli.help.report.tz':
    'your time zone: dates and now/today/yesterday/Nd are read in it (default: serviceTimezone)',
  'cli.help.report.bookmark':
    'incremental: start where the last successful run of this bookmark ended (first run: --from)',
  'cli.help.report.settle':
    'with --bookmark: leave calls younger than this for the next run (default {default}; 90m, 0…)',
  'cli.help.report.bookmarks': 'list the bookmarks (--format json for JSON) and exit',
  'cli.help.report.after':
    '\nExamples:\n  $ cacs report --campaign summer --from yesterday --to yesterday -o calls.csv\n  $ cacs report --campaign summer --bookmark nightly -o "calls-{from}-{to}.csv"\n  $ cacs report --campaign summer --from 2026-10-01 --to 2026-10-31 -o october.xlsx\n  $ cacs report --campaign summer --from 90d --format ndjson | jq -r .phone_number\n  $ cacs report --from 2026-10-01 --to 2026-10-31 --status "ANSWERED,NO ANSWER" --flatten leads\n  $ cacs report --from today --ref-id KH-0042\n  $ cacs report --from 7d --summary\n  $ cacs report --from yesterday --to yesterday --summary --format json --fail-on-violations\n\nDates are wall-clock times in --tz (or carry an offset: 2026-11-23T10:00:00+01:00), converted to the service\'s clock (config serviceTimezone, default {serviceTimezone}) and sent as yyyy-mm-dd HH:mm:ss. Long ranges are split into windows of at most 31 days of the service\'s calendar, fetched concurrently and merged by campaign_lead_id.\n\n--summary prints statistics (a terminal view, or JSON with --format json or -o file.json) and a compliance check: calls outside compliance.callHours (default {callHours}), numbers called more than compliance.maxCallsPer24h (default {maxCallsPer24h}) times in 24 hours, calls to numbers on the import.suppress lists. The defaults follow Decree 91/2020/ND-CP; they are settings.\n{exitCodes}\n\n--bookmark <name> makes a report incremental: its first run needs --from; each later run starts one second after the last successful one ended and ends at --to (default: now minus --settle), so every call attempt is in exactly one run\'s output. The bookmark moves only once the report is complete; a failed run leaves it, and the next run covers the missed time too. -o fills in {from} and {to} (the range fetched, service clock, yyyymmdd-HHMMSS) and {date} (today in --tz).',
  'cli.help.report.bookmarkReset':
    'forget a bookmark (give the --campaign, --status, --ref-id of its runs) and exit',
  'cli.help.report.summary':
    'statistics instead of records: statuses, answer rate, wait and talk time, per day and hour, compliance',
  'cli.help.report.failOnViolations':
    'exit 6 when the compliance check finds calls outside its rules (with or without --summary)',

  // ── completion: what a completed value is (shown beside it by zsh and fish) ─────────
  // ── cacs state (issue 24) ──────────────────────────────────────────────────────────
  'cli.help.state': 'where state lives and what it holds; copy a state folder into PostgreSQL',
  'cli.help.state.after':
    '\nExamples:\n  $ cacs state status\n  $ cacs state migrate --to postgres://cacs@db.local/cacs\n  $ cacs state prune --dry-run',
  'cli.help.state.status':
    'where state lives (folder or PostgreSQL), its schema version, what it holds',
  'cli.help.state.status.json': 'print one JSON object on stdout: { status, exitCode, error }',
  'cli.help.state.migrate':
    "copy this machine's state folder (ledgers, history, unfinished journals) into PostgreSQL",
  'cli.help.state.migrate.to': 'the database: postgres://user@host:5432/db (libpq form)',
  'cli.help.state.migrate.json': 'print one JSON object on stdout: { migrated, exitCode, error }',
  'cli.state.store.files': 'store:     files',
  'cli.state.store.postgres': 'store:     PostgreSQL',
  'cli.state.location': 'location:  {location}',
  'cli.state.schema': 'schema:    version {version} (this cacs knows {known})',
  'cli.state.ledgers': 'ledgers:   {ledgers} ({records} records)',
  'cli.state.runs': 'runs:      {runs}',
  'cli.state.journals': 'journals:  {journals}',
  'cli.state.bookmarks': 'bookmarks: {bookmarks}',
  'cli.state.migrated.from': 'copied from {from} into {to}:',
  'cli.state.migrated.ledger': '  ledger {campaign} at {serviceUrl}: {copied} records copied',
  'cli.state.migrated.ledger.already':
    '  ledger {campaign} at {serviceUrl}: {copied} records copied, {already} already there',
  'cli.state.migrated.noLedgers': '  no ledgers',
  'cli.state.migrated.runs.one': '  history: {count} run copied',
  'cli.state.migrated.runs.other': '  history: {count} runs copied',
  'cli.state.migrated.runsAlready.one': '  history: {count} run copied, {already} already there',
  'cli.state.migrated.runsAlready.other': '  history: {count} runs copied, {already} already there',
  'cli.state.migrated.journals': '  journals: {copied} unfinished copied{finished}',
  'cli.state.migrated.journals.already':
    '  journals: {copied} unfinished copied, {already} already there{finished}',
  'cli.state.migrated.journals.finished': '; {finished} finished, not needed',
  'cli.state.migrated.bookmarks':
    '  bookmarks: {bookmarks} stay in {from} (read there by both stores)',
  'cli.state.migrated.untouched': 'the folder {from} is left as it was',

  'cli.completion.campaigns': 'campaign alias',
  'cli.completion.profiles': 'profile',
  'cli.completion.statuses': 'status seen in a report',
  'cli.completion.statuses.zsh': 'call status',

  // ── language (issue 27): the --lang flag, labels, and commander's own words ──────────
  'cli.help.lang':
    'language of messages and help (default: config language, else LC_ALL, LC_MESSAGES or LANG)',
  'cli.help.helpCommand': 'display help for command',
  'cli.label.error': 'error:',
  'cli.stdout.failed': 'could not write to stdout ({reason})',
  'cli.stdout.failed.hint':
    'What was printed is incomplete. Check where the output goes (a full disk, a device), then run again.',
  'cli.stdout.failed.kept':
    "could not write to stdout ({reason}): what was printed there is incomplete; the exit code ({code}) is the command's own",
  'cli.label.warning': 'warning:',
  'cli.commander.usage': 'Usage:',
  'cli.commander.options': 'Options:',
  'cli.commander.globalOptions': 'Global Options:',
  'cli.commander.commands': 'Commands:',
  'cli.commander.arguments': 'Arguments:',
  'cli.commander.choices': 'choices: {choices}',
  'cli.commander.default': 'default: {value}',
  'cli.commander.unknownOption': "error: unknown option '{flag}'",
  'cli.commander.unknownCommand': "error: unknown command '{command}'",
  'cli.commander.didYouMean': '(Did you mean {suggestion}?)',
  'cli.commander.didYouMeanOneOf': '(Did you mean one of {suggestions}?)',
  'cli.commander.missingArgument': "error: missing required argument '{name}'",
  'cli.commander.optionMissingArgument': "error: option '{flags}' argument missing",
  'cli.commander.requiredOption': "error: required option '{flags}' not specified",
  'cli.commander.conflictingOption': 'error: {option} cannot be used with {other}',
  'cli.commander.tooManyArguments': 'error: too many arguments. Expected {expected} but got {got}.',
  'cli.commander.tooManyArguments.for':
    "error: too many arguments for '{command}'. Expected {expected} but got {got}.",
  'cli.commander.invalidOption': "error: option '{flags}' argument '{value}' is invalid.",
  'cli.commander.invalidArgument':
    "error: command-argument value '{value}' is invalid for argument '{name}'.",
  'cli.commander.allowedChoices': 'Allowed choices are {choices}.',
  // The report's xlsx sheet names (report/write.ts): read by a person, so in the language.
  'report.xlsx.sheet.attempts': 'Attempts',
  'report.xlsx.sheet.leads': 'Leads',
} as const;
