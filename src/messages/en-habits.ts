/**
 * English messages added for the habits work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enHabits = {
  // ── numbers in no allocated mobile range (issue 25 item 3) ──────────────────────────────
  'leads.skip.unallocated':
    'phone_number {phone} is in no allocated mobile range (import.allocatedOnly)',
  'cli.habits.import.unallocated.label': 'unallocated',
  'cli.habits.import.unallocated.sent':
    'in no allocated mobile range: calling them likely wastes an attempt',
  'cli.habits.import.unallocated.skipped':
    'not sent: in no allocated mobile range (import.allocatedOnly)',
  'cli.habits.import.unallocated.examples': '  unallocated numbers, for example:',
  'cli.habits.import.unallocated.example': '    line {line}: {phone}',

  // ── saved layouts (issue 27 item 4) ───────────────────────────────────────────────────
  'habits.layout.none': 'there is no layout {name}: the configuration has no import.layouts',
  'habits.layout.unknown': 'there is no layout {name} (layouts: {known})',
  'habits.layout.unknown.hint':
    'Name one of the layouts in import.layouts of the configuration (cacs config show lists them).',
  'habits.layout.missing':
    'layout {name} needs columns the file does not have: {missing}; its columns are: {columns}',
  'habits.layout.missing.hint':
    'Check that this is the file you meant, or mark those fields optional in import.layouts.{name}.optional.',
  'habits.config.layouts.notMapping': 'expected a mapping of layout names to layouts',
  'habits.config.layouts.optional': 'expected a list of lead fields',
  'habits.config.layout.notMapping': 'expected a mapping with columns (and optional)',
  'habits.config.layout.optionalNotColumn': 'every optional field must be one of its columns',
  'habits.config.layout.noColumns': 'a layout needs columns (lead field → column)',
  'cli.habits.import.layout.flag': '  columns: layout {name} (--layout)',
  'cli.habits.import.layout.headers': "  columns: layout {name} (the file's headers match it)",

  // ── history: times on a named clock, 80 columns (issue 27 items 5, 6) ─────────────────
  'cli.habits.history.clock': 'times: {zone} ({offset})',
  'cli.habits.history.clock.year': 'times: {zone} ({offset}), all in {year}',
  'cli.habits.history.head.service': 'service',
  'cli.habits.history.show.started': 'started   {started} ({clock})',
  'cli.habits.history.show.startedEnded': 'started   {started}, ended {ended} ({clock})',
  'cli.habits.history.find.accepted': 'accepted',
  'cli.habits.history.find.uncertain': 'uncertain',
  'cli.habits.history.find.notImported': 'not imported',
  'cli.habits.history.find.byPhone': 'phone',
  'cli.habits.history.find.byRefId': 'ref_id',
  // ── clocks named (issue 27 item 5) ──────────────────────────────────────────────────
  'cli.habits.range.serviceClock': '(service clock)',
  // ── commander's usage line in the current language (issue 27 item 1) ─────────────────
  'cli.habits.usage.options': '[options]',
  'cli.habits.usage.command': '[command]',
  'cli.help.import.layout':
    'read the columns with a saved layout (import.layouts); without it, a layout whose columns the file has is chosen',
} as const;
