/**
 * The configuration file's schema: which keys exist, what each holds, and one validator that
 * reports every problem at once. Values are flattened to dotted keys ("import.batchSize",
 * "campaigns.summer") so that precedence can be applied key by key.
 */
import { LEAD_FIELDS, LIMITS, isLeadField } from '../api/spec.js';

export const REPORT_FORMATS = ['csv', 'json', 'ndjson', 'table'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const FLATTEN_MODES = ['attempts', 'leads'] as const;
export type FlattenMode = (typeof FLATTEN_MODES)[number];

type Check = (value: unknown) => string | undefined;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : `${typeof v} ${JSON.stringify(v)}`;

const string =
  (max?: number): Check =>
  (v) => {
    if (typeof v !== 'string' || v.trim() === '')
      return `expected a non-empty string, got ${describe(v)}`;
    if (max !== undefined && [...v].length > max) return `must be at most ${max} characters`;
    return undefined;
  };

const integer =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? undefined
      : `expected a whole number from ${min} to ${max}, got ${describe(v)}`;

const boolean: Check = (v) =>
  typeof v === 'boolean' ? undefined : `expected true or false, got ${describe(v)}`;

const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v)
      ? undefined
      : `expected one of ${values.join(', ')}, got ${describe(v)}`;

const url: Check = (v) => {
  const s = string()(v);
  if (s) return s;
  try {
    const u = new URL(v as string);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      return 'must be an http:// or https:// URL';
  } catch {
    return `not a URL: ${JSON.stringify(v)}`;
  }
  return undefined;
};

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timezone: Check = (v) =>
  string()(v) ??
  (isValidTimeZone(v as string) ? undefined : `unknown time zone ${JSON.stringify(v)}`);

const regex: Check = (v) => {
  const s = string()(v);
  if (s) return s;
  try {
    new RegExp(v as string);
    return undefined;
  } catch (e) {
    return `not a valid regular expression: ${(e as Error).message}`;
  }
};

/** A check whose message never shows the value (a token must not be echoed, even a wrong one). */
const secret =
  (check: Check): Check =>
  (v) => {
    const p = check(v);
    if (p === undefined) return undefined;
    return p.startsWith('expected a non-empty string')
      ? `expected a non-empty string, got ${v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v}`
      : p;
  };

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: 1024,
  kib: 1024,
  kb: 1000,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  mb: 1000 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  gb: 1000 ** 3,
  t: 1024 ** 4,
  tib: 1024 ** 4,
  tb: 1000 ** 4,
};

/**
 * A size in bytes: a whole number, or a number with a unit — K/KiB, M/MiB, G/GiB, T/TiB are
 * powers of 1024, KB/MB/GB/TB powers of 1000 ("1GiB", "500MB", "1.5G"). Undefined if not one.
 */
