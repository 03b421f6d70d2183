/**
 * Every default value, once. This table feeds the settings (config/settings.ts: the lowest
 * layer of the precedence, what `cacs config show` calls "default"), the library (index.ts,
 * report/service.ts, the client, the emulator: what an option left out means) and the help text
 * (cli/program.ts writes "(default …)" from here: {@link defaultText}). A default changed here
 * changes everywhere; test/unit/defaults.test.ts checks that the help says what this table says.
 */

/** The settings' defaults, by dotted key (config files, environment and flags override them). */
export const DEFAULTS = {
  /** The service's zone (the spec's service is in Vietnam); the user's zone defaults to it. */
  serviceTimezone: 'Asia/Ho_Chi_Minh',
  allowInsecureHttp: false,
  /** Per-request timeout, milliseconds (`--timeout`). */
  timeout: 30_000,
  /** How long `accessTokenCommand` may run, milliseconds. */
  accessTokenCommandTimeout: 30_000,
  /** Leads per import request (`--batch-size`). */
  'import.batchSize': 500,
  /** Import requests in flight (`--concurrency`). */
  'import.concurrency': 2,
  /** The spec's phone format "0xxxxxxxxx": a zero and nine digits. */
  'import.phonePattern': '^0\\d{9}$',
  /**
   * home_phone as cacs checks it (not a rule of the service, which takes any digits): an
   * 11-digit landline (area codes since 2017) or a 10-digit mobile.
   */
  'import.homePhonePattern': '^0\\d{9,10}$',
  /** Most bytes of stdin (or a pipe given by name) spooled before the preflight: 1 GiB. */
  'import.stdinLimit': 1024 ** 3,
  /** A row per attempt (`--flatten`). */
  'report.flatten': 'attempts',
  /** Days per report request (`--window-days`): the service answers at most 31 at a time. */
  'report.windowDays': 31,
  /** Report requests in flight (`--concurrency`). */
  'report.concurrency': 4,
  'report.bom': false,
  'report.countMismatch': 'error',
  /** A report spills its merged leads to disk above this (report/spill.ts): 64 MiB. */
  'report.memoryBudget': 64 * 1024 ** 2,
  /** Statuses counted as answered. */
  'report.answeredStatuses': Object.freeze(['ANSWERED']) as readonly string[],
  /** Decree 91/2020/ND-CP, art. 12: advertising calls between 8:00 and 17:00 … */
  'compliance.callHours': '08:00-17:00',
  /** … and at most once per 24 hours to one number. */
  'compliance.maxCallsPer24h': 1,
} as const;

/** The defaults of flags and library options that are not settings. */
export const OPTION_DEFAULTS = {
  /** `report --settle`: calls younger than this are left to the next run of a bookmark. */
  settle: '1h',
  settleMs: 3_600_000,
  /** `history --limit`: the runs listed. */
  historyLimit: 20,
  /** `runImport({ rows: 'data' })`: rows per list kept as data. */
  maxRows: 10_000,
  /** `cacs emulator` / `startEmulator()`. */
  emulatorPort: 8787,
  emulatorHost: '127.0.0.1',
  emulatorToken: 'emulator-token',
  emulatorCampaign: 'summer',
} as const;

export type DefaultKey = keyof typeof DEFAULTS;

/** A default as the help text writes it: `500`, `08:00-17:00`, `attempts`. */
export function defaultText(key: DefaultKey | keyof typeof OPTION_DEFAULTS): string {
  const value = key in DEFAULTS ? DEFAULTS[key as DefaultKey] : OPTION_DEFAULTS[key as 'settle'];
  return Array.isArray(value) ? value.join(',') : String(value);
}
