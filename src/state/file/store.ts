/**
 * The file store: cacs's state in a folder (`CACS_STATE_DIR`), in the files and formats cacs has
 * always written — so state folders made by earlier versions are read as they are.
 *
 *   ledgers/<key>.ledger, <key>.json, secret   campaign ledgers (ledger.ts), their descriptions
 *   ledgers/<key>.ledger.lock                  the campaign's lock (lock.ts)
 *   journals/<key>.jsonl (+ .lock)             import journals (journal.ts)
 *   history/runs.jsonl                         the run history (history.ts)
 *   bookmarks/<key>.json (+ .lock)             report bookmarks (bookmarks.ts)
 *   sidecars/<key>.json                        which sidecar lists cacs wrote (written-records.ts)
 *   completion/statuses.json                   call statuses seen, for Tab (completion.ts)
 *
 * Only the modules of this folder open those files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  CampaignLedger,
  CampaignRef,
  EraseRequest,
  EraseResult,
  ErasureEntry,
  ErasureRecord,
  FoundRecord,
  JournalHandle,
  JournalRef,
  LeadHasher,
  LedgerRecord,
  LedgerState,
  OpenJournalOptions,
  PruneResult,
  RunEnd,
  RunRecord,
  RunStart,
  StateLock,
  StateStore,
} from '../types.js';
import { FileBookmarks } from './bookmarks.js';
import { FileCompletionList } from './completion.js';
import {
  appendErasureEntry,
  eraseInFileStore,
  pruneFileStore,
  readErasureEntries,
  readErasureRecords,
} from './erasure.js';
import { appendHistory, newRun, readHistory } from './history.js';
import { journalExists, openImportJournal } from './journal.js';
import {
  Hasher,
  Ledger,
  appendLedgerRecords,
  assertLedgerIntact,
  ledgerFile,
  ledgerFolder,
  readRecords,
  type LedgerTarget,
} from './ledger.js';
import { acquireLock, campaignLocked } from './lock.js';
import { FileWrittenRecords } from './written-records.js';
import { stateEntries } from './state-write.js';
import { t } from '../../messages/index.js';

export class FileStore implements StateStore {
  readonly kind = 'file' as const;
  readonly bookmarks: FileBookmarks;
  readonly written: FileWrittenRecords;
  readonly completionStatuses: FileCompletionList;

  constructor(readonly location: string) {
    this.bookmarks = new FileBookmarks(location);
    this.written = new FileWrittenRecords(location);
    this.completionStatuses = new FileCompletionList(location);
  }

  private target(c: CampaignRef): LedgerTarget {
    return { stateDir: this.location, baseUrl: c.serviceUrl, campaignKey: c.campaignKey };
  }

  async lockCampaign(c: CampaignRef, what: string, holder?: 'reconcile'): Promise<StateLock> {
    const file = `${ledgerFile(this.target(c))}.lock`;
    return acquireLock(file, what, campaignLocked(what, c.campaignKey), holder);
  }

  openLedger(c: CampaignRef, run?: number): Promise<CampaignLedger> {
    return Ledger.open(this.target(c), run);
  }

  async hasLedger(c: CampaignRef): Promise<boolean> {
    return fs.existsSync(ledgerFile(this.target(c)));
  }

  async checkLedger(c: CampaignRef): Promise<void> {
    assertLedgerIntact(ledgerFile(this.target(c)));
  }

  async *ledgerRecords(c: CampaignRef): AsyncIterable<readonly LedgerRecord[]> {
    let batch: LedgerRecord[] = [];
    for (const r of readRecords(ledgerFile(this.target(c)))) {
      // The record as read (its state byte is one of the LedgerStates), not a copy.
      batch.push(r as LedgerRecord);
      if (batch.length === 4096) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  appendLedgerRecords(c: CampaignRef, records: readonly LedgerRecord[]): Promise<void> {
    return appendLedgerRecords(ledgerFile(this.target(c)), records);
  }

  async hasher(): Promise<LeadHasher> {
    return Hasher.forStateDir(this.location);
  }

  get ledgersAt(): string {
    return ledgerFolder(this.location);
  }

  async findLead(query: { phone?: string; ref: string }): Promise<FoundRecord[]> {
    const folder = this.ledgersAt;
    const entries = stateEntries(folder, t('state.ledgers.what'));
    const files = entries.filter((f) => f.endsWith('.ledger') && isFile(path.join(folder, f)));
    // A ledger emptied, cut short or missing beside its description: exit 2, as for an import
    // (review, session 21: `history find` answered "no run recorded sending" from an emptied one).
    for (const f of entries)
      if (f.endsWith('.json') && isFile(path.join(folder, f)))
        assertLedgerIntact(path.join(folder, `${f.slice(0, -'.json'.length)}.ledger`));
    if (files.length === 0) return [];
    const hasher = Hasher.forStateDir(this.location);
    const [lo, hi] = query.phone !== undefined ? hasher.phone(query.phone) : [-1, -1];
    const ref = hasher.ref(query.ref);
    const found: FoundRecord[] = [];
    for (const f of files) {
      const metaFile = path.join(folder, f.replace(/\.ledger$/, '.json'));
      let meta = { baseUrl: '?', campaign: '?' };
      try {
        meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as typeof meta;
      } catch {
        // an older or damaged description: the records still count
      }
      for (const r of readRecords(path.join(folder, f))) {
        const byPhone = r.lo === lo && r.hi === hi;
        if (!byPhone && r.ref !== ref) continue;
        found.push({
          ...r,
          ledger: f,
          state: r.state as LedgerState,
          serviceUrl: meta.baseUrl,
          campaignKey: meta.campaign,
          matched: byPhone ? 'phone' : 'ref_id',
        });
      }
    }
    return found;
  }

  openJournal(opts: OpenJournalOptions): Promise<JournalHandle> {
    return openImportJournal({
      stateDir: this.location,
      input: opts.input,
      inputHash: opts.inputHash,
      campaignKey: opts.campaignKey,
      baseUrl: opts.serviceUrl,
      restart: opts.restart,
      ...(opts.allowRepeat !== undefined ? { allowRepeat: opts.allowRepeat } : {}),
      ...(opts.retryUncertain !== undefined ? { retryUncertain: opts.retryUncertain } : {}),
      fingerprint: opts.fingerprint,
      note: opts.note,
      ...(opts.scrub ? { scrub: opts.scrub } : {}),
      ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
    });
  }

  async hasJournal(j: JournalRef): Promise<boolean> {
    return journalExists(this.location, j.inputHash, j.campaignKey, j.serviceUrl);
  }

  newRun(now?: Date): { id: string; n: number } {
    return newRun(now);
  }

  async appendHistory(rec: RunStart | RunEnd): Promise<void> {
    appendHistory(this.location, rec);
  }

  async readHistory(): Promise<RunRecord[]> {
    return readHistory(this.location);
  }

  // Erasure and retention (issue 26): erasure.ts.
  eraseLeads(req: EraseRequest): Promise<EraseResult> {
    return eraseInFileStore(this.location, req);
  }

  async erasures(): Promise<ErasureRecord[]> {
    return readErasureRecords(this.location);
  }

  async appendErasure(entry: ErasureEntry): Promise<void> {
    appendErasureEntry(this.location, entry);
  }

  async readErasures(): Promise<ErasureEntry[]> {
    return readErasureEntries(this.location);
  }

  prune(before: Date, dryRun: boolean): Promise<PruneResult> {
    return pruneFileStore(this.location, before, dryRun);
  }

  async close(): Promise<void> {}
}

/** Whether `file` is a regular file (a folder named like a description is none). */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
