/**
 * Report bookmarks (`cacs report --bookmark <name>`): where the last successful run of an
 * incremental report ended, so the next one starts one second later (bookmark-range.ts).
 *
 * Bookmarks are kept by the state store (state/types.ts BookmarkStore; the file store: one file
 * per bookmark under `<state dir>/bookmarks/`, state/file/bookmarks.ts), whole, per key — the
 * name, the service's canonical address, the campaign and the filters (statuses as a set,
 * ref_id). The stored state holds that key in the clear, so one stored under another key is
 * refused here. A run holds the bookmark's lock from reading it to moving it, so two runs of one
 * bookmark never both move it.
 *
 * The bookmark moves only once the run's output is complete. For a file that is two renames —
 * the report's, then the bookmark's — and a crash between them must neither repeat nor lose the
 * range. So before the report is renamed into place, the bookmark records the run as *pending*
 * along with the identity (device and inode) of the finished temporary file; the rename keeps
 * that identity. When a bookmark is opened with a pending run, that file in place means the
 * report was delivered (the bookmark moves, as the run would have moved it); anything else means
 * it was not (the pending run is dropped, and its range is fetched again).
 */
import fs from 'node:fs';
import { LockedError, UsageError } from '../errors.js';
import type {
  BookmarkKey,
  BookmarkPending,
  BookmarkRun,
  BookmarkState,
  BookmarkStore,
  LockHolder,
  StateLock,
  StoredBookmark,
} from '../state/types.js';
import { t } from '../messages/index.js';
import { formatReaderDate, formatServiceDate, type ReportRange } from './dates.js';
import {
  DEFAULT_SETTLE_MS,
  bookmarkRange,
  parseServiceWall,
  type BookmarkRange,
} from './bookmark-range.js';
import { DEFAULT_SERVICE_TIME_ZONE, planRange, type ReportPlan } from './plan.js';
import { BookmarkFileError } from './bookmark-error.js';
import {
  NAME,
  checkBookmarkName,
  describeFilters,
  describeKey,
  statusSet,
} from './bookmark-key.js';

export type { BookmarkKey, BookmarkPending, BookmarkRun, BookmarkState, BookmarkStore };
export { BookmarkFileError };

export { checkBookmarkName, describeFilters, describeKey, statusSet };

function sameKey(a: BookmarkKey, b: BookmarkKey): boolean {
  return (
    a.name === b.name &&
    a.service === b.service &&
    a.campaign === b.campaign &&
    a.refId === b.refId &&
    a.status.length === b.status.length &&
    a.status.every((s, i) => s === b.status[i])
  );
}

/** A stored service time (`2026-11-25 14:05:00`) as a person reads it (`25/11/2026 14:05:00` in Vietnamese). */
const readerDate = (wall: string): string => {
  const parsed = parseServiceWall(wall);
  return parsed === undefined ? wall : formatReaderDate(parsed);
};

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isTime = (v: unknown) => isString(v) && !Number.isNaN(Date.parse(v));

function checkRun(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return t('report.bookmark.problem.notObject');
  const r = v as Record<string, unknown>;
  if (!isTime(r.at)) return 'at';
  if (parseServiceWall(r.from) === undefined) return 'from';
  if (parseServiceWall(r.to) === undefined) return 'to';
  if (!isCount(r.leads)) return 'leads';
  if (!isCount(r.attempts)) return 'attempts';
  if (r.output !== undefined && !isString(r.output)) return 'output';
  return undefined;
}

/** A field of a stored bookmark found wrong (its name as in the file). */
const field = (name: string) => t('report.bookmark.problem.field', { field: name });

