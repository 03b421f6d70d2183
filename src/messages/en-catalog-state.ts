/**
 * English messages of the file state store (src/state/file/: journal, ledger, locks, state
 * writes, bookmarks, history) and of moving a state folder into a database (state/team.ts).
 * Spread into the catalog by en-catalog.ts; none names a command-line flag (the CLI's words:
 * `cli.words.state.*`).
 */
export const enCatalogState = {
  // ── state-write.ts: a state folder that cannot be written ────────────────────────────
  'state.folder.foreign':
    'not using the state folder {dir}: {at} belongs to {owner}, not to this user or root',
  'state.folder.writable':
    'not using the state folder {dir}: any user may change {at} (mode {mode})',
  'state.folder.parentWritable':
    'not using the state folder {dir}: any user may put another in its place ({parent} has mode {mode}, without the sticky bit)',
  'state.folder.group':
    'not using the state folder {dir}: run as root, cacs uses no state folder its group may change ({at} has mode {mode})',
  'state.folder.parentGroup':
    'not using the state folder {dir}: run as root, cacs uses no state folder its group may put another in place of ({parent} has mode {mode}, without the sticky bit)',
  'state.folder.group.hint':
    "Take away the group's write access (chmod g-w {at}), or run cacs as a member of the group rather than as root, or point CACS_STATE_DIR (or the setting stateDir) at root's own folder.",
  'state.folder.special':
    'not using the state folder: {at} is no file or folder (a named pipe, a socket, a device)',
  'state.folder.special.hint':
    'cacs keeps only files and folders in its state folder, and reads or writes none of anything else: remove it, then run the same command.',
  'state.folder.viaLink': '{problem} (reached through the link {link})',
  'state.folder.distrusted.hint':
    'A state folder another user can change lets them make cacs send leads again or write over your files: point CACS_STATE_DIR (or the setting stateDir) at a folder of your own, or run cacs as its owner.',
  'state.folder.writable.hint':
    'Take away the write access of others (chmod o-w), or point CACS_STATE_DIR (or the setting stateDir) at a folder of your own.',
  'state.write.link': 'a link stands in {folder} where a file of cacs should be',
  'state.write.special':
    'something that is no file (a named pipe, a device) stands in {folder} where a file of cacs should be',
  'state.write.special.hint':
    'cacs writes its state only into ordinary files: remove it from {folder}, then run the same command.',
  'state.write.link.hint':
    'cacs never writes its state through a link: remove the link in {folder} (or move the file it points to there), then run the same command.',
  'state.write.diskFull': 'the disk is full',
  'state.write.diskFull.hint':
    'Free at least {room} in {folder}, or point CACS_STATE_DIR (or the stateDir setting) at another folder that is kept (cacs remembers there what it has sent and fetched), then run the same command.',
  'state.write.diskFull.free.hint':
    'Free at least {room} in {folder} ({free} free now), or point CACS_STATE_DIR (or the stateDir setting) at another folder that is kept (cacs remembers there what it has sent and fetched), then run the same command.',
  'state.write.notFolder': '{folder} is a file, not a folder',
  'state.write.notFolder.hint':
    'Move {folder} out of the way, or point CACS_STATE_DIR (or the stateDir setting) at another folder that is kept (cacs remembers there what it has sent and fetched), then run the same command.',
  'state.write.readOnly': '{folder} is on a read-only file system',
  'state.write.readOnly.hint':
    'Mount it writable, or point CACS_STATE_DIR (or the stateDir setting) at another folder that is kept (cacs remembers there what it has sent and fetched), then run the same command.',
  'state.write.denied': 'this user may not write in {folder} (permission denied)',
  'state.write.denied.hint':
    'Give this user write access to {folder} (or run cacs as its owner), or point CACS_STATE_DIR (or the stateDir setting) at another folder that is kept (cacs remembers there what it has sent and fetched), then run the same command.',
  'state.write.failed': 'the write failed ({code})',
  'state.write.cannotMake':
    '{folder} cannot be made there (a link that points to nothing, or a place such as /proc that holds no folders)',
  'state.write.cannotMake.hint':
    'Point CACS_STATE_DIR (or the stateDir setting) at an ordinary folder on a disk that is kept, then run the same command again.',
  'state.write.failed.hint':
    'Check the disk and the folder, or point CACS_STATE_DIR (or the stateDir setting) at another folder that is kept (cacs remembers there what it has sent and fetched), then run the same command.',
  'state.write.cannot': 'cannot write {what} in {folder}: {why}',
  'state.read.cannot': 'cannot read {what} in {folder}: {why}',
  'state.read.denied': 'this user may not read it (permission denied)',
  'state.read.denied.hint':
    "Give this user read access to {folder} (or run cacs as its owner), or point CACS_STATE_DIR (or the stateDir setting) at this user's own state folder, then run the same command.",
  'state.read.failed': 'the read failed ({code})',
  'state.read.failed.hint': 'Check the disk and the folder, then run the same command.',

  // ── journal.ts ───────────────────────────────────────────────────────────────────────
  'state.journal.unwritable': 'cannot write the import journal in {folder}: {why}',
  'state.ledger.unwritable': 'cannot write the import ledger in {folder}: {why}',
  'state.journal.unwritable.otherHint': '{hint} Leads that may have arrived are not sent again.',
  'state.journal.diskFull.hint':
    'Free at least {room} in {folder}, or point CACS_STATE_DIR (or the stateDir setting) at a folder with room, then run the same command: leads that may have arrived are not sent again.',
  'state.journal.diskFull.free.hint':
    'Free at least {room} in {folder} ({free} free now), or point CACS_STATE_DIR (or the stateDir setting) at a folder with room, then run the same command: leads that may have arrived are not sent again.',
  'state.journal.what': 'the import journal',
  'state.journal.optionsDiffer':
    'note: options that decide what is sent differ from the earlier run; rows it settled still count as settled',
  'state.journal.resume.imported.one': 'imported {count} lead',
  'state.journal.resume.imported.other': 'imported {count} leads',
  'state.journal.resume.skipped.one': 'sent {count} lead (the service skipped them all)',
  'state.journal.resume.skipped.other': 'sent {count} leads (the service skipped them all)',
  'state.journal.resume.refused': 'had {count} refused by the service',
  'state.journal.resume.uncertain': 'left {count} uncertain',
  'state.journal.resume.uncertain.inFlight':
    'left {count} uncertain ({inFlight} in flight when it stopped)',
  'state.journal.resume.list': '{first} and {last}',
  'state.journal.resume':
    'resuming: an earlier run of this file (started {since}) {list}; those are not sent again',
  'state.journal.resume.retrying':
    'resuming: an earlier run of this file (started {since}) {list}; the uncertain ones still to send (not settled since, nor held back now) are sent again, the others are not',
  'state.journal.damaged': 'the journal {file} is damaged at line {line}',
  'state.journal.damaged.hint':
    'Move it away, or import it again from the start (the campaign ledger still holds back leads already imported).',
  'state.journal.noHeader': 'the journal {file} has no header',
  'state.journal.noHeader.hint': 'Move it away or import it again from the start.',

  // ── ledger.ts ────────────────────────────────────────────────────────────────────────
  'state.ledger.secret.what': 'the ledger secret',
  'state.ledger.secret.missing': 'the ledger secret {file} is missing, but ledgers are beside it',
  'state.ledger.secret.missing.hint':
    'Restore it from the backup of this state folder; without it cacs cannot tell which leads the campaigns already have, so it sends nothing.',
  'state.ledger.secret.damaged': 'the ledger secret {file} is damaged ({bytes} bytes)',
  'state.ledger.secret.damaged.hint':
    'Restore it from a backup: without it the ledgers beside it cannot be read.',
  'state.ledger.secret.unused.hint':
    'No ledger uses it yet (none is beside it): remove it, then run the same command.',
  'state.ledger.damaged': 'the ledger {file} is damaged at record {record}',
  'state.ledger.damaged.hint':
    'Move it aside (cacs then no longer knows which leads this campaign has) or restore it from a backup.',
  'state.ledger.records.one': '{n} record',
  'state.ledger.records.other': '{n} records',
  'state.ledger.cut.missing': 'is missing',
  'state.ledger.cut.holds': 'holds {records} ({bytes} bytes)',
  'state.ledger.cut':
    "the campaign's ledger {file} {what}, but {meta} beside it says it held {held} after the last run that wrote it: it was emptied or cut short, and read as it is it would let leads the campaign already has be sent again. Nothing was sent",
  'state.ledger.cut.hint':
    'Restore {name} from the backup of the state folder. To go on with what it holds now (cacs then sends again the leads it lost), delete {meta}.',

  // ── lock.ts ──────────────────────────────────────────────────────────────────────────
  'state.lock.import.self': 'this process is already importing {what}',
  'state.lock.import.self.hint':
    'Wait for that import to finish before starting another here (the same file, or the same campaign).',
  'state.lock.import.starting': 'another cacs run is starting to import {what} right now',
  'state.lock.import.starting.hint':
    'Wait for it to finish; a lock file that stays empty is taken over after {seconds} s.',
  'state.lock.import.other': 'another cacs run (pid {pid}) is importing {what} right now',
  'state.lock.holder.reconcile': 'cacs reconcile',
  'state.lock.holder.forget': 'cacs forget',
  'state.lock.holder.prune': 'cacs state prune',
  'state.lock.command.other':
    'another cacs run (pid {pid}, {command}) holds the lock needed for importing {what}',
  'state.lock.campaign.command':
    'another cacs run (pid {pid}) is running {command} on campaign {campaign} right now',
  'state.lock.other.hint':
    'Wait for it to finish, or stop it (kill {pid}); a lock left by a dead process is taken over.',
  'state.lock.file': 'the lock file {name}',
  'state.lock.elsewhere':
    'another cacs run holds {file}: it was taken on another machine sharing this state folder (pid {pid} there)',
  'state.lock.elsewhere.hint':
    'Wait for that run to finish. If it is gone (its machine stopped), remove {file} and run again.',
  'state.lock.notTaken': 'could not take the lock {file}',
  'state.lock.notTaken.hint': 'Another cacs run may be starting; try again.',

  // ── bookmarks.ts, history.ts ─────────────────────────────────────────────────────────
  'state.bookmark.file': 'the bookmark {name}',
  'state.bookmark.folderUnreadable': 'cannot read the bookmark folder {dir}: {code}',
  'state.ledgers.what': "the campaigns' ledgers",
  'state.journals.what': 'the import journals',
  'state.bookmarks.what': 'the report bookmarks',
  'state.erasures.what': 'the record of erased numbers',
  'state.history.what': 'the import history',

  // ── team.ts: a state folder moved into a database ────────────────────────────────────
  'state.migrate.otherSecret':
    'the state database {location} already holds ledgers made with another secret than {folder}',
  'state.migrate.otherSecret.hint':
    'Migrate this folder into a schema of its own (stateSchema), or migrate it first, before any import uses the database.',

  // ── the CLI's words for the remedies above that are its flags ────────────────────────
  'cli.words.state.journal.damaged.hint':
    'Move it away, or rerun with --restart (the campaign ledger still holds back leads already imported).',
  'cli.words.state.journal.noHeader.hint': 'Move it away or rerun with --restart.',
} as const;
