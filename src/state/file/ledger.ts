/**
 * The campaign ledger (DESIGN.md, "Campaign ledger, sidecar files and history"): for each
 * (service address, campaign key), every lead the service accepted and every lead left
 * uncertain, so that no lead is sent twice across files and runs.
 *
 * File: `<state>/ledgers/<key>.ledger`, fixed 24-byte records appended durably (a torn last
 * record is cut when the ledger is opened for writing):
 *
 *   0  u32  phone hash, low      12  u32  run number (see history.ts)
 *   4  u32  phone hash, high     16  u32  time, seconds since 1970
 *   8  u32  ref_id hash (0: none) 20  u8   state: 0 not imported, 1 accepted, 2 uncertain
 *                                21  u8   0xC5 (a record marker), 22..23 zero
 *
 * Numbers are stored as a keyed 64-bit hash (two murmur3 passes with a secret seed kept in the
 * state folder), so the file holds no readable phone number. The latest record of a number
 * wins: a batch is recorded uncertain before its request leaves, then accepted or not imported.
 *
 * Memory: an open-addressing table of (hash low, hash high, state + run slot) — 12 bytes a slot
 * at a load of at most 3/4, so at most 32 bytes per number — never the records as objects.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import { t } from '../../messages/index.js';
import { freeSpace, makeDirs, writeFileAtomicSync } from '../../atomic-write.js';
import { flushOnExit } from '../../cleanup.js';
import { openAppend, refuseLink, stateReadError, writingState } from './state-write.js';
import { AppendLog, JournalWriteError } from './journal.js';

import {
  STATE_ACCEPTED,
  STATE_NONE,
  STATE_UNCERTAIN,
  type CampaignLedger,
  type Claimed,
  type LedgerEntry,
  type LedgerHit,
  type LedgerRecord,
  type LedgerState,
} from '../types.js';

export { STATE_ACCEPTED, STATE_NONE, STATE_UNCERTAIN };
export type { LedgerEntry, LedgerHit, LedgerRecord, LedgerState };

export const RECORD_BYTES = 24;
const MARK = 0xc5;
/** Every lead claimed: the campaign's lock keeps other runs off it. */
const ALL_CLAIMED: Claimed = Object.freeze({ refused: Object.freeze([]) });

