/**
 * English messages added for the teams work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enTeams = {
  'teams.help.state.migrate.folders':
    "the state folders to copy, each operator's (default: this machine's, stateDir)",
  'teams.migrate.noFolder': 'no state folder {folder}',
  'teams.migrated.secret.kept':
    "  its ledgers were made with another secret than the database's: kept beside them, and looked up with their own secret too",
  'teams.migrated.bookmarks': '  bookmarks: {copied} copied{unreadable}',
  'teams.migrated.bookmarks.already':
    "  bookmarks: {copied} copied, {already} already there (the database's kept){unreadable}",
  'teams.migrated.bookmarks.unreadable': '; {unreadable} unreadable, not copied',
  'teams.pg.connectionLost': 'connection lost',
  'teams.pg.location': '{db} (schema {schema})',
} as const;
