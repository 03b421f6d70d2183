/**
 * Vietnamese for en-catalog-columns.ts (same ids, same placeholders). Spread into the Vietnamese
 * catalog by vi-catalog.ts.
 */
export const viCatalogColumns: Readonly<Record<string, string>> = {
  'leads.columns.longHeader': '{start}… ({count} ký tự)',
  'leads.columns.more': '{shown}, … và {count} cột nữa',
  'leads.columns.none': '(không có)',

  'leads.columns.duplicate':
    'tiêu đề bị trùng: cột {first} ({firstHeader}) và cột {second} ({secondHeader}) giống nhau khi bỏ qua chữ hoa/thường, khoảng trắng, gạch nối và dấu',
  'leads.columns.duplicate.hint':
    'hãy đổi tên một trong hai cột trong tệp để mỗi tiêu đề là duy nhất',
  'leads.columns.notField': 'không thể ánh xạ {field}: đây không phải là trường của khách hàng',
  'leads.columns.fields.hint': 'các trường của khách hàng là {fields}',
  'leads.columns.mappedMissing':
    '{field} được ánh xạ tới cột {column}, nhưng tệp không có cột này; các cột của tệp là: {columns}',
  'leads.columns.mappedMissing.hint':
    'hãy kiểm tra lại chính tả của cột được ánh xạ tới {field} (hoặc import.columns trong cấu hình)',
  'leads.columns.mappedTwice': 'cột {column} được ánh xạ tới cả {other} lẫn {field}',
  'leads.columns.mappedTwice.hint': 'mỗi cột chỉ ánh xạ tới một trường',
  'leads.columns.noHeader': 'cột {n} không có tiêu đề',
  'leads.columns.valueWithoutHeader':
    '{where}: cột {n} không có tiêu đề, nhưng dòng này có giá trị ở cột đó',
  'leads.columns.unusableHeader': 'cột {n} không có tiêu đề dùng được ({header})',
  'leads.columns.noHeaders': 'các cột {list} không có tiêu đề',
  'leads.columns.noHeader.hint':
    'hãy đặt tiêu đề cho mọi cột ở dòng đầu tiên, hoặc bỏ qua các cột không có tiêu đề',
  'leads.columns.clash.many': '{columns} đều khớp với {field}',
  'leads.columns.clash.two': '{names} và {last} đều khớp với {field}',
  'leads.columns.clash.all': '{names} và {last} đều khớp với {field}',
  'leads.columns.ambiguous': 'không rõ dùng cột nào: {clashes}',
  'leads.columns.ambiguous.hint':
    'hãy chọn một cột cho {field} (ví dụ {field}={example}); rồi ánh xạ cột còn lại tới một trường tự do (field01) hoặc bỏ qua các cột không khớp trường nào',
  'leads.columns.noPhone':
    'không có cột số điện thoại: không cột nào ({columns}) là phone_number hay một tên gọi khác của nó',
  'leads.columns.noPhone.hint': 'hãy chỉ rõ cột số điện thoại: ánh xạ phone_number tới cột đó',
  'leads.columns.oneColumn':
    'chỉ có một cột ({columns}): tên cột chứa {delimiter} {count} lần, nên tệp có lẽ được phân tách bằng {delimiter}, không phải bằng dấu phân cách đã dùng để đọc',
  'leads.columns.oneColumn.hint':
    'hãy đọc với dấu phân cách {value} (hoặc, nếu đã chỉ định một dấu khác, đừng chỉ định: cacs tự nhận ra)',
  'leads.columns.shadowed': '{header} ({field} đã được ánh xạ tới {column})',
  'leads.columns.unmapped.one': 'một cột không khớp với trường nào của khách hàng: {described}',
  'leads.columns.unmapped.many': 'các cột không khớp với trường nào của khách hàng: {described}',
  'leads.columns.unmapped.hint':
    'hãy ánh xạ chúng tới các trường của khách hàng, hoặc bỏ qua chúng',
  'leads.columns.unmapped.free.hint':
    'hãy ánh xạ chúng tới các trường tự do ({suggestion}), hoặc bỏ qua chúng',
  'leads.columns.mapPair': '{field}={column}',

  'leads.columns.map.form': '{value} không đúng dạng trường=Cột',
  'leads.columns.map.form.hint':
    'hãy viết phone_number="Số ĐT" (tên trường, dấu "=", rồi tiêu đề cột)',
  'leads.columns.map.notField': '{value}: {name} không phải là trường của khách hàng',
  'leads.columns.map.notField.guess':
    '{value}: {name} không phải là trường của khách hàng (có phải ý bạn là {guess}?)',
  'leads.columns.map.noColumn': '{value}: chưa nêu cột cho {field}',
  'leads.columns.map.noColumn.hint': 'hãy viết {field}=<tiêu đề cột>',
  'leads.columns.map.twice': '{field} được nêu hai lần ({first} và {second})',
  'leads.columns.map.twice.hint': 'chỉ giữ một ánh xạ cho {field}',

  'cli.words.leads.columns.mappedMissing.hint':
    'hãy kiểm tra lại chính tả trong --map {field}=<cột> (hoặc import.columns trong cấu hình)',
  'cli.words.leads.columns.noHeader.hint':
    'hãy đặt tiêu đề cho mọi cột ở dòng đầu tiên, hoặc dùng --ignore-unmapped để bỏ qua các cột không có tiêu đề',
  'cli.words.leads.columns.ambiguous.hint':
    'hãy chọn một cột bằng --map {field}=<một trong số đó> (ví dụ --map {field}={example}); rồi ánh xạ cột còn lại tới một trường tự do (--map field01=<cột>) hoặc dùng --ignore-unmapped',
  'cli.words.leads.columns.oneColumn.hint':
    'hãy dùng --delimiter {value} (hoặc, nếu đã đưa một --delimiter khác, hãy bỏ nó: cacs tự nhận ra)',
  'cli.words.leads.columns.noPhone.hint':
    'hãy chỉ rõ cột số điện thoại bằng --map phone_number=<cột>',
  'cli.words.leads.columns.unmapped.hint':
    'hãy ánh xạ chúng tới các trường của khách hàng bằng --map trường=<cột> hoặc dùng --ignore-unmapped để bỏ qua chúng',
  'cli.words.leads.columns.unmapped.free.hint':
    'hãy ánh xạ chúng tới các trường tự do ({suggestion}) hoặc dùng --ignore-unmapped để bỏ qua chúng',
  'cli.words.leads.columns.mapPair': '--map {field}={column}',
  'cli.words.leads.columns.map.form.hint':
    'hãy viết --map phone_number="Số ĐT" (tên trường, dấu "=", rồi tiêu đề cột)',
  'cli.words.leads.columns.map.noColumn.hint': 'hãy viết --map {field}=<tiêu đề cột>',
  'cli.words.leads.columns.map.twice.hint': 'chỉ giữ một --map {field}=<cột>',
};
