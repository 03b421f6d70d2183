/**
 * The configuration file's schema, declared once with valibot: which keys exist, what each holds
 * and the message a wrong value draws. The types of a file's settings and of the resolved
 * settings are inferred from it. One validator reports every problem of a file at once, in the
 * order the file lists them; values are flattened to dotted keys ("import.batchSize",
 * "campaigns.summer") so that precedence can be applied key by key.
 */
import * as v from 'valibot';
import { LEAD_FIELDS, LIMITS } from '../api/spec.js';
import { t } from '../messages/index.js';
import { OPTION_BOUNDS } from '../options.js';
import { FLATTEN_MODES, REPORT_FORMATS, isValidTimeZone } from '../report/formats.js';
import { parseCallHours } from '../report/rules.js';
import { maskLooseCredentials } from '../secrets.js';

export { FLATTEN_MODES, REPORT_FORMATS, isValidTimeZone };
export type { FlattenMode, ReportFormat } from '../report/formats.js';

type Issue = v.BaseIssue<unknown>;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const describe = (x: unknown): string =>
  x === null
    ? 'null'
    : Array.isArray(x)
      ? t('config.value.aList')
      : `${typeof x} ${JSON.stringify(x)}`;

/** The kind of a value without the value (a token must not be echoed, even a wrong one). */
const kindOf = (x: unknown): string =>
  x === null ? 'null' : Array.isArray(x) ? t('config.value.aList') : typeof x;

/**
 * "<what>, got <the value>": the message of every check that shows what it found. Messages are
 * worked out when a check fails (in the language of that moment), not when the schema is built.
 */
const said = (what: string, x: unknown, show: (x: unknown) => string = describe): string =>
  t('config.value.got', { what, value: show(x) });

const got =
  (what: () => string, show?: (x: unknown) => string) =>
  (issue: Issue): string =>
    said(what(), issue.input, show);

// ---------------------------------------------------------------------------------------------
// Values

/** A non-empty string of at most `max` characters (code points). */
const text = (max?: number, show?: (x: unknown) => string) => {
  const message = got(() => t('config.value.nonEmpty'), show);
  return v.pipe(
    v.string(message),
    v.check((s) => s.trim() !== '', message),
    v.check(
      (s) => max === undefined || [...s].length <= max,
      () => t('config.value.tooLong', { max: String(max) }),
    ),
  );
};

const integer = (min: number, max: number) => {
  const message = got(() => t('config.value.wholeNumber', { min, max }));
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
};

/** A whole number of at least `min`, with no upper bound worth naming. */
const atLeast = (min: number) => {
  const message = got(() => t('config.value.atLeast', { min }));
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.safeInteger(message),
    v.minValue(min, message),
  );
};

const boolean = v.boolean(got(() => t('config.value.boolean')));

const oneOf = <const T extends readonly string[]>(values: T) =>
  v.picklist(
    values,
    got(() => t('config.value.oneOf', { values: values.join(', ') })),
  );

/** Checks later in a pipe still run after a failed one: a string that is no URL passes here. */
const isHttp = (s: string): boolean => {
  const u = URL.parse(s);
  return u === null || u.protocol === 'http:' || u.protocol === 'https:';
};

const url = v.pipe(
  text(),
  v.check(
    (s) => URL.canParse(s),
    (issue) =>
      t('config.value.notUrl', {
        value: JSON.stringify(maskLooseCredentials(String(issue.input))),
      }),
  ),
  v.check(isHttp, () => t('config.value.notHttp')),
);

const timezone = v.pipe(
  text(),
  v.check(isValidTimeZone, (issue) =>
    t('config.value.timeZone', { zone: JSON.stringify(issue.input) }),
  ),
);

