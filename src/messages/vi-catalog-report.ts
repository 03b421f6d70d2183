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
};