/** murmur3 (32-bit) of a string's UTF-16 code units. */
function murmur(text: string, seed: number): number {
  let h = seed >>> 0;
  const n = text.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    let k = (text.charCodeAt(i) & 0xffff) | ((text.charCodeAt(i + 1) & 0xffff) << 16);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (i < n) {
    let k = text.charCodeAt(i) & 0xffff;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
  }
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The keyed hashes of numbers and reference ids (one secret per state folder). */
export class Hasher {
  constructor(private readonly seeds: readonly [number, number, number]) {}

  /** The 64-bit hash of a normalised phone number, as [low, high]. */
  phone(phone: string): [number, number] {
    return [murmur(phone, this.seeds[0]), murmur(phone, this.seeds[1])];
  }

  /** The 32-bit hash of a ref_id (never 0, which means "none"). */
  ref(ref: string | undefined): number {
    if (ref === undefined || ref === '') return 0;
    return murmur(ref, this.seeds[2]) || 1;
  }

  /** The state folder's hasher: its secret is made on first use (0600, created exclusively). */
  static forStateDir(stateDir: string): Hasher {
    const dir = path.join(stateDir, 'ledgers');
    return writingState(dir, t('state.ledger.secret.what'), () => Hasher.fromFolder(dir));
  }

  private static fromFolder(dir: string): Hasher {
    makeDirs(dir);
    const file = path.join(dir, 'secret');
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (e) {
      // One that cannot be read (another user's: permission denied) is said as such, not as a
      // secret that cannot be written.
      if ((e as { code?: string }).code !== 'ENOENT')
        throw stateReadError(e, dir, t('state.ledger.secret.what'));
      // Ledgers without their secret cannot be read: a new secret would make every lead they
      // hold look new, and send it again. A run starting beside this one may have made the
      // secret, then a ledger, since it was read (a run makes its secret before any ledger):
      // read once more before saying it is missing (a CI run saw two of three imports started
      // together on a new folder refused so).
      const again = fs.readdirSync(dir).some((f) => f.endsWith('.ledger'))
        ? readIfThere(file)
        : undefined;
      if (again === null)
        throw new UsageError(t('state.ledger.secret.missing', { file }), {
          hint: t('state.ledger.secret.missing.hint'),
        });
      if (again !== undefined) bytes = again;
      else {
        const fresh = randomBytes(12);
        try {
          // Complete or not at all (a full disk must not leave an empty secret behind), and never
          // over one another run made meanwhile (noClobber: the final link fails with EEXIST).
          writeFileAtomicSync(file, fresh, { noClobber: true });
          bytes = fresh;
        } catch (e2) {
          if ((e2 as { code?: string }).code !== 'EEXIST') throw e2;
          bytes = fs.readFileSync(file); // another run made it first
        }
      }
    }
    if (bytes.length < 12)
      throw new UsageError(t('state.ledger.secret.damaged', { file, bytes: bytes.length }), {
        hint: fs.readdirSync(dir).some((f) => f.endsWith('.ledger'))
          ? t('state.ledger.secret.damaged.hint')
          : t('state.ledger.secret.unused.hint'),
      });
    return new Hasher([bytes.readUInt32LE(0), bytes.readUInt32LE(4), bytes.readUInt32LE(8)]);
  }
}

/**
 * Hash → latest state and run: open addressing over one typed array of 3-word slots (hash low,
 * hash high, value), so a probe touches one cache line.
 */
export class LedgerTable {
  /** Per slot: hash low, hash high, then 0 (empty) or (runSlot + 1) * 4 + state. */
  private slots: Uint32Array;
  private cap: number;
  private size = 0;
  /** Distinct runs seen, with the time each first appears. */
  readonly runs: number[] = [];
  readonly runTimes: number[] = [];
  private readonly runSlot = new Map<number, number>();
  /** The last run looked up (records come in long runs of one run). */
  private lastRun = -1;
  private lastSlot = 0;

  /** Room for `expected` numbers without growing. */
  constructor(expected = 0) {
    let cap = 1 << 10;
    while (cap * 3 < expected * 4) cap *= 2;
    this.cap = cap;
    this.slots = new Uint32Array(cap * 3);
  }

  get count(): number {
    return this.size;
  }

  /** Bytes held by the table (for the memory figure). */
  get bytes(): number {
    return this.slots.byteLength;
  }

  set(lo: number, hi: number, state: number, run: number, time: number): void {
    let slot = run === this.lastRun ? this.lastSlot : this.runSlot.get(run);
    if (slot === undefined) {
      slot = this.runs.length;
      this.runSlot.set(run, slot);
      this.runs.push(run);
      this.runTimes.push(time);
    }
    this.lastRun = run;
    this.lastSlot = slot;
    if ((this.size + 1) * 4 > this.cap * 3) this.grow();
    this.put(lo, hi, (slot + 1) * 4 + state);
  }

  private put(lo: number, hi: number, v: number): void {
    const s = this.slots;
    const mask = this.cap - 1;
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    for (;;) {
      const at = i * 3;
      const cur = s[at + 2]!;
      if (cur === 0) {
        s[at] = lo;
        s[at + 1] = hi;
        s[at + 2] = v;
        this.size++;
        return;
      }
      if (s[at] === lo && s[at + 1] === hi) {
        s[at + 2] = v;
        return;
      }
      i = (i + 1) & mask;
    }
  }

  get(lo: number, hi: number): { state: number; run: number; at: number } | undefined {
    const s = this.slots;
    const mask = this.cap - 1;
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    for (;;) {
      const at = i * 3;
      const v = s[at + 2]!;
      if (v === 0) return undefined;
      if (s[at] === lo && s[at + 1] === hi) {
        const slot = (v >>> 2) - 1;
        return { state: v & 3, run: this.runs[slot]!, at: this.runTimes[slot]! };
      }
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.cap *= 2;
    this.slots = new Uint32Array(this.cap * 3);
    this.size = 0;
    for (let at = 0; at < old.length; at += 3)
      if (old[at + 2] !== 0) this.put(old[at]!, old[at + 1]!, old[at + 2]!);
  }
}

export interface LedgerTarget {
  stateDir: string;
  /** Canonical service address (net.ts canonicalServiceUrl). */
  baseUrl: string;
  campaignKey: string;
}

export function ledgerFolder(stateDir: string): string {
  return path.join(stateDir, 'ledgers');
}

export function ledgerFile(t: LedgerTarget): string {
  const key = createHash('sha256')
    .update(`${t.baseUrl}\0${t.campaignKey}`)
    .digest('hex')
    .slice(0, 32);
  return path.join(ledgerFolder(t.stateDir), `${key}.ledger`);
}

/** Every record of a ledger file, in order (complete records only). */
export function* readRecords(
  file: string,
): Generator<{ lo: number; hi: number; ref: number; run: number; time: number; state: number }> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return;
    throw e;
  }
  try {
    const buf = Buffer.allocUnsafe(RECORD_BYTES * 43_690); // about 1 MB, whole records
    let pos = 0;
    let index = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, pos);
      const whole = n - (n % RECORD_BYTES);
      for (let o = 0; o < whole; o += RECORD_BYTES, index++) {
        if (buf[o + 21] !== MARK)
          throw new UsageError(t('state.ledger.damaged', { file, record: index + 1 }), {
            hint: t('state.ledger.damaged.hint'),
          });
        yield {
          lo: buf.readUInt32LE(o),
          hi: buf.readUInt32LE(o + 4),
          ref: buf.readUInt32LE(o + 8),
          run: buf.readUInt32LE(o + 12),
          time: buf.readUInt32LE(o + 16),
          state: buf[o + 20]!,
        };
      }
      pos += whole;
      if (n < buf.length) break;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Read a ledger into a table (a missing ledger is empty): whole records straight from the read
 * buffer (no object per record), into a table sized for them up front.
 */
export function loadTable(file: string): { table: LedgerTable; validBytes: number } {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT')
      return { table: new LedgerTable(), validBytes: 0 };
    throw e;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const table = new LedgerTable(Math.floor(size / RECORD_BYTES));
    // An ArrayBuffer of its own (offset 0), so the records can be read as 32-bit words.
    const buf = Buffer.from(new ArrayBuffer(RECORD_BYTES * 43_690));
    const words = new Uint32Array(buf.buffer);
    const le = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
    let pos = 0;
    for (;;) {
      const got = fs.readSync(fd, buf, 0, buf.length, pos);
      const whole = got - (got % RECORD_BYTES);
      for (let o = 0; o < whole; o += RECORD_BYTES) {
        if (buf[o + 21] !== MARK)
          throw new UsageError(
            t('state.ledger.damaged', { file, record: (pos + o) / RECORD_BYTES + 1 }),
            { hint: t('state.ledger.damaged.hint') },
          );
        const w = o >> 2;
        if (le) table.set(words[w]!, words[w + 1]!, buf[o + 20]!, words[w + 3]!, words[w + 4]!);
        else
          table.set(
            buf.readUInt32LE(o),
            buf.readUInt32LE(o + 4),
            buf[o + 20]!,
            buf.readUInt32LE(o + 12),
            buf.readUInt32LE(o + 16),
          );
      }
      pos += whole;
      if (got < buf.length) break;
    }
    return { table, validBytes: pos };
  } finally {
    fs.closeSync(fd);
  }
}

