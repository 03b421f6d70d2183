/**
 * Vietnamese for the ids of en-privacy.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viPrivacy: Readonly<Record<string, string>> = {
  'privacy.locked': 'một lượt chạy cacs khác (pid {pid}) đang giữ {what}',
  'privacy.locked.hint': 'Chờ lượt chạy đó xong rồi chạy lại đúng lệnh này.',
  'privacy.locked.erasing.hint':
    'Số của họ đã được ghi là đã xoá: từ giờ không lần nhập nào gửi chúng (lượt chạy đang giữ sẽ bỏ chúng khỏi các lô nó tạo từ giờ; lô đã gửi đi thì không thu hồi được); chờ lượt chạy đó xong rồi chạy lại đúng lệnh này để xoá nốt.',
  'privacy.what.erasures': 'bản ghi các số đã xoá',
  'privacy.what.campaign': 'sổ ghi của một chiến dịch',
  'privacy.what.ledger': 'sổ ghi',
  'privacy.what.journal': 'một nhật ký nhập',
  'privacy.what.bookmark': 'một mốc báo cáo',
  'privacy.what.history': 'lịch sử nhập',
  'privacy.help.forget':
    'xoá khách hàng (theo số điện thoại hoặc ref_id) khỏi mọi thứ cacs lưu; họ sẽ không bao giờ được nhập lại',
  'privacy.help.forget.who':
    'số điện thoại (mọi cách viết: 0912…, +84 912…, 84912…, lỗi Excel) hoặc ref_id',
  'privacy.help.forget.file':
    'đọc thêm từ một tệp, mỗi dòng một mục (bỏ qua dòng trống và chú thích #)',
  'privacy.help.forget.campaign':
    'chỉ chiến dịch này (sổ ghi của nó và các tệp nhập sau vào nó); mặc định: mọi chiến dịch',
  'privacy.help.forget.json': 'in biên nhận dưới dạng một đối tượng JSON ra stdout',
  'cli.privacy.help.forget.after':
    '\nVí dụ:\n  $ cacs forget 0912345678\n  $ cacs forget "+84 912 345 678" CUST-0042\n  $ cacs forget --file yeu-cau-xoa.txt --json > bien-nhan.json\n\nCác mục trong sổ ghi của họ trở thành bản ghi xoá (một mã băm có khoá, không có số); các dòng của họ bị gỡ khỏi mọi danh sách bị loại, bỏ qua và chưa rõ kết quả mà cacs đã ghi; nhật ký và mốc báo cáo không giữ gì đọc được về họ; lịch sử ghi lại việc xoá mà không có số điện thoại. Dòng của họ trong một tệp sau này bị bỏ qua với lý do erased, kể cả với --allow-repeat hoặc --restart. Chạy lại không có hại (một lần xoá bị dừng giữa chừng sẽ được làm nốt).',
  'privacy.help.prune':
    'xoá những gì cũ hơn state.retentionDays (không bao giờ xoá bản ghi về việc xoá, cũng không xoá lần nhập chưa xong)',
  'privacy.help.prune.dryRun': 'chỉ cho biết sẽ xoá những gì',
  'privacy.help.prune.json': 'in những gì đã xoá dưới dạng một đối tượng JSON ra stdout',
  'privacy.forget.placeholder':
    '{query} là giá trị giữ chỗ mà nhiều khách hàng cùng có (N/A, 0, none, không có…), không phải của một người: chưa xoá gì cả',
  'privacy.forget.placeholder.hint': 'Hãy cho số điện thoại của người đó, hoặc ref_id thật của họ.',
  'privacy.forget.listUnreadable': 'không đọc được danh sách {file} ({reason})',
  'privacy.forget.listUnreadable.hint':
    'Hãy đưa một tệp văn bản, mỗi dòng một số điện thoại hoặc ref_id.',
  'cli.privacy.forget.notCleaned.one':
    'việc xoá chưa trọn vẹn: còn {count} dòng về họ trong một danh sách cacs không xoá được',
  'cli.privacy.forget.notCleaned.other':
    'việc xoá chưa trọn vẹn: còn {count} dòng về họ trong các danh sách cacs không xoá được',
  'cli.privacy.forget.notRead':
    'việc xoá có thể chưa trọn vẹn: có danh sách có thể chứa dòng về họ mà cacs không đọc hoặc không xoá được',
  'cli.privacy.forget.notCleaned.hint':
    'Hãy tự xoá các dòng đó (receipt.notCleaned ghi rõ từng tệp và lý do), hoặc cho phép ghi các tệp đó rồi chạy lại đúng lệnh đó.',
  'privacy.forget.nobody':
    'không có ai để xoá: hãy đưa số điện thoại hoặc ref_id (queries), hoặc danh sách (files)',
  'privacy.forget.nobody.hint': "Ví dụ: forgetLeads({ queries: ['0912345678', 'CUST-0042'] })",
  'privacy.forget.noBaseUrl': 'campaignKey cần địa chỉ dịch vụ (baseUrl) để biết là sổ ghi nào',
  'privacy.forget.noBaseUrl.hint':
    'Hãy đưa cả baseUrl, hoặc bỏ campaignKey để xoá họ trong mọi chiến dịch.',
  'cli.privacy.forget.nobody':
    'không có ai để xoá: hãy đưa số điện thoại hoặc ref_id, hoặc --file <danh sách>',
  'cli.privacy.forget.nobody.hint': 'Ví dụ: cacs forget 0912345678 CUST-0042',
  'cli.privacy.forget.noBaseUrl': '--campaign cần địa chỉ dịch vụ (baseUrl) để biết là sổ ghi nào',
  'cli.privacy.forget.noBaseUrl.hint':
    'Hãy đặt baseUrl (tệp cấu hình, CACS_BASE_URL hoặc --base-url), hoặc bỏ --campaign để xoá họ khỏi mọi chiến dịch.',
  'privacy.receipt.title': 'biên nhận xoá — {at} — trạng thái: {store}',
  'privacy.receipt.campaign': 'chiến dịch: {campaign}',
  'privacy.receipt.everyCampaign': 'chiến dịch: tất cả',
  'privacy.receipt.phone.one': '  số điện thoại {query}: đã gỡ {count} dòng khỏi các danh sách',
  'privacy.receipt.phone.other': '  số điện thoại {query}: đã gỡ {count} dòng khỏi các danh sách',
  'privacy.receipt.ref.one': '  ref_id {query}: đã gỡ {count} dòng khỏi các danh sách',
  'privacy.receipt.ref.other': '  ref_id {query}: đã gỡ {count} dòng khỏi các danh sách',
  'privacy.receipt.nothingHeld':
    'không lưu gì: cacs không giữ gì về họ (không có bản ghi trong sổ, không có dòng trong danh sách).',
  'privacy.receipt.blocked':
    'Dù vậy họ vẫn được ghi là đã xoá: dòng của họ trong một tệp sau này sẽ bị bỏ qua với lý do erased.',
  'privacy.receipt.refNotKept':
    'ref_id không được ghi là đã xoá (khách hàng khác có thể dùng chung): một dòng sau này có {refs} chỉ bị bỏ qua khi số điện thoại của nó là một số đã xoá ở đây.',
  'privacy.receipt.ledger.one':
    '  sổ ghi của {campaign} tại {service}: {count} bản ghi được thay bằng bản ghi xoá',
  'privacy.receipt.ledger.other':
    '  sổ ghi của {campaign} tại {service}: {count} bản ghi được thay bằng bản ghi xoá',
  'privacy.receipt.file.one': '  {file}: đã gỡ {count} dòng',
  'privacy.receipt.file.other': '  {file}: đã gỡ {count} dòng',
  'privacy.receipt.notCleaned.one':
    '  CHƯA XOÁ ĐƯỢC: {file}: còn {count} dòng về họ ({reason}): hãy tự xoá dòng đó',
  'privacy.receipt.notCleaned.other':
    '  CHƯA XOÁ ĐƯỢC: {file}: còn {count} dòng về họ ({reason}): hãy tự xoá các dòng đó',
  'privacy.receipt.notRead':
    '  CHƯA XOÁ ĐƯỢC: {file}: không đọc được ({reason}): có thể còn dòng về họ; hãy chạy lại đúng lệnh đó bằng một người dùng đọc được tệp này',
  'privacy.notCleaned.unreadable':
    'cacs không còn đọc được danh sách này: đã được lưu ở dạng khác (UTF-16) hoặc dòng tiêu đề đã bị sửa',
  'privacy.notCleaned.encoding': 'không phải văn bản UTF-8: đã được lưu lại bằng bảng mã khác',
  'privacy.receipt.journals': '  nhật ký: đã ghi lại {journals} tệp (xoá trắng nội dung về họ)',
  'privacy.receipt.bookmarks': '  mốc báo cáo: đã xoá {bookmarks} (giữ cho một ref_id đã xoá)',
  'privacy.receipt.done.one':
    'đã xoá: {count} số được ghi là đã xoá (một mã băm có khoá) và sẽ không bao giờ được nhập lại qua trạng thái này ({store}).',
  'privacy.receipt.done.other':
    'đã xoá: {count} số được ghi là đã xoá (mỗi số một mã băm có khoá) và sẽ không bao giờ được nhập lại qua trạng thái này ({store}).',
  'privacy.prune.noRetention':
    'chưa đặt thời hạn lưu: state.retentionDays chưa đặt nên cacs giữ mọi thứ',
  'cli.privacy.prune.noRetention.hint':
    'Hãy đặt trong tệp cấu hình, ví dụ {"state": {"retentionDays": 365}}, rồi chạy cacs state prune --dry-run.',
  'privacy.prune.title.one':
    'đã dọn những gì cũ hơn {count} ngày (trước {cutoff}) — trạng thái: {store}',
  'privacy.prune.title.other':
    'đã dọn những gì cũ hơn {count} ngày (trước {cutoff}) — trạng thái: {store}',
  'privacy.prune.titleDry.one':
    'chạy thử: sẽ dọn những gì cũ hơn {count} ngày (trước {cutoff}) — trạng thái: {store}',
  'privacy.prune.titleDry.other':
    'chạy thử: sẽ dọn những gì cũ hơn {count} ngày (trước {cutoff}) — trạng thái: {store}',
  'privacy.prune.ledger': '  bản ghi trong sổ: {records}',
  'privacy.prune.journals': '  nhật ký của các tệp đã nhập xong: {journals}',
  'privacy.prune.runs': '  lượt chạy trong lịch sử: {runs}',
  'privacy.prune.files': '  danh sách bị loại/bỏ qua/chưa rõ kết quả: {files}',
  'privacy.prune.temp':
    '  thư mục tạm do các lượt chạy bị dừng đột ngột để lại (khách hàng đã lưu tạm, dữ liệu báo cáo): {folders}',
  'privacy.prune.keptUncertain':
    'giữ lại: {leads} khách hàng vẫn chưa rõ kết quả (giữ đến khi rõ: chạy cacs reconcile)',
  'privacy.prune.keptUnfinished':
    'giữ lại: nhật ký của {input} (lần nhập đó chưa xong: còn khách hàng đang gửi hoặc chưa rõ kết quả)',
  'privacy.prune.erasuresKept': 'bản ghi xoá không bao giờ bị dọn.',
  'privacy.reminder':
    'state.retentionDays là {days} và cacs state prune đã không chạy từ một ngày trở lên (lần cuối: {last}); hãy chạy cacs state prune để xoá những gì cũ hơn',
  'privacy.reminder.never': 'chưa bao giờ',
  'import.row.erased':
    'đã xoá theo yêu cầu ({when}): khách hàng rút lại sự đồng ý, không bao giờ nhập lại',
  'privacy.summary.erased.label': 'đã xoá',
  'privacy.summary.erased':
    'không gửi: đã xoá theo yêu cầu (cacs forget); khách hàng rút lại sự đồng ý',
};
