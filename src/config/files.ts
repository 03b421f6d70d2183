/**
 * Config files: finding them (cosmiconfig: the user's config folder, then up from the working
 * directory; or the one file given with --config), reading and validating them, the error a file
 * that cannot be parsed draws, and the files that hold a token others may read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import type { Env } from './env.js';
import { userConfigDir } from './paths.js';
import { modeText, ownerName, replaceableBy, trustedOwner } from '../owners.js';
import { validateConfig, type ValidatedConfig } from './schema.js';

export type ConfigScope = 'user' | 'project' | 'explicit';

export interface LoadedConfigFile {
  path: string;
  scope: ConfigScope;
  config: ValidatedConfig;
}

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

/**
 * Where a project's config is looked for: cosmiconfig's places for `cacs` but its TypeScript
 * ones (`.cacsrc.ts`, `cacs.config.ts`…), which need the typescript package at run time. An
 * installed cacs has none, so a `.cacsrc.ts` in the folder stopped every command with "Cannot
 * find package 'typescript'" (found by an operator walk); the README names the others only.
 * Written out (cosmiconfig's `getDefaultSearchPlaces('cacs')`; test/unit/config-places.test.ts
 * keeps the two the same) so that knowing where to look does not load cosmiconfig.
 */
export const PROJECT_CONFIG_PLACES = [
  'package.json',
  '.cacsrc',
  '.cacsrc.json',
  '.cacsrc.yaml',
  '.cacsrc.yml',
  '.cacsrc.js',
  '.cacsrc.cjs',
  '.cacsrc.mjs',
  '.config/cacsrc',
  '.config/cacsrc.json',
  '.config/cacsrc.yaml',
  '.config/cacsrc.yml',
  '.config/cacsrc.js',
  '.config/cacsrc.cjs',
  '.config/cacsrc.mjs',
  'cacs.config.js',
  'cacs.config.cjs',
  'cacs.config.mjs',
];

/**
 * The files cosmiconfig reads in the process's working folder for options of its own (its
 * `metaSearchPlaces`, which may name other places to look): when one is there, the search is
 * left to cosmiconfig entirely.
 */
export const COSMICONFIG_META_PLACES = [
  'package.json',
  'package.yaml',
  '.config/config.json',
  '.config/config.yaml',
  '.config/config.yml',
  '.config/config.js',
  '.config/config.ts',
  '.config/config.cjs',
  '.config/config.mjs',
];

/**
 * Whether one of `places` is in `dir`, or cannot be told (a folder that cannot be searched):
 * false only when each is certainly absent.
 */
function anyPlaceIn(dir: string, places: readonly string[]): boolean {
  for (const place of places) {
    try {
      if (fs.statSync(path.join(dir, place), { throwIfNoEntry: false }) !== undefined) return true;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ENOTDIR') return true;
    }
  }
  return false;
}

/**
 * Whether a search could find a config file: false when none of the places the search reads
 * (the user's folder, the working folder and each above it, cosmiconfig's own files in the
 * process's working folder) holds anything. Most runs from an operator's folder have none, and
 * then cosmiconfig (≈ 12 ms of every start-up) is not loaded at all.
 */
export function configMayBeFound(
  cwd: string,
  userDir: string,
  processCwd: string = process.cwd(),
): boolean {
  if (anyPlaceIn(processCwd, COSMICONFIG_META_PLACES)) return true;
  if (anyPlaceIn(userDir, USER_CONFIG_PLACES)) return true;
  for (const dir of projectFolders(cwd, userDir))
    if (anyPlaceIn(dir, PROJECT_CONFIG_PLACES)) return true;
  return false;
}

/**
 * A config file of cacs's own in `dir` that this user may not read (it exists, as a file, but
 * opening it is denied), among `places` before the one the search found (`found`), if any.
 * cosmiconfig's search passes over such a file as if it were not there (EACCES is "not found"
 * to it): a run would then go on without the settings it holds — a do-not-call list, the state
 * folder — without a word (found by an operator walk, session 22). package.json is not
 * cacs's own (it only may hold a `cacs` key): one that cannot be read is passed over still.
 */
