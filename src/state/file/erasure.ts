/**
 * Erasure and retention in the file store (issue 26; state/types.ts ErasureStore).
 *
 *   erasures/erased.jsonl   one line per erased number: its keyed hash, when, and the campaign
 *                           it was limited to (never the number). Appended durably; never pruned.
 *
 * Erasing rewrites each ledger that holds the people without their records (the description's
 * size first, then the records renamed into place, under the campaign's lock: a crash between
 * leaves a ledger longer than its description says, which is whole), blanks their texts in
 * journals (service messages may echo a number or a name) and removes report bookmarks kept
 * for an erased ref_id. The erasure records are written first, so a crash at any point leaves
 * them never imported again, and the same command finishes the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../atomic-write.js';
import { t } from '../../messages/index.js';
import { LockedError } from '../../errors.js';
import type {
  CampaignRef,
  EraseRequest,
  EraseResult,
  ErasedLedger,
  ErasureEntry,
  ErasureRecord,
  PruneResult,
} from '../types.js';
import { bookmarkFolder } from './bookmarks.js';
import { appendLine, historyFile, underHistoryLock } from './history.js';
import {
  Hasher,
  RECORD_BYTES,
  ledgerFile,
  ledgerFolder,
  ledgerMetaFile,
  readRecords,
} from './ledger.js';
import { acquireLock } from './lock.js';
import { stateEntries, stateReadError, writingState } from './state-write.js';
import { blankJournalRecord } from '../erase-text.js';
import { testPoint } from '../../test-point.js';

function erasureFile(stateDir: string): string {
  return path.join(stateDir, 'erasures', 'erased.jsonl');
}

/** A lock held by another run: forget and prune wait for no one. */
function busy(what: string, erasing = false) {
  return (pid: number | undefined) =>
    new LockedError(t('privacy.locked', { what, pid: pid ?? '?' }), {
      // A forget stopped here has recorded the erasure already (review, session 17: it said
      // only "another run holds …", as if nothing had happened).
      hint: erasing ? t('privacy.locked.erasing.hint') : t('privacy.locked.hint'),
    });
}

function jsonLines(file: string, what: string): unknown[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return [];
    throw stateReadError(e, path.dirname(file), what);
  }
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // a torn line: skipped
    }
  }
  return out;
}

export function readErasureRecords(stateDir: string): ErasureRecord[] {
  const out: ErasureRecord[] = [];
  for (const r of jsonLines(erasureFile(stateDir), t('state.erasures.what')) as Array<{
    lo?: unknown;
    hi?: unknown;
    t?: unknown;
    s?: unknown;
  }>) {
    if (typeof r.lo !== 'number' || typeof r.hi !== 'number' || typeof r.t !== 'number') continue;
    const s = Array.isArray(r.s) && r.s.length === 2 ? (r.s as [string, string]) : undefined;
    out.push({
      lo: r.lo,
      hi: r.hi,
      time: r.t,
      ...(s ? { scope: { serviceUrl: s[0], campaignKey: s[1] } } : {}),
    });
  }
  return out;
}

function sameScope(a: CampaignRef | undefined, b: CampaignRef | undefined): boolean {
  return a === undefined
    ? b === undefined
    : b !== undefined && a.serviceUrl === b.serviceUrl && a.campaignKey === b.campaignKey;
}

interface LedgerMeta {
  baseUrl: string;
  campaign: string;
  bytes?: number;
}

function readMeta(file: string): LedgerMeta {
  try {
    return JSON.parse(fs.readFileSync(ledgerMetaFile(file), 'utf8')) as LedgerMeta;
  } catch {
    return { baseUrl: '?', campaign: '?' };
  }
}

function ledgerFiles(stateDir: string): string[] {
  const folder = ledgerFolder(stateDir);
  return stateEntries(folder, t('state.ledgers.what'))
    .filter((f) => f.endsWith('.ledger'))
    .sort()
    .map((f) => path.join(folder, f));
}

/**
 * Replace a ledger's records by `keep` (under its lock): the description's size first (a
 * ledger longer than its description is whole), then the records, renamed into place.
 */
function rewriteLedger(file: string, keep: Buffer, meta: LedgerMeta): void {
  writeFileAtomicSync(
    ledgerMetaFile(file),
    `${JSON.stringify({ baseUrl: meta.baseUrl, campaign: meta.campaign, bytes: keep.length })}\n`,
    { noFollow: true },
  );
  testPoint('ledger-half-rewritten');
  writeFileAtomicSync(file, keep, { noFollow: true });
}

