/**
 * Settings: config files found by cosmiconfig, the environment and command-line flags,
 * merged in one function with the precedence
 *   flags > environment > profile (project, then user) > project config > user config > defaults.
 * Every effective value remembers where it came from, for `cacs config show`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PHONE_PATTERN, LIMITS } from '../api/spec.js';
import { ConfigError, UsageError } from '../errors.js';
import { isLoopback } from '../net.js';
import { ENV, ENV_SETTINGS, envValue, type Env } from './env.js';
import { defaultStateDir, userConfigDir } from './paths.js';
import {
  checkScalar,
  isScalarKey,
  resolvedValues,
  validateConfig,
  type FlatConfig,
  type ResolvedValues,
  type ValidatedConfig,
} from './schema.js';

/** The service's zone unless serviceTimezone says otherwise (the spec's service is in Vietnam). */
export const DEFAULT_TIMEZONE = 'Asia/Ho_Chi_Minh';

/** timezone has no default of its own: unset, it is serviceTimezone. */
export const DEFAULTS = {
  serviceTimezone: DEFAULT_TIMEZONE,
  allowInsecureHttp: false,
  timeout: 30_000,
  accessTokenCommandTimeout: 30_000,
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

/** Where the token comes from; the token itself is read only when a request needs it. */
export type TokenSource =
  { kind: 'value'; value: string } | { kind: 'command'; command: string; timeoutMs: number };

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

/**
 * A config file that cannot be parsed: its path, the line and column, and the parser's reason —
 * never a line of it (parsers quote the source in code frames and messages, and the broken line
 * may be the one holding the token). A reason that still contains a piece of the file is
 * replaced by the kind of error alone.
 */
export function configReadError(e: unknown, what: string): UsageError {
  const err = (typeof e === 'object' && e !== null ? e : {}) as {
    name?: unknown;
    message?: unknown;
    stack?: unknown;
    filepath?: unknown;
    reason?: unknown;
    mark?: { line?: unknown; column?: unknown };
  };
  const file = typeof err.filepath === 'string' ? err.filepath : what;
  let source = '';
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    // a folder, or unreadable: nothing of it can be in the reason
  }
  const name = typeof err.name === 'string' ? err.name : 'Error';
  // Strip terminal colours: parse-json colours its code frame when FORCE_COLOR is set or the
  // terminal supports colour, which would hide the frame's lines from the filter below.
  const message = (typeof err.message === 'string' ? err.message : String(e)).replace(
    /\x1b\[[0-9;]*m/g,
    '',
  );
  let reason: string;
  let label: string;
  let line: number | undefined;
  let column: number | undefined;
  if (name === 'YAMLException' && typeof err.reason === 'string') {
    // js-yaml: the reason apart from the snippet, and the mark (0-based).
    reason = err.reason;
    label = 'YAML syntax error';
    if (typeof err.mark?.line === 'number') line = err.mark.line + 1;
    if (typeof err.mark?.column === 'number') column = err.mark.column + 1;
  } else if (name === 'JSONError' || /\bJSON\b/.test(message)) {
    // parse-json: "JSON Error in <file>:", a code frame, "<reason> while parsing '<source>'",
    // the code frame again. Keep the reason's line only.
    const lines = message.split('\n').slice(/^JSON Error in /.test(message) ? 1 : 0);
    const first = lines.find((l) => l.trim() !== '' && !/^\s*>?\s*\d*\s*\|/.test(l)) ?? '';
    reason = first.split(/ while parsing\b/)[0] ?? '';
    label = 'JSON syntax error';
    const lc = /\(line (\d+) column (\d+)\)/.exec(reason);
    const pos = /at position (\d+)/.exec(reason);
    if (lc) {
      line = Number(lc[1]);
      column = Number(lc[2]);
    } else if (pos) {
      const before = source.slice(0, Number(pos[1]));
      line = before.split('\n').length;
      column = before.length - before.lastIndexOf('\n');
    }
    reason = reason.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ at position \d+/, '');
  } else {
    // JavaScript: the message, and the line from the stack (which also quotes the source).
    reason = `${name}: ${message.split('\n')[0] ?? ''}`;
    label = name === 'SyntaxError' ? 'JavaScript syntax error' : name;
    const stack = typeof err.stack === 'string' ? err.stack : '';
    const esc = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = new RegExp(`${esc}:(\\d+)(?::(\\d+))?`).exec(stack);
    if (at) {
      line = Number(at[1]);
      if (at[2] !== undefined) column = Number(at[2]);
    }
  }
  reason = safeReason(reason, source, label);
  const where =
    line === undefined ? '' : `, line ${line}${column === undefined ? '' : `, column ${column}`}`;
  return new UsageError(`cannot read the configuration ${file}${where}: ${reason}`, {
    hint: 'Check the file is valid JSON, YAML or JavaScript (its lines are not printed: they may hold the token).',
  });
}

