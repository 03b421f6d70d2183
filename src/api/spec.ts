/**
 * Everything cacs knows about the CACS service's contract (cacs-api-spec.md), in one place:
 * paths, field limits, and the exact message texts of section 7 — both to produce them (the
 * emulator) and to recognise them (the client). Nothing here does I/O.
 */
import { DEFAULTS } from '../defaults.js';

export const API_PREFIX = '/api/cacs/v1';
export const IMPORT_PATH = `${API_PREFIX}/import_lead`;
export const REPORT_PATH = `${API_PREFIX}/call_result`;

/** Lead fields in the order the spec lists them (section 2.1), with their maximum lengths. */
export const LEAD_FIELDS = [
  'phone_number',
  'name',
  'contact_name',
  'company',
  'email',
  'address',
  'home_phone',
  'ref_id',
  'field01',
  'field02',
  'field03',
  'field04',
  'field05',
  'field06',
  'field07',
  'field08',
  'field09',
  'field10',
] as const;

export type LeadField = (typeof LEAD_FIELDS)[number];
export type Lead = { phone_number: string } & Partial<
  Record<Exclude<LeadField, 'phone_number'>, string>
>;

export const LEAD_MAX_LENGTH: Readonly<Record<LeadField, number>> = {
  phone_number: 25,
  name: 100,
  contact_name: 50,
  company: 100,
  email: 50,
  address: 100,
  home_phone: 25,
  ref_id: 32,
  field01: 100,
  field02: 100,
  field03: 100,
  field04: 100,
  field05: 100,
  field06: 100,
  field07: 100,
  field08: 100,
  field09: 100,
  field10: 100,
};

export const LIMITS = {
  accessToken: 50,
  campaignKey: 32,
  date: 19,
  status: 40,
  refId: 32,
  reportDays: 31,
} as const;

/** The spec's phone format "0xxxxxxxxx": a zero and nine digits. */
export const DEFAULT_PHONE_PATTERN = DEFAULTS['import.phonePattern'];
/**
 * home_phone as cacs checks it (not a rule of the service, which takes any digits): an 11-digit
 * landline (area codes since 2017) or a 10-digit mobile. Setting `import.homePhonePattern`.
 */
export const DEFAULT_HOME_PHONE_PATTERN = DEFAULTS['import.homePhonePattern'];

const LEAD_FIELD_SET: ReadonlySet<string> = new Set(LEAD_FIELDS);
export function isLeadField(name: string): name is LeadField {
  return LEAD_FIELD_SET.has(name);
}

/** Call result record fields in the spec's order (2.2), `data` excepted. */
export const RECORD_FIELDS = [
  'campaign_id',
  'campaign_name',
  'campaign_lead_id',
  'ref_id',
  'phone_number',
  'lead_name',
  'call',
] as const;

/** Call attempt fields in the spec's order (2.2). */
export const ATTEMPT_FIELDS = [
  'session',
  'wait_time',
  'talk_time',
  'phone_number',
  'date_time',
  'status',
  'retry',
  'key_press',
] as const;

/** Call attempt entry (spec 2.2). Types are "not shown" by the spec: numbers or strings. */
export interface CallAttempt {
  session: string | number | null;
  wait_time: string | number | null;
  talk_time: string | number | null;
  phone_number: string | null;
  date_time: string | null;
  status: string | null;
  retry: string | number | null;
  key_press: string | number | null;
}

/** Call result record (spec 2.2). */
export interface CallRecord {
  campaign_id: string | number | null;
  campaign_name: string | null;
  campaign_lead_id: string | number;
  ref_id: string | null;
  phone_number: string | null;
  lead_name: string | null;
  call: string | number | null;
  data: CallAttempt[];
}

export interface CallResultQuery {
  campaign_key: string;
  start_date: string;
  end_date: string;
  status?: string;
  ref_id?: string;
}

// ---------------------------------------------------------------------------------------------
// Messages (spec section 7). The texts are exact, odd spacing and stray '#' included.

