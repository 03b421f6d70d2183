/** Vietnamese for en-catalog-lib.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogLib: Readonly<Record<string, string>> = {
  'leads.dnc.stopped.import.unusable':
    'Không gửi gì: cacs không nhập khi thiếu danh sách không gọi đã được chỉ định.',
  'leads.dnc.stopped.import.empty':
    'Không gửi gì: danh sách không có số nào sẽ bị từ chối, để một bản xuất bị trống không bao giờ cho mọi khách hàng lọt qua.',
  'leads.dnc.stopped.report.unusable':
    'Chưa hỏi dịch vụ: kiểm tra tuân thủ không chạy khi thiếu danh sách không gọi đã được chỉ định.',
  'leads.dnc.stopped.report.empty':
    'Chưa hỏi dịch vụ: danh sách không có số nào sẽ bị từ chối, để một bản xuất bị trống không bao giờ coi mọi cuộc gọi là hợp lệ.',
  'leads.dnc.phonePattern': 'mẫu số điện thoại {pattern} không phải biểu thức chính quy hợp lệ',
  'leads.dnc.phonePattern.hint':
    'hãy sửa import.phonePattern trong cấu hình (một biểu thức chính quy JavaScript)',
  'leads.dnc.phoneColumns':
    '{name}: {count} cột trông giống cột số điện thoại ({columns}); danh sách không gọi cần đúng một cột',
  'leads.dnc.phoneColumns.hint':
    'Hãy giữ một cột số điện thoại trong danh sách, hoặc lưu riêng các số thành tệp văn bản, mỗi dòng một số.',
  'leads.dnc.noPhoneColumn':
    '{name}: không có cột số điện thoại: không cột nào ({columns}) là phone_number hay tên gọi khác của nó',
  'leads.dnc.noPhoneColumn.hint':
    'Hãy đặt tên cột chứa số là phone_number (hoặc phone, mobile, sdt, số điện thoại…), hoặc lưu riêng các số thành tệp văn bản, mỗi dòng một số.',
  'leads.dnc.unusable.hint': '{stopped} Hãy sửa hoặc thay tệp, hoặc bỏ nó khỏi {from}.',
  'leads.dnc.encoding.hint':
    'Hãy lưu danh sách dưới dạng UTF-8 (Excel: "CSV UTF-8") hoặc Unicode Text: danh sách được đọc như UTF-8, hoặc theo dấu thứ tự byte (BOM) của nó.',
  'leads.dnc.error': 'danh sách không gọi {message}',
  'leads.dnc.unreadable': 'danh sách không gọi {name}: không đọc được ({code})',
  'leads.dnc.notFile': '{name}: không phải tệp thông thường (là pipe hoặc thiết bị)',
  'leads.dnc.notFile.hint': 'Hãy lưu danh sách ra tệp trước, rồi chỉ định tệp đó.',
  'leads.dnc.noPhone': 'danh sách không gọi {name}: không có số điện thoại nào',
  'leads.dnc.noPhone.ignored.one':
    'danh sách không gọi {name}: không có số điện thoại nào ({count} mục không phải số điện thoại, ví dụ dòng {line}: {value})',
  'leads.dnc.noPhone.ignored.other':
    'danh sách không gọi {name}: không có số điện thoại nào ({count} mục không phải số điện thoại, ví dụ dòng {line}: {value})',
  'leads.dnc.noPhone.hint':
    '{stopped} Hãy kiểm tra tệp (cột số điện thoại, mỗi dòng một số), hoặc bỏ nó khỏi {from}.',
  'leads.dnc.reason': 'có trong danh sách không gọi {list}',
  'leads.dnc.ignored.one':
    'danh sách không gọi {list}: {count} mục không phải số điện thoại sau khi chuẩn hoá nên bị bỏ qua ({examples})',
  'leads.dnc.ignored.other':
    'danh sách không gọi {list}: {count} mục không phải số điện thoại sau khi chuẩn hoá nên bị bỏ qua ({examples})',
  'leads.dnc.example': 'dòng {line}: {value}',

  'leads.duplicate': 'phone_number {phone} đã có ở dòng {line}',
  'leads.blankOnly.one': '{file}: không có dòng dữ liệu: dòng sau tiêu đề bị trống',
  'leads.blankOnly.other': '{file}: không có dòng dữ liệu: cả {count} dòng sau tiêu đề đều trống',
  'leads.blankOnly.hint': 'Hãy kiểm tra đây có đúng tệp bạn định dùng (bản xuất bị trống?).',

  'delivery.history.find.empty': 'hãy cho một số điện thoại hoặc một ref_id để tìm',
  'delivery.reconcile.notFoundYet':
    'chưa tìm thấy (khách hàng chỉ xuất hiện trong báo cáo sau khi đã được gọi)',
  'delivery.lock.campaign': 'vào chiến dịch {campaign}',
  'delivery.sidecars.notWritable':
    'không ghi được vào {dir}: các danh sách của lần nhập này được ghi vào {cwd}',

  'lib.option.delimiter': 'delimiter {value}: {choices}',
  'lib.option.delimiter.choices': 'dùng một trong , ; tab |',
  'lib.option.format': 'format {value}: cần một trong {formats}',
  'lib.option.wholeNumber': 'cần một số nguyên từ {min} đến {max}',
  'emulator.portInUse': 'cổng {port} trên {host} đang được dùng',
  'emulator.portInUse.hint': 'Hãy chọn cổng khác, hoặc cổng 0 để lấy một cổng trống bất kỳ.',
  'lib.token.blank': 'mã truy cập (access token) để trống',
  'lib.token.tooLong': 'mã truy cập dài hơn {max} ký tự mà dịch vụ chấp nhận',
  'lib.token.control':
    'mã truy cập có một ký tự điều khiển (xuống dòng, tab…) ở ký tự thứ {position}',
  'lib.token.nonAscii':
    'mã truy cập có một ký tự ngoài bảng ASCII ở ký tự thứ {position}: header không thể mang nó như đã viết',
  'lib.token.blanks': 'mã truy cập bắt đầu hoặc kết thúc bằng dấu cách',
  'lib.token.hint':
    'Hãy kiểm tra rằng nó được sao chép đầy đủ và không kèm gì khác, đúng như bên vận hành dịch vụ cung cấp (mã không được hiển thị).',
  'lib.options.notObject': '{fn}: cần một đối tượng chứa các tuỳ chọn, không phải {got}',
  'lib.options.required': 'cần có {key}',
  'lib.options.unknown': 'không có tuỳ chọn {key}',
  'lib.options.unknown.near': 'không có tuỳ chọn {key} (ý bạn là {near}?)',
  'lib.options.kind': '{key}: cần {expected}, không phải {got}',
  'lib.options.kind.oneOf': 'một trong {choices}',
  'lib.options.kind.string': 'một chuỗi',
  'lib.options.kind.number': 'một số',
  'lib.options.kind.boolean': 'true hoặc false',
  'lib.options.kind.function': 'một hàm',
  'lib.options.kind.object': 'một đối tượng',
  'lib.options.kind.client': 'một client tạo bằng createClient()',
  'lib.options.kind.date': 'một Date hợp lệ',
  'lib.options.kind.strings': 'một danh sách chuỗi',
  'lib.options.kind.stringOrStrings': 'một chuỗi hoặc một danh sách chuỗi',
  'lib.options.kind.stringOrUrl': 'một chuỗi hoặc một URL',
  'lib.options.kind.stringOrFalse': 'một chuỗi hoặc false',
  'lib.options.kind.signal': 'một AbortSignal',
  'lib.options.kind.stream': 'một luồng đọc được',
  'lib.options.client': 'client: cần một client tạo bằng createClient (hoặc new CacsClient)',
  'lib.options.timeZone': '{key} {zone}: múi giờ không xác định',
  'lib.serviceUrl.missing': '{fn}: hãy cho serviceUrl (địa chỉ mà client kết nối tới)',
  'lib.import.serviceUrl.hint':
    'Hãy tạo client bằng createClient(), hoặc truyền serviceUrl, hoặc stateDir: false.',
  'lib.reconcile.serviceUrl.hint': 'Hãy tạo client bằng createClient(), hoặc truyền serviceUrl.',
  'lib.import.clientNeeded': 'runImport: cần một client, trừ khi đặt dryRun',
  'lib.import.fileNeeded': 'runImport: hãy cho file (hoặc input, một stream)',
  'lib.serviceOrClient': '{fn}: hãy cho serviceUrl, hoặc một client tạo bằng createClient()',
  'lib.campaignKey.empty': '{fn}: campaignKey trống',
  'lib.migrate.notPostgres': 'to: {url} không phải URL postgres:// hoặc postgresql://',

  'write.errno.notDescriptor': 'không phải descriptor đang mở',
  'write.errno.loop': 'quá nhiều tầng liên kết tượng trưng',
  'report.spill.unwritable':
    'báo cáo lớn hơn report.memoryBudget, và không ghi được vào thư mục tạm {folder} của nó ({code})',
  'report.spill.unwritable.hint':
    'Hãy giải phóng bớt dung lượng ở đó, hoặc đặt TMPDIR tới thư mục còn nhiều chỗ hơn (hoặc tăng report.memoryBudget); không ghi gì cả.',
  'report.callHours.invalid':
    'khung giờ gọi {value}: cần dạng HH:mm-HH:mm với giờ bắt đầu trước giờ kết thúc, chẳng hạn 08:00-17:00',
  'report.maxCallsPer24h.invalid':
    'maxCallsPer24h: cần một số nguyên ít nhất là 1, nhận được {value}',
  'report.output.permissionDenied': 'không có quyền',
  'report.bookmark.badName': '{flag} {name}: không phải tên mốc hợp lệ',
  'report.bookmark.badName.hint':
    'Hãy dùng chữ cái, chữ số, ".", "_" và "-" (tối đa 64 ký tự, bắt đầu bằng chữ cái hoặc chữ số), ví dụ nightly.',
  'report.bookmark.noFilters': 'không có bộ lọc',
  'report.bookmark.key': 'chiến dịch {campaign}, {service}, {filters}',
  'report.duration.hint':
    'Hãy viết một số kèm đơn vị: 90s, 30m, 1h, 1h30m, 2d (s, m, h, d); 0 nếu không dùng.',
  'report.duration.invalid': '{flag} {value}: {why}',
  'report.duration.noUnit': 'số cần có đơn vị',
  'report.duration.unknown': 'không phải khoảng thời gian cacs hiểu được',
  'report.duration.twice': 'đơn vị {unit} được dùng hai lần',
  'report.duration.tooLong': 'quá dài',
  'report.duration.max': 'tối đa 31 ngày',
};
