/**
 * The state interface: everything cacs remembers between runs — campaign ledgers, import
 * journals, the run history, report bookmarks, the locks that keep two runs apart, and the
 * records of which sidecar lists cacs wrote — sits behind {@link StateStore}. No module outside
 * `src/state/` knows where state lives; they open a store (`src/state/index.ts`) and call it.
 *
 * One store exists today: the **file store** (`src/state/file/`, the folder `CACS_STATE_DIR`),
 * whose files and formats are the ones cacs has always written. The PostgreSQL store of issue 24
 * implements the same interface; `test/contract/state.contract.ts` says what every store
 * guarantees and runs against each.
 *
 * What may need a round trip to a database returns a Promise. Two parts stay synchronous, on
 * purpose:
 * - lookups in an open ledger (`CampaignLedger.lookup`): the preflight asks once per row, so a
 *   store loads (or prefetches) what it needs when the ledger is opened;
 * - the sidecar records (`WrittenRecords`) and the completion list (`CompletionList`): they
 *   describe files on this machine's disk, or serve its shell, so they stay on this machine
 *   whichever store holds the rest.
 */
import type { LockedError } from '../errors.js';
import type { DeliveryJournal } from './journal-types.js';

export type { DeliveryJournal, EarlierRuns, PreviousState, RangeOutcome } from './journal-types.js';

// ── Ledger ──────────────────────────────────────────────────────────────────────────────────

/** A lead's state in a ledger record: not imported, accepted by the service, or uncertain. */
export const STATE_NONE = 0;
export const STATE_ACCEPTED = 1;
export const STATE_UNCERTAIN = 2;
export type LedgerState = typeof STATE_NONE | typeof STATE_ACCEPTED | typeof STATE_UNCERTAIN;

/** Which campaign: ledgers are kept per (service address, campaign key). */
export interface CampaignRef {
  /** The service's canonical address (net.ts canonicalServiceUrl: no credentials). */
  serviceUrl: string;
  campaignKey: string;
}

/** A lead as the ledger records it: its normalised phone number and its ref_id. */
export interface LedgerEntry {
  phone: string;
  ref?: string | undefined;
}

/** What a ledger holds for a number: its latest record's state, and the run that wrote it. */
export interface LedgerHit {
  state: 'accepted' | 'uncertain';
  /** The run that wrote the latest record (history numbers runs: RunStart.n). */
  run: number;
  /** When that run first wrote to this ledger. */
  at: Date;
}

/**
 * What recording a batch in flight claimed. With the campaign lock (file store) every lead is
 * the run's own: `refused` is empty. A store with claims (PostgreSQL) refuses a lead another
 * live run is sending (`in_flight_elsewhere`) or another run imported meanwhile
 * (`already_imported`): the sender then leaves it out of the request.
 */
export interface Claimed {
  refused: ReadonlyArray<{
    /** The index of the lead in the entries given to begin(). */
    index: number;
    /**
     * `uncertain_earlier`: a run that stopped while sending it left it uncertain after this
     * run's preflight looked (its claim changed since).
     */
    code: 'in_flight_elsewhere' | 'already_imported' | 'uncertain_earlier';
    /** The run holding it, when known. */
    by?: { run: string; host?: string; user?: string };
  }>;
}

/** One campaign's ledger, as a run sees it. */
export interface CampaignLedger {
  /** Numbers the ledger knows (before releaseLookups). */
  readonly size: number;
  /** Bytes the lookups hold in memory (for the memory figure). */
  readonly memoryBytes: number;
  /** The latest record of a number; undefined when none, or the latest says "not imported". */
  lookup(phone: string): LedgerHit | undefined;
  /** No more lookups come (the preflight is over): let their memory go. lookup() throws after. */
  releaseLookups(): void;
  /**
   * Record a batch's leads in flight (uncertain), durably, before its request leaves: once the
   * promise resolves, a crash of the process (SIGKILL) or of the machine leaves them uncertain
   * for every later run. A read-only ledger (a dry run) records nothing.
   */
  begin(entries: readonly LedgerEntry[]): Promise<Claimed>;
  /**
   * Optional: get ready to begin() these very entries (work that writes nothing, done while
   * the batch waits for its slot; the file store hashes the numbers).
   */
  prepare?(entries: readonly LedgerEntry[]): void;
  /**
   * After the answer: accepted, still uncertain, or not imported. Written at once, made durable
   * with the next begin() or close() (an outcome lost to a power cut leaves the lead uncertain,
   * never resent). The latest record of a number wins.
   */
  settle(entries: readonly LedgerEntry[], state: LedgerState): void;
  /**
   * Its outcomes are written apart from the journal's (the file store: two files), so a power
   * cut or a failed write may keep the journal's and lose its own (repaired by a retry).
   */
  readonly outcomesApart?: boolean;
  /** Everything recorded so far is durable; the ledger stays open (the file store). */
  sync?(): Promise<void>;
  /** Everything recorded is durable; the ledger is closed (its claims stay as recorded). */
  close(): Promise<void>;
}

