/**
 * English messages of talking to the service (src/api/: the client, how answers and network
 * errors are classified, the shape checks of answers, the proxy). Spread into the catalog by
 * en-catalog.ts. Library messages name no command-line flag: the CLI's wording of the few whose
 * remedy is a flag is `cli.words.api.*` (src/cli/render/advice.ts).
 */
export const enCatalogApi = {
  // ── classify.ts: an HTTP answer that is not a plain success ──────────────────────────
  'api.http.claimsImported':
    'the service answered HTTP {status} with a body that says it imported: {body}; the batch may or may not have been imported',
  'api.http.redirect':
    'the service answered HTTP {status} (a redirect to {location}); cacs does not follow redirects with the token',
  'api.http.redirect.nowhere':
    'the service answered HTTP {status} (a redirect to nowhere); cacs does not follow redirects with the token',
  'api.http.redirect.hint':
    'Set the base URL to the final address (https:// rather than http://?).',
  'api.http.413': 'the service answered HTTP 413: the request is too large',
  'api.http.status': 'the service answered HTTP {status}',
  'api.http.unreadable': 'the service answered HTTP {status} with a body cacs cannot read: {body}',
  'api.http.body': 'the service answered HTTP {status}: {body}',
  'api.body.empty': '(empty)',
  'api.body.emptyBody': '(empty body)',
  'api.body.encoding': 'it is encoded as "{encoding}"',
  'api.error.claimsImported':
    'the service answered an error whose message says it imported: "{message}"; the batch may or may not have been imported',
  'api.error.tooLarge': 'the service refused the request as too large: "{message}"',
  'api.error.unknown':
    'the service answered an error cacs does not know: "{message}"; the batch may or may not have been imported',
  'api.service.tokenRefused': 'the service refused the access token: "{message}"',
  'api.service.requestRefused': 'the service refused the request: "{message}"',
  'api.service.answered': 'the service answered: "{message}"',

  // ── classify.ts: the network ─────────────────────────────────────────────────────────
  'api.proxy.auth': 'the proxy asked for authentication (HTTP 407)',
  'api.proxy.auth.before': 'the proxy asked for authentication (HTTP 407) before reaching {host}',
  'api.proxy.auth.hint':
    'Put the proxy user and password in HTTPS_PROXY / HTTP_PROXY (http://user:password@proxy:port), or ask for cacs to be let through.',
  'api.net.connectTimeout': 'could not connect to {host} within {ms} ms',
  'api.net.stalled': 'the answer from {host} stalled: nothing arrived for {ms} ms',
  'api.net.deadline': "no complete answer from {host} in time (the request's deadline)",
  'api.net.noAnswer': 'no answer from {host} within {ms} ms after sending',
  'api.timeout.hint': 'Raise the request timeout if the service is slow.',
  'api.net.refused': 'connection refused',
  'api.net.notFound': 'host not found',
  'api.net.unreachable': 'cannot reach {host}: {why}',
  'api.net.tls': 'TLS error talking to {host}: {code}',
  'api.net.tls.hint':
    'If your network inspects TLS, point NODE_EXTRA_CA_CERTS at its CA certificate.',
  'api.net.error': 'network error',
  'api.net.brokeAfter': 'the connection to {host} broke after the request was sent ({why})',
  'api.net.brokeBefore': 'the connection to {host} broke before the request was sent ({why})',

  // ── client.ts ────────────────────────────────────────────────────────────────────────
  'api.import.impossible':
    'the service answered {answer}, which cannot be true for {count} leads sent ({why})',
  'api.import.unexpected':
    'the service answered {answer}, which is not an answer the spec describes for {count} leads sent ({why})',
  'api.import.unexpected.hint':
    'An unexpected answer: the batch may or may not have been imported; check it in the campaign.',
  'api.report.noRecords': 'the service answered success without a list of records',
  'api.report.noRecords.hint':
    'This is not an answer the spec describes; try again later or report it to the operator.',
  'api.report.unusable': "the service's answer for {what} is not a report cacs can use: {problem}",
  'api.report.unusable.hint':
    'This is not an answer the spec describes; nothing was written. Report it to the operator.',
  'api.retry.waitSeconds': '{n} s',
  'api.retry.waitDays': 'a day or more',
  'api.retry.waitTooLong':
    '{message}; the service asks to wait {wait}, longer than the {max} s cacs waits',
  'api.retry.waitTooLong.hint': 'The service is overloaded or rate-limiting: run again later.',
  'api.retry.gaveUp.one': '{message} (gave up after {count} attempt)',
  'api.retry.gaveUp.other': '{message} (gave up after {count} attempts)',
  'api.retry.gaveUp.report.hint':
    'Check the service address and your network, then run again: no report was written.',
  'api.retry.gaveUp.hint':
    'Check the service address and your network, then run the same command again.',
  'api.retry.retrying': 'retrying in {ms} ms: {reason}',
  'api.report.interrupted': 'interrupted: no report was written',
  'api.interrupted.noAnswer':
    'no answer within {seconds} s of the interruption (a request of {what})',
  'api.answer.tooLarge.import':
    "the service's answer is larger than the {max} cacs reads for an import ({size})",
  'api.answer.tooLarge.report':
    "the service's answer is larger than the {max} cacs reads for a report window ({size})",
  'api.answer.tooLarge.hint':
    'Ask for less at a time (fewer days per window, one status or one ref_id); nothing was written.',
  'api.answer.announces': 'it announces {size}',
  'api.answer.moreArrived': 'more than that arrived',
  'api.answer.decompressesToMore': '{size} that decompress to more',
  'api.answer.compressionDamaged': 'its compression is damaged',
  'api.answer.stalled': 'the answer for {what} stalled: nothing arrived for {ms} ms',
  'api.answer.slow': 'the answer for {what} arrives at under {rate}/s ({size} in {duration})',
  'api.answer.slow.hint': 'The service or the network is very slow: try again later.',
  'api.report.totalTooLarge':
    "the report's answers add up to more than the {max} cacs reads for one report ({before} before the answer for {what}, of {size})",
  'api.report.totalTooLarge.hint':
    'Ask for less at a time (a shorter range in several reports, one status or one ref_id), or give Node more memory (NODE_OPTIONS=--max-old-space-size=8192 raises this limit to a fifth of it); nothing was written.',
  'api.trace.answer': '< {status} in {ms} ms: {body}',

  // ── answers.ts: why an answer cannot be used ─────────────────────────────────────────
  'api.counts.hugeImported': "an imported count of {imported} digits' size",
  'api.counts.importedOverSent': '{imported} imported out of {sent} sent',
  'api.counts.hugeTotal': 'a total too large to be a count',
  'api.counts.importedOverTotal': '{imported} imported out of a total of {total}',
  'api.counts.totalNotSent': 'a total of {total} for {sent} leads sent',
  'api.answer.message.notCount': 'its message is {kind}, not a count',
  'api.answer.message.empty': 'its message is empty',
  'api.answer.successWithError': "a success carrying one of the spec's error messages",
  'api.answer.count.negative': 'a negative count',
  'api.answer.count.signed': 'a count with a sign',
  'api.answer.count.notWhole': 'a count that is not a whole number',
  'api.answer.notTemplate': 'not "<n> leads were imported" nor "<s>/<t> leads were imported"',
  'api.value.absent': 'absent',
  'api.value.list': 'a list',
  'api.value.object': 'an object',
  'api.value.kind': 'a {kind}',
  'api.records.notList': 'records is {kind}, not a list',
  'api.records.record': 'record {n}',
  'api.records.lead': 'record {n} (lead {id})',
  'api.records.notObject': '{what} is {kind}, not an object',
  'api.records.noLeadId': '{what} has no campaign_lead_id ({kind})',
  'api.records.field': '{what}: {key} is {kind}',
  'api.records.attempt.notObject': '{what}, attempt {attempt} is {kind}, not an object',
  'api.records.attempt.field': '{what}, attempt {attempt}: {key} is {kind}',

  // ── proxy.ts ─────────────────────────────────────────────────────────────────────────
  'api.proxy.url.hint':
    'Set {name} to http://host:port (credentials as http://user:password@host:port), or unset it.',
  'api.proxy.url.invalid': '{name}: not a URL',
  'api.proxy.url.scheme': '{name}: {scheme} proxies are not supported (use http:// or https://)',

  // ── the CLI's words for the remedies above that are its flags ────────────────────────
  'cli.words.api.timeout.hint': 'Raise --timeout if the service is slow.',
  'cli.words.api.answer.tooLarge.hint':
    'Ask for less at a time (--window-days, --status or --ref-id); nothing was written.',
  'cli.words.api.report.totalTooLarge.hint':
    'Ask for less at a time (a shorter --from/--to range in several reports, --status or --ref-id), or give Node more memory (NODE_OPTIONS=--max-old-space-size=8192 raises this limit to a fifth of it); nothing was written.',
} as const;
