/** Vietnamese for en-catalog-report.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogReport: Readonly<Record<string, string>> = {
  'report.bookmark.unreadable': 'không đọc được tệp dấu mốc {file}: {reason}',
  'report.bookmark.unreadable.named.hint':
    'Hãy xoá dấu mốc {name} (khi đó lần chạy sau cần có thời điểm bắt đầu), hoặc khôi phục tệp từ bản sao lưu.',
  'report.bookmark.unreadable.hint':
    'Hãy xoá dấu mốc (với cùng chiến dịch và bộ lọc như các lần chạy của nó), hoặc xoá tệp.',
  'cli.words.report.bookmark.unreadable.named.hint':
    'Hãy xoá nó bằng đúng lệnh đó, thay --bookmark {name} bằng --bookmark-reset {name} (khi đó lần chạy sau cần --from), hoặc khôi phục tệp từ bản sao lưu.',
  'cli.words.report.bookmark.unreadable.hint':
    'Hãy xoá nó bằng cacs report --bookmark-reset <tên> (cùng --campaign và bộ lọc như các lần chạy của nó), hoặc xoá tệp.',

  'report.outputName.unclosed': '{flag} {template}: có dấu { nhưng thiếu dấu } đóng',
  'report.outputName.unknown': '{flag} {template}: không biết chỗ điền {placeholder}',
  'report.outputName.hint':
    'Tên tệp kết quả nhận {from} và {to} (khoảng thời gian đã lấy, theo giờ của dịch vụ, yyyymmdd-HHMMSS) và {date} (ngày hôm nay theo múi giờ của báo cáo, yyyy-mm-dd); viết {{ hoặc }} để có một dấu ngoặc.',
  'cli.words.report.outputName.hint':
    '-o nhận {from} và {to} (khoảng thời gian đã lấy, theo giờ của dịch vụ, yyyymmdd-HHMMSS) và {date} (ngày hôm nay theo --tz, yyyy-mm-dd); viết {{ hoặc }} để có một dấu ngoặc.',

  'report.zip.tooLarge': '{what} sẽ vượt 4 GiB, mức tối đa của một tệp zip không có ZIP64',
  'report.zip.tooLarge.archive': 'tệp nén',
  'report.zip.tooLarge.entries': 'số mục trong tệp nén',
  'report.zip.tooLarge.hint': 'Hãy chọn khoảng thời gian ngắn hơn, hoặc xuất ra CSV.',
  'cli.words.report.zip.tooLarge.hint':
    'Hãy chọn khoảng thời gian ngắn hơn (--from/--to), hoặc xuất ra CSV.',

  'report.status.tooLong.hint':
    'Dịch vụ chỉ nhận tối đa {max} ký tự trạng thái cho mỗi yêu cầu; hãy kiểm tra lại chính tả.',

  'report.when.forms.hint':
    'Các dạng được chấp nhận: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], các dạng đó kèm độ lệch múi giờ hoặc Z (2026-11-23T10:00:00+01:00, như lệnh date -Is in ra), dd/mm/yyyy và "dd/mm/yyyy HH:mm[:ss]" (ngày trước, 25/11/2026 14:05), now, today, yesterday, hoặc Nd (N ngày trước, lúc 00:00, ví dụ 7d; 0d là hôm nay). Chỉ ghi ngày thì được hiểu là 00:00:00 khi là điểm bắt đầu và 23:59:59 khi là điểm kết thúc. Giờ không kèm độ lệch được hiểu theo múi giờ của báo cáo.',
  'cli.words.report.when.forms.hint':
    'Các dạng được chấp nhận: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], các dạng đó kèm độ lệch múi giờ hoặc Z (2026-11-23T10:00:00+01:00, như lệnh date -Is in ra), dd/mm/yyyy và "dd/mm/yyyy HH:mm[:ss]" (ngày trước, 25/11/2026 14:05), now, today, yesterday, hoặc Nd (N ngày trước, lúc 00:00, ví dụ 7d; 0d là hôm nay). Chỉ ghi ngày thì được hiểu là 00:00:00 với --from và 23:59:59 với --to. Giờ không kèm độ lệch được hiểu theo --tz.',
  'report.when.invalid': '{flag} {input}: {why}',
  'report.when.why.tooManyDaysAgo': 'tối đa {max} ngày trước ({max}d)',
  'report.when.why.yearSlash':
    'không đọc dạng yyyy/mm/dd (thứ tự tháng và ngày sẽ phải đoán): hãy viết yyyy-mm-dd hoặc dd/mm/yyyy',
  'report.when.why.empty': 'ngày để trống',
  'report.when.why.unknown': 'không phải ngày hay giờ mà cacs hiểu được',
  'report.when.why.noSuchDayFirst': 'không có ngày này (dd/mm/yyyy: ngày đứng trước)',
  'report.when.why.noSuchDate': 'không có ngày này',
  'report.when.why.noSuchTime': 'không có giờ này',
  'report.when.why.noSuchOffset': 'không có độ lệch múi giờ này',
  'report.timeZone.unknown.hint':
    'Hãy dùng tên múi giờ IANA, ví dụ Asia/Ho_Chi_Minh, Europe/Paris hoặc UTC.',
  // {from} and {to}: the names the range's ends are given by (resolveRange: its flags).
  'report.range.noFrom.hint':
    'Ví dụ: {from} 2026-11-01 {to} 2026-11-30, hoặc {from} 7d (đến hiện tại).',
  'report.range.reversed.hint': 'Hãy đổi chỗ hai giá trị, hoặc kiểm tra lại chúng.',

  'report.format.mismatch.hint':
    'Hãy dùng {formatFlag} {named} cho tệp {ext}, hoặc {outputFlag} {name} cho {given}.',
  'report.format.unknown.hint':
    'Hãy đặt tên tệp có đuôi {extensions}, hoặc dùng {formatFlag} ({formats}).',

  'report.fetch.recordsNotList': 'dịch vụ trả về records không phải một danh sách',
  'report.fetch.miscounted':
    'câu trả lời của dịch vụ cho {from} → {to} ghi "Have {count} records found" nhưng chỉ liệt kê {listed}, dù đã hỏi hai lần',
  'report.fetch.miscounted.status':
    'câu trả lời của dịch vụ cho {from} → {to} (trạng thái {status}) ghi "Have {count} records found" nhưng chỉ liệt kê {listed}, dù đã hỏi hai lần',
  'report.fetch.miscounted.hint':
    'Câu trả lời tự mâu thuẫn nên báo cáo có thể thiếu: chưa ghi gì cả. Nếu dịch vụ này vốn đếm theo cách khác, hãy đặt report.countMismatch: warn trong tệp cấu hình.',
  'report.fetch.miscounted.warned':
    '{what}; đã ghi theo danh sách nhận được (report.countMismatch: warn)',
  'report.fetch.dayRefused':
    'dịch vụ từ chối một khung một ngày ({from} → {to}) vì cho là quá 31 ngày',
  'report.fetch.dayRefused.hint': 'Điều này trái với đặc tả; hãy báo cho bên vận hành.',
  'report.fetch.tooLarge':
    'câu trả lời của dịch vụ cho {from} → {to} (mọi trạng thái) lớn hơn mức {cap} mà cacs đọc cho một yêu cầu, kể cả khi chỉ hỏi một phút',
  'report.fetch.tooLarge.status':
    'câu trả lời của dịch vụ cho {from} → {to} (trạng thái {status}) lớn hơn mức {cap} mà cacs đọc cho một yêu cầu, kể cả khi chỉ hỏi một trạng thái trong một phút',
  'report.fetch.tooLarge.hint':
    'Khi không có danh sách trạng thái, cacs không thể tách yêu cầu theo trạng thái (dịch vụ không liệt kê các trạng thái của nó): hãy nêu tên các trạng thái để hỏi riêng từng cái, hoặc hỏi một khách hàng theo mã ref id. Chưa ghi gì cả.',
  'cli.words.report.fetch.tooLarge.hint':
    'Khi không có --status, cacs không thể tách yêu cầu theo trạng thái (dịch vụ không liệt kê các trạng thái của nó): hãy nêu các trạng thái bằng --status để hỏi riêng từng cái, hoặc hỏi một khách hàng bằng --ref-id. Chưa ghi gì cả.',
  'report.fetch.tooLarge.status.hint':
    'Chưa ghi gì cả. Dịch vụ gửi câu trả lời lớn bất thường cho phút này: hãy báo cho bên vận hành.',
};