/** A stored ledger record: the keyed hash of a number, never the number. */
export interface LedgerRecord {
  lo: number;
  hi: number;
  /** The ref_id's hash (0: none). */
  ref: number;
  /** The run the record is written for (RunStart.n). */
  run: number;
  /** Seconds since 1970. */
  time: number;
  state: LedgerState;
}

/** The keyed hashes a store keeps numbers and ref_ids as (one secret per store). */
export interface LeadHasher {
  /** The 64-bit hash of a normalised phone number, as [low, high]. */
  phone(phone: string): [number, number];
  /** The 32-bit hash of a ref_id (0 for none). */
  ref(ref: string | undefined): number;
}

/** A ledger record matched by `findLead`, with the campaign it belongs to. */
export interface FoundRecord extends LedgerRecord {
  /** Which ledger it is in (opaque: records of one ledger share it). */
  ledger: string;
  /** The ledger's service and campaign ('?' when its description is unreadable). */
  serviceUrl: string;
  campaignKey: string;
  matched: 'phone' | 'ref_id';
}

// ── Journal ─────────────────────────────────────────────────────────────────────────────────

/** Which import journal: one per (input content, campaign, service address). */
export interface JournalRef extends CampaignRef {
  /** The content hash of the bytes the preflight read (input/bytes.ts hashFile). */
  inputHash: string;
}

export interface OpenJournalOptions extends JournalRef {
  /** The input's name in messages and in the journal ("leads.csv", "stdin"). */
  input: string;
  /** Set aside what earlier runs recorded (`--restart`). */
  restart: boolean;
  /** Leads the ledger holds are sent again (`--allow-repeat`): what a restart's note says. */
  allowRepeat?: boolean;
  /** Uncertain leads are sent again (`--retry-uncertain`): what a resume's note says. */
  retryUncertain?: boolean;
  /** Options that decide what is sent; recorded, and compared on resume for a note. */
  fingerprint: unknown;
  note: (line: string) => void;
  /** Masks secrets in text written to the journal (service messages may echo the token). */
  scrub?: (text: string) => string;
  /** The zone (IANA) a note's times are on, named beside them (default: the machine's). */
  timeZone?: string;
}

/** An open import journal (held by this run alone until close()). */
export interface JournalHandle {
  journal: DeliveryJournal;
  /** Set when an earlier run of the same input left records. */
  resumedFrom?: Date;
  close(): Promise<void>;
}

// ── History ─────────────────────────────────────────────────────────────────────────────────

export interface RunStart {
  k: 'start';
  id: string;
  /** The number the ledger's records carry. */
  n: number;
  started: string;
  file: string;
  campaign: string;
  alias?: string;
  baseUrl: string;
  pid: number;
  /** The input's content hash (hashFile): which sidecar files are this input's own. */
  inputHash?: string;
  /** The machine and user that ran it (kept by a shared store: the team's history). */
  host?: string;
  user?: string;
  /**
   * Where `pid` means this run's process: a tag of the host name, boot and pid namespace
   * (atomic-write.ts machineTag); absent in records before session 12. Not in `history --json`.
   */
  machine?: string;
}

export interface RunEnd {
  k: 'end';
  id: string;
  ended: string;
  total: number;
  imported: number;
  rejected: number;
  skipped: number;
  uncertain: number;
  /** Sent, but not imported by the service (it holds them already); absent in older records. */
  serviceSkipped?: number;
  /** Blank rows (every cell empty), skipped; absent in older records. */
  blank?: number;
  /**
   * Valid leads this run never sent because it stopped first (Ctrl-C, a refusal, a state that
   * could not be written): the same import, run again, sends them; absent in older records and
   * for a run that failed before its summary (not known).
   */
  notSent?: number;
  /**
   * Of the skipped, those held back because earlier runs left them uncertain (what makes such a
   * run exit 5 with none of its own uncertain); absent in older records.
   */
  uncertainEarlier?: number;
  exitCode: number;
  rejectsFile: string | null;
  skippedFile: string | null;
  uncertainFile: string | null;
  /** Input lines of the leads left uncertain by this run (at most MAX_LISTED_LINES). */
  uncertainLines: number[];
}

