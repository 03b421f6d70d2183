/**
 * The import's types: its options, progress events and summary (the library's API), apart from
 * the stages that make them (import.ts and stages/).
 */
import { OPTION_DEFAULTS } from '../defaults.js';
import type { CacsClient } from '../api/client.js';
import type { LeadField } from '../api/spec.js';
import type { ErrorCategory, Remedy, Stop } from '../errors.js';
import type { NormalizationKind, NormalizationSample, RejectionSample } from '../leads/prepare.js';
import type { SuppressionListSummary, SuppressionSource } from '../leads/suppress.js';
import type { InputFormat, InputInfo } from '../input/types.js';
import type { ImportRow } from '../leads/rejects.js';
import type { Layout } from '../leads/columns.js';
import type { JournalHandle } from '../state/index.js';
import type { SendProgress } from './send.js';

export interface ImportOptions {
  /** The file to read (stdin already spooled to a file by the caller). */
  file: string;
  /** Name used in messages and for the sidecar files ("leads.csv", "stdin"). */
  displayName: string;
  campaignKey: string;
  format?: InputFormat;
  delimiter?: string;
  encoding?: string;
  sheet?: string;
  map: Partial<Record<LeadField, string>>;
  ignoreUnmapped: boolean;
  batchSize: number;
  concurrency: number;
  dryRun: boolean;
  dedupe: boolean;
  normalize: boolean;
  phonePattern: string;
  /** home_phone's rule (default: leads/validate DEFAULT_HOME_PHONE_PATTERN). */
  homePhonePattern?: string;
  /** A centre's own test numbers, refused as phone_placeholder. */
  placeholderNumbers?: readonly string[];
  /** Config `import.allocatedOnly`: hold back numbers in no allocated mobile range. */
  allocatedOnly?: boolean;
  /** Config `import.columns`: applied where the file has the column. */
  columnsIfPresent?: Partial<Record<LeadField, string>>;
  /** Config `import.layouts` and `--layout` (leads/columns.ts chooseColumns). */
  layouts?: readonly Layout[];
  layout?: string;
  /**
   * Do-not-call lists (`--suppress`, config `import.suppress`): a lead whose phone number is
   * on one is not sent (skip code `suppressed`). Read before anything else; a list that cannot
   * be used is a UsageError.
   */
  suppress?: readonly SuppressionSource[];
  rejectsPath?: string;
  /**
   * Where rejected, skipped and uncertain rows go: the sidecar files (`files`, the default),
   * lists in the summary (`data`: no sidecar is written or removed), or both.
   */
  rows?: RowsMode;
  /** With `rows` `data` or `both`: at most this many rows per list (default DEFAULT_MAX_ROWS). */
  maxRows?: number;
  retryUncertain: boolean;
  /**
   * The state folder (CACS_STATE_DIR) holding the campaign ledger and the import history;
   * omitted: neither is used (tests of the pipeline alone).
   */
  stateDir?: string;
  /**
   * A PostgreSQL database shared by a team (postgres://…; default CACS_STATE_URL): ledgers,
   * journals and history go there (schema `stateSchema`, default `cacs`), the state folder
   * keeps what serves this machine alone.
   */
  stateUrl?: string;
  stateSchema?: string;
  /** The service's canonical address (canonicalServiceUrl): ledgers are per address and campaign. */
  serviceUrl?: string;
  /** Send leads the campaign's ledger says were imported earlier (default: hold them back). */
  allowRepeat?: boolean;
  /** The alias the campaign was given by (for the history). */
  alias?: string;
  /** Where the sidecar files go (default: beside the input; the working folder for stdin). */
  sidecarDir?: string;
  /** Lines for the user (a stale sidecar removed, where the sidecars went). */
  onNote?: (line: string) => void;
  /**
   * Called once the state folder is open, before the preflight: which folder, and whether it
   * knows no earlier import into this campaign at this service (no ledger record, no run in its
   * history) — the command says so when that may be the wrong folder (cron's HOME).
   */
  onState?: (state: { stateDir: string; empty: boolean }) => void;
  cwd: string;
  signal: AbortSignal;
  client?: CacsClient;
  /**
   * Ignore what earlier runs of the same input recorded in its journal (set it aside) and send
   * every lead again (`--restart`).
   */
  restart?: boolean;
  /**
   * For tests: replaces the journal a real run opens under `stateDir` (keyed by the input's
   * content hash, `campaignKey` and `serviceUrl`). Opened after the preflight, once the input's
   * identity is known: its content hash (see hashFile) as of the bytes the preflight validated.
   */
  openJournal?: (info: InputInfo, contentHash: string) => Promise<JournalHandle>;
  onPhase?: (phase: ImportPhase) => void;
  /**
   * The clock, in ms since the epoch (default Date.now): when the run started and ended (the
   * history's times, the summary's elapsedMs and so its rate line). Tests pass their own.
   */
  now?: () => number;
  /**
   * The clock times in the sidecars' reasons are written on, named beside them (an IANA zone:
   * the CLI passes its `timezone` setting; default: the machine's zone).
   */
  timeZone?: string;
}

