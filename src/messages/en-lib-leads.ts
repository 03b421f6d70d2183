/**
 * Messages of the leads modules (src/leads/: the sidecar files, the columns, the checks, the
 * do-not-call lists), spread into the English catalog by en.ts. Whole sentences with named
 * placeholders, like en.ts; none names a command-line flag (the CLI's words: en-cli.ts).
 */
export const enLibLeads = {
  // ── a sidecar file (rejects, skipped, uncertain) that cannot be written ──────────────
  'leads.sidecar.cannotWrite': 'cannot write {file} in {dir} ({why})',
  'leads.sidecar.pipeClosed':
    '{file}: the reader closed the pipe before the list was written whole',
  'leads.sidecar.pipeClosed.hint':
    'Let the program at the other end read the list to its end, or write the list to a file.',
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
  'leads.written.why.justWritten': 'another run wrote it at the same moment',
  'leads.written.why.foreign': 'cacs did not write it',
  'leads.written.why.real': 'a real import wrote it, and a dry run never replaces that',
  'leads.written.why.other': 'it holds the rows of another file of the same name',
  'leads.written.why.otherContent':
    'a run of other content left those leads uncertain, and they may be listed nowhere else',
  'leads.written.allKept': '{file} is kept ({why}), and so are {first} to {last}',
  'leads.written.allKept.hint':
    'Move the lists you still need elsewhere, or choose another rejects file.',
  'leads.written.notNoted':
    'could not note in {where} that cacs wrote {file} ({reason}): a later run keeps it and writes beside it',

  // ── validate.ts: the settings of the checks ────────────────────────────────────────
  'leads.pattern.phone.invalid': 'the phone pattern {pattern} is not a valid regular expression',
  'leads.pattern.homePhone.invalid':
    'the home phone pattern {pattern} is not a valid regular expression',
  'leads.pattern.invalid.hint':
    'fix {setting} in the configuration (a JavaScript regular expression)',
  'leads.placeholder.notPhone': 'import.placeholderNumbers: {value} is not a phone number',
  'leads.placeholder.notPhone.hint': 'List the test numbers as text, e.g. "0911111222".',

  // ── validate.ts: why a row is rejected (the rejects file's reason) ──────────────────
  'leads.reject.phone.notForm': 'phone_number {shown} is not a number of the form 0xxxxxxxxx',
  'leads.reject.phone.notDigits':
    'phone_number {shown} has characters other than digits; the service accepts only 0-9',
  'leads.reject.phone.notPattern':
    'phone_number {shown} does not match the phone pattern {pattern}',
  'leads.reject.phone.noZero':
    'phone_number {shown} does not start with 0; expected 0 followed by 9 digits',
  'leads.reject.phone.notRenumbered':
    'phone_number {shown} has 11 digits: {prefix} is not one of the mobile prefixes renumbered in 2018 ({renumbered}), so it cannot be converted; expected 0 followed by 9 digits',
  'leads.reject.phone.landline':
    'phone_number {shown} is a landline number (02…, 11 digits); the service takes numbers of the form 0xxxxxxxxx (0 followed by 9 digits)',
  'leads.reject.phone.oldMobile':
    'phone_number {shown} is an old 11-digit mobile number ({prefix} became {now} in 2018); import it with normalisation on to convert it',
  'leads.reject.phone.digits.one':
    'phone_number {shown} has {count} digit; expected 0 followed by 9 digits',
  'leads.reject.phone.digits.other':
    'phone_number {shown} has {count} digits; expected 0 followed by 9 digits',
  'leads.reject.phone.empty': 'phone_number is empty',
  'leads.reject.phone.excel':
    'phone_number {shown} lost digits in Excel (scientific notation); re-export the column as text',
  'leads.reject.phone.letters': 'phone_number {shown} has letters',
  'leads.reject.phone.testNumber':
    "phone_number {shown} is a test number (import.placeholderNumbers), not a customer's",
  'leads.reject.phone.placeholder':
    "phone_number {shown} is a placeholder, not a subscriber's number",
  'leads.reject.homePhone.notPhone':
    'home_phone {shown} is not a phone number: expected 0 followed by 9 or 10 digits',
  'leads.reject.homePhone.notPattern':
    'home_phone {shown} does not match the home phone pattern {pattern}',
  'leads.reject.tooLong': '{field} is {length} characters; the service allows at most {max}',
} as const;
