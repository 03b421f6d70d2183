/**
 * Vietnamese for the library's messages that existed before issue 27 (en.ts's own, en-door.ts,
 * en-state.ts, en-lib-*.ts): the same ids, the same {placeholders}. Spread by vi-base.ts.
 */
export const viBaseLib: Readonly<Record<string, string>> = {
  'report.stop.violations': 'tuân thủ: {violations}: {parts}',
  'count.violation.one': '{count} vi phạm',
  'count.violation.other': '{count} vi phạm',
  'count.attempt.one': '{count} lượt gọi',
  'count.attempt.other': '{count} lượt gọi',
  'count.number.one': '{count} số',
  'count.number.other': '{count} số',
  'count.time.one': '{count} lần',
  'count.time.other': '{count} lần',
  'count.call.one': '{count} lượt gọi',
  'count.call.other': '{count} lượt gọi',
  'count.lead.one': '{count} khách hàng',
  'count.lead.other': '{count} khách hàng',
  'report.stop.violations.outsideHours':
    '{attempts} ngoài giờ gọi {callHours} (compliance.callHours)',
  'report.stop.violations.overLimit':
    '{numbers} bị gọi quá {times} trong 24 giờ (compliance.maxCallsPer24h)',
  'report.stop.violations.suppressed': '{calls} tới số trong danh sách không gọi (import.suppress)',
  'report.stop.violations.hint':
    'Báo cáo đã đầy đủ. Phần tóm tắt của báo cáo có ví dụ; các quy tắc là thiết lập (README: mục “Summary and compliance”).',
  'report.output.refused': '{name}: {reason}',
  'report.output.isInput':
    '{name}: chính là tệp danh sách khách hàng mà báo cáo này đang đọc ({file}); ghi vào đó sẽ thay thế tệp của bạn',
  'report.output.isInput.hint':
    'Hãy ghi kết quả ra một tệp khác; nếu muốn, bạn tự thay tệp danh sách bằng tệp đó.',
  'report.output.isFolder': '{name}: là một thư mục; hãy cho tên tệp',
  'report.output.noFolder': '{name}: thư mục {dir} không tồn tại hoặc không ghi được',
  'report.output.readOnly': '{name}: thư mục {dir} nằm trên một hệ thống tệp chỉ đọc',
  'report.output.readOnly.hint': 'Hãy ghi báo cáo vào nơi khác.',
  'report.output.folderDenied': '{name}: người dùng này không được ghi vào thư mục {dir}',
  'report.output.folderDenied.hint':
    'Hãy cấp quyền ghi vào {dir} cho người dùng này, hoặc ghi vào chỗ khác (một thư mục của bạn).',
  'report.output.noFolder.hint': 'Hãy tạo thư mục trước, hoặc ghi vào chỗ khác.',
  'report.output.cannotWrite': '{name}: không ghi được ({reason})',
  'report.write.stream': 'luồng đầu ra',
  'report.write.stream.hint':
    'Dữ liệu nó nhận được chưa đầy đủ. Hãy kiểm tra nơi nhận đầu ra (đĩa đầy, một thiết bị), rồi chạy lại.',
  'report.write.failed': '{name}: không ghi được báo cáo ({reason})',
  'report.write.appeared':
    '{name}: tệp xuất hiện trong lúc đang lấy báo cáo; báo cáo có mốc không bao giờ ghi đè tệp có sẵn',
  'report.write.hint': 'Chưa ghi gì. Hãy kiểm tra dung lượng đĩa và quyền ghi, rồi chạy lại.',
  'report.write.bookmark.hint':
    'Chưa ghi gì và mốc "{bookmark}" không bị dời: lượt chạy sau sẽ lấy lại khoảng thời gian này.',
  'report.write.what.file': 'tệp',
  'report.write.what.pipe': 'đường ống có tên',
  'report.write.what.device': 'thiết bị',
  'report.write.what.descriptor': 'bộ mô tả tệp (file descriptor)',
  'report.write.direct.partial.hint':
    '{name} là {what}, được ghi trực tiếp: dữ liệu nó nhận được chưa đầy đủ. Hãy kiểm tra chương trình đọc nó, rồi chạy lại.',
  'report.write.direct.none.hint':
    '{name} là {what}, được ghi trực tiếp: nó chưa nhận được gì. Hãy kiểm tra chương trình đọc nó, rồi chạy lại.',
  'report.write.error.ENOSPC': 'hết dung lượng đĩa',
  'report.write.error.EDQUOT': 'vượt hạn mức đĩa',
  'report.write.error.EFBIG': 'tệp quá lớn',
  'report.write.error.EIO': 'lỗi vào/ra',
  'report.write.error.EACCES': 'không có quyền',
  'report.write.error.EPERM': 'không được phép',
  'report.write.error.EROFS': 'hệ thống tệp chỉ đọc',
  'report.write.error.ENXIO': 'không có thiết bị hoặc địa chỉ này',
  'report.write.error.EPIPE': 'chương trình đọc đã đóng đường ống',
  'import.stop.stopped': 'đã dừng: {reason}',
  'import.stop.listUnwritten': 'đã gửi khách hàng, nhưng không ghi được một danh sách: {reason}',
  'import.stop.interrupted': 'bị ngắt: đã nhập {imported}, chưa gửi {notSent}',
  'import.stop.interrupted.uncertain':
    'bị ngắt: đã nhập {imported}, chưa rõ kết quả {uncertain} (đã gửi, chưa có trả lời), chưa gửi {notSent}',
  'import.stop.interrupted.hint':
    'Chạy lại đúng lệnh đó để gửi phần còn lại (khách hàng đã nhập sẽ không bị gửi hai lần).',
  'import.stop.refused.hint':
    'Không gửi thêm gì. Hãy kiểm tra token và chiến dịch (cacs config show), rồi chạy lại đúng lệnh đó.',
  'import.stop.runAgainLater.hint':
    'Không gửi thêm gì. Hãy chạy lại đúng lệnh đó sau: khách hàng đã nhập sẽ không bị gửi hai lần.',
  'import.stop.ownHint.hint': 'Không gửi thêm gì. {hint}',
  'import.stop.stateFolder.hint':
    'Không gửi thêm gì. Hãy sửa thư mục trạng thái, rồi chạy lại đúng lệnh đó.',
  'import.stop.inputChanged': '{reason}, sau khi đã gửi {sent}',
  'import.stop.inputChanged.hint':
    'Không gửi thêm gì. Hãy nhập lại tệp khi nó đã hoàn chỉnh: những khách hàng lượt này đã gửi nằm trong sổ ghi của chiến dịch và sẽ không bị gửi lại.',
  'import.stop.inputUnreadable': 'không đọc được danh sách khách hàng: {reason}',
  'import.stop.inputUnreadable.hint':
    'Không gửi thêm gì. Hãy làm cho tệp đọc được trở lại, rồi chạy lại đúng lệnh đó: khách hàng đã nhập sẽ không bị gửi hai lần.',
  'import.maxRows.invalid': 'maxRows: cần một số nguyên từ 0 trở lên (hoặc Infinity)',
  'import.changedWhileRead': '{file} đã thay đổi trong lúc cacs đang đọc: chưa gửi gì',
  'import.changedWhileRead.hint':
    'Hãy nhập lại khi tệp đã hoàn chỉnh (có phải tệp xuất đang được ghi dở?).',
  'import.nothingSent': '{reason}; chưa gửi gì',
  'import.rejects.overwritesInput': 'tệp dòng bị loại sẽ ghi đè lên chính tệp đang nhập ({file})',
  'import.skipped.overwritesInput': 'danh sách bỏ qua sẽ ghi đè lên chính tệp đang nhập ({file})',
  'import.uncertain.overwritesInput':
    'danh sách chưa rõ kết quả sẽ ghi đè lên chính tệp đang nhập ({file})',
  'import.overwritesInput.hint': 'Hãy chọn tệp khác cho các dòng bị loại, hoặc đổi tên tệp nhập.',
  'import.rejects.isSkippedList':
    'tệp dòng bị loại trùng với danh sách các dòng lần nhập này giữ lại ({file}): danh sách này sẽ thay thế danh sách kia',
  'import.rejects.isUncertainList':
    'tệp dòng bị loại trùng với danh sách khách hàng chưa rõ kết quả của lần nhập này ({file}): danh sách này sẽ thay thế danh sách kia',
  'import.rejects.isList.hint': 'Hãy chọn tệp khác cho các dòng bị loại.',
  'import.sidecar.inStateFolder':
    '{file}: nằm trong thư mục trạng thái {folder}, nơi cacs giữ sổ ghi, nhật ký và bản ghi các số đã xoá; ghi danh sách vào đó sẽ làm hỏng chúng',
  'import.sidecar.inStateFolder.hint':
    'Hãy chọn tệp dòng bị loại ở ngoài thư mục trạng thái (hoặc nhập một tệp để ngoài thư mục đó).',
  'import.earlierRun': 'lúc {when} bởi lượt chạy {run} ({file})',
  'import.earlierRun.unknown': 'lúc {when} (bởi một lượt chạy không có trong lịch sử này)',
  'import.row.alreadyImported': 'đã nhập {earlier}',
  'import.row.uncertainEarlier':
    'đã gửi {earlier}, nhưng không nhận được trả lời rõ ràng: cacs reconcile sẽ tìm nó trong chiến dịch; chỉ gửi lại nếu không có ở đó (lần nhập cho phép gửi lại khách hàng chưa rõ kết quả)',
  'import.row.uncertain':
    'đã gửi, nhưng không nhận được trả lời rõ ràng ({why}): cacs reconcile sẽ tìm nó trong chiến dịch; chỉ gửi lại nếu không có ở đó',
  'import.row.uncertain.earlierRun':
    'đã gửi, nhưng không nhận được trả lời rõ ràng (ở một lượt chạy trước): cacs reconcile sẽ tìm nó trong chiến dịch; chỉ gửi lại nếu không có ở đó',
  'import.row.valuesChanged': '(không liệt kê giá trị: tệp nhập đã thay đổi sau khi được đọc)',
  'import.row.valuesUnreadable': '(không đọc lại được giá trị: {reason})',
  'import.sidecar.noneRejected': 'hiện không có dòng nào cần sửa',
  'import.sidecar.noneSkipped': 'hiện không có dòng nào bị giữ lại',
  'import.sidecar.noneUncertain': 'lượt chạy này không có khách hàng nào chưa rõ kết quả',
  'send.reason.ledgerUnwritable': 'không ghi được sổ ghi',
  'send.reason.interruptedBeforeSent': 'bị ngắt trước khi gửi',
  'send.reason.runStoppedFirst': 'lượt chạy đã dừng trước',
  'send.reason.interruptedBeforeAnswer': 'bị ngắt trước khi có trả lời',
  'send.reason.internalError': 'lỗi nội bộ khi gửi',
  'send.reason.serviceRefused': 'dịch vụ đã từ chối: {message}',
  'sidecar.keptOtherContent':
    'giữ lại {file}: lượt chạy {run} để các khách hàng đó ở trạng thái chưa rõ khi tệp có nội dung khác',
  'sidecar.keptEdited': 'giữ lại {file} (đã bị sửa sau khi cacs ghi), dù {why}',
  'sidecar.keptForeign': 'giữ lại {file} (không phải do cacs ghi), dù {why}',
  'sidecar.removedStale': 'đã xoá {file} cũ ({why})',
  'sidecar.removedDryRunCopy':
    'đã xoá {file} (danh sách của một lượt chạy thử; của lượt này là {written})',
  'sidecar.removedDryRunCopy.none':
    'đã xoá {file} (danh sách của một lượt chạy thử; lượt này không cần)',
  'reconcile.datesRefused': 'dịch vụ từ chối yêu cầu cacs gửi cho {start} → {end}: "{message}"',
  'reconcile.datesRefused.hint':
    'cacs tự tính các ngày này nên bạn không có gì phải sửa: chưa đối soát được gì. Hãy chạy lại đúng lệnh đó; nếu vẫn vậy, hãy hỏi bên vận hành dịch vụ.',
  'reconcile.tooLarge':
    'bản ghi của dịch vụ cho chiến dịch {campaign} từ {start} đến {end} nhiều hơn mức cacs đọc trong một lần trả lời, kể cả khi chỉ hỏi một phút',
  'reconcile.gaveUp.hint':
    'Hãy kiểm tra địa chỉ dịch vụ và mạng, rồi chạy lại: chưa đối soát được gì, các khách hàng chưa rõ kết quả vẫn giữ nguyên.',
  'reconcile.tooLarge.hint':
    'Chưa đối soát được gì. Hãy hỏi bên vận hành dịch vụ; trong lúc chờ, các khách hàng chưa rõ kết quả vẫn giữ nguyên.',
  'reconcile.miscounted.hint':
    'Câu trả lời tự mâu thuẫn nên khách hàng đối soát theo nó có thể không bao giờ được gửi: chưa đối soát được gì, các khách hàng chưa rõ kết quả vẫn giữ nguyên. Hãy chạy lại sau; nếu dịch vụ này vốn đếm theo cách khác, hãy đặt report.countMismatch: warn trong tệp cấu hình.',
  'reconcile.miscounted.warned':
    '{what}; các bản ghi của nó được đối chiếu theo danh sách nhận được (report.countMismatch: warn)',
  'reconcile.run.notFound': 'không có lượt chạy {run} trong lịch sử',
  'reconcile.run.ambiguous': '{run} khớp với {count} lượt chạy: hãy ghi thêm ký tự của mã',
  'reconcile.run.hint': 'Xem danh sách lượt chạy bằng listHistory().',
  'reconcile.run.otherCampaign':
    'lượt chạy {run} đã nhập vào chiến dịch {campaign} tại {service}, không phải {asked} tại {askedService}',
  'reconcile.run.otherCampaign.hint': 'Hãy đối soát chiến dịch {campaign}.',
  'reconcile.run.otherService.hint':
    'Hãy đối soát chiến dịch {campaign} tại {service} (một client tạo với địa chỉ đó).',
  'reconcile.interrupted': 'bị ngắt: chưa đối soát được gì (sổ ghi không đổi)',
  'history.run.notFound': 'không có lượt chạy {run} trong lịch sử',
  'history.run.ambiguous': '{run} khớp với {count} lượt chạy: hãy ghi thêm ký tự của mã',
  'history.run.hint': 'Xem danh sách lượt chạy bằng listHistory().',
  'report.unknownTimeZone': '{name} {zone}: múi giờ không xác định',
  'report.unknownTimeZone.hint': 'Hãy dùng tên IANA như Asia/Ho_Chi_Minh hoặc Europe/Paris.',
  'report.windowDays.invalid': 'windowDays: cần một số nguyên từ 1 đến {max}',
  'report.interrupted': 'bị ngắt: báo cáo chưa hoàn tất',
  'report.memoryBudget.invalid': 'memoryBudget: cần một số byte',
  'report.refId.tooLong': 'refId: tối đa {max} ký tự (giới hạn của dịch vụ)',
  'report.concurrency.invalid': 'concurrency: {problem}',
  'report.largeAnswerBytes.invalid': 'largeAnswerBytes: cần một số byte lớn hơn 0',
  'report.expectedAnswerBytes.invalid': 'expectedAnswerBytes: cần một số byte, từ 0 trở lên',
  'report.from.required': 'thiếu thời điểm bắt đầu (from)',
  'state.pg.unreachable': 'không kết nối được cơ sở dữ liệu trạng thái {db}: {reason}',
  'state.pg.denied': 'cơ sở dữ liệu trạng thái {db} từ chối vai trò (role) này: {reason}',
  'state.pg.denied.hint':
    'Hãy cấp cho vai trò này quyền cacs cần (tạo schema của nó trong cơ sở dữ liệu, hoặc một schema nó sở hữu được đặt tên bằng stateSchema), hoặc dùng một vai trò có quyền đó; xem README, phần Teams.',
  'state.pg.loginRefused': 'cơ sở dữ liệu trạng thái {db} từ chối đăng nhập: {reason}',
  'state.pg.loginRefused.hint':
    'Hãy kiểm tra tên người dùng và mật khẩu (trong URL, PGPASSWORD hoặc ~/.pgpass), và máy chủ có cho người dùng này kết nối từ máy này không (pg_hba.conf).',
  'state.pg.unreachable.hint':
    'Hãy kiểm tra cơ sở dữ liệu đang chạy và stateUrl / CACS_STATE_URL trỏ đúng tới nó (máy chủ, cổng, cơ sở dữ liệu, người dùng; mật khẩu lấy từ URL, PGPASSWORD hoặc ~/.pgpass).',
  'state.pg.failed': 'cơ sở dữ liệu trạng thái {db} bị lỗi: {reason}',
  'state.pg.failed.hint':
    'Không gửi thêm gì. Những khách hàng chưa ghi được kết quả vẫn ở trạng thái đang gửi (chưa rõ kết quả với các lượt sau); hãy chạy lại đúng lệnh đó khi cơ sở dữ liệu hoạt động trở lại.',
  'state.pg.newerSchema':
    'cơ sở dữ liệu trạng thái {db} có lược đồ {schema} phiên bản {found}; bản cacs này chỉ biết tới phiên bản {known}',
  'state.pg.newerSchema.hint': 'hãy nâng cấp cacs: lược đồ này do một bản cacs mới hơn tạo ra.',
  'state.pg.badSchemaVersion':
    'cơ sở dữ liệu trạng thái {db} có lược đồ {schema} với phiên bản {value}, không phải một số phiên bản (bản cacs này ghi phiên bản tới {known}): đã bị sửa tay, nó không còn cho biết lược đồ có những bảng nào',
  'state.pg.badSchemaVersion.hint':
    "Hãy ghi lại phiên bản mà các bảng của lược đồ đang ở (UPDATE {schema}.meta SET value = '…' WHERE key = 'schema_version'), hoặc dùng một lược đồ khác; chưa có gì bị thay đổi.",
  'state.pg.badUrl': 'URL trạng thái {db} không phải dạng postgres:// hoặc postgresql://',
  'state.pg.badUrl.hint': 'Hãy viết theo dạng postgres://user@host:5432/database (dạng libpq).',
  'state.pg.badSchema': 'stateSchema "{schema}" không phải một tên đơn giản (chữ cái, chữ số và _)',
  'state.pg.reconcileLocked': 'một lượt cacs reconcile khác của chiến dịch {campaign} đang chạy',
  'state.pg.journalLocked': 'một lượt chạy cacs khác đang nhập {what}',
  'state.pg.journalLocked.by': 'một lượt chạy cacs khác ({run}, {user}@{host}) đang nhập {what}',
  'state.pg.journalLocked.hint':
    'Hãy đợi lượt đó xong; lượt chạy nào bị chết sẽ nhả ra ngay (kết nối của nó đóng lại).',
  'state.file.restarted':
    'chạy lại từ đầu: những gì các lượt trước của tệp này đã ghi được để sang một bên ({aside}); khách hàng đã có trong sổ ghi của chiến dịch vẫn không được gửi (lần nhập cho phép gửi lặp mới gửi chúng)',
  'state.file.restarted.repeat':
    'chạy lại từ đầu: những gì các lượt trước của tệp này đã ghi được để sang một bên ({aside}), và khách hàng mà sổ ghi của chiến dịch ghi là đã nhập được gửi lại (cho phép gửi lặp)',
  'state.pg.restarted.repeat':
    'chạy lại từ đầu: những gì các lượt trước của tệp này đã ghi được để sang một bên, và khách hàng mà sổ ghi của chiến dịch ghi là đã nhập được gửi lại (cho phép gửi lặp)',
  'state.pg.restarted':
    'chạy lại từ đầu: những gì các lượt trước của tệp này đã ghi được để sang một bên; khách hàng đã có trong sổ ghi của chiến dịch vẫn không được gửi (lần nhập cho phép gửi lặp mới gửi chúng)',
  'state.pg.fingerprint':
    'lưu ý: các tuỳ chọn quyết định việc gửi khác với lượt chạy trước; những dòng lượt đó đã xử lý vẫn được coi là đã xử lý',
  'send.reason.claimedElsewhere':
    'một lượt chạy khác đã nhận trước một số khách hàng trong lô: phần còn lại được gửi thành một lô riêng',
  'import.row.inFlightElsewhere':
    'đang được lượt chạy {run} trên máy {host} của {user} gửi: không gửi ở đây',
  'import.row.inFlightElsewhere.unknown': 'đang được một lượt chạy khác gửi: không gửi ở đây',
  'import.row.importedElsewhere':
    'trong lúc đó đã được lượt chạy {run} trên máy {host} của {user} nhập',
  'import.row.uncertainElsewhere':
    'trong lúc đó lượt chạy {run} trên máy {host} của {user} đã để ở trạng thái chưa rõ (lượt đó dừng khi đang gửi)',
  'leads.sidecar.cannotWrite': 'không ghi được {file} trong {dir} ({why})',
  'leads.sidecar.pipeClosed':
    '{file}: chương trình đọc đã đóng đường ống trước khi danh sách được ghi hết',
  'leads.sidecar.pipeClosed.hint':
    'Hãy để chương trình ở đầu kia đọc hết danh sách, hoặc ghi danh sách ra một tệp.',
  'leads.sidecar.why.EACCES': 'không có quyền',
  'leads.sidecar.why.EPERM': 'không được phép',
  'leads.sidecar.why.EROFS': 'hệ thống tệp chỉ đọc',
  'leads.sidecar.why.ENOTDIR': 'không phải thư mục',
  'leads.sidecar.why.ENOENT': 'không có thư mục này',
  'leads.sidecar.why.EISDIR': 'có một thư mục trùng tên',
  'leads.sidecar.why.ENOSPC': 'đầy đĩa',
  'leads.sidecar.why.EDQUOT': 'vượt hạn mức đĩa',
  'leads.sidecar.why.EFBIG': 'tệp quá lớn',
  'leads.sidecar.why.EIO': 'lỗi vào/ra',
  'leads.sidecar.rejects.diskFull.hint':
    'Hãy giải phóng dung lượng hoặc chọn tệp dòng bị loại trong một thư mục ghi được, rồi chạy lại đúng lệnh đó (khách hàng đã nhập sẽ không bị gửi hai lần).',
  'leads.sidecar.lists.diskFull.hint':
    'Hãy giải phóng dung lượng hoặc chạy cacs từ một thư mục ghi được (các danh sách được ghi ở đó khi thư mục của tệp nhập chỉ đọc), rồi chạy lại đúng lệnh đó (khách hàng đã nhập sẽ không bị gửi hai lần).',
  'leads.sidecar.rejects.notWritable.hint':
    'Hãy cho phép ghi vào thư mục, hoặc chọn tệp dòng bị loại trong một thư mục ghi được.',
  'leads.sidecar.lists.notWritable.hint':
    'Hãy cho phép ghi vào thư mục, hoặc chạy cacs từ một thư mục ghi được (các danh sách được ghi ở đó khi thư mục của tệp nhập chỉ đọc).',
  'leads.sidecar.kept.rejects':
    'giữ lại {file} ({why}): các dòng cần sửa của lượt này nằm trong {written}',
  'leads.sidecar.kept.skipped':
    'giữ lại {file} ({why}): các dòng bị giữ lại của lượt này nằm trong {written}',
  'leads.sidecar.kept.uncertain':
    'giữ lại {file} ({why}): các khách hàng chưa rõ kết quả của lượt này nằm trong {written}',
  'leads.written.why.edited': 'đã bị sửa sau khi cacs ghi',
  'leads.written.why.justWritten': 'một lượt chạy khác vừa ghi nó cùng lúc',
  'leads.written.why.foreign': 'không phải do cacs ghi',
  'leads.written.why.real': 'do một lần nhập thật ghi, và lượt chạy thử không bao giờ thay thế nó',
  'leads.written.why.other': 'nó chứa các dòng của một tệp khác cùng tên',
  'leads.written.why.otherContent':
    'một lượt chạy với nội dung khác đã để các khách hàng đó ở trạng thái chưa rõ kết quả, và có thể họ không được liệt kê ở nơi nào khác',
  'leads.written.allKept': '{file} được giữ lại ({why}), và cả {first} đến {last} cũng vậy',
  'leads.written.allKept.hint':
    'Hãy chuyển các danh sách còn cần sang chỗ khác, hoặc chọn tệp dòng bị loại khác.',
  'leads.written.notNoted':
    'không ghi chú được vào {where} rằng cacs đã ghi {file} ({reason}): lượt chạy sau sẽ giữ tệp đó và ghi bên cạnh',
  'leads.pattern.phone.invalid':
    'mẫu số điện thoại {pattern} không phải biểu thức chính quy hợp lệ',
  'leads.pattern.homePhone.invalid':
    'mẫu số điện thoại bàn {pattern} không phải biểu thức chính quy hợp lệ',
  'leads.pattern.invalid.hint':
    'hãy sửa {setting} trong cấu hình (một biểu thức chính quy JavaScript)',
  'leads.placeholder.notPhone': 'import.placeholderNumbers: {value} không phải số điện thoại',
  'leads.placeholder.notPhone.hint': 'Hãy ghi các số thử dưới dạng chuỗi, ví dụ "0911111222".',
  'leads.reject.phone.notForm': 'phone_number {shown} không có dạng 0xxxxxxxxx',
  'leads.reject.phone.notDigits':
    'phone_number {shown} có ký tự không phải chữ số; dịch vụ chỉ nhận 0-9',
  'leads.reject.phone.notPattern': 'phone_number {shown} không khớp mẫu số điện thoại {pattern}',
  'leads.reject.phone.noZero':
    'phone_number {shown} không bắt đầu bằng 0; cần số 0 và 9 chữ số theo sau',
  'leads.reject.phone.notRenumbered':
    'phone_number {shown} có 11 chữ số: {prefix} không thuộc các đầu số di động đã chuyển đổi năm 2018 ({renumbered}), nên không chuyển được; cần số 0 và 9 chữ số theo sau',
  'leads.reject.phone.landline':
    'phone_number {shown} là số cố định (02…, 11 chữ số); dịch vụ chỉ nhận số dạng 0xxxxxxxxx (số 0 và 9 chữ số theo sau)',
  'leads.reject.phone.oldMobile':
    'phone_number {shown} là số di động 11 số cũ ({prefix} đã đổi thành {now} năm 2018); hãy nhập với chế độ chuẩn hoá bật để chuyển đổi',
  'leads.reject.phone.digits.one':
    'phone_number {shown} có {count} chữ số; cần số 0 và 9 chữ số theo sau',
  'leads.reject.phone.digits.other':
    'phone_number {shown} có {count} chữ số; cần số 0 và 9 chữ số theo sau',
  'leads.reject.phone.empty': 'phone_number bị trống',
  'leads.reject.phone.excel':
    'phone_number {shown} bị Excel làm mất chữ số (dạng số mũ); hãy xuất lại cột này dưới dạng văn bản',
  'leads.reject.phone.letters': 'phone_number {shown} có chữ cái',
  'leads.reject.phone.testNumber':
    'phone_number {shown} là số thử (import.placeholderNumbers), không phải số của khách hàng',
  'leads.reject.phone.placeholder':
    'phone_number {shown} là số giữ chỗ, không phải số của thuê bao',
  'leads.reject.homePhone.notPhone':
    'home_phone {shown} không phải số điện thoại: cần số 0 và 9 hoặc 10 chữ số theo sau',
  'leads.reject.homePhone.notPattern':
    'home_phone {shown} không khớp mẫu số điện thoại bàn {pattern}',
  'leads.reject.tooLong': '{field} dài {length} ký tự; dịch vụ cho phép tối đa {max}',
  'config.environment.invalid': 'biến môi trường: {problems}',
  'config.profile.notFound': '{source}: không có hồ sơ cấu hình nào tên "{profile}"',
  'config.profile.known.hint': 'Các hồ sơ cấu hình hiện có: {profiles}.',
  'config.profile.none.hint': 'Không tệp cấu hình nào định nghĩa hồ sơ cấu hình.',
  'config.baseUrl.missing': 'chưa đặt địa chỉ dịch vụ',
  'config.baseUrl.missing.hint':
    'Hãy cho địa chỉ dịch vụ, đặt {env}, hoặc ghi baseUrl vào tệp cấu hình (cacs config init).',
  'config.insecureHttp':
    'từ chối dùng http:// thường tới {host}: token truy cập sẽ đi qua mạng không mã hoá',
  'config.insecureHttp.hint':
    'Hãy dùng https://, hoặc cho phép http thường (cấu hình allowInsecureHttp: true) nếu bạn thật sự muốn vậy.',
  'config.campaign.missing': 'chưa cho chiến dịch',
  'config.campaign.missing.hint':
    'Hãy nêu chiến dịch (mã chiến dịch hoặc tên gọi tắt), đặt {env}, hoặc ghi defaultCampaign vào tệp cấu hình.',
  'config.campaign.empty': 'mã chiến dịch bị trống',
  'config.campaign.aliasEmpty': 'tên gọi tắt chiến dịch {alias} trỏ tới một mã trống',
  'config.campaign.empty.hint':
    'Hãy nêu chiến dịch bằng mã mà bên vận hành dịch vụ đã cấp cho bạn (hoặc đặt {env}).',
  'config.campaign.tooLong':
    'mã chiến dịch "{key}" dài {length} ký tự; dịch vụ cho phép tối đa {max}',
  'config.campaign.tooLong.hint':
    'Hãy kiểm tra chiến dịch đã cho, hoặc tên gọi tắt trong campaigns: (các tên gọi tắt hiện có: {aliases}).',
  'config.campaign.noAliases': 'không có',
  'api.token.headerStripped.hint':
    'Yêu cầu tới được dịch vụ nhưng thiếu header access_token: có thể proxy đã lọc bỏ các header có dấu gạch dưới.',
  'api.token.refused.hint':
    'Hãy kiểm tra token trong CACS_ACCESS_TOKEN hoặc accessToken / accessTokenCommand (cacs config show cho biết nó lấy từ đâu).',
  'api.campaign.refused.hint':
    'Hãy kiểm tra chiến dịch đã cho, CACS_CAMPAIGN hoặc các tên gọi tắt trong campaigns của cấu hình; mã phân biệt chữ hoa chữ thường.',
  'cli.exitCode.OK.help': 'mọi việc được yêu cầu đều đã xong',
  'cli.exitCode.OK.brief': 'xong',
  'cli.exitCode.FAILURE.help':
    'thất bại: không kết nối được dịch vụ, dịch vụ trả lời bất thường, lỗi nội bộ',
  'cli.exitCode.FAILURE.brief': 'thất bại',
  'cli.exitCode.USAGE.help':
    'lỗi cách dùng hoặc dữ liệu vào (tuỳ chọn, ngày, tệp hoặc thiết lập sai), hoặc mọi dòng đều bị loại; không nhập gì',
  'cli.exitCode.USAGE.brief': 'tuỳ chọn hoặc thiết lập sai',
  'cli.exitCode.PARTIAL.help':
    'một phần: một số khách hàng bị loại (do kiểm tra hoặc do dịch vụ); các dòng khác đã xong',
  'cli.exitCode.PARTIAL.brief': 'một số dòng bị loại',
  'cli.exitCode.REFUSED.help':
    'bị dịch vụ từ chối: access_token hoặc campaign_key không được chấp nhận',
  'cli.exitCode.REFUSED.brief': 'bị dịch vụ từ chối',
  'cli.exitCode.UNCERTAIN.help':
    'chưa rõ: một số lô có thể đã hoặc chưa được nhập; không gửi lại gì',
  'cli.exitCode.UNCERTAIN.brief': 'chưa rõ kết quả',
  'cli.exitCode.VIOLATIONS.help':
    'report --fail-on-violations: có cuộc gọi vi phạm quy tắc tuân thủ',
  'cli.exitCode.VIOLATIONS.brief':
    'có vi phạm khi dùng --fail-on-violations (sau khi đã ghi kết quả)',
  'cli.exitCode.INTERRUPTED.help': 'bị ngắt (Ctrl-C); nhật ký đã được lưu, chạy lại để tiếp tục',
  'cli.exitCode.INTERRUPTED.brief': 'bị ngắt',
  'cli.exitCode.import.USAGE': 'dữ liệu vào sai (chưa gửi gì)',
  'cli.exitCode.reconcile.OK': 'không còn khách hàng nào chưa rõ kết quả',
  'cli.exitCode.reconcile.UNCERTAIN': 'vẫn còn khách hàng chưa rõ kết quả',
  'cli.exitCode.reconcile.FAILURE': 'thất bại (chưa đối soát được gì)',
  'cli.exitCode.one': '{code} {words}',
  'cli.exitCodes.sentence': 'Mã thoát: {codes}.',
  'config.problems.one': '{file}: có một lỗi trong cấu hình:\n{problems}',
  'config.problems.other': '{file}: có {count} lỗi trong cấu hình:\n{problems}',
  'config.problems.item': '  - {problem}',
  'config.problems.hint': 'Hãy sửa tệp, hoặc xem `cacs config init` để có một ví dụ có chú thích.',
  'error.interrupted': 'bị ngắt',
  'error.outputClosed': 'chương trình đọc đã đóng stdout',
  'write.symlinkOfOther':
    '{file} là liên kết tượng trưng thuộc về người dùng khác (uid {uid}): cacs chỉ ghi qua liên kết tượng trưng của chính bạn (hoặc của root)',
  'write.symlinkOfOther.chain':
    '{file} đi qua {link}, một liên kết tượng trưng thuộc về người dùng khác (uid {uid}): cacs chỉ ghi qua liên kết tượng trưng của chính bạn (hoặc của root)',
  'write.pipeOfOther':
    '{file} là một ống có tên thuộc về người dùng khác (uid {uid}): cacs chỉ ghi vào đó khi nó là của bạn (hoặc của root)',
  'write.deviceOfOther':
    '{file} là một thiết bị thuộc về người dùng khác (uid {uid}): cacs chỉ ghi vào đó khi nó là của bạn (hoặc của root)',
  'write.specialOfOther.hint': 'Hãy cho tên khác, hoặc xoá nó.',
  'write.symlinkOfOther.hint': 'Hãy cho tên của chính tệp đó, hoặc xoá liên kết.',
  'write.socketDescriptor': '{file} là một socket: cacs không mở được nó theo tên',
  'write.notGivenDescriptor':
    '{file} không phải đường ống được trao cho cacs: số đó có thể là của chính cacs (một tệp nó đang đọc, trạng thái của nó)',
  'write.notGivenDescriptor.hint':
    'Hãy cho tên tệp, hoặc một đường ống (>(lệnh)); ngoài stdout và stderr, cacs chỉ ghi vào descriptor là đường ống.',
  'write.socketDescriptor.hint':
    'Hãy ghi ra stdout (bỏ tên tệp), hoặc cho một tệp hay một đường ống.',
  'write.blockDevice':
    '{file} là thiết bị khối (một ổ đĩa): cacs chỉ ghi vào tệp, đường ống có tên và thiết bị ký tự',
  'write.socket': '{file} là một socket: cacs chỉ ghi vào tệp, đường ống có tên và thiết bị ký tự',
  'write.notFile.hint': 'Hãy cho một tên tệp.',
  'write.pipeWithoutReader': '{file} là đường ống có tên mà không có chương trình nào đọc',
  'write.pipeWithoutReader.hint': 'Hãy khởi động chương trình đọc nó trước, rồi chạy lại cacs.',
  'input.invalidUtf8': '{where}: tệp không phải UTF-8 hợp lệ',
  'input.undecodable': '{where}: tệp có những byte không phải văn bản {encoding}',
  'input.undecodable.hint':
    'Hãy kiểm tra bảng mã của tệp (windows-1258 cho Windows tiếng Việt, windows-1252, UTF-8…), hoặc lưu lại dưới dạng UTF-8.',
  'input.csv.sepLine': '{file}: dòng đầu là dòng "sep={sep}" của Excel, không phải dòng tiêu đề',
  'input.csv.sepLine.hint':
    'Hãy xoá dòng đầu đó (dòng tiêu đề nằm ngay sau), hoặc lưu lại trang tính dưới dạng "CSV UTF-8".',
  'input.invalidUtf8.hint':
    'Hãy cho biết bảng mã của tệp, ví dụ windows-1258 (Windows tiếng Việt) hoặc windows-1252, hoặc lưu lại dưới dạng UTF-8.',
  'input.binary': '{file}: có vẻ là tệp nhị phân (có byte NUL), không phải CSV hay JSON',
  'input.binary.hint': 'Nếu đó là văn bản UTF-16 không có dấu BOM, hãy cho bảng mã utf-16le.',
  'input.noSuchFile': '{file}: không có tệp này',
  'input.cannotRead': '{file}: không đọc được ({code})',
  'input.isFolder': '{file}: là thư mục, không phải tệp',
  'input.notFile.fifo': '{file}: là một đường ống (FIFO), không phải tệp danh sách khách hàng',
  'input.notFile.characterDevice': '{file}: là thiết bị ký tự, không phải tệp danh sách khách hàng',
  'input.notFile.blockDevice':
    '{file}: là thiết bị khối (một ổ đĩa), không phải tệp danh sách khách hàng',
  'input.notFile.socket': '{file}: là một socket, không phải tệp danh sách khách hàng',
  'input.notFile.other': '{file}: không phải tệp thông thường, không phải tệp danh sách khách hàng',
  'input.notFile.stream.hint':
    'Hãy cho một tệp thông thường, hoặc đưa dữ liệu qua đường ống: cacs import - < <tệp>.',
  'input.notFile.hint': 'Hãy cho một tệp thông thường (CSV, JSON, NDJSON hoặc .xlsx).',
  'input.empty': '{file}: tệp trống',
  'input.xls': '{file}: đây là tệp Excel .xls cũ (hoặc có đặt mật khẩu)',
  'input.xls.hint':
    'Hãy lưu lại từ Excel dưới dạng .xlsx, hoặc "CSV UTF-8 (Comma delimited)", rồi nhập tệp đó.',
  'input.zipNotFormat': '{file}: đây là tệp zip hoặc Excel, không phải {format}',
  'input.zip': '{file}: đây là tệp zip, không phải tệp danh sách khách hàng',
  'input.zip.hint':
    'Hãy giải nén trước, hoặc lưu trang tính từ Excel dưới dạng .xlsx hay "CSV UTF-8".',
  'input.sheetNotXlsx': 'đã nêu tên trang tính, nhưng {file} không phải tệp Excel (.xlsx)',
  'input.notXlsx': '{file}: không phải tệp Excel (.xlsx) (không có chữ ký zip)',
  'input.unknownEncoding': 'bảng mã {encoding}: không nhận ra bảng mã này',
  'input.unknownEncoding.hint':
    'Ví dụ: utf8, utf-16le, windows-1258 (tiếng Việt), windows-1252, latin1.',
  'input.sheet.hint': 'Hãy nêu tên trang tính, hoặc số thứ tự của nó (1 = trang đầu tiên).',
  'input.sheet.noNumber.one': '{file}: không có trang tính số {n} (có một trang: {sheets})',
  'input.sheet.noNumber.other': '{file}: không có trang tính số {n} (có {count} trang: {sheets})',
  'input.sheet.noName': '{file}: không có trang tính nào tên "{name}" (các trang: {sheets})',
  'input.sheet.none': '{file}: sổ tính không có trang nào',
  'input.sheet.notCells': '{file}: trang tính "{name}" không phải một bảng ô',
  'input.sheet.missing': 'thiếu trang tính "{name}"',
  'input.sheet.noWorkbook': 'không có sổ tính bên trong; có phải tệp .xlsx không?',
  'input.sheet.empty': '{file}: trang tính "{name}" trống',
  'input.sheet.headerOnly': '{file}: chỉ có dòng tiêu đề, không có dòng dữ liệu',
  'input.sheet.otherHasData': 'Trang tính "{name}" có dữ liệu: hãy nêu tên nó (số thứ tự là {n}).',
  'input.sheet.othersHaveData':
    'Các trang tính {list} có dữ liệu: hãy nêu tên một trang, hoặc số thứ tự của nó.',
  'input.sheet.listed': '"{name}" ({n})',
  'input.sheet.noHeader': '{where}: có giá trị ở cột {column} nhưng cột không có tiêu đề',
  'input.sheet.noHeader.hint':
    'Hãy đặt tiêu đề cho cột {column} ở dòng {line}, hoặc xoá các giá trị của nó.',
  'input.csv.noHeader': '{file}: tệp không có dòng tiêu đề và không có dữ liệu',
  'input.csv.headerOnly': '{file}: chỉ có dòng tiêu đề, không có dòng dữ liệu',
  'input.csv.at.column': '{where}, cột {n}',
  'input.csv.at.columnNamed': '{where}, cột {n} ({name})',
  'input.csv.quoteHint':
    'Giá trị có dấu " phải đặt trong ngoặc kép, mỗi dấu " bên trong viết đôi: "Lan ""Bé""".',
  'input.csv.strayQuote': '{at}: có dấu " lạc trong một giá trị không nằm trong ngoặc kép',
  'input.csv.strayQuoteAfter':
    '{at}: có dấu " lạc trong một giá trị không nằm trong ngoặc kép ({before}"…)',
  'input.csv.strayQuoteAfter.hint':
    'Hãy bỏ dấu " bị lạc, hoặc đặt cả giá trị trong ngoặc kép và viết đôi mỗi dấu " bên trong ("{before}""…").',
  'input.csv.strayQuote.hint':
    'Hãy bỏ dấu " bị lạc, hoặc đặt cả giá trị trong ngoặc kép. {quoteHint}',
  'input.csv.notClosed':
    '{at}: một giá trị trong ngoặc kép không được đóng (thiếu một dấu "), nên phần còn lại của tệp sẽ bị đọc vào đó',
  'input.csv.notClosed.hint': 'Hãy thêm dấu " còn thiếu ở cuối giá trị đó. {quoteHint}',
  'input.csv.afterClosing':
    '{at}: sau dấu ngoặc kép đóng còn có ký tự khác (giá trị trong ngoặc kép phải kết thúc ở {delimiter} hoặc ở cuối dòng)',
  'input.csv.afterClosing.hint':
    'Nếu dấu " đó thuộc về giá trị, hãy viết đôi nó; nếu không, hãy chuyển phần chữ phía sau vào trong ngoặc kép. {quoteHint}',
  'input.csv.values.one': '{count} giá trị',
  'input.csv.values.other': '{count} giá trị',
  'input.csv.columns.one': '{count} cột',
  'input.csv.columns.other': '{count} cột',
  'input.csv.width': '{where}: dòng này có {values} nhưng dòng tiêu đề có {columns}',
  'input.csv.widthUnknown': '{where}: dòng này có số cột khác với dòng tiêu đề',
  'input.csv.width.hint':
    'Các cột được tách bằng {delimiter}; nếu không đúng, hãy cho dấu phân cách đúng. Giá trị có chứa {delimiter} phải đặt trong ngoặc kép.',
  'input.csv.tooLarge': '{at}: một dòng quá lớn (có dấu ngoặc kép chưa đóng?)',
  'input.csv.tooLarge.hint': 'Hãy kiểm tra các dấu ngoặc kép từ dòng đó trở đi. {quoteHint}',
  'input.csv.other': '{where}: không đọc được tệp CSV này: {reason}',
};
