/** The report's output formats and flatten modes, and the time-zone check every layer uses. */

export const REPORT_FORMATS = ['csv', 'json', 'ndjson', 'table', 'xlsx', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const FLATTEN_MODES = ['attempts', 'leads'] as const;
export type FlattenMode = (typeof FLATTEN_MODES)[number];

/**
 * Zones every Node build knows: the service's (the default setting) and UTC. Asking ICU about a
 * zone the first time loads its time-zone data (≈ 15 ms); the settings are checked at every
 * start-up, and a command that never formats a date in a zone (an import) need not pay that.
 */
const KNOWN_ZONES: ReadonlySet<string> = new Set(['Asia/Ho_Chi_Minh', 'UTC']);

/** Whether `zone` is an IANA time zone this Node knows (the one check: config, CLI, library). */
export function isValidTimeZone(zone: string): boolean {
  if (KNOWN_ZONES.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
