/**
 * English messages of column mapping (src/leads/columns.ts: which input column feeds which lead
 * field, `field=Column` mappings). Spread into the catalog by en-catalog.ts. The library's
 * messages name no command-line flag; the `cli.words.leads.columns.…` ids are the CLI's wording
 * of the same messages (src/cli/render/advice.ts CLI_WORDS), which names its flags.
 */
export const enCatalogColumns = {
  // ── How headers are shown in a message ───────────────────────────────────────────────
  'leads.columns.longHeader': '{start}… ({count} characters)',
  'leads.columns.more': '{shown}, … and {count} more',
  'leads.columns.none': '(none)',

  // ── planColumns ──────────────────────────────────────────────────────────────────────
  'leads.columns.duplicate':
    'duplicate header: column {first} ({firstHeader}) and column {second} ({secondHeader}) are the same once case, spaces, dashes and accents are ignored',
  'leads.columns.duplicate.hint':
    'rename one of the two columns in the file so every header is distinct',
  'leads.columns.notField': 'cannot map {field}: it is not a lead field',
  'leads.columns.fields.hint': 'the lead fields are {fields}',
  'leads.columns.mappedMissing':
    '{field} is mapped to column {column}, which is not in the file; its columns are: {columns}',
  'leads.columns.mappedMissing.hint':
    'check the spelling of the column mapped to {field} (or import.columns in the configuration)',
  'leads.columns.mappedTwice': 'column {column} is mapped to both {other} and {field}',
  'leads.columns.mappedTwice.hint': 'map each column to one field only',
  'leads.columns.noHeader': 'column {n} has no header',
  'leads.columns.valueWithoutHeader':
    '{where}: column {n} has no header, but this row has a value in it',
  'leads.columns.unusableHeader': 'column {n} has no usable header ({header})',
  'leads.columns.noHeaders': 'columns {list} have no header',
  'leads.columns.noHeader.hint':
    'give every column a header in the first row, or leave out the columns without one',
  'leads.columns.clash.many': '{columns} all match {field}',
  'leads.columns.clash.two': '{names} and {last} both match {field}',
  'leads.columns.clash.all': '{names} and {last} all match {field}',
  'leads.columns.ambiguous': 'ambiguous columns: {clashes}',
  'leads.columns.ambiguous.hint':
    'choose one of them for {field} (e.g. {field}={example}); then map the other to a free field (field01) or leave out the columns that match no field',
  'leads.columns.noPhone':
    'no phone column: none of the columns ({columns}) is phone_number or one of its aliases',
  'leads.columns.noPhone.hint': 'name the phone column: map phone_number to it',
  'leads.columns.oneColumn':
    'one column only ({columns}): its name holds {delimiter} {count} times, so the file is likely separated by {delimiter}, not by the delimiter it was read with',
  'leads.columns.oneColumn.hint':
    'read it with the delimiter {value} (or, if another delimiter was given, give none: cacs finds it)',
  'leads.columns.shadowed': '{header} ({field} is already mapped to {column})',
  'leads.columns.unmapped.one': 'a column matches no lead field: {described}',
  'leads.columns.unmapped.many': 'columns that match no lead field: {described}',
  'leads.columns.unmapped.hint': 'map them to lead fields, or leave them out',
  'leads.columns.unmapped.free.hint': 'map them to free fields ({suggestion}), or leave them out',
  'leads.columns.mapPair': '{field}={column}',

  // ── parseMapFlags: `field=Column` ────────────────────────────────────────────────────
  'leads.columns.map.form': '{value} is not of the form field=Column',
  'leads.columns.map.form.hint':
    'write it as phone_number="Số ĐT" (the lead field, "=", the column header)',
  'leads.columns.map.notField': '{value}: {name} is not a lead field',
  'leads.columns.map.notField.guess': '{value}: {name} is not a lead field (did you mean {guess}?)',
  'leads.columns.map.noColumn': '{value}: no column given for {field}',
  'leads.columns.map.noColumn.hint': 'write it as {field}=<column header>',
  'leads.columns.map.twice': '{field} is given twice ({first} and {second})',
  'leads.columns.map.twice.hint': 'keep one mapping for {field}',

  // ── The CLI's wording of the hints above (CLI_WORDS): today's sentences, with flags ──
  'cli.words.leads.columns.mappedMissing.hint':
    'check the spelling in --map {field}=<column> (or import.columns in the configuration)',
  'cli.words.leads.columns.noHeader.hint':
    'give every column a header in the first row, or pass --ignore-unmapped to skip columns without one',
  'cli.words.leads.columns.ambiguous.hint':
    'choose one with --map {field}=<one of them> (e.g. --map {field}={example}); then map the other to a free field (--map field01=<column>) or pass --ignore-unmapped',
  'cli.words.leads.columns.noPhone.hint': 'name the phone column with --map phone_number=<column>',
  'cli.words.leads.columns.oneColumn.hint':
    'use --delimiter {value} (or, if you gave another --delimiter, leave it out: cacs finds it)',
  'cli.words.leads.columns.unmapped.hint':
    'map them to lead fields with --map field=<column> or pass --ignore-unmapped to leave them out',
  'cli.words.leads.columns.unmapped.free.hint':
    'map them to free fields ({suggestion}) or pass --ignore-unmapped to leave them out',
  'cli.words.leads.columns.mapPair': '--map {field}={column}',
  'cli.words.leads.columns.map.form.hint':
    'write it as --map phone_number="Số ĐT" (the lead field, "=", the column header)',
  'cli.words.leads.columns.map.noColumn.hint': 'write it as --map {field}=<column header>',
  'cli.words.leads.columns.map.twice.hint': 'keep one --map {field}=<column>',
} as const;
