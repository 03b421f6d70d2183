/**
 * Messages of the input readers (src/input/: finding the format, the encoding and the sheet of
 * a lead file), spread into the English catalog by en.ts. Whole sentences with named
 * placeholders, like en.ts; none names a command-line flag (the CLI's words: en-cli.ts).
 */
export const enLibInput = {
  // ── decode.ts ───────────────────────────────────────────────────────────────────────
  'input.invalidUtf8': '{where}: the file is not valid UTF-8',
  'input.invalidUtf8.hint':
    'Give its encoding, e.g. windows-1258 (Vietnamese Windows) or windows-1252, or save it as UTF-8.',

  // ── inspect.ts: what the file is ────────────────────────────────────────────────────
  'input.binary': '{file}: looks like a binary file (it contains NUL bytes), not CSV or JSON',
  'input.binary.hint':
    'If it is UTF-16 text without a byte order mark, give its encoding as utf-16le.',
  'input.noSuchFile': '{file}: no such file',
  'input.cannotRead': '{file}: cannot read ({code})',
  'input.isFolder': '{file}: is a folder, not a file',
  'input.notFile.fifo': '{file}: is a pipe (FIFO), not a lead file',
  'input.notFile.characterDevice': '{file}: is a character device, not a lead file',
  'input.notFile.blockDevice': '{file}: is a block device (a disk), not a lead file',
  'input.notFile.socket': '{file}: is a socket, not a lead file',
  'input.notFile.other': '{file}: is not a regular file, not a lead file',
  'input.notFile.stream.hint': 'Give a regular file, or pipe the data in: cacs import - < <file>.',
  'input.notFile.hint': 'Give a regular file (CSV, JSON, NDJSON or .xlsx).',
  'input.empty': '{file}: the file is empty',
  'input.xls': '{file}: this is an old Excel .xls (or password-protected) file',
  'input.xls.hint':
    'Save it from Excel as .xlsx, or as "CSV UTF-8 (Comma delimited)", and import that file.',
  'input.zipNotFormat': '{file}: this is a zip or Excel file, not {format}',
  'input.zip': '{file}: this is a zip file, not a lead file',
  'input.zip.hint': 'Unzip it first, or save the sheet from Excel as .xlsx or "CSV UTF-8".',
  'input.sheetNotXlsx': 'a sheet was named, but {file} is not an Excel (.xlsx) file',
  'input.notXlsx': '{file}: not an Excel (.xlsx) file (no zip signature)',
  'input.unknownEncoding': 'encoding {encoding}: unknown encoding',
  'input.unknownEncoding.hint':
    'Examples: utf8, utf-16le, windows-1258 (Vietnamese), windows-1252, latin1.',

  // ── xlsx/index.ts: the sheet ────────────────────────────────────────────────────────
  'input.sheet.hint': 'Name the sheet, or give its number (1 = the first sheet).',
  'input.sheet.noNumber.one': '{file}: no sheet number {n} (one sheet: {sheets})',
  'input.sheet.noNumber.other': '{file}: no sheet number {n} ({count} sheets: {sheets})',
  'input.sheet.noName': '{file}: no sheet named "{name}" (sheets: {sheets})',
  'input.sheet.none': '{file}: the workbook has no sheets',
  'input.sheet.notCells': '{file}: sheet "{name}" is not a table of cells',
  'input.sheet.missing': 'sheet "{name}" is missing',
  'input.sheet.noWorkbook': 'no workbook inside; not an .xlsx file?',
  'input.sheet.empty': '{file}: sheet "{name}" is empty',
  'input.sheet.headerOnly': '{file}: only a header row, no data rows',
  'input.sheet.otherHasData': 'Sheet "{name}" has data: name it (its number is {n}).',
  'input.sheet.othersHaveData': 'Sheets {list} have data: name one of them, or give its number.',
  'input.sheet.listed': '"{name}" ({n})',
  'input.sheet.noHeader': '{where}: a value in column {column} has no header',
  'input.sheet.noHeader.hint': 'Give column {column} a header in row {line}, or clear its values.',
} as const;
