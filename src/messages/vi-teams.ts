/**
 * Vietnamese for the ids of en-teams.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viTeams: Readonly<Record<string, string>> = {
  'teams.help.state.migrate.folders':
    'các thư mục trạng thái cần chép, của từng nhân viên (mặc định: của máy này, stateDir)',
  'teams.migrate.noFolder': 'không có thư mục trạng thái {folder}',
  'teams.migrated.secret.kept':
    '  sổ ghi của thư mục này được tạo bằng khóa bí mật khác với cơ sở dữ liệu: được giữ riêng bên cạnh, và vẫn được tra bằng khóa của chính nó',
  'teams.migrated.bookmarks': '  mốc báo cáo: đã chép {copied}{unreadable}',
  'teams.migrated.bookmarks.already':
    '  mốc báo cáo: đã chép {copied}, {already} đã có sẵn (giữ bản trong cơ sở dữ liệu){unreadable}',
  'teams.migrated.bookmarks.unreadable': '; {unreadable} không đọc được, không chép',
  'teams.pg.connectionLost': 'mất kết nối',
  'teams.pg.location': '{db} (lược đồ {schema})',
};
