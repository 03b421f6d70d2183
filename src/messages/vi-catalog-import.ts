/**
 * Vietnamese for en-catalog-import.ts (same ids, same placeholders). Spread by vi-catalog.ts.
 */
export const viCatalogImport: Readonly<Record<string, string>> = {
  'cli.import.noFile': 'hãy cho biết tệp khách hàng cần nhập (hoặc - để đọc từ stdin)',
  'cli.import.suppress.from': 'import.suppress ({source})',
  'cli.import.typing':
    'đang đọc danh sách khách hàng từ terminal (CSV, dòng tiêu đề trước): gõ hoặc dán vào, rồi nhấn Ctrl-D trên một dòng trống để kết thúc (Ctrl-C để dừng)',
  'cli.import.reading': 'Đang đọc {file}…',
  'cli.import.stopping': 'Đang dừng: chờ các yêu cầu đang gửi…',
  'cli.import.rejects.empty': '--rejects: tên tệp trống',
  'cli.import.rejects.jsonStdout':
    '--rejects {file} và --json cùng ghi ra stdout: các dòng sẽ đứng trước JSON',
  'cli.import.rejects.jsonStdout.hint': 'Hãy cho --rejects một tệp, hoặc bỏ --json.',
  'cli.import.rejects.empty.hint':
    'Hãy cho biết tệp để ghi các dòng bị loại (--rejects - ghi ra stdout), hoặc bỏ --rejects để dùng tệp mặc định bên cạnh tệp nhập.',
  'cli.import.stdinLimitAdvice':
    '{env}=<kích thước> hoặc import.stdinLimit trong tệp cấu hình (ví dụ 4GiB)',
  'cli.import.stateEmpty':
    'trạng thái: dùng {stateDir} (trống: ở đây chưa biết lần nhập nào trước vào chiến dịch này)',

  'cli.import.summary.target': '→ chiến dịch {campaign}',
  'cli.import.summary.dryRun': '[chạy thử: không gửi gì]',
  'cli.import.label.rowsRead': 'dòng đã đọc',
  'cli.import.label.wouldSend': 'sẽ gửi',
  'cli.import.label.imported': 'đã nhập',
  'cli.import.label.rejected': 'bị loại',
  'cli.import.label.blank': 'dòng trống',
  'cli.import.label.duplicates': 'trùng lặp',
  'cli.import.label.alreadyInCampaign': 'đã có trong chiến dịch',
  'cli.import.label.importedEarlier': 'đã nhập trước đó',
  'cli.import.label.uncertainEarlier': 'chưa rõ từ trước',
  'cli.import.label.inFlightElsewhere': 'lượt chạy khác gửi',
  'cli.import.label.suppressed': 'bị chặn',
  'cli.import.label.serviceSkipped': 'dịch vụ bỏ qua',
  'cli.import.label.uncertain': 'chưa rõ',
  'cli.import.label.notSent': 'chưa gửi',
  'cli.import.label.normalised': 'đã chuẩn hoá',
  'cli.import.summary.batches.one': '{count} lô, tối đa {size} mỗi lô',
  'cli.import.summary.batches.other': '{count} lô, tối đa {size} mỗi lô',
  'cli.import.summary.blank': 'bỏ qua: không cột nào có giá trị',
  'cli.import.summary.duplicates': 'trùng phone_number với một dòng phía trên',
  'cli.import.summary.alreadyImported.dryRun.one':
    'sẽ không gửi: một lượt chạy trước đã nhập khách hàng này (--allow-repeat sẽ gửi lại)',
  'cli.import.summary.alreadyImported.dryRun.other':
    'sẽ không gửi: một lượt chạy trước đã nhập các khách hàng này (--allow-repeat sẽ gửi lại)',
  'cli.import.summary.alreadyImported.one':
    'không gửi: một lượt chạy trước đã nhập khách hàng này (xem bên dưới)',
  'cli.import.summary.alreadyImported.other':
    'không gửi: một lượt chạy trước đã nhập các khách hàng này (xem bên dưới)',
  'cli.import.summary.uncertainEarlier': 'không gửi: hãy đối soát bằng cacs reconcile',
  'cli.import.summary.inFlightElsewhere':
    'không gửi ở đây: một lượt chạy khác đang gửi chúng (tệp bỏ qua ghi rõ lượt nào); hãy chạy lại lệnh này khi lượt đó xong',
  'cli.import.summary.suppressed': 'không gửi: có trong danh sách không gọi',
  'cli.import.summary.suppressed.lists': 'không gửi: có trong danh sách không gọi ({lists})',
  'cli.import.summary.serviceSkipped': 'dịch vụ đã đếm nhưng không nhập',
  'cli.import.summary.notSent.fixFirst':
    'lượt chạy dừng sớm; hãy sửa điều nêu bên dưới, rồi chạy lại đúng lệnh đó',
  'cli.import.summary.notSent.runAgain': 'lượt chạy dừng sớm; hãy chạy lại đúng lệnh đó để gửi nốt',
  'cli.import.summary.samples.normalised': 'ví dụ về chuẩn hoá:',
  'cli.import.summary.sample.normalised': 'dòng {line}: {field} {before} → {after}',
  'cli.import.summary.samples.rejected': 'ví dụ về dòng bị loại:',
  'cli.import.summary.sample.rejected': 'dòng {line} ({code}): {reason}',
  'cli.import.summary.ignoredColumns': 'cột bị bỏ qua: {columns}',
  'cli.import.summary.numbers.one': '{count} số',
  'cli.import.summary.numbers.other': '{count} số',
  'cli.import.summary.entriesIgnored.one': '{count} mục bị bỏ qua (không phải số điện thoại)',
  'cli.import.summary.entriesIgnored.other': '{count} mục bị bỏ qua (không phải số điện thoại)',
  'cli.import.summary.dncList': 'danh sách không gọi {list}: {numbers}',
  'cli.import.summary.dncList.ignored': 'danh sách không gọi {list}: {numbers}, {ignored}',
  'cli.import.summary.requests.one': '{count} yêu cầu',
  'cli.import.summary.requests.other': '{count} yêu cầu',
  'cli.import.summary.rate.rows': '{rate} dòng/giây',
  'cli.import.summary.rate.leads': '{rate} khách hàng/giây',
  'cli.import.summary.rejectsFile': 'bị loại: {file} (sửa các dòng đó rồi nhập lại tệp đó)',
  'cli.import.summary.skippedFile': 'bỏ qua: {file} (cố ý không gửi; không cần sửa gì)',
  'cli.import.summary.skippedFile.uncertainOnly':
    'bỏ qua: {file} (không gửi: các dòng mà lượt chạy trước để ở trạng thái chưa rõ, do cacs reconcile đối chiếu)',
  'cli.import.summary.skippedFile.uncertain':
    'bỏ qua: {file} (không gửi: các dòng cố ý không gửi, và các dòng mà lượt chạy trước để ở trạng thái chưa rõ, do cacs reconcile đối chiếu)',
  'cli.import.summary.uncertainFile': 'chưa rõ: {file}',
  'cli.import.summary.run': 'lượt chạy {run} (cacs history show {run})',
  'cli.import.someOf': '{names}, … và {count} cột khác',

  'cli.import.earlier.run': 'lượt chạy {run}',
  'cli.import.earlier.run.unknown': 'một lượt chạy không có trong lịch sử này',
  'cli.import.earlier.by.one': 'lúc {when} ({run})',
  'cli.import.earlier.by.many': 'qua {runs} lượt chạy (lần gần nhất lúc {when}, {run})',
  'cli.import.earlier.ledger.one':
    'sổ ghi của chiến dịch cho biết {count} khách hàng đã được nhập vào {campaign} tại {service} {by}',
  'cli.import.earlier.ledger.other':
    'sổ ghi của chiến dịch cho biết {count} khách hàng đã được nhập vào {campaign} tại {service} {by}',
  'cli.import.earlier.ledger.these.one':
    'sổ ghi của chiến dịch cho biết khách hàng này đã được nhập vào {campaign} tại {service} {by}',
  'cli.import.earlier.ledger.these.other':
    'sổ ghi của chiến dịch cho biết {count} khách hàng này đã được nhập vào {campaign} tại {service} {by}',
  'cli.import.earlier.journal.one':
    'nhật ký của tệp này cho biết {count} khách hàng đã được gửi tới {service} bởi một lượt chạy bắt đầu lúc {when}',
  'cli.import.earlier.journal.other':
    'nhật ký của tệp này cho biết {count} khách hàng đã được gửi tới {service} bởi một lượt chạy bắt đầu lúc {when}',
  'cli.import.earlier.journal.these.one':
    'nhật ký của tệp này cho biết khách hàng này đã được gửi tới {service} bởi một lượt chạy bắt đầu lúc {when}',
  'cli.import.earlier.journal.these.other':
    'nhật ký của tệp này cho biết {count} khách hàng này đã được gửi tới {service} bởi một lượt chạy bắt đầu lúc {when}',
  'cli.import.earlier.find': 'cacs history find {phone}',
  'cli.import.earlier.nothingSent.one':
    'không gửi gì: {records}. Nếu dịch vụ đã mất khách hàng này (chẳng hạn trình giả lập khởi động lại không có --state), hãy kiểm tra bằng {find}, rồi chạy lại với {send}.',
  'cli.import.earlier.nothingSent.other':
    'không gửi gì: {records}. Nếu dịch vụ đã mất các khách hàng này (chẳng hạn trình giả lập khởi động lại không có --state), hãy kiểm tra bằng {find}, rồi chạy lại với {send}.',
  'cli.import.earlier.noneUncertain':
    'không gửi gì: không còn khách hàng chưa rõ nào để gửi lại; {records}.',
  'cli.import.earlier.some.one':
    '{records}: khách hàng này không được gửi lại. Để kiểm tra: {find}.',
  'cli.import.earlier.some.other':
    '{records}: các khách hàng này không được gửi lại. Để kiểm tra một khách hàng: {find}.',

  'cli.import.warn.interrupted':
    'bị ngắt: hãy chạy lại đúng lệnh đó để gửi phần còn lại (khách hàng đã nhập sẽ không bị gửi hai lần).',
  'cli.import.warn.rejected.one': '{count} dòng bị loại ({codes}): xem {file}',
  'cli.import.warn.rejected.other': '{count} dòng bị loại ({codes}): xem {file}',
  'cli.import.warn.serviceSkipped.one':
    'dịch vụ đã bỏ qua {count} khách hàng được gửi tới (có đếm, không nhập)',
  'cli.import.warn.serviceSkipped.other':
    'dịch vụ đã bỏ qua {count} khách hàng được gửi tới (có đếm, không nhập)',
  'cli.import.warn.byDesign.one': '{count} dòng cố ý không gửi ({codes}): xem {file}',
  'cli.import.warn.byDesign.other': '{count} dòng cố ý không gửi ({codes}): xem {file}',
  'cli.import.twoLists': '{first} và {second}',
  'cli.import.warn.uncertainEarlier.one':
    '{count} khách hàng mà một lượt chạy trước để ở trạng thái chưa rõ đã không được gửi. Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertainEarlier.other':
    '{count} khách hàng mà một lượt chạy trước để ở trạng thái chưa rõ đã không được gửi. Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertainEarlier.listed.one':
    '{count} khách hàng mà một lượt chạy trước để ở trạng thái chưa rõ đã không được gửi (có trong {lists}). Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertainEarlier.listed.other':
    '{count} khách hàng mà một lượt chạy trước để ở trạng thái chưa rõ đã không được gửi (có trong {lists}). Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertainReason.one': 'chưa rõ ({count} khách hàng): {reason}',
  'cli.import.warn.uncertainReason.other': 'chưa rõ ({count} khách hàng): {reason}',
  'cli.import.warn.uncertain.one':
    '{count} khách hàng có thể đã hoặc chưa được nhập (không có câu trả lời chắc chắn); chưa gửi lại. Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch; danh sách: {list}); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertain.other':
    '{count} khách hàng có thể đã hoặc chưa được nhập (không có câu trả lời chắc chắn); chưa gửi lại. Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch; danh sách: {list}); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertain.run.one':
    '{count} khách hàng có thể đã hoặc chưa được nhập (không có câu trả lời chắc chắn); chưa gửi lại. Hãy đối soát bằng cacs reconcile --run {run} (lệnh này tìm chúng trong chiến dịch; danh sách: {list}); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.warn.uncertain.run.other':
    '{count} khách hàng có thể đã hoặc chưa được nhập (không có câu trả lời chắc chắn); chưa gửi lại. Hãy đối soát bằng cacs reconcile --run {run} (lệnh này tìm chúng trong chiến dịch; danh sách: {list}); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.rejectsList': 'danh sách bị loại',
  'cli.import.uncertainList.unwritten': 'không có, không ghi được',
  'cli.import.skippedList': 'danh sách bỏ qua',
  'cli.import.warn.noValid': 'không có khách hàng hợp lệ nào trong {file}: không gửi gì.',
  'cli.import.warn.noValid.dryRun': 'không có khách hàng hợp lệ nào trong {file}: sẽ không gửi gì.',
  'cli.import.warn.noValid.rows.one': 'Dòng đó nằm trong {list} kèm lý do ({codes}).',
  'cli.import.warn.noValid.rows.other': 'Cả {count} dòng nằm trong {list} kèm lý do ({codes}).',
  'cli.import.warn.noValid.rows.phone.one':
    'Dòng đó nằm trong {list} kèm lý do ({codes}); hãy kiểm tra cột số điện thoại ({column}).',
  'cli.import.warn.noValid.rows.phone.other':
    'Cả {count} dòng nằm trong {list} kèm lý do ({codes}); hãy kiểm tra cột số điện thoại ({column}).',
  'cli.import.warn.allRefused.one':
    'không nhập được gì: dịch vụ từ chối mọi khách hàng được gửi tới; dòng đó nằm trong {list} kèm lý do.',
  'cli.import.warn.allRefused.other':
    'không nhập được gì: dịch vụ từ chối mọi khách hàng được gửi tới; cả {count} dòng nằm trong {list} kèm lý do.',
  'cli.import.info.allHeldBack':
    'không có gì để gửi: mọi khách hàng qua được kiểm tra đều được cố ý giữ lại (có trong {list}).',
  'cli.import.info.allHeldBack.dryRun':
    'sẽ không gửi gì: mọi khách hàng qua được kiểm tra đều được cố ý giữ lại (có trong {list}).',
};
