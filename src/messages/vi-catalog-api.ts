/** Vietnamese for en-catalog-api.ts (same ids, same placeholders). Spread by vi-catalog.ts. */
export const viCatalogApi: Readonly<Record<string, string>> = {
  'api.http.claimsImported':
    'dịch vụ trả lời HTTP {status} với nội dung nói rằng đã nhập: {body}; lô này có thể đã hoặc chưa được nhập',
  'api.http.redirect':
    'dịch vụ trả lời HTTP {status} (chuyển hướng tới {location}); cacs không đi theo chuyển hướng khi mang token',
  'api.http.redirect.nowhere':
    'dịch vụ trả lời HTTP {status} (chuyển hướng nhưng không có địa chỉ); cacs không đi theo chuyển hướng khi mang token',
  'api.http.redirect.hint': 'Hãy đặt URL gốc là địa chỉ cuối cùng (https:// thay vì http://?).',
  'api.http.413': 'dịch vụ trả lời HTTP 413: yêu cầu quá lớn',
  'api.http.status': 'dịch vụ trả lời HTTP {status}',
  'api.http.unreadable': 'dịch vụ trả lời HTTP {status} với nội dung cacs không đọc được: {body}',
  'api.http.body': 'dịch vụ trả lời HTTP {status}: {body}',
  'api.body.empty': '(trống)',
  'api.body.emptyBody': '(nội dung trống)',
  'api.body.encoding': 'nội dung được mã hoá dạng "{encoding}"',
  'api.error.claimsImported':
    'dịch vụ trả lời lỗi nhưng thông báo lại nói đã nhập: "{message}"; lô này có thể đã hoặc chưa được nhập',
  'api.error.tooLarge': 'dịch vụ từ chối yêu cầu vì quá lớn: "{message}"',
  'api.error.unknown':
    'dịch vụ trả lời một lỗi cacs không biết: "{message}"; lô này có thể đã hoặc chưa được nhập',
  'api.service.tokenRefused': 'dịch vụ từ chối token truy cập: "{message}"',
  'api.service.requestRefused': 'dịch vụ từ chối yêu cầu: "{message}"',
  'api.service.answered': 'dịch vụ trả lời: "{message}"',

  'api.proxy.auth': 'proxy yêu cầu xác thực (HTTP 407)',
  'api.proxy.auth.before': 'proxy yêu cầu xác thực (HTTP 407) trước khi tới được {host}',
  'api.proxy.auth.hint':
    'Hãy đặt tên người dùng và mật khẩu proxy trong HTTPS_PROXY / HTTP_PROXY (http://user:password@proxy:port), hoặc xin cho cacs được đi qua.',
  'api.net.connectTimeout': 'không kết nối được tới {host} trong {ms} ms',
  'api.net.stalled': 'câu trả lời từ {host} bị treo: không nhận được gì trong {ms} ms',
  'api.net.deadline': 'không nhận đủ câu trả lời từ {host} kịp thời hạn của yêu cầu',
  'api.net.noAnswer': 'không có câu trả lời từ {host} trong {ms} ms sau khi gửi',
  'api.timeout.hint': 'Hãy tăng thời gian chờ mỗi yêu cầu nếu dịch vụ chậm.',
  'api.net.refused': 'kết nối bị từ chối',
  'api.net.notFound': 'không tìm thấy máy chủ',
  'api.net.unreachable': 'không tới được {host}: {why}',
  'api.net.tls': 'lỗi TLS khi kết nối tới {host}: {code}',
  'api.net.tls.hint':
    'Nếu mạng của bạn kiểm tra TLS, hãy trỏ NODE_EXTRA_CA_CERTS tới chứng chỉ CA của mạng đó.',
  'api.net.error': 'lỗi mạng',
  'api.net.brokeAfter': 'kết nối tới {host} bị đứt sau khi đã gửi yêu cầu ({why})',
  'api.net.brokeBefore': 'kết nối tới {host} bị đứt trước khi gửi yêu cầu ({why})',

  'api.import.impossible':
    'dịch vụ trả lời {answer}, điều không thể đúng với {count} khách hàng đã gửi ({why})',
  'api.import.unexpected':
    'dịch vụ trả lời {answer}, không phải câu trả lời mà đặc tả mô tả cho {count} khách hàng đã gửi ({why})',
  'api.import.unexpected.hint':
    'Câu trả lời bất thường: lô này có thể đã hoặc chưa được nhập; hãy kiểm tra trong chiến dịch.',
  'api.report.noRecords': 'dịch vụ trả lời thành công nhưng không có danh sách bản ghi',
  'api.report.noRecords.hint':
    'Đây không phải câu trả lời mà đặc tả mô tả; hãy thử lại sau hoặc báo cho bên vận hành.',
  'api.report.unusable':
    'câu trả lời của dịch vụ cho {what} không phải báo cáo cacs dùng được: {problem}',
  'api.report.unusable.hint':
    'Đây không phải câu trả lời mà đặc tả mô tả; không ghi gì cả. Hãy báo cho bên vận hành.',
  'api.retry.waitSeconds': '{n} giây',
  'api.retry.waitDays': 'một ngày trở lên',
  'api.retry.waitTooLong': '{message}; dịch vụ yêu cầu chờ {wait}, lâu hơn {max} giây mà cacs chờ',
  'api.retry.waitTooLong.hint': 'Dịch vụ đang quá tải hoặc giới hạn tốc độ: hãy chạy lại sau.',
  'api.retry.gaveUp.one': '{message} (bỏ cuộc sau {count} lần thử)',
  'api.retry.gaveUp.other': '{message} (bỏ cuộc sau {count} lần thử)',
  'api.retry.gaveUp.report.hint':
    'Hãy kiểm tra địa chỉ dịch vụ và mạng của bạn, rồi chạy lại: chưa có báo cáo nào được ghi.',
  'api.retry.gaveUp.hint':
    'Hãy kiểm tra địa chỉ dịch vụ và mạng của bạn, rồi chạy lại đúng lệnh đó.',
  'api.retry.retrying': 'thử lại sau {ms} ms: {reason}',
  'api.report.interrupted': 'bị ngắt: chưa có báo cáo nào được ghi',
  'api.interrupted.noAnswer':
    'không có câu trả lời trong {seconds} giây sau khi ngắt (một yêu cầu gồm {what})',
  'api.answer.tooLarge.import':
    'câu trả lời của dịch vụ lớn hơn {max} mà cacs đọc cho một lần nhập ({size})',
  'api.answer.tooLarge.report':
    'câu trả lời của dịch vụ lớn hơn {max} mà cacs đọc cho một khoảng báo cáo ({size})',
  'api.answer.tooLarge.hint':
    'Hãy hỏi ít hơn mỗi lần (ít ngày hơn mỗi khoảng, một trạng thái hoặc một ref_id); không ghi gì cả.',
  'api.answer.announces': 'dịch vụ báo trước {size}',
  'api.answer.moreArrived': 'đã nhận nhiều hơn mức đó',
  'api.answer.decompressesToMore': '{size} giải nén ra nhiều hơn',
  'api.answer.compressionDamaged': 'phần nén bị hỏng',
  'api.answer.stalled': 'câu trả lời cho {what} bị treo: không nhận được gì trong {ms} ms',
  'api.answer.slow': 'câu trả lời cho {what} đến chậm hơn {rate}/giây ({size} trong {duration})',
  'api.answer.slow.hint': 'Dịch vụ hoặc mạng đang rất chậm: hãy thử lại sau.',
  'api.report.totalTooLarge':
    'tổng các câu trả lời của báo cáo vượt quá {max} mà cacs đọc cho một báo cáo ({before} trước câu trả lời cho {what}, trong số {size})',
  'api.report.totalTooLarge.hint':
    'Hãy hỏi ít hơn mỗi lần (khoảng ngắn hơn, chia thành nhiều báo cáo, một trạng thái hoặc một ref_id), hoặc cho Node thêm bộ nhớ (NODE_OPTIONS=--max-old-space-size=8192 nâng giới hạn này lên một phần năm số đó); không ghi gì cả.',
  'api.trace.answer': '< {status} trong {ms} ms: {body}',

  'api.counts.hugeImported': 'số đã nhập {imported} quá lớn để là một số đếm',
  'api.counts.importedOverSent': 'đã nhập {imported} trên {sent} đã gửi',
  'api.counts.hugeTotal': 'tổng quá lớn để là một số đếm',
  'api.counts.importedOverTotal': 'đã nhập {imported} trên tổng {total}',
  'api.counts.totalNotSent': 'tổng {total} cho {sent} khách hàng đã gửi',
  'api.answer.message.notCount': 'thông báo là {kind}, không phải số đếm',
  'api.answer.message.empty': 'thông báo trống',
  'api.answer.successWithError': 'trả lời thành công nhưng kèm một thông báo lỗi của đặc tả',
  'api.answer.count.negative': 'số đếm âm',
  'api.answer.count.signed': 'số đếm có dấu',
  'api.answer.count.notWhole': 'số đếm không phải số nguyên',
  'api.answer.notTemplate':
    'không phải "<n> leads were imported" cũng không phải "<s>/<t> leads were imported"',
  'api.value.absent': 'không có',
  'api.value.list': 'một danh sách',
  'api.value.object': 'một đối tượng',
  'api.value.kind': 'kiểu {kind}',
  'api.records.notList': 'records là {kind}, không phải danh sách',
  'api.records.record': 'bản ghi {n}',
  'api.records.lead': 'bản ghi {n} (khách hàng {id})',
  'api.records.notObject': '{what} là {kind}, không phải đối tượng',
  'api.records.noLeadId': '{what} không có campaign_lead_id ({kind})',
  'api.records.field': '{what}: {key} là {kind}',
  'api.records.attempt.notObject': '{what}, cuộc gọi thứ {attempt} là {kind}, không phải đối tượng',
  'api.records.attempt.field': '{what}, cuộc gọi thứ {attempt}: {key} là {kind}',

  'api.proxy.url.hint':
    'Hãy đặt {name} thành http://host:port (kèm thông tin đăng nhập: http://user:password@host:port), hoặc bỏ đặt biến này.',
  'api.proxy.url.invalid': '{name}: không phải URL',
  'api.proxy.url.scheme': '{name}: không hỗ trợ proxy {scheme} (hãy dùng http:// hoặc https://)',

  'cli.words.api.timeout.hint': 'Hãy tăng --timeout nếu dịch vụ chậm.',
  'cli.words.api.answer.tooLarge.hint':
    'Hãy hỏi ít hơn mỗi lần (--window-days, --status hoặc --ref-id); không ghi gì cả.',
  'cli.words.api.report.totalTooLarge.hint':
    'Hãy hỏi ít hơn mỗi lần (khoảng --from/--to ngắn hơn, chia thành nhiều báo cáo, --status hoặc --ref-id), hoặc cho Node thêm bộ nhớ (NODE_OPTIONS=--max-old-space-size=8192 nâng giới hạn này lên một phần năm số đó); không ghi gì cả.',
};