/** The ledger of one campaign, read for lookups and (for a real import) opened for appending. */
export class Ledger implements CampaignLedger {
  /** Its outcomes and the journal's are two files' writes (send.ts SendLedger.outcomesApart). */
  readonly outcomesApart = true;
  private constructor(
    readonly file: string,
    private readonly hasher: Hasher,
    /** The lookups; undefined once released (releaseLookups). */
    private table: LedgerTable | undefined,
    private readonly log: AppendLog | undefined,
    private readonly run: number,
    private readonly target: LedgerTarget,
  ) {
    // A second Ctrl-C exits at once: the outcomes already known are written first (as the
    // journal's are), or an accepted lead would look uncertain to every later run.
    if (log) this.forgetFlush = flushOnExit(() => log.flushNow());
  }

  private forgetFlush: () => void = () => {};
  /** The size the description (`<key>.json`) gives the records (a writing ledger). */
  private metaBytes = 0;

  /**
   * Open a campaign's ledger. `run` undefined: read only (a dry run). The caller holds the
   * campaign's lock for a writing open, so no other run appends meanwhile.
   */
  static async open(t: LedgerTarget, run?: number): Promise<Ledger> {
    const hasher = Hasher.forStateDir(t.stateDir);
    const file = ledgerFile(t);
    // Never read, cut or appended to through a link at its name (journal.ts the same).
    if (run !== undefined)
      try {
        refuseLink(file);
      } catch (e) {
        throw ledgerError(path.dirname(file), e);
      }
    // The description first, then the records: a run appending meanwhile only makes the
    // records longer than the description says.
    const metaFile = ledgerMetaFile(file);
    const held = readMetaBytes(metaFile);
    const { table, validBytes } = loadTable(file);
    if (held !== undefined && validBytes < held)
      throw damagedLedger(file, metaFile, validBytes, held);
    if (run === undefined) return new Ledger(file, hasher, table, undefined, 0, t);
    try {
      // A torn last record (power loss mid-append) is cut off before anything is appended.
      if (fs.existsSync(file) && fs.statSync(file).size > validBytes)
        fs.truncateSync(file, validBytes);
      if (held !== validBytes) writeLedgerMeta(metaFile, t, validBytes);
      const fh = await openAppend(file);
      const ledger = new Ledger(file, hasher, table, new AppendLog(fh, validBytes), run, t);
      ledger.metaBytes = validBytes;
      return ledger;
    } catch (e) {
      throw ledgerError(path.dirname(file), e);
    }
  }

