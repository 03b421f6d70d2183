/**
 * The English messages of the report's stop (its compliance check) and of its output, spread
 * into en.ts. Whole
 * sentences without command-line flags (the CLI adds its flag advice when it renders).
 */
export const enDoor = {
  // ── report: a stop (the compliance check found violations) ──────────────────────────
  'report.stop.violations': 'compliance: {violations}: {parts}',
  // Counted nouns of the stops (tCount): each language its own forms (review, session 18:
  // text.ts plural put "23 violations", "7.000 leads" in Vietnamese sentences).
  'count.violation.one': '{count} violation',
  'count.violation.other': '{count} violations',
  'count.attempt.one': '{count} attempt',
  'count.attempt.other': '{count} attempts',
  'count.number.one': '{count} number',
  'count.number.other': '{count} numbers',
  'count.time.one': '{count} time',
  'count.time.other': '{count} times',
  'count.call.one': '{count} call',
  'count.call.other': '{count} calls',
  'count.lead.one': '{count} lead',
  'count.lead.other': '{count} leads',
  'report.stop.violations.outsideHours':
    '{attempts} outside call hours {callHours} (compliance.callHours)',
  'report.stop.violations.overLimit':
    '{numbers} called more than {times} in 24 hours (compliance.maxCallsPer24h)',
  'report.stop.violations.suppressed': '{calls} to numbers on a do-not-call list (import.suppress)',
  'report.stop.violations.hint':
    "The output is complete. The report's summary shows samples; the rules are settings (README: Summary and compliance).",

  // ── report: where it goes (named as the caller names it; the CLI prefixes -o) ────────
  'report.output.refused': '{name}: {reason}',
  'report.output.isInput':
    '{name}: is the lead file this report reads ({file}); writing there would replace it',
  'report.output.isInput.hint':
    'Write the outcomes to another file; replace your lead file with it yourself if you mean to.',
  'report.output.isFolder': '{name}: is a folder; give a file name',
  'report.output.noFolder': '{name}: the folder {dir} does not exist or cannot be written',
  'report.output.noFolder.hint': 'Create the folder first, or write somewhere else.',
  'report.output.readOnly': '{name}: the folder {dir} is on a read-only file system',
  'report.output.readOnly.hint': 'Write the report somewhere else.',
  'report.output.folderDenied': '{name}: this user may not write in the folder {dir}',
  'report.output.folderDenied.hint':
    'Give this user write access to {dir}, or write somewhere else (a folder of your own).',
  'report.output.cannotWrite': '{name}: cannot be written ({reason})',

  // ── report: the write stage failed (named as the caller names it; the CLI prefixes -o) ─
  'report.write.stream': 'the output stream',
  'report.write.stream.hint':
    'What it received is incomplete. Check where the output goes (a full disk, a device), then run again.',
  'report.write.failed': '{name}: could not write the report ({reason})',
  'report.write.appeared':
    '{name}: the file appeared while the report was fetched; a bookmarked report never replaces one',
  'report.write.hint': 'Nothing was written. Check the disk space and permissions, then run again.',
  'report.write.bookmark.hint':
    'Nothing was written and bookmark "{bookmark}" was not moved: the next run fetches this range again.',
  'report.write.what.file': 'file',
  'report.write.what.pipe': 'pipe',
  'report.write.what.device': 'device',
  'report.write.what.descriptor': 'descriptor',
  'report.write.direct.partial.hint':
    '{name} is a {what}, written directly: what it received is incomplete. Check what reads it, then run again.',
  'report.write.direct.none.hint':
    '{name} is a {what}, written directly: what it received is nothing. Check what reads it, then run again.',
  'report.write.error.ENOSPC': 'no space left',
  'report.write.error.EDQUOT': 'disk quota exceeded',
  'report.write.error.EFBIG': 'file too large',
  'report.write.error.EIO': 'input/output error',
  'report.write.error.EACCES': 'permission denied',
  'report.write.error.EPERM': 'not permitted',
  'report.write.error.EROFS': 'read-only file system',
  'report.write.error.ENXIO': 'no such device or address',
  'report.write.error.EPIPE': 'the reader closed the pipe',
} as const;