export function parseSize(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(v);
  const unit = m ? SIZE_UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const n = Math.floor(Number(m[1]) * unit);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const size: Check = (v) =>
  parseSize(v) === undefined
    ? `expected a size in bytes such as 1073741824, "1GiB" or "500MB", got ${describe(v)}`
    : undefined;

/** Scalar settings, by dotted key. */
export const SCALAR_KEYS: Readonly<Record<string, Check>> = {
  baseUrl: url,
  accessToken: secret(string(LIMITS.accessToken)),
  accessTokenCommand: string(),
  accessTokenCommandTimeout: integer(100, 600_000),
  defaultCampaign: string(),
  timezone,
  serviceTimezone: timezone,
  allowInsecureHttp: boolean,
  timeout: integer(100, 3_600_000),
  'import.batchSize': integer(1, 100_000),
  'import.concurrency': integer(1, 64),
  'import.phonePattern': regex,
  'import.stdinLimit': size,
  'report.format': oneOf(REPORT_FORMATS),
  'report.flatten': oneOf(FLATTEN_MODES),
  'report.windowDays': integer(1, LIMITS.reportDays),
  'report.concurrency': integer(1, 64),
};

/** Map settings (name → value), by dotted key, with a check for entry names and values. */
const MAP_KEYS: Readonly<
  Record<string, { key?: (k: string) => string | undefined; value: Check }>
> = {
  campaigns: { value: string(LIMITS.campaignKey) },
  'import.columns': {
    key: (k) =>
      isLeadField(k) ? undefined : `not a lead field (fields: ${LEAD_FIELDS.join(', ')})`,
    value: string(),
  },
};

const SECTIONS = ['import', 'report'];

export type FlatConfig = Map<string, unknown>;

export interface ValidatedConfig {
  base: FlatConfig;
  profiles: Map<string, FlatConfig>;
}

function knownKeysUnder(prefix: string): string[] {
  const all = [...Object.keys(SCALAR_KEYS), ...Object.keys(MAP_KEYS), ...SECTIONS, 'profiles'];
  const names = new Set<string>();
  for (const k of all) {
    if (prefix === '' ? true : k.startsWith(prefix)) {
      const rest = prefix === '' ? k : k.slice(prefix.length);
      names.add(rest.split('.')[0] ?? rest);
    }
  }
  return [...names].sort();
}

function walk(
  obj: Record<string, unknown>,
  prefix: string,
  out: FlatConfig,
  problems: string[],
  where: string,
): void {
  for (const [key, value] of Object.entries(obj)) {
    const dotted = prefix + key;
    const label = `${where}${dotted}`;
    const scalar = SCALAR_KEYS[dotted];
    const map = MAP_KEYS[dotted];
    if (scalar) {
      const p = scalar(value);
      if (p) problems.push(`${label}: ${p}`);
      else out.set(dotted, value);
    } else if (map) {
      if (!isPlainObject(value)) {
        problems.push(`${label}: expected a mapping of names to values, got ${describe(value)}`);
        continue;
      }
      for (const [k, v] of Object.entries(value)) {
        const kp = map.key?.(k);
        const vp = map.value(v);
        if (kp) problems.push(`${label}.${k}: ${kp}`);
        else if (vp) problems.push(`${label}.${k}: ${vp}`);
        else out.set(`${dotted}.${k}`, v);
      }
    } else if (prefix === '' && SECTIONS.includes(key)) {
      if (!isPlainObject(value))
        problems.push(`${label}: expected a mapping, got ${describe(value)}`);
      else walk(value, `${dotted}.`, out, problems, where);
    } else {
      problems.push(
        `${label}: unknown key (known here: ${knownKeysUnder(prefix)
          .filter((k) => k !== 'profiles')
          .join(', ')})`,
      );
    }
  }
}

function checkTokenPair(flat: FlatConfig, where: string, problems: string[]): void {
  if (flat.has('accessToken') && flat.has('accessTokenCommand')) {
    problems.push(`${where}accessToken and accessTokenCommand: set one, not both`);
  }
}

/** Validate a whole config object; throws nothing, returns every problem found. */
export function validateConfig(raw: unknown): { config?: ValidatedConfig; problems: string[] } {
  const problems: string[] = [];
  if (raw === null || raw === undefined)
    return { config: { base: new Map(), profiles: new Map() }, problems };
  if (!isPlainObject(raw)) {
    return { problems: [`the file must hold a mapping of settings, got ${describe(raw)}`] };
  }
  const { profiles: rawProfiles, ...rest } = raw;
  const base: FlatConfig = new Map();
  walk(rest, '', base, problems, '');
  checkTokenPair(base, '', problems);
  const profiles = new Map<string, FlatConfig>();
  if (rawProfiles !== undefined) {
    if (!isPlainObject(rawProfiles)) {
      problems.push(
        `profiles: expected a mapping of profile names to settings, got ${describe(rawProfiles)}`,
      );
    } else {
      for (const [name, body] of Object.entries(rawProfiles)) {
        if (!isPlainObject(body)) {
          problems.push(`profiles.${name}: expected a mapping of settings, got ${describe(body)}`);
          continue;
        }
        if ('profiles' in body)
          problems.push(`profiles.${name}.profiles: profiles cannot be nested`);
        const { profiles: _nested, ...settings } = body;
        const flat: FlatConfig = new Map();
        walk(settings, '', flat, problems, `profiles.${name}.`);
        checkTokenPair(flat, `profiles.${name}.`, problems);
        profiles.set(name, flat);
      }
    }
  }
  return problems.length > 0 ? { problems } : { config: { base, profiles }, problems };
}