  get size(): number {
    return this.table?.count ?? 0;
  }

  get memoryBytes(): number {
    return this.table?.bytes ?? 0;
  }

  /**
   * Let go of the lookup table once no more lookups come (an import's preflight is over): what
   * is appended from then on is only written, so memory does not grow with the leads sent.
   * lookup() throws afterwards.
   */
  releaseLookups(): void {
    this.table = undefined;
  }

  lookup(phone: string): LedgerHit | undefined {
    if (this.table === undefined) throw new Error('Ledger.lookup after releaseLookups');
    // A campaign's first import: nothing to find, no number to hash.
    if (this.table.count === 0) return undefined;
    const [lo, hi] = this.hasher.phone(phone);
    const r = this.table.get(lo, hi);
    if (r === undefined || r.state === STATE_NONE) return undefined;
    return {
      state: r.state === STATE_ACCEPTED ? 'accepted' : 'uncertain',
      run: r.run,
      at: new Date(r.at * 1000),
    };
  }

  /** A batch's records with their numbers' and ref_ids' hashes only (see stamped). */
  private hashed(entries: readonly LedgerEntry[]): Buffer {
    const buf = Buffer.alloc(entries.length * RECORD_BYTES);
    entries.forEach((e, i) => {
      const o = i * RECORD_BYTES;
      const [lo, hi] = this.hasher.phone(e.phone);
      buf.writeUInt32LE(lo, o);
      buf.writeUInt32LE(hi, o + 4);
      buf.writeUInt32LE(this.hasher.ref(e.ref), o + 8);
      buf[o + 21] = MARK;
    });
    return buf;
  }

  /** `buf`'s records given `state`, this run and the time now (and the lookups told). */
  private stamped(buf: Buffer, state: number): Buffer {
    const now = Math.floor(Date.now() / 1000);
    for (let o = 0; o < buf.length; o += RECORD_BYTES) {
      buf.writeUInt32LE(this.run >>> 0, o + 12);
      buf.writeUInt32LE(now, o + 16);
      buf[o + 20] = state;
      this.table?.set(buf.readUInt32LE(o), buf.readUInt32LE(o + 4), state, this.run, now);
    }
    return buf;
  }

  private records(entries: readonly LedgerEntry[], state: number): Buffer {
    return this.stamped(this.hashed(entries), state);
  }

