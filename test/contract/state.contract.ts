/**
 * The state contract: what every state store (src/state/types.ts StateStore) guarantees,
 * written against the interface only. `stateContract(name, harness)` registers the suite; each
 * store's test file runs it (test/unit/state-file.test.ts for the file store; the PostgreSQL
 * store of issue 24 runs the same). What only one store can show (a torn file) lives in that
 * store's own tests.
 *
 * A harness gives fresh, empty state per test, opens any number of independent stores on it (as
 * separate runs would), and names a module a plain `node` child can import to open the same
 * store (for the crash cases: `openStateStore(arg)`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockedError } from '../../src/errors.js';
import { pruneCutoff } from '../../src/delivery/prune.js';
import {
  STATE_ACCEPTED,
  STATE_NONE,
  STATE_UNCERTAIN,
  type BookmarkKey,
  type BookmarkState,
  type CampaignRef,
  type JournalHandle,
  type LedgerRecord,
  type StateStore,
} from '../../src/state/index.js';

export interface StoreHarness {
  /** A store on this harness's state: each call an independent one, as another run's would be. */
  open(): StateStore;
  /** For a child process: a module (file URL) exporting `openStateStore`, and its argument. */
  child: { module: string; arg: unknown };
  /** Remove the state (and anything else the harness made). */
  cleanup(): Promise<void>;
}

const campaign: CampaignRef = { serviceUrl: 'http://127.0.0.1:9', campaignKey: 'summer' };
const other: CampaignRef = { serviceUrl: 'http://127.0.0.1:9', campaignKey: 'winter' };

function phones(from: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `09${String(from + i).padStart(8, '0')}`);
}

function journalOptions(inputHash = 'a'.repeat(64), restart = false) {
  return {
    ...campaign,
    inputHash,
    input: 'leads.csv',
    restart,
    fingerprint: { map: {} },
    note: () => {},
  };
}

async function records(store: StateStore, c: CampaignRef): Promise<LedgerRecord[]> {
  const out: LedgerRecord[] = [];
  for await (const batch of store.ledgerRecords(c)) out.push(...batch);
  return out;
}

/**
 * A child process running `body` (an async function's text, given `store`, `say(line)` and the
 * index module `m`) on a store it opens like the harness's; resolves with the child once it
 * printed a line for which `until` is true. Its output lines are in `lines`.
 */
