/**
 * English messages added for the habits work, spread into the English catalog by en.ts. Whole
 * sentences with named placeholders, like en.ts.
 */
export const enHabits = {
  // ── numbers in no allocated mobile range (issue 25 item 3) ──────────────────────────────
  'leads.skip.unallocated':
    'phone_number {phone} is in no allocated mobile range (import.allocatedOnly)',
  'habits.import.unallocated.label': 'unallocated',
  'habits.import.unallocated.sent':
    'in no allocated mobile range: calling them likely wastes an attempt',
  'habits.import.unallocated.skipped':
    'not sent: in no allocated mobile range (import.allocatedOnly)',
  'habits.import.unallocated.examples': '  unallocated numbers, for example:',
  'habits.import.unallocated.example': '    line {line}: {phone}',
} as const;
