/** The report's output formats and flatten modes, and the time-zone check every layer uses. */

export const REPORT_FORMATS = ['csv', 'json', 'ndjson', 'table', 'xlsx', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const FLATTEN_MODES = ['attempts', 'leads'] as const;
export type FlattenMode = (typeof FLATTEN_MODES)[number];

/** Whether `zone` is an IANA time zone this Node knows (the one check: config, CLI, library). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
