/**
 * Settings: config files found by cosmiconfig, the environment and command-line flags,
 * merged in one function with the precedence
 *   flags > environment > profile (project, then user) > project config > user config > defaults.
 * Every effective value remembers where it came from, for `cacs config show`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PHONE_PATTERN, LIMITS, type LeadField } from '../api/spec.js';
import { ConfigError, UsageError } from '../errors.js';
import { isLoopback } from '../net.js';
import { ENV, ENV_SETTINGS, envValue, type Env } from './env.js';
import { defaultStateDir, userConfigDir } from './paths.js';
import {
  SCALAR_KEYS,
  parseSize,
  validateConfig,
  type FlatConfig,
  type FlattenMode,
  type ReportFormat,
  type ValidatedConfig,
} from './schema.js';

export const DEFAULT_TIMEZONE = 'Asia/Ho_Chi_Minh';

export const DEFAULTS = {
  timezone: DEFAULT_TIMEZONE,
  allowInsecureHttp: false,
  timeout: 30_000,
  'import.batchSize': 500,
  'import.concurrency': 2,
  'import.phonePattern': DEFAULT_PHONE_PATTERN,
  /** Most bytes of stdin (or a pipe given by name) spooled before the preflight: 1 GiB. */
  'import.stdinLimit': '1GiB',
  'report.flatten': 'attempts',
  'report.windowDays': 31,
  'report.concurrency': 4,
} as const;

export type ConfigScope = 'user' | 'project' | 'explicit';

export interface LoadedConfigFile {
  path: string;
  scope: ConfigScope;
  config: ValidatedConfig;
}

export interface Settings {
  baseUrl?: string;
  /** Where the token comes from; the token itself is read only when a request needs it. */
  token?: { kind: 'value'; value: string } | { kind: 'command'; command: string };
  campaigns: Record<string, string>;
  /** The campaign asked for (an alias or a key), from --campaign, CACS_CAMPAIGN or defaultCampaign. */
  campaign?: string;
  timezone: string;
  allowInsecureHttp: boolean;
  timeout: number;
  profile?: string;
  stateDir: string;
  import: {
    batchSize: number;
    concurrency: number;
    columns: Partial<Record<LeadField, string>>;
    phonePattern: string;
    /** Most bytes of stdin (or a pipe given by name) kept for the preflight. */
    stdinLimit: number;
  };
  report: {
    format?: ReportFormat;
    flatten: FlattenMode;
    windowDays: number;
    concurrency: number;
  };
}

export interface ResolvedSettings {
  settings: Settings;
  /** Dotted key → where its effective value came from. */
  sources: Map<string, string>;
  files: LoadedConfigFile[];
}

/** Which flag sets which dotted key (for messages and `config show`). */
export const FLAG_NAMES: Readonly<Record<string, string>> = {
  baseUrl: '--base-url',
  timeout: '--timeout',
  allowInsecureHttp: '--insecure-http',
  campaign: '--campaign',
  timezone: '--tz',
  profile: '--profile',
  'import.batchSize': '--batch-size',
  'import.concurrency': '--concurrency',
  'report.format': '--format',
  'report.flatten': '--flatten',
  'report.windowDays': '--window-days',
  'report.concurrency': '--concurrency',
};

// ---------------------------------------------------------------------------------------------
// Finding and reading config files

/** File names looked for in the user's config folder (cosmiconfig's global places). */
export const USER_CONFIG_PLACES = [
  'config',
  'config.json',
  'config.yaml',
  'config.yml',
  'config.js',
  'config.cjs',
  'config.mjs',
];

