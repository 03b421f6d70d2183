/**
 * `cacs forget` (issue 26, DESIGN.md "Personal data"): erase people from everything cacs keeps.
 *
 * 1. Each query is a phone number in any written form (normalised as an import does) or a
 *    ref_id.
 * 2. The sidecar lists cacs wrote (rejects, skipped, uncertain), found through the history —
 *    each run's lists, and the lists beside each imported file that the sidecar records say
 *    cacs wrote — and through the sidecar records themselves, which keep each list's path (a
 *    dry run's lists, for a file never imported for real) — are read; the rows of these people are found (a cell
 *    that is one of the numbers, or one of the ref_ids; a ref_id's row gives its numbers too).
 * 3. The store erases them (state/types.ts ErasureStore.eraseLeads): erasure records first,
 *    then the ledgers' records, the journals' texts, bookmarks for the ref_ids.
 * 4. The lists are rewritten without those rows (atomically, 0600), and the history records
 *    the erasure — counts and files, never a number.
 * Every step can be done again: a forget killed midway is finished by running it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeStaleTempsIn, writeFileAtomicSync } from '../atomic-write.js';
import { testPoint } from '../test-point.js';
import { canonicalServiceUrl } from '../net.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { notCleanedReason } from '../messages/why.js';
import { planColumns } from '../leads/columns.js';
import { normalizePhone, trimField } from '../leads/normalize.js';
import { defaultSidecarPath, isRejectsHeader, type SidecarKind } from '../leads/rejects.js';
import { MAX_NUMBER, WrittenHash, numberedName } from '../leads/written-files.js';
import type { CampaignRef, ErasedLedger, RunRecord, StateStore } from '../state/index.js';

/** A written mobile number, normalised: 0 and 9 digits (or an old 11-digit form). */
const NORMALISED = /^0\d{9,10}$/;

export interface ForgetOptions {
  store: StateStore;
  /** Phone numbers (any written form) and ref_ids. */
  queries: readonly string[];
  campaign?: CampaignRef | undefined;
  now?: Date | undefined;
}

export interface ForgetQuery {
  /** What was asked, as given. */
  query: string;
  kind: 'phone' | 'ref_id';
  /** The number as imports write it (phones only). */
  phone?: string;
  /** Rows removed from lists for it. */
  rows: number;
}

/** A list that holds rows about them and could not be cleaned. */
export interface NotCleaned {
  file: string;
  /** Rows about them it holds; null when it could not be read (another user's: `EACCES`). */
  rows: number | null;
  /**
   * Why, as a stable word: the write's errno code (`EACCES`, `EROFS`…), `not_utf8` (saved again
   * in another encoding) or `unreadable` (no longer a list cacs can read, yet holding a number).
   */
  code: string;
  /** Why, in words (the language set): see notCleanedReason. */
  reason: string;
}

export interface ForgetReceipt {
  at: string;
  store: { kind: 'file' | 'postgres'; location: string };
  campaign: string | null;
  queries: ForgetQuery[];
  /** Numbers recorded as erased (never imported again). */
  numbers: number;
  /** Numbers the ledgers held. */
  held: number;
  ledgers: ErasedLedger[];
  files: Array<{ file: string; rows: number }>;
  /**
   * Lists that hold rows about them but could not be cleaned (not writable, or not UTF-8 text:
   * saved again in another encoding), with why: remove those rows yourself. `cacs forget`
   * exits 1 when there are any.
   */
  notCleaned: NotCleaned[];
  journals: number;
  bookmarks: number;
  /** Nothing about these people was held (no ledger record, no list row). */
  nothingHeld: boolean;
}

/** A list of people to forget: one a line; blank lines and `#` comments skipped; a CSV line's first cell. */
export function readForgetList(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => (/^[^,;\t]+[,;\t]/.test(l) ? l.split(/[,;\t]/)[0]!.trim() : l))
    .filter((l) => l !== '');
}

/** The number a query stands for, or undefined when it is a ref_id. */
export function phoneOf(query: string): string | undefined {
  const v = normalizePhone(query).value;
  return NORMALISED.test(v) ? v : undefined;
}