/** The records of `file` for which `drop` says no, as bytes (and how many were dropped). */
function filterLedger(
  file: string,
  drop: (
    r: { lo: number; hi: number; ref: number; state: number; time: number },
    i: number,
  ) => boolean,
): { keep: Buffer; dropped: number } {
  const all = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
  const whole = all.length - (all.length % RECORD_BYTES);
  const parts: Buffer[] = [];
  let dropped = 0;
  let i = 0;
  for (const r of readRecords(file)) {
    const o = i * RECORD_BYTES;
    if (o >= whole) break;
    if (drop(r, i)) dropped++;
    else parts.push(all.subarray(o, o + RECORD_BYTES));
    i++;
  }
  return { keep: Buffer.concat(parts), dropped };
}

const hashKey = (lo: number, hi: number) => `${lo >>> 0}:${hi >>> 0}`;

export async function eraseInFileStore(stateDir: string, req: EraseRequest): Promise<EraseResult> {
  const hasher = Hasher.forStateDir(stateDir);
  const phones = new Map<string, [number, number]>();
  for (const p of req.phones) {
    const [lo, hi] = hasher.phone(p);
    phones.set(hashKey(lo, hi), [lo, hi]);
  }
  const refs = new Set(req.refs.map((r) => hasher.ref(r)).filter((h) => h !== 0));
  const only = req.campaign
    ? ledgerFile({
        stateDir,
        baseUrl: req.campaign.serviceUrl,
        campaignKey: req.campaign.campaignKey,
      })
    : undefined;
  const files = ledgerFiles(stateDir).filter((f) => only === undefined || f === only);
  // First pass: the numbers the ref_ids stand for.
  const held = new Set<string>();
  for (const f of files)
    for (const r of readRecords(f)) {
      const k = hashKey(r.lo, r.hi);
      if (refs.has(r.ref) && !phones.has(k)) phones.set(k, [r.lo, r.hi]);
      if (phones.has(k)) held.add(k);
    }
  // The ref_ids the ledger sent these numbers with (keyed hashes): a bookmark kept for one of
  // them is about the person too.
  const refHashes = new Set([...refs].map((r) => r >>> 0));
  for (const f of files)
    for (const r of readRecords(f))
      if (r.ref !== 0 && phones.has(hashKey(r.lo, r.hi))) refHashes.add(r.ref >>> 0);
  // The erasure records, durably, before anything is removed: from now on they are never
  // imported again, whatever happens to the rest.
  const time = Math.floor(req.now.getTime() / 1000);
  const known = new Set(
    readErasureRecords(stateDir)
      .filter((e) => sameScope(e.scope, req.campaign))
      .map((e) => hashKey(e.lo, e.hi)),
  );
  const lines = [...phones]
    .filter(([k]) => !known.has(k))
    .map(([, [lo, hi]]) =>
      JSON.stringify({
        lo: lo >>> 0,
        hi: hi >>> 0,
        t: time,
        ...(req.campaign ? { s: [req.campaign.serviceUrl, req.campaign.campaignKey] } : {}),
      }),
    );
  if (lines.length > 0)
    writingState(path.dirname(erasureFile(stateDir)), t('privacy.what.erasures'), () =>
      appendLine(erasureFile(stateDir), `${lines.join('\n')}\n`),
    );
  testPoint('forget-erasures-written');
  const ledgers: ErasedLedger[] = [];
  for (const f of files) {
    const lock = acquireLock(`${f}.lock`, f, busy(t('privacy.what.campaign'), true), 'forget');
    try {
      const { keep, dropped } = filterLedger(
        f,
        (r) => phones.has(hashKey(r.lo, r.hi)) || refs.has(r.ref),
      );
      if (dropped === 0) continue;
      const meta = readMeta(f);
      writingState(path.dirname(f), t('privacy.what.ledger'), () => rewriteLedger(f, keep, meta));
      ledgers.push({ serviceUrl: meta.baseUrl, campaignKey: meta.campaign, records: dropped });
    } finally {
      lock.release();
    }
  }
  testPoint('forget-ledgers-rewritten');
  const journals = blankJournalTexts(stateDir, req.texts);
  testPoint('forget-journals-blanked');
  const given = new Set([...req.refs, ...(req.foundRefs ?? [])]);
  const bookmarks = removeBookmarks(
    stateDir,
    (refId) => given.has(refId) || refHashes.has(hasher.ref(refId) >>> 0),
  );
  return { ledgers, numbers: phones.size, held: held.size, journals, bookmarks };
}

/** Every journal file (open ones and those set aside by --restart). */
function journalFiles(stateDir: string): string[] {
  const dir = path.join(stateDir, 'journals');
  return stateEntries(dir, t('state.journals.what'))
    .filter((f) => /\.jsonl(\.restarted-\d+)?$/.test(f))
    .map((f) => path.join(dir, f));
}