export interface RunRecord extends RunStart {
  end?: Omit<RunEnd, 'k' | 'id'>;
}

/** At most this many uncertain lines are listed in a run's end record. */
export const MAX_LISTED_LINES = 10_000;

// ── Locks ───────────────────────────────────────────────────────────────────────────────────

export interface StateLock {
  /** Let go (idempotent). */
  release(): void;
}

/**
 * The error for a lock another run holds: `pid` is the holder's (this process's own when it
 * holds it already; undefined when the holder is still starting).
 */
/** What a run holds a lock for besides an import (its lock file says so: file/lock.ts). */
export type LockHolder = 'reconcile' | 'forget' | 'prune';

/** The refusal when another run holds a lock: its pid, and the command it runs if no import. */
export type LockedMessage = (pid: number | undefined, holder?: LockHolder) => LockedError;

// ── Report bookmarks ────────────────────────────────────────────────────────────────────────

/** What a bookmark is kept per: runs agree on all of it, or they are different bookmarks. */
export interface BookmarkKey {
  /** The bookmark's name (`--bookmark`): letters, digits, `.`, `_`, `-`; at most 64. */
  name: string;
  /** The service's canonical address (net.ts canonicalServiceUrl: no credentials). */
  service: string;
  /** The campaign key (not an alias). */
  campaign: string;
  /** The `--status` filter as a sorted set; empty: all statuses. */
  status: string[];
  /** The `--ref-id` filter, if any. */
  refId?: string;
}

/** What a run that moved a bookmark did. */
export interface BookmarkRun {
  /** When it ended (ISO 8601). */
  at: string;
  /** The range it fetched, on the service's clock ('yyyy-mm-dd HH:mm:ss'). */
  from: string;
  to: string;
  leads: number;
  attempts: number;
  /** The file it wrote (absolute); absent: it wrote to stdout. */
  output?: string;
}

/** A run whose report was being put in place (report/bookmark.ts). */
export interface BookmarkPending {
  run: BookmarkRun;
  /** The report file's device and inode numbers (decimal), kept by its rename. */
  dev: string;
  ino: string;
}

/** A bookmark as stored. */
export interface BookmarkState extends BookmarkKey {
  version: 1;
  /** The service's zone when it was last moved (for messages: the covered times are its clock). */
  serviceTimeZone: string;
  /** The `--from` its first run was given, as typed: the same text later is not a conflict. */
  startedWith: string;
  /** Where its first run started, on the service's clock. */
  firstFrom: string;
  /** The last second covered, on the service's clock: the next run starts one second later. */
  coveredUntil: string;
  /** Successful runs so far. */
  runs: number;
  createdAt: string;
  lastRun: BookmarkRun;
  pending?: BookmarkPending;
}

/** A stored bookmark as read: its text, or why it could not be read (an errno code). */
export type StoredBookmark = { where: string; text: string } | { where: string; failed: string };

/**
 * Where bookmarks are kept. The store keeps them whole (a write replaces the whole state,
 * atomically) and says where each is (`where`: the file store's file, the database's row, for
 * messages and the library's `file` fields); report/bookmark.ts checks what it reads and moves
 * them. Async: a team's store keeps them in its database, so a nightly report moves between
 * machines without a gap or an overlap.
 */
export interface BookmarkStore {
  /** Where the bookmark of `key` is (or would be) kept. */
  where(key: BookmarkKey): string;
  /** Take the bookmark's lock (a LockedError from `locked` while another run holds it). */
  lock(key: BookmarkKey, locked: LockedMessage): Promise<StateLock>;
  /** The stored text; undefined when there is none. */
  read(key: BookmarkKey): Promise<StoredBookmark | undefined>;
  /** Replace the stored state, whole (atomic). */
  write(key: BookmarkKey, state: BookmarkState): Promise<void>;
  remove(key: BookmarkKey): Promise<void>;
  /** Every stored bookmark, in the order of `where`. */
  list(): Promise<StoredBookmark[]>;
}

