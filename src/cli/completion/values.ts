/**
 * Values the completion scripts offer that live outside the program's flags: campaign aliases
 * (config `campaigns`), profile names (config `profiles`), and call statuses seen in earlier
 * reports (a small list the report keeps in the state folder). `cacs __complete <kind>` prints
 * them one per line; it reads the config files and that list only: no network, no token.
 */
import {
  completionStatuses,
  loadConfigFiles,
  resolveSettings,
  stateDirOf,
  type LoadedConfigFile,
} from '../../index.js';
import type { IO } from '../context.js';
import type { GlobalOptions } from '../flags.js';

export const COMPLETION_KINDS = ['campaigns', 'profiles', 'statuses'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

/** The most statuses kept: the service's vocabulary is a handful of words. */
export const MAX_STATUSES = 64;
/** The service's status parameter is at most 40 characters: no one status is longer. */
const MAX_STATUS_LENGTH = 40;

/** Where the list of statuses seen is kept (for tests). */
export async function statusesFile(stateDir: string): Promise<string> {
  return (await completionStatuses(stateDir)).where;
}

/** A status worth offering: printable, no comma (it separates statuses), not too long. */
function offerable(status: string): boolean {
  return (
    status.trim() === status &&
    status !== '' &&
    [...status].length <= MAX_STATUS_LENGTH &&
    !/[,\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(status)
  );
}

/** The statuses seen in earlier reports, sorted; an empty list when there is none yet. */
export async function readStatuses(stateDir: string): Promise<string[]> {
  try {
    const data = (await completionStatuses(stateDir)).read();
    const list = (data as { statuses?: unknown } | undefined)?.statuses;
    if (!Array.isArray(list)) return [];
    return list.filter((s): s is string => typeof s === 'string' && offerable(s));
  } catch {
    return [];
  }
}

/**
 * Load what {@link rememberStatuses} writes with (the state store's modules) now: a report calls
 * it while it waits for its first answers. Reads and writes nothing; a failure is left for
 * rememberStatuses to meet (and ignore).
 */
export async function loadStatusesSoon(stateDir: string): Promise<void> {
  await completionStatuses(stateDir).catch(() => undefined);
}

/**
 * Add the statuses a report's answers held to the list (written only when it grows). When the
 * list is full, the newest are kept. A failure to write is ignored: completion is a comfort,
 * never a reason for a report to fail.
 */
export async function rememberStatuses(stateDir: string, seen: Iterable<string>): Promise<void> {
  try {
    const known = await readStatuses(stateDir);
    const fresh = [...new Set(seen)].filter((s) => offerable(s) && !known.includes(s));
    if (fresh.length === 0) return;
    const kept = [...fresh, ...known].slice(0, MAX_STATUSES).sort();
    (await completionStatuses(stateDir)).write({ statuses: kept });
  } catch {
    // a read-only or full state folder: the next report tries again
  }
}

/** Names from every config file: the keys under `prefix` in its base settings and profiles. */
function keysIn(files: readonly LoadedConfigFile[], prefix: string): string[] {
  const out = new Set<string>();
  for (const f of files) {
    for (const flat of [f.config.base, ...f.config.profiles.values()]) {
      for (const key of flat.keys()) if (key.startsWith(prefix)) out.add(key.slice(prefix.length));
    }
  }
  return [...out];
}

/** The values of one kind, one per line (nothing at all when the settings cannot be read). */
export async function completeValues(
  kind: string,
  io: IO,
  globals: GlobalOptions,
): Promise<string> {
  if (!(COMPLETION_KINDS as readonly string[]).includes(kind)) return '';
  const lines = (values: Iterable<string>) =>
    [...new Set(values)]
      .filter((v) => v !== '' && !/[\r\n]/.test(v))
      .sort()
      .map((v) => `${v}\n`)
      .join('');
  // The state folder is set by the environment alone (no config key): no config file to read.
  if (kind === 'statuses') return lines(await readStatuses(await stateDirOf(io.env)));
  let files: LoadedConfigFile[] = [];
  try {
    files = await loadConfigFiles({
      cwd: io.cwd,
      env: io.env,
      ...(globals.config !== undefined ? { explicitPath: globals.config } : {}),
    });
  } catch {
    // a broken config file: no aliases or profiles to offer; statuses still are
  }
  /** The settings in effect (the profile chosen), or undefined when they cannot be resolved. */
  const settings = async () => {
    try {
      const flags = new Map<string, unknown>();
      if (globals.profile !== undefined) flags.set('profile', globals.profile);
      return (await resolveSettings({ files, env: io.env, flags })).settings;
    } catch {
      return undefined;
    }
  };
  switch (kind as CompletionKind) {
    case 'profiles':
      return lines(files.flatMap((f) => [...f.config.profiles.keys()]));
    case 'campaigns': {
      // The aliases in effect; every alias any file or profile defines when a profile named on
      // the line (or in CACS_PROFILE) does not exist yet.
      const s = await settings();
      return lines(s ? Object.keys(s.campaigns) : keysIn(files, 'campaigns.'));
    }
    default:
      return '';
  }
}
