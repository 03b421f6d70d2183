/**
 * `cacs import` as a library function: inspect → preflight (every row) → send → write the
 * rejects and uncertain files → a summary with the exit code a cron job can trust.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CacsClient } from '../api/client.js';
import type { LeadField } from '../api/spec.js';
import { removeOnExit } from '../cleanup.js';
import { ExitCode, FailureError, UsageError } from '../errors.js';
import {
  prepareLeads,
  originalRows,
  type NormalizationKind,
  type NormalizationSample,
  type Prepared,
} from '../leads/prepare.js';
import {
  InputChangedError,
  hashFile,
  inspectInput,
  readsFast,
  type InputFormat,
  type InputInfo,
} from '../leads/read.js';
import { plural } from '../text.js';
import {
  SidecarWriter,
  checkSidecarFolder,
  defaultSidecarPath,
  sameFile,
} from '../leads/rejects.js';
import { NO_JOURNAL, type DeliveryJournal, type EarlierRuns } from './journal-types.js';
import { sendLeads, type SendProgress, type SendResult } from './send.js';

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
  rejectsPath?: string;
  retryUncertain: boolean;
  cwd: string;
  signal: AbortSignal;
  client?: CacsClient;
  /**
   * Opened after the preflight, once the input's identity is known: its content hash (see
   * hashFile) as of the bytes the preflight validated.
   */
  openJournal?: (info: InputInfo, contentHash?: string) => Promise<JournalHandle>;
  onPhase?: (phase: ImportPhase) => void;
}

export interface JournalHandle {
  journal: DeliveryJournal;
  /** Set when an earlier run of the same input left records. */
  resumedFrom?: Date;
  close(): Promise<void>;
}

export type ImportPhase =
  | { phase: 'preflight'; rowsRead: number; size: number }
  | { phase: 'sending'; total: number; progress: SendProgress };

export interface ImportSummary {
  file: string;
  campaign: string;
  dryRun: boolean;
  /** Data rows read. */
  total: number;
  /** Leads the service reported imported in this run. */
  imported: number;
  /** Leads imported by earlier runs of the same command (resume). */
  alreadyImported: number;
  /** Rows rejected by validation or by the service (duplicates are counted apart). */
  rejected: number;
  rejectedByCode: Record<string, number>;
  duplicates: number;
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
  uncertainFile: string | null;
  samples: NormalizationSample[];
  ignoredColumns: string[];
  columns: Array<{ column: string; field: string | null }>;
  exitCode: number;
  /** Why the run stopped early, for the message. */
  stoppedBecause?: string;
  /** What to do about it, when the usual advice (run the same command again) would be wrong. */
  stoppedHint?: string;
}

function exitCodeFor(s: Omit<ImportSummary, 'exitCode'>, send: SendResult | undefined): number {
  if (send?.journalError) return ExitCode.FAILURE;
  if (send?.interrupted) return ExitCode.INTERRUPTED;
  if (send?.fatal) return send.fatal.exitCode;
  if (send?.inputError) return ExitCode.FAILURE;
  if (s.uncertain > 0) return ExitCode.UNCERTAIN;
  if (s.rejected + s.duplicates + s.serviceSkipped > 0) return ExitCode.PARTIAL;
  return ExitCode.OK;
}