/** Why `v` is not a BookmarkState (the first field found wrong), or undefined when it is one. */
function stateProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return t('report.bookmark.problem.notJsonObject');
  const s = v as Record<string, unknown>;
  if (s.version !== 1)
    return t('report.bookmark.problem.version', { version: JSON.stringify(s.version) });
  for (const f of ['name', 'service', 'campaign', 'serviceTimeZone', 'startedWith'] as const) {
    if (!isString(s[f])) return field(f);
  }
  if (!NAME.test(s.name as string)) return field('name');
  if (!Array.isArray(s.status) || !s.status.every(isString)) return field('status');
  if (s.refId !== undefined && !isString(s.refId)) return field('refId');
  for (const f of ['firstFrom', 'coveredUntil'] as const) {
    if (parseServiceWall(s[f]) === undefined) return field(f);
  }
  if (!isCount(s.runs)) return field('runs');
  if (!isTime(s.createdAt)) return field('createdAt');
  const run = checkRun(s.lastRun);
  if (run !== undefined)
    return t('report.bookmark.problem.fieldOf', { field: 'lastRun', problem: run });
  if (s.pending !== undefined) {
    const p = s.pending as Record<string, unknown> | null;
    if (typeof p !== 'object' || p === null) return field('pending');
    const bad = checkRun(p.run);
    if (bad !== undefined)
      return t('report.bookmark.problem.fieldOf', { field: 'pending.run', problem: bad });
    if (!isString(p.dev) || !isString(p.ino)) return field('pending');
  }
  return undefined;
}

/** Checks a stored bookmark: BookmarkFileError when it is unusable (or not `expect`'s). */
function checkStored(stored: StoredBookmark, expect?: BookmarkKey): BookmarkState {
  const file = stored.where;
  if ('failed' in stored) throw new BookmarkFileError(file, stored.failed, expect?.name);
  let value: unknown;
  try {
    value = JSON.parse(stored.text);
  } catch {
    throw new BookmarkFileError(file, t('report.bookmark.notJson'), expect?.name);
  }
  const problem = stateProblem(value);
  if (problem !== undefined)
    throw new BookmarkFileError(file, t('report.bookmark.unexpected', { problem }), expect?.name);
  const state = value as BookmarkState;
  if (expect !== undefined && !sameKey(state, expect)) {
    throw new BookmarkFileError(
      file,
      t('report.bookmark.otherKey', { name: JSON.stringify(state.name), key: describeKey(state) }),
      expect.name,
    );
  }
  return state;
}

/** A bookmark as stored: undefined when there is none; BookmarkFileError when it is unusable. */
async function readBookmark(
  store: BookmarkStore,
  key: BookmarkKey,
): Promise<BookmarkState | undefined> {
  const stored = await store.read(key);
  return stored === undefined ? undefined : checkStored(stored, key);
}

/** Every bookmark in the store, in name order, and the ones that could not be read. */
export async function listBookmarks(store: BookmarkStore): Promise<{
  bookmarks: Array<BookmarkState & { file: string }>;
  unreadable: BookmarkFileError[];
}> {
  const bookmarks: Array<BookmarkState & { file: string }> = [];
  const unreadable: BookmarkFileError[] = [];
  for (const stored of await store.list()) {
    try {
      bookmarks.push({ ...checkStored(stored), file: stored.where });
    } catch (e) {
      if (e instanceof BookmarkFileError) unreadable.push(e);
      else throw e;
    }
  }
  // By name, campaign and service; unfiltered before filtered.
  const order = (b: BookmarkState) =>
    [b.name, b.campaign, b.service, b.status.join(','), b.refId ?? ''].join('\0');
  bookmarks.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { bookmarks, unreadable };
}

/** Other bookmarks with this name (another campaign, service or filters), for hints. */
async function namesakes(store: BookmarkStore, key: BookmarkKey): Promise<BookmarkState[]> {
  return (await listBookmarks(store)).bookmarks.filter(
    (b) => b.name === key.name && !sameKey(b, key),
  );
}

function namesakesHint(list: BookmarkState[], name: string): string | undefined {
  if (list.length === 0) return undefined;
  return t('report.bookmark.namesakes.hint', {
    name: JSON.stringify(name),
    keys: list.map(describeKey).join('; '),
  });
}