export function unreadablePlace(
  dir: string,
  places: readonly string[],
  found?: string,
): string | undefined {
  for (const place of places) {
    const file = path.join(dir, place);
    if (found !== undefined && file === found) return undefined;
    if (place === 'package.json' || place === 'package.yaml') continue;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch (e) {
      // A link into a folder this user may not open, or a folder on the way (`.config/`) it may
      // not search: a configuration may be there, in effect for others, and not for this run
      // (review, session 22). Anything else (a loop, not a folder on the way): nothing read.
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') return file;
      continue;
    }
    if (stat === undefined || !stat.isFile()) continue;
    try {
      fs.closeSync(fs.openSync(file, 'r'));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') return file;
    }
  }
  return undefined;
}

/** Why a configuration file found by searching is not read (distrust). */
export type Distrust = { owner: string } | { mode: string; group?: true } | { special: true };

/**
 * Why a configuration file cacs came upon by searching must not be read, if it must not: it
 * belongs to another user than the one running cacs (root's are trusted: root may change any
 * file anyway), any user may write it, or it is no regular file. Such a file applies to whoever
 * runs cacs in its folder or below — its `baseUrl` would receive their token, and a JavaScript
 * one runs as them: one planted in a shared folder (`/tmp`) by any local user ran as root there
 * (review, session 23; the rule git follows since CVE-2022-24765). A link counts twice: the
 * link itself must be this user's or root's too (another user's link chose which of root's
 * scripts ran), and what it leads to is judged. A named pipe, a socket or a device is never
 * read (a writer behind a pipe fed root a script, and a pipe with none held cacs forever).
 * POSIX only; a file that cannot be looked at is left to the search (and to unreadablePlace).
 */
export function distrust(
  file: string,
  me: number | null = process.geteuid?.() ?? null,
): Distrust | undefined {
  if (me === null) return undefined;
  const trusted = (uid: number) => trustedOwner(uid, me);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink() === true) {
      if (!trusted(stat.uid)) return { owner: ownerName(stat.uid) };
      stat = fs.statSync(file, { throwIfNoEntry: false });
    }
  } catch {
    return undefined;
  }
  if (stat === undefined || stat.isDirectory()) return undefined;
  if (!stat.isFile()) return { special: true };
  if (!trusted(stat.uid)) return { owner: ownerName(stat.uid) };
  const mode = modeText(stat);
  if ((stat.mode & 0o002) !== 0) return { mode };
  // Run as root, its group may not change it either (as cron and sshd have it): a team member
  // who may edit a shared `.cacsrc.js` would run code as root (review, session 23).
  if (me === 0 && (stat.mode & 0o020) !== 0) return { mode, group: true };
  return undefined;
}

/**
 * Why another user could put a file of their own in place of one in `dir` (a folder on the way
 * to a config file, `.config/`, or the folder it is in): a link of theirs, a folder of theirs,
 * or one any user may write without the sticky bit. Undefined when none can (or it is no
 * folder, or cannot be looked at: left to the read).
 */
export function folderDistrust(
  dir: string,
  me: number | null = process.geteuid?.() ?? null,
): { owner: string } | { mode: string; group?: true } | undefined {
  if (me === null) return undefined;
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st?.isSymbolicLink() === true) {
      if (!trustedOwner(st.uid, me)) return { owner: ownerName(st.uid) };
      st = fs.statSync(dir, { throwIfNoEntry: false });
    }
  } catch {
    return undefined;
  }
  if (st === undefined || !st.isDirectory()) return undefined;
  if (!trustedOwner(st.uid, me)) return { owner: ownerName(st.uid) };
  if (replaceableBy(st, 0o002)) return { mode: modeText(st) };
  if (me === 0 && replaceableBy(st, 0o020)) return { mode: modeText(st), group: true };
  return undefined;
}

/**
 * Whether users other than this one and root may add files to `dir`: a shared /tmp, or a
 * team's folder its group may write (review, session 23: where only a check stood before
 * cosmiconfig's own read, a race was left).
 */
function othersMayAdd(dir: string): boolean {
  const me = process.geteuid?.();
  if (me === undefined) return false;
  try {
    const st = fs.statSync(dir);
    return !trustedOwner(st.uid, me) || (st.mode & 0o022) !== 0;
  } catch {
    return false;
  }
}

/**
 * Refuse the first of cosmiconfig's own settings files (`places`) in the folder the process runs
 * in (`dir`; read even with --config, and not by name, so only checked) that cacs must not read
 * (distrust), before cosmiconfig reads it. A JSON one (`package.json`, `.config/config.json`)
 * counts only when it holds a `cosmiconfig` key; any other (YAML whatever its style, JavaScript:
 * loading it runs it) always does.
 */