/** Why a string is not a regular expression, or undefined if it is one. */
function regexError(s: unknown): string | undefined {
  try {
    new RegExp(String(s));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

const regex = v.pipe(
  text(),
  v.check(
    (s) => regexError(s) === undefined,
    (issue) => t('config.value.regex', { reason: String(regexError(issue.input)) }),
  ),
);

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
export function parseSize(x: unknown): number | undefined {
  if (typeof x === 'number') return Number.isSafeInteger(x) && x > 0 ? x : undefined;
  if (typeof x !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(x);
  const unit = m ? SIZE_UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const n = Math.floor(Number(m[1]) * unit);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A size ("1GiB", "500MB", 1073741824), read as its number of bytes. */
const size = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const n = parseSize(dataset.value);
    if (n !== undefined) return n;
    addIssue({
      message: said(t('config.value.size'), dataset.value),
    });
    return NEVER;
  }),
);

/** Why a string is not `HH:mm-HH:mm` call hours, or undefined if it is. */
function callHoursError(s: unknown): string | undefined {
  try {
    parseCallHours(String(s));
    return undefined;
  } catch {
    return t('config.value.callHours', { value: JSON.stringify(s) });
  }
}

/** Permitted call hours (compliance.callHours). */
const callHours = v.pipe(
  text(),
  v.check(
    (s) => callHoursError(s) === undefined,
    (issue) => callHoursError(issue.input)!,
  ),
);

/**
 * Call statuses (report.answeredStatuses): a list, or one string split on commas as `--status`
 * is (`"ANSWERED, CONNECTED"`); each trimmed, none empty.
 */
const statusList = v.pipe(
  v.custom<string | unknown[]>(
    (x) => typeof x === 'string' || Array.isArray(x),
    got(() => t('config.value.statuses')),
  ),
  v.transform((x) => (typeof x === 'string' ? x.split(',') : x)),
  v.array(
    v.pipe(
      v.string(got(() => t('config.value.status.text'))),
      v.transform((s) => s.trim()),
      v.nonEmpty(() => t('config.value.status.empty')),
    ),
  ),
  v.nonEmpty(() => t('config.value.statuses.none')),
);

// ---------------------------------------------------------------------------------------------
// Settings

/** Scalar settings, by dotted key: the schema of each value. */
export const SCALARS = {
  baseUrl: url,
  accessToken: text(LIMITS.accessToken, kindOf),
  accessTokenCommand: text(),
  accessTokenCommandTimeout: integer(100, 600_000),
  defaultCampaign: text(),
  timezone,
  serviceTimezone: timezone,
  /** The language of messages (issue 27): vi or en; unset: --lang, else the locale (LANG…). */
  language: oneOf(['vi', 'en'] as const),
  allowInsecureHttp: boolean,
  timeout: integer(100, 3_600_000),
  'import.batchSize': integer(...OPTION_BOUNDS.batchSize),
  'import.concurrency': integer(...OPTION_BOUNDS.importConcurrency),
  'import.phonePattern': regex,
  'import.homePhonePattern': regex,
  'import.stdinLimit': size,
  'report.format': oneOf(REPORT_FORMATS),
  'report.flatten': oneOf(FLATTEN_MODES),
  'report.windowDays': integer(1, LIMITS.reportDays),
  'report.concurrency': integer(...OPTION_BOUNDS.reportConcurrency),
  'report.bom': boolean,
  'report.countMismatch': oneOf(['error', 'warn'] as const),
  'report.memoryBudget': size,
  'compliance.callHours': callHours,
  'compliance.maxCallsPer24h': atLeast(1),
  /** Days cacs keeps what it records (issue 26): `cacs state prune` removes what is older. */
  'state.retentionDays': atLeast(1),
  /** Shared state for teams: a PostgreSQL URL (issue 24); unset: the state folder's files. */
  stateUrl: v.pipe(
    text(),
    v.check(
      (s) => /^postgres(ql)?:\/\//i.test(s),
      () => t('config.value.stateUrl'),
    ),
  ),
  /** The schema the PostgreSQL store keeps its tables in (default cacs). */
  stateSchema: v.pipe(
    text(),
    v.regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, () => t('config.value.plainName')),
  ),
  /** The state folder; in a config file, read relative to that file's folder (files.ts). */
  stateDir: v.pipe(
    text(),
    v.check(
      (s) => !s.startsWith('~'),
      () => t('config.value.stateDir.tilde'),
    ),
  ),
} as const;