/** The lists cacs may have written that may hold these people (absolute paths, existing). */
export function sidecarCandidates(store: StateStore, runs: readonly RunRecord[]): string[] {
  const out = new Set<string>();
  const kinds: SidecarKind[] = ['rejects', 'skipped', 'uncertain'];
  for (const r of runs) {
    for (const f of [r.end?.rejectsFile, r.end?.skippedFile, r.end?.uncertainFile])
      if (typeof f === 'string' && f !== '') out.add(path.resolve(f));
    if (r.file === 'stdin' || typeof r.file !== 'string') continue;
    // Lists beside the input that cacs wrote (dry runs' too): the sidecar records say so.
    for (const kind of kinds) {
      const base = defaultSidecarPath(path.dirname(r.file), r.file, kind);
      for (let n = 1; n <= MAX_NUMBER; n++) {
        const f = n === 1 ? base : numberedName(base, n);
        if (!fs.existsSync(f)) {
          if (n > 1) break;
          continue;
        }
        if (store.written.get(f) !== undefined) out.add(f);
      }
    }
  }
  return [...out].filter((f) => {
    try {
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * The lists the sidecar records name that still exist (a dry run's too: the history names only
 * real runs' inputs), whether or not edited since.
 */
export function recordedLists(store: StateStore): string[] {
  return (store.written.list?.() ?? []).filter((f) => {
    try {
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  });
}

/** One CSV record of a list: where it starts and ends in the text, and its cells. */
interface Rec {
  start: number;
  end: number;
  cells: string[];
}

/** The records of a CSV text (RFC 4180 quoting), with their extents. */
export function csvRecords(text: string, delimiter: string): Rec[] {
  const out: Rec[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = i;
    const cells: string[] = [];
    let cell = '';
    for (;;) {
      if (i < n && text[i] === '"' && cell === '') {
        i++;
        for (;;) {
          if (i >= n) break;
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          cell += text[i++];
        }
      }
      if (i >= n) {
        cells.push(cell);
        break;
      }
      const c = text[i]!;
      if (c === delimiter) {
        cells.push(cell);
        cell = '';
        i++;
        continue;
      }
      if (c === '\r' && text[i + 1] === '\n') {
        cells.push(cell);
        i += 2;
        break;
      }
      if (c === '\n' || c === '\r') {
        cells.push(cell);
        i++;
        break;
      }
      cell += c;
      i++;
    }
    out.push({ start, end: i, cells });
  }
  return out;
}

/**
 * Words a form or a CRM puts where it has no identifier (`N/A`, `-`, `0`, `none`, `không có`,
 * `chưa có`…), compared lowercased without marks, spaces or punctuation.
 */
const PLACEHOLDER_IDS = new Set([
  'na',
  'nan',
  'none',
  'null',
  'nil',
  'undefined',
  'unknown',
  'empty',
  'blank',
  'tbd',
  'khong',
  'khongco',
  'chuaco',
  'khongro',
  'kxd',
  'chuaxacdinh',
  'khongxacdinh',
]);

/**
 * Whether a ref_id cell found in a list row is no one's identity: empty of letters and digits,
 * `0` or one character repeated (`000`, `xxx`), or a placeholder word. Such a value is not
 * followed from one row to others: many customers share it, and following `N/A` erased them
 * all. Asked for by name (`cacs forget N/A`), it still matches.
 */
export function isPlaceholderId(value: string): boolean {
  const key = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return key === '' || key === '0' || /^(.)\1+$/u.test(key) || PLACEHOLDER_IDS.has(key);
}

/**
 * Lines of `file` holding one of `needles`, read as UTF-16 when it starts with its byte-order
 * mark, else byte for byte (the needles are ASCII digits); 0 when it cannot be read.
 */
function rowsHolding(file: string, needles: readonly string[]): number {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return 0;
  }
  const text =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? bytes.subarray(2).toString('utf16le')
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')
        : bytes.toString('latin1');
  return text.split(/\r?\n/).filter((l) => needles.some((n) => n !== '' && l.includes(n))).length;
}

/** Whether a run's service address is this one (canonical forms: a campaign of the same key at another service is another). */
function sameService(recorded: string, serviceUrl: string): boolean {
  try {
    return canonicalServiceUrl(new URL(recorded)) === canonicalServiceUrl(new URL(serviceUrl));
  } catch {
    return recorded === serviceUrl;
  }
}

/**
 * The phone numbers written in free text (a reason, a note): runs of digits with the separators a
 * written number has, and within each run every span of its parts (split at spaces and dashes)
 * that holds a national number — 10 or 11 digits from a 0, or the same after 84, +84 or 0084:
 * `Vợ: 0912 000 080`, `zalo:0912000080`, `0912000081 0987000003`, `0987000005-0912000080`,
 * `0912.34.56.78`, `(+84) 912-000-080`. Never a bare 9-digit run (an order id, an account, an
 * amount: `DH-912000080`, `912.000.080 đ`), nor a date (`09-12-2024 10:30`): in a list's
 * free text they would match another customer's number (review, session 19).
 */
export function numbersIn(text: string): string[] {
  const out: string[] = [];
  const undated = text.replace(DATES, (d: string, a: string, b: string, c: string) =>
    isDate(a, b, c) ? ' / ' : d,
  );
  for (const m of undated.matchAll(/\+?\(?\d[\d ().-]*\d/g)) {
    const parts = m[0].split(/[\s-]+/).filter((p) => p !== '');
    for (let i = 0; i < parts.length; i++) {
      let digits = '';
      for (let j = i; j < parts.length; j++) {
        digits += parts[j]!.replace(/\D/g, '');
        if (digits.length > 13) break;
        if (digits.length < 10 || !(digits.startsWith('0') || digits.startsWith('84'))) continue;
        const span = parts.slice(i, j + 1).join(' ');
        if (THOUSANDS.test(span.replace(/[()]/g, ''))) continue;
        const v = normalizePhone(span).value;
        if (NATIONAL.test(v)) out.push(v);
      }
    }
  }
  return out;
}
/** What may be a date in a text (isDate says whether it is one). */
const DATES = /\b(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})\b/g;
/** Day-month-year (a 2- or 4-digit year) or year-month-day, each part in its range. */
function isDate(a: string, b: string, c: string): boolean {
  const [x, month, z] = [Number(a), Number(b), Number(c)];
  if (month < 1 || month > 12) return false;
  if (a.length <= 2) return x >= 1 && x <= 31 && (c.length === 2 || c.length === 4);
  return a.length === 4 && z >= 1 && z <= 31 && c.length <= 2;
}
/** An amount grouped in thousands with dots: 912.000.555 (a number is grouped 4.3.3 or 3.3.4). */
const THOUSANDS = /^[1-9]\d{0,2}(\.\d{3}){2,}$/;
/** A national number as normalisation writes it. */
const NATIONAL = /^0\d{9,10}$/;

interface ListScan {
  /** The columns (record cells) that identify a person besides the number: ref_id (an email is not: see scanList). */
  idColumns: number[];
  /** The record cell of the row's own number (phone_number), when the header maps one. */
  phoneColumn: number | undefined;
  /**
   * Records that are the person's own (not only a row that mentions their number): their
   * phone_number is one of the numbers, or their ref_id one asked for or followed. Only these
   * give more numbers, ref_ids and texts.
   */
  own: Set<number>;
  file: string;
  text: string;
  bom: boolean;
  /**
   * Not UTF-8 (saved again in another encoding): read as latin1 to find the numbers and ASCII
   * ref_ids, never rewritten (writing it back would turn the others' names into U+FFFD).
   */
  notUtf8: boolean;
  records: Rec[];
  /** Record index → the queries it matched. */
  matched: Map<number, number[]>;
}

function scanList(
  file: string,
  phones: ReadonlyMap<string, number>,
  refs: ReadonlyMap<string, number>,
): ListScan | { unreadable: string } | undefined {
  let text: string;
  let notUtf8 = false;
  try {
    const bytes = fs.readFileSync(file);
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      text = bytes.toString('latin1');
      notUtf8 = true;
    }
  } catch (e) {
    // Gone since it was written: nothing of theirs there. One this user may not read (another
    // operator's list, 0600) may hold rows about them: said, never passed over (review,
    // session 17: such lists were skipped without a word, exit 0).
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { unreadable: code ?? 'error' };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  // The header starts `line<d>code<d>reason`: the delimiter is the character after "line".
  if (!text.startsWith('line')) return undefined;
  const delimiter = text[4] ?? ',';
  const records = csvRecords(text, delimiter);
  if (records.length === 0 || !isRejectsHeader(records[0]!.cells)) return undefined;
  const matched = new Map<number, number[]>();
  let idColumns: number[] = [];
  let phoneColumn: number | undefined;
  try {
    const plan = planColumns(records[0]!.cells.slice(3), { ignoreUnmapped: true });
    // The ref_id only: an email is no one's identity here — a family, a company or a
    // placeholder (`khong@co.vn`) shares one, and following it erased other customers.
    idColumns = plan.fieldIndex.filter(([f]) => f === 'ref_id').map(([, i]) => i + 3);
    const phone = plan.fieldIndex.find(([f]) => f === 'phone_number');
    phoneColumn = phone === undefined ? undefined : phone[1] + 3;
  } catch {
    // Headers cacs cannot map: the numbers and the ref_ids asked for still match.
  }
  const scan: ListScan = {
    idColumns,
    phoneColumn,
    own: new Set(),
    file,
    text,
    bom,
    notUtf8,
    records,
    matched,
  };
  rematch(scan, phones, refs, new Map());
  return scan;
}

/**
 * Match every record again against the numbers and identifiers known now. A record holding one
 * of the numbers anywhere (its reason, another column) is matched — it is removed from the list
 * — but it is the person's own only when the number is its phone_number. A ref_id asked for
 * matches in the ref_id column only (nothing in a list whose header maps none); a ref_id followed from
 * the person's rows only in the ref_id column, and only on a row whose phone_number is no valid
 * number (a row rejected for a mistyped one) or one of the person's: another customer's row with
 * the same ref_id (a shared or colliding value) is never taken for theirs.
 */
function rematch(
  scan: ListScan,
  phones: ReadonlyMap<string, number>,
  asked: ReadonlyMap<string, number>,
  followed: ReadonlyMap<string, number>,
): void {
  const { records, matched, own, idColumns, phoneColumn } = scan;
  for (let r = 1; r < records.length; r++) {
    const cells = records[r]!.cells;
    const hits = new Set<number>();
    let mine = false;
    cells.forEach((cell, i) => {
      if (i === 0 || i === 1) return;
      // The reason: the numbers written in it. Any other cell: itself as a number, and the
      // numbers written inside it (a note `Vợ: 0912 000 080`, `0912000080;0987000002`: review,
      // session 19 — only the whole cell was looked at, and such rows stayed in the lists).
      const values = i === 2 ? numbersIn(cell) : [normalizePhone(cell).value, ...numbersIn(cell)];
      for (const v of values) {
        const q = phones.get(v);
        if (q === undefined) continue;
        hits.add(q);
        if (i === phoneColumn) mine = true;
      }
      // The ref_id column only: a list whose header maps none holds no ref_id, and a query that
      // is no number matching a name or a city there would erase every namesake.
      if (idColumns.includes(i)) {
        const q = asked.get(trimField(cell));
        if (q !== undefined) {
          hits.add(q);
          mine = true;
        }
      }
    });
    if (followed.size > 0 && phoneColumn !== undefined) {
      const number = normalizePhone(cells[phoneColumn] ?? '').value;
      if (!NORMALISED.test(number) || phones.has(number))
        for (const i of idColumns) {
          const q = followed.get(trimField(cells[i] ?? ''));
          if (q !== undefined) {
            hits.add(q);
            mine = true;
          }
        }
    }
    if (hits.size > 0) matched.set(r, [...hits]);
    if (mine) own.add(r);
  }
}

/** The list without the matched records, as it was written otherwise (byte for byte). */
function without(scan: ListScan): string {
  let out = scan.bom ? '\ufeff' : '';
  let at = 0;
  for (let r = 0; r < scan.records.length; r++) {
    const rec = scan.records[r]!;
    if (!scan.matched.has(r)) continue;
    out += scan.text.slice(at, rec.start);
    at = rec.end;
  }
  return out + scan.text.slice(at);
}

/**
 * Texts to blank in journals' reasons for a matched row: its cells of 3 characters or more
 * that are not placeholders (`N/A` in other customers' reasons is not this person).
 */
function textsOf(cells: readonly string[]): string[] {
  return cells
    .slice(3)
    .map((c) => trimField(c))
    .filter((c) => c.length >= 3 && !isPlaceholderId(c));
}

export async function forget(opts: ForgetOptions): Promise<ForgetReceipt> {
  const { store } = opts;
  const now = opts.now ?? new Date();
  const queries: ForgetQuery[] = opts.queries.map((q) => {
    const phone = phoneOf(q);
    return phone !== undefined
      ? { query: q, kind: 'phone', phone, rows: 0 }
      : { query: q, kind: 'ref_id', rows: 0 };
  });
  const phones = new Map<string, number>();
  /** ref_ids asked for: erased in the store (every ledger record sent with one) and in lists. */
  const asked = new Map<string, number>();
  queries.forEach((q, i) => {
    if (q.phone !== undefined) phones.set(q.phone, i);
    else {
      const ref = trimField(q.query);
      // `cacs forget N/A` would erase every customer whose ref_id is N/A: refused.
      if (isPlaceholderId(ref))
        throw new UsageError(t('privacy.forget.placeholder', { query: q.query }), {
          hint: t('privacy.forget.placeholder.hint'),
        });
      asked.set(ref, i);
    }
  });
  /**
   * ref_ids found in the person's own rows (or that the ledger says their number was sent
   * with): used only to find more of their rows in the lists, never to erase in the store.
   */
  const followed = new Map<string, number>();
  // Lists first (a ref_id's rows give its numbers); the store erases; then the lists.
  const runs = await store.readHistory();
  const campaignRuns =
    opts.campaign === undefined
      ? runs
      : runs.filter(
          (r) =>
            r.campaign === opts.campaign!.campaignKey &&
            sameService(r.baseUrl, opts.campaign!.serviceUrl),
        );
  // With a campaign, only the lists of that campaign's runs: another campaign's are not this
  // erasure's (the sidecar records do not say which campaign a list was for).
  // Half-written lists a killed run left (they hold customer rows) beside its inputs and lists.
  for (const dir of new Set(
    campaignRuns.flatMap((r) => [
      ...(typeof r.file === 'string' && r.file !== 'stdin' ? [path.dirname(r.file)] : []),
      ...[r.end?.rejectsFile, r.end?.skippedFile, r.end?.uncertainFile]
        .filter((f): f is string => typeof f === 'string' && f !== '')
        .map((f) => path.dirname(path.resolve(f))),
    ]),
  ))
    removeStaleTempsIn(dir);
  /** Lists cacs wrote that cannot be read as one now (saved in UTF-16, header changed…). */
  const unread: string[] = [];
  /** Lists this user may not read at all (with the errno code). */
  const closed: Array<{ file: string; code: string }> = [];
  const scans = [
    ...new Set([
      ...sidecarCandidates(store, campaignRuns),
      ...(opts.campaign === undefined ? recordedLists(store) : []),
    ]),
  ].flatMap((f) => {
    const scan = scanList(f, phones, asked);
    if (scan !== undefined && 'unreadable' in scan) {
      closed.push({ file: f, code: scan.unreadable });
      return [];
    }
    if (scan === undefined) unread.push(f);
    return scan === undefined ? [] : [scan];
  });
  // The ledger links a number to the ref_id it was sent with (both hashed): a list row with
  // that ref_id and no valid number (rejected for a mistyped one) is the same person.
  if (scans.length > 0 && phones.size > 0 && phones.size <= 1000) {
    const hasher = await store.hasher();
    const refHashes = new Map<number, number>();
    for (const [p, q] of phones)
      for (const r of await store.findLead({ phone: p, ref: '\u0000' }))
        if (r.matched === 'phone' && r.ref !== 0) refHashes.set(r.ref, q);
    if (refHashes.size > 0)
      for (const scan of scans)
        for (let r = 1; r < scan.records.length; r++)
          for (const i of scan.idColumns) {
            const v = trimField(scan.records[r]!.cells[i] ?? '');
            const q = v.length < 3 || isPlaceholderId(v) ? undefined : refHashes.get(hasher.ref(v));
            if (q !== undefined && !asked.has(v)) followed.set(v, q);
          }
  }
  // The person's own rows give their numbers (phone_number only: another column may hold a
  // relative's or a referrer's) and their ref_id, which finds more of their rows; until
  // nothing new is found. An email is followed never (see scanList).
  for (let round = 0; round < 5; round++) {
    for (const scan of scans) rematch(scan, phones, asked, followed);
    let added = 0;
    for (const scan of scans)
      for (const r of scan.own) {
        const cells = scan.records[r]!.cells;
        const q = scan.matched.get(r)?.[0] ?? 0;
        if (scan.phoneColumn !== undefined) {
          const v = normalizePhone(cells[scan.phoneColumn] ?? '').value;
          if (NORMALISED.test(v) && !phones.has(v)) {
            phones.set(v, q);
            added++;
          }
        }
        for (const i of scan.idColumns) {
          const v = trimField(cells[i] ?? '');
          if (v.length >= 3 && !isPlaceholderId(v) && !asked.has(v) && !followed.has(v)) {
            followed.set(v, q);
            added++;
          }
        }
      }
    if (added === 0) break;
  }
  const texts = new Set<string>();
  for (const scan of scans)
    for (const [r] of scan.matched)
      if (scan.own.has(r)) for (const t of textsOf(scan.records[r]!.cells)) texts.add(t);
  const allPhones = new Set(phones.keys());
  for (const p of allPhones) {
    texts.add(p);
    texts.add(p.slice(1)); // the national number: in +84…, 84… and 0… alike
  }
  // A ref_id's text in the service's words (a journal's reasons): not a short one or a
  // placeholder, which other customers' reasons may hold.
  for (const r of [...asked.keys(), ...followed.keys()])
    if (r.length >= 3 && !isPlaceholderId(r)) texts.add(r);
  const erased = await store.eraseLeads({
    phones: [...allPhones],
    refs: [...asked.keys()],
    foundRefs: [...followed.keys()],
    ...(opts.campaign ? { campaign: opts.campaign } : {}),
    texts: [...texts],
    now,
  });
  const files: ForgetReceipt['files'] = [];
  const notCleaned: ForgetReceipt['notCleaned'] = [];
  for (const scan of scans) {
    if (scan.matched.size === 0) continue;
    // One list that cannot be cleaned does not stop the others: it is named in the receipt.
    if (scan.notUtf8) {
      notCleaned.push(notCleanedEntry(scan.file, scan.matched.size, 'not_utf8'));
      continue;
    }
    const text = without(scan);
    let st: fs.Stats;
    const ours = store.written.get(scan.file);
    try {
      st = fs.statSync(scan.file);
      // Root rewriting another operator's list leaves it theirs (the rows are theirs already).
      writeFileAtomicSync(scan.file, text, { mode: 0o600, keepOwner: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException | undefined)?.code ?? 'error';
      notCleaned.push(notCleanedEntry(scan.file, scan.matched.size, code));
      continue;
    }
    if (ours !== undefined && ours.size === st.size) {
      // Still cacs's own: the record follows the new bytes.
      const h = new WrittenHash();
      h.update(Buffer.from(text));
      try {
        store.written.put(scan.file, {
          v: 1,
          ...h.digest(),
          real: ours.real,
          ...(ours.input !== undefined ? { input: ours.input } : {}),
        });
      } catch {
        // Only means the list is kept (not replaced) by a later run.
      }
    }
    files.push({ file: scan.file, rows: scan.matched.size });
    // Rows removed, by what was asked: only those of lists actually cleaned (a receipt said "1
    // row removed" beside "NOT CLEANED: … 1 row about them stays": review, session 17).
    for (const qs of scan.matched.values()) for (const q of qs) queries[q]!.rows++;
    testPoint('forget-list-rewritten');
  }
  // A list cacs wrote that cannot be read as one any more, yet holds one of them (in UTF-8 or
  // UTF-16, as Excel's "Unicode Text" saves it): named, never rewritten.
  for (const f of unread) {
    const rows = rowsHolding(f, [...allPhones, ...[...allPhones].map((p) => p.slice(1))]);
    if (rows > 0) notCleaned.push(notCleanedEntry(f, rows, 'unreadable'));
  }
  for (const c of closed) notCleaned.push(notCleanedEntry(c.file, null, c.code));
  const ledgerRecords = erased.ledgers.reduce((a, l) => a + l.records, 0);
  // A journal rewritten or a bookmark removed is something held too (review, session 16: a
  // receipt said "nothing held" after it had removed a bookmark of the ref_id).
  const nothingHeld =
    erased.held === 0 &&
    files.length === 0 &&
    notCleaned.length === 0 &&
    ledgerRecords === 0 &&
    erased.journals === 0 &&
    erased.bookmarks === 0;
  if (!nothingHeld || erased.numbers > 0) {
    const p = (v: number) => String(v).padStart(2, '0');
    const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
    await store.appendErasure({
      k: 'erase',
      id: `e${stamp}`,
      at: now.toISOString(),
      people: queries.length,
      ledgerRecords,
      files: files.map((f) => f.file),
    });
  }
  return {
    at: now.toISOString(),
    store: { kind: store.kind, location: store.location },
    campaign: opts.campaign?.campaignKey ?? null,
    queries,
    numbers: erased.numbers,
    held: erased.held,
    ledgers: erased.ledgers,
    files,
    notCleaned,
    journals: erased.journals,
    bookmarks: erased.bookmarks,
    nothingHeld,
  };
}

function notCleanedEntry(file: string, rows: number | null, code: string): NotCleaned {
  return { file, rows, code, reason: notCleanedReason(code) };
}