/** Rewrite journals whose texts hold one of `texts` (under their locks); how many. */
function blankJournalTexts(stateDir: string, texts: readonly string[]): number {
  if (texts.length === 0) return 0;
  let rewritten = 0;
  for (const file of journalFiles(stateDir)) {
    const raw = fs.readFileSync(file, 'utf8');
    if (!texts.some((x) => x !== '' && raw.includes(x))) continue;
    const open = file.endsWith('.jsonl');
    const lock = open
      ? acquireLock(`${file}.lock`, file, busy(t('privacy.what.journal'), true), 'forget')
      : undefined;
    try {
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\n');
      const torn = lines.pop() ?? '';
      let changed = false;
      const out = lines.map((l) => {
        if (l === '') return l;
        try {
          const r = blankJournalRecord(JSON.parse(l), texts);
          changed ||= r.changed;
          return r.changed ? JSON.stringify(r.value) : l;
        } catch {
          changed = true;
          return '';
        }
      });
      // A torn last line is ignored by every reader: it goes if it holds one of the texts.
      const tail = texts.some((x) => x !== '' && torn.includes(x)) ? '' : torn;
      if (!changed && tail === torn) continue;
      // Blanking is not a write of the journal: its age (prune) stays its last record's.
      const st = fs.statSync(file);
      writingState(path.dirname(file), t('privacy.what.journal'), () => {
        writeFileAtomicSync(file, `${out.map((l) => `${l}\n`).join('')}${tail}`, {
          noFollow: true,
        });
        fs.utimesSync(file, st.atime, st.mtime);
      });
      rewritten++;
    } finally {
      lock?.release();
    }
  }
  return rewritten;
}

/** Remove report bookmarks kept for an erased ref_id (`--ref-id`); how many. */
function removeBookmarks(stateDir: string, erased: (refId: string) => boolean): number {
  const dir = bookmarkFolder(stateDir);
  let removed = 0;
  for (const f of stateEntries(dir, t('state.bookmarks.what')).filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, f);
    let refId: unknown;
    try {
      refId = (JSON.parse(fs.readFileSync(file, 'utf8')) as { refId?: unknown }).refId;
    } catch {
      continue;
    }
    if (typeof refId !== 'string' || !erased(refId)) continue;
    const lock = acquireLock(
      `${file}.lock`,
      file,
      busy(t('privacy.what.bookmark'), true),
      'forget',
    );
    try {
      fs.rmSync(file, { force: true });
      removed++;
    } finally {
      lock.release();
    }
  }
  return removed;
}

// ── The history's erasure entries ──────────────────────────────────────────────────────────

export function appendErasureEntry(stateDir: string, entry: ErasureEntry): void {
  const file = historyFile(stateDir);
  writingState(path.dirname(file), t('privacy.what.history'), () =>
    underHistoryLock(file, () => appendLine(file, `${JSON.stringify(entry)}\n`)),
  );
}

export function readErasureEntries(stateDir: string): ErasureEntry[] {
  return (jsonLines(historyFile(stateDir), t('state.history.what')) as ErasureEntry[]).filter(
    (e) => e !== null && typeof e === 'object' && e.k === 'erase',
  );
}

// ── Retention ──────────────────────────────────────────────────────────────────────────────

/** Whether a journal's file is finished: no batch in flight, no line left uncertain. */
export function journalFinished(records: readonly unknown[]): boolean {
  const open = new Set<number>();
  const owner = new Map<number, number>();
  const lineState = new Map<number, string>();
  const begun = new Map<number, number[]>();
  for (const r of records as Array<{
    k?: string;
    id?: number;
    lines?: Array<[number, number]>;
    s?: string;
  }>) {
    if (r.k === 'b' && typeof r.id === 'number') {
      const ls: number[] = [];
      for (const [s, n] of r.lines ?? []) for (let i = 0; i < n; i++) ls.push(s + i);
      begun.set(r.id, ls);
      open.add(r.id);
      for (const l of ls) {
        owner.set(l, r.id);
        lineState.set(l, 'uncertain');
      }
    } else if (r.k === 'f' && typeof r.id === 'number') {
      open.delete(r.id);
      for (const l of begun.get(r.id) ?? []) if (owner.get(l) === r.id) lineState.set(l, r.s ?? '');
    }
  }
  if (open.size > 0) return false;
  for (const s of lineState.values()) if (s === 'uncertain') return false;
  return true;
}

