/**
 * The file store (src/state/file/): the state contract (test/contract/state.contract.ts), and
 * what only files can show — the folder's layout and formats are the ones earlier versions
 * wrote (users have state folders), and a torn tail (a write cut by a crash or a full disk) is
 * cut when the file is next opened for writing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  STATE_ACCEPTED,
  STATE_UNCERTAIN,
  openStateStore,
  type CampaignRef,
} from '../../src/state/index.js';
import { stateContract } from '../contract/state.contract.js';
import { tempDir } from '../helpers/tmp.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

stateContract('file store', async () => {
  const stateDir = path.join(tempDir('cacs-state-'), 'state');
  return {
    open: () => openStateStore({ stateDir }),
    child: {
      module: pathToFileURL(path.join(ROOT, 'dist', 'state', 'index.js')).href,
      arg: { stateDir },
    },
    cleanup: async () => {},
  };
});

const campaign: CampaignRef = { serviceUrl: 'http://127.0.0.1:9', campaignKey: 'summer' };
const sha32 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('file store: the files and formats earlier versions wrote', () => {
  it('lays out ledgers, journals, history, bookmarks and sidecar records as before', async () => {
    const stateDir = path.join(tempDir(), 'state');
    const s = openStateStore({ stateDir });
    const lock = await s.lockCampaign(campaign, 'into campaign summer');
    const ledgerName = sha32(`${campaign.serviceUrl}\0summer`);
    expect(fs.existsSync(path.join(stateDir, 'ledgers', `${ledgerName}.ledger.lock`))).toBe(true);
    const ledger = await s.openLedger(campaign, 0x01020304);
    await ledger.begin([{ phone: '0912345678', ref: 'KH-1' }]);
    ledger.settle([{ phone: '0912345678', ref: 'KH-1' }], STATE_ACCEPTED);
    await ledger.close();
    lock.release();

    const ledgerFile = path.join(stateDir, 'ledgers', `${ledgerName}.ledger`);
    const bytes = fs.readFileSync(ledgerFile);
    expect(bytes.length).toBe(48);
    const hasher = await s.hasher();
    const [lo, hi] = hasher.phone('0912345678');
    for (const [i, state] of [STATE_UNCERTAIN, STATE_ACCEPTED].entries()) {
      const o = i * 24;
      expect(bytes.readUInt32LE(o)).toBe(lo);
      expect(bytes.readUInt32LE(o + 4)).toBe(hi);
      expect(bytes.readUInt32LE(o + 8)).toBe(hasher.ref('KH-1'));
      expect(bytes.readUInt32LE(o + 12)).toBe(0x01020304);
      expect([bytes[o + 20], bytes[o + 21], bytes[o + 22], bytes[o + 23]]).toEqual([
        state,
        0xc5,
        0,
        0,
      ]);
    }
    expect(fs.readFileSync(path.join(stateDir, 'ledgers', `${ledgerName}.json`), 'utf8')).toBe(
      `${JSON.stringify({ baseUrl: campaign.serviceUrl, campaign: 'summer', bytes: 48 })}\n`,
    );
    expect(fs.statSync(path.join(stateDir, 'ledgers', 'secret')).size).toBe(12);
    expect(mode(ledgerFile)).toBe(0o600);
    expect(mode(path.join(stateDir, 'ledgers'))).toBe(0o700);

    const inputHash = 'c'.repeat(64);
    const j = await s.openJournal({
      ...campaign,
      inputHash,
      input: 'leads.csv',
      restart: false,
      fingerprint: { map: {} },
      note: () => {},
    });
    const id = await j.journal.begin([2, 3, 4, 9]);
    await j.journal.finish(id, { state: 'done', imported: 4, skipped: 0 });
    await j.close();
    const journalFile = path.join(
      stateDir,
      'journals',
      `${sha32(`${inputHash}\0summer\0${campaign.serviceUrl}`)}.jsonl`,
    );
    const lines = fs.readFileSync(journalFile, 'utf8').split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      k: 'h',
      v: 1,
      input: 'leads.csv',
      inputHash,
      campaign: 'summer',
      baseUrl: campaign.serviceUrl,
      fingerprint: { map: {} },
    });
    expect(lines.slice(1)).toEqual([
      '{"k":"b","id":1,"lines":[[2,3],[9,1]]}',
      '{"k":"f","id":1,"s":"done","imported":4,"skipped":0}',
      '',
    ]);
    expect(mode(journalFile)).toBe(0o600);

    const start = {
      k: 'start' as const,
      id: 'r1',
      n: 1,
      started: '2026-11-25T02:30:00.000Z',
      file: '/data/leads.csv',
      campaign: 'summer',
      baseUrl: campaign.serviceUrl,
      pid: 1,
    };
    await s.appendHistory(start);
    const historyFile = path.join(stateDir, 'history', 'runs.jsonl');
    expect(fs.readFileSync(historyFile, 'utf8')).toBe(`${JSON.stringify(start)}\n`);
    expect(mode(historyFile)).toBe(0o600);

    const key = { name: 'nightly', service: campaign.serviceUrl, campaign: 'summer', status: [] };
    const bookmarkFile = path.join(
      stateDir,
      'bookmarks',
      `${sha32(JSON.stringify([key.service, key.campaign, key.status, null, key.name]))}.json`,
    );
    expect(s.bookmarks.where(key)).toBe(bookmarkFile);

    const sidecar = path.join(stateDir, '..', 'leads.csv.rejects.csv');
    s.written.put(sidecar, { v: 1, size: 1, salt: 'ab', sha256: 'cd', real: true });
    const record = path.join(stateDir, 'sidecars', `${sha32(path.resolve(sidecar))}.json`);
    // Since issue 26 with the list's path (forget finds a dry run's lists through it).
    expect(fs.readFileSync(record, 'utf8')).toBe(
      `{"v":1,"size":1,"salt":"ab","sha256":"cd","real":true,"file":${JSON.stringify(path.resolve(sidecar))}}\n`,
    );
    expect(mode(record)).toBe(0o600);
    // A record an earlier version wrote (no path) is still read; it is only not listed.
    fs.writeFileSync(record, '{"v":1,"size":1,"salt":"ab","sha256":"cd","real":true}\n');
    expect(s.written.get(sidecar)).toEqual({ v: 1, size: 1, salt: 'ab', sha256: 'cd', real: true });
    expect(s.written.list?.()).toEqual([]);
  });

  it('reads a ledger written byte by byte in the documented layout', async () => {
    const stateDir = path.join(tempDir(), 'state');
    const dir = path.join(stateDir, 'ledgers');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dir, 'secret'), Buffer.from('000102030405060708090a0b', 'hex'));
    const hasher = await openStateStore({ stateDir }).hasher();
    const [lo, hi] = hasher.phone('0987654321');
    const rec = Buffer.alloc(24);
    rec.writeUInt32LE(lo, 0);
    rec.writeUInt32LE(hi, 4);
    rec.writeUInt32LE(77, 12);
    rec.writeUInt32LE(1_764_000_000, 16);
    rec[20] = STATE_ACCEPTED;
    rec[21] = 0xc5;
    fs.writeFileSync(path.join(dir, `${sha32(`${campaign.serviceUrl}\0summer`)}.ledger`), rec);
    const ledger = await openStateStore({ stateDir }).openLedger(campaign);
    expect(ledger.lookup('0987654321')).toEqual({
      state: 'accepted',
      run: 77,
      at: new Date(1_764_000_000_000),
    });
    await ledger.close();
  });
});

describe('file store: torn tails', () => {
  async function ledgerWith(stateDir: string, phones: string[]) {
    const s = openStateStore({ stateDir });
    const ledger = await s.openLedger(campaign, 5);
    await ledger.begin(phones.map((phone) => ({ phone })));
    ledger.settle(
      phones.map((phone) => ({ phone })),
      STATE_ACCEPTED,
    );
    await ledger.close();
    return path.join(stateDir, 'ledgers', `${sha32(`${campaign.serviceUrl}\0summer`)}.ledger`);
  }

  it('a ledger: half a record at the end is ignored, then cut before the next record', async () => {
    const stateDir = path.join(tempDir(), 'state');
    const file = await ledgerWith(stateDir, ['0911111111', '0922222222']);
    fs.appendFileSync(file, Buffer.from([1, 2, 3, 4, 5, 6, 7]));
    const s = openStateStore({ stateDir });
    const read = await s.openLedger(campaign);
    expect(read.lookup('0911111111')).toMatchObject({ state: 'accepted' });
    await read.close();
    const run = await s.openLedger(campaign, 6);
    expect(fs.statSync(file).size).toBe(4 * 24);
    await run.begin([{ phone: '0933333333' }]);
    await run.close();
    expect(fs.statSync(file).size).toBe(5 * 24);
    const again = await openStateStore({ stateDir }).openLedger(campaign);
    expect(again.lookup('0933333333')).toMatchObject({ state: 'uncertain', run: 6 });
    expect(again.lookup('0922222222')).toMatchObject({ state: 'accepted', run: 5 });
    await again.close();
  });

  it('a ledger that lost records its description says it held is refused, nothing read', async () => {
    const stateDir = path.join(tempDir(), 'state');
    const file = await ledgerWith(stateDir, ['0911111111', '0922222222']);
    fs.truncateSync(file, 24);
    const s = openStateStore({ stateDir });
    await expect(s.checkLedger(campaign)).rejects.toThrow(UsageError);
    await expect(s.openLedger(campaign)).rejects.toThrow(/emptied or cut short/);
  });

  it('a journal: a torn last line is ignored, then cut so new records start on a line of their own', async () => {
    const stateDir = path.join(tempDir(), 'state');
    const opts = {
      ...campaign,
      inputHash: 'd'.repeat(64),
      input: 'leads.csv',
      restart: false,
      fingerprint: {},
      note: () => {},
    };
    const s = openStateStore({ stateDir });
    let j = await s.openJournal(opts);
    const id = await j.journal.begin([1]);
    await j.journal.finish(id, { state: 'done', imported: 1, skipped: 0 });
    await j.close();
    const [file] = fs.readdirSync(path.join(stateDir, 'journals'));
    const full = path.join(stateDir, 'journals', file!);
    fs.appendFileSync(full, '{"k":"b","id":2,"lin');
    j = await s.openJournal(opts);
    expect(j.journal.previous(1)).toBe('done');
    const id2 = await j.journal.begin([2]);
    await j.journal.finish(id2, { state: 'rejected', code: 'x', reason: 'y' });
    await j.close();
    const text = fs.readFileSync(full, 'utf8');
    expect(text).not.toContain('"lin{');
    for (const line of text.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    j = await s.openJournal(opts);
    expect([j.journal.previous(1), j.journal.previous(2)]).toEqual(['done', 'rejected']);
    await j.close();
  });

  it('the history: a torn last line is skipped, and the next record is not lost with it', async () => {
    const stateDir = path.join(tempDir(), 'state');
    const s = openStateStore({ stateDir });
    const start = (id: string) => ({
      k: 'start' as const,
      id,
      n: 1,
      started: '2026-11-25T02:30:00.000Z',
      file: '/data/leads.csv',
      campaign: 'summer',
      baseUrl: campaign.serviceUrl,
      pid: 1,
    });
    await s.appendHistory(start('r1'));
    fs.appendFileSync(path.join(stateDir, 'history', 'runs.jsonl'), '{"k":"start","id":"r2"');
    expect((await s.readHistory()).map((r) => r.id)).toEqual(['r1']);
    await s.appendHistory(start('r3'));
    expect((await s.readHistory()).map((r) => r.id)).toEqual(['r1', 'r3']);
  });
});

describe('the ledger secret, made by two runs started together on a new state folder', () => {
  it('a run that finds no secret, then a ledger beside it, reads the secret the other run made', async () => {
    // A CI run (session 18): the other run made the secret and a ledger between this run's
    // read of the secret and its look at the folder; this run refused, "the secret is missing".
    const { Hasher } = await import('../../src/state/file/ledger.js');
    const { vi } = await import('vitest');
    const stateDir = tempDir();
    const dir = path.join(stateDir, 'ledgers');
    fs.mkdirSync(dir, { recursive: true });
    const secret = Buffer.from('000102030405060708090a0b', 'hex');
    const real = fs.readdirSync.bind(fs);
    const spy = vi.spyOn(fs, 'readdirSync').mockImplementation(((p: fs.PathLike) => {
      // The other run, at this moment: its secret, then its ledger.
      if (String(p) === dir && !fs.existsSync(path.join(dir, 'secret'))) {
        fs.writeFileSync(path.join(dir, 'secret'), secret);
        fs.writeFileSync(path.join(dir, 'a.ledger'), '');
      }
      return real(p);
    }) as typeof fs.readdirSync);
    try {
      const h = Hasher.forStateDir(stateDir);
      // The other run's secret, not a new one.
      const expected = new (Hasher as unknown as new (s: number[]) => typeof h)([
        secret.readUInt32LE(0),
        secret.readUInt32LE(4),
        secret.readUInt32LE(8),
      ]);
      expect(h.phone('0912345678')).toEqual(expected.phone('0912345678'));
      expect(fs.readFileSync(path.join(dir, 'secret'))).toEqual(secret);
    } finally {
      spy.mockRestore();
    }
    // Ledgers with no secret at all are still refused.
    fs.rmSync(path.join(dir, 'secret'));
    expect(() => Hasher.forStateDir(stateDir)).toThrow(
      /secret .* is missing, but ledgers are beside it/,
    );
  });
});