async function explorer(searchPlaces?: string[], extraExtension?: string) {
  const { cosmiconfig, defaultLoaders } = await import('cosmiconfig');
  // A file given with --config and an unusual name (.cacsrc.example) is read as YAML (JSON is YAML too).
  const known = ['.json', '.yaml', '.yml', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', ''];
  const loaders =
    extraExtension !== undefined && !known.includes(extraExtension)
      ? { loaders: { [extraExtension]: defaultLoaders['.yaml'] } }
      : {};
  return cosmiconfig('cacs', {
    searchStrategy: 'none',
    cache: false,
    ...(searchPlaces ? { searchPlaces } : {}),
    ...loaders,
  });
}

async function readConfigFile(
  filepath: string,
  scope: ConfigScope,
  data: unknown,
): Promise<LoadedConfigFile> {
  const { config, problems } = validateConfig(data);
  if (!config) throw new ConfigError(filepath, problems);
  return { path: filepath, scope, config };
}

export interface FindConfigOptions {
  cwd: string;
  env: Env;
  /** --config: use exactly this file instead of searching. */
  explicitPath?: string;
}

/** The config files in effect, lowest precedence first (user, then project). */
export async function loadConfigFiles(opts: FindConfigOptions): Promise<LoadedConfigFile[]> {
  const ex = await explorer(
    undefined,
    opts.explicitPath === undefined ? undefined : path.extname(opts.explicitPath).toLowerCase(),
  );
  const load = async (
    fn: () => Promise<{ filepath: string; config: unknown; isEmpty?: boolean } | null>,
    what: string,
  ) => {
    try {
      return await fn();
    } catch (e) {
      // cosmiconfig's message names the file on its first line and gives the parser's reason
      // (with the line) after it: keep both, on one line.
      const message = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();
      throw new UsageError(`cannot read the configuration (${what}): ${message.slice(0, 400)}`, {
        hint: 'Check the file is valid JSON, YAML or JavaScript.',
      });
    }
  };
  if (opts.explicitPath !== undefined) {
    const file = path.resolve(opts.cwd, opts.explicitPath);
    if (!fs.existsSync(file)) {
      throw new UsageError(`--config ${opts.explicitPath}: no such file`);
    }
    const r = await load(() => ex.load(file), file);
    return [await readConfigFile(file, 'explicit', r?.config)];
  }
  const files: LoadedConfigFile[] = [];
  const userDir = userConfigDir(opts.env);
  const userEx = await explorer(USER_CONFIG_PLACES);
  const userSearch = await load(() => userEx.search(userDir), userDir);
  if (userSearch) files.push(await readConfigFile(userSearch.filepath, 'user', userSearch.config));

  let dir = path.resolve(opts.cwd);
  for (;;) {
    if (dir !== userDir) {
      const found = await load(() => ex.search(dir), dir);
      if (found) {
        if (!files.some((f) => f.path === found.filepath)) {
          files.push(await readConfigFile(found.filepath, 'project', found.config));
        }
        break;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return files;
}

/** Files that hold a token and that group or others may read (POSIX only). */
export function looselyProtectedTokenFiles(files: LoadedConfigFile[]): string[] {
  if (process.platform === 'win32') return [];
  const out: string[] = [];
  for (const f of files) {
    const holds =
      f.config.base.has('accessToken') ||
      [...f.config.profiles.values()].some((p) => p.has('accessToken'));
    if (!holds) continue;
    try {
      if ((fs.statSync(f.path).mode & 0o077) !== 0) out.push(f.path);
    } catch {
      // unreadable now: nothing to warn about
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Precedence

interface Layer {
  label: string;
  values: FlatConfig;
}

function envLayer(env: Env): Layer {
  const values: FlatConfig = new Map();
  const problems: string[] = [];
  for (const [key, name] of Object.entries(ENV_SETTINGS)) {
    const v = envValue(env, name);
    if (v === undefined) continue;
    const check = SCALAR_KEYS[key];
    const p = check?.(v);
    if (p) problems.push(`${name}: ${p}`);
    values.set(key, v);
  }
  if (problems.length > 0) throw new UsageError(`environment: ${problems.join('; ')}`);
  return { label: 'env', values };
}

function checkFlags(flags: FlatConfig): void {
  for (const [key, value] of flags) {
    const p = SCALAR_KEYS[key]?.(value);
    if (p) throw new UsageError(`${FLAG_NAMES[key] ?? key}: ${p}`);
  }
}

export interface ResolveOptions {
  files: LoadedConfigFile[];
  env: Env;
  /** Dotted keys set on the command line (only those the user gave). */
  flags: FlatConfig;
}

/** The one place where precedence is applied. */
export function resolveSettings(opts: ResolveOptions): ResolvedSettings {
  checkFlags(opts.flags);
  const profile =
    (opts.flags.get('profile') as string | undefined) ?? envValue(opts.env, ENV.profile);
  const profileSource = opts.flags.has('profile') ? 'flag --profile' : `env ${ENV.profile}`;

  const defaults: Layer = {
    label: 'default',
    values: new Map<string, unknown>([
      ...Object.entries(DEFAULTS),
      ['stateDir', defaultStateDir(opts.env)],
    ]),
  };
  const baseLayers: Layer[] = opts.files.map((f) => ({
    label: `${f.scope === 'explicit' ? '--config' : `${f.scope} config`} ${f.path}`,
    values: f.config.base,
  }));
  const profileLayers: Layer[] = [];
  if (profile !== undefined) {
    let found = false;
    for (const f of opts.files) {
      const p = f.config.profiles.get(profile);
      if (p) {
        found = true;
        profileLayers.push({ label: `profile ${profile} in ${f.path}`, values: p });
      }
    }
    if (!found) {
      const known = [...new Set(opts.files.flatMap((f) => [...f.config.profiles.keys()]))];
      throw new UsageError(`${profileSource}: no profile named "${profile}"`, {
        hint:
          known.length > 0
            ? `Known profiles: ${known.join(', ')}.`
            : 'No config file defines any profile.',
      });
    }
  }
  const flagLayer: Layer = { label: 'flag', values: opts.flags };
  const layers = [defaults, ...baseLayers, ...profileLayers, envLayer(opts.env), flagLayer];

  const merged = new Map<string, unknown>();
  const sources = new Map<string, string>();
  for (const layer of layers) {
    // accessToken and accessTokenCommand are one setting: the layer that names either wins.
    if (layer.values.has('accessToken') || layer.values.has('accessTokenCommand')) {
      merged.delete('accessToken');
      merged.delete('accessTokenCommand');
      sources.delete('accessToken');
      sources.delete('accessTokenCommand');
    }
    for (const [key, value] of layer.values) {
      if (key === 'defaultCampaign') {
        merged.set('campaign', value);
        sources.set('campaign', `${layer.label} (defaultCampaign)`);
        continue;
      }
      merged.set(key, value);
      const label =
        layer.label === 'flag'
          ? `flag ${FLAG_NAMES[key] ?? key}`
          : layer.label === 'env'
            ? `env ${envNameFor(key)}`
            : layer.label;
      sources.set(key, label);
    }
  }
  if (profile !== undefined) {
    merged.set('profile', profile);
    sources.set('profile', profileSource);
  }

  const get = <T>(key: string): T => merged.get(key) as T;
  const prefixed = (prefix: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of merged)
      if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v as string;
    return out;
  };
  const accessToken = get<string | undefined>('accessToken');
  const accessTokenCommand = get<string | undefined>('accessTokenCommand');
  const settings: Settings = {
    campaigns: prefixed('campaigns.'),
    timezone: get('timezone'),
    allowInsecureHttp: get('allowInsecureHttp'),
    timeout: get('timeout'),
    stateDir: get('stateDir'),
    import: {
      batchSize: get('import.batchSize'),
      concurrency: get('import.concurrency'),
      columns: prefixed('import.columns.'),
      phonePattern: get('import.phonePattern'),
      stdinLimit: parseSize(get('import.stdinLimit'))!,
    },
    report: {
      flatten: get('report.flatten'),
      windowDays: get('report.windowDays'),
      concurrency: get('report.concurrency'),
    },
  };
  const optional: Array<[keyof Settings, string]> = [
    ['baseUrl', 'baseUrl'],
    ['campaign', 'campaign'],
    ['profile', 'profile'],
  ];
  for (const [field, key] of optional) {
    const v = merged.get(key);
    if (v !== undefined) (settings as unknown as Record<string, unknown>)[field] = v;
  }
  const format = merged.get('report.format');
  if (format !== undefined) settings.report.format = format as ReportFormat;
  if (accessToken !== undefined) settings.token = { kind: 'value', value: accessToken };
  else if (accessTokenCommand !== undefined)
    settings.token = { kind: 'command', command: accessTokenCommand };
  return { settings, sources, files: opts.files };
}

function envNameFor(key: string): string {
  return ENV_SETTINGS[key] ?? key;
}

// ---------------------------------------------------------------------------------------------
// Values a command needs, with the error a person can act on when they are missing

export function requireBaseUrl(s: Settings): URL {
  if (s.baseUrl === undefined) {
    throw new UsageError('no service address is set', {
      hint: `Give --base-url <url>, set ${ENV.baseUrl}, or put baseUrl in a config file (cacs config init).`,
    });
  }
  const url = new URL(s.baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !s.allowInsecureHttp) {
    throw new UsageError(
      `refusing plain http:// to ${url.host}: the access token would travel unencrypted`,
      {
        hint: 'Use https://, or pass --insecure-http (config allowInsecureHttp: true) if you really mean it.',
      },
    );
  }
  return url;
}

/** Resolve --campaign (an alias or a key) to the campaign key sent to the service. */
export function requireCampaign(s: Settings): { key: string; alias?: string } {
  if (s.campaign === undefined) {
    throw new UsageError('no campaign given', {
      hint: `Give --campaign <key|alias>, set ${ENV.campaign}, or put defaultCampaign in a config file.`,
    });
  }
  const aliased = s.campaigns[s.campaign];
  const key = aliased ?? s.campaign;
  if ([...key].length > LIMITS.campaignKey) {
    throw new UsageError(
      `campaign key "${key}" is ${[...key].length} characters; the service allows at most ${LIMITS.campaignKey}`,
      {
        hint: `Check --campaign, or the alias in campaigns: (known aliases: ${Object.keys(s.campaigns).join(', ') || 'none'}).`,
      },
    );
  }
  return aliased === undefined ? { key } : { key, alias: s.campaign };
}

/** The access token: from a value, or by running accessTokenCommand. Never printed. */
export function requireToken(s: Settings, env: Env): string {
  if (s.token === undefined) {
    throw new UsageError('no access token is set', {
      hint: `Set ${ENV.accessToken}, or accessToken / accessTokenCommand in a config file (chmod 600 it). A token is never taken from the command line.`,
    });
  }
  let token: string;
  if (s.token.kind === 'value') {
    token = s.token.value;
  } else {
    const r = spawnSync(s.token.command, {
      shell: true,
      env: env as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (r.error || r.status !== 0) {
      const why = r.error ? r.error.message : `exit status ${r.status}`;
      const err = (r.stderr ?? '').trim().split('\n')[0] ?? '';
      throw new UsageError(`accessTokenCommand failed (${why})${err ? `: ${err}` : ''}`, {
        hint: 'Run the command by hand to check it prints the token.',
      });
    }
    token = (r.stdout ?? '').trim();
    if (token === '') throw new UsageError('accessTokenCommand printed nothing');
  }
  if ([...token].length > LIMITS.accessToken) {
    throw new UsageError(
      `the access token is longer than the ${LIMITS.accessToken} characters the service allows`,
      { hint: 'Check the value (a stray newline or a whole file pasted?).' },
    );
  }
  if (/[\r\n\0]/.test(token)) throw new UsageError('the access token contains a line break or NUL');
  return token;
}