export type { JournalHandle };
export type { ImportRow };
export type { SuppressionListSummary, SuppressionSource };

/** Where rejected, skipped and uncertain rows go (see ImportOptions.rows). */
export type RowsMode = 'files' | 'data' | 'both';

/** Rows per list kept as data unless `maxRows` says otherwise. */
export const DEFAULT_MAX_ROWS = OPTION_DEFAULTS.maxRows;

/**
 * Progress: the preflight's rows read, the file's size and the share of it read (when the
 * reader knows it); then, once sending starts (a first event with nothing sent yet), the leads
 * this run has to send (`total`: leads earlier runs of the file settled are not counted) and
 * those settled so far.
 */
export type ImportPhase =
  | { phase: 'preflight'; rowsRead: number; size: number; fraction?: number }
  | { phase: 'sending'; total: number; progress: SendProgress };

/** Leads not sent because earlier runs sent them to this service (see ImportSummary.sentEarlier). */
export interface SentEarlier {
  /** The service's address (canonical, no credentials). */
  serviceUrl: string;
  /** Held back by the campaign's ledger (imported into this campaign by earlier runs). */
  ledger: number;
  /** The runs the ledger names for them, latest first: id (null if not in the history), start, leads. */
  runs: Array<{ id: string | null; started: string; leads: number }>;
  /** Not sent because this file's journal says an earlier run of it settled them. */
  journal: number;
  /** When that journal was started (null without journal skips). */
  journalSince: string | null;
  /** One of their phone numbers (normalised), for `cacs history find`. */
  examplePhone: string;
  /**
   * Whether this file has a journal at this address besides: then sending the ledger's leads
   * again takes `--restart` too (the journal would skip those an earlier run of it settled).
   */
  fileJournal: boolean;
  /**
   * What sends them again, as remedies: `restart` (set this file's journal aside) when the
   * journal settled any, or holds the ledger's too; `allow_repeat` when the ledger held any back.
   */
  resend: Remedy[];
}

