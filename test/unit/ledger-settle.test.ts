/**
 * The file ledger's settle(): settle() of the very array begin() was given copies begin()'s
 * records with the new state and time (no second hashing of every lead); any other array is
 * hashed afresh. Whichever way a record is made, what is read back from the state folder must
 * be what hashing the entries gives (phone hash, ref hash, run, state, the time of the settle),
 * the ledger's own lookups must follow it, and a new run must see each lead as settled.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STATE_ACCEPTED,
  STATE_NONE,
  STATE_UNCERTAIN,
  openStateStore,
  type CampaignRef,
  type LedgerEntry,
  type LedgerRecord,
  type LedgerState,
  type StateStore,
} from '../../src/state/index.js';
import { tempDir } from '../helpers/tmp.js';

const campaign: CampaignRef = { serviceUrl: 'http://127.0.0.1:9', campaignKey: 'summer' };
/** The clock the ledger stamps records with (Date only: the file writes keep their timers). */
const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function store(): { s: StateStore; stateDir: string } {
  const stateDir = path.join(tempDir('cacs-settle-'), 'state');
  return { s: openStateStore({ stateDir }), stateDir };
}

async function readBack(s: StateStore): Promise<LedgerRecord[]> {
  const all: LedgerRecord[] = [];
  for await (const batch of s.ledgerRecords(campaign)) for (const r of batch) all.push({ ...r });
  return all;
}

/** What hashing the entries gives, as the ledger must hold them. */
async function expected(
  s: StateStore,
  entries: readonly LedgerEntry[],
  run: number,
  state: LedgerState,
  atMs: number,
): Promise<LedgerRecord[]> {
  const h = await s.hasher();
  return entries.map((e) => {
    const [lo, hi] = h.phone(e.phone);
    return { lo, hi, ref: h.ref(e.ref), run, time: sec(atMs), state };
  });
}

const batchA: LedgerEntry[] = [
  { phone: '0912345678', ref: 'KH-1' },
  { phone: '0987654321' }, // no ref_id: hash 0
  { phone: '0933333333', ref: 'KH-3' },
];
const batchB: LedgerEntry[] = [
  { phone: '0944444444', ref: 'KH-4' },
  { phone: '0955555555', ref: 'KH-5' },
];
const batchC: LedgerEntry[] = [
  { phone: '0966666666', ref: 'KH-6' },
  { phone: '0977777777', ref: 'KH-7' },
];
const word = { [STATE_ACCEPTED]: 'accepted', [STATE_UNCERTAIN]: 'uncertain' } as const;

/** What a lookup must say of a lead whose latest record has `state` under `run`. */
function hit(state: LedgerState, run: number, atMs: number) {
  return state === STATE_NONE
    ? undefined
    : { state: word[state], run, at: new Date(sec(atMs) * 1000) };
}

describe('file ledger: settle() of the batch begin() was given', () => {
  for (const [name, state] of [
    ['accepted', STATE_ACCEPTED],
    ['rejected (not imported)', STATE_NONE],
    ['left uncertain', STATE_UNCERTAIN],
  ] as const) {
    it(`${name}: the records read back are the entries' hashes, with the settle's state and time`, async () => {
      const { s } = store();
      const ledger = await s.openLedger(campaign, 7);
      await ledger.begin(batchA);
      vi.setSystemTime(T0 + 65_000); // the answer comes a minute later
      ledger.settle(batchA, state);
      // The ledger's own lookups follow the settle (its table is updated as it writes).
      for (const e of batchA) expect(ledger.lookup(e.phone)).toEqual(hit(state, 7, T0));
      await ledger.close();

      expect(await readBack(s)).toEqual([
        ...(await expected(s, batchA, 7, STATE_UNCERTAIN, T0)),
        ...(await expected(s, batchA, 7, state, T0 + 65_000)),
      ]);
      // A new run (a new store over the same folder) sees each lead as settled.
      const next = await openStateStore({ stateDir: s.location }).openLedger(campaign, 8);
      for (const e of batchA) expect(next.lookup(e.phone)).toEqual(hit(state, 7, T0));
      expect(next.lookup('0999999999')).toBeUndefined();
      await next.close();
    });
  }
});

describe('file ledger: settle() of another array', () => {
  it('the same leads in a new array (reordered) are hashed afresh, in the order given', async () => {
    const { s } = store();
    const ledger = await s.openLedger(campaign, 7);
    await ledger.begin(batchA);
    await ledger.begin(batchB); // the latest begin() is not the one settled
    const same = [...batchA].reverse();
    ledger.settle(same, STATE_ACCEPTED);
    // The array begin() was given is still begin()'s: settling it now copies its records.
    ledger.settle(batchA, STATE_NONE);
    await ledger.close();

    expect(await readBack(s)).toEqual([
      ...(await expected(s, batchA, 7, STATE_UNCERTAIN, T0)),
      ...(await expected(s, batchB, 7, STATE_UNCERTAIN, T0)),
      ...(await expected(s, same, 7, STATE_ACCEPTED, T0)),
      ...(await expected(s, batchA, 7, STATE_NONE, T0)),
    ]);
    const next = await openStateStore({ stateDir: s.location }).openLedger(campaign);
    for (const e of batchA) expect(next.lookup(e.phone)).toBeUndefined();
    for (const e of batchB) expect(next.lookup(e.phone)).toEqual(hit(STATE_UNCERTAIN, 7, T0));
    await next.close();
  });

  it('an array never begun (a reconcile-like settle) is hashed as given', async () => {
    const { s } = store();
    const ledger = await s.openLedger(campaign, 9);
    ledger.settle(batchB, STATE_ACCEPTED);
    await ledger.close();
    expect(await readBack(s)).toEqual(await expected(s, batchB, 9, STATE_ACCEPTED, T0));
  });
});

