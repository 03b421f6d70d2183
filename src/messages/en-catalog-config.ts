/**
 * English messages of the settings (src/config/: the schema's checks, the token, config files).
 * Spread into the catalog by en-catalog.ts; none names a command-line flag.
 */
export const enCatalogConfig = {
  // ── schema.ts: a value a key does not take ───────────────────────────────────────────
  'config.value.got': '{what}, got {value}',
  'config.value.aList': 'a list',
  'config.value.nonEmpty': 'expected a non-empty string',
  'config.value.tooLong': 'must be at most {max} characters',
  'config.value.wholeNumber': 'expected a whole number from {min} to {max}',
  'config.value.atLeast': 'expected a whole number of at least {min}',
  'config.value.boolean': 'expected true or false',
  'config.value.oneOf': 'expected one of {values}',
  'config.value.notUrl': 'not a URL: {value}',
  'config.value.notHttp': 'must be an http:// or https:// URL',
  'config.value.timeZone': 'unknown time zone {zone}',
  'config.value.regex': 'not a valid regular expression: {reason}',
  'config.value.size': 'expected a size in bytes such as 1073741824, "1GiB" or "500MB"',
  'config.value.callHours':
    'expected hours as HH:mm-HH:mm with the start before the end (such as 08:00-17:00), got {value}',
  'config.value.statuses': 'expected a list of call statuses',
  'config.value.status.text': 'expected a call status as text',
  'config.value.status.empty': 'expected a call status, got an empty one',
  'config.value.statuses.none': 'expected at least one call status',
  'config.value.stateUrl': 'expected a postgres:// or postgresql:// URL (libpq form)',
  'config.value.plainName': 'expected a plain name (letters, digits and _)',
  'config.value.stateDir.tilde':
    'write the folder in full: "~" is not expanded (and under cron HOME may be another folder)',
  'config.value.mapping': 'expected a mapping',
  'config.value.mapping.names': 'expected a mapping of names to values',
  'config.value.mapping.settings': 'expected a mapping of settings',
  'config.value.mapping.profiles': 'expected a mapping of profile names to settings',
  'config.value.mapping.file': 'the file must hold a mapping of settings',
  'config.value.phones.text': 'expected phone numbers as text',
  'config.value.phones': 'expected a list of phone numbers',
  'config.value.leadField': 'not a lead field (fields: {fields})',
  'config.value.unknownKey': 'unknown key (known here: {known})',
  'config.value.files': 'expected a list of file names',
  'config.value.tokenPair': 'accessToken and accessTokenCommand: set one, not both',
  'config.value.profilesNested': 'profiles cannot be nested',

  // ── token.ts: the access token ───────────────────────────────────────────────────────
  'config.token.command.hint':
    'Run the command by hand to see what it says (cacs never prints its output: it may hold the token).',
  'config.token.command.timeout':
    'accessTokenCommand did not finish within {seconds}; it was stopped',
  'config.token.command.timeout.hint':
    'Run the command by hand: it must print the token without waiting for input. If it is just slow, raise accessTokenCommandTimeout (milliseconds) in the config.',
  'config.token.command.tooMuch':
    'accessTokenCommand printed more than {kib} KiB; it should print the token only',
  'config.token.command.notStarted': 'accessTokenCommand could not be started ({code})',
  'config.token.command.killed': 'accessTokenCommand failed (killed by {signal})',
  'config.token.command.failed': 'accessTokenCommand failed (exit status {code})',
  'config.token.command.nothing': 'accessTokenCommand printed nothing',
  'config.token.missing': 'no access token is set',
  'config.token.missing.hint':
    'Set {env}, or accessToken / accessTokenCommand in a config file (chmod 600 it). A token is never taken from the command line.',
  'config.token.tooLong': 'the access token is longer than the {max} characters the service allows',
  'config.token.tooLong.hint': 'Check the value (a stray newline or a whole file pasted?).',
  'config.token.lineBreak': 'the access token contains a line break or NUL',

  // ── files.ts: a config file that cannot be read ──────────────────────────────────────
  'config.file.syntax.yaml': 'YAML syntax error',
  'config.file.syntax.json': 'JSON syntax error',
  'config.file.syntax.js': 'JavaScript syntax error',
  'config.file.unreadable': 'cannot read the configuration {file}: {reason}',
  'config.file.unreadable.line': 'cannot read the configuration {file}, line {line}: {reason}',
  'config.file.unreadable.lineColumn':
    'cannot read the configuration {file}, line {line}, column {column}: {reason}',
  'config.file.denied':
    'cannot read the configuration {file}: this user may not read it (permission denied)',
  'config.file.denied.hint':
    "Give this user read access to {file} (or run cacs as its owner), or point HOME or XDG_CONFIG_HOME at this user's own folder.",
  'cli.words.config.file.denied.hint':
    "Give this user read access to {file} (or run cacs as its owner), point HOME or XDG_CONFIG_HOME at this user's own folder, or name a config file with --config.",
  'config.file.hidden':
    'cannot tell whether {file} holds a cacs configuration: this user may not look inside {dir} (permission denied)',
  'config.file.denied.project.hint':
    'Give this user read access to it (or run cacs as its owner), or name the config file to use: a configuration found above the working folder applies in every folder below it.',
  'cli.words.config.file.denied.project.hint':
    'Give this user read access to it (or run cacs as its owner), or name a config file with --config: a configuration found above the working folder applies in every folder below it.',
  'config.file.owner': '{name} (uid {uid})',
  'config.file.owner.uid': 'uid {uid}',
  'config.file.foreign':
    'not reading the configuration {file}: it belongs to {owner}, not to this user or root',
  'config.file.foreign.hint':
    'A configuration found by searching applies to whoever runs cacs in its folder or below (its baseUrl gets their token; a JavaScript one runs as them): remove it, or run cacs from another folder; if you trust it, name it as the config file to use.',
  'cli.words.config.file.foreign.hint':
    'A configuration found by searching applies to whoever runs cacs in its folder or below (its baseUrl gets their token; a JavaScript one runs as them): remove it, or run cacs from another folder; if you trust it, name it with --config.',
  'config.file.writable':
    'not reading the configuration {file}: any user may change it (mode {mode})',
  'config.file.writable.hint':
    'Take away the write access of others (chmod o-w {file}); if you trust it as it is, name it as the config file to use.',
  'cli.words.config.file.writable.hint':
    'Take away the write access of others (chmod o-w {file}); if you trust it as it is, name it with --config.',
  'config.file.special':
    'not reading the configuration {file}: it is not a regular file (a named pipe, a socket or a device)',
  'config.file.special.hint':
    'A configuration found by searching must be a regular file: remove this one, or name the file to use.',
  'cli.words.config.file.special.hint':
    'A configuration found by searching must be a regular file: remove this one, or name the file to use with --config.',
  'config.file.folder.foreign':
    'not reading the configuration {file}: {folder} belongs to {owner}, who may put another file in its place',
  'config.file.folder.open':
    'not reading the configuration {file}: any user may put another file in its place ({folder} has mode {mode}, without the sticky bit)',
  'config.file.group':
    'not reading the configuration {file}: run as root, cacs reads no configuration its group may change (mode {mode})',
  'config.file.folder.group':
    'not reading the configuration {file}: run as root, cacs reads no configuration in a folder its group may change ({folder} has mode {mode})',
  'config.file.group.hint':
    "Take away the group's write access (chmod g-w {file}), or run cacs as a member of the group rather than as root; if you trust it as it is, name it as the config file to use.",
  'cli.words.config.file.group.hint':
    "Take away the group's write access (chmod g-w {file}), or run cacs as a member of the group rather than as root; if you trust it as it is, name it with --config.",
  'config.file.foreign.meta':
    "not reading {file}: it belongs to {owner}, not to this user or root, and cosmiconfig (cacs's configuration reader) reads it in the folder cacs runs in",
  'config.file.writable.meta':
    "not reading {file}: any user may change it (mode {mode}), and cosmiconfig (cacs's configuration reader) reads it in the folder cacs runs in",
  'config.file.distrusted.meta.hint':
    'Remove it (or take away the write access of others), or run cacs from another folder.',
  'config.file.failed': 'cannot read the configuration {file}: the read failed ({code})',
  'config.file.failed.hint': 'Check the disk and the file, then run the same command.',
  'config.file.unreadable.hint':
    'Check the file is valid JSON, YAML or JavaScript (its lines are not printed: they may hold the token).',
  // Where a setting came from, as config show and the summary's rules say it (source-label.ts).
  'config.source.default': 'default',
  'config.source.flag': 'flag {name}',
  'config.source.env': 'env {name}',
  'config.source.user': 'user config {path}',
  'config.source.project': 'project config {path}',
  'config.source.profile': 'profile {profile} in {path}',
} as const;
