/** Vietnamese for en-catalog-input.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogInput: Readonly<Record<string, string>> = {
  'input.json.aList': 'một danh sách',
  'input.json.notObject.element':
    '{where}: phần tử phải là một đối tượng gồm các trường khách hàng, nhận được {kind}',
  'input.json.notObject.line':
    '{where}: dòng phải là một đối tượng gồm các trường khách hàng, nhận được {kind}',
  'input.json.field.list':
    '{where}: "{key}" chứa một danh sách; trường khách hàng phải là chữ hoặc số',
  'input.json.field.object':
    '{where}: "{key}" chứa một đối tượng; trường khách hàng phải là chữ hoặc số',
  'input.json.tooLarge': '{file}: tệp lớn hơn {max}, mức tối đa cacs đọc cho một tài liệu JSON',
  'input.json.tooLarge.hint':
    'Mảng JSON được đọc toàn bộ vào bộ nhớ: hãy ghi danh sách khách hàng dạng NDJSON (mỗi dòng một đối tượng, .ndjson), hoặc CSV.',
  'input.json.invalid': '{where}: JSON không hợp lệ ({reason})',
  'input.json.reason.end': 'văn bản kết thúc giữa chừng một giá trị',
  'input.json.reason.unterminated': 'một chuỗi chưa được đóng',
  'input.json.reason.token': '{token} không đúng chỗ',
  'input.json.reason.after': 'còn văn bản sau khi giá trị đã kết thúc',
  'input.json.reason.name': 'cần tên trường trong dấu ngoặc kép',
  'input.json.reason.colon': 'cần dấu ":" sau tên trường',
  'input.json.reason.comma': 'cần dấu "," hoặc dấu đóng ngoặc',
  'input.json.reason.control': 'có ký tự điều khiển (xuống dòng, tab) trong chuỗi',
  'input.json.reason.number':
    'một số JSON không đọc được (số 0 ở đầu: hãy ghi số điện thoại trong dấu ngoặc kép, "0912…")',
  'input.json.reason.escape':
    'dấu gạch chéo ngược không mở đầu ký tự thoát nào (ghi \\\\ cho một dấu)',
  'input.json.invalid.hint':
    'Tệp khách hàng dạng JSON là một mảng đối tượng, hoặc {"data": [...]}. Nếu mỗi dòng một đối tượng, hãy dùng .ndjson.',
  'input.json.notList': '{file}: cần một mảng khách hàng hoặc {"data": [...]}',
  'input.json.empty': '{file}: danh sách khách hàng trống',
  'input.ndjson.invalid.hint': 'NDJSON có một đối tượng JSON hoàn chỉnh trên mỗi dòng.',
  'input.ndjson.lineTooLong':
    '{where}: dòng dài hơn {max}, mức tối đa cacs đọc cho một dòng NDJSON',
  'input.ndjson.lineTooLong.hint':
    'NDJSON có một khách hàng trên mỗi dòng; dòng dài thế này không phải một khách hàng (mất ký tự xuống dòng, hay không phải NDJSON?).',
  'input.ndjson.empty': '{file}: không có khách hàng nào (mọi dòng đều trống)',

  'input.spool.diskFull':
    '{name}: ổ đĩa chứa {dir} đã đầy (đã chép {copied} dữ liệu đầu vào vào đó)',
  'input.spool.tooLittleRoom':
    '{name}: chỉ còn trống {free} trong {dir}; cacs cần ít nhất {margin} trống ở đó để giữ một bản sao dữ liệu đầu vào',
  'input.spool.noRoom':
    '{name}: không đủ chỗ trống trong {dir}: đã chép {copied} dữ liệu đầu vào, còn trống {free} (cacs luôn chừa ít nhất {margin})',
  'input.spool.noRoom.hint':
    'Hãy giải phóng bớt dung lượng, đặt TMPDIR tới thư mục còn nhiều chỗ hơn, hoặc nhập tệp theo tên thay vì qua pipe.',
  'input.spool.interrupted': 'bị ngắt khi đang đọc {name}: không gửi gì',
  'input.spool.tooLarge':
    '{name}: lớn hơn {max}, mức tối đa cacs giữ cho dữ liệu đầu vào đọc qua pipe',
  'input.spool.tooLarge.hint': 'Hãy nhập tệp theo tên (cacs import leads.csv).',
  'input.spool.tooLarge.raise.hint':
    'Hãy nhập tệp theo tên (cacs import leads.csv), hoặc nâng giới hạn bằng {advice}.',
  'input.spool.unreadable': '{name}: không đọc được vào {dir} ({code})',
  'input.spool.readFailed': '{name}: đọc bị lỗi ({why}); chưa có gì được nhập',
  'input.spool.readFailed.hint':
    'Hãy chạy lại lệnh nhập khi nguồn dữ liệu có thể đọc được trọn vẹn.',

  'input.xlsx.csv.hint':
    'Hãy lưu từ Excel dưới dạng "CSV UTF-8 (Comma delimited)" rồi nhập tệp đó.',
  'input.ods': '{file} là bảng tính OpenDocument (.ods), cacs không đọc được loại này',
  'input.ods.hint':
    'Hãy lưu dưới dạng .xlsx hoặc CSV (UTF-8) — trong LibreOffice Calc: File › Save As… — rồi nhập tệp đó.',
  'input.odf': '{file} là tài liệu OpenDocument {kind}, không phải bảng tính',
  'input.odf.hint': 'Hãy xuất danh sách khách hàng ra .xlsx hoặc CSV (UTF-8), rồi nhập tệp đó.',
  'input.xlsx.corrupt': '{file}: không đọc được tệp Excel này ({why})',
  'input.xlsx.sheetTooLarge': '{file}: trang tính quá lớn để đọc từ Excel',
  'input.xlsx.damagedZip': 'tệp zip bị hỏng: {reason}',
  'input.xlsx.noSuchFile': '{file}: không có tệp này',
  'input.xlsx.cannotRead': '{file}: không đọc được ({code})',
  'input.xlsx.oldOrProtected': 'tệp Excel 97-2003 .xls cũ, hoặc tệp có đặt mật khẩu',
  'input.xlsx.notZip': 'không phải tệp nén zip',
  'input.xlsx.missingSharedString': 'ô {cell} trỏ tới một chuỗi dùng chung không tồn tại',

  'input.changed': '{file} đã thay đổi trong khi đang được nhập',
};