export type ScalarKey = keyof typeof SCALARS;
export const isScalarKey = (key: string): key is ScalarKey => Object.hasOwn(SCALARS, key);

/** The first problem with a value given for a scalar key (a flag or a variable), or its value. */
export function checkScalar(
  key: ScalarKey,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const r = v.safeParse(SCALARS[key], value);
  return r.success ? { ok: true, value: r.output } : { ok: false, problem: r.issues[0].message };
}

/** Names → values (campaign aliases, column mappings). */
const mapOf = <K extends v.GenericSchema<string, string>, V extends v.GenericSchema>(
  key: K,
  value: V,
) =>
  v.pipe(
    v.custom<Record<string, unknown>>(
      isPlainObject,
      got(() => t('config.value.mapping.names')),
    ),
    v.record(key, value),
  );

/** Phone numbers as a list: text, or numbers (YAML reads 0911111222 as a number). */
const phoneList = v.pipe(
  v.array(
    v.pipe(
      v.union(
        [v.string(), v.number()],
        got(() => t('config.value.phones.text')),
      ),
      v.transform((x) => String(x)),
    ),
    got(() => t('config.value.phones')),
  ),
);

const leadField = v.picklist(LEAD_FIELDS, () =>
  t('config.value.leadField', { fields: LEAD_FIELDS.join(', ') }),
);

/** The keys known in an object, for "unknown key" (profiles are not offered as a setting). */
const unknownKey = (known: readonly string[]) => () =>
  t('config.value.unknownKey', {
    known: known
      .filter((k) => k !== 'profiles')
      .sort()
      .join(', '),
  });

/**
 * A mapping with these keys, each optional; every other key is reported as unknown (valibot's
 * strictObject stops at the first unknown key, a rest schema that takes nothing names each).
 */
function section<E extends v.ObjectEntries>(entries: E, notAMapping: () => string) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, got(notAMapping)),
    v.objectWithRest(entries, v.never(unknownKey(Object.keys(entries)))),
  );
}

const opt = v.optional;

/**
 * Files (do-not-call lists): a list of non-empty strings, or one string. files.ts reads each
 * relative to the folder of the config file that names it.
 */
const fileList = v.pipe(
  v.custom<string | unknown[]>(
    (x) => typeof x === 'string' || Array.isArray(x),
    got(() => t('config.value.files')),
  ),
  v.transform((x) => (typeof x === 'string' ? [x] : x)),
  v.array(text()),
);

// ── habits (issues 25, 27): saved layouts, numbers in no allocated range ──
/**
 * `import.layouts`: name → { columns: field → column header, optional: [fields] }. Kept as one
 * value (a list in config order, each with its name): a layer's layouts replace a lower one's.
 */
const layouts = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, (i) =>
    said(t('habits.config.layouts.notMapping'), i.input),
  ),
  v.record(
    v.string(),
    v.pipe(
      section(
        {
          columns: mapOf(leadField, text()),
          optional: opt(
            v.array(leadField, (i) => said(t('habits.config.layouts.optional'), i.input)),
          ),
        },
        () => t('habits.config.layout.notMapping'),
      ),
      v.check(
        (l) => (l.optional ?? []).every((f) => l.columns?.[f] !== undefined),
        () => t('habits.config.layout.optionalNotColumn'),
      ),
      v.check(
        (l) => l.columns !== undefined,
        () => t('habits.config.layout.noColumns'),
      ),
    ),
  ),
  v.transform((rec) =>
    Object.entries(rec).map(([name, l]) => ({
      name,
      columns: (l.columns ?? {}) as Record<string, string>,
      optional: (l.optional ?? []) as string[],
    })),
  ),
);
const RESOLVED_LAYOUT = v.object({
  name: v.string(),
  columns: v.record(leadField, v.string()),
  optional: v.array(leadField),
});