function lockedMessage(key: BookmarkKey) {
  const what = t('report.bookmark.what', {
    name: JSON.stringify(key.name),
    campaign: key.campaign,
  });
  return (pid: number | undefined, holder?: LockHolder): LockedError => {
    // Held by `cacs forget` (removing a bookmark of an erased ref_id): that command named.
    if (holder !== undefined && pid !== undefined && pid !== process.pid) {
      const command = t(`state.lock.holder.${holder}`);
      return new LockedError(t('report.bookmark.locked.command', { pid, command, what }), {
        hint: t('state.lock.other.hint', { pid }),
      });
    }
    if (pid === process.pid) {
      return new LockedError(t('report.bookmark.locked.self', { what }), {
        hint: t('report.bookmark.locked.self.hint'),
      });
    }
    if (pid === undefined) {
      return new LockedError(t('report.bookmark.locked.starting', { what }), {
        hint: t('report.bookmark.locked.starting.hint'),
      });
    }
    return new LockedError(t('report.bookmark.locked.pid', { pid, what }), {
      hint: t('report.bookmark.locked.pid.hint', { pid }),
    });
  };
}

/** What {@link BookmarkHandle.plan} needs besides the bookmark. */
export interface BookmarkPlanOptions {
  /**
   * Where the first run starts (the forms `--from` takes). Needed on the first run; later runs
   * start where the last one ended, and accept only the same text the first run was given.
   */
  from?: string;
  /** Where this run ends (the forms `--to` takes); default: `now` minus `settleMs`. */
  to?: string;
  /** Calls younger than this are left for the next run; default one hour. */
  settleMs?: number;
  /** Default: the current time. */
  now?: Date;
  /** The zone `from` and `to` are read in; default: `serviceTimeZone`. */
  timeZone?: string;
  /** The service's zone; default `Asia/Ho_Chi_Minh`. */
  serviceTimeZone?: string;
  /** Days per request (1–31); default 31. */
  windowDays?: number;
}

/** A bookmarked run's range, and the plan to pass to runReport (no request when `empty`). */
export interface BookmarkPlan extends BookmarkRange {
  plan: ReportPlan;
}

/** What a run tells its bookmark when it moves it (`at` defaults to the current time). */
export type BookmarkRunInfo = Partial<Omit<BookmarkRun, 'from' | 'to'>>;

/** A bookmark opened for a run: its lock is held until `release()`. */
export interface BookmarkHandle {
  readonly key: BookmarkKey;
  readonly file: string;
  /** As stored (after a pending run was settled); undefined before the first successful run. */
  readonly state: BookmarkState | undefined;
  /** Lines for a person: a pending run settled, the service's zone changed. */
  readonly notes: string[];
  /**
   * The range this run fetches, and the plan to pass to runReport; `empty` when there is nothing
   * new yet (no request is planned). Throws a UsageError where the CLI exits 2 (a first run
   * without `from`, another `from` than the first run's, a bad date).
   */
  plan(opts?: BookmarkPlanOptions): BookmarkPlan;
  /**
   * Record the planned run as pending, just before its report file is renamed into place
   * (`temp`: the finished temporary file; `run.output`: the name it gets). See the module comment.
   */
  prepare(run: BookmarkRunInfo, temp: string): Promise<void>;
  /** The report could not be put in place: forget the pending run. */
  abandon(): Promise<void>;
  /**
   * The output is complete: move the bookmark to the end of the planned range and return its new
   * state. An empty plan moves nothing (the state is returned as it is; undefined on a first run).
   */
  commit(run?: BookmarkRunInfo): Promise<BookmarkState | undefined>;
  /** Let go of the lock, and of the store when the handle opened it (idempotent). */
  release(): Promise<void>;
}

/**
 * Open a bookmark for a run: take its lock (LockedError when another run holds it), read it
 * (BookmarkFileError when unusable) and settle a pending run. Release the handle when done.
 */
