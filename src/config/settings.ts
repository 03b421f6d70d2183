/**
 * Settings: the config files (files.ts), the environment and command-line flags merged in one
 * function with the precedence
 *   flags > environment > profile (project, then user) > project config > user config > defaults.
 * Every effective value remembers where it came from, for `cacs config show`. The token is
 * resolved by token.ts when a request needs it.
 */
import { DEFAULTS } from '../defaults.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { ENV, ENV_SETTINGS, envValue, type Env } from './env.js';
import type { LoadedConfigFile } from './files.js';
import { defaultStateDir } from './paths.js';
import {
  checkScalar,
  isScalarKey,
  resolvedValues,
  type FlatConfig,
  type ResolvedValues,
} from './schema.js';
import type { TokenSource } from './token.js';

/**
 * The settings in effect, as the schema types them (`RESOLVED` in schema.ts): campaign is the
 * campaign asked for (an alias or a key, from --campaign, CACS_CAMPAIGN or defaultCampaign);
 * timezone is the user's zone (dates given without an offset, and now/today/yesterday/Nd, are
 * read in it), serviceTimezone the service's (the wall clock it reads start_date/end_date in and
 * writes date_time in); import.stdinLimit is the most bytes of stdin (or a pipe given by name)
 * kept for the preflight.
 */
export type Settings = Omit<
  ResolvedValues,
  'accessToken' | 'accessTokenCommand' | 'accessTokenCommandTimeout'
> & { token?: TokenSource };

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
  language: '--lang',
  'import.batchSize': '--batch-size',
  'import.concurrency': '--concurrency',
  'report.format': '--format',
  'report.flatten': '--flatten',
  'report.windowDays': '--window-days',
  'report.concurrency': '--concurrency',
  'report.bom': '--bom',
};

// ---------------------------------------------------------------------------------------------
// Precedence

/** Lists that every layer adds to instead of replacing (see resolveSettings). */
const ADDED_UP: ReadonlySet<string> = new Set(['import.suppress']);

interface Layer {
  label: string;
  values: FlatConfig;
}

function envLayer(env: Env): Layer {
  const values: FlatConfig = new Map();
  const problems: string[] = [];
  for (const [key, name] of Object.entries(ENV_SETTINGS)) {
    const raw = envValue(env, name);
    if (raw === undefined) continue;
    if (!isScalarKey(key)) {
      values.set(key, raw);
      continue;
    }
    const r = checkScalar(key, raw);
    if (r.ok) values.set(key, r.value);
    else problems.push(`${name}: ${r.problem}`);
  }
  if (problems.length > 0)
    throw new UsageError(t('config.environment.invalid', { problems: problems.join('; ') }), {
      category: 'config',
    });
  return { label: 'env', values };
}

/** The flags' values, checked by the schema (the first wrong one stops here). */
function flagLayer(flags: FlatConfig): Layer {
  const values: FlatConfig = new Map();
  for (const [key, value] of flags) {
    if (!isScalarKey(key)) {
      values.set(key, value);
      continue;
    }
    const r = checkScalar(key, value);
    if (!r.ok) throw new UsageError(`${FLAG_NAMES[key] ?? key}: ${r.problem}`);
    values.set(key, r.value);
  }
  return { label: 'flag', values };
}

export interface ResolveOptions {
  files: LoadedConfigFile[];
  env: Env;
  /** Dotted keys set on the command line (only those the user gave). */
  flags: FlatConfig;
}

/** The one place where precedence is applied. */
export function resolveSettings(opts: ResolveOptions): ResolvedSettings {
  const flags = flagLayer(opts.flags);
  const profileFlag = opts.flags.get('profile');
  const profile =
    (typeof profileFlag === 'string' ? profileFlag : undefined) ?? envValue(opts.env, ENV.profile);
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
      throw new UsageError(t('config.profile.notFound', { source: profileSource, profile }), {
        hint:
          known.length > 0
            ? t('config.profile.known.hint', { profiles: known.join(', ') })
            : t('config.profile.none.hint'),
        category: 'config',
      });
    }
  }
  const layers = [defaults, ...baseLayers, ...profileLayers, envLayer(opts.env), flags];

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
      // Do-not-call lists add up: a list named in any layer is never dropped by a higher one.
      if (ADDED_UP.has(key) && Array.isArray(value) && Array.isArray(merged.get(key))) {
        merged.set(key, [...(merged.get(key) as unknown[]), ...value]);
        sources.set(key, `${sources.get(key)} + ${layer.label}`);
        continue;
      }
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
  if (!merged.has('timezone')) sources.set('timezone', 'default (serviceTimezone)');
  if (profile !== undefined) {
    merged.set('profile', profile);
    sources.set('profile', profileSource);
  }

  // Unset, the user's zone is the service's.
  if (!merged.has('timezone')) merged.set('timezone', merged.get('serviceTimezone'));
  const { accessToken, accessTokenCommand, accessTokenCommandTimeout, ...rest } =
    resolvedValues(merged);
  const settings: Settings = rest;
  if (accessToken !== undefined) settings.token = { kind: 'value', value: accessToken };
  else if (accessTokenCommand !== undefined)
    settings.token = {
      kind: 'command',
      command: accessTokenCommand,
      timeoutMs: accessTokenCommandTimeout,
    };
  return { settings, sources, files: opts.files };
}

function envNameFor(key: string): string {
  return ENV_SETTINGS[key] ?? key;
}

// Values a command needs (the service address, the campaign): require.ts, light, so that the
// library's entry point exports them without loading the settings' resolution.
export { requireBaseUrl, requireCampaign } from './require.js';
