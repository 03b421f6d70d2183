/**
 * The file ledger's empty-ledger shortcut (Ledger.lookup: nothing known, so no number is
 * hashed): it must answer as a full lookup would at every edge — a ledger never written, the
 * same ledger once this run's first begin() has put leads in flight, a ledger emptied by
 * `cacs forget` or `cacs prune`, and a ledger read from disk holding a single record.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hasher } from '../../src/state/file/ledger.js';
import {
  STATE_ACCEPTED,
  STATE_NONE,
  STATE_UNCERTAIN,
  openStateStore,
  type CampaignRef,
  type LedgerState,
  type StateStore,
} from '../../src/state/index.js';
import { tempDir } from '../helpers/tmp.js';

const campaign: CampaignRef = { serviceUrl: 'http://127.0.0.1:9', campaignKey: 'summer' };
const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
const DAY = 86_400_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function store(): StateStore {
  return openStateStore({ stateDir: path.join(tempDir('cacs-empty-'), 'state') });
}
const again = (s: StateStore) => openStateStore({ stateDir: s.location });

/** A ledger holding one record of `phone` in `state`, written by run 1 and closed. */
async function oneRecord(s: StateStore, phone: string, state: LedgerState): Promise<void> {
  const run = await s.openLedger(campaign, 1);
  run.settle([{ phone }], state);
  await run.close();
  let records = 0;
  for await (const b of again(s).ledgerRecords(campaign)) records += b.length;
  expect(records).toBe(1);
}

describe('file ledger: lookups on an empty ledger', () => {
  it('a ledger never written: nothing found, read-only or writing, and no number hashed', async () => {
    const s = store();
    const phone = vi.spyOn(Hasher.prototype, 'phone');
    const read = await s.openLedger(campaign);
    expect(read.size).toBe(0);
    expect(read.lookup('0912345678')).toBeUndefined();
    await read.close();
    expect(await s.hasLedger(campaign)).toBe(false);
    const run = await s.openLedger(campaign, 1);
    expect(run.lookup('0912345678')).toBeUndefined();
    expect(phone).not.toHaveBeenCalled();
    await run.close();
  });

  it("this run's first begin(): its leads are found in flight by the next lookup, then as settled", async () => {
    const s = store();
    const ledger = await s.openLedger(campaign, 3);
    // The preflight's lookups on an empty ledger first (the shortcut), then a batch leaves.
    expect(ledger.lookup('0912345678')).toBeUndefined();
    const batch = [{ phone: '0912345678' }, { phone: '0987654321' }];
    await ledger.begin(batch);
    expect(ledger.size).toBe(2);
    expect(ledger.lookup('0912345678')).toEqual({
      state: 'uncertain',
      run: 3,
      at: new Date(T0),
    });
    expect(ledger.lookup('0933333333')).toBeUndefined();
    ledger.settle(batch.slice(0, 1), STATE_ACCEPTED);
    ledger.settle(batch.slice(1), STATE_NONE);
    expect(ledger.lookup('0912345678')).toMatchObject({ state: 'accepted', run: 3 });
    expect(ledger.lookup('0987654321')).toBeUndefined();
    await ledger.close();
  });

  it('after releaseLookups an empty ledger still refuses lookups', async () => {
    const s = store();
    const ledger = await s.openLedger(campaign, 4);
    ledger.releaseLookups();
    expect(() => ledger.lookup('0912345678')).toThrow(/after releaseLookups/);
    await ledger.close();
  });

  it('a ledger emptied by forget: nothing found, and the next run finds its own leads', async () => {
    const s = store();
    await oneRecord(s, '0912345678', STATE_ACCEPTED);
    const before = await again(s).openLedger(campaign);
    expect(before.lookup('0912345678')).toMatchObject({ state: 'accepted', run: 1 });
    await before.close();
    const erased = await s.eraseLeads({
      phones: ['0912345678'],
      refs: [],
      texts: [],
      now: new Date(T0),
    });
    expect(erased.ledgers).toEqual([
      { serviceUrl: campaign.serviceUrl, campaignKey: 'summer', records: 1 },
    ]);
    const read = await again(s).openLedger(campaign);
    expect(read.size).toBe(0);
    expect(read.lookup('0912345678')).toBeUndefined();
    await read.close();
    const run = await again(s).openLedger(campaign, 2);
    await run.begin([{ phone: '0987654321' }]);
    expect(run.lookup('0987654321')).toMatchObject({ state: 'uncertain', run: 2 });
    expect(run.lookup('0912345678')).toBeUndefined();
    await run.close();
    const next = await again(s).openLedger(campaign);
    expect(next.size).toBe(1);
    expect(next.lookup('0987654321')).toMatchObject({ state: 'uncertain', run: 2 });
    await next.close();
  });

  it('a ledger emptied by prune: nothing found; an uncertain lead prune keeps is still found', async () => {
    const s = store();
    const run = await s.openLedger(campaign, 1);
    const batch = [{ phone: '0912345678' }, { phone: '0987654321' }];
    await run.begin(batch);
    run.settle(batch.slice(0, 1), STATE_ACCEPTED);
    await run.close();
    vi.setSystemTime(T0 + 40 * DAY);
    const pruned = await s.prune(new Date(T0 + 30 * DAY), false);
    expect(pruned).toMatchObject({ ledgerRecords: 2, keptUncertain: 1 });
    // One record left (the uncertain one): the shortcut must not take it for empty.
    const one = await again(s).openLedger(campaign);
    expect(one.size).toBe(1);
    expect(one.lookup('0987654321')).toMatchObject({ state: 'uncertain', run: 1 });
    expect(one.lookup('0912345678')).toBeUndefined();
    await one.close();
    // Settled later (reconcile-like), then pruned again: the ledger is empty.
    const later = await again(s).openLedger(campaign, 2);
    later.settle(batch.slice(1), STATE_ACCEPTED);
    await later.close();
    vi.setSystemTime(T0 + 80 * DAY);
    expect(await s.prune(new Date(T0 + 70 * DAY), false)).toMatchObject({ ledgerRecords: 2 });
    const empty = await again(s).openLedger(campaign);
    expect(empty.size).toBe(0);
    for (const e of batch) expect(empty.lookup(e.phone)).toBeUndefined();
    await empty.close();
  });
});

describe('file ledger: a ledger read from disk with one record', () => {
  for (const [state, want] of [
    [STATE_ACCEPTED, { state: 'accepted', run: 1, at: new Date(T0) }],
    [STATE_UNCERTAIN, { state: 'uncertain', run: 1, at: new Date(T0) }],
    [STATE_NONE, undefined],
  ] as const) {
    it(`state ${state}: the lookup says ${want?.state ?? 'nothing'}, other numbers nothing`, async () => {
      const s = store();
      await oneRecord(s, '0912345678', state);
      const read = await again(s).openLedger(campaign);
      expect(read.size).toBe(1);
      expect(read.lookup('0912345678')).toEqual(want);
      expect(read.lookup('0987654321')).toBeUndefined();
      await read.close();
      const run = await again(s).openLedger(campaign, 2);
      expect(run.lookup('0912345678')).toEqual(want);
      await run.close();
    });
  }
});
