/**
 * Vietnamese for the ids of en-habits.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viHabits: Readonly<Record<string, string>> = {
  // ── số không thuộc dải số di động nào đã cấp (issue 25 mục 3) ───────────────────────────
  'leads.skip.unallocated':
    'số điện thoại {phone} không thuộc dải số di động nào đã được cấp (import.allocatedOnly)',
  'habits.import.unallocated.label': 'số chưa cấp',
  'habits.import.unallocated.sent':
    'không thuộc dải số di động nào đã cấp: gọi nhiều khả năng mất một lượt gọi',
  'habits.import.unallocated.skipped':
    'không gửi: không thuộc dải số di động nào đã cấp (import.allocatedOnly)',
  'habits.import.unallocated.examples': '  số chưa cấp, ví dụ:',
  'habits.import.unallocated.example': '    dòng {line}: {phone}',
};