function refuseDistrusted(dir: string, places: readonly string[]): void {
  for (const place of places) {
    const file = path.join(dir, place);
    const sub = path.dirname(place);
    const way = sub === '.' ? undefined : folderDistrust(path.join(dir, sub));
    if (way !== undefined && fs.existsSync(file)) throw folderError(file, path.join(dir, sub), way);
    const why = distrust(file);
    if (why === undefined) continue;
    if (!('special' in why) && place.endsWith('.json') && !holdsKey('cosmiconfig', file)) continue;
    throw distrustError(file, why, true);
  }
}

/**
 * cosmiconfig's search of one folder, on files vetted here: each place present is judged
 * (distrust, and the folders on its way: folderDistrust), and only the trusted ones are read,
 * in the search's order, each by its own name (`load`); the first that holds settings wins, as
 * in the search. The search itself, which reads whatever is at a place when it gets there,
 * never runs: another user who may add files to the folder (a shared /tmp) cannot slip one in
 * between the check and the read (review, session 23: a package.json flipped between a
 * harmless and a keyed one sent the token in 9 runs of 40, and a `.cacsrc.js` flipped in and
 * out ran as root). A trusted file in a folder another user may rename entries in is refused.
 */
async function searchVetted(
  ex: Explorer,
  dir: string,
  places: readonly string[],
): Promise<Found | null> {
  const loadable: string[] = [];
  for (const place of places) {
    const file = path.join(dir, place);
    let present = true;
    try {
      present = fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined;
    } catch {
      // cannot be looked at: left to the read (and to unreadablePlace)
    }
    if (!present) continue;
    const sub = path.dirname(place);
    const way = sub === '.' ? undefined : folderDistrust(path.join(dir, sub));
    if (way !== undefined) throw folderError(file, path.join(dir, sub), way);
    const why = distrust(file);
    if (why !== undefined) {
      // Another user's package.json without a `cacs` key is no configuration: not read.
      if (!('special' in why) && place === 'package.json' && !holdsKey('cacs', file)) continue;
      throw distrustError(file, why, false);
    }
    loadable.push(file);
  }
  if (loadable.length === 0) return null;
  const here = folderDistrust(dir);
  if (here !== undefined) throw folderError(loadable[0]!, dir, here);
  for (const file of loadable) {
    try {
      const r = await ex.load(file);
      if (r !== null && r.isEmpty !== true) return r;
    } catch (e) {
      // As the search passes over them (unreadablePlace then says why, for cacs's own files).
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EACCES')
        continue;
      throw e;
    }
  }
  return null;
}

function folderError(
  file: string,
  folder: string,
  why: { owner: string } | { mode: string; group?: true },
): UsageError {
  if ('mode' in why && why.group === true)
    return new UsageError(t('config.file.folder.group', { file, folder, mode: why.mode }), {
      hint: t('config.file.group.hint', { file }),
      category: 'config',
    });
  return new UsageError(
    'owner' in why
      ? t('config.file.folder.foreign', { file, folder, owner: why.owner })
      : t('config.file.folder.open', { file, folder, mode: why.mode }),
    { hint: t('config.file.foreign.hint'), category: 'config' },
  );
}

/**
 * Whether a JSON settings file (a regular file) holds `key` at its top level, read as data
 * (nothing run): only then does cosmiconfig take settings from it. One that cannot be parsed
 * here counts (cosmiconfig's own parser may still read it).
 */
function holdsKey(key: string, file: string): boolean {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return true;
  }
  return typeof data !== 'object' || data === null || Object.hasOwn(data, key);
}

function distrustError(file: string, why: Distrust, meta: boolean): UsageError {
  if ('special' in why)
    return new UsageError(t('config.file.special', { file }), {
      hint: t(meta ? 'config.file.distrusted.meta.hint' : 'config.file.special.hint'),
      category: 'config',
    });
  if ('mode' in why && why.group === true)
    return new UsageError(t('config.file.group', { file, mode: why.mode }), {
      hint: t('config.file.group.hint', { file }),
      category: 'config',
    });
  const message =
    'owner' in why
      ? t(meta ? 'config.file.foreign.meta' : 'config.file.foreign', { file, owner: why.owner })
      : t(meta ? 'config.file.writable.meta' : 'config.file.writable', { file, mode: why.mode });
  const hint = meta
    ? t('config.file.distrusted.meta.hint')
    : 'owner' in why
      ? t('config.file.foreign.hint')
      : t('config.file.writable.hint', { file });
  return new UsageError(message, { hint, category: 'config' });
}