  /** Batches hashed ahead by prepare(), until their begin(). */
  private readonly prepared = new WeakMap<readonly LedgerEntry[], Buffer>();

  /**
   * Hash a batch's numbers while it waits for a slot (send.ts): its begin() then only stamps
   * the state, the run and the time — at begin(), when it goes in flight — and writes. The
   * hashing (≈ 0.2 ms a batch of 500) is then off the time between an answer and the next
   * request. Nothing is written or looked up differently.
   */
  prepare(entries: readonly LedgerEntry[]): void {
    if (!this.log || this.prepared.has(entries)) return;
    this.prepared.set(entries, this.hashed(entries));
  }

  /**
   * The records begin() wrote, by the very entries it was given: settle() of the same batch
   * (the usual case) copies them with the new state instead of hashing every lead again.
   */
  private readonly begun = new WeakMap<readonly LedgerEntry[], Buffer>();

  /** A copy of begin()'s records with another state and the time now. */
  private resettled(begun: Buffer, state: number): Buffer {
    const buf = Buffer.from(begun);
    const now = Math.floor(Date.now() / 1000);
    for (let o = 0; o < buf.length; o += RECORD_BYTES) {
      buf.writeUInt32LE(now, o + 16);
      buf[o + 20] = state;
      this.table?.set(buf.readUInt32LE(o), buf.readUInt32LE(o + 4), state, this.run, now);
    }
    return buf;
  }

  /** Before a request leaves: its leads are uncertain until the answer says otherwise (durable). */
  async begin(entries: readonly LedgerEntry[]): Promise<Claimed> {
    const log = this.log;
    if (!log) return ALL_CLAIMED;
    if (log.failed !== undefined) throw ledgerError(path.dirname(this.file), log.failed);
    const hashed = this.prepared.get(entries);
    this.prepared.delete(entries);
    const records =
      hashed !== undefined
        ? this.stamped(hashed, STATE_UNCERTAIN)
        : this.records(entries, STATE_UNCERTAIN);
    this.begun.set(entries, records);
    log.add(records);
    try {
      await log.durable();
    } catch (e) {
      throw ledgerError(path.dirname(this.file), e);
    }
    return ALL_CLAIMED;
  }

  /**
   * After the answer: accepted, still uncertain, or not imported. Written at once (synced with
   * the next write): the caller records the batch's outcome in the journal after this, so a
   * process killed in between leaves the ledger ahead of the journal, never behind it (a lead
   * the journal calls done and the ledger uncertain is hidden from a retry and held back from
   * every later run; see AppendLog).
   */
  settle(entries: readonly LedgerEntry[], state: LedgerState): void {
    if (!this.log || entries.length === 0) return;
    const begun = this.begun.get(entries);
    this.begun.delete(entries);
    this.log.add(begun ? this.resettled(begun, state) : this.records(entries, state), true);
    this.log.writeNow();
  }

  /** Everything recorded so far is durable (before the journal's last outcomes are synced). */
  async sync(): Promise<void> {
    if (!this.log) return;
    try {
      await this.log.durable();
    } catch (e) {
      throw ledgerError(path.dirname(this.file), e);
    }
  }

  async close(): Promise<void> {
    if (!this.log) return;
    this.forgetFlush();
    try {
      await this.log.close();
      // What the records hold now, for the next run to check (every write is durable by now).
      const size = fs.statSync(this.file).size;
      if (size !== this.metaBytes) {
        writeLedgerMeta(ledgerMetaFile(this.file), this.target, size);
        this.metaBytes = size;
      }
    } catch (e) {
      throw ledgerError(path.dirname(this.file), e);
    }
  }
}

/**
 * A ledger's description, `<key>.json` beside `<key>.ledger`: the service and campaign, and
 * `bytes`, the size of the records when the last run that wrote them closed them. Records are
 * only ever appended, so records shorter than that (emptied, cut short, missing) are damage:
 * reading them as they are would send again leads the campaign already has.
 */
export function ledgerMetaFile(file: string): string {
  return `${file.slice(0, -'.ledger'.length)}.json`;
}

