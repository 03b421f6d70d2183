/**
 * Vietnamese for the ids of en-habits.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viHabits: Readonly<Record<string, string>> = {
  // ── số không thuộc dải số di động nào đã cấp (issue 25 mục 3) ───────────────────────────
  'leads.skip.unallocated':
    'số điện thoại {phone} không thuộc dải số di động nào đã được cấp (import.allocatedOnly)',
  'cli.habits.import.unallocated.label': 'số chưa cấp',
  'cli.habits.import.unallocated.sent':
    'không thuộc dải số di động nào đã cấp: gọi nhiều khả năng mất một lượt gọi',
  'cli.habits.import.unallocated.skipped':
    'không gửi: không thuộc dải số di động nào đã cấp (import.allocatedOnly)',
  'cli.habits.import.unallocated.examples': '  số chưa cấp, ví dụ:',
  'cli.habits.import.unallocated.example': '    dòng {line}: {phone}',

  // ── bố cục cột đã lưu (issue 27 mục 4) ───────────────────────────────────────────────
  'habits.layout.none': 'không có bố cục {name}: cấu hình không có import.layouts',
  'habits.layout.unknown': 'không có bố cục {name} (các bố cục: {known})',
  'habits.layout.unknown.hint':
    'Hãy chọn một bố cục trong import.layouts của cấu hình (cacs config show liệt kê chúng).',
  'habits.layout.missing':
    'bố cục {name} cần những cột mà tệp không có: {missing}; các cột của tệp: {columns}',
  'habits.layout.missing.hint':
    'Hãy kiểm tra đúng tệp chưa, hoặc đánh dấu các trường đó là không bắt buộc trong import.layouts.{name}.optional.',
  'habits.config.layouts.notMapping': 'cần một bảng tên bố cục → bố cục',
  'habits.config.layouts.optional': 'cần một danh sách trường của khách hàng',
  'habits.config.layout.notMapping': 'cần một bảng có columns (và optional)',
  'habits.config.layout.optionalNotColumn':
    'mỗi trường trong optional phải là một trong các cột của nó',
  'habits.config.layout.noColumns': 'một bố cục cần columns (trường → cột)',
  'cli.habits.import.layout.flag': '  cột: bố cục {name} (--layout)',
  'cli.habits.import.layout.headers': '  cột: bố cục {name} (tiêu đề cột của tệp khớp với nó)',

  // ── lịch sử: giờ theo múi giờ ghi rõ, vừa 80 cột (issue 27 mục 5, 6) ─────────────────
  'cli.habits.history.clock': 'giờ theo: {zone} ({offset})',
  'cli.habits.history.clock.year': 'năm {year}, giờ theo: {zone} ({offset})',
  'cli.habits.history.head.service': 'dịch vụ',
  'cli.habits.history.show.started': 'bắt đầu    {started} ({clock})',
  'cli.habits.history.show.startedEnded': 'bắt đầu    {started}, kết thúc {ended} ({clock})',
  'cli.habits.history.find.accepted': 'đã nhập',
  'cli.habits.history.find.uncertain': 'chưa rõ',
  'cli.habits.history.find.notImported': 'không nhập được',
  'cli.habits.history.find.byPhone': 'số điện thoại',
  'cli.habits.history.find.byRefId': 'ref_id',
  // ── ghi rõ giờ theo đồng hồ nào (issue 27 mục 5) ─────────────────────────────────────
  'cli.habits.range.serviceClock': '(giờ của dịch vụ)',
  'cli.help.import.layout':
    'đọc các cột theo một bố cục đã lưu (import.layouts); không có cờ này thì chọn bố cục mà tệp có đủ cột',
  // ── dòng cách dùng của commander (issue 27 mục 1) ──────────────────────────────────
  'cli.habits.usage.options': '[tuỳ chọn]',
  'cli.habits.usage.command': '[lệnh]',
};