function child(
  harness: StoreHarness,
  body: string,
  until: (line: string) => boolean,
): Promise<{ lines: string[]; kill: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-contract-'));
  const script = path.join(dir, 'child.mjs');
  fs.writeFileSync(
    script,
    `const m = await import(process.argv[2]);
const store = m.openStateStore(JSON.parse(process.argv[3]));
const say = (line) => process.stdout.write(line + '\\n');
await (async () => { ${body} })();
await new Promise(() => setInterval(() => {}, 1 << 30));
`,
  );
  const proc = spawn(
    process.execPath,
    [script, harness.child.module, JSON.stringify(harness.child.arg)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  let err = '';
  let rest = '';
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const kill = async () => {
    proc.kill('SIGKILL');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.stdout.on('data', (c: Buffer) => {
      rest += c.toString();
      const parts = rest.split('\n');
      rest = parts.pop()!;
      for (const l of parts) {
        lines.push(l);
        if (until(l)) resolve({ lines, kill });
      }
    });
    proc.on('exit', (code) => {
      fs.rmSync(dir, { recursive: true, force: true });
      reject(new Error(`the child exited (${code}) before it was killed: ${err}`));
    });
  });
}

/** `take()`, tried again while it fails (a lock let go of reaches another session soon after). */
async function waitFor<T>(take: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await take();
    } catch (e) {
      if (i >= 400) throw e;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

export function stateContract(name: string, make: () => Promise<StoreHarness>): void {
  describe(`state contract: ${name}`, () => {
    let h: StoreHarness;
    const opened: StateStore[] = [];
    const open = () => {
      const s = h.open();
      opened.push(s);
      return s;
    };
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
      await h.cleanup();
    });

    it('empty state: no ledger, no journal, no history, no bookmarks', async () => {
      const s = open();
      expect(await s.hasLedger(campaign)).toBe(false);
      expect(await s.hasJournal({ ...campaign, inputHash: 'a'.repeat(64) })).toBe(false);
      expect(await s.readHistory()).toEqual([]);
      expect(await s.bookmarks.list()).toEqual([]);
      const ledger = await s.openLedger(campaign);
      expect(ledger.size).toBe(0);
      expect(ledger.lookup(phones(0, 1)[0]!)).toBeUndefined();
      await ledger.close();
      expect(await s.findLead({ phone: phones(0, 1)[0]!, ref: 'KH-1' })).toEqual([]);
    });

    it('a batch recorded in flight before its request leaves is there after the process is killed', async () => {
      const leads = phones(100, 3);
      const c = await child(
        h,
        `const campaign = ${JSON.stringify(campaign)};
         await store.lockCampaign(campaign, 'into campaign summer');
         const ledger = await store.openLedger(campaign, 7);
         const j = await store.openJournal({ ...campaign, inputHash: '${'a'.repeat(64)}',
           input: 'leads.csv', restart: false, fingerprint: { map: {} }, note: () => {} });
         await Promise.all([
           j.journal.begin([2, 3, 4]),
           ledger.begin(${JSON.stringify(leads)}.map((phone) => ({ phone }))),
         ]);
         say('in flight');`,
        (l) => l === 'in flight',
      );
      // The request would leave now; the process dies instead.
      await c.kill();
      const s = open();
      // The dead run's lock does not keep the campaign: the next run goes on.
      const lock = await s.lockCampaign(campaign, 'into campaign summer');
      const ledger = await s.openLedger(campaign, 8);
      for (const p of leads) expect(ledger.lookup(p)).toMatchObject({ state: 'uncertain', run: 7 });
      await ledger.close();
      const j = await s.openJournal(journalOptions());
      expect([1, 2, 3, 4, 5].map((l) => j.journal.previous(l))).toEqual([
        undefined,
        'uncertain',
        'uncertain',
        'uncertain',
        undefined,
      ]);
      expect(j.resumedFrom).toBeInstanceOf(Date);
      await j.close();
      lock.release();
    });

    it('the latest record of a number wins, across runs', async () => {
      const [a, b, c] = phones(200, 3);
      const s1 = open();
      const run1 = await s1.openLedger(campaign, 1);
      await run1.begin([{ phone: a! }, { phone: b! }, { phone: c! }]);
      expect(run1.lookup(a!)).toMatchObject({ state: 'uncertain', run: 1 });
      run1.settle([{ phone: a! }], STATE_ACCEPTED);
      run1.settle([{ phone: b! }], STATE_NONE);
      run1.settle([{ phone: c! }], STATE_UNCERTAIN);
      expect(run1.lookup(a!)).toMatchObject({ state: 'accepted', run: 1 });
      expect(run1.lookup(b!)).toBeUndefined();
      await run1.close();

      const s2 = open();
      const run2 = await s2.openLedger(campaign, 2);
      expect(run2.size).toBe(3);
      expect(run2.lookup(a!)).toMatchObject({ state: 'accepted', run: 1 });
      expect(run2.lookup(b!)).toBeUndefined();
      expect(run2.lookup(c!)).toMatchObject({ state: 'uncertain', run: 1 });
      // --retry-uncertain: c sent again and accepted; a sent again (--allow-repeat), refused.
      await run2.begin([{ phone: c! }, { phone: a! }]);
      run2.settle([{ phone: c! }], STATE_ACCEPTED);
      run2.settle([{ phone: a! }], STATE_NONE);
      await run2.close();

      const read = await open().openLedger(campaign);
      expect(read.lookup(c!)).toMatchObject({ state: 'accepted', run: 2 });
      expect(read.lookup(a!)).toBeUndefined();
      await read.close();
      // Every record stays, in the order written (reconcile reads them so).
      expect((await records(open(), campaign)).map((r) => [r.run, r.state])).toEqual([
        [1, STATE_UNCERTAIN],
        [1, STATE_UNCERTAIN],
        [1, STATE_UNCERTAIN],
        [1, STATE_ACCEPTED],
        [1, STATE_NONE],
        [1, STATE_UNCERTAIN],
        [2, STATE_UNCERTAIN],
        [2, STATE_UNCERTAIN],
        [2, STATE_ACCEPTED],
        [2, STATE_NONE],
      ]);
    });

    it('a read-only ledger (a dry run) records nothing', async () => {
      const s = open();
      const dry = await s.openLedger(campaign);
      const claimed = await dry.begin([{ phone: phones(300, 1)[0]! }]);
      expect(claimed.refused).toEqual([]);
      dry.settle([{ phone: phones(300, 1)[0]! }], STATE_ACCEPTED);
      await dry.close();
      expect(await records(open(), campaign)).toEqual([]);
    });

    it('campaigns are kept apart; a number and a ref_id are found in every campaign', async () => {
      const [p] = phones(400, 1);
      const s = open();
      const summer = await s.openLedger(campaign, 11);
      await summer.begin([{ phone: p!, ref: 'KH-1' }]);
      summer.settle([{ phone: p!, ref: 'KH-1' }], STATE_ACCEPTED);
      await summer.close();
      const winter = await s.openLedger(other, 12);
      await winter.begin([{ phone: phones(401, 1)[0]!, ref: 'KH-1' }]);
      await winter.close();
      const read = await open().openLedger(other);
      expect(read.lookup(p!)).toBeUndefined();
      await read.close();

      const byPhone = await open().findLead({ phone: p!, ref: p! });
      expect(byPhone.map((r) => [r.campaignKey, r.serviceUrl, r.run, r.state, r.matched])).toEqual([
        ['summer', campaign.serviceUrl, 11, STATE_UNCERTAIN, 'phone'],
        ['summer', campaign.serviceUrl, 11, STATE_ACCEPTED, 'phone'],
      ]);
      const byRef = await open().findLead({ ref: 'KH-1' });
      expect(byRef.map((r) => [r.campaignKey, r.matched]).sort()).toEqual([
        ['summer', 'ref_id'],
        ['summer', 'ref_id'],
        ['winter', 'ref_id'],
      ]);
      expect(new Set(byRef.map((r) => r.ledger)).size).toBe(2);
    });

    it('records appended for reconcile keep their own runs; a ledger that lost records is refused', async () => {
      const s = open();
      const [p] = phones(500, 1);
      const run = await s.openLedger(campaign, 21);
      await run.begin([{ phone: p! }]);
      await run.close();
      expect(await s.hasLedger(campaign)).toBe(true);
      await s.checkLedger(campaign);
      const hasher = await s.hasher();
      const [lo, hi] = hasher.phone(p!);
      const lock = await s.lockCampaign(campaign, 'into campaign summer');
      await s.appendLedgerRecords(campaign, [
        { lo, hi, ref: 0, run: 21, time: 1_800_000_000, state: STATE_ACCEPTED },
      ]);
      lock.release();
      const all = await records(open(), campaign);
      expect(all.at(-1)).toEqual({
        lo,
        hi,
        ref: 0,
        run: 21,
        time: 1_800_000_000,
        state: STATE_ACCEPTED,
      });
      const read = await open().openLedger(campaign);
      expect(read.lookup(p!)).toMatchObject({ state: 'accepted', run: 21 });
      await read.close();
      // The same secret for every store on this state: the same hash.
      expect((await open().hasher()).phone(p!)).toEqual([lo, hi]);
    });

    it('a journal replays what earlier runs settled; the latest outcome of a line wins; restart sets it aside', async () => {
      const s = open();
      let j: JournalHandle = await s.openJournal(journalOptions());
      expect(j.resumedFrom).toBeUndefined();
      const b1 = await j.journal.begin([1, 2]);
      await j.journal.finish(b1, { state: 'done', imported: 2, skipped: 0 });
      const b2 = await j.journal.begin([3]);
      await j.journal.finish(b2, { state: 'rejected', code: 'invalid_phone', reason: 'bad' });
      const b3 = await j.journal.begin([4]);
      await j.journal.finish(b3, { state: 'uncertain', reason: 'timeout' });
      const b4 = await j.journal.begin([5]);
      await j.journal.finish(b4, { state: 'failed', reason: 'refused' });
      await j.close();
      expect(await s.hasJournal({ ...campaign, inputHash: 'a'.repeat(64) })).toBe(true);
      expect(await s.hasJournal({ ...campaign, inputHash: 'b'.repeat(64) })).toBe(false);

      j = await open().openJournal(journalOptions());
      const states = () => [1, 2, 3, 4, 5].map((l) => j.journal.previous(l));
      expect(states()).toEqual(['done', 'done', 'rejected', 'uncertain', undefined]);
      expect(j.journal.earlier?.imported).toBe(2);
      expect(j.journal.earlier?.rejected.get(3)).toEqual({ code: 'invalid_phone', reason: 'bad' });
      // --retry-uncertain: line 4 again, done this time.
      const b5 = await j.journal.begin([4]);
      await j.journal.finish(b5, { state: 'done', imported: 1, skipped: 0 });
      await j.close();
      j = await open().openJournal(journalOptions());
      expect(states()).toEqual(['done', 'done', 'rejected', 'done', undefined]);
      await j.close();

      j = await open().openJournal(journalOptions('a'.repeat(64), true));
      expect(states()).toEqual([undefined, undefined, undefined, undefined, undefined]);
      await j.close();
    });

    it('two runs never hold one journal at once', async () => {
      const a = await open().openJournal(journalOptions());
      await expect(open().openJournal(journalOptions())).rejects.toThrow(LockedError);
      // Another input is another journal.
      const b = await open().openJournal(journalOptions('b'.repeat(64)));
      await b.close();
      await a.close();
      const again = await open().openJournal(journalOptions());
      await again.close();
    });

    it('two runs on one campaign: a lead in flight in one is never claimed by the other', async () => {
      const [p] = phones(600, 1);
      const s1 = open();
      const lock1 = await s1.lockCampaign(campaign, 'into campaign summer');
      const run1 = await s1.openLedger(campaign, 31);
      expect((await run1.begin([{ phone: p! }])).refused).toEqual([]);

      const s2 = open();
      let lock2;
      try {
        lock2 = await s2.lockCampaign(campaign, 'into campaign summer');
      } catch (e) {
        // A store that keeps runs apart by a campaign lock: the second run does not start.
        expect(e).toBeInstanceOf(LockedError);
      }
      if (lock2 !== undefined) {
        // A store with claims: the second run starts, and is refused the lead.
        const run2 = await s2.openLedger(campaign, 32);
        const claimed = await run2.begin([{ phone: p! }]);
        expect(claimed.refused.map((r) => [r.index, r.code])).toEqual([[0, 'in_flight_elsewhere']]);
        await run2.close();
        lock2.release();
      }
      run1.settle([{ phone: p! }], STATE_ACCEPTED);
      await run1.close();
      lock1.release();
      // Once the first run is over, the campaign is free again.
      const lock3 = await open().lockCampaign(campaign, 'into campaign summer');
      lock3.release();
    });

    it('a live run in another process: its campaign leads and its journal are not taken', async () => {
      const [p] = phones(700, 1);
      const c = await child(
        h,
        `const campaign = ${JSON.stringify(campaign)};
         await store.lockCampaign(campaign, 'into campaign summer');
         const ledger = await store.openLedger(campaign, 51);
         await ledger.begin([{ phone: '${p}' }]);
         await store.openJournal({ ...campaign, inputHash: '${'a'.repeat(64)}',
           input: 'leads.csv', restart: false, fingerprint: { map: {} }, note: () => {} });
         say('holding');`,
        (l) => l === 'holding',
      );
      try {
        const s = open();
        await expect(s.openJournal(journalOptions())).rejects.toThrow(LockedError);
        let lock;
        try {
          lock = await s.lockCampaign(campaign, 'into campaign summer');
        } catch (e) {
          expect(e).toBeInstanceOf(LockedError);
        }
        if (lock !== undefined) {
          const run = await s.openLedger(campaign, 52);
          const claimed = await run.begin([{ phone: p! }]);
          expect(claimed.refused.map((r) => r.code)).toEqual(['in_flight_elsewhere']);
          await run.close();
          lock.release();
        }
      } finally {
        await c.kill();
      }
    });

    it('history: a run is its start and end records, oldest first; run ids and numbers are unique', async () => {
      const s = open();
      const ids = new Set<string>();
      const ns = new Set<number>();
      for (let i = 0; i < 50; i++) {
        const r = s.newRun(new Date(2026, 10, 25, 9, 30, 0));
        expect(r.id).toMatch(/^r20261125-093000-[0-9a-f]{6}$/);
        ids.add(r.id);
        ns.add(r.n);
      }
      expect(ids.size).toBe(50);
      expect(ns.size).toBe(50);
      const start = (id: string, n: number) => ({
        k: 'start' as const,
        id,
        n,
        started: '2026-11-25T02:30:00.000Z',
        file: '/data/leads.csv',
        campaign: 'summer',
        baseUrl: campaign.serviceUrl,
        pid: 123,
        inputHash: 'a'.repeat(64),
      });
      await s.appendHistory(start('r1', 1));
      await open().appendHistory(start('r2', 2));
      const end = {
        ended: '2026-11-25T02:31:00.000Z',
        total: 3,
        imported: 1,
        rejected: 1,
        skipped: 0,
        uncertain: 0,
        // The counts kept since (absent in older records): kept as they are by every store.
        serviceSkipped: 0,
        blank: 0,
        notSent: 1,
        exitCode: 3,
        rejectsFile: '/data/leads.csv.rejects.csv',
        skippedFile: null,
        uncertainFile: null,
        uncertainLines: [],
      };
      await s.appendHistory({ k: 'end', id: 'r1', ...end });
      const runs = await open().readHistory();
      expect(runs.map((r) => r.id)).toEqual(['r1', 'r2']);
      // A shared store adds the machine and user that ran it (the team's history).
      const { host, user, ...first } = runs[0]!;
      expect(first).toEqual({ ...start('r1', 1), end });
      if (s.kind !== 'file') expect([typeof host, typeof user]).toEqual(['string', 'string']);
      expect(runs[1]!.end).toBeUndefined();
    });

    it('bookmarks: kept whole per key, one run at a time', async () => {
      const key: BookmarkKey = {
        name: 'nightly',
        service: campaign.serviceUrl,
        campaign: 'summer',
        status: [],
      };
      const filtered: BookmarkKey = { ...key, status: ['ANSWERED'] };
      const state: BookmarkState = {
        ...key,
        version: 1,
        serviceTimeZone: 'Asia/Ho_Chi_Minh',
        startedWith: '2026-11-01',
        firstFrom: '2026-11-01 00:00:00',
        coveredUntil: '2026-11-24 23:00:00',
        runs: 1,
        createdAt: '2026-11-25T00:00:00.000Z',
        lastRun: {
          at: '2026-11-25T00:00:00.000Z',
          from: '2026-11-01 00:00:00',
          to: '2026-11-24 23:00:00',
          leads: 10,
          attempts: 12,
        },
      };
      const s = open();
      expect(await s.bookmarks.read(key)).toBeUndefined();
      expect(s.bookmarks.where(key)).not.toBe(s.bookmarks.where(filtered));
      const lock = await s.bookmarks.lock(key, () => new LockedError('held'));
      await expect(open().bookmarks.lock(key, () => new LockedError('held'))).rejects.toThrow(
        'held',
      );
      // Another key is another bookmark.
      (await open().bookmarks.lock(filtered, () => new LockedError('held'))).release();
      await s.bookmarks.write(key, state);
      await s.bookmarks.write(key, { ...state, runs: 2 });
      lock.release();
      const stored = await open().bookmarks.read(key);
      expect(stored && 'text' in stored && JSON.parse(stored.text)).toEqual({ ...state, runs: 2 });
      expect((await open().bookmarks.list()).map((b) => b.where)).toEqual([s.bookmarks.where(key)]);
      // Another store on the same state (another machine of the team) takes the lock once it
      // is let go, and reads what the first wrote.
      const again = await waitFor(() => open().bookmarks.lock(key, () => new LockedError('held')));
      again.release();
      await open().bookmarks.remove(key);
      expect(await open().bookmarks.read(key)).toBeUndefined();
      expect(await open().bookmarks.list()).toEqual([]);
    });

    it('erasure (issue 26): records become erasure records by keyed hash; ref_ids find numbers; prune keeps erasures and uncertain leads', async () => {
      const [a, b, c] = phones(900, 3);
      const s = open();
      const run = await s.openLedger(campaign, 7);
      await run.begin([{ phone: a!, ref: 'KH-A' }, { phone: b! }, { phone: c! }]);
      run.settle([{ phone: a!, ref: 'KH-A' }, { phone: b! }], STATE_ACCEPTED);
      await run.close();
      const now = new Date();
      const r = await s.eraseLeads({ phones: [b!], refs: ['KH-A'], texts: [], now });
      expect(r.held).toBe(2);
      expect(r.ledgers.map((l) => l.records)).toEqual([4]);
      const left = (await records(open(), campaign)).length;
      expect(left).toBe(1);
      const hasher = await s.hasher();
      const erased = await open().erasures();
      expect(erased.map((e) => `${e.lo}:${e.hi}`).sort()).toEqual(
        [a!, b!]
          .map((p) =>
            hasher
              .phone(p)
              .map((x) => x >>> 0)
              .join(':'),
          )
          .sort(),
      );
      // Again: nothing more, nothing lost.
      const again = await s.eraseLeads({ phones: [b!], refs: ['KH-A'], texts: [], now });
      expect(again.ledgers).toEqual([]);
      expect(await open().erasures()).toHaveLength(2);
      await s.appendErasure({
        k: 'erase',
        id: 'e1',
        at: now.toISOString(),
        people: 2,
        ledgerRecords: 4,
        files: [],
      });
      expect(await open().readErasures()).toHaveLength(1);
      // Prune everything older than tomorrow: c stays (uncertain), erasures stay.
      const p = await s.prune(new Date(now.getTime() + 86_400_000), false);
      expect(p.keptUncertain).toBe(1);
      expect((await records(open(), campaign)).length).toBe(1);
      expect(await open().erasures()).toHaveLength(2);
    });

    it('erasure (issue 26): bookmarks kept for the person (their ref_id, given or linked by the ledger) go; others stay', async () => {
      const [a, d] = phones(950, 2);
      const s = open();
      const run = await s.openLedger(campaign, 9);
      await run.begin([
        { phone: a!, ref: 'KH-A' },
        { phone: d!, ref: 'KH-D' },
      ]);
      run.settle(
        [
          { phone: a!, ref: 'KH-A' },
          { phone: d!, ref: 'KH-D' },
        ],
        STATE_ACCEPTED,
      );
      await run.close();
      const key = (refId?: string): BookmarkKey => ({
        name: 'nightly',
        service: campaign.serviceUrl,
        campaign: 'summer',
        status: [],
        ...(refId !== undefined ? { refId } : {}),
      });
      const state = (k: BookmarkKey): BookmarkState => ({
        ...k,
        version: 1,
        serviceTimeZone: 'Asia/Ho_Chi_Minh',
        startedWith: '2026-11-01',
        firstFrom: '2026-11-01 00:00:00',
        coveredUntil: '2026-11-24 23:00:00',
        runs: 1,
        createdAt: '2026-11-25T00:00:00.000Z',
        lastRun: {
          at: '2026-11-25T00:00:00.000Z',
          from: '2026-11-01 00:00:00',
          to: '2026-11-24 23:00:00',
          leads: 1,
          attempts: 1,
        },
      });
      for (const k of [key('KH-A'), key('KH-D'), key('KH-KEEP'), key()])
        await s.bookmarks.write(k, state(k));
      // KH-A given; KH-D found through the ledger (the number d was sent with it).
      const r = await s.eraseLeads({ phones: [d!], refs: ['KH-A'], texts: [], now: new Date() });
      expect(r.bookmarks).toBe(2);
      const left = await open().bookmarks.list();
      expect(left.map((b) => b.where).sort()).toEqual(
        [s.bookmarks.where(key('KH-KEEP')), s.bookmarks.where(key())].sort(),
      );
      const texts = left.map((b) => ('text' in b ? b.text : '')).join('\n');
      for (const x of ['KH-A', 'KH-D']) expect(texts).not.toContain(x);
      expect(await open().bookmarks.read(key('KH-A'))).toBeUndefined();
      expect(await open().bookmarks.read(key('KH-D'))).toBeUndefined();
      // Again: nothing more.
      expect(
        (await s.eraseLeads({ phones: [d!], refs: ['KH-A'], texts: [], now: new Date() }))
          .bookmarks,
      ).toBe(0);
    });

    it('prune (issue 26): a finished journal goes by its last write, not its creation: kept at exactly retentionDays, gone one second past', async () => {
      const DAY = 86_400_000;
      const s = open();
      const j = await s.openJournal(journalOptions('b'.repeat(64)));
      const id = await j.journal.begin([1, 2]);
      await j.journal.finish(id, { state: 'done', imported: 2, skipped: 0 });
      const created = Date.now();
      // The next whole second (the clock is waited for, not slept on), then a write that lies
      // within one second (with room for a file system's coarse clock).
      while (Math.floor(Date.now() / 1000) === Math.floor(created / 1000))
        await new Promise((r) => setTimeout(r, 20));
      let second: number;
      for (;;) {
        const t0 = Date.now() - 50;
        const more = await j.journal.begin([3]);
        await j.journal.finish(more, { state: 'done', imported: 1, skipped: 0 });
        await j.close().catch(() => {});
        const t1 = Date.now() + 50;
        if (Math.floor(t0 / 1000) === Math.floor(t1 / 1000)) {
          second = Math.floor(t0 / 1000);
          break;
        }
        // Straddled a second: written again.
        const again = await s.openJournal(journalOptions('b'.repeat(64)));
        Object.assign(j, again);
      }
      expect(second).toBeGreaterThan(Math.floor(created / 1000));
      const ref = { ...campaign, inputHash: 'b'.repeat(64) };
      // Exactly 30 days after its last write: kept (it would go if judged by its creation).
      const exact = pruneCutoff(new Date(second * 1000 + 30 * DAY), 30);
      expect((await open().prune(exact, true)).journals).toBe(0);
      expect((await open().prune(exact, false)).journals).toBe(0);
      expect(await open().hasJournal(ref)).toBe(true);
      // One second past: gone.
      const past = pruneCutoff(new Date(second * 1000 + 1000 + 30 * DAY), 30);
      expect((await open().prune(past, true)).journals).toBe(1);
      expect(await open().hasJournal(ref)).toBe(true);
      expect((await open().prune(past, false)).journals).toBe(1);
      expect(await open().hasJournal(ref)).toBe(false);
    });

    it('sidecar records: put, get, remove', () => {
      const s = open();
      const file = path.join(os.tmpdir(), 'leads.csv.rejects.csv');
      const rec = { v: 1 as const, size: 10, salt: 'ab', sha256: 'cd', real: true };
      expect(s.written.get(file)).toBeUndefined();
      s.written.put(file, rec);
      expect(open().written.get(file)).toEqual(rec);
      expect(open().written.get(`${file}x`)).toBeUndefined();
      open().written.remove(file);
      expect(open().written.get(file)).toBeUndefined();
    });

    it('a run killed while it writes leaves the state whole, and the next run goes on', async () => {
      // The child records batches as fast as it can: each begun batch (journal and ledger),
      // then its outcome, and the history; it says which batches were in flight durably.
      const c = await child(
        h,
        `const campaign = ${JSON.stringify(campaign)};
         await store.lockCampaign(campaign, 'into campaign summer');
         await store.appendHistory({ k: 'start', id: 'rkilled', n: 41, started: new Date().toISOString(),
           file: '/data/leads.csv', campaign: 'summer', baseUrl: campaign.serviceUrl, pid: process.pid });
         const ledger = await store.openLedger(campaign, 41);
         const j = await store.openJournal({ ...campaign, inputHash: '${'a'.repeat(64)}',
           input: 'leads.csv', restart: false, fingerprint: { map: {} }, note: () => {} });
         for (let b = 0; ; b++) {
           const lines = Array.from({ length: 50 }, (_, i) => b * 50 + i + 1);
           const entries = lines.map((l) => ({ phone: '09' + String(l).padStart(8, '0') }));
           const [id] = await Promise.all([j.journal.begin(lines), ledger.begin(entries)]);
           say('begun ' + b);
           ledger.settle(entries, b % 2 === 0 ? m.STATE_ACCEPTED : m.STATE_NONE);
           await j.journal.finish(id, { state: 'done', imported: 50, skipped: 0 });
         }`,
        (l) => l === 'begun 40',
      );
      await c.kill();
      const begun = c.lines.filter((l) => l.startsWith('begun ')).length;
      expect(begun).toBeGreaterThanOrEqual(41);

      const s = open();
      const lock = await s.lockCampaign(campaign, 'into campaign summer');
      const ledger = await s.openLedger(campaign, 42);
      for (let line = 1; line <= begun * 50; line++) {
        const hit = ledger.lookup(`09${String(line).padStart(8, '0')}`);
        // Every lead whose batch was in flight durably is known: accepted, or (its outcome lost
        // with the process) uncertain; a refused one (odd batches) may read as nothing.
        const batch = Math.floor((line - 1) / 50);
        if (batch % 2 === 0) expect(hit?.state ?? 'none').toMatch(/^(accepted|uncertain)$/);
        else expect(hit === undefined || hit.state === 'uncertain').toBe(true);
      }
      // The next run records on top of whatever the killed one left.
      const fresh = phones(900_000, 5).map((phone) => ({ phone }));
      await ledger.begin(fresh);
      ledger.settle(fresh, STATE_ACCEPTED);
      await ledger.close();
      const j = await s.openJournal(journalOptions());
      for (let line = 1; line <= begun * 50; line++)
        expect(j.journal.previous(line)).toMatch(/^(done|uncertain)$/);
      const id = await j.journal.begin([1_000_000]);
      await j.journal.finish(id, { state: 'done', imported: 1, skipped: 0 });
      await j.close();
      lock.release();

      const again = await open().openLedger(campaign);
      for (const f of fresh) expect(again.lookup(f.phone)).toMatchObject({ state: 'accepted' });
      await again.close();
      const j2 = await open().openJournal(journalOptions());
      expect(j2.journal.previous(1_000_000)).toBe('done');
      await j2.close();
      expect((await open().readHistory()).map((r) => r.id)).toEqual(['rkilled']);
    });
  });
}
