/** Vietnamese for en-catalog-config.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogConfig: Readonly<Record<string, string>> = {
  'config.value.got': '{what}, nhận được {value}',
  'config.value.aList': 'một danh sách',
  'config.value.nonEmpty': 'cần một chuỗi không rỗng',
  'config.value.tooLong': 'tối đa {max} ký tự',
  'config.value.wholeNumber': 'cần một số nguyên từ {min} đến {max}',
  'config.value.atLeast': 'cần một số nguyên ít nhất là {min}',
  'config.value.boolean': 'cần true hoặc false',
  'config.value.oneOf': 'cần một trong các giá trị {values}',
  'config.value.notUrl': 'không phải URL: {value}',
  'config.value.notHttp': 'phải là URL http:// hoặc https://',
  'config.value.timeZone': 'múi giờ không xác định {zone}',
  'config.value.regex': 'không phải biểu thức chính quy hợp lệ: {reason}',
  'config.value.size':
    'cần một kích thước tính bằng byte, chẳng hạn 1073741824, "1GiB" hoặc "500MB"',
  'config.value.callHours':
    'cần khung giờ dạng HH:mm-HH:mm với giờ bắt đầu trước giờ kết thúc (chẳng hạn 08:00-17:00), nhận được {value}',
  'config.value.statuses': 'cần một danh sách trạng thái cuộc gọi',
  'config.value.status.text': 'cần trạng thái cuộc gọi dạng chữ',
  'config.value.status.empty': 'cần một trạng thái cuộc gọi, nhận được giá trị rỗng',
  'config.value.statuses.none': 'cần ít nhất một trạng thái cuộc gọi',
  'config.value.stateUrl': 'cần URL postgres:// hoặc postgresql:// (dạng libpq)',
  'config.value.plainName': 'cần một tên đơn giản (chữ cái, chữ số và _)',
  'config.value.stateDir.tilde':
    'hãy ghi đầy đủ đường dẫn thư mục: "~" không được mở rộng (và khi chạy bằng cron, HOME có thể là thư mục khác)',
  'config.value.mapping': 'cần một bảng ánh xạ',
  'config.value.mapping.names': 'cần một bảng ánh xạ từ tên sang giá trị',
  'config.value.mapping.settings': 'cần một bảng thiết lập',
  'config.value.mapping.profiles': 'cần một bảng ánh xạ từ tên hồ sơ sang thiết lập',
  'config.value.mapping.file': 'tệp phải chứa một bảng thiết lập',
  'config.value.phones.text': 'cần số điện thoại dạng chữ',
  'config.value.phones': 'cần một danh sách số điện thoại',
  'config.value.leadField': 'không phải trường khách hàng (các trường: {fields})',
  'config.value.unknownKey': 'khoá không xác định (các khoá có ở đây: {known})',
  'config.value.files': 'cần một danh sách tên tệp',
  'config.value.tokenPair': 'accessToken và accessTokenCommand: chỉ đặt một trong hai',
  'config.value.profilesNested': 'không được lồng hồ sơ trong hồ sơ',

  'config.token.command.hint':
    'Hãy tự chạy lệnh đó để xem nó in ra gì (cacs không bao giờ in kết quả của lệnh: có thể chứa token).',
  'config.token.command.timeout': 'accessTokenCommand không xong trong {seconds}; lệnh đã bị dừng',
  'config.token.command.timeout.hint':
    'Hãy tự chạy lệnh đó: nó phải in ra token mà không chờ nhập liệu. Nếu chỉ là chậm, hãy tăng accessTokenCommandTimeout (mili giây) trong cấu hình.',
  'config.token.command.tooMuch':
    'accessTokenCommand in ra hơn {kib} KiB; lệnh chỉ nên in ra token',
  'config.token.command.notStarted': 'không khởi động được accessTokenCommand ({code})',
  'config.token.command.killed': 'accessTokenCommand thất bại (bị dừng bởi {signal})',
  'config.token.command.failed': 'accessTokenCommand thất bại (mã thoát {code})',
  'config.token.command.nothing': 'accessTokenCommand không in ra gì',
  'config.token.missing': 'chưa đặt token truy cập',
  'config.token.missing.hint':
    'Hãy đặt {env}, hoặc accessToken / accessTokenCommand trong tệp cấu hình (chmod 600 tệp đó). Token không bao giờ được lấy từ dòng lệnh.',
  'config.token.tooLong': 'token truy cập dài hơn {max} ký tự mà dịch vụ cho phép',
  'config.token.tooLong.hint': 'Hãy kiểm tra giá trị (thừa ký tự xuống dòng hay dán nhầm cả tệp?).',
  'config.token.lineBreak': 'token truy cập chứa ký tự xuống dòng hoặc NUL',

  'config.file.syntax.yaml': 'lỗi cú pháp YAML',
  'config.file.syntax.json': 'lỗi cú pháp JSON',
  'config.file.syntax.js': 'lỗi cú pháp JavaScript',
  'config.file.unreadable': 'không đọc được tệp cấu hình {file}: {reason}',
  'config.file.unreadable.line': 'không đọc được tệp cấu hình {file}, dòng {line}: {reason}',
  'config.file.unreadable.lineColumn':
    'không đọc được tệp cấu hình {file}, dòng {line}, cột {column}: {reason}',
  'config.file.denied':
    'không đọc được cấu hình {file}: người dùng này không được đọc (không có quyền)',
  'config.file.denied.hint':
    'Hãy cấp quyền đọc {file} cho người dùng này (hoặc chạy cacs bằng chủ sở hữu của nó), hoặc trỏ HOME hoặc XDG_CONFIG_HOME tới thư mục của chính người dùng này.',
  'cli.words.config.file.denied.hint':
    'Hãy cấp quyền đọc {file} cho người dùng này (hoặc chạy cacs bằng chủ sở hữu của nó), trỏ HOME hoặc XDG_CONFIG_HOME tới thư mục của chính người dùng này, hoặc chỉ rõ tệp cấu hình bằng --config.',
  'config.file.hidden':
    'không biết {file} có phải cấu hình cacs hay không: người dùng này không được xem bên trong {dir} (không có quyền)',
  'config.file.denied.project.hint':
    'Hãy cấp quyền đọc cho người dùng này (hoặc chạy cacs bằng chủ sở hữu của nó), hoặc chỉ rõ tệp cấu hình cần dùng: cấu hình tìm thấy ở thư mục phía trên có hiệu lực cho mọi thư mục bên dưới.',
  'cli.words.config.file.denied.project.hint':
    'Hãy cấp quyền đọc cho người dùng này (hoặc chạy cacs bằng chủ sở hữu của nó), hoặc chỉ rõ tệp cấu hình bằng --config: cấu hình tìm thấy ở thư mục phía trên có hiệu lực cho mọi thư mục bên dưới.',
  'config.file.owner': '{name} (uid {uid})',
  'config.file.owner.uid': 'uid {uid}',
  'config.file.foreign':
    'không đọc cấu hình {file}: tệp thuộc về {owner}, không phải người dùng này hay root',
  'config.file.foreign.hint':
    'Cấu hình tìm thấy khi dò tìm có hiệu lực với bất kỳ ai chạy cacs trong thư mục đó hoặc thư mục con (baseUrl của nó nhận token của họ; tệp JavaScript chạy dưới quyền họ): hãy xoá nó, hoặc chạy cacs ở thư mục khác; nếu tin tưởng tệp, hãy chỉ rõ nó là tệp cấu hình cần dùng.',
  'cli.words.config.file.foreign.hint':
    'Cấu hình tìm thấy khi dò tìm có hiệu lực với bất kỳ ai chạy cacs trong thư mục đó hoặc thư mục con (baseUrl của nó nhận token của họ; tệp JavaScript chạy dưới quyền họ): hãy xoá nó, hoặc chạy cacs ở thư mục khác; nếu tin tưởng tệp, hãy chỉ rõ nó bằng --config.',
  'config.file.writable':
    'không đọc cấu hình {file}: mọi người dùng đều có thể sửa nó (quyền {mode})',
  'config.file.writable.hint':
    'Hãy bỏ quyền ghi của người khác (chmod o-w {file}); nếu tin tưởng tệp như hiện tại, hãy chỉ rõ nó là tệp cấu hình cần dùng.',
  'cli.words.config.file.writable.hint':
    'Hãy bỏ quyền ghi của người khác (chmod o-w {file}); nếu tin tưởng tệp như hiện tại, hãy chỉ rõ nó bằng --config.',
  'config.file.special':
    'không đọc cấu hình {file}: đây không phải tệp thông thường (ống có tên, socket hoặc thiết bị)',
  'config.file.special.hint':
    'Cấu hình tìm thấy khi dò tìm phải là tệp thông thường: hãy xoá tệp này, hoặc chỉ rõ tệp cấu hình cần dùng.',
  'cli.words.config.file.special.hint':
    'Cấu hình tìm thấy khi dò tìm phải là tệp thông thường: hãy xoá tệp này, hoặc chỉ rõ tệp cấu hình cần dùng bằng --config.',
  'config.file.folder.foreign':
    'không đọc cấu hình {file}: {folder} thuộc về {owner}, người có thể đặt tệp khác vào chỗ của nó',
  'config.file.folder.open':
    'không đọc cấu hình {file}: mọi người dùng đều có thể đặt tệp khác vào chỗ của nó ({folder} có quyền {mode}, không có sticky bit)',
  'config.file.group':
    'không đọc cấu hình {file}: khi chạy bằng root, cacs không đọc cấu hình mà nhóm của nó sửa được (quyền {mode})',
  'config.file.folder.group':
    'không đọc cấu hình {file}: khi chạy bằng root, cacs không đọc cấu hình trong thư mục mà nhóm của nó sửa được ({folder} có quyền {mode})',
  'config.file.group.hint':
    'Hãy bỏ quyền ghi của nhóm (chmod g-w {file}), hoặc chạy cacs bằng một thành viên của nhóm thay vì root; nếu tin tưởng tệp như hiện tại, hãy chỉ rõ nó là tệp cấu hình cần dùng.',
  'cli.words.config.file.group.hint':
    'Hãy bỏ quyền ghi của nhóm (chmod g-w {file}), hoặc chạy cacs bằng một thành viên của nhóm thay vì root; nếu tin tưởng tệp như hiện tại, hãy chỉ rõ nó bằng --config.',
  'config.file.foreign.meta':
    'không đọc {file}: tệp thuộc về {owner}, không phải người dùng này hay root, mà cosmiconfig (bộ đọc cấu hình của cacs) đọc nó trong thư mục cacs chạy',
  'config.file.writable.meta':
    'không đọc {file}: mọi người dùng đều có thể sửa nó (quyền {mode}), mà cosmiconfig (bộ đọc cấu hình của cacs) đọc nó trong thư mục cacs chạy',
  'config.file.distrusted.meta.hint':
    'Hãy xoá nó (hoặc bỏ quyền ghi của người khác), hoặc chạy cacs ở thư mục khác.',
  'config.file.failed': 'không đọc được cấu hình {file}: đọc không thành công ({code})',
  'config.file.failed.hint': 'Hãy kiểm tra ổ đĩa và tệp, rồi chạy lại đúng lệnh đó.',
  'config.file.unreadable.hint':
    'Hãy kiểm tra tệp là JSON, YAML hoặc JavaScript hợp lệ (nội dung các dòng không được in ra: có thể chứa token).',
  // Nguồn của một thiết lập, như config show và các quy tắc của bản tóm tắt ghi.
  'config.source.default': 'mặc định',
  'config.source.flag': 'cờ {name}',
  'config.source.env': 'biến môi trường {name}',
  'config.source.user': 'cấu hình người dùng {path}',
  'config.source.project': 'cấu hình dự án {path}',
  'config.source.profile': 'hồ sơ {profile} trong {path}',
};