export async function pruneFileStore(
  stateDir: string,
  before: Date,
  dryRun: boolean,
): Promise<PruneResult> {
  const cutoff = Math.floor(before.getTime() / 1000);
  const result: PruneResult = {
    cutoff: before.toISOString(),
    ledgerRecords: 0,
    keptUncertain: 0,
    journals: 0,
    keptUnfinished: [],
    runs: 0,
  };
  /** Runs whose leads are still uncertain (a number's latest record, whatever its age). */
  const open = new Set<number>();
  // Ledgers: records older than the cutoff, except a number's latest record when it says
  // uncertain (kept until settled).
  for (const f of ledgerFiles(stateDir)) {
    const lock = dryRun
      ? undefined
      : acquireLock(`${f}.lock`, f, busy(t('privacy.what.campaign')), 'prune');
    try {
      const latest = new Map<string, number>();
      let i = 0;
      for (const r of readRecords(f)) latest.set(hashKey(r.lo, r.hi), i++);
      let at = 0;
      for (const r of readRecords(f)) {
        if (r.state === 2 && latest.get(hashKey(r.lo, r.hi)) === at) open.add(r.run);
        at++;
      }
      let kept = 0;
      const { keep, dropped } = filterLedger(f, (r, at) => {
        if (r.time >= cutoff) return false;
        if (r.state === 2 && latest.get(hashKey(r.lo, r.hi)) === at) {
          kept++;
          return false;
        }
        return true;
      });
      result.keptUncertain += kept;
      result.ledgerRecords += dropped;
      if (dropped > 0 && !dryRun)
        writingState(path.dirname(f), t('privacy.what.ledger'), () =>
          rewriteLedger(f, keep, readMeta(f)),
        );
    } finally {
      lock?.release();
    }
  }
  testPoint('prune-ledgers-done');
  // Journals last written before the cutoff, when their file is finished.
  for (const file of journalFiles(stateDir)) {
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      continue;
    }
    // Its last write, by whole seconds (as ledger records are): exactly retentionDays old stays.
    if (Math.floor(st.mtimeMs / 1000) >= cutoff) continue;
    const records = jsonLines(file, t('state.journal.what'));
    if (!journalFinished(records)) {
      const h = records[0] as { input?: string } | undefined;
      result.keptUnfinished.push(h?.input ?? path.basename(file));
      continue;
    }
    result.journals++;
    if (dryRun) continue;
    const open = file.endsWith('.jsonl');
    const lock = open
      ? acquireLock(`${file}.lock`, file, busy(t('privacy.what.journal')), 'prune')
      : undefined;
    try {
      // Written meanwhile (before its lock was taken): kept.
      if (Math.floor((fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) / 1000) >= cutoff)
        result.journals--;
      else fs.rmSync(file, { force: true });
    } finally {
      lock?.release();
    }
  }
  // History: runs that ended (or, never ended, started) before the cutoff; erasure entries stay.
  const hist = historyFile(stateDir);
  if (fs.existsSync(hist)) {
    const text = fs.readFileSync(hist, 'utf8');
    const recs = text.split('\n').filter((l) => l !== '');
    const parsed = recs.map((l) => {
      try {
        return JSON.parse(l) as {
          k?: string;
          id?: string;
          n?: number;
          started?: string;
          ended?: string;
        };
      } catch {
        return undefined;
      }
    });
    const lastTime = new Map<string, number>();
    // A run that left leads still uncertain keeps its entry (reconcile --run names it).
    const openIds = new Set(
      parsed.filter((r) => r?.k === 'start' && open.has(r.n ?? -1)).map((r) => r!.id),
    );
    for (const r of parsed) {
      if (!r?.id || openIds.has(r.id)) continue;
      const when = Date.parse(r.k === 'end' ? (r.ended ?? '') : (r.started ?? ''));
      if (Number.isFinite(when)) lastTime.set(r.id, Math.max(lastTime.get(r.id) ?? 0, when));
    }
    const old = new Set([...lastTime].filter(([, at]) => at < before.getTime()).map(([id]) => id));
    const drop = (r: (typeof parsed)[number]) =>
      r === undefined || (r.k !== 'erase' && r.id !== undefined && old.has(r.id));
    result.runs = parsed.filter((r) => r?.k === 'start' && drop(r)).length;
    if (!dryRun && parsed.some(drop)) {
      // Under the history's lock, which every append takes too: nothing is appended between
      // this read and the rename below.
      underHistoryLock(hist, () => {
        const now = fs
          .readFileSync(hist, 'utf8')
          .split('\n')
          .filter((l) => l !== '');
        const keep = now.filter((l) => {
          try {
            return !drop(JSON.parse(l) as (typeof parsed)[number]);
          } catch {
            return false;
          }
        });
        // Read, not yet rewritten: a line appended now would be lost without the lock.
        testPoint('prune-history-locked');
        writingState(path.dirname(hist), t('privacy.what.history'), () =>
          writeFileAtomicSync(hist, keep.map((l) => `${l}\n`).join(''), { noFollow: true }),
        );
      });
    }
  }
  result.openRuns = [...open].sort((a, b) => a - b);
  return result;
}
