/**
 * `cacs state prune` (issue 26): what cacs keeps longer than `state.retentionDays` goes —
 * ledger records, journals of finished files, history entries (the store's prune), and the
 * sidecar lists cacs wrote that are older than that — found through the history (before the
 * store forgets the runs) and through the sidecar records, which name a dry run's lists too —
 * with their sidecar records. Only a list that is still the bytes cacs wrote goes. Never an erasure record, never an
 * unfinished journal, never a lead still uncertain.
 *
 * The reminder: a run with retention configured says once a day that prune is due when the
 * last prune is older than a day (state/reminder.ts keeps the times).
 */
import fs from 'node:fs';
import { assertStateFolderTrusted, type PruneResult, type StateStore } from '../state/index.js';
import { readPruneStamp as readStamp, writePruneStamp as writeStamp } from '../state/reminder.js';
import { removeWritten } from '../atomic-write.js';
import { removeStaleTemp } from '../cleanup.js';
import { WrittenFiles } from '../leads/written-files.js';
import { recordedLists, sidecarCandidates } from './forget.js';

export const DAY_MS = 86_400_000;

export interface PruneReport extends PruneResult {
  retentionDays: number;
  dryRun: boolean;
  /** Sidecar lists removed (or, dry run, to remove). */
  files: string[];
  /** Private temporary folders (spooled leads, report spills) of killed runs removed (or to remove). */
  tempFolders: string[];
  store: { kind: 'file' | 'postgres'; location: string };
}

/** The moment before which things go: exactly `days` days before `now`. */
export function pruneCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export async function prune(opts: {
  store: StateStore;
  stateDir: string;
  retentionDays: number;
  dryRun: boolean;
  now: Date;
}): Promise<PruneReport> {
  const { store, dryRun } = opts;
  const before = pruneCutoff(opts.now, opts.retentionDays);
  // Sidecar lists of runs older than the cutoff, while the history still names them — but a
  // run that left leads still uncertain keeps its lists (its uncertain list is the operator's
  // to-do) and its history entry, whatever its age (the store says which: a look first).
  const runs = await store.readHistory();
  const open = new Set((await store.prune(before, true)).openRuns ?? []);
  const old = runs.filter((r) => {
    const at = Date.parse(r.end?.ended ?? r.started);
    return Number.isFinite(at) && at < before.getTime() && !open.has(r.n);
  });
  const young = new Set(
    sidecarCandidates(
      store,
      runs.filter((r) => !old.includes(r)),
    ),
  );
  // Every list cacs wrote that it can find: the old runs' lists (the history names them) and
  // every list the sidecar records name (a dry run's lists, and real runs' lists the history no
  // longer names), each judged by its own age. A list still cacs's own bytes only (its size and
  // salted hash as recorded): a user's own file, or one edited since, stays.
  const own = new WrittenFiles(store.written, true);
  const files: string[] = [];
  const seen = new Set<string>();
  for (const f of [...sidecarCandidates(store, old), ...recordedLists(store)]) {
    if (seen.has(f) || young.has(f)) continue; // also a newer run's list
    seen.add(f);
    let st: fs.Stats;
    try {
      st = fs.statSync(f);
    } catch {
      continue;
    }
    if (!st.isFile() || st.mtimeMs >= before.getTime()) continue;
    if (own.status(f) !== 'own') continue;
    files.push(f);
    if (dryRun) continue;
    removeWritten(f);
    store.written.remove(f);
  }
  // Records of lists that are gone (removed by hand, or by an older cacs): nothing to keep them for.
  if (!dryRun)
    for (const f of store.written.list?.() ?? []) if (!fs.existsSync(f)) store.written.remove(f);
  // Whatever their age: a killed run's spool is of no use to anyone.
  const tempFolders = removeStaleTemp(undefined, dryRun);
  const result = await store.prune(before, dryRun);
  if (!dryRun)
    writeStamp(opts.stateDir, { ...readStamp(opts.stateDir), pruned: opts.now.getTime() });
  return {
    ...result,
    retentionDays: opts.retentionDays,
    dryRun,
    files,
    tempFolders,
    store: { kind: store.kind, location: store.location },
  };
}

/**
 * Whether a run should remind that prune is due (retention configured, no prune for a day,
 * not reminded for a day); when it says yes, the reminder is recorded.
 */
export function pruneReminderDue(stateDir: string, now: Date): { due: boolean; lastPrune?: Date } {
  // Only a reminder: in a state folder another user may change, nothing is read or written
  // (the command's store refuses it, naming it, right after).
  try {
    assertStateFolderTrusted(stateDir);
  } catch {
    return { due: false };
  }
  const stamp = readStamp(stateDir);
  const t = now.getTime();
  const overdue = stamp.pruned === undefined || t - stamp.pruned >= DAY_MS;
  const reminded = stamp.reminded !== undefined && t - stamp.reminded < DAY_MS;
  if (!overdue || reminded) return { due: false };
  writeStamp(stateDir, { ...stamp, reminded: t });
  return {
    due: true,
    ...(stamp.pruned !== undefined ? { lastPrune: new Date(stamp.pruned) } : {}),
  };
}