/** The size a ledger's description gives its records; undefined: no description, or an older one without a size. */
function readMetaBytes(metaFile: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(metaFile, 'utf8');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const bytes = (JSON.parse(text) as { bytes?: unknown }).bytes;
    return typeof bytes === 'number' && Number.isSafeInteger(bytes) && bytes >= 0
      ? bytes
      : undefined;
  } catch {
    return undefined; // a torn or edited description: rewritten by the next real run
  }
}

/**
 * Throws the damaged-ledger error (exit 2) when `file`'s records are shorter than its
 * description says (emptied, cut short, missing): for readers that do not open the Ledger
 * (`cacs reconcile`). Description first, then the size, as Ledger.open reads them.
 */
export function assertLedgerIntact(file: string): void {
  const metaFile = ledgerMetaFile(file);
  const held = readMetaBytes(metaFile);
  if (held === undefined) return;
  const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const valid = size - (size % RECORD_BYTES);
  if (valid < held) throw damagedLedger(file, metaFile, valid, held);
}

function writeLedgerMeta(metaFile: string, t: LedgerTarget, bytes: number): void {
  writeFileAtomicSync(
    metaFile,
    `${JSON.stringify({ baseUrl: t.baseUrl, campaign: t.campaignKey, bytes })}\n`,
    { noFollow: true },
  );
}

function damagedLedger(
  file: string,
  metaFile: string,
  validBytes: number,
  held: number,
): UsageError {
  // Counts as written in a file name's neighbourhood: plain digits, no grouping.
  const records = (n: number) =>
    n === 1 ? t('state.ledger.records.one', { n }) : t('state.ledger.records.other', { n });
  const heldRecords = Math.floor(held / RECORD_BYTES);
  const what = !fs.existsSync(file)
    ? t('state.ledger.cut.missing')
    : t('state.ledger.cut.holds', {
        records: records(Math.floor(validBytes / RECORD_BYTES)),
        bytes: fs.statSync(file).size,
      });
  return new UsageError(
    t('state.ledger.cut', {
      file,
      what,
      meta: path.basename(metaFile),
      held: records(heldRecords),
    }),
    { hint: t('state.ledger.cut.hint', { name: path.basename(file), meta: metaFile }) },
  );
}

function ledgerError(folder: string, e: unknown): JournalWriteError {
  if (e instanceof JournalWriteError) return e;
  return new JournalWriteError(
    folder,
    (e as { code?: string }).code ?? 'EIO',
    freeSpace(folder),
    'ledger',
  );
}

/**
 * Append records to a ledger as they are given (each under its own run: `cacs reconcile`
 * settles leads under the run that sent them), durably: a torn last record is cut first, a
 * failed write is cut back to the last complete record (AppendLog), and the call returns once
 * the records are on disk. The caller holds the campaign's lock.
 */
export async function appendLedgerRecords(
  file: string,
  records: readonly LedgerRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const buf = Buffer.alloc(records.length * RECORD_BYTES);
  records.forEach((r, i) => {
    const o = i * RECORD_BYTES;
    buf.writeUInt32LE(r.lo >>> 0, o);
    buf.writeUInt32LE(r.hi >>> 0, o + 4);
    buf.writeUInt32LE(r.ref >>> 0, o + 8);
    buf.writeUInt32LE(r.run >>> 0, o + 12);
    buf.writeUInt32LE(r.time >>> 0, o + 16);
    buf[o + 20] = r.state;
    buf[o + 21] = MARK;
  });
  let log: AppendLog | undefined;
  try {
    refuseLink(file);
    const size = fs.statSync(file).size;
    const valid = size - (size % RECORD_BYTES);
    if (valid < size) fs.truncateSync(file, valid);
    log = new AppendLog(await openAppend(file), valid);
    log.add(buf, true);
    await log.durable();
  } catch (e) {
    await log?.close().catch(() => {});
    throw ledgerError(path.dirname(file), e);
  }
  try {
    await log.close();
  } catch (e) {
    throw ledgerError(path.dirname(file), e);
  }
}

/** A file's bytes, or null when it is not there. */
function readIfThere(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
}