export interface ImportSummary {
  file: string;
  campaign: string;
  dryRun: boolean;
  /** Data rows read (blank rows included). */
  total: number;
  /**
   * Rows whose every cell is empty or white space (`;;;`, Excel's blank lines, `{}`): skipped,
   * neither rejected nor sent, in no sidecar file.
   */
  blank: number;
  /** Leads the service reported imported in this run. */
  imported: number;
  /** Leads not sent because earlier runs imported them into this campaign (ledger or resume). */
  alreadyImported: number;
  /** Leads not sent because an earlier run left them uncertain (send with --retry-uncertain). */
  uncertainEarlier: number;
  /** Leads on a do-not-call list (not sent). */
  suppressed: number;
  /** Leads erased on request (`cacs forget`, issue 26): never sent again (skip code `erased`). */
  erased: number;
  /**
   * Leads another live run (another operator's, on a shared PostgreSQL store) was sending: not
   * sent here (skip code `in_flight_elsewhere`, naming that run, its host and user). Present
   * only with a store that has claims (PostgreSQL); the file store keeps runs apart by a lock.
   */
  inFlightElsewhere?: number;
  /**
   * The do-not-call lists used, in the order given: each with its distinct numbers, the
   * entries ignored (not phone numbers), and the leads of this run it held back.
   */
  suppressionLists: SuppressionListSummary[];
  /** Rows rejected by validation or by the service (rows to fix: the rejects file). */
  rejected: number;
  rejectedByCode: Record<string, number>;
  /** In-file duplicates (not sent, listed in the skipped file). */
  duplicates: number;
  /** Rows not sent by design, by code (the skipped file). */
  skippedByCode: Record<string, number>;
  normalized: number;
  normalizedByKind: Record<NormalizationKind, number>;
  /** Sent, counted by the service in its total, but not imported (t − s). */
  serviceSkipped: number;
  uncertain: number;
  /** Why leads of this run are uncertain: each distinct reason with its number of leads. */
  uncertainReasons: Array<{ reason: string; leads: number }>;
  /** Valid leads not sent because the run stopped early. */
  notSent: number;
  /** Valid leads that would be sent (dry run) or were to be sent. */
  valid: number;
  batches: number;
  requests: number;
  batchSize: number;
  elapsedMs: number;
  leadsPerSecond: number;
  rejectsFile: string | null;
  skippedFile: string | null;
  uncertainFile: string | null;
  /** This run in `cacs history` (real imports only). */
  runId: string | null;
  /** Normalisations of phone_number, from rows that passed validation. */
  samples: NormalizationSample[];
  /** The first rejected row of each code (a few), with its reason. */
  rejectionSamples: RejectionSample[];
  /**
   * Leads (valid, not in-file duplicates) whose 10-digit number is in no allocated mobile
   * range: sent (calling them likely wastes an attempt), or held back as `phone_unallocated`
   * with `import.allocatedOnly`. `--json`: `phoneUnallocated`.
   */
  phoneUnallocated: number;
  /** The first few of them: line and normalised number. */
  unallocatedSamples: Array<{ line: number; phone: string }>;
  /** The saved layout the columns were read with (absent: none). */
  layout?: { name: string; chosen: 'flag' | 'headers' };
  /**
   * Leads not sent because earlier runs sent them to this service (the campaign's ledger, or
   * this file's journal), with where and when: for the message that says so.
   */
  sentEarlier?: SentEarlier;
  ignoredColumns: string[];
  columns: Array<{ column: string; field: string | null }>;
  /**
   * The state folder this run used (ledger, journal, history); null when none was used (no
   * service address or campaign known, or `stateDir: false`).
   */
  stateDir: string | null;
  /**
   * Whether that folder knew no earlier import into this campaign at this service when the run
   * began (no ledger record, no run in its history): on a first import that is expected; under
   * cron with another HOME it means the wrong folder (README, "cron").
   */
  stateEmpty: boolean;
  exitCode: number;
  /**
   * With `rows` `data` or `both`: the rejected rows (the preflight's in line order, then those
   * the service refused), at most `maxRows`; `rowsTruncated.rejected` when more were rejected
   * (`rejected` counts them all).
   */
  rejectedRows?: ImportRow[];
  /** Rows not sent by design (duplicates, imported earlier, uncertain earlier), as data. */
  skippedRows?: ImportRow[];
  /** Leads of this run sent without a definite answer, as data. */
  uncertainRows?: ImportRow[];
  /** Which lists stopped at `maxRows` (their rows beyond it are counted, not listed). */
  rowsTruncated?: { rejected: boolean; skipped: boolean; uncertain: boolean };
  /**
   * Why the run ended early and what to do about it (code, message, hint, remedies): the one
   * value every face renders. Absent when the run did what it could (even with rejects or
   * uncertain leads: the exit code and counts say those).
   */
  stop?: Stop;
  /** Why the run stopped early (the stop's reason; absent for Ctrl-C). */
  stoppedBecause?: string;
  /** What to do about it (the stop's hint; absent for Ctrl-C). */
  stoppedHint?: string;
  /**
   * What kind of stop, as a stable word (`refused`, `unreachable`, `unexpected_answer`,
   * `write_failed`, `input_changed`, …; see ErrorCategory): `cacs import --json`'s `error.code`.
   */
  stoppedCode?: ErrorCategory;
}