export async function openBookmark(
  store: BookmarkStore,
  key: BookmarkKey,
  onRelease?: () => Promise<void>,
): Promise<BookmarkHandle> {
  checkBookmarkName(key.name);
  const file = store.where(key);
  let lock: StateLock | undefined;
  const notes: string[] = [];
  let state: BookmarkState | undefined;
  /** Bookmarks of this name under other keys, for a first run's hint (read before plan()). */
  let others: BookmarkState[] = [];
  try {
    lock = await store.lock(key, lockedMessage(key));
    state = await readBookmark(store, key);
    if (state?.pending !== undefined) state = await settlePending(store, key, state, notes);
    if (state === undefined) others = await namesakes(store, key);
  } catch (e) {
    lock?.release();
    await onRelease?.();
    throw e;
  }
  /** What plan() worked out: the only range prepare() and commit() ever record. */
  let planned: { range: ReportRange; empty: boolean; from: string | undefined } | undefined;
  let pendingWritten = false;
  let released = false;
  const thePlan = (what: string) => {
    // Without its lock another run may be moving it (review, session 18: commit() after
    // release() wrote it all the same, and said "before plan()" when plan() had not run).
    if (released) throw new Error(`bookmark ${what}() after release(): open it again`);
    if (planned === undefined) throw new Error(`bookmark ${what}() before plan()`);
    return planned;
  };
  const ranOf = (range: ReportRange, run: BookmarkRunInfo = {}): BookmarkRun => ({
    at: run.at ?? new Date().toISOString(),
    from: formatServiceDate(range.from),
    to: formatServiceDate(range.to),
    leads: run.leads ?? 0,
    attempts: run.attempts ?? 0,
    ...(run.output !== undefined ? { output: run.output } : {}),
  });
  /** The state once `run` is counted. */
  const next = (run: BookmarkRun, serviceTimeZone: string, from?: string): BookmarkState => ({
    version: 1,
    name: key.name,
    service: key.service,
    campaign: key.campaign,
    status: key.status,
    ...(key.refId !== undefined ? { refId: key.refId } : {}),
    serviceTimeZone,
    startedWith: state?.startedWith ?? from ?? '',
    firstFrom: state?.firstFrom ?? run.from,
    coveredUntil: run.to,
    runs: (state?.runs ?? 0) + 1,
    createdAt: state?.createdAt ?? run.at,
    lastRun: run,
  });
  return {
    key,
    file,
    get state() {
      return state;
    },
    notes,
    plan(opts = {}) {
      if (released) throw new Error('bookmark plan() after release(): open it again');
      const serviceTimeZone = opts.serviceTimeZone ?? DEFAULT_SERVICE_TIME_ZONE;
      if (state === undefined && opts.from === undefined) {
        throw new UsageError(
          t('report.bookmark.firstRun', { name: JSON.stringify(key.name), key: describeKey(key) }),
          {
            hint:
              namesakesHint(others, key.name) ??
              t('report.bookmark.firstRun.hint', { name: key.name }),
          },
        );
      }
      if (state !== undefined && opts.from !== undefined && opts.from !== state.startedWith) {
        throw new UsageError(
          t('report.bookmark.fromAgain', {
            from: opts.from,
            name: JSON.stringify(key.name),
            covered: readerDate(state.coveredUntil),
            zone: state.serviceTimeZone,
          }),
          { hint: t('report.bookmark.fromAgain.hint', { name: key.name }) },
        );
      }
      if (state !== undefined && state.serviceTimeZone !== serviceTimeZone) {
        notes.push(
          t('report.bookmark.zoneChanged', {
            name: JSON.stringify(key.name),
            was: state.serviceTimeZone,
            now: serviceTimeZone,
            covered: readerDate(state.coveredUntil),
          }),
        );
      }
      const r = bookmarkRange({
        ...(opts.from !== undefined ? { from: opts.from } : {}),
        ...(opts.to !== undefined ? { to: opts.to } : {}),
        settleMs: opts.settleMs ?? DEFAULT_SETTLE_MS,
        now: opts.now ?? new Date(),
        timeZone: opts.timeZone ?? serviceTimeZone,
        serviceTimeZone,
        ...(state !== undefined ? { coveredUntil: parseServiceWall(state.coveredUntil)! } : {}),
      });
      planned = { ...r, from: opts.from };
      return {
        ...r,
        plan: planRange(r.range, {
          status: key.status,
          ...(opts.windowDays !== undefined ? { windowDays: opts.windowDays } : {}),
        }),
      };
    },
    async prepare(run, temp) {
      const { range, empty, from } = thePlan('prepare');
      if (empty) return;
      const st = fs.statSync(temp, { bigint: true });
      const pending: BookmarkPending = {
        run: ranOf(range, run),
        dev: String(st.dev),
        ino: String(st.ino),
      };
      // The bookmark as it was, plus the pending run. A first run has no state yet: the one it
      // will have, with no run counted (settlePending removes it whole if the run did not deliver).
      const recorded: BookmarkState = {
        ...(state ?? { ...next(pending.run, range.serviceTimeZone, from), runs: 0 }),
        pending,
      };
      await store.write(key, recorded);
      pendingWritten = true;
    },
    async abandon() {
      if (!pendingWritten) return;
      pendingWritten = false;
      if (state === undefined) await store.remove(key);
      else await store.write(key, state);
    },
    async commit(run) {
      const { range, empty, from } = thePlan('commit');
      if (empty) return state;
      const moved = next(ranOf(range, run), range.serviceTimeZone, from);
      await store.write(key, moved);
      pendingWritten = false;
      state = moved;
      planned = undefined; // one move per plan
      return moved;
    },
    async release() {
      released = true;
      const held = lock;
      lock = undefined;
      if (held === undefined) return;
      held.release();
      await onRelease?.();
    },
  };
}

