/**
 * Messages of the leads modules (src/leads/: the sidecar files, the columns, the checks, the
 * do-not-call lists), spread into the English catalog by en.ts. Whole sentences with named
 * placeholders, like en.ts; none names a command-line flag (the CLI's words: en-cli.ts).
 */
export const enLibLeads = {
  // ── a sidecar file (rejects, skipped, uncertain) that cannot be written ──────────────
  'leads.sidecar.cannotWrite': 'cannot write {file} in {dir} ({why})',
  'leads.sidecar.why.EACCES': 'permission denied',
  'leads.sidecar.why.EPERM': 'not permitted',
  'leads.sidecar.why.EROFS': 'read-only file system',
  'leads.sidecar.why.ENOTDIR': 'not a folder',
  'leads.sidecar.why.ENOENT': 'no such folder',
  'leads.sidecar.why.EISDIR': 'a folder is in the way',
  'leads.sidecar.why.ENOSPC': 'disk full',
  'leads.sidecar.why.EDQUOT': 'disk quota exceeded',
  'leads.sidecar.why.EFBIG': 'file too large',
  'leads.sidecar.why.EIO': 'input/output error',
  'leads.sidecar.rejects.diskFull.hint':
    'Free some space or choose a rejects file in a folder you can write to, then run the same command again (leads already imported are not sent twice).',
  'leads.sidecar.lists.diskFull.hint':
    "Free some space or run cacs from a folder you can write to (the lists go there when the input's folder is read-only), then run the same command again (leads already imported are not sent twice).",
  'leads.sidecar.rejects.notWritable.hint':
    'Make the folder writable, or choose a rejects file in a folder you can write to.',
  'leads.sidecar.lists.notWritable.hint':
    "Make the folder writable, or run cacs from a folder you can write to (the lists go there when the input's folder is read-only).",

  // ── a sidecar file kept (changed since cacs wrote it, or not cacs's) ────────────────
  'leads.sidecar.kept.rejects': "kept {file} ({why}): this run's rows to fix are in {written}",
  'leads.sidecar.kept.skipped': "kept {file} ({why}): this run's rows held back are in {written}",
  'leads.sidecar.kept.uncertain':
    "kept {file} ({why}): this run's uncertain leads are in {written}",
  'leads.written.why.edited': 'changed since cacs wrote it',
  'leads.written.why.foreign': 'cacs did not write it',
  'leads.written.why.real': 'a real import wrote it, and a dry run never replaces that',
  'leads.written.allKept': '{file} is kept ({why}), and so are {first} to {last}',
  'leads.written.allKept.hint':
    'Move the lists you still need elsewhere, or choose another rejects file.',
  'leads.written.notNoted':
    'could not note in {where} that cacs wrote {file} ({reason}): a later run keeps it and writes beside it',
} as const;