// ── Sidecar records ─────────────────────────────────────────────────────────────────────────

/** What cacs wrote at a sidecar's path: size and salted hash, and whether a real run wrote it. */
export interface WrittenRecord {
  v: 1;
  size: number;
  salt: string;
  sha256: string;
  real: boolean;
  /**
   * The input the list was written for (its absolute path): a list of another input at the
   * same name (two `leads.csv` of two folders whose lists both went to the working folder) is
   * never replaced. Absent for stdin's lists and for records written before it was kept.
   */
  input?: string;
  /**
   * The content hash of the input the list was written for (the run's journal key): an
   * uncertain list is replaced only by a run of the same content, as its leads may be listed
   * nowhere else. Absent for records written before it was kept.
   */
  content?: string;
}

/** The records of which sidecar lists cacs wrote (leads/written-files.ts WrittenFiles reads them). */
export interface WrittenRecords {
  /** The record for the file at this absolute path; undefined: none (or a damaged one). */
  get(file: string): WrittenRecord | undefined;
  /** Record it (atomic; a failure throws, with the errno code). */
  put(file: string, rec: WrittenRecord): void;
  /** Where the records are kept (for messages). */
  readonly where: string;
  remove(file: string): void;
  /**
   * The lists recorded with their path (issue 26: `cacs forget` finds a dry run's lists, which
   * the history does not name, through them); records written before their path was kept are
   * not listed.
   */
  list?(): string[];
}

// ── Completion ──────────────────────────────────────────────────────────────────────────────

/**
 * A small value kept for the shell's completion (the call statuses seen in reports): read by
 * `cacs __complete` on every Tab, so it stays on this machine whichever store holds the rest.
 */
export interface CompletionList {
  /** Where it is kept (for messages and tests). */
  readonly where: string;
  /** What was written last; undefined when nothing (or nothing readable) is there. */
  read(): unknown;
  /** Replace it, whole (atomic); a failure throws. */
  write(value: unknown): void;
}

// ── Erasure and retention (issue 26) ────────────────────────────────────────────────────────

/**
 * A person erased by `cacs forget`: the keyed hash of their number (never the number), when,
 * and the campaign it was limited to (`--campaign`; absent: every campaign). Never pruned.
 */
export interface ErasureRecord {
  lo: number;
  hi: number;
  /** Seconds since 1970. */
  time: number;
  scope?: CampaignRef | undefined;
}

export interface EraseRequest {
  /** Normalised phone numbers to erase (recorded as erased even when nothing is held). */
  phones: readonly string[];
  /** ref_ids to erase: the ledger records they match are erased with their numbers. */
  refs: readonly string[];
  /**
   * ref_ids found in the people's own rows (not asked for): report bookmarks kept for them go
   * too, but they erase no ledger record (a shared or colliding value would erase others).
   */
  foundRefs?: readonly string[];
  /** Only this campaign's ledger (and later files into it); absent: every campaign. */
  campaign?: CampaignRef | undefined;
  /** Texts to blank wherever state keeps free text (service messages in journals). */
  texts: readonly string[];
  now: Date;
}

/** A ledger whose records of erased people were replaced by erasure records: how many. */
export interface ErasedLedger {
  serviceUrl: string;
  campaignKey: string;
  records: number;
}

export interface EraseResult {
  /** Ledgers whose records of these people were replaced by erasure records. */
  ledgers: ErasedLedger[];
  /** Distinct numbers now recorded as erased (new or already). */
  numbers: number;
  /** Numbers that had ledger records. */
  held: number;
  /** Journals (or journal records) rewritten to blank the texts. */
  journals: number;
  /** Report bookmarks removed (their --ref-id was an erased ref_id). */
  bookmarks: number;
}

/** The history's record of an erasure: counts and places, never a number, ref_id or name. */
export interface ErasureEntry {
  k: 'erase';
  id: string;
  at: string;
  people: number;
  ledgerRecords: number;
  files: string[];
}

export interface PruneResult {
  cutoff: string;
  ledgerRecords: number;
  /** Uncertain leads kept though older (kept until settled). */
  keptUncertain: number;
  journals: number;
  /** Journals older than the cutoff kept: their files are not finished. */
  keptUnfinished: string[];
  runs: number;
  /**
   * Runs (their numbers, RunStart.n) that left leads still uncertain: kept whatever their age,
   * with their history entries and their lists, until the leads are settled (cacs reconcile).
   */
  openRuns?: number[];
}