const IMPORT_ENTRIES = {
  batchSize: opt(SCALARS['import.batchSize']),
  concurrency: opt(SCALARS['import.concurrency']),
  columns: opt(mapOf(leadField, text())),
  phonePattern: opt(SCALARS['import.phonePattern']),
  homePhonePattern: opt(SCALARS['import.homePhonePattern']),
  placeholderNumbers: opt(phoneList),
  stdinLimit: opt(SCALARS['import.stdinLimit']),
  suppress: opt(fileList),
  // ── habits (issues 25, 27) ──
  allocatedOnly: opt(boolean),
  layouts: opt(layouts),
};

const REPORT_ENTRIES = {
  format: opt(SCALARS['report.format']),
  flatten: opt(SCALARS['report.flatten']),
  windowDays: opt(SCALARS['report.windowDays']),
  concurrency: opt(SCALARS['report.concurrency']),
  bom: opt(SCALARS['report.bom']),
  countMismatch: opt(SCALARS['report.countMismatch']),
  memoryBudget: opt(SCALARS['report.memoryBudget']),
  answeredStatuses: opt(statusList),
  // issue 25 (outcomes): statuses --recycle calls again; unset: every status not answered.
  recycleStatuses: opt(statusList),
};

const COMPLIANCE_ENTRIES = {
  callHours: opt(SCALARS['compliance.callHours']),
  maxCallsPer24h: opt(SCALARS['compliance.maxCallsPer24h']),
};

const SETTINGS_ENTRIES = {
  baseUrl: opt(SCALARS.baseUrl),
  accessToken: opt(SCALARS.accessToken),
  accessTokenCommand: opt(SCALARS.accessTokenCommand),
  accessTokenCommandTimeout: opt(SCALARS.accessTokenCommandTimeout),
  campaigns: opt(mapOf(v.string(), text(LIMITS.campaignKey))),
  defaultCampaign: opt(SCALARS.defaultCampaign),
  timezone: opt(SCALARS.timezone),
  serviceTimezone: opt(SCALARS.serviceTimezone),
  language: opt(SCALARS.language),
  allowInsecureHttp: opt(SCALARS.allowInsecureHttp),
  timeout: opt(SCALARS.timeout),
  stateDir: opt(SCALARS.stateDir),
  stateUrl: opt(SCALARS.stateUrl),
  stateSchema: opt(SCALARS.stateSchema),
  import: opt(section(IMPORT_ENTRIES, () => t('config.value.mapping'))),
  report: opt(section(REPORT_ENTRIES, () => t('config.value.mapping'))),
  compliance: opt(section(COMPLIANCE_ENTRIES, () => t('config.value.mapping'))),
  state: opt(
    section({ retentionDays: opt(SCALARS['state.retentionDays']) }, () =>
      t('config.value.mapping'),
    ),
  ),
};

const TOKEN_PAIR = () => t('config.value.tokenPair');

/** A token is given one way, not both (checked even when other keys are wrong). */
const tokenPair = [[['accessToken'], ['accessTokenCommand']], TOKEN_PAIR] as const;
const oneToken = (s: { accessToken?: string; accessTokenCommand?: string }): boolean =>
  s.accessToken === undefined || s.accessTokenCommand === undefined;

/** A profile: any of the settings (its own `profiles` is refused as nested). */
const PROFILE = v.pipe(
  section(SETTINGS_ENTRIES, () => t('config.value.mapping.settings')),
  v.partialCheck(tokenPair[0], oneToken, tokenPair[1]),
);

/** A whole config file. */
export const CONFIG_FILE = v.pipe(
  section(
    {
      ...SETTINGS_ENTRIES,
      profiles: opt(
        v.pipe(
          v.custom<Record<string, unknown>>(
            isPlainObject,
            got(() => t('config.value.mapping.profiles')),
          ),
          v.record(v.string(), PROFILE),
        ),
      ),
    },
    () => t('config.value.mapping.file'),
  ),
  v.partialCheck(tokenPair[0], oneToken, tokenPair[1]),
);

