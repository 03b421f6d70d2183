/** Vietnamese for en-catalog-report.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogReport: Readonly<Record<string, string>> = {
  'report.bookmark.unreadable': 'không đọc được tệp mốc {file}: {reason}',
  'report.bookmark.unreadable.named.hint':
    'Hãy xoá mốc {name} (khi đó lượt chạy sau cần có thời điểm bắt đầu), hoặc khôi phục tệp từ bản sao lưu.',
  'report.bookmark.unreadable.hint':
    'Hãy xoá mốc (với cùng chiến dịch và bộ lọc như các lượt chạy của nó), hoặc xoá tệp.',
  'cli.words.report.bookmark.unreadable.named.hint':
    'Hãy xoá nó bằng đúng lệnh đó, thay --bookmark {name} bằng --bookmark-reset {name} (khi đó lượt chạy sau cần --from), hoặc khôi phục tệp từ bản sao lưu.',
  'cli.words.report.bookmark.unreadable.hint':
    'Hãy xoá nó bằng cacs report --bookmark-reset <tên> (cùng --campaign và bộ lọc như các lượt chạy của nó), hoặc xoá tệp.',

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

  'report.status.tooLong': '{flag}: {value} dài hơn {max} ký tự ({length})',
  'cli.words.report.status.tooLong': '--{flag}: {value} dài hơn {max} ký tự ({length})',
  'report.status.tooLong.hint':
    'Dịch vụ chỉ nhận tối đa {max} ký tự trạng thái cho mỗi yêu cầu; hãy kiểm tra lại chính tả.',

  'report.when.forms.hint':
    'Các dạng được chấp nhận: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], các dạng đó kèm độ lệch múi giờ hoặc Z (2026-11-23T10:00:00+01:00, như lệnh date -Is in ra), dd/mm/yyyy và "dd/mm/yyyy HH:mm[:ss]" (ngày trước, 25/11/2026 14:05), now, today, yesterday, hoặc Nd (N ngày trước, lúc 00:00, ví dụ 7d; 0d là hôm nay). Chỉ ghi ngày thì được hiểu là 00:00:00 khi là điểm bắt đầu và 23:59:59 khi là điểm kết thúc. Giờ không kèm độ lệch được hiểu theo múi giờ của báo cáo.',
  'cli.words.report.when.forms.hint':
    'Các dạng được chấp nhận: yyyy-mm-dd, "yyyy-mm-dd HH:mm[:ss]", yyyy-mm-ddTHH:mm[:ss], các dạng đó kèm độ lệch múi giờ hoặc Z (2026-11-23T10:00:00+01:00, như lệnh date -Is in ra), dd/mm/yyyy và "dd/mm/yyyy HH:mm[:ss]" (ngày trước, 25/11/2026 14:05), now, today, yesterday, hoặc Nd (N ngày trước, lúc 00:00, ví dụ 7d; 0d là hôm nay). Chỉ ghi ngày thì được hiểu là 00:00:00 với --from và 23:59:59 với --to. Giờ không kèm độ lệch được hiểu theo --tz.',
  'report.when.invalid': '{flag} {input}: {why}',
  'cli.words.report.when.invalid': '--{flag} {input}: {why}',
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
    'Ví dụ: {from} "2026-11-01" và {to} "2026-11-30", hoặc {from} "7d" (đến hiện tại).',
  'cli.words.report.range.noFrom.hint':
    'Ví dụ: --{from} 2026-11-01 --{to} 2026-11-30, hoặc --{from} 7d (đến hiện tại).',
  'report.range.reversed': '{from} ({start}) muộn hơn {to} ({end})',
  'cli.words.report.range.reversed': '--{from} ({start}) muộn hơn --{to} ({end})',
  'report.range.reversed.hint': 'Hãy đổi chỗ hai giá trị, hoặc kiểm tra lại chúng.',
  'report.range.reversed.toNow.hint':
    "'{to}' mặc định là thời điểm hiện tại theo múi giờ {zone}: hãy cho '{to}', hoặc một '{from}' sớm hơn.",
  'cli.words.report.range.reversed.toNow.hint':
    '--{to} mặc định là thời điểm hiện tại theo múi giờ {zone}; hãy cho --{to}, hoặc một --{from} sớm hơn.',

  'report.format.mismatch.hint':
    'Hãy dùng {formatFlag} {named} cho tệp {ext}, hoặc {outputFlag} {name} cho {given}.',
  'report.format.unknown.hint':
    'Hãy đặt tên tệp có đuôi {extensions}, hoặc dùng {formatFlag} ({formats}).',

  'report.fetch.recordsNotList': 'dịch vụ trả về records không phải một danh sách',
  'report.fetch.notFoundOther':
    'câu trả lời của dịch vụ cho {from} → {to} là "{message}", nói về một ref_id khác với ref_id đã hỏi ({asked})',
  'report.fetch.notFoundOther.none': 'không có',
  'report.fetch.otherRefId':
    'câu trả lời của dịch vụ cho {from} → {to} có một khách hàng mang ref_id khác ({other}) với ref_id đã hỏi ({asked}): dữ liệu của khách hàng khác',
  'report.fetch.otherRefId.hint':
    'Câu trả lời không khớp với yêu cầu: chưa ghi gì cả. Hãy chạy lại đúng lệnh đó; nếu vẫn vậy, hãy hỏi bên vận hành dịch vụ.',
  'report.fetch.notFoundOther.hint':
    'Câu trả lời không khớp với yêu cầu nên báo cáo có thể thiếu: chưa ghi gì cả. Hãy chạy lại đúng lệnh đó; nếu vẫn vậy, hãy hỏi bên vận hành dịch vụ.',
  'report.fetch.miscounted':
    'câu trả lời của dịch vụ cho {from} → {to} ghi "Have {count} records found" nhưng liệt kê {listed}, dù đã hỏi hai lần',
  'report.fetch.miscounted.status':
    'câu trả lời của dịch vụ cho {from} → {to} (trạng thái {status}) ghi "Have {count} records found" nhưng liệt kê {listed}, dù đã hỏi hai lần',
  'report.fetch.miscounted.hint':
    'Câu trả lời tự mâu thuẫn nên báo cáo có thể thiếu: chưa ghi gì cả. Nếu dịch vụ này vốn đếm theo cách khác, hãy đặt report.countMismatch: warn trong tệp cấu hình.',
  'report.fetch.offStatus':
    '{count} lượt gọi có trạng thái không được yêu cầu ({statuses}; đã yêu cầu: {asked}): có thể dịch vụ đã không áp dụng bộ lọc trạng thái; chúng được giữ nguyên như dịch vụ gửi',
  'report.fetch.numberClash':
    'dịch vụ trả về cho lead {lead} (có thể cả lead khác) một số điện thoại khác trong một bản ghi khác; báo cáo giữ số được trả về trước (khung thời gian sớm nhất)',
  'report.fetch.uncounted':
    '{count} trong {requests} câu trả lời không cho biết có bao nhiêu bản ghi (một câu trả lời ghi {message}, không theo mẫu "Have <n> records found"): các bản ghi của chúng được giữ như đã liệt kê, không đối chiếu được với số lượng',
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

  'report.run.plan': 'báo cáo {range}: {windows} × {groups}',
  'report.run.windows.one': '{count} khoảng thời gian',
  'report.run.windows.other': '{count} khoảng thời gian',
  'report.run.statusGroups.one': '{count} nhóm trạng thái',
  'report.run.statusGroups.other': '{count} nhóm trạng thái',
  'report.run.interrupted.stdout': 'đã dừng giữa chừng: báo cáo in ra stdout chưa đầy đủ',
  'report.run.interrupted.stdout.bookmark':
    'đã dừng giữa chừng: báo cáo in ra stdout chưa đầy đủ; mốc "{bookmark}" chưa được dời',
  'report.run.interrupted.direct': 'đã dừng giữa chừng: báo cáo ghi vào {output} chưa đầy đủ',
  'report.run.stdoutClosed':
    'stdout đã bị đóng trước khi báo cáo xong: mốc "{bookmark}" chưa được dời, lượt chạy sau sẽ lấy lại khoảng thời gian này',
  'report.run.bookmarkedExists':
    '{output}: tệp đã có, và báo cáo theo mốc không bao giờ ghi đè tệp (tệp đó chứa những cuộc gọi mà các lượt chạy sau không lấy lại)',
  'cli.words.report.run.bookmarkedExists':
    '-o {output}: tệp đã có, và báo cáo theo mốc không bao giờ ghi đè tệp (tệp đó chứa những cuộc gọi mà các lượt chạy sau không lấy lại)',
  'report.run.bookmarkedExists.hint':
    'Hãy đưa {from} hoặc {to} vào tên tệp kết quả, hoặc chuyển tệp đó đi chỗ khác; mốc chưa được dời.',
  'cli.words.report.run.bookmarkedExists.hint':
    'Hãy đưa {from} hoặc {to} vào tên tệp (-o "calls-{from}-{to}.csv"), hoặc chuyển tệp đó đi chỗ khác; mốc chưa được dời.',
  'report.run.end.to': 'thời điểm kết thúc đã chọn là {to}',
  'cli.words.report.run.end.to': '--to là {to}',
  'report.run.end.settle':
    'các cuộc gọi sau {to} (bây giờ − {settle}) được để lại cho kết quả ổn định',
  'report.run.nothingNew':
    'không có gì mới để lấy: mốc {name} đã bao gồm đến {covered} (giờ của dịch vụ), và {end}; mốc giữ nguyên',
  'report.run.nothingYet':
    'chưa có gì để lấy: thời điểm bắt đầu đã chọn là {from} (giờ của dịch vụ), và {end}; mốc {name} chưa bắt đầu',
  'cli.words.report.run.nothingYet':
    'chưa có gì để lấy: --from là {from} (giờ của dịch vụ), và {end}; mốc {name} chưa bắt đầu',
  'report.run.nothingNew.noFile':
    '{line}; không ghi tệp nào: {output} được để dành cho lượt chạy có dữ liệu để ghi',
  'report.run.nothingNew.kept': '{line}; {output} (của một lượt chạy trước) được giữ nguyên',
  'report.run.bookmarkMoved':
    'mốc {name} nay đã bao gồm đến {covered} (giờ của dịch vụ, {zone}); lượt chạy sau bắt đầu từ {next}',
  'report.run.range': 'khoảng thời gian: {range}',
  'report.run.range.nothingNew': 'khoảng thời gian: không có gì mới',
  'report.run.requests.one': '{count} yêu cầu',
  'report.run.requests.other': '{count} yêu cầu',
  'report.run.requests.split': '{requests} ({split} được chia nhỏ: câu trả lời quá lớn)',
  'report.run.leads.one': '{count} khách hàng',
  'report.run.leads.other': '{count} khách hàng',
  'report.run.attempts.one': '{count} lượt gọi',
  'report.run.attempts.other': '{count} lượt gọi',
  'report.run.counts': '{leads}, {attempts}',
  'report.run.writtenTo': 'đã ghi vào {output}',
  'report.run.summaryWrittenTo': 'đã ghi bản tóm tắt vào {output}',
  'report.run.fetching': 'Đang lấy {done}/{total} khoảng thời gian…',
  'report.run.fetching.bytes': 'Đang lấy {done}/{total} khoảng thời gian… đã nhận {bytes}',
  'report.run.split.window': '{from} → {to}',
  'report.run.split.what.every': '{window} (mọi trạng thái)',
  'report.run.split.what.status': '{window} (trạng thái {status})',
  'report.run.split.byStatus':
    'câu trả lời vượt {cap} cho {what}: hỏi riêng từng trạng thái ({statuses})',
  'report.run.split.and': '{first} và {second}',
  'report.run.split.unasked':
    'chia nhỏ trước khi hỏi: {what}, vì một khoảng dài như vậy đã vượt {cap}: hỏi {into}',
  'report.run.split.byTime': 'câu trả lời vượt {cap} cho {what}: hỏi {into}',
  'report.range.describe': '{from} → {to} {zone}',
  'report.range.describe.service':
    '{from} → {to} {zone} (giờ dịch vụ: {serviceFrom} → {serviceTo} {serviceZone})',

  'report.bookmark.problem.notObject': 'không phải một đối tượng',
  'report.bookmark.problem.notJsonObject': 'không phải một đối tượng JSON',
  'report.bookmark.problem.version': 'phiên bản {version} (bản cacs này đọc phiên bản 1)',
  'report.bookmark.problem.field': 'trường {field}',
  'report.bookmark.problem.fieldOf': 'trường {field} ({problem})',
  'report.bookmark.notJson': 'không phải JSON (bị hỏng hoặc bị cắt ngắn)',
  'report.bookmark.unexpected': 'sai {problem}',
  'report.bookmark.otherKey': 'tệp này thuộc về mốc {name} ({key}), không phải mốc này',
  'report.bookmark.namesakes.hint':
    'Đã có mốc {name} cho: {keys}. Mỗi mốc được giữ riêng theo chiến dịch, dịch vụ và bộ lọc: hãy dùng đúng chiến dịch, trạng thái và ref id như các lượt chạy của nó.',
  'cli.words.report.bookmark.namesakes.hint':
    'Đã có mốc {name} cho: {keys}. Mỗi mốc được giữ riêng theo chiến dịch, dịch vụ và bộ lọc: hãy dùng đúng --campaign, --status và --ref-id như các lượt chạy của nó.',
  'report.bookmark.what': 'mốc báo cáo {name} (chiến dịch {campaign})',
  'report.bookmark.locked.self': 'chính tiến trình này đang chạy {what}',
  'report.bookmark.locked.self.hint': 'Hãy chờ báo cáo đó xong rồi mới chạy tiếp cùng mốc này.',
  'report.bookmark.locked.starting': 'một lượt chạy cacs khác đang bắt đầu {what} ngay lúc này',
  'report.bookmark.locked.starting.hint':
    'Hãy chờ lượt chạy đó xong rồi chạy lại; mốc không bị dời hai lần.',
  'report.bookmark.locked.pid': 'một lượt chạy cacs khác (pid {pid}) đang chạy {what} ngay lúc này',
  'report.bookmark.locked.command':
    'một lượt chạy cacs khác (pid {pid}, {command}) đang giữ {what} ngay lúc này',
  'report.bookmark.locked.pid.hint':
    'Hãy chờ lượt chạy đó xong (nó sẽ dời mốc), hoặc dừng nó (kill {pid}); khoá do một tiến trình đã chết để lại sẽ được tiếp quản.',
  'report.bookmark.firstRun':
    'mốc {name} chưa có lượt chạy nào thành công ({key}): lượt chạy đầu tiên cần thời điểm bắt đầu',
  'cli.words.report.bookmark.firstRun':
    'mốc {name} chưa có lượt chạy nào thành công ({key}): lượt chạy đầu tiên cần --from',
  'report.bookmark.firstRun.hint':
    'Ví dụ: bắt đầu mốc {name} từ 2026-11-01; mỗi lượt chạy sau bắt đầu từ chỗ lần trước kết thúc.',
  'cli.words.report.bookmark.firstRun.hint':
    'Ví dụ: --bookmark {name} --from 2026-11-01; mỗi lượt chạy sau bắt đầu từ chỗ lần trước kết thúc.',
  'report.bookmark.fromAgain':
    '{from}: mốc {name} đã bao gồm đến {covered} (giờ của dịch vụ, {zone}); lượt chạy sau bắt đầu muộn hơn một giây, để không cuộc gọi nào bị lấy hai lần hay bị sót',
  'cli.words.report.bookmark.fromAgain':
    '--from {from}: mốc {name} đã bao gồm đến {covered} (giờ của dịch vụ, {zone}); lượt chạy sau bắt đầu muộn hơn một giây, để không cuộc gọi nào bị lấy hai lần hay bị sót',
  'report.bookmark.fromAgain.hint':
    'Hãy bỏ thời điểm bắt đầu để chạy tiếp, hoặc xoá mốc {name} trước để bắt đầu lại từ một ngày khác.',
  'cli.words.report.bookmark.fromAgain.hint':
    'Hãy bỏ --from để chạy tiếp, hoặc xoá mốc trước (--bookmark-reset {name}) để bắt đầu lại từ một ngày khác.',
  'report.bookmark.zoneChanged':
    'lưu ý: mốc {name} được dời lần trước với serviceTimezone {was}, nay là {now}; mốc tiếp tục theo giờ của chính dịch vụ ({covered} + 1 giây)',
  'report.bookmark.settled.delivered':
    'lưu ý: mốc {name}: lượt chạy lúc {at} đã dừng ngay sau khi đặt {output} vào chỗ; mốc nay bao gồm đến {to} như lượt chạy đó định làm',
  'report.bookmark.settled.dropped':
    'lưu ý: mốc {name}: lượt chạy lúc {at} đã dừng trước khi báo cáo được đặt vào chỗ; khoảng thời gian của nó (từ {from}) sẽ được lấy lại',
  'report.bookmark.none': 'không có mốc {name} cho {key}',
  'report.bookmark.none.hint': 'Hãy liệt kê các mốc hiện có để tìm nó.',
  'cli.words.report.bookmark.none.hint': 'cacs report --bookmarks liệt kê các mốc hiện có.',
  'report.format.mismatch': '{outputFlag} {output} là tệp {named} nhưng {formatFlag} là {given}',
  'report.format.noExtension': '{outputFlag} {output} không có đuôi tệp để biết định dạng báo cáo',
  'report.format.unknownExtension':
    '{outputFlag} {output}: đuôi {ext} không ứng với định dạng báo cáo nào',
  'report.range.noFrom': 'cần có {from}',
  'cli.words.report.range.noFrom': 'cần có --{from}',

  // ── write.ts: tiêu đề cột của bảng trên màn hình ──
  'report.table.lead': 'KH',
  'report.table.refId': 'REF ID',
  'report.table.phone': 'SĐT',
  'report.table.name': 'HỌ TÊN',
  'report.table.dateTime': 'NGÀY GIỜ',
  'report.table.status': 'TRẠNG THÁI',
  'report.table.wait': 'CHỜ',
  'report.table.talk': 'ĐÀM THOẠI',
  'report.table.calls': 'LƯỢT GỌI',
  'report.table.matching': 'LƯỢT KHỚP',
  'report.table.lastStatus': 'KẾT QUẢ CUỐI',
  'report.table.lastMatching': 'KHỚP CUỐI',
  'report.table.lastCall': 'GỌI CUỐI',
};