export const messages = {
  missingHeader: (name: string) => `Missing header #${name}#. Please check it again`,
  headerMismatch: (name: string) => `Header #${name}# does not match. Please check it again`,
  missingParameter: (name: string) => `Missing parameter #${name}#. Please check it again`,
  parameterMismatch: (name: string) => `Parameter #${name}# does not match. Please check it again`,
  wrongFormat: (name: string) => `Parameter #${name}# is wrong format. Please check it again`,
  overMaxLength: (name: string) =>
    `Parameter #${name}# is over maximum length. Please check it again`,
  missingDates: () => 'Missing parameter #start_date# or #end_date#. Please check it again',
  datesWrongFormat: () =>
    'Parameter #start_date# or #end_date#  is wrong format#. Please check it again',
  startAfterEnd: () => 'Parameter #start_date# is larger than #end_date##. Please check it again',
  over31Days: () => 'Invalid time. Over 31 days',
  refIdNotFound: (refId: string) => `Data is not found with ${refId}. Please check it again`,
  imported: (success: number, total?: number) =>
    total === undefined
      ? `${success} leads were imported`
      : `${success}/${total} leads were imported`,
  recordsFound: (n: number) => `Have ${n} records found`,
} as const;

/** Machine codes for every service error message the spec lists. */
export type ServiceErrorCode =
  | 'missing_header'
  | 'header_mismatch'
  | 'missing_parameter'
  | 'parameter_mismatch'
  | 'wrong_format'
  | 'over_max_length'
  | 'missing_dates'
  | 'dates_wrong_format'
  | 'start_after_end'
  | 'range_too_long'
  | 'ref_id_not_found'
  | 'unknown';

export interface ParsedServiceMessage {
  code: ServiceErrorCode;
  /** The parameter named between '#' characters, when the message names one. */
  param?: string;
  /** For ref_id_not_found: the reference id the service echoed. */
  refId?: string;
}

const MESSAGE_PATTERNS: ReadonlyArray<[RegExp, ServiceErrorCode]> = [
  [/^Missing header #([^#]+)#/i, 'missing_header'],
  [/^Header #([^#]+)# does not match/i, 'header_mismatch'],
  [/^Missing parameter #start_date# or #end_date#/i, 'missing_dates'],
  [/^Missing parameter #([^#]+)#/i, 'missing_parameter'],
  [/^Parameter #start_date# or #end_date#\s*is wrong format/i, 'dates_wrong_format'],
  [/^Parameter #start_date# is larger than #end_date#/i, 'start_after_end'],
  [/^Parameter #([^#]+)# does not match/i, 'parameter_mismatch'],
  [/^Parameter #([^#]+)# is wrong format/i, 'wrong_format'],
  [/^Parameter #([^#]+)# is over maximum length/i, 'over_max_length'],
  [/^Invalid time\.?\s*Over 31 days/i, 'range_too_long'],
];

/** Recognise a service error message. Unknown texts come back as code 'unknown'. */
export function parseServiceMessage(message: string): ParsedServiceMessage {
  const text = message.trim();
  for (const [re, code] of MESSAGE_PATTERNS) {
    const m = re.exec(text);
    if (m) return m[1] === undefined ? { code } : { code, param: m[1] };
  }
  const nf = /^Data is not found with (.*?)\.? Please check it again\s*$/i.exec(text);
  if (nf) return { code: 'ref_id_not_found', refId: nf[1] ?? '' };
  return { code: 'unknown' };
}

export interface ImportCounts {
  imported: number;
  /** Present when the service used the "<success>/<total>" form. */
  total?: number;
}

/**
 * Parse "<n> leads were imported" or "<s>/<t> leads were imported", the whole message: ASCII
 * digits without sign, point or separator; spaces or tabs around the numbers and the slash and
 * between the words; a full stop and white space at the end. Anything else (a sign, a fraction,
 * text before or after) is not the spec's form (answers.ts decides what that means).
 */
export function parseImportMessage(message: string): ImportCounts | undefined {
  const m =
    /^[ \t]*(\d+)[ \t]*(?:\/[ \t]*(\d+)[ \t]*)?leads?[ \t]+(?:were|was)[ \t]+imported\.?\s*$/i.exec(
      message,
    );
  if (!m) return undefined;
  const imported = Number(m[1]);
  return m[2] === undefined ? { imported } : { imported, total: Number(m[2]) };
}

/**
 * Parse "Have <n> records found". A signed count (`Have -2 records found`) is read as said, so
 * that it contradicts the records listed (review, session 22: it was taken for no count at all,
 * a warning and exit 0).
 */
export function parseRecordsMessage(message: string): number | undefined {
  const m = /^\s*Have\s+([+-]?\d+)\s+records?\s+found/i.exec(message);
  return m ? Number(m[1]) : undefined;
}

/** The spec's date formats: yyyy-mm-dd or yyyy-mm-dd H:i:s, checked as a real calendar date. */
export function isServiceDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return false;
  if (m[4] !== undefined) {
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  }
  return true;
}

/** Days in a month (1..12) of a year (proleptic Gregorian): the one month-length helper. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