/** The report of a pending run is in place (roll forward) or not (roll back); see the top. */
async function settlePending(
  store: BookmarkStore,
  key: BookmarkKey,
  state: BookmarkState,
  notes: string[],
): Promise<BookmarkState | undefined> {
  const pending = state.pending!;
  const output = pending.run.output;
  let delivered = false;
  if (output !== undefined) {
    try {
      const st = fs.statSync(output, { bigint: true });
      delivered = String(st.dev) === pending.dev && String(st.ino) === pending.ino;
    } catch {
      delivered = false;
    }
  }
  const { pending: _dropped, ...rest } = state;
  void _dropped;
  if (delivered) {
    const moved: BookmarkState = {
      ...rest,
      coveredUntil: pending.run.to,
      runs: state.runs + 1,
      lastRun: pending.run,
    };
    await store.write(key, moved);
    notes.push(
      t('report.bookmark.settled.delivered', {
        name: JSON.stringify(state.name),
        at: pending.run.at,
        output: output!,
        to: readerDate(pending.run.to),
      }),
    );
    return moved;
  }
  notes.push(
    t('report.bookmark.settled.dropped', {
      name: JSON.stringify(state.name),
      at: pending.run.at,
      from: readerDate(pending.run.from),
    }),
  );
  if (state.runs === 0) {
    await store.remove(key);
    return undefined;
  }
  await store.write(key, rest);
  return rest;
}

/**
 * Forget a bookmark (its lock taken: not while a run holds it). Returns what it held, or
 * `undefined` state when its file was unreadable (the file is removed all the same). Throws a
 * UsageError when there is no such bookmark, naming namesakes with other keys.
 */
export async function resetBookmark(
  store: BookmarkStore,
  key: BookmarkKey,
): Promise<{ file: string; state: BookmarkState | undefined; unreadable?: string }> {
  checkBookmarkName(key.name);
  const file = store.where(key);
  if ((await store.read(key)) === undefined) {
    const others = await namesakes(store, key);
    throw new UsageError(
      t('report.bookmark.none', { name: JSON.stringify(key.name), key: describeKey(key) }),
      { hint: namesakesHint(others, key.name) ?? t('report.bookmark.none.hint') },
    );
  }
  const lock = await store.lock(key, lockedMessage(key));
  try {
    let state: BookmarkState | undefined;
    let unreadable: string | undefined;
    try {
      state = await readBookmark(store, key);
    } catch (e) {
      if (!(e instanceof BookmarkFileError)) throw e;
      unreadable = e.reason;
    }
    await store.remove(key);
    return { file, state, ...(unreadable !== undefined ? { unreadable } : {}) };
  } finally {
    lock.release();
  }
}
