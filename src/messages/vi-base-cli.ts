/**
 * Vietnamese for the CLI's messages (en-cli.ts): help, summaries, progress, views, commander's
 * own words — the same ids, the same {placeholders}; flag and command names as they are.
 * Spread by vi-base.ts.
 */
export const viBaseCli: Readonly<Record<string, string>> = {
  'cli.words.import.rejects.overwritesInput':
    '--rejects sẽ ghi đè lên chính tệp đang nhập ({file})',
  'cli.words.import.overwritesInput.hint':
    'Hãy chọn tệp khác bằng --rejects, hoặc đổi tên tệp nhập.',
  'cli.words.import.rejects.isList.hint': 'Hãy chọn tệp khác bằng --rejects.',
  'cli.words.import.sidecar.inStateFolder.hint':
    'Hãy dùng --rejects <tệp> ở ngoài thư mục trạng thái (hoặc nhập một tệp để ngoài thư mục đó).',
  'cli.words.import.row.uncertainEarlier':
    'đã gửi {earlier}, nhưng không nhận được trả lời rõ ràng: cacs reconcile sẽ tìm nó trong chiến dịch; chỉ gửi lại nếu không có ở đó (--retry-uncertain)',
  'cli.words.state.file.restarted':
    '--restart: những gì các lượt trước của tệp này đã ghi được để sang một bên ({aside}); khách hàng đã có trong sổ ghi của chiến dịch vẫn không được gửi (--allow-repeat sẽ gửi chúng)',
  'cli.words.state.file.restarted.repeat':
    '--restart: những gì các lượt trước của tệp này đã ghi được để sang một bên ({aside}), và khách hàng mà sổ ghi của chiến dịch ghi là đã nhập được gửi lại (--allow-repeat)',
  'cli.words.state.pg.restarted.repeat':
    '--restart: những gì các lượt trước của tệp này đã ghi được để sang một bên, và khách hàng mà sổ ghi của chiến dịch ghi là đã nhập được gửi lại (--allow-repeat)',
  'cli.words.state.pg.restarted':
    '--restart: những gì các lượt trước của tệp này đã ghi được để sang một bên; khách hàng đã có trong sổ ghi của chiến dịch vẫn không được gửi (--allow-repeat sẽ gửi chúng)',
  'cli.words.reconcile.run.notFound': '--run: không có lượt chạy {run} trong lịch sử',
  'cli.words.reconcile.run.ambiguous': '--run: {run} khớp với {count} lượt chạy',
  'cli.words.reconcile.run.otherCampaign':
    '--run: lượt chạy {run} đã nhập vào chiến dịch {campaign} tại {service}, không phải {asked} tại {askedService}',
  'cli.words.reconcile.run.otherCampaign.hint': 'Hãy dùng --campaign {campaign}.',
  'cli.words.runs.hint': 'Xem danh sách lượt chạy bằng: cacs history',
  'cli.words.reconcile.run.otherService.hint':
    'Hãy dùng --campaign {campaign} --base-url {service} (hoặc hồ sơ cấu hình có địa chỉ đó).',
  'cli.words.leads.sidecar.rejects.diskFull.hint':
    'Hãy giải phóng dung lượng hoặc dùng --rejects <tệp> trong một thư mục ghi được, rồi chạy lại đúng lệnh đó (khách hàng đã nhập sẽ không bị gửi hai lần).',
  'cli.words.leads.sidecar.rejects.notWritable.hint':
    'Hãy cho phép ghi vào thư mục, hoặc dùng --rejects <tệp> trong một thư mục ghi được.',
  'cli.words.leads.written.allKept.hint':
    'Hãy chuyển các danh sách còn cần sang chỗ khác, hoặc dùng --rejects <tệp>.',
  'cli.words.config.baseUrl.missing.hint':
    'Hãy dùng --base-url <url>, đặt {env}, hoặc ghi baseUrl vào tệp cấu hình (cacs config init).',
  'cli.words.config.insecureHttp.hint':
    'Hãy dùng https://, hoặc thêm --insecure-http (cấu hình allowInsecureHttp: true) nếu bạn thật sự muốn vậy.',
  'cli.words.config.campaign.missing.hint':
    'Hãy dùng --campaign <mã|tên gọi tắt>, đặt {env}, hoặc ghi defaultCampaign vào tệp cấu hình.',
  'cli.words.config.campaign.empty.hint':
    'Hãy dùng --campaign <mã|tên gọi tắt> với mã mà bên vận hành dịch vụ đã cấp cho bạn (hoặc đặt {env}).',
  'cli.words.config.campaign.tooLong.hint':
    'Hãy kiểm tra --campaign, hoặc tên gọi tắt trong campaigns: (các tên gọi tắt hiện có: {aliases}).',
  'cli.words.api.campaign.refused.hint':
    'Hãy kiểm tra --campaign, CACS_CAMPAIGN hoặc các tên gọi tắt trong campaigns của cấu hình; mã phân biệt chữ hoa chữ thường.',
  'cli.words.input.invalidUtf8.hint':
    'Hãy cho biết bảng mã, ví dụ --encoding windows-1258 (Windows tiếng Việt) hoặc --encoding windows-1252, hoặc lưu lại dưới dạng UTF-8.',
  'cli.words.input.binary.hint':
    'Nếu đó là văn bản UTF-16 không có dấu BOM, hãy dùng --encoding utf-16le.',
  'cli.words.input.sheetNotXlsx': '--sheet: {file} không phải tệp Excel (.xlsx)',
  'cli.words.input.unknownEncoding': '--encoding {encoding}: không nhận ra bảng mã này',
  'cli.words.input.csv.width.hint':
    'Các cột được tách bằng {delimiter}; nếu không đúng, hãy dùng --delimiter. Giá trị có chứa {delimiter} phải đặt trong ngoặc kép.',
  'cli.words.leads.reject.phone.oldMobile':
    'phone_number {shown} là số di động 11 số cũ ({prefix} đã đổi thành {now} năm 2018); hãy nhập không kèm --no-normalize để chuyển đổi',
  'cli.words.input.sheet.hint':
    'Hãy dùng --sheet với tên trang tính, hoặc số thứ tự của nó (1 = trang đầu tiên).',
  'cli.words.input.sheet.otherHasData':
    'Trang tính "{name}" có dữ liệu: hãy dùng --sheet "{name}" (hoặc --sheet {n}).',
  'cli.words.input.sheet.othersHaveData':
    'Các trang tính {list} có dữ liệu: hãy dùng --sheet với tên hoặc số thứ tự của một trang.',
  'cli.usage.seeHelp': 'Chạy {command} --help để xem cách dùng.',
  'cli.usage.seeHelp.short': '(chạy {command} --help để xem cách dùng)',
  'cli.usage.didYouMean': "lỗi: không có tuỳ chọn '{flag}'\n(Có phải ý bạn là {instead}?)",
  'cli.fs.denied': '{path}: người dùng này không được đọc hoặc ghi (không có quyền)',
  'cli.fs.denied.hint':
    'Hãy cho người dùng này quyền truy cập {path} (hoặc chạy cacs bằng người dùng sở hữu nó), rồi chạy lại đúng lệnh đó.',
  'cli.fs.readOnly': '{path} nằm trên hệ thống tệp chỉ đọc',
  'cli.fs.full': '{path}: ổ đĩa đã đầy',
  'cli.fs.failed': '{path}: {code}',
  'cli.fs.failed.hint': 'Hãy kiểm tra ổ đĩa và thư mục, rồi chạy lại đúng lệnh đó.',
  'cli.internal': 'lỗi nội bộ: {message}',
  'cli.internal.nonError': 'một giá trị không phải Error đã bị ném ra',
  'cli.internal.hint': 'Hãy chạy lại với --verbose để xem chi tiết, và báo lỗi nếu vẫn còn.',
  'cli.import.uncertain.one':
    '{count} khách hàng có thể đã hoặc chưa được nhập (không nhận được trả lời rõ ràng); chưa gửi lại',
  'cli.import.uncertain.other':
    '{count} khách hàng có thể đã hoặc chưa được nhập (không nhận được trả lời rõ ràng); chưa gửi lại',
  'cli.import.uncertain.hint':
    'Hãy đối soát bằng cacs reconcile (lệnh này tìm chúng trong chiến dịch; danh sách: {list}); chỉ chạy lại với --retry-uncertain cho những khách hàng nó không tìm thấy.',
  'cli.import.uncertain.noList': 'tệp chưa rõ kết quả',
  'cli.import.fixRejects.hint': 'Hãy sửa các dòng trong {file} rồi nhập lại tệp đó.',
  'cli.import.rejected.one.service':
    'dòng đã bị loại (dịch vụ từ chối các khách hàng được gửi): không nhập được gì',
  'cli.import.rejected.one.sent': 'dòng đã bị loại: chưa gửi gì',
  'cli.import.rejected.one.dryRun': 'dòng đã bị loại: sẽ không gửi gì',
  'cli.import.rejected.all.service':
    'mọi dòng ({count}) đều bị loại (dịch vụ từ chối các khách hàng được gửi): không nhập được gì',
  'cli.import.rejected.all.sent': 'mọi dòng ({count}) đều bị loại: chưa gửi gì',
  'cli.import.rejected.all.dryRun': 'mọi dòng ({count}) đều bị loại: sẽ không gửi gì',
  'cli.import.endedWith': 'lần nhập kết thúc với mã thoát {code}',
  'cli.import.part.rejected.one': '{count} dòng bị loại',
  'cli.import.part.rejected.other': '{count} dòng bị loại',
  'cli.import.part.serviceSkipped.one': '{count} khách hàng bị dịch vụ bỏ qua',
  'cli.import.part.serviceSkipped.other': '{count} khách hàng bị dịch vụ bỏ qua',
  'cli.import.part.wouldSend.one': 'sẽ gửi {count} khách hàng',
  'cli.import.part.wouldSend.other': 'sẽ gửi {count} khách hàng',
  'cli.import.part.imported.one': 'đã nhập {count} khách hàng',
  'cli.import.part.imported.other': 'đã nhập {count} khách hàng',
  'cli.import.part.importedEarlier': '{count} đã nhập từ trước (không gửi lại)',
  'cli.import.part.byDesign': '{count} không gửi theo quy tắc',
  'cli.history.none': 'chưa có lần nhập nào được ghi trong {stateDir}',
  'cli.history.none.campaign':
    'chưa có lần nhập nào vào chiến dịch {campaign} được ghi trong {stateDir} (cacs history không kèm --campaign liệt kê các lần khác)',
  'cli.history.head.run': 'lượt chạy',
  'cli.history.head.started': 'bắt đầu',
  'cli.history.head.file': 'tệp',
  'cli.history.head.campaign': 'chiến dịch',
  'cli.history.head.rows': 'dòng',
  'cli.history.head.imported': 'đã nhập',
  'cli.history.head.rejected': 'bị loại',
  'cli.history.head.skipped': 'bỏ qua',
  'cli.history.head.uncertain': 'chưa rõ',
  'cli.history.head.exit': 'mã thoát',
  'cli.history.head.operator': 'người chạy',
  'cli.history.aliasOf': '{alias} ({campaign})',
  'cli.history.show.run': 'lượt chạy  {run}',
  'cli.history.show.started': 'bắt đầu    {started}',
  'cli.history.show.startedEnded': 'bắt đầu    {started}, kết thúc {ended}',
  'cli.history.show.file': 'tệp        {file}',
  'cli.history.show.campaign': 'chiến dịch {campaign} tại {service}',
  'cli.history.show.outcome': 'kết quả    {outcome}',
  'cli.history.show.outcome.exit': 'mã thoát {code}',
  'cli.history.show.outcome.none': 'đang chạy hoặc đã dừng mà không có tóm tắt',
  'cli.history.show.outcome.gone':
    'đã dừng mà không có tóm tắt: tiến trình ({pid}) không còn (bị dừng đột ngột hoặc lỗi); chạy lại đúng lệnh import đó để tiếp tục',
  'cli.history.show.serviceSkipped.one':
    '           {count} đã gửi nhưng dịch vụ không nhập (dịch vụ đã có khách hàng đó)',
  'cli.history.show.serviceSkipped.other':
    '           {count} đã gửi nhưng dịch vụ không nhập (dịch vụ đã có các khách hàng đó)',
  'cli.history.show.uncertainEarlier.one':
    '           {count} không gửi: một lượt chạy trước để khách hàng này ở trạng thái chưa rõ (cacs reconcile đối chiếu)',
  'cli.history.show.uncertainEarlier.other':
    '           {count} không gửi: các lượt chạy trước để các khách hàng này ở trạng thái chưa rõ (cacs reconcile đối chiếu)',
  'cli.history.show.notSent.one':
    '           {count} chưa gửi: lượt chạy dừng trước khi gửi khách hàng này; một lượt chạy sau của lệnh nhập này sẽ gửi',
  'cli.history.show.notSent.other':
    '           {count} chưa gửi: lượt chạy dừng trước khi gửi các khách hàng này; một lượt chạy sau của lệnh nhập này sẽ gửi',
  'cli.history.show.blank.one': '           {count} dòng trống, bỏ qua',
  'cli.history.show.blank.other': '           {count} dòng trống, bỏ qua',
  'cli.history.show.rows':
    'số dòng    {total}: đã\u00a0nhập\u00a0{imported}, bị\u00a0loại\u00a0{rejected}, bỏ\u00a0qua\u00a0{skipped}, chưa\u00a0rõ\u00a0{uncertain}',
  'cli.history.show.list.rejects': 'bị loại    {file}',
  'cli.history.show.list.skipped': 'bỏ qua     {file}',
  'cli.history.show.list.uncertain': 'chưa rõ    {file}',
  'cli.history.show.list.gone.rejects': 'bị loại    {file} (không còn nữa)',
  'cli.history.show.list.gone.skipped': 'bỏ qua     {file} (không còn nữa)',
  'cli.history.show.list.gone.uncertain': 'chưa rõ    {file} (không còn nữa)',
  'cli.history.show.uncertainLines': 'khách hàng chưa rõ kết quả ở các dòng: {lines}',
  'cli.history.find.erased':
    '{query} đã được xoá lúc {when} (cacs forget): những gì trạng thái lưu về số này đã bị xoá, và số này sẽ không bao giờ được nhập lại',
  'cli.history.find.none': 'không có lượt chạy nào đã gửi {query} (đã tìm trong {ledgers})',
  'cli.history.find.found':
    '{when}  {outcome}  chiến dịch {campaign} tại {service}  lượt chạy {run} ({file})  [theo {matched}]',
  'cli.history.find.found.noRun':
    '{when}  {outcome}  chiến dịch {campaign} tại {service}  lượt chạy không có trong lịch sử  [theo {matched}]',
  'cli.reconcile.advice':
    'Hãy chạy lại cacs reconcile khi hệ thống quay số đã có thời gian gọi họ; còn nếu muốn gửi lại (chỉ khi bạn chắc chắn họ chưa tới nơi): cacs import <tệp> --retry-uncertain.',
  'cli.reconcile.still.one': '{count} khách hàng vẫn chưa rõ kết quả: {why}',
  'cli.reconcile.still.other': '{count} khách hàng vẫn chưa rõ kết quả: {why}',
  'cli.reconcile.warn.one': '{count} khách hàng vẫn chưa rõ kết quả: {why}. {advice}',
  'cli.reconcile.warn.other': '{count} khách hàng vẫn chưa rõ kết quả: {why}. {advice}',
  'cli.reconcile.nothing':
    'chiến dịch {campaign} không có khách hàng nào chưa rõ kết quả (thư mục trạng thái {stateDir}): không có gì để đối soát',
  'cli.reconcile.nothing.db':
    'chiến dịch {campaign} không có khách hàng nào chưa rõ kết quả (cơ sở dữ liệu trạng thái {db}): không có gì để đối soát',
  'cli.reconcile.nothing.run.db':
    'lượt chạy {run} không để lại khách hàng nào chưa rõ kết quả trong chiến dịch {campaign} (cơ sở dữ liệu trạng thái {db}): không có gì để đối soát',
  'cli.reconcile.nothing.run':
    'lượt chạy {run} không để lại khách hàng nào chưa rõ kết quả trong chiến dịch {campaign} (thư mục trạng thái {stateDir}): không có gì để đối soát',
  'cli.reconcile.runFlag': '--run: {message}',
  'cli.reconcile.asked':
    'chiến dịch {campaign}: {uncertain}; đã hỏi dịch vụ các bản ghi từ {from} đến {to} (theo giờ của dịch vụ; {requests}, {records})',
  'cli.reconcile.asked.run':
    'chiến dịch {campaign}: {uncertain} do lượt chạy {run} để lại; đã hỏi dịch vụ các bản ghi từ {from} đến {to} (theo giờ của dịch vụ; {requests}, {records})',
  'cli.reconcile.n.uncertain.one': '{count} khách hàng chưa rõ kết quả',
  'cli.reconcile.n.uncertain.other': '{count} khách hàng chưa rõ kết quả',
  'cli.reconcile.n.requests.one': '{count} yêu cầu',
  'cli.reconcile.n.requests.other': '{count} yêu cầu',
  'cli.reconcile.n.records.one': '{count} bản ghi',
  'cli.reconcile.n.records.other': '{count} bản ghi',
  'cli.reconcile.settled':
    '  đã rõ     {count}   tìm thấy trong chiến dịch: ghi nhận là đã nhập, không bao giờ gửi lại',
  'cli.reconcile.uncertain': '  chưa rõ   {count}   {why}',
  'cli.reconcile.run':
    '  lượt chạy {run} ({file}, {started}): {settled} đã rõ, {still} vẫn chưa rõ',
  'cli.reconcile.run.list':
    '  lượt chạy {run} ({file}, {started}): {settled} đã rõ, {still} vẫn chưa rõ; danh sách: {list}',
  'cli.reconcile.run.unknown':
    '  một lượt chạy không có trong lịch sử này: {settled} đã rõ, {still} vẫn chưa rõ',
  'cli.reconcile.run.unknown.list':
    '  một lượt chạy không có trong lịch sử này: {settled} đã rõ, {still} vẫn chưa rõ; danh sách: {list}',
  'cli.emulator.portInUse': 'cổng {port} trên {host} đang được dùng',
  'cli.emulator.portInUse.hint':
    'Hãy chọn cổng khác bằng --port, hoặc --port 0 để lấy một cổng trống bất kỳ.',
  'cli.emulator.started':
    'trình giả lập cacs đang nghe tại {url}\n  token truy cập: {token}   (giá trị thử mà trình giả lập chấp nhận)\n  chiến dịch:     {campaigns}\n\nHãy thử, ở một cửa sổ dòng lệnh khác:\n  export CACS_BASE_URL={url} CACS_ACCESS_TOKEN={token}\n  cacs import leads.csv --campaign {campaign}\n  cacs report --campaign {campaign} --from today --to today\n\nNhấn Ctrl-C để dừng.',
  'cli.emulator.campaign': '{key} ({name})',
  'cli.emulator.stopped': 'đã dừng trình giả lập',
  'cli.config.show.notSet': 'chưa đặt',
  'cli.config.show.noValue': '(chưa đặt)',
  'cli.config.path.none': 'không có tệp cấu hình nào đang dùng',
  'cli.config.path.looksFor':
    'cacs tìm, theo thứ tự ưu tiên:\n  dự án:      package.json "cacs", .cacsrc, .cacsrc.{json,yaml,yml,js,cjs,mjs}, cacs.config.* — trong {cwd} và mọi thư mục cha của nó\n  người dùng: {user}\n  (--config <tệp> thay cho cả hai cách tìm)',
  'cli.config.init.exists': '{file} đã có; cacs config init không bao giờ ghi đè tệp',
  'cli.config.init.exists.hint': 'Hãy sửa tệp đó, hoặc chuyển nó đi chỗ khác trước.',
  'cli.config.init.cannotWrite': 'không ghi được {file} ({code})',
  'cli.config.init.cannotWrite.user.hint':
    'Hãy kiểm tra thư mục cấu hình của bạn có ghi được không.',
  'cli.config.init.cannotWrite.hint':
    'Hãy chạy ở một thư mục ghi được, hoặc dùng --user để ghi vào thư mục cấu hình của riêng bạn.',
  'cli.config.init.wrote':
    'đã ghi cấu hình mẫu vào {file} (quyền 600): mọi thiết lập trong đó đều đang được chú thích; hãy bỏ chú thích những gì bạn cần (baseUrl, nguồn token, tên gọi tắt chiến dịch).',
  'cli.config.init.starter':
    "# Cấu hình cacs (YAML). Thứ tự ưu tiên: tuỳ chọn dòng lệnh > biến môi trường > hồ sơ cấu hình > tệp này > cấu hình người dùng.\n# Mọi thiết lập dưới đây đều đang được chú thích: tệp này không thay đổi gì cho tới khi bạn bỏ chú thích một dòng.\n# Hãy giữ riêng tệp này nếu nó chứa token: chmod 600 <tệp này>\n\n# Địa chỉ dịch vụ do bên vận hành cấp (hoặc CACS_BASE_URL trong biến môi trường).\n# baseUrl: https://cacs.example.com\n\n# Token truy cập: nên dùng một lệnh in ra token (trình quản lý mật khẩu, kho bí mật)\n# thay vì ghi thẳng vào đây. CACS_ACCESS_TOKEN trong biến môi trường cũng được.\n# accessTokenCommand: pass show cacs/token\n# accessToken: put-your-token-here\n\n# Tên gọi tắt của chiến dịch (tên gọi tắt: mã chiến dịch mà dịch vụ biết; mã phân biệt chữ hoa chữ thường), và\n# chiến dịch dùng khi không có --campaign. Với một tên gọi tắt, --campaign summer sẽ gửi mã của nó.\n# campaigns:\n#   summer: SUMMER2026\n# defaultCampaign: summer\n\n# Giờ của dịch vụ (dịch vụ đọc ngày báo cáo và ghi giờ cuộc gọi theo giờ này), và múi giờ bạn\n# dùng khi ghi ngày (today, yesterday, 7d, ngày không có độ lệch; mặc định: múi giờ của dịch vụ).\n# serviceTimezone: Asia/Ho_Chi_Minh\n# timezone: Europe/Paris\n\n# Ngôn ngữ của thông báo: vi hoặc en (mặc định: --lang, rồi LC_ALL, LC_MESSAGES, LANG).\n# language: vi\n\n# Nơi cacs ghi nhớ những gì đã gửi (sổ ghi của chiến dịch giúp không gửi một khách hàng\n# hai lần, nhật ký, lịch sử, mốc báo cáo), tính từ thư mục của tệp này. Hãy cố định nó khi cron hay\n# người dùng khác chạy cacs: mặc định nó theo HOME. CACS_STATE_DIR sẽ thay thế nó.\n# stateDir: cacs-state\n\n# import:\n#   batchSize: 500\n#   concurrency: 2\n#   # Gắn các trường khách hàng với tên cột trong tệp của bạn (ngoài các tên có sẵn).\n#   columns:\n#     ref_id: Mã KH\n#     field01: Sản phẩm\n#   # Quy tắc số điện thoại rộng hơn quy tắc 0 + 9 chữ số của đặc tả, nếu bên vận hành chấp nhận.\n#   phonePattern: '^0\\d{9,10}$'\n#   # Các số thử của riêng trung tâm bạn, bị loại như 0000000000 (phone_placeholder).\n#   placeholderNumbers: ['0911111222']\n#   # Danh sách không gọi (CSV/.xlsx có cột số điện thoại, hoặc mỗi dòng một số), tính từ\n#   # thư mục của tệp này; các số trong đó không bao giờ được gửi. --suppress thêm danh sách khác.\n#   suppress:\n#     - dnc.csv\n\n# report:\n#   windowDays: 31\n#   concurrency: 4\n#   format: csv\n#   bom: true        # CSV cho Excel: dấu BOM UTF-8\n#   # Câu trả lời có \"Have N records found\" không khớp với số bản ghi (đã hỏi hai lần):\n#   # error (mã thoát 1, mặc định) hoặc warn (ghi như đã nhận, với dịch vụ vốn đếm khác).\n#   countMismatch: error\n#   # Các trạng thái mà phần tóm tắt (--summary) tính là bắt máy.\n#   answeredStatuses: [ANSWERED]\n\n# Kiểm tra tuân thủ của phần tóm tắt (cacs report --summary, --fail-on-violations). Mặc định\n# theo Nghị định 91/2020/NĐ-CP, điều 12 (cuộc gọi quảng cáo trong 08:00-17:00, mỗi số tối đa một\n# cuộc gọi trong 24 giờ); đây là thiết lập, không phải tư vấn pháp lý. Cuộc gọi tới các số trong\n# danh sách import.suppress cũng được tính.\n# compliance:\n#   callHours: '08:00-17:00'\n#   maxCallsPer24h: 1\n\n# Các bộ thiết lập có tên (hồ sơ cấu hình), chọn bằng --profile hoặc CACS_PROFILE.\n# profiles:\n#   staging:\n#     baseUrl: https://staging.cacs.example.com\n#     accessTokenCommand: pass show cacs/staging-token\n",
  'cli.campaign.givenByFlag': '--campaign {alias}',
  'cli.campaign.givenBy': 'chiến dịch {alias} ({source})',
  'cli.campaign.fromConfiguration': 'cấu hình',
  'cli.campaign.aliasNote':
    '{given} được hiểu là {key}: tên gọi tắt campaigns.{alias} trong {source}',
  'cli.campaign.aliasNote.hint':
    '{note}. Hãy kiểm tra mã đó với bên vận hành dịch vụ, hoặc sửa tên gọi tắt (cacs config show liệt kê chúng).',
  'cli.progress.eta': 'còn {eta}',
  'cli.progress.rate': '{rate} khách hàng/giây',
  'cli.progress.rejected': ' · {count} bị loại',
  'cli.progress.waiting': ' · chưa có trả lời sau {duration}',
  'cli.progress.importing': 'Đang nhập {counts} khách hàng ({pct}) · {rate} · {eta}{more}',
  'cli.progress.checking': 'Đang kiểm tra từng dòng: đã đọc {rows}…',
  'cli.progress.checking.short': 'Đang kiểm tra: đã đọc {rows}…',
  'cli.progress.checking.share':
    'Đang kiểm tra từng dòng: đã đọc {rows} ({pct} của {size}) · {eta}',
  'cli.progress.checking.share.short': 'Đang kiểm tra: đã đọc {rows} ({pct}) · {eta}',
  'cli.progress.checking.shareOnly': 'Đang kiểm tra: {pct} · {eta}',
  'cli.progress.reading': 'Đang đọc {name}: được {got}…',
  'cli.progress.reading.short': 'Đang đọc: {got}…',
  'cli.help.exitCodes': 'Mã thoát:',
  'cli.help.program': 'Nhập khách hàng vào chiến dịch gọi CACS và xuất kết quả cuộc gọi.',
  'cli.help.version': 'in ra phiên bản',
  'cli.help.help': 'xem hướng dẫn',
  'cli.help.program.after':
    '\nVí dụ:\n  $ cacs import leads.csv --campaign summer\n  $ cacs report --campaign summer --from 7d --to yesterday -o calls.csv\n  $ cacs reconcile --campaign summer\n  $ cacs config show\n  $ cacs emulator --port 8787\n\n{exitCodes}\n\nToken truy cập không bao giờ lấy từ dòng lệnh: hãy đặt CACS_ACCESS_TOKEN, hoặc accessToken / accessTokenCommand trong tệp cấu hình (xem cacs config init).',
  'cli.help.history':
    'liệt kê các lần nhập trước, mới nhất trước; xem một lượt chạy; tìm lượt chạy đã gửi một khách hàng',
  'cli.help.history.list.after':
    "\nVí dụ:\n  $ cacs history\n  $ cacs history list --campaign summer --limit 5\n  $ cacs history --json | jq '.runs[0].exitCode'",
  'cli.help.history.show.after':
    '\nVí dụ:\n  $ cacs history show 3fa2c1        (6 ký tự cuối của mã lượt chạy)\n  $ cacs history show r20261123-094512-3fa2c1 --json',
  'cli.help.history.find.after':
    '\nVí dụ:\n  $ cacs history find 0912345678\n  $ cacs history find "+84 912 345 678"        (cùng số đó)\n  $ cacs history find KH-0042        (một ref_id)',
  'cli.help.config.show.after':
    '\nVí dụ:\n  $ cacs config show\n  $ cacs config show --json --pretty',
  'cli.help.config.path.after': '\nVí dụ:\n  $ cacs config path',
  'cli.help.config.init.after':
    '\nVí dụ:\n  $ cacs config init        (.cacsrc.yaml trong thư mục này)\n  $ cacs config init --user        (trong thư mục cấu hình của bạn)',
  'cli.help.state.status.after':
    '\nVí dụ:\n  $ cacs state status\n  $ CACS_STATE_DIR=/srv/cacs/state cacs state status --json',
  'cli.help.state.migrate.after':
    '\nVí dụ:\n  $ cacs state migrate --to postgres://cacs@db.local/cacs\n  $ cacs state migrate /home/an/.local/state/cacs --to postgres://cacs@db.local/cacs',
  'cli.help.state.prune.after':
    '\nVí dụ:\n  $ cacs state prune --dry-run        (khi đã đặt state.retentionDays)\n  $ cacs state prune',
  'cli.help.history.after':
    '\nVí dụ:\n  $ cacs history --campaign summer --limit 5\n  $ cacs history show r20261123-094512-3fa2c1\n  $ cacs history find 0912345678        (hoặc một ref_id)',
  'cli.help.config': 'xem, tìm vị trí hoặc tạo thiết lập',
  'cli.help.config.after':
    '\nVí dụ:\n  $ cacs config show --json\n  $ cacs config path\n  $ cacs config init',
  'cli.help.completion': 'in ra đoạn mã tự hoàn thành cho shell (bash, zsh hoặc fish)',
  'cli.help.completion.shell': 'bash, zsh hoặc fish',
  'cli.help.completion.after':
    '\nCài đặt:\n  bash  cacs completion bash > ~/.local/share/bash-completion/completions/cacs\n  zsh   cacs completion zsh > "${fpath[1]}/_cacs"      (rồi khởi động lại zsh)\n  fish  cacs completion fish > ~/.config/fish/completions/cacs.fish',
  'cli.help.complete.kind': 'campaigns, profiles hoặc statuses',
  'cli.help.pretty': 'kèm --json: JSON được thụt lề trên nhiều dòng (mặc định: một dòng)',
  'cli.help.campaign':
    'mã hoặc tên gọi tắt của chiến dịch (biến môi trường CACS_CAMPAIGN, cấu hình defaultCampaign)',
  'cli.help.concurrency': 'số yêu cầu gửi đồng thời (mặc định {default})',
  'cli.help.config.init':
    'ghi một cấu hình mẫu có chú thích (.cacsrc.yaml ở đây, hoặc --user cho cấu hình người dùng); không bao giờ ghi đè',
  'cli.help.config.init.user': 'ghi vào thư mục cấu hình của người dùng thay vì thư mục hiện tại',
  'cli.help.config.path': 'in ra các tệp cấu hình đang dùng và nơi cacs tìm chúng',
  'cli.help.config.show': 'in ra từng thiết lập đang có hiệu lực và nguồn của nó (token được che)',
  'cli.help.config.show.json':
    'in một đối tượng JSON ra stdout: { settings, files, exitCode, error }',
  'cli.help.history.find':
    'lượt chạy nào đã gửi một khách hàng (theo số điện thoại hoặc ref_id), ở đâu, khi nào, kết quả ra sao',
  'cli.help.history.find.query': 'một số điện thoại viết theo bất kỳ cách nào, hoặc một ref_id',
  'cli.help.history.find.json':
    'in một đối tượng JSON ra stdout: { query, found, erased, exitCode, error }',
  'cli.help.history.show':
    'một lượt chạy: số đếm, các tệp kèm theo, các dòng của khách hàng chưa rõ kết quả',
  'cli.help.history.show.run':
    'mã lượt chạy lấy từ cacs history (chỉ cần một phần đầu không trùng, hoặc 6 ký tự cuối như cacs history hiển thị)',
  'cli.help.history.show.json': 'in một đối tượng JSON ra stdout: { run, exitCode, error }',
  'cli.help.history.list': 'các lần nhập trước, mới nhất trước (mặc định: cacs history)',
  'cli.help.history.list.campaign': 'chỉ các lần nhập vào chiến dịch này',
  'cli.help.history.list.limit': 'số lượt chạy tối đa (mặc định {default})',
  'cli.help.history.list.json': 'in một đối tượng JSON ra stdout: { runs, exitCode, error }',
  'cli.help.reconcile':
    'đối soát khách hàng chưa rõ kết quả với bản ghi của dịch vụ: ai tìm thấy được tính là đã nhập, số còn lại vẫn chưa rõ',
  'cli.help.reconcile.run':
    'chỉ những khách hàng mà lượt chạy này để lại chưa rõ kết quả (mã lấy từ cacs history, hoặc 6 ký tự cuối của nó; khi chưa đặt chiến dịch thì dùng chiến dịch của lượt chạy đó)',
  'cli.help.reconcile.after':
    '\nVí dụ:\n  $ cacs reconcile --campaign summer\n  $ cacs reconcile --campaign summer --run r20261123-094512-3fa2c1\n  $ cacs reconcile --campaign summer --json | jq .stillUncertain\n\nMột khách hàng là chưa rõ kết quả khi lô của họ đã được gửi nhưng không có trả lời rõ ràng (hết thời gian chờ, mất kết nối, chương trình bị sập). reconcile hỏi điểm cuối báo cáo các bản ghi của chiến dịch kể từ khi lô đầu tiên như vậy được gửi, mỗi yêu cầu một ngày, và tìm từng khách hàng chưa rõ theo số điện thoại. Khách hàng tìm thấy được ghi nhận là đã nhập: nhập lại sẽ không gửi họ, dù có hay không có --retry-uncertain. Số còn lại vẫn chưa rõ: khách hàng chỉ xuất hiện trong báo cáo sau khi đã được gọi, nên hãy chạy lại reconcile sau. reconcile không bao giờ gửi khách hàng, và không chạy khi đang có lần nhập vào chiến dịch đó (cùng một khoá). Danh sách chưa rõ của mỗi lượt chạy (cacs history show <lượt chạy>) nêu tên khách hàng; kết quả in ra chỉ nêu lượt chạy và số đếm.\n{exitCodes}',
  'cli.help.reconcile.json':
    'in một đối tượng JSON ra stdout: số đếm, khoảng thời gian, theo từng lượt chạy (không có số điện thoại); exitCode, error',
  'cli.help.emulator.attempts':
    'chỉ báo cáo các lượt gọi trong khoảng thời gian, hoặc mọi lượt gọi của một khách hàng',
  'cli.help.emulator.messageStyle': 'dạng thông báo khi nhập thành công',
  'cli.help.emulator':
    'chạy một dịch vụ CACS cục bộ, đúng theo đặc tả, để dùng thử cacs và để kiểm thử',
  'cli.help.emulator.port': 'cổng để nghe (0 = cổng trống bất kỳ)',
  'cli.help.emulator.host': 'địa chỉ để nghe',
  'cli.help.emulator.token':
    'access_token mà trình giả lập chấp nhận (giá trị thử, không phải bí mật)',
  'cli.help.emulator.campaign': 'một chiến dịch nó biết (dùng được nhiều lần; mặc định {default})',
  'cli.help.emulator.state': 'giữ khách hàng trong tệp JSON này qua các lần khởi động lại',
  'cli.help.emulator.latency': 'trả lời mỗi yêu cầu sau ngần ấy mili giây kể từ khi nhận',
  'cli.help.emulator.failRate':
    'tỉ lệ yêu cầu bị lỗi (429, 503, rớt kết nối, mất trả lời sau khi đã xử lý)',
  'cli.help.emulator.seed': 'hạt giống cho lỗi giả và các lượt gọi giả lập',
  'cli.help.emulator.maxBatch': 'trả lời HTTP 413 cho lần nhập có nhiều khách hàng hơn số này',
  'cli.help.emulator.phonePattern':
    'quy tắc số điện thoại chặt hơn phía dịch vụ (mặc định {default})',
  'cli.help.emulator.after':
    '\nVí dụ:\n  $ cacs emulator\n  $ CACS_BASE_URL=http://127.0.0.1:8787 CACS_ACCESS_TOKEN=emulator-token cacs import leads.csv --campaign summer\n  $ cacs emulator --port 0 --fail-rate 0.2 --seed 7 --state /tmp/cacs-emulator.json',
  'cli.help.import.retryUncertain':
    'gửi lại khách hàng mà lượt chạy trước để lại chưa rõ kết quả (hãy đối soát bằng cacs reconcile trước)',
  'cli.help.import.format':
    'định dạng tệp nhập (mặc định: theo nội dung và phần mở rộng; stdin: csv)',
  'cli.help.import':
    'kiểm tra từng dòng của tệp danh sách khách hàng, rồi nhập khách hàng vào chiến dịch',
  'cli.help.import.file':
    'tệp danh sách khách hàng CSV, Excel .xlsx, JSON hoặc NDJSON; - để đọc từ stdin',
  'cli.help.import.delimiter': 'dấu phân cách CSV: , ; tab | (mặc định: tự nhận ra)',
  'cli.help.import.encoding':
    'bảng mã văn bản, ví dụ windows-1258 (mặc định: theo BOM, không có thì UTF-8)',
  'cli.help.import.sheet':
    'Excel: trang tính cần đọc, theo tên hoặc số thứ tự (mặc định: trang đầu tiên)',
  'cli.help.import.map': 'gắn một trường khách hàng với một cột (dùng được nhiều lần)',
  'cli.help.import.ignoreUnmapped':
    'bỏ qua các cột không khớp trường khách hàng nào thay vì dừng lại',
  'cli.help.import.suppress':
    'danh sách không gọi (CSV, .xlsx hoặc mỗi dòng một số): các số trong đó không bao giờ được gửi (dùng được nhiều lần; thêm vào import.suppress của cấu hình)',
  'cli.help.import.batchSize': 'số khách hàng mỗi yêu cầu (mặc định {default})',
  'cli.help.import.dryRun': 'kiểm tra và đếm mọi thứ, không gửi gì',
  'cli.help.import.rejects':
    'nơi ghi các dòng bị loại (mặc định <tên tệp nhập>.rejects.csv cạnh tệp nhập)',
  'cli.help.import.noDedupe': 'giữ các dòng có số điện thoại đã xuất hiện trước đó trong tệp',
  'cli.help.import.noNormalize':
    'gửi giá trị đúng như đã đọc (không cắt khoảng trắng, không chuẩn hoá số điện thoại)',
  'cli.help.import.after':
    '\nVí dụ:\n  $ cacs import leads.csv --campaign summer\n  $ cacs import leads.csv --campaign summer --dry-run\n  $ cacs import "Danh sách KH.xlsx" --sheet 2 --campaign summer\n  $ cacs import export.txt --delimiter tab --encoding utf-16le --map ref_id="Mã KH"\n  $ cacs import leads.csv --campaign summer --suppress dnc.csv --suppress dnc-national.txt\n  $ other-system --export | cacs import - --campaign summer --json\n\nMọi dòng đều được kiểm tra trước khi gửi bất cứ gì. Các dòng cần sửa được ghi vào <tên tệp nhập>.rejects.csv cạnh tệp nhập (sửa chúng rồi nhập lại tệp đó); các dòng không gửi theo quy tắc (trùng lặp, số trong danh sách không gọi, khách hàng chiến dịch đã có) được ghi vào <tên tệp nhập>.skipped.csv. Danh sách không gọi không đọc được sẽ dừng lần nhập (mã thoát 2). Chạy lại sẽ tiếp tục từ chỗ lần trước dừng, và khách hàng chiến dịch đã có không bao giờ bị gửi lại (cacs history find <số điện thoại> cho biết đã gửi khi nào). {exitCodes}',
  'cli.help.import.restart':
    'để nhật ký của tệp này sang một bên (không phải sổ ghi của chiến dịch) và nhập lại tệp từ đầu',
  'cli.help.import.allowRepeat':
    'gửi cả khách hàng chiến dịch đã có từ các lượt trước (mặc định bị giữ lại)',
  'cli.help.import.json':
    'in tóm tắt thành một đối tượng JSON ra stdout (cả khi thất bại: exitCode và error)',
  'cli.help.report.flatten':
    'CSV, xlsx và bảng: mỗi dòng một lượt gọi hoặc một khách hàng (mặc định {default})',
  'cli.help.report.format':
    'định dạng kết quả (mặc định: theo -o, không có thì bảng trên màn hình, còn lại là json)',
  'cli.help.report':
    'lấy kết quả cuộc gọi trong một khoảng ngày dưới dạng CSV, JSON, NDJSON, xlsx, bảng hoặc trang HTML',
  'cli.help.report.from':
    'thời điểm bắt đầu (bắt buộc, trừ các lượt chạy sau của một --bookmark): yyyy-mm-dd hoặc dd/mm/yyyy, có thể kèm HH:mm[:ss], ISO 8601 có độ lệch múi giờ, now, today, yesterday hoặc Nd (N ngày trước)',
  'cli.help.report.to':
    'thời điểm kết thúc, cùng các dạng trên; một ngày nghĩa là cuối ngày đó (mặc định: now)',
  'cli.help.report.status':
    'chỉ các trạng thái cuộc gọi này, cách nhau bằng dấu phẩy (ví dụ "ANSWERED,NO ANSWER")',
  'cli.help.report.refId': 'chỉ khách hàng có mã tham chiếu này',
  'cli.help.report.output':
    'ghi vào tệp này (ghi trọn vẹn hoặc không ghi gì); {from} {to} {date} sẽ được điền vào; - là stdout',
  'cli.help.report.bom': 'CSV: bắt đầu bằng dấu BOM UTF-8 để Excel hiển thị đúng tiếng Việt',
  'cli.help.report.noBom': 'CSV: không có dấu BOM, bất kể cấu hình report.bom',
  'cli.help.report.windowDays': 'số ngày mỗi yêu cầu, {range} (mặc định {default})',
  'cli.help.report.tz':
    'múi giờ của bạn: ngày và now/today/yesterday/Nd được hiểu theo múi giờ này (mặc định: serviceTimezone)',
  'cli.help.report.bookmark':
    'lấy dần: bắt đầu từ chỗ lượt chạy thành công gần nhất của mốc này kết thúc (lần đầu: --from)',
  'cli.help.report.settle':
    'kèm --bookmark: để các cuộc gọi mới hơn khoảng này cho lượt chạy sau (mặc định {default}; 90m, 0…)',
  'cli.help.report.bookmarks': 'liệt kê các mốc (--format json để ra JSON) rồi thoát',
  'cli.help.report.after':
    '\nVí dụ:\n  $ cacs report --campaign summer --from yesterday --to yesterday -o calls.csv\n  $ cacs report --campaign summer --bookmark nightly -o "calls-{from}-{to}.csv"\n  $ cacs report --campaign summer --from 2026-10-01 --to 2026-10-31 -o october.xlsx\n  $ cacs report --campaign summer --from 90d --format ndjson | jq -r .phone_number\n  $ cacs report --from 01/10/2026 --to 31/10/2026 --status "ANSWERED,NO ANSWER" --flatten leads\n  $ cacs report --from today --ref-id KH-0042\n  $ cacs report --from 7d --summary\n  $ cacs report --from yesterday --to yesterday --summary --format json --fail-on-violations\n\nNgày giờ là giờ đồng hồ theo --tz (hoặc kèm độ lệch: 2026-11-23T10:00:00+01:00), được đổi sang giờ của dịch vụ (cấu hình serviceTimezone, mặc định {serviceTimezone}) và gửi dưới dạng yyyy-mm-dd HH:mm:ss. Khoảng thời gian dài được chia thành các đợt tối đa 31 ngày theo lịch của dịch vụ, lấy đồng thời rồi gộp theo campaign_lead_id.\n\n--summary in ra số liệu thống kê (xem trên màn hình, hoặc JSON với --format json hay -o tệp.json) và kiểm tra tuân thủ: cuộc gọi ngoài compliance.callHours (mặc định {callHours}), số bị gọi quá compliance.maxCallsPer24h (mặc định {maxCallsPer24h}) lần trong 24 giờ, cuộc gọi tới số trong danh sách import.suppress. Mặc định theo Nghị định 91/2020/NĐ-CP; đây là các thiết lập.\n{exitCodes}\n\n--bookmark <tên> giúp lấy báo cáo dần dần: lượt chạy đầu cần --from; mỗi lần sau bắt đầu một giây sau khi lần thành công trước kết thúc và kết thúc ở --to (mặc định: bây giờ trừ --settle), nên mỗi lượt gọi nằm trong kết quả của đúng một lượt chạy. Mốc chỉ dời đi khi báo cáo đã đầy đủ; lượt chạy thất bại để nguyên mốc, và lần sau sẽ lấy cả khoảng bị bỏ lỡ. -o điền {from} và {to} (khoảng đã lấy, giờ của dịch vụ, yyyymmdd-HHMMSS) và {date} (hôm nay theo --tz).',
  'cli.help.report.bookmarkReset':
    'xoá một mốc (cho --campaign, --status, --ref-id của các lượt chạy của nó) rồi thoát',
  'cli.help.report.summary':
    'thống kê thay cho bản ghi: trạng thái, tỉ lệ bắt máy, thời gian chờ và đàm thoại, theo ngày và giờ, tuân thủ',
  'cli.help.report.failOnViolations':
    'thoát với mã 6 khi kiểm tra tuân thủ thấy cuộc gọi vi phạm quy tắc (có hay không có --summary)',
  'cli.help.state': 'trạng thái nằm ở đâu và chứa gì; sao chép thư mục trạng thái vào PostgreSQL',
  'cli.help.state.after':
    '\nVí dụ:\n  $ cacs state status\n  $ cacs state migrate --to postgres://cacs@db.local/cacs\n  $ cacs state prune --dry-run',
  'cli.help.state.status':
    'trạng thái nằm ở đâu (thư mục hay PostgreSQL), phiên bản lược đồ, chứa những gì',
  'cli.help.state.status.json': 'in một đối tượng JSON ra stdout: { status, exitCode, error }',
  'cli.help.state.migrate':
    'sao chép thư mục trạng thái của máy này (sổ ghi, lịch sử, nhật ký chưa xong) vào PostgreSQL',
  'cli.help.state.migrate.to': 'cơ sở dữ liệu: postgres://user@host:5432/db (dạng libpq)',
  'cli.help.state.migrate.json': 'in một đối tượng JSON ra stdout: { migrated, exitCode, error }',
  'cli.state.store.files': 'nơi lưu:    tệp',
  'cli.state.store.postgres': 'nơi lưu:    PostgreSQL',
  'cli.state.location': 'vị trí:     {location}',
  'cli.state.schema': 'lược đồ:    phiên bản {version} (bản cacs này biết {known})',
  'cli.state.ledgers': 'sổ ghi:     {ledgers} ({records} bản ghi)',
  'cli.state.runs': 'lượt chạy:  {runs}',
  'cli.state.journals': 'nhật ký:    {journals}',
  'cli.state.bookmarks': 'mốc:        {bookmarks}',
  'cli.state.migrated.from': 'đã sao chép từ {from} vào {to}:',
  'cli.state.migrated.ledger': '  sổ ghi {campaign} tại {serviceUrl}: đã sao chép {copied} bản ghi',
  'cli.state.migrated.ledger.already':
    '  sổ ghi {campaign} tại {serviceUrl}: đã sao chép {copied} bản ghi, {already} đã có sẵn',
  'cli.state.migrated.noLedgers': '  không có sổ ghi',
  'cli.state.migrated.runs.one': '  lịch sử: đã sao chép {count} lượt chạy',
  'cli.state.migrated.runs.other': '  lịch sử: đã sao chép {count} lượt chạy',
  'cli.state.migrated.runsAlready.one':
    '  lịch sử: đã sao chép {count} lượt chạy, {already} đã có sẵn',
  'cli.state.migrated.runsAlready.other':
    '  lịch sử: đã sao chép {count} lượt chạy, {already} đã có sẵn',
  'cli.state.migrated.journals': '  nhật ký: đã sao chép {copied} nhật ký chưa xong{finished}',
  'cli.state.migrated.journals.already':
    '  nhật ký: đã sao chép {copied} nhật ký chưa xong, {already} đã có sẵn{finished}',
  'cli.state.migrated.journals.finished': '; {finished} đã xong, không cần',
  'cli.state.migrated.bookmarks': '  mốc: {bookmarks} vẫn ở {from} (cả hai nơi lưu đều đọc ở đó)',
  'cli.state.migrated.untouched': 'thư mục {from} được giữ nguyên',
  'cli.completion.campaigns': 'tên gọi tắt chiến dịch',
  'cli.completion.profiles': 'hồ sơ cấu hình',
  'cli.completion.statuses': 'trạng thái đã gặp trong báo cáo',
  'cli.completion.statuses.zsh': 'trạng thái cuộc gọi',
  'cli.help.lang':
    'ngôn ngữ của thông báo và hướng dẫn (mặc định: cấu hình language, nếu không thì LC_ALL, LC_MESSAGES hoặc LANG)',
  'cli.help.helpCommand': 'xem hướng dẫn của một lệnh',
  'cli.label.error': 'lỗi:',
  'cli.stdout.failed': 'không ghi được ra stdout ({reason})',
  'cli.stdout.failed.hint':
    'Những gì đã in ra chưa đầy đủ. Hãy kiểm tra nơi nhận đầu ra (đĩa đầy, một thiết bị), rồi chạy lại.',
  'cli.stdout.failed.kept':
    'không ghi được ra stdout ({reason}): những gì in ra đó chưa đầy đủ; mã thoát ({code}) là của chính lệnh',
  'cli.label.warning': 'cảnh báo:',
  'cli.commander.usage': 'Cách dùng:',
  'cli.commander.options': 'Tuỳ chọn:',
  'cli.commander.globalOptions': 'Tuỳ chọn chung:',
  'cli.commander.commands': 'Lệnh:',
  'cli.commander.arguments': 'Đối số:',
  'cli.commander.choices': 'chọn một trong: {choices}',
  'cli.commander.default': 'mặc định: {value}',
  'cli.commander.unknownOption': "lỗi: không có tuỳ chọn '{flag}'",
  'cli.commander.unknownCommand': "lỗi: không có lệnh '{command}'",
  'cli.commander.didYouMean': '(Có phải ý bạn là {suggestion}?)',
  'cli.commander.didYouMeanOneOf': '(Có phải ý bạn là một trong {suggestions}?)',
  'cli.commander.missingArgument': "lỗi: thiếu đối số bắt buộc '{name}'",
  'cli.commander.optionMissingArgument': "lỗi: tuỳ chọn '{flags}' thiếu giá trị",
  'cli.commander.requiredOption': "lỗi: chưa cho tuỳ chọn bắt buộc '{flags}'",
  'cli.commander.conflictingOption': 'lỗi: không dùng được {option} cùng với {other}',
  'cli.commander.tooManyArguments': 'lỗi: quá nhiều đối số. Cần {expected} nhưng nhận được {got}.',
  'cli.commander.tooManyArguments.for':
    "lỗi: quá nhiều đối số cho '{command}'. Cần {expected} nhưng nhận được {got}.",
  'cli.commander.invalidOption': "lỗi: giá trị '{value}' của tuỳ chọn '{flags}' không hợp lệ.",
  'cli.commander.invalidArgument': "lỗi: giá trị '{value}' của đối số '{name}' không hợp lệ.",
  'cli.commander.allowedChoices': 'Các giá trị được phép: {choices}.',
  'report.xlsx.sheet.attempts': 'Lượt gọi',
  'report.xlsx.sheet.leads': 'Khách hàng',
};
