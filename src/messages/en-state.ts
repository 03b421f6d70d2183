/**
 * Messages of the PostgreSQL state store and the team features (issue 24), spread into the
 * English catalog by en.ts. Whole sentences with named placeholders, like en.ts.
 */
export const enState = {
  'state.pg.unreachable': 'the state database {db} cannot be reached: {reason}',
  'state.pg.unreachable.hint':
    'Check that the database is running and that stateUrl / CACS_STATE_URL names it (host, port, database, user; the password from the URL, PGPASSWORD or ~/.pgpass).',
  'state.pg.loginRefused': 'the state database {db} refused the login: {reason}',
  'state.pg.loginRefused.hint':
    'Check the user and the password (from the URL, PGPASSWORD or ~/.pgpass), and that the server lets this user in from this host (pg_hba.conf).',
  'state.pg.denied': 'the state database {db} refused this role: {reason}',
  'state.pg.denied.hint':
    'Give the role what cacs needs (to create its schema in the database, or a schema it owns named by stateSchema), or use a role that has it; see the README, Teams.',
  'state.pg.failed': 'the state database {db} failed: {reason}',
  'state.pg.failed.hint':
    'Nothing more was sent. Leads whose outcome could not be recorded stay in flight (uncertain for later runs); run the same command again once the database is back.',
  'state.pg.newerSchema':
    'the state database {db} holds schema {schema} at version {found}; this cacs knows version {known} at most',
  'state.pg.newerSchema.hint': 'upgrade cacs: a newer cacs made this schema.',
  'state.pg.badSchemaVersion':
    'the state database {db} holds schema {schema} with the version {value}, not a version number (this cacs writes versions up to {known}): changed by hand, it no longer says which tables the schema has',
  'state.pg.badSchemaVersion.hint':
    "Put back the version the schema's tables are at (UPDATE {schema}.meta SET value = '…' WHERE key = 'schema_version'), or use another schema; nothing was changed.",
  'state.pg.badUrl': 'the state URL {db} is not a postgres:// or postgresql:// URL',
  'state.pg.badUrl.hint': 'Write it as postgres://user@host:5432/database (libpq form).',
  'state.pg.badSchema': 'stateSchema "{schema}" is not a plain name (letters, digits and _)',
  'state.pg.reconcileLocked': 'another cacs reconcile of campaign {campaign} is running right now',
  'state.pg.journalLocked': 'another cacs run is importing {what} right now',
  'state.pg.journalLocked.by':
    'another cacs run ({run}, {user}@{host}) is importing {what} right now',
  'state.pg.journalLocked.hint':
    'Wait for it to finish; a run that died lets go of it at once (its connection closes).',
  'state.file.restarted':
    "restarted: what earlier runs of this file recorded is set aside ({aside}); leads the campaign's ledger holds are still not sent (an import that allows repeats sends them)",
  'state.file.restarted.repeat':
    "restarted: what earlier runs of this file recorded is set aside ({aside}), and leads the campaign's ledger says were imported are sent again (repeats allowed)",
  'state.pg.restarted.repeat':
    "restarted: what earlier runs of this file recorded is set aside, and leads the campaign's ledger says were imported are sent again (repeats allowed)",
  'state.pg.restarted':
    "restarted: what earlier runs of this file recorded is set aside; leads the campaign's ledger holds are still not sent (an import that allows repeats sends them)",
  'state.pg.fingerprint':
    'note: options that decide what is sent differ from the earlier run; rows it settled still count as settled',
  'send.reason.claimedElsewhere':
    'another run claimed some of its leads first: the rest were sent as a batch of their own',
  'import.row.inFlightElsewhere':
    'being sent right now by run {run} on {host} by {user}: not sent here',
  'import.row.inFlightElsewhere.unknown': 'being sent right now by another run: not sent here',
  'import.row.importedElsewhere': 'imported meanwhile by run {run} on {host} by {user}',
  'import.row.uncertainElsewhere':
    'left uncertain meanwhile by run {run} on {host} by {user}, which stopped while sending it',
} as const;