describe('file ledger: batches settled out of order', () => {
  it('each settle writes its own batch: B answered first, then A, then C', async () => {
    const { s } = store();
    const ledger = await s.openLedger(campaign, 11);
    await ledger.begin(batchA);
    vi.setSystemTime(T0 + 1_000);
    await ledger.begin(batchB);
    await ledger.begin(batchC);
    vi.setSystemTime(T0 + 5_000);
    ledger.settle(batchB, STATE_ACCEPTED);
    vi.setSystemTime(T0 + 9_000);
    ledger.settle(batchA, STATE_NONE);
    expect(ledger.lookup(batchB[0]!.phone)).toEqual(hit(STATE_ACCEPTED, 11, T0));
    expect(ledger.lookup(batchA[0]!.phone)).toBeUndefined();
    expect(ledger.lookup(batchC[0]!.phone)).toEqual(hit(STATE_UNCERTAIN, 11, T0));
    ledger.settle(batchC, STATE_ACCEPTED);
    // Settled again (a second answer for the same array): hashed afresh, same records.
    vi.setSystemTime(T0 + 12_000);
    ledger.settle(batchB, STATE_UNCERTAIN);
    await ledger.close();

    expect(await readBack(s)).toEqual([
      ...(await expected(s, batchA, 11, STATE_UNCERTAIN, T0)),
      ...(await expected(s, batchB, 11, STATE_UNCERTAIN, T0 + 1_000)),
      ...(await expected(s, batchC, 11, STATE_UNCERTAIN, T0 + 1_000)),
      ...(await expected(s, batchB, 11, STATE_ACCEPTED, T0 + 5_000)),
      ...(await expected(s, batchA, 11, STATE_NONE, T0 + 9_000)),
      ...(await expected(s, batchC, 11, STATE_ACCEPTED, T0 + 9_000)),
      ...(await expected(s, batchB, 11, STATE_UNCERTAIN, T0 + 12_000)),
    ]);
    const next = await openStateStore({ stateDir: s.location }).openLedger(campaign, 12);
    for (const e of batchA) expect(next.lookup(e.phone)).toBeUndefined();
    for (const e of batchB) expect(next.lookup(e.phone)).toEqual(hit(STATE_UNCERTAIN, 11, T0));
    for (const e of batchC) expect(next.lookup(e.phone)).toEqual(hit(STATE_ACCEPTED, 11, T0));
    await next.close();
  });
});

describe('file ledger: prepare() while a batch waits for its slot', () => {
  it('writes and tells the lookups nothing; begin() of the same array stamps its own time', async () => {
    const { s } = store();
    const ledger = await s.openLedger(campaign, 13);
    expect(typeof ledger.prepare).toBe('function');
    ledger.prepare!(batchA);
    ledger.prepare!(batchB);
    for (const e of [...batchA, ...batchB]) expect(ledger.lookup(e.phone)).toBeUndefined();
    // The slot frees half a minute later: the records say when the batch went in flight.
    vi.setSystemTime(T0 + 30_000);
    await ledger.begin(batchA);
    // batchB is never begun (the run stopped): nothing of it is written.
    for (const e of batchA)
      expect(ledger.lookup(e.phone)).toEqual(hit(STATE_UNCERTAIN, 13, T0 + 30_000));
    for (const e of batchB) expect(ledger.lookup(e.phone)).toBeUndefined();
    vi.setSystemTime(T0 + 90_000);
    ledger.settle(batchA, STATE_ACCEPTED);
    // A prepared array begun again is hashed afresh (what was prepared went with the first).
    await ledger.begin(batchA);
    await ledger.close();
    expect(await readBack(s)).toEqual([
      ...(await expected(s, batchA, 13, STATE_UNCERTAIN, T0 + 30_000)),
      ...(await expected(s, batchA, 13, STATE_ACCEPTED, T0 + 90_000)),
      ...(await expected(s, batchA, 13, STATE_UNCERTAIN, T0 + 90_000)),
    ]);
  });

  it('a read-only ledger (a dry run) prepares nothing and begins nothing', async () => {
    const { s } = store();
    const ledger = await s.openLedger(campaign);
    ledger.prepare!(batchA);
    await ledger.begin(batchA);
    await ledger.close();
    expect(await readBack(s)).toEqual([]);
  });
});
