/**
 * Vietnamese for the ids of en-outcomes.ts, spread into the Vietnamese catalog by vi.ts (same ids,
 * same placeholders as the English).
 */
export const viOutcomes: Readonly<Record<string, string>> = {
  'outcomes.join.columnClash':
    '{file}: cột {column} đã trùng tên với một cột kết quả mà cacs thêm vào',
  'outcomes.join.columnClash.hint':
    'Đổi tên hoặc bỏ cột đó (các cột kết quả là call_status, call_attempts, first_call_at, last_call_at, talk_time_total, answered, campaign_lead_id, carrier), hoặc ghép vào danh sách khách hàng gốc thay vì một tệp đã ghép trước đó.',
  'outcomes.join.mapMissing': '{file}: không có cột {column} được chỉ định cho {field} trong tệp',
  'outcomes.join.ambiguous': '{file}: có nhiều hơn một cột có thể là {field}: {columns}',
  'outcomes.join.ambiguous.hint': 'Hãy chỉ rõ cột trong ánh xạ cột ({field}=<cột>).',
  'outcomes.join.noPhone': '{file}: không tìm thấy cột số điện thoại',
  'outcomes.join.noPhone.hint':
    'Hãy ánh xạ cột đó (phone_number=<cột>); các tiêu đề như phone, mobile, sdt hoặc số điện thoại được tự nhận ra.',
  'outcomes.join.sidecarGone':
    'lưu ý: {file}, được ghi khi nhập tệp này, không còn nữa: các dòng trong đó không được đánh dấu NOT_IMPORTED',
  'outcomes.join.sidecarChanged':
    'lưu ý: {file} đã bị sửa sau khi cacs ghi lúc nhập tệp này: tệp không được dùng, các dòng trong đó không được đánh dấu NOT_IMPORTED',
  'outcomes.join.noImportFound':
    '{file}: lịch sử của cacs không có lần nhập tệp này vào chiến dịch {campaign}, nên báo cáo không có thời điểm bắt đầu',
  'outcomes.recycle.fromRequired':
    'danh sách gọi lại không kèm danh sách khách hàng thì cần thời điểm bắt đầu của khoảng thời gian',
  'outcomes.fromRequired.hint':
    'Hãy cho thời điểm bắt đầu (7d, 2026-11-01…); khi có danh sách khách hàng, mặc định là lúc tệp được nhập lần đầu.',
  'outcomes.nothingAsked':
    'không có việc gì để làm: hãy yêu cầu ghép (join), gọi lại (recycle) hoặc cả hai',
  'outcomes.recycle.badGap': '{flag} {value} không phải là khoảng thời gian cacs hiểu được',
  'outcomes.recycle.badGap.hint':
    'Viết {flag} theo phút, giờ hoặc ngày: 90m, 24h, 7d (tối đa 366d).',
  'outcomes.recycle.badMaxAttempts':
    'số cuộc gọi tối đa {value}: hãy cho một số nguyên từ 1 trở lên',
  'cli.outcomes.help.join':
    'ghi lại chính danh sách khách hàng này, giữ nguyên mọi dòng và cột, thêm kết quả của từng khách hàng (call_status, call_attempts, first_call_at, last_call_at, talk_time_total, answered, campaign_lead_id, carrier); --from mặc định là lúc tệp được nhập lần đầu',
  'cli.outcomes.help.recycle':
    'ghi một tệp sẵn sàng để nhập gồm các khách hàng cần gọi lại (trạng thái cuối chưa bắt máy, hoặc thuộc report.recycleStatuses); với --join giữ nguyên các cột của tệp',
  'cli.outcomes.help.maxAttempts':
    '--recycle: bỏ các khách hàng đã được gọi từ ngần này cuộc gọi trở lên',
  'cli.outcomes.help.minGap':
    '--recycle: chỉ lấy khách hàng có cuộc gọi cuối cách đây ít nhất ngần này: 90m, 24h, 7d (mặc định 24h)',
  'cli.outcomes.help.sheet':
    '--join: trang tính xlsx cần đọc (tên hoặc số thứ tự; mặc định: trang hiện đầu tiên)',
  'cli.outcomes.help.delimiter': '--join: dấu phân cách CSV (mặc định: tự nhận ra)',
  'cli.outcomes.help.encoding': '--join: bảng mã của tệp (mặc định: theo BOM, nếu không thì UTF-8)',
  'cli.outcomes.help.map':
    '--join: cột của một trường khách hàng (phone_number=Mobile, ref_id=Code); có thể lặp lại',
  'cli.outcomes.help.suppress':
    '--recycle: một danh sách không gọi (cùng với cấu hình import.suppress); có thể lặp lại',
  'cli.outcomes.format':
    '--format {format}: danh sách khách hàng được ghi dưới dạng csv, json, ndjson hoặc xlsx',
  'cli.outcomes.format.hint':
    'Dùng -o <tên>.csv, .json, .ndjson hoặc .xlsx, hoặc --format csv|json|ndjson|xlsx.',
  'cli.outcomes.formatClash': '-o {output} là tệp {named} nhưng --format là {format}',
  'cli.outcomes.extension':
    '-o {output}: phần mở rộng không cho biết định dạng danh sách khách hàng',
  'cli.outcomes.notWith': '{flag} không dùng cùng --join hoặc --recycle',
  'cli.outcomes.recycleOnly': '{flag} chỉ dùng với --recycle',
  'cli.outcomes.joinOnly': '{flag} dùng để đọc tệp --join: hãy cho cả --join',
  'cli.outcomes.xlsxTerminal': 'xlsx là tệp nhị phân; hãy dùng -o tệp.xlsx',
  'cli.outcomes.fetching': 'Đang lấy {done}/{total} khoảng thời gian…',
  'cli.outcomes.stdout': 'stdout',
  'cli.outcomes.range':
    'khoảng thời gian: {from} → {to} (giờ của dịch vụ) · {leads} khách hàng, {attempts} lượt gọi',
  'cli.outcomes.rangeFromHistory':
    'khoảng thời gian: {from} (lúc tệp được nhập lần đầu) → {to} (giờ của dịch vụ) · {leads} khách hàng, {attempts} lượt gọi',
  'cli.outcomes.notInFile.one':
    '{count} khách hàng trong báo cáo không có trong {file} (chỉ đếm, không ghi)',
  'cli.outcomes.notInFile.other':
    '{count} khách hàng trong báo cáo không có trong {file} (chỉ đếm, không ghi)',
  'cli.outcomes.joined.one':
    'đã ghi {count} dòng vào {where}: {called} đã gọi, {notCalled} chưa gọi, {notImported} chưa nhập',
  'cli.outcomes.joined.other':
    'đã ghi {count} dòng vào {where}: {called} đã gọi, {notCalled} chưa gọi, {notImported} chưa nhập',
  'cli.outcomes.recycled.one': 'đã ghi {count} khách hàng cần gọi lại vào {where}',
  'cli.outcomes.recycled.other': 'đã ghi {count} khách hàng cần gọi lại vào {where}',
  'report.stop.violations.afterErasure':
    '{calls} tới khách hàng sau khi họ đã bị xoá bằng cacs forget',
  'cli.outcomes.joinedErased.one':
    '  {count} dòng là khách hàng đã bị xoá bằng cacs forget: call_status ERASED, không ghi kết quả cuộc gọi',
  'cli.outcomes.joinedErased.other':
    '  {count} dòng là khách hàng đã bị xoá bằng cacs forget: call_status ERASED, không ghi kết quả cuộc gọi',
  'cli.outcomes.joinedBlank.one':
    '  {count} dòng trống (không có khách hàng): ghi lại, không có kết quả',
  'cli.outcomes.joinedBlank.other':
    '  {count} dòng trống (không có khách hàng): ghi lại, không có kết quả',
  'cli.outcomes.excludedBlank.one': '  bỏ {count}: dòng trống (không có khách hàng)',
  'cli.outcomes.excludedBlank.other': '  bỏ {count}: dòng trống (không có khách hàng)',
  'cli.outcomes.excluded.erased.one': '  bỏ {count}: khách hàng đã bị xoá bằng cacs forget',
  'cli.outcomes.excluded.erased.other': '  bỏ {count}: khách hàng đã bị xoá bằng cacs forget',
  'cli.outcomes.excluded.notImported.one': '  bỏ {count}: chưa được nhập (theo lịch sử)',
  'cli.outcomes.excluded.notImported.other': '  bỏ {count}: chưa được nhập (theo lịch sử)',
  'cli.outcomes.excluded.invalidPhone.one': '  bỏ {count}: số điện thoại sẽ bị loại khi nhập',
  'cli.outcomes.excluded.invalidPhone.other': '  bỏ {count}: số điện thoại sẽ bị loại khi nhập',
  'cli.outcomes.excluded.notCalled.one': '  bỏ {count}: chưa được gọi trong khoảng thời gian',
  'cli.outcomes.excluded.notCalled.other': '  bỏ {count}: chưa được gọi trong khoảng thời gian',
  'cli.outcomes.excluded.status.one':
    '  bỏ {count}: trạng thái cuối đã bắt máy, hoặc không thuộc report.recycleStatuses',
  'cli.outcomes.excluded.status.other':
    '  bỏ {count}: trạng thái cuối đã bắt máy, hoặc không thuộc report.recycleStatuses',
  'cli.outcomes.excluded.maxAttempts.one': '  bỏ {count}: đã đủ --max-attempts',
  'cli.outcomes.excluded.maxAttempts.other': '  bỏ {count}: đã đủ --max-attempts',
  'cli.outcomes.excluded.minGap.one': '  bỏ {count}: cuộc gọi cuối chưa quá --min-gap',
  'cli.outcomes.excluded.minGap.other': '  bỏ {count}: cuộc gọi cuối chưa quá --min-gap',
  'cli.outcomes.excluded.doNotCall.one': '  bỏ {count}: có trong danh sách không gọi',
  'cli.outcomes.excluded.doNotCall.other': '  bỏ {count}: có trong danh sách không gọi',
  'cli.outcomes.excluded.duplicate.one':
    '  bỏ {count}: trùng số điện thoại với dòng trước trong tệp',
  'cli.outcomes.excluded.duplicate.other':
    '  bỏ {count}: trùng số điện thoại với dòng trước trong tệp',
  'cli.outcomes.recycleFrom': '--recycle không kèm --join thì cần --from',
  'cli.outcomes.recycleFrom.hint':
    'Hãy cho --from (7d, 2026-11-01…); với --join, mặc định là lúc tệp được nhập lần đầu.',
  'cli.reportRun.violations.hint':
    'Đầu ra đã đầy đủ. cacs report --summary cho xem mẫu; các quy tắc là phần thiết lập (README: Summary and compliance).',
  'cli.reportRun.unquoted':
    '--{name} {date} {time}: ngày có kèm giờ phải đặt trong dấu nháy, nếu không shell sẽ tách làm hai',
  'cli.reportRun.unquoted.hint': 'Hãy viết --{name} "{date} {time}" (hoặc --{name} {date}T{time}).',
  'cli.reportRun.strayTime':
    'đối số không mong đợi {arg}: có vẻ là giờ của một ngày không được đặt trong dấu nháy',
  'cli.reportRun.strayTime.hint':
    'Đặt ngày kèm giờ trong dấu nháy: --from "2026-11-23 10:00". Xem cacs report --help.',
  'cli.reportRun.stray': 'đối số không mong đợi {arg}: cacs report chỉ nhận các tùy chọn',
  'cli.reportRun.stray.hint':
    'Ngày đặt sau --from và --to, trạng thái đặt sau --status. Xem cacs report --help.',
  'cli.reportRun.flattenSummary':
    '--flatten định dạng các bản ghi, còn --summary không in bản ghi nào',
  'cli.reportRun.flattenSummary.hint':
    'Bỏ --flatten (cấu hình report.flatten được bỏ qua khi có --summary).',
  'cli.reportRun.bom': '--bom dành cho báo cáo CSV; báo cáo này là {format}',
  'cli.reportRun.output.input':
    '{name}: là tệp khách hàng mà lượt chạy {run} đã nhập; báo cáo sẽ ghi đè lên tệp đó',
  'cli.reportRun.output.rejects':
    '{name}: là danh sách bị loại của lượt chạy {run} (các dòng cần sửa rồi nhập lại); báo cáo sẽ ghi đè lên tệp đó',
  'cli.reportRun.output.skipped':
    '{name}: là danh sách các dòng lượt chạy {run} không gửi; báo cáo sẽ ghi đè lên tệp đó',
  'cli.reportRun.output.uncertain':
    '{name}: là danh sách khách hàng chưa rõ của lượt chạy {run}; báo cáo sẽ ghi đè lên tệp đó',
  'cli.reportRun.output.list':
    '{name}: là danh sách các dòng mà một lượt nhập đã ghi cho {input}; báo cáo sẽ ghi đè lên tệp đó',
  'cli.reportRun.output.checkedInput':
    '{name}: là tệp khách hàng mà một lượt nhập đã kiểm tra (danh sách của nó: {list}); báo cáo sẽ ghi đè lên tệp đó',
  'cli.reportRun.output.list.hint': 'Hãy ghi báo cáo vào một tệp khác.',
  'cli.reportRun.output.stateFolder':
    '{name}: nằm trong thư mục trạng thái {folder}, nơi cacs giữ sổ ghi, nhật ký và bản ghi các số đã xoá; báo cáo sẽ làm hỏng chúng',
  'cli.reportRun.output.stateFolder.hint': 'Hãy ghi báo cáo ra ngoài thư mục trạng thái.',
  'cli.reportRun.output.recorded.hint':
    'Hãy ghi báo cáo vào một tệp khác. (cacs history show {run} cho biết lượt chạy đó đã đọc và ghi những gì.)',
  'cli.reportRun.bom.hint': 'Bỏ --bom, hoặc dùng --format csv (hoặc -o tệp.csv).',
  'cli.reportRun.xlsx.hint':
    'Đường ống (pipe) cũng nhận được (cacs report … --format xlsx | …); màn hình thì không.',
  'cli.reportRun.flattenHtml':
    '--flatten dành cho báo cáo CSV, xlsx và bảng; trang HTML liệt kê mỗi khách hàng một dòng',
  'cli.reportRun.flattenHtml.hint':
    'Bỏ --flatten; để có mỗi cuộc gọi một dòng, dùng --format csv hoặc xlsx.',
  'cli.reportRun.flatten': '--flatten dành cho báo cáo CSV, xlsx và bảng; báo cáo này là {format}',
  'cli.reportRun.flatten.hint':
    '{format} giữ nguyên dạng bản ghi của dịch vụ (mỗi khách hàng một bản ghi, các cuộc gọi nằm trong data); bỏ --flatten, hoặc dùng --format csv.',
  'cli.reportRun.summaryFormat':
    '--summary được ghi dưới dạng văn bản, JSON, NDJSON hoặc HTML, không phải {format}',
  'cli.reportRun.summaryFormat.hint':
    'Dùng --format table hoặc json, hoặc -o <tệp>.txt / .json / .html.',
  'cli.reportRun.refIdNotFound':
    'lưu ý: dịch vụ không có dữ liệu cho ref_id {refId} trong khoảng thời gian này (Data is not found)',
  'cli.reportRun.notFound.one':
    'lưu ý: dịch vụ trả lời "Data is not found" cho {count} yêu cầu (không hỏi ref_id nào): coi như không có cuộc gọi nào trong khoảng thời gian của nó',
  'cli.reportRun.notFound.other':
    'lưu ý: dịch vụ trả lời "Data is not found" cho {count} yêu cầu (không hỏi ref_id nào): coi như không có cuộc gọi nào trong các khoảng thời gian đó',
  'cli.reportRun.unmatchedStatus':
    'không có cuộc gọi nào trong khoảng thời gian này có trạng thái {statuses}; trạng thái được so khớp đúng như dịch vụ viết (ví dụ ANSWERED, NO ANSWER, BUSY)',
  'cli.reportRun.statusNote':
    'lưu ý: với --status, dịch vụ chỉ trả về các cuộc gọi khớp: số liệu theo khách hàng (call, số cuộc gọi, trạng thái cuối, thời gian đàm thoại) chỉ tính những cuộc đó, không phải mọi cuộc gọi của khách hàng',
  // Cuộc gọi sau khi xoá dữ liệu (issue 26 mục 2).
  'summaryView.erasure.rule': 'Không gọi đến số đã xoá sau khi xoá',
  'summaryView.erasure.short': 'Không gọi sau khi xoá',
  'summaryView.erasure.from': 'cacs forget',
  'summaryView.erasure.none': 'không có cuộc gọi nào đến số đã xoá sau khi xoá',
  'summaryView.erasure.found.one': 'đến {count} số đã xoá|sau khi xoá|(không hiển thị số)',
  'summaryView.erasure.found.other': 'đến {count} số đã xoá|sau khi xoá|(không hiển thị số)',
  'summaryView.violations.erasure': '{count} sau khi xoá',
  'htmlPage.compliance.erasure.none': 'Không có cuộc gọi nào đến số đã xoá sau khi xoá',
  'htmlPage.compliance.erasure':
    '{attempts} đến {numbers} sau khi cacs forget đã xoá (không hiển thị số)',
  // Trang HTML của một lượt chạy --join hoặc --recycle (issue 25 mục 4, --html).
  'cli.outcomes.help.html':
    '--join/--recycle: ghi thêm báo cáo HTML cho cùng khoảng thời gian, kèm số liệu của lượt chạy này trong mục "Kết quả theo danh sách khách hàng"',
  'cli.outcomes.htmlWritten': 'Đã ghi báo cáo HTML vào {file}',
  'cli.outcomes.flagNeeds': '{flag} chỉ dùng được cùng {needs}',
  'cli.outcomes.flagNeeds.hint': 'Hãy thêm {needs}, hoặc bỏ {flag}.',
  'cli.outcomes.joinOrRecycle': '--join hoặc --recycle',
  'cli.outcomes.htmlStdout':
    '--html {file} là nơi các dòng được ghi ra (stdout): trang sẽ bị ghi lẫn vào chúng',
  'cli.outcomes.htmlSame': '--html {file} trùng tệp với -o',
  'cli.outcomes.htmlExtension': '--html {file}: trang được ghi thành tệp .html hoặc .htm',
};