// ---------------------------------------------------------------------------------------------
// The settings in effect, once precedence has been applied

/** Every setting resolved: those with a default are present, the others optional. */
export const RESOLVED = v.object({
  baseUrl: opt(SCALARS.baseUrl),
  accessToken: opt(SCALARS.accessToken),
  accessTokenCommand: opt(SCALARS.accessTokenCommand),
  accessTokenCommandTimeout: SCALARS.accessTokenCommandTimeout,
  campaigns: opt(v.record(v.string(), v.string()), () => ({})),
  /** The campaign asked for (an alias or a key), checked when a command needs it. */
  campaign: opt(v.string()),
  timezone: SCALARS.timezone,
  serviceTimezone: SCALARS.serviceTimezone,
  language: opt(SCALARS.language),
  allowInsecureHttp: SCALARS.allowInsecureHttp,
  timeout: SCALARS.timeout,
  profile: opt(v.string()),
  stateDir: v.string(),
  stateUrl: opt(v.string()),
  stateSchema: opt(v.string()),
  import: v.object({
    batchSize: SCALARS['import.batchSize'],
    concurrency: SCALARS['import.concurrency'],
    columns: opt(v.record(leadField, v.string()), () => ({})),
    phonePattern: SCALARS['import.phonePattern'],
    homePhonePattern: SCALARS['import.homePhonePattern'],
    placeholderNumbers: opt(v.array(v.string()), () => []),
    stdinLimit: SCALARS['import.stdinLimit'],
    /** Do-not-call lists from every config layer (absolute paths), in order. */
    suppress: opt(v.array(v.string()), () => []),
    /** Hold back numbers in no allocated mobile range (phone_unallocated). */
    allocatedOnly: opt(v.boolean(), () => false),
    /** Saved column layouts, in config order (`--layout`, or chosen by a file's headers). */
    layouts: opt(v.array(RESOLVED_LAYOUT), () => []),
  }),
  report: v.object({
    format: opt(SCALARS['report.format']),
    flatten: SCALARS['report.flatten'],
    windowDays: SCALARS['report.windowDays'],
    concurrency: SCALARS['report.concurrency'],
    bom: SCALARS['report.bom'],
    /** An answer whose "Have N records found" disagrees with its records, twice: fail or warn. */
    countMismatch: SCALARS['report.countMismatch'],
    /** Bytes of merged leads held in memory before a report spills them to disk. */
    memoryBudget: SCALARS['report.memoryBudget'],
    /** Statuses counted as answered by the summary. */
    answeredStatuses: v.array(v.string()),
    /** Statuses `--recycle` calls again (unset: every status not counted as answered). */
    recycleStatuses: opt(v.array(v.string())),
  }),
  /** The summary's compliance rules (defaults: Decree 91/2020/ND-CP, art. 12). */
  compliance: v.object({
    callHours: SCALARS['compliance.callHours'],
    maxCallsPer24h: SCALARS['compliance.maxCallsPer24h'],
  }),
  /** Retention (issue 26): unset, cacs keeps everything. */
  state: opt(v.object({ retentionDays: opt(SCALARS['state.retentionDays']) }), () => ({})),
});

export type ResolvedValues = v.InferOutput<typeof RESOLVED>;

/**
 * The merged dotted keys as typed settings. Every value was checked by the layer it came from,
 * so a problem here is a bug in cacs; its message names the keys only, never a value.
 */
export function resolvedValues(flat: ReadonlyMap<string, unknown>): ResolvedValues {
  const r = v.safeParse(RESOLVED, unflatten(flat));
  if (r.success) return r.output;
  const keys = r.issues.map((issue) => v.getDotPath(issue) ?? '(top)');
  throw new Error(`internal error: resolved settings failed their schema at ${keys.join(', ')}`);
}

/** The keys whose values are mappings of names (their entries are flattened one by one). */
const MAP_PREFIXES = ['import.columns.', 'campaigns.'] as const;

