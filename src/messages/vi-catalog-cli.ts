/** Vietnamese for en-catalog-cli.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogCli: Readonly<Record<string, string>> = {
  'cli.client.proxy': 'dùng proxy {proxy} cho {host}',

  'cli.help.global.baseUrl': 'địa chỉ dịch vụ (biến môi trường CACS_BASE_URL, cấu hình baseUrl)',
  'cli.help.global.profile': 'dùng một hồ sơ trong cấu hình (biến môi trường CACS_PROFILE)',
  'cli.help.global.config': 'đọc thiết lập từ tệp này thay vì tự tìm',
  'cli.help.global.timeout': 'thời gian chờ mỗi yêu cầu, tính bằng mili giây (mặc định {default})',
  'cli.help.global.quiet': 'không hiện tiến độ hay tóm tắt trên stderr; chỉ lỗi và cảnh báo',
  'cli.help.global.verbose':
    'ghi vết các yêu cầu HTTP trên stderr (token được che), kèm stack trace khi có lỗi',
  'cli.help.global.noColor': 'không dùng màu (cũng tôn trọng NO_COLOR)',
  'cli.help.global.insecureHttp': 'cho phép http:// thường tới máy không phải loopback',

  'cli.flagValue.wholeNumber': 'cần một số nguyên từ {min} đến {max}.',
  'cli.flagValue.number': 'cần một số từ {min} đến {max}.',
  'cli.flagValue.refId': 'tối đa {max} ký tự (giới hạn của dịch vụ)',
  'cli.flagValue.timeZone': 'múi giờ không xác định',
  'cli.flagValue.regex': 'không phải biểu thức chính quy hợp lệ: {reason}',
  'cli.flagValue.campaignKey': 'mã chiến dịch dài từ 1 đến {max} ký tự',

  'cli.tokenFileReadable':
    '{file} chứa token truy cập và người dùng khác đọc được; hãy chạy: chmod 600 {file}',
  'cli.stoppedAtOnce': '{signal} lần nữa: dừng ngay; {what}',
  'cli.stoppedAtOnce.import':
    'các lô đang gửi được để ở trạng thái chưa rõ: chạy lại đúng lệnh nhập đó để biết lô nào và gửi phần còn lại, rồi cacs reconcile để đối soát chúng',
  'cli.stoppedAtOnce.report': 'không báo cáo nào được ghi',
  'cli.stoppedAtOnce.reconcile': 'không đối soát được gì (sổ ghi không đổi)',
  'cli.stoppedAtOnce.emulator': 'trình giả lập đã dừng',
  'cli.stoppedAtOnce.other': 'không làm gì thêm',

  'cli.bookmark.listAndReset': '--bookmarks và --bookmark-reset: chỉ dùng một trong hai',
  'cli.bookmark.fetchesNoReport': '{flag} không lấy báo cáo nào: hãy bỏ {extra}',
  'cli.bookmark.list.hint':
    'cacs report --bookmarks [--campaign <c>] [--format json] liệt kê các mốc.',
  'cli.bookmark.reset.hint':
    'cacs report --bookmark-reset <name> [--campaign <c>] [--status …] [--ref-id …] xoá một mốc.',
  'cli.bookmark.list.format': '--bookmarks liệt kê dạng bảng hoặc JSON, không phải {format}',
  'cli.bookmark.list.format.hint': 'Dùng --format json, hoặc bỏ --format.',
  'cli.bookmark.settleAlone': '--settle dùng cho báo cáo nối tiếp: hãy cho thêm --bookmark <name>',
  'cli.bookmark.settleAlone.hint':
    'Không có mốc thì --to cho biết báo cáo kết thúc ở đâu (mặc định: bây giờ).',
  'cli.bookmark.settleAndTo': '--settle và --to: chỉ dùng một trong hai',
  'cli.bookmark.settleAndTo.hint':
    '--to kết thúc báo cáo ở thời điểm bạn chọn; không có nó, báo cáo có mốc kết thúc ở bây giờ trừ --settle (mặc định {settle}).',
  'cli.bookmarks.head.name': 'TÊN',
  'cli.bookmarks.head.campaign': 'CHIẾN DỊCH',
  'cli.bookmarks.head.filters': 'BỘ LỌC',
  'cli.bookmarks.head.coveredUntil': 'ĐÃ LẤY ĐẾN',
  'cli.bookmarks.head.lastRun': 'LƯỢT CHẠY CUỐI',
  'cli.bookmarks.head.runs': 'SỐ LẦN',
  'cli.bookmarks.head.service': 'DỊCH VỤ',
  'cli.bookmarks.footer.one':
    '{count} mốc trong {stateDir}; ĐÃ LẤY ĐẾN theo đồng hồ của dịch vụ ({zones}), LƯỢT CHẠY CUỐI theo {timezone}',
  'cli.bookmarks.footer.other':
    '{count} mốc trong {stateDir}; ĐÃ LẤY ĐẾN theo đồng hồ của dịch vụ ({zones}), LƯỢT CHẠY CUỐI theo {timezone}',
  'cli.bookmarks.footerCovered.one':
    '{count} mốc trong {stateDir}; ĐÃ LẤY ĐẾN theo đồng hồ của dịch vụ ({zones})',
  'cli.bookmarks.footerCovered.other':
    '{count} mốc trong {stateDir}; ĐÃ LẤY ĐẾN theo đồng hồ của dịch vụ ({zones})',
  'cli.bookmarks.none': 'không có mốc nào trong {stateDir}',
  'cli.bookmarks.none.campaign': 'không có mốc nào của chiến dịch {campaign} trong {stateDir}',
  'cli.bookmark.forgot.unreadable':
    'đã xoá mốc {name} ({key}): không đọc được tệp {file} của nó ({reason}) nên tệp đã bị xoá; lượt chạy tới cần --from',
  'cli.bookmark.forgot.one':
    'đã xoá mốc {name} ({key}): nó đã lấy từ {from} → {until} (đồng hồ dịch vụ, {zone}) qua {count} lượt chạy, lần cuối lúc {last} {timezone}; lượt chạy tới cần --from',
  'cli.bookmark.forgot.other':
    'đã xoá mốc {name} ({key}): nó đã lấy từ {from} → {until} (đồng hồ dịch vụ, {zone}) qua {count} lượt chạy, lần cuối lúc {last} {timezone}; lượt chạy tới cần --from',
};
