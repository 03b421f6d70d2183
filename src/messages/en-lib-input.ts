/**
 * Messages of the input readers (src/input/: finding the format, the encoding and the sheet of
 * a lead file), spread into the English catalog by en.ts. Whole sentences with named
 * placeholders, like en.ts; none names a command-line flag (the CLI's words: en-cli.ts).
 */
export const enLibInput = {
  // ── decode.ts ───────────────────────────────────────────────────────────────────────
  'input.invalidUtf8': '{where}: the file is not valid UTF-8',
  'input.undecodable': '{where}: the file has bytes that are not {encoding} text',
  'input.undecodable.hint':
    'Check its encoding (windows-1258 for Vietnamese Windows, windows-1252, UTF-8…), or save it again as UTF-8.',
  'input.csv.sepLine': '{file}: the first line is Excel\'s "sep={sep}" line, not the header row',
  'input.csv.sepLine.hint':
    'Delete that first line (the header row comes next), or save the sheet again as "CSV UTF-8".',
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

  // ── csv.ts: a CSV file that cannot be read ──────────────────────────────────────────
  'input.csv.noHeader': '{file}: the file has no header row and no data',
  'input.csv.headerOnly': '{file}: only a header row, no data rows',
  'input.csv.at.column': '{where}, column {n}',
  'input.csv.at.columnNamed': '{where}, column {n} ({name})',
  'input.csv.quoteHint':
    'A value with a " in it is written in quotes, each " inside doubled: "Lan ""Bé""".',
  'input.csv.strayQuote': '{at}: a stray " inside a value that is not in quotes',
  'input.csv.strayQuoteAfter': '{at}: a stray " inside a value that is not in quotes ({before}"…)',
  'input.csv.strayQuoteAfter.hint':
    'Remove the stray ", or put the whole value in quotes with each " inside doubled ("{before}""…").',
  'input.csv.strayQuote.hint': 'Remove the stray ", or put the whole value in quotes. {quoteHint}',
  'input.csv.notClosed':
    '{at}: a quoted value is never closed (a " is missing), so the rest of the file would be read into it',
  'input.csv.notClosed.hint': 'Add the missing " at the end of that value. {quoteHint}',
  'input.csv.afterClosing':
    '{at}: a closing quote is followed by other characters (a value in quotes must end at the {delimiter} or the end of the line)',
  'input.csv.afterClosing.hint':
    'If that " belongs to the value, double it; otherwise move the text after it inside the quotes. {quoteHint}',
  'input.csv.values.one': '{count} value',
  'input.csv.values.other': '{count} values',
  'input.csv.columns.one': '{count} column',
  'input.csv.columns.other': '{count} columns',
  'input.csv.width': '{where}: this row has {values} but the header has {columns}',
  'input.csv.widthUnknown': '{where}: this row has a different number of columns than the header',
  'input.csv.width.hint':
    'Columns are split on {delimiter}; if that is wrong, give the right delimiter. Values containing {delimiter} must be quoted.',
  'input.csv.tooLarge': '{at}: a row is too large (an unclosed quote?)',
  'input.csv.tooLarge.hint': 'Check the quoting from that line on. {quoteHint}',
  'input.csv.other': '{where}: cannot read this CSV: {reason}',
} as const;
