/** Vietnamese for en-catalog-state.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
const ELSEWHERE =
  'hoặc trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới một thư mục khác được giữ lại (cacs ghi nhớ ở đó những gì đã gửi và đã lấy về)';

export const viCatalogState: Readonly<Record<string, string>> = {
  'state.folder.foreign':
    'không dùng thư mục trạng thái {dir}: {at} thuộc về {owner}, không phải người dùng này hay root',
  'state.folder.writable':
    'không dùng thư mục trạng thái {dir}: mọi người dùng đều có thể sửa {at} (quyền {mode})',
  'state.folder.parentWritable':
    'không dùng thư mục trạng thái {dir}: mọi người dùng đều có thể đặt thư mục khác vào chỗ của nó ({parent} có quyền {mode}, không có sticky bit)',
  'state.folder.group':
    'không dùng thư mục trạng thái {dir}: khi chạy bằng root, cacs không dùng thư mục trạng thái mà nhóm của nó có thể sửa ({at} có quyền {mode})',
  'state.folder.parentGroup':
    'không dùng thư mục trạng thái {dir}: khi chạy bằng root, cacs không dùng thư mục trạng thái mà nhóm có thể đặt thư mục khác vào chỗ của nó ({parent} có quyền {mode}, không có bit sticky)',
  'state.folder.group.hint':
    'Hãy bỏ quyền ghi của nhóm (chmod g-w {at}), hoặc chạy cacs bằng một thành viên của nhóm thay vì root, hoặc trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới thư mục riêng của root.',
  'state.folder.special':
    'không dùng thư mục trạng thái: {at} không phải tệp hay thư mục (ống có tên, socket, thiết bị)',
  'state.folder.special.hint':
    'cacs chỉ giữ tệp và thư mục trong thư mục trạng thái, và không đọc hay ghi thứ gì khác: hãy xoá nó, rồi chạy lại cùng lệnh.',
  'state.folder.viaLink': '{problem} (qua liên kết {link})',
  'state.folder.distrusted.hint':
    'Thư mục trạng thái mà người dùng khác sửa được sẽ cho họ khiến cacs gửi lại khách hàng hoặc ghi đè tệp của bạn: hãy trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới thư mục của riêng bạn, hoặc chạy cacs bằng chủ sở hữu của nó.',
  'state.folder.writable.hint':
    'Hãy bỏ quyền ghi của người khác (chmod o-w), hoặc trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới thư mục của riêng bạn.',
  'state.write.link': 'có một liên kết trong {folder} ở chỗ của một tệp của cacs',
  'state.write.special':
    'có một thứ không phải tệp (ống có tên, thiết bị) trong {folder} ở chỗ của một tệp của cacs',
  'state.write.special.hint':
    'cacs chỉ ghi trạng thái vào tệp thông thường: hãy xoá nó khỏi {folder}, rồi chạy lại cùng lệnh.',
  'state.write.link.hint':
    'cacs không bao giờ ghi trạng thái qua một liên kết: hãy xoá liên kết trong {folder} (hoặc chuyển tệp mà nó trỏ tới vào đó), rồi chạy lại cùng lệnh.',
  'state.write.diskFull': 'ổ đĩa đã đầy',
  'state.write.diskFull.hint': `Hãy giải phóng ít nhất {room} trong {folder}, ${ELSEWHERE}, rồi chạy lại đúng lệnh đó.`,
  'state.write.diskFull.free.hint': `Hãy giải phóng ít nhất {room} trong {folder} (hiện còn trống {free}), ${ELSEWHERE}, rồi chạy lại đúng lệnh đó.`,
  'state.write.notFolder': '{folder} là một tệp, không phải thư mục',
  'state.write.notFolder.hint': `Hãy chuyển {folder} đi chỗ khác, ${ELSEWHERE}, rồi chạy lại đúng lệnh đó.`,
  'state.write.readOnly': '{folder} nằm trên hệ thống tệp chỉ đọc',
  'state.write.readOnly.hint': `Hãy gắn (mount) nó ở chế độ ghi được, ${ELSEWHERE}, rồi chạy lại đúng lệnh đó.`,
  'state.write.denied': 'người dùng này không được ghi vào {folder} (không có quyền)',
  'state.write.denied.hint': `Hãy cấp quyền ghi vào {folder} cho người dùng này (hoặc chạy cacs bằng chủ sở hữu của thư mục), ${ELSEWHERE}, rồi chạy lại đúng lệnh đó.`,
  'state.write.failed': 'ghi thất bại ({code})',
  'state.write.cannotMake':
    'không thể tạo {folder} ở đó (một liên kết trỏ tới chỗ không có gì, hoặc một nơi như /proc không chứa thư mục)',
  'state.write.cannotMake.hint':
    'Hãy trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới một thư mục bình thường trên ổ đĩa được giữ lại, rồi chạy lại đúng lệnh đó.',
  'state.write.failed.hint': `Hãy kiểm tra ổ đĩa và thư mục, ${ELSEWHERE}, rồi chạy lại đúng lệnh đó.`,
  'state.write.cannot': 'không ghi được {what} trong {folder}: {why}',
  'state.read.cannot': 'không đọc được {what} trong {folder}: {why}',
  'state.read.denied': 'người dùng này không được đọc (không có quyền)',
  'state.read.denied.hint':
    'Hãy cấp quyền đọc {folder} cho người dùng này (hoặc chạy cacs bằng chủ sở hữu của thư mục), hoặc trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới thư mục trạng thái của chính người dùng này, rồi chạy lại đúng lệnh đó.',
  'state.read.failed': 'đọc không thành công ({code})',
  'state.read.failed.hint': 'Hãy kiểm tra ổ đĩa và thư mục, rồi chạy lại đúng lệnh đó.',

  'state.journal.unwritable': 'không ghi được nhật ký nhập trong {folder}: {why}',
  'state.ledger.unwritable': 'không ghi được sổ ghi nhập trong {folder}: {why}',
  'state.journal.unwritable.otherHint':
    '{hint} Những khách hàng có thể đã tới nơi sẽ không bị gửi lại.',
  'state.journal.diskFull.hint':
    'Hãy giải phóng ít nhất {room} trong {folder}, hoặc trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới thư mục còn chỗ, rồi chạy lại đúng lệnh đó: những khách hàng có thể đã tới nơi sẽ không bị gửi lại.',
  'state.journal.diskFull.free.hint':
    'Hãy giải phóng ít nhất {room} trong {folder} (hiện còn trống {free}), hoặc trỏ CACS_STATE_DIR (hoặc thiết lập stateDir) tới thư mục còn chỗ, rồi chạy lại đúng lệnh đó: những khách hàng có thể đã tới nơi sẽ không bị gửi lại.',
  'state.journal.what': 'nhật ký nhập',
  'state.journal.optionsDiffer':
    'lưu ý: các tuỳ chọn quyết định việc gửi khác với lượt chạy trước; những dòng lần đó đã xử lý xong vẫn được tính là đã xong',
  'state.journal.resume.imported.one': 'đã nhập {count} khách hàng',
  'state.journal.resume.imported.other': 'đã nhập {count} khách hàng',
  'state.journal.resume.skipped.one': 'đã gửi {count} khách hàng (dịch vụ bỏ qua tất cả)',
  'state.journal.resume.skipped.other': 'đã gửi {count} khách hàng (dịch vụ bỏ qua tất cả)',
  'state.journal.resume.refused': 'bị dịch vụ từ chối {count}',
  'state.journal.resume.uncertain': 'để {count} ở trạng thái chưa rõ',
  'state.journal.resume.uncertain.inFlight':
    'để {count} ở trạng thái chưa rõ ({inFlight} đang gửi dở khi dừng)',
  'state.journal.resume.list': '{first} và {last}',
  'state.journal.resume':
    'tiếp tục: một lượt chạy trước của tệp này (bắt đầu lúc {since}) {list}; những khách hàng đó không bị gửi lại',
  'state.journal.resume.retrying':
    'tiếp tục: một lượt chạy trước của tệp này (bắt đầu lúc {since}) {list}; lần này những khách hàng chưa rõ còn phải gửi (chưa được xác định từ đó, cũng không bị giữ lại lần này) sẽ được gửi lại, những khách hàng khác thì không',
  'state.journal.damaged': 'nhật ký {file} bị hỏng ở dòng {line}',
  'state.journal.damaged.hint':
    'Hãy chuyển nó đi chỗ khác, hoặc nhập lại từ đầu (sổ ghi của chiến dịch vẫn giữ lại những khách hàng đã nhập).',
  'state.journal.noHeader': 'nhật ký {file} không có phần đầu',
  'state.journal.noHeader.hint': 'Hãy chuyển nó đi chỗ khác hoặc nhập lại từ đầu.',

  'state.ledger.secret.what': 'khoá bí mật của sổ ghi',
  'state.ledger.secret.missing':
    'thiếu khoá bí mật của sổ ghi {file}, nhưng bên cạnh nó vẫn có các sổ ghi',
  'state.ledger.secret.missing.hint':
    'Hãy khôi phục nó từ bản sao lưu của thư mục trạng thái này; thiếu nó, cacs không biết chiến dịch đã có những khách hàng nào, nên sẽ không gửi gì.',
  'state.ledger.secret.damaged': 'khoá bí mật của sổ ghi {file} bị hỏng ({bytes} byte)',
  'state.ledger.secret.damaged.hint':
    'Hãy khôi phục nó từ bản sao lưu: thiếu nó thì không đọc được các sổ ghi bên cạnh.',
  'state.ledger.secret.unused.hint':
    'Chưa sổ ghi nào dùng nó (bên cạnh không có sổ ghi nào): hãy xoá nó, rồi chạy lại đúng lệnh đó.',
  'state.ledger.damaged': 'sổ ghi {file} bị hỏng ở bản ghi {record}',
  'state.ledger.damaged.hint':
    'Hãy chuyển nó sang chỗ khác (khi đó cacs không còn biết chiến dịch này đã có những khách hàng nào) hoặc khôi phục từ bản sao lưu.',
  'state.ledger.records.one': '{n} bản ghi',
  'state.ledger.records.other': '{n} bản ghi',
  'state.ledger.cut.missing': 'không còn',
  'state.ledger.cut.holds': 'chứa {records} ({bytes} byte)',
  'state.ledger.cut':
    'sổ ghi của chiến dịch {file} {what}, nhưng {meta} bên cạnh cho biết nó chứa {held} sau lượt chạy cuối ghi vào nó: sổ đã bị xoá trắng hoặc bị cắt ngắn, và nếu đọc như hiện tại thì những khách hàng chiến dịch đã có sẽ bị gửi lại. Không gửi gì',
  'state.ledger.cut.hint':
    'Hãy khôi phục {name} từ bản sao lưu của thư mục trạng thái. Để tiếp tục với những gì nó đang chứa (khi đó cacs sẽ gửi lại những khách hàng bị mất), hãy xoá {meta}.',

  'state.lock.import.self': 'tiến trình này đang nhập {what}',
  'state.lock.import.self.hint':
    'Hãy chờ lần nhập đó xong rồi mới bắt đầu lần nhập khác ở đây (cùng tệp, hoặc cùng chiến dịch).',
  'state.lock.import.starting': 'một lượt chạy cacs khác đang bắt đầu nhập {what}',
  'state.lock.import.starting.hint':
    'Hãy chờ nó xong; tệp khoá để trống quá {seconds} giây sẽ được tiếp quản.',
  'state.lock.import.other': 'một lượt chạy cacs khác (pid {pid}) đang nhập {what}',
  'state.lock.holder.reconcile': 'cacs reconcile',
  'state.lock.holder.forget': 'cacs forget',
  'state.lock.holder.prune': 'cacs state prune',
  'state.lock.command.other':
    'một lượt chạy cacs khác (pid {pid}, {command}) đang giữ khoá cần cho việc nhập {what}',
  'state.lock.campaign.command':
    'một lượt chạy cacs khác (pid {pid}) đang chạy {command} trên chiến dịch {campaign}',
  'state.lock.other.hint':
    'Hãy chờ nó xong, hoặc dừng nó (kill {pid}); khoá do tiến trình đã chết để lại sẽ được tiếp quản.',
  'state.lock.file': 'tệp khoá {name}',
  'state.lock.elsewhere':
    'một lượt chạy cacs khác đang giữ {file}: khoá được lấy trên một máy khác dùng chung thư mục trạng thái này (pid {pid} ở máy đó)',
  'state.lock.elsewhere.hint':
    'Hãy chờ lượt chạy đó kết thúc. Nếu nó không còn (máy kia đã tắt), hãy xoá {file} rồi chạy lại.',
  'state.lock.notTaken': 'không lấy được khoá {file}',
  'state.lock.notTaken.hint': 'Có thể một lượt chạy cacs khác đang khởi động; hãy thử lại.',

  'state.bookmark.file': 'mốc {name}',
  'state.bookmark.folderUnreadable': 'không đọc được thư mục mốc {dir}: {code}',
  'state.ledgers.what': 'sổ ghi của các chiến dịch',
  'state.journals.what': 'các nhật ký nhập',
  'state.bookmarks.what': 'các mốc báo cáo',
  'state.erasures.what': 'bản ghi các số đã xoá',
  'state.history.what': 'lịch sử nhập',

  'state.migrate.otherSecret':
    'cơ sở dữ liệu trạng thái {location} đã chứa các sổ ghi tạo bằng khoá bí mật khác với {folder}',
  'state.migrate.otherSecret.hint':
    'Hãy chuyển thư mục này vào một schema riêng (stateSchema), hoặc chuyển nó trước khi có lần nhập nào dùng cơ sở dữ liệu.',

  'cli.words.state.journal.damaged.hint':
    'Hãy chuyển nó đi chỗ khác, hoặc chạy lại với --restart (sổ ghi của chiến dịch vẫn giữ lại những khách hàng đã nhập).',
  'cli.words.state.journal.noHeader.hint': 'Hãy chuyển nó đi chỗ khác hoặc chạy lại với --restart.',
};
