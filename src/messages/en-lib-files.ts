/**
 * Messages of the shared modules at the top of src/ (errors.ts: the exit codes' help prose and
 * the configuration's problems; atomic-write.ts: where a file cannot be written), spread into
 * the English catalog by en.ts. Whole sentences with named placeholders, like en.ts.
 */
export const enLibFiles = {
  // ── errors.ts: the exit codes, as the CLI's help lists them (`cli.`: they name flags) ──
  'cli.exitCode.OK.help': 'everything asked for was done',
  'cli.exitCode.OK.brief': 'done',
  'cli.exitCode.FAILURE.help':
    'failure: service unreachable, unexpected service answer, internal error',
  'cli.exitCode.FAILURE.brief': 'failure',
  'cli.exitCode.USAGE.help':
    'usage or input error (bad flag, date, file or setting), or every row rejected; nothing imported',
  'cli.exitCode.USAGE.brief': 'bad flag or setting',
  'cli.exitCode.PARTIAL.help':
    'partial: some leads rejected (validation or service); the other rows done',
  'cli.exitCode.PARTIAL.brief': 'some rows rejected',
  'cli.exitCode.REFUSED.help': 'refused by the service: access_token or campaign_key not accepted',
  'cli.exitCode.REFUSED.brief': 'refused by the service',
  'cli.exitCode.UNCERTAIN.help':
    'uncertain: some batches may or may not have been imported; nothing was resent',
  'cli.exitCode.UNCERTAIN.brief': 'uncertain',
  'cli.exitCode.VIOLATIONS.help':
    'report --fail-on-violations: calls outside the compliance rules were found',
  'cli.exitCode.VIOLATIONS.brief':
    'violations found with --fail-on-violations (after the output is written)',
  'cli.exitCode.INTERRUPTED.help': 'interrupted (Ctrl-C); the journal is saved, rerun to resume',
  'cli.exitCode.INTERRUPTED.brief': 'interrupted',
  'cli.exitCode.import.USAGE': 'bad input (nothing sent)',
  'cli.exitCode.reconcile.OK': 'none left uncertain',
  'cli.exitCode.reconcile.UNCERTAIN': 'some still uncertain',
  'cli.exitCode.reconcile.FAILURE': 'failure (nothing settled)',
  'cli.exitCode.one': '{code} {words}',
  'cli.exitCodes.sentence': 'Exit codes: {codes}.',

  // ── errors.ts: errors of any module ────────────────────────────────────────────────
  'config.problems.one': '{file}: a problem in the configuration:\n{problems}',
  'config.problems.other': '{file}: {count} problems in the configuration:\n{problems}',
  'config.problems.item': '  - {problem}',
  'config.problems.hint': 'Fix the file, or see `cacs config init` for a commented example.',
  'error.interrupted': 'interrupted',
  'error.outputClosed': 'stdout was closed by the reader',

  // ── atomic-write.ts: a name cacs cannot write to ────────────────────────────────────
  'write.symlinkOfOther':
    "{file} is a symlink that belongs to another user (uid {uid}): cacs writes through a symlink only when it is yours (or root's)",
  'write.symlinkOfOther.chain':
    "{file} leads through {link}, a symlink that belongs to another user (uid {uid}): cacs writes through a symlink only when it is yours (or root's)",
  'write.pipeOfOther':
    "{file} is a named pipe that belongs to another user (uid {uid}): cacs writes into one only when it is yours (or root's)",
  'write.deviceOfOther':
    "{file} is a device that belongs to another user (uid {uid}): cacs writes into one only when it is yours (or root's)",
  'write.specialOfOther.hint': 'Give another name, or remove it.',
  'write.symlinkOfOther.hint': 'Give the name of the file itself, or remove the link.',
  'write.socketDescriptor': '{file} is a socket: cacs cannot open it by name',
  'write.notGivenDescriptor':
    '{file} is no pipe cacs was given: that number may be one of its own (a file it reads, its state)',
  'write.notGivenDescriptor.hint':
    'Give the file by its name, or a pipe (>(command)); past stdout and stderr cacs writes to a descriptor only when it is a pipe.',
  'write.socketDescriptor.hint':
    'Write to stdout instead (leave out the file name), or give a file or a pipe.',
  'write.blockDevice':
    '{file} is a block device (a disk): cacs writes only to files, named pipes and character devices',
  'write.socket':
    '{file} is a socket: cacs writes only to files, named pipes and character devices',
  'write.notFile.hint': 'Give a file name.',
  'write.pipeWithoutReader': '{file} is a named pipe that nothing is reading',
  'write.pipeWithoutReader.hint': 'Start the program that reads it first, then run cacs again.',
} as const;