export async function runImport(opts: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const info = await inspectInput(opts.file, opts.displayName, {
    ...(opts.format ? { format: opts.format } : {}),
    ...(opts.delimiter ? { delimiter: opts.delimiter } : {}),
    ...(opts.encoding ? { encoding: opts.encoding } : {}),
    ...(opts.sheet !== undefined ? { sheet: opts.sheet } : {}),
  });
  const rejectsFile = opts.rejectsPath
    ? path.resolve(opts.cwd, opts.rejectsPath)
    : defaultSidecarPath(opts.cwd, info.displayName, 'rejects');
  const uncertainFile = defaultSidecarPath(opts.cwd, info.displayName, 'uncertain');
  for (const [flag, file] of [
    ['--rejects', rejectsFile],
    ['the uncertain list', uncertainFile],
  ] as const) {
    if (sameFile(file, opts.file)) {
      throw new UsageError(`${flag} would overwrite the file being imported (${file})`, {
        hint: 'Choose another file with --rejects, or rename the input.',
      });
    }
  }
  // A real import must be able to list the leads it rejects or leaves uncertain: checked before
  // anything is sent. A dry run fails only if it has rows to write (SidecarWriter says why).
  if (!opts.dryRun) {
    checkSidecarFolder(rejectsFile, 'rejects');
    checkSidecarFolder(uncertainFile, 'uncertain');
  }
  // Created only now, right before the try whose finally removes it.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-import-'));
  const forgetWork = removeOnExit(work);
  const spoolPath = path.join(work, 'leads.spool');
  let prepared: Prepared | undefined;
  let handle: JournalHandle | undefined;
  try {
    const prepare = (sending: { reread: boolean } | undefined) =>
      prepareLeads(info, {
        map: opts.map,
        ignoreUnmapped: opts.ignoreUnmapped,
        normalize: opts.normalize,
        dedupe: opts.dedupe,
        phonePattern: opts.phonePattern,
        ...(sending ? { spoolPath, reread: sending.reread } : {}),
        rejects: (headers) =>
          new SidecarWriter(
            rejectsFile,
            headers,
            info.format === 'csv' ? info.delimiter : ',',
            info.bom,
          ),
        onProgress: (rowsRead) => opts.onPhase?.({ phase: 'preflight', rowsRead, size: info.size }),
      });
    // The sending pass reads the input again (checked block by block) when the fast CSV
    // reader can; otherwise, or if it gave way to csv-parse, the leads are spooled. A spooled
    // input is hashed before and after its preflight: the journal key must describe exactly
    // the bytes that were validated and spooled, or a rerun could skip lines that now hold
    // other leads.
    const fast = !opts.dryRun && readsFast(info);
    let before = opts.dryRun || fast ? undefined : await hashFile(info.path);
    prepared = await prepare(opts.dryRun ? undefined : { reread: fast });
    if (!opts.dryRun && prepared.valid > 0 && prepared.leads === undefined) {
      prepared.rejects.discard();
      before = await hashFile(info.path);
      prepared = await prepare({ reread: false });
    }
    let inputHash = prepared.contentHash;
    if (!opts.dryRun && prepared.valid > 0 && inputHash === undefined) {
      inputHash = await hashFile(info.path);
      if (inputHash !== before) {
        throw new FailureError(
          `${info.displayName} changed while cacs was reading it: nothing was sent`,
          {
            hint: 'Import it again once it is complete (an export still being written?).',
          },
        );
      }
    }

    let send: SendResult | undefined;
    let earlier: EarlierRuns | undefined;
    if (!opts.dryRun && prepared.valid > 0) {
      if (!opts.client) throw new Error('runImport: a client is needed unless dryRun');
      handle = opts.openJournal ? await opts.openJournal(info, inputHash) : undefined;
      const journal = handle?.journal ?? NO_JOURNAL;
      const total = prepared.valid;
      earlier = journal.earlier;
      send = await sendLeads({
        leads: prepared.leads!(),
        total,
        campaignKey: opts.campaignKey,
        batchSize: opts.batchSize,
        concurrency: opts.concurrency,
        client: opts.client,
        journal,
        retryUncertain: opts.retryUncertain,
        signal: opts.signal,
        onProgress: (progress) => opts.onPhase?.({ phase: 'sending', total, progress }),
      });
      // Outcomes are on disk (or the failure is known) before anything is reported.
      const closing = handle;
      handle = undefined;
      await closing?.close().catch((e: unknown) => {
        send!.journalError ??= e instanceof Error ? e : new Error(String(e));
      });
    }

    // Service rejects and uncertain leads: look their original rows up in the input.
    let uncertainPath: string | null = null;
    if (send && (send.serviceRejects.size > 0 || send.uncertainLines.length > 0)) {
      // The second read kept them; a spooled input is read once more for them.
      const kept = send.originals;
      const wanted = new Set<number>(
        [...send.serviceRejects.keys(), ...send.uncertainLines].filter((l) => !kept.has(l)),
      );
      let lookedUp = new Map<number, string[]>();
      let unreadable = '';
      try {
        lookedUp = await originalRows(info, wanted);
        // Listed only if the file still holds what was read (and sent).
        if (
          wanted.size > 0 &&
          inputHash !== undefined &&
          (await hashFile(info.path)) !== inputHash
        ) {
          lookedUp = new Map();
          unreadable = ' (its values are not listed: the input changed after it was read)';
        }
      } catch (e) {
        // The input is gone or no longer readable: the lines and reasons still go out.
        unreadable = ` (its values could not be read back: ${(e as Error).message})`;
      }
      const blank = prepared.headers.map(() => '');
      const valuesOf = (line: number) => kept.get(line) ?? lookedUp.get(line);
      const note = (line: number) => (valuesOf(line) ? '' : unreadable);
      for (const [line, { code, reason }] of [...send.serviceRejects].sort((a, b) => a[0] - b[0])) {
        prepared.rejects.add(line, code, reason + note(line), valuesOf(line) ?? blank);
        prepared.rejectedByCode[code] = (prepared.rejectedByCode[code] ?? 0) + 1;
      }
      if (send.uncertainLines.length > 0) {
        const w = new SidecarWriter(
          uncertainFile,
          prepared.headers,
          info.format === 'csv' ? info.delimiter : ',',
          info.bom,
          'uncertain',
        );
        for (const line of send.uncertainLines) {
          const why = send.uncertainWhy.get(line);
          w.add(
            line,
            'uncertain',
            `sent, but no definite answer came${why ? ` (${why})` : ' (in an earlier run)'}: check in the campaign before resending${note(line)}`,
            valuesOf(line) ?? blank,
          );
        }
        uncertainPath = w.commit() ?? null;
      }
    }
    if (uncertainPath === null && send && fs.existsSync(uncertainFile)) {
      // A stale list from an earlier run would mislead: nothing is uncertain now.
      fs.rmSync(uncertainFile, { force: true });
    }
    const rejectsPath = prepared.rejects.commit() ?? null;

    const elapsedMs = Date.now() - started;
    const imported = send?.imported ?? 0;
    const base: Omit<ImportSummary, 'exitCode'> = {
      file: info.displayName,
      campaign: opts.campaignKey,
      dryRun: opts.dryRun,
      total: prepared.total,
      imported,
      alreadyImported: earlier?.imported ?? 0,
      rejected: prepared.rejected + (send?.serviceRejects.size ?? 0),
      rejectedByCode: prepared.rejectedByCode,
      duplicates: prepared.duplicates,
      normalized: prepared.normalizedRows,
      normalizedByKind: prepared.normalizedByKind,
      serviceSkipped: (send?.serviceSkipped ?? 0) + (earlier?.skipped ?? 0),
      uncertain: send?.uncertainLines.length ?? 0,
      uncertainReasons: reasonCounts(send?.uncertainWhy),
      notSent: send?.notSent ?? 0,
      valid: prepared.valid,
      batches: Math.ceil(prepared.valid / opts.batchSize),
      requests: send?.requests ?? 0,
      batchSize: send?.batchSizeAtEnd ?? opts.batchSize,
      elapsedMs,
      leadsPerSecond:
        elapsedMs > 0 ? Math.round(((send ? imported : prepared.total) * 1000) / elapsedMs) : 0,
      rejectsFile: rejectsPath,
      uncertainFile: uncertainPath,
      samples: prepared.samples,
      ignoredColumns: prepared.plan.ignored,
      columns: prepared.plan.columns.map((c) => ({ column: c.header, field: c.field })),
      ...(send?.fatal && !send.journalError
        ? {
            stoppedBecause: send.fatal.message,
            // The failure's own advice (a proxy asking for credentials…), except for refusals,
            // whose advice the command gives.
            ...(send.fatal.hint !== undefined && !send.fatal.refused
              ? { stoppedHint: `Nothing more was sent. ${send.fatal.hint}` }
              : {}),
          }
        : {}),
      ...(send?.journalError
        ? {
            stoppedBecause: send.journalError.message,
            stoppedHint:
              (send.journalError as { hint?: string }).hint ??
              'Nothing more was sent. Fix the state folder, then run the same command.',
          }
        : {}),
      ...(send?.inputError && !send.fatal && !send.journalError
        ? {
            stoppedBecause:
              send.inputError instanceof InputChangedError
                ? `${send.inputError.message}, after ${plural(send.sent, 'lead')} had been sent`
                : `reading the leads failed: ${send.inputError.message}`,
            stoppedHint:
              send.inputError instanceof InputChangedError
                ? 'Nothing more was sent. Import the file again once it is complete; to the journal it is a new file, so first remove the leads this run sent (they are in the campaign).'
                : 'Nothing more was sent. Make the file readable again, then run the same command: what was imported is not sent twice.',
          }
        : {}),
    };
    return { ...base, exitCode: exitCodeFor(base, send) };
  } catch (e) {
    prepared?.rejects.discard();
    throw e;
  } finally {
    try {
      await handle?.close();
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
      forgetWork();
    }
  }
}

function reasonCounts(
  why: Map<number, string> | undefined,
): Array<{ reason: string; leads: number }> {
  const counts = new Map<string, number>();
  for (const reason of why?.values() ?? []) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, leads]) => ({ reason, leads }));
}
