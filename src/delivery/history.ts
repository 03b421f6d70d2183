/**
 * The import history as data (`cacs history`, and the library's listHistory, showHistoryRun and
 * findInHistory): past runs newest first, one run by its id or a unique prefix, and which runs
 * sent a lead (the campaign ledgers). All read through the state store (state/index.ts).
 */
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { normalizePhone } from '../leads/normalize.js';
import { STATE_ACCEPTED, STATE_UNCERTAIN, openStateStore, type RunRecord } from '../state/index.js';

/** The runs recorded in the history at `stateDir`, newest first. */
export async function listHistory(options: {
  stateDir: string;
  /** A PostgreSQL store's URL and schema (unset: the file store at stateDir). */
  stateUrl?: string | undefined;
  stateSchema?: string | undefined;
  /** Only the runs into this campaign (its key, not an alias). */
  campaignKey?: string;
  /** At most this many (the newest). */
  limit?: number;
}): Promise<RunRecord[]> {
  const store = openStateStore(options);
  let runs: RunRecord[];
  try {
    runs = (await store.readHistory()).reverse();
  } finally {
    await store.close();
  }
  if (options.campaignKey !== undefined)
    runs = runs.filter((r) => r.campaign === options.campaignKey);
  return options.limit === undefined ? runs : runs.slice(0, options.limit);
}

/** A list (rejects, skipped, uncertain) cacs wrote, as its sidecar record has it. */
export interface WrittenList {
  /** The list's absolute path. */
  file: string;
  /** The input it was written for (absolute; null: stdin, or an older record). */
  input: string | null;
  /** Whether a real import wrote it (false: a dry run, which the history does not name). */
  real: boolean;
}

/**
 * The lists cacs wrote that its sidecar records name (a dry run's too), with the input each was
 * written for; files gone since included (a caller looks at what is there).
 */
export async function listWrittenLists(options: {
  stateDir: string;
  stateUrl?: string | undefined;
  stateSchema?: string | undefined;
}): Promise<WrittenList[]> {
  const store = openStateStore(options);
  try {
    const out: WrittenList[] = [];
    for (const file of store.written.list?.() ?? []) {
      const rec = store.written.get(file);
      if (rec === undefined) continue;
      out.push({ file, input: rec.input ?? null, real: rec.real });
    }
    return out;
  } finally {
    await store.close();
  }
}

/**
 * The run whose id is `id`, or the only one whose id starts with it; a UsageError when there is
 * none or more than one.
 */
export async function showHistoryRun(options: {
  stateDir: string;
  /** A PostgreSQL store's URL and schema (unset: the file store at stateDir). */
  stateUrl?: string | undefined;
  stateSchema?: string | undefined;
  id: string;
}): Promise<RunRecord> {
  const store = openStateStore(options);
  let runs: RunRecord[];
  try {
    runs = await store.readHistory();
  } finally {
    await store.close();
  }
  const id = options.id;
  const matches = runsMatching(runs, id);
  if (matches.length === 1) return matches[0]!;
  throw new UsageError(
    matches.length === 0
      ? t('history.run.notFound', { run: id })
      : t('history.run.ambiguous', { run: id, count: matches.length }),
    { hint: t('history.run.hint') },
  );
}

/**
 * The runs an id given by a person names: the run of that very id, else those whose id starts
 * with it, else (4 characters or more) those whose id ends with it — `cacs history` shows the
 * last 6 characters. `cacs history show` and `cacs reconcile --run` read ids the same way.
 */
export function runsMatching<R extends { id: string }>(runs: readonly R[], id: string): R[] {
  if (id === '') return [];
  const exact = runs.find((r) => r.id === id);
  if (exact) return [exact];
  const starting = runs.filter((r) => r.id.startsWith(id));
  if (starting.length > 0 || id.length < 4) return starting;
  return runs.filter((r) => r.id.endsWith(id));
}

/** A run that sent the lead looked for (its latest record in one campaign ledger). */
export interface HistoryFound {
  /** The run's id, its start and file (null when the run is no longer in the history). */
  run: string | null;
  started: string | null;
  file: string | null;
  /** The campaign key, as `alias (key)` when the run was given an alias. */
  campaign: string;
  baseUrl: string;
  /** When the ledger recorded it (ISO 8601). */
  recorded: string;
  outcome: 'accepted' | 'uncertain' | 'not imported';
  matched: 'phone' | 'ref_id';
}

/**
 * Which runs sent a lead, by its phone number (in any written form) or its ref_id: per campaign
 * ledger and run the latest record (a batch uncertain then accepted shows as accepted), oldest
 * first; `ledgersAt` says where the ledgers were looked for. A UsageError for an empty query.
 */
export async function findInHistory(options: {
  stateDir: string;
  /** A PostgreSQL store's URL and schema (unset: the file store at stateDir). */
  stateUrl?: string | undefined;
  stateSchema?: string | undefined;
  query: string;
}): Promise<{
  query: string;
  found: HistoryFound[];
  ledgersAt: string;
  /** When the number was erased (`cacs forget`), if it was: its ledger records went with it. */
  erased: string | null;
}> {
  const query = options.query.trim();
  if (query === '') throw new UsageError(t('delivery.history.find.empty'));
  const store = openStateStore(options);
  const phone = normalizePhone(query, { value: '', changes: 0 }).value;
  let records: Awaited<ReturnType<typeof store.findLead>>;
  let runs: Map<number, RunRecord>;
  let erased: string | null = null;
  try {
    records = await store.findLead({ ...(/^\d+$/.test(phone) ? { phone } : {}), ref: query });
    runs = new Map((records.length > 0 ? await store.readHistory() : []).map((r) => [r.n, r]));
    // An erased number: its records are gone, which alone would read "never sent".
    const erasures = /^\d+$/.test(phone) ? await store.erasures() : [];
    if (erasures.length > 0) {
      const [lo, hi] = (await store.hasher()).phone(phone);
      const times = erasures
        .filter((e) => e.lo >>> 0 === lo >>> 0 && e.hi >>> 0 === hi >>> 0)
        .map((e) => e.time);
      if (times.length > 0) erased = new Date(Math.min(...times) * 1000).toISOString();
    }
  } finally {
    await store.close();
  }
  const latest = new Map<string, HistoryFound>();
  for (const r of records) {
    const run = runs.get(r.run);
    latest.set(`${r.ledger}\0${r.run}`, {
      run: run?.id ?? null,
      started: run?.started ?? null,
      file: run?.file ?? null,
      campaign: run?.alias ? `${run.alias} (${r.campaignKey})` : r.campaignKey,
      baseUrl: r.serviceUrl,
      recorded: new Date(r.time * 1000).toISOString(),
      outcome:
        r.state === STATE_ACCEPTED
          ? 'accepted'
          : r.state === STATE_UNCERTAIN
            ? 'uncertain'
            : 'not imported',
      matched: r.matched,
    });
  }
  const found = [...latest.values()];
  found.sort((a, b) => a.recorded.localeCompare(b.recorded));
  return { query, found, ledgersAt: store.ledgersAt, erased };
}