/**
 * "cannot read the configuration <file>: this user may not read it" (or cannot tell whether the
 * folder it is in holds one): exit 2. A project's gets its own advice (HOME and XDG_CONFIG_HOME
 * do not move it).
 */
function deniedError(file: string, scope: 'user' | 'project'): UsageError {
  let reachable = true;
  try {
    fs.lstatSync(file);
  } catch {
    reachable = false; // a folder on the way that this user may not search
  }
  const base = configReadError(
    Object.assign(new Error('denied'), { code: 'EACCES', path: file }),
    file,
  );
  if (reachable && scope === 'user') return base;
  return new UsageError(
    reachable ? base.message : t('config.file.hidden', { file, dir: path.dirname(file) }),
    {
      hint: scope === 'project' ? t('config.file.denied.project.hint') : (base.hint ?? ''),
      category: 'config',
    },
  );
}

/** The folders a project config is looked for in: `cwd`, then each above it, but `userDir`. */
function* projectFolders(cwd: string, userDir: string): Generator<string> {
  for (let dir = path.resolve(cwd); ;) {
    if (dir !== userDir) yield dir;
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function explorer(searchPlaces?: string[], extraExtension?: string) {
  const { cosmiconfig, defaultLoaders } = await import('cosmiconfig');
  // A file given with --config and an unusual name (.cacsrc.example) is read as YAML (JSON is YAML too).
  const known = ['.json', '.yaml', '.yml', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', ''];
  const loaders =
    extraExtension !== undefined && !known.includes(extraExtension)
      ? { loaders: { [extraExtension]: defaultLoaders['.yaml'] } }
      : {};
  // cosmiconfig reads settings of its own (`.config/config.*`, package.json) in the folder the
  // process runs in, when made: where other users may add files (a shared /tmp), it is made
  // from the file system's root instead, so that nothing of theirs is read (a check before it
  // could not stop a file slipped in after it). Not in a worker thread, which may not chdir.
  const here = process.cwd();
  let moved = false;
  if (othersMayAdd(here)) {
    try {
      process.chdir(path.parse(here).root);
      moved = true;
    } catch {
      // a worker thread: refuseDistrusted's check alone
    }
  }
  try {
    return cosmiconfig('cacs', {
      searchStrategy: 'none',
      cache: false,
      ...(searchPlaces ? { searchPlaces } : {}),
      ...loaders,
    });
  } finally {
    if (moved) process.chdir(here);
  }
}

type Explorer = Awaited<ReturnType<typeof explorer>>;
type Found = { filepath: string; config: unknown; isEmpty?: boolean };

async function readConfigFile(
  filepath: string,
  scope: ConfigScope,
  data: unknown,
): Promise<LoadedConfigFile> {
  const { config, problems } = validateConfig(data);
  if (!config) {
    const stated = (data as { language?: unknown } | null)?.language;
    throw new ConfigError(filepath, problems, typeof stated === 'string' ? stated : undefined);
  }
  for (const flat of [config.base, ...config.profiles.values()]) resolveFiles(flat, filepath);
  return { path: filepath, scope, config };
}

/**
 * Paths named in a config file (import.suppress, stateDir) are read relative to that file's
 * folder, wherever cacs is started from (cron starts it in the user's home folder, or in /).
 */
function resolveFiles(flat: Map<string, unknown>, filepath: string): void {
  const stateDir = flat.get('stateDir');
  if (typeof stateDir === 'string')
    flat.set('stateDir', path.resolve(path.dirname(filepath), stateDir));
  const files = flat.get('import.suppress');
  if (Array.isArray(files))
    flat.set(
      'import.suppress',
      files.map((f) => path.resolve(path.dirname(filepath), String(f))),
    );
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
  // The file (or its folder) could not be read at all: why, not a parser's hint.
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    const at =
      typeof (e as NodeJS.ErrnoException).path === 'string' ? (e as { path: string }).path : file;
    const denied = code === 'EACCES' || code === 'EPERM';
    return new UsageError(
      denied ? t('config.file.denied', { file: at }) : t('config.file.failed', { file: at, code }),
      {
        hint: denied ? t('config.file.denied.hint', { file: at }) : t('config.file.failed.hint'),
        category: 'config',
      },
    );
  }
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
    label = t('config.file.syntax.yaml');
    if (typeof err.mark?.line === 'number') line = err.mark.line + 1;
    if (typeof err.mark?.column === 'number') column = err.mark.column + 1;
  } else if (name === 'JSONError' || /\bJSON\b/.test(message)) {
    // parse-json: "JSON Error in <file>:", a code frame, "<reason> while parsing '<source>'",
    // the code frame again. Keep the reason's line only.
    const lines = message.split('\n').slice(/^JSON Error in /.test(message) ? 1 : 0);
    const first = lines.find((l) => l.trim() !== '' && !/^\s*>?\s*\d*\s*\|/.test(l)) ?? '';
    reason = first.split(/ while parsing\b/)[0] ?? '';
    label = t('config.file.syntax.json');
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
    label = name === 'SyntaxError' ? t('config.file.syntax.js') : name;
    const stack = typeof err.stack === 'string' ? err.stack : '';
    const esc = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = new RegExp(`${esc}:(\\d+)(?::(\\d+))?`).exec(stack);
    if (at) {
      line = Number(at[1]);
      if (at[2] !== undefined) column = Number(at[2]);
    }
  }
  reason = safeReason(reason, source, label);
  const said =
    line === undefined
      ? t('config.file.unreadable', { file, reason })
      : column === undefined
        ? t('config.file.unreadable.line', { file, line, reason })
        : t('config.file.unreadable.lineColumn', { file, line, column, reason });
  return new UsageError(said, {
    hint: t('config.file.unreadable.hint'),
    category: 'config',
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
  if (opts.explicitPath === undefined && !configMayBeFound(opts.cwd, userConfigDir(opts.env)))
    return [];
  // cosmiconfig reads settings of its own in the folder the process runs in, whatever file is
  // given (a JavaScript one is run): one cacs must not read stops it first.
  refuseDistrusted(process.cwd(), COSMICONFIG_META_PLACES);
  const ex = await explorer(
    PROJECT_CONFIG_PLACES,
    opts.explicitPath === undefined ? undefined : path.extname(opts.explicitPath).toLowerCase(),
  );
  const load = async (
    fn: () => Promise<{ filepath: string; config: unknown; isEmpty?: boolean } | null>,
    what: string,
  ) => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof UsageError) throw e; // a file refused before it was read (searchVetted)
      throw configReadError(e, what);
    }
  };
  if (opts.explicitPath !== undefined) {
    const file = path.resolve(opts.cwd, opts.explicitPath);
    if (!fs.existsSync(file)) {
      throw new UsageError(t('input.noSuchFile', { file: `--config ${opts.explicitPath}` }), {
        category: 'config',
      });
    }
    const r = await load(() => ex.load(file), file);
    return [await readConfigFile(file, 'explicit', r?.config)];
  }
  const files: LoadedConfigFile[] = [];
  const userDir = userConfigDir(opts.env);
  const userEx = await explorer(USER_CONFIG_PLACES);
  try {
    fs.statSync(userDir, { throwIfNoEntry: false });
  } catch (e) {
    // The folder cannot be reached at all (HOME of another user): said of the folder.
    throw configReadError(e, userDir);
  }
  const userSearch = await load(() => searchVetted(userEx, userDir, USER_CONFIG_PLACES), userDir);
  const userDenied = unreadablePlace(userDir, USER_CONFIG_PLACES, userSearch?.filepath);
  if (userDenied !== undefined) throw deniedError(userDenied, 'user');
  if (userSearch) files.push(await readConfigFile(userSearch.filepath, 'user', userSearch.config));

  for (const dir of projectFolders(opts.cwd, userDir)) {
    const found = await load(() => searchVetted(ex, dir, PROJECT_CONFIG_PLACES), dir);
    const denied = unreadablePlace(dir, PROJECT_CONFIG_PLACES, found?.filepath);
    if (denied !== undefined) throw deniedError(denied, 'project');
    if (found) {
      if (!files.some((f) => f.path === found.filepath)) {
        files.push(await readConfigFile(found.filepath, 'project', found.config));
      }
      break;
    }
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
