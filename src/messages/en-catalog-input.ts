/**
 * English messages of reading the lead files (src/input/: JSON and NDJSON, stdin spooled to a
 * file, Excel's zip). Spread into the catalog by en-catalog.ts; none names a command-line flag.
 */
export const enCatalogInput = {
  // ── json.ts ──────────────────────────────────────────────────────────────────────────
  'input.json.aList': 'a list',
  'input.json.notObject.element':
    '{where}: expected element to be an object of lead fields, got {kind}',
  'input.json.notObject.line':
    '{where}: expected the line to be an object of lead fields, got {kind}',
  'input.json.field.list': '{where}: "{key}" holds a list; lead fields are text or numbers',
  'input.json.field.object': '{where}: "{key}" holds an object; lead fields are text or numbers',
  'input.json.tooLarge':
    '{file}: the file is larger than {max}, the most cacs reads as one JSON document',
  'input.json.tooLarge.hint':
    'A JSON array is read whole into memory: write the leads as NDJSON (one object per line, .ndjson), or as CSV.',
  'input.json.invalid': '{where}: not valid JSON ({reason})',
  // What JSON.parse found, in words of the catalog (its own message where none fits).
  'input.json.reason.end': 'the text ends inside a value',
  'input.json.reason.unterminated': 'a string is not closed',
  'input.json.reason.token': 'unexpected {token}',
  'input.json.reason.after': 'more text after the value',
  'input.json.reason.name': 'a field name in double quotes was expected',
  'input.json.reason.colon': 'a ":" was expected after the field name',
  'input.json.reason.comma': 'a "," or a closing bracket was expected',
  'input.json.reason.control': 'a control character (a line break, a tab) inside a string',
  'input.json.reason.number':
    'a number JSON cannot read (a leading zero: write a phone number in quotes, "0912…")',
  'input.json.reason.escape': 'a backslash that starts no escape (write \\\\ for one)',
  'input.json.invalid.hint':
    'A lead file in JSON is an array of objects, or {"data": [...]}. For one object per line, use .ndjson.',
  'input.json.notList': '{file}: expected an array of leads or {"data": [...]}',
  'input.json.empty': '{file}: the list of leads is empty',
  'input.ndjson.invalid.hint': 'NDJSON has one complete JSON object per line.',
  'input.ndjson.lineTooLong':
    '{where}: the line is longer than {max}, the most cacs reads as one NDJSON line',
  'input.ndjson.lineTooLong.hint':
    'NDJSON has one lead per line; a line this long is not one lead (line breaks lost, or not NDJSON?).',
  'input.ndjson.empty': '{file}: no leads (every line is empty)',

  // ── stdin.ts: an input read through a pipe, copied to a file first ───────────────────
  'input.spool.diskFull':
    '{name}: the disk holding {dir} is full ({copied} of the input copied there)',
  'input.spool.tooLittleRoom':
    '{name}: only {free} free in {dir}; cacs needs at least {margin} free there to keep a copy of the input',
  'input.spool.noRoom':
    '{name}: not enough free space in {dir}: {copied} of the input copied, {free} left free (cacs leaves at least {margin})',
  'input.spool.noRoom.hint':
    'Free some space, set TMPDIR to a folder with more room, or import the file by name instead of through a pipe.',
  'input.spool.interrupted': 'interrupted while reading {name}: nothing was sent',
  'input.spool.tooLarge':
    '{name}: more than {max}, the most cacs keeps of an input read through a pipe',
  'input.spool.tooLarge.hint': 'Import the file by name (cacs import leads.csv).',
  'input.spool.tooLarge.raise.hint':
    'Import the file by name (cacs import leads.csv), or raise the limit with {advice}.',
  'input.spool.unreadable': '{name}: cannot read it into {dir} ({code})',
  'input.spool.readFailed': '{name}: reading it failed ({why}); nothing was imported',
  'input.spool.readFailed.hint': 'Run the import again once its source can be read whole.',

  // ── xlsx: Excel files (a zip) ────────────────────────────────────────────────────────
  'input.xlsx.csv.hint':
    'Save it from Excel as "CSV UTF-8 (Comma delimited)" and import that file.',
  'input.ods': '{file} is an OpenDocument spreadsheet (.ods), which cacs does not read',
  'input.ods.hint':
    'Save it as .xlsx or as CSV (UTF-8) — in LibreOffice Calc: File › Save As… — and import that file.',
  'input.odf': '{file} is an OpenDocument {kind} document, not a spreadsheet',
  'input.odf.hint': 'Export the leads as .xlsx or CSV (UTF-8), and import that file.',
  'input.xlsx.corrupt': '{file}: cannot read this Excel file ({why})',
  'input.xlsx.sheetTooLarge': '{file}: the sheet is too large to read from Excel',
  'input.xlsx.damagedZip': 'damaged zip: {reason}',
  'input.xlsx.noSuchFile': '{file}: no such file',
  'input.xlsx.cannotRead': '{file}: cannot read ({code})',
  'input.xlsx.oldOrProtected': 'an old Excel 97-2003 .xls file, or a password-protected one',
  'input.xlsx.notZip': 'not a zip archive',
  'input.xlsx.missingSharedString': 'cell {cell} refers to a missing shared string',

  // ── bytes.ts ─────────────────────────────────────────────────────────────────────────
  'input.changed': '{file} changed while it was being imported',
} as const;