/** What a store adds for erasure and retention (issue 26); StateStore extends it. */
export interface ErasureStore {
  /** Erase people (idempotent: a crash midway is redone by the same call). */
  eraseLeads(req: EraseRequest): Promise<EraseResult>;
  /** Every erasure record, oldest first. */
  erasures(): Promise<ErasureRecord[]>;
  /** Record an erasure in the history. */
  appendErasure(entry: ErasureEntry): Promise<void>;
  /** The history's erasure entries, oldest first. */
  readErasures(): Promise<ErasureEntry[]>;
  /**
   * Remove ledger records, finished journals and history entries older than `before` (never
   * an erasure record, an unfinished journal or an uncertain lead); `dryRun`: only count.
   */
  prune(before: Date, dryRun: boolean): Promise<PruneResult>;
}

// ── The store ───────────────────────────────────────────────────────────────────────────────

export interface StateStore extends ErasureStore {
  /** 'file' (the state folder) or 'postgres' (a database shared by a team). */
  readonly kind: 'file' | 'postgres';
  /** Where state lives, for messages: the file store's folder. */
  readonly location: string;
  /** Where the ledgers are, for messages: the file store's `ledgers` folder. */
  readonly ledgersAt: string;

  /**
   * Keep other runs off a campaign while this one decides what to send and sends it (an
   * import, `cacs reconcile`). The file store takes a lock file (LockedError while another live
   * run holds it); a store with claims may return a lock that holds nothing.
   */
  lockCampaign(c: CampaignRef, what: string, holder?: 'reconcile'): Promise<StateLock>;
  /**
   * Keep other `cacs reconcile` runs off a campaign, where lockCampaign holds nothing (a store
   * with claims: imports run side by side there, but two reconciles would settle the same leads
   * twice). Unset: lockCampaign already keeps them apart.
   */
  lockReconcile?(c: CampaignRef): Promise<StateLock>;
  /**
   * A campaign's ledger: read for lookups; with `run` (RunStart.n), open for recording under
   * that run (the caller holds the campaign's lock). A ledger whose records are fewer than the
   * store knows it held is damaged: a UsageError (exit 2), nothing sent.
   */
  openLedger(c: CampaignRef, run?: number): Promise<CampaignLedger>;
  /** Whether the campaign has a ledger at all (no record was ever written: false). */
  hasLedger(c: CampaignRef): Promise<boolean>;
  /** Throws the damaged-ledger UsageError when the ledger is shorter than it held. */
  checkLedger(c: CampaignRef): Promise<void>;
  /** Every record of the campaign's ledger, in the order written, a batch at a time. */
  ledgerRecords(c: CampaignRef): AsyncIterable<readonly LedgerRecord[]>;
  /** Append records as given (each under its own run), durably; the caller holds the lock. */
  appendLedgerRecords(c: CampaignRef, records: readonly LedgerRecord[]): Promise<void>;
  /** The keyed hashes this store keeps numbers and ref_ids as. */
  hasher(): Promise<LeadHasher>;
  /**
   * Every record, in every ledger, of a normalised phone number (`phone`: undefined when the
   * query is not a number) or of a ref_id.
   */
  findLead(query: { phone?: string; ref: string }): Promise<FoundRecord[]>;

  /** Open (and hold) an import's journal; `restart` sets aside what earlier runs recorded. */
  openJournal(opts: OpenJournalOptions): Promise<JournalHandle>;
  /** Whether earlier runs of this input (at this address, into this campaign) left a journal. */
  hasJournal(j: JournalRef): Promise<boolean>;

  /** A new run: its id ("r" + local date-time + 6 hex digits) and the number the ledger uses. */
  newRun(now?: Date): { id: string; n: number };
  /** Append a history record (one whole record: concurrent runs' records do not interleave). */
  appendHistory(rec: RunStart | RunEnd): Promise<void>;
  /** Every run, oldest first (damaged records are skipped: the history is informational). */
  readHistory(): Promise<RunRecord[]>;

  readonly bookmarks: BookmarkStore;
  readonly written: WrittenRecords;
  readonly completionStatuses: CompletionList;

  /** Let go of what the store holds open (connections); the file store holds nothing. */
  close(): Promise<void>;
}