/**
 * The first line of a parser's reason, V8's quoted JSON snippet removed, and only if no run of 8
 * characters of it is found in the file (else just the kind of error).
 */
function safeReason(reason: string, source: string, label: string): string {
  let r = (reason.split('\n')[0] ?? '')
    // V8: Unexpected token 'x', "<source>" is not valid JSON (or ..."<source>"...).
    .replace(/, (?:\.\.\.)?"[^]*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (r.length > 160) r = `${r.slice(0, 160)}…`;
  const RUN = 8;
  for (let i = 0; i + RUN <= r.length; i++) {
    if (source.includes(r.slice(i, i + RUN))) return label;
  }
  return r === '' ? label : r;
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
      throw configReadError(e, what);
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
  if (problems.length > 0) throw new UsageError(`environment: ${problems.join('; ')}`);
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
      throw new UsageError(`${profileSource}: no profile named "${profile}"`, {
        hint:
          known.length > 0
            ? `Known profiles: ${known.join(', ')}.`
            : 'No config file defines any profile.',
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
  if (key.trim() === '') {
    throw new UsageError(
      aliased === undefined
        ? 'the campaign key is empty'
        : `the campaign alias ${JSON.stringify(s.campaign)} stands for an empty key`,
      {
        hint: `Give --campaign <key|alias> with the key the service operator gave you (or set ${ENV.campaign}).`,
      },
    );
  }
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

/** What a token command may print at most (a token is at most 50 characters). */
const TOKEN_COMMAND_MAX_OUTPUT = 64 * 1024;

const TOKEN_COMMAND_HINT =
  'Run the command by hand to see what it says (cacs never prints its output: it may hold the token).';

/**
 * Run accessTokenCommand through the shell, without blocking the event loop, and return what it
 * printed on stdout. It runs in a process group of its own with no input; at the timeout the
 * whole group is killed (a `sleep` it started included). Its stdout and stderr are never shown:
 * errors say only the exit status, the signal or the timeout.
 */
export async function runTokenCommand(
  command: string,
  env: Env,
  timeoutMs: number,
): Promise<string> {
  const { spawn } = await import('node:child_process');
  const group = process.platform !== 'win32';
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const child = spawn(command, {
      shell: true,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: group,
      windowsHide: true,
    });
    const killAll = (signal: NodeJS.Signals) => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    };
    const fail = (message: string, hint = TOKEN_COMMAND_HINT) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killAll('SIGTERM');
      // A command that ignores SIGTERM goes a second later; nothing waits for it.
      setTimeout(() => killAll('SIGKILL'), 1000).unref();
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      reject(new UsageError(message, { hint }));
    };
    const timer = setTimeout(
      () =>
        fail(
          `accessTokenCommand did not finish within ${formatSeconds(timeoutMs)}; it was stopped`,
          'Run the command by hand: it must print the token without waiting for input. If it is just slow, raise accessTokenCommandTimeout (milliseconds) in the config.',
        ),
      timeoutMs,
    );
    child.stdout?.on('data', (c: Buffer) => {
      size += c.length;
      if (size > TOKEN_COMMAND_MAX_OUTPUT) {
        fail(
          `accessTokenCommand printed more than ${TOKEN_COMMAND_MAX_OUTPUT / 1024} KiB; it should print the token only`,
        );
        return;
      }
      chunks.push(c);
    });
    // Read and dropped: never shown, it may hold the token.
    child.stderr?.resume();
    child.on('error', (e: NodeJS.ErrnoException) =>
      fail(`accessTokenCommand could not be started (${e.code ?? 'error'})`),
    );
    child.on('close', (code, signal) => {
      if (settled) return;
      if (code !== 0) {
        fail(
          `accessTokenCommand failed (${signal ? `killed by ${signal}` : `exit status ${code}`})`,
        );
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The access token: from a value, or by running accessTokenCommand. Never printed. */
export async function requireToken(s: Settings, env: Env): Promise<string> {
  if (s.token === undefined) {
    throw new UsageError('no access token is set', {
      hint: `Set ${ENV.accessToken}, or accessToken / accessTokenCommand in a config file (chmod 600 it). A token is never taken from the command line.`,
    });
  }
  let token: string;
  if (s.token.kind === 'value') {
    token = s.token.value;
  } else {
    token = (await runTokenCommand(s.token.command, env, s.token.timeoutMs)).trim();
    if (token === '')
      throw new UsageError('accessTokenCommand printed nothing', { hint: TOKEN_COMMAND_HINT });
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