/** Dotted keys back to nested objects: the inverse of flattening. */
export function unflatten(flat: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const into = (path: readonly string[], value: unknown) => {
    let o = out;
    for (const k of path.slice(0, -1)) {
      const next = o[k];
      o = isPlainObject(next) ? next : (o[k] = {});
    }
    o[path.at(-1)!] = value;
  };
  for (const [key, value] of flat) {
    const map = MAP_PREFIXES.find((p) => key.startsWith(p));
    if (map) into([...map.slice(0, -1).split('.'), key.slice(map.length)], value);
    else into(key.split('.'), value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Validating a file

export type FlatConfig = Map<string, unknown>;

export interface ValidatedConfig {
  base: FlatConfig;
  profiles: Map<string, FlatConfig>;
}

/** The checked values by dotted key, in the order the file lists them. */
function flattenInto(raw: unknown, checked: unknown, prefix: string, out: FlatConfig): FlatConfig {
  if (!isPlainObject(raw) || !isPlainObject(checked)) return out;
  for (const key of Object.keys(raw)) {
    const value = checked[key];
    if (value === undefined) continue;
    if (isPlainObject(value)) flattenInto(raw[key], value, `${prefix}${key}.`, out);
    else out.set(prefix + key, value);
  }
  return out;
}

type PathItem = NonNullable<Issue['path']>[number];

const keyOf = (item: PathItem): string => String(item.key);

/**
 * Where an issue sorts: the position of each key of its path in the object that holds it, as
 * the file lists them. A file's profiles come after its other settings, and a token-pair
 * problem after the other problems of its object.
 */
function issueOrder(issue: Issue): number[] {
  const path = issue.path ?? [];
  const order = path.map((item, depth) => {
    const key = keyOf(item);
    if (key === 'profiles') return depth === 0 ? Number.MAX_SAFE_INTEGER : -1;
    return isPlainObject(item.input) ? Object.keys(item.input).indexOf(key) : 0;
  });
  if (issue.type === 'partial_check') order.push(Number.MAX_SAFE_INTEGER - 1);
  return order;
}

function compareOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

/** One line per problem: the dotted key, then what is wrong. */
function problemOf(issue: Issue): string {
  const path = (issue.path ?? []).map(keyOf);
  const nested =
    path.length === 3 && path[0] === 'profiles' && path[2] === 'profiles' && issue.type === 'never';
  const message = nested ? t('config.value.profilesNested') : issue.message;
  if (issue.type === 'partial_check') return [...path, message].join('.');
  return path.length === 0 ? message : `${path.join('.')}: ${message}`;
}

/** Validate a whole config object; throws nothing, returns every problem found. */
export function validateConfig(raw: unknown): { config?: ValidatedConfig; problems: string[] } {
  if (raw === null || raw === undefined)
    return { config: { base: new Map(), profiles: new Map() }, problems: [] };
  const r = v.safeParse(CONFIG_FILE, raw);
  if (!r.success) {
    // One problem per key: the first check a value fails says what is wrong with it.
    const seen = new Set<string>();
    const problems: string[] = [];
    const sorted = r.issues
      .map((issue) => ({ issue, order: issueOrder(issue) }))
      .sort((a, b) => compareOrder(a.order, b.order));
    for (const { issue } of sorted) {
      const where = `${issue.type === 'partial_check' ? 'pair:' : ''}${(issue.path ?? []).map(keyOf).join('\0')}`;
      if (seen.has(where)) continue;
      seen.add(where);
      problems.push(problemOf(issue));
    }
    return { problems };
  }
  const { profiles, ...base } = r.output;
  const rawProfiles = isPlainObject(raw) ? raw.profiles : undefined;
  return {
    config: {
      base: flattenInto(raw, base, '', new Map()),
      profiles: new Map(
        Object.entries(profiles ?? {}).map(([name, body]) => [
          name,
          flattenInto(
            isPlainObject(rawProfiles) ? rawProfiles[name] : undefined,
            body,
            '',
            new Map(),
          ),
        ]),
      ),
    },
    problems: [],
  };
}
