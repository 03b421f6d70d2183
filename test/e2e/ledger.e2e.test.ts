/**
 * Issue 14: the campaign ledger (never twice across files and runs), the skipped file, sidecar
 * names and their stale copies, and `cacs history`. Over real HTTP against the emulator.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeAllNow } from '../../src/cleanup.js';
import {
  Hasher,
  Ledger,
  LedgerTable,
  RECORD_BYTES,
  STATE_ACCEPTED,
  STATE_UNCERTAIN,
  loadTable,
} from '../../src/state/file/ledger.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { startHoldingServer, type HoldingServer } from '../helpers/holding-server.js';
import {
  emulatorPool,
  importEnv,
  importJson,
  processedPhones,
  readCsv,
  write,
} from '../helpers/import.js';

const emulators = emulatorPool();
const emulator = (opts: EmulatorOptions = {}) => emulators.start(opts);

const imp = importJson;

const csv = (rows: string[][]) => `phone,name,ref\n${rows.map((r) => r.join(',')).join('\n')}\n`;

describe('the campaign ledger', () => {
  it("holds back next week's customers: already_imported, listed with when and from which file, exit 0", async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(
      cwd,
      'week1.csv',
      csv([
        ['0912000001', 'An', 'K1'],
        ['0912000002', 'Bình', 'K2'],
      ]),
    );
    const first = await imp([a], env, cwd);
    expect(first.code).toBe(0);
    // Next week: one customer again, written another way, and one new.
    const b = write(
      cwd,
      'week2.csv',
      csv([
        ['+84 912 000 002', 'Bình', 'K2'],
        ['0912000003', 'Chi', 'K3'],
      ]),
    );
    const second = await imp([b], env, cwd);
    expect(second.code).toBe(0);
    expect(second.summary).toMatchObject({ imported: 1, alreadyImported: 1, rejected: 0 });
    expect(processedPhones(emu)).toEqual(['0912000001', '0912000002', '0912000003']);
    const skipped = readCsv(path.join(cwd, 'week2.csv.skipped.csv'));
    expect(skipped[1]!.slice(0, 2)).toEqual(['2', 'already_imported']);
    expect(skipped[1]![2]).toMatch(
      new RegExp(
        `^imported on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d Asia/Ho_Chi_Minh by run ${first.summary.runId} \\(week1\\.csv\\)$`,
      ),
    );
    expect(skipped[1]!.slice(3)).toEqual(['+84 912 000 002', 'Bình', 'K2']);
    expect(fs.existsSync(path.join(cwd, 'week2.csv.rejects.csv'))).toBe(false);
  });

  it('a dry run reports them too (when the service address is set), and --allow-repeat sends them', async () => {
    const emu = await emulator({ skipExisting: false });
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(
      cwd,
      'a.csv',
      csv([
        ['0912000001', 'An', ''],
        ['0912000002', 'Bình', ''],
      ]),
    );
    await imp([a], env, cwd);
    const b = write(
      cwd,
      'b.csv',
      csv([
        ['0912000002', 'Bình', ''],
        ['0912000003', 'Chi', ''],
      ]),
    );
    const dry = await runCli(['import', b, '--dry-run', '--json'], {
      env: { ...env, CACS_ACCESS_TOKEN: undefined },
      cwd,
    });
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, valid: 1, alreadyImported: 1 });
    expect(dry.code).toBe(0);
    const repeat = await imp([b, '--allow-repeat'], env, cwd);
    expect(repeat.summary).toMatchObject({ imported: 2, alreadyImported: 0 });
    expect(processedPhones(emu)).toEqual(['0912000001', '0912000002', '0912000002', '0912000003']);
  });

  it('holds across --restart, a copy under another name and a re-imported rejects file', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    const rows = [
      ['0912000001', 'An', ''],
      ['0912000002', 'Bình', ''],
      ['12', 'Bad', ''],
    ];
    const a = write(cwd, 'a.csv', csv(rows));
    expect((await imp([a], env, cwd)).code).toBe(3);
    expect((await imp([a, '--restart'], env, cwd)).summary).toMatchObject({
      imported: 0,
      alreadyImported: 2,
    });
    const copy = write(cwd, 'copy of a.csv', csv(rows));
    expect((await imp([copy], env, cwd)).summary).toMatchObject({
      imported: 0,
      alreadyImported: 2,
    });
    // The fixed reject is a number the campaign already has.
    const rejects = path.join(cwd, 'a.csv.rejects.csv');
    fs.writeFileSync(rejects, fs.readFileSync(rejects, 'utf8').replace(',12,', ',0912000001,'));
    const fixed = await imp([rejects], env, cwd);
    expect(fixed.summary).toMatchObject({ imported: 0, alreadyImported: 1, rejected: 0 });
    expect(processedPhones(emu)).toEqual(['0912000001', '0912000002']);
  });

  it('uncertain leads are held back in every file (exit 5) until --retry-uncertain sends them', async () => {
    const cwd = tempDir();
    const statePath = path.join(cwd, 'emulator.json');
    const faulty = await emulator({ seed: 3, statePath, faults: { dropAfterRate: 1 } });
    const env = importEnv(faulty);
    const a = write(cwd, 'a.csv', csv([['0912000001', 'An', '']]));
    const first = await imp([a], env, cwd);
    expect(first.code).toBe(5);
    expect(first.summary.uncertain).toBe(1);
    const port = faulty.port;
    await emulators.stop(faulty);
    const healthy = await emulator({ port, statePath, skipExisting: false });
    const b = write(
      cwd,
      'b.csv',
      csv([
        ['0912000001', 'An', ''],
        ['0912000009', 'Vy', ''],
      ]),
    );
    const second = await imp([b], env, cwd);
    expect(second.code).toBe(5);
    expect(second.summary).toMatchObject({ imported: 1, uncertainEarlier: 1 });
    expect(second.stderr).toContain('an earlier run left uncertain');
    expect(readCsv(path.join(cwd, 'b.csv.skipped.csv'))[1]!.slice(0, 2)).toEqual([
      '2',
      'uncertain_earlier',
    ]);
    const retry = await imp([b, '--retry-uncertain'], env, cwd);
    expect(retry.code).toBe(0);
    expect(retry.summary).toMatchObject({ imported: 1, alreadyImported: 1, uncertainEarlier: 0 });
    expect(healthy.store.received.flatMap((r) => r.phones)).toEqual(['0912000009', '0912000001']);
  });

  it('another import into the same campaign is refused while one runs; other campaigns go on', async () => {
    // The first run's answer is 3 s away: the other runs happen while it holds the lock.
    const emu = await emulator({
      latencyMs: 3000,
      campaigns: [{ key: 'summer' }, { key: 'winter' }],
    });
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(cwd, 'a.csv', csv([['0912000001', 'An', '']]));
    const b = write(cwd, 'b.csv', csv([['0912000002', 'Bình', '']]));
    const slow = runCli(['import', a], { env, cwd });
    // Its batch has reached the service: it holds the campaign's lock.
    while (emu.store.received.length === 0) await new Promise((r) => setTimeout(r, 5));
    const other = await runCli(['import', b], { env, cwd });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('into campaign summer');
    const winter = await runCli(['import', b, '--campaign', 'winter'], { env, cwd });
    expect(winter.code, winter.stderr).toBe(0);
    expect((await slow).code).toBe(0);
  });

  it('stores no readable number, privately, in 24-byte records; a torn last record is cut', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    await imp(
      [
        write(
          cwd,
          'a.csv',
          csv([
            ['0912000001', 'An', 'K1'],
            ['0912000002', 'B', ''],
          ]),
        ),
      ],
      env,
      cwd,
    );
    const dir = path.join(env.CACS_STATE_DIR!, 'ledgers');
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.ledger'));
    const ledger = path.join(dir, file!);
    const bytes = fs.readFileSync(ledger);
    expect(bytes.length % RECORD_BYTES).toBe(0);
    expect(bytes.length / RECORD_BYTES).toBe(4); // uncertain before the request, accepted after
    expect(bytes.toString('latin1')).not.toMatch(/912000|K1/);
    expect(fs.statSync(dir).mode & 0o077).toBe(0);
    for (const f of fs.readdirSync(dir))
      expect(fs.statSync(path.join(dir, f)).mode & 0o077).toBe(0);
    // A power cut in the middle of an append: the next run cuts the torn record and goes on.
    fs.appendFileSync(ledger, Buffer.alloc(10, 7));
    const again = await imp(
      [
        write(
          cwd,
          'b.csv',
          csv([
            ['0912000002', 'B', ''],
            ['0912000003', 'C', ''],
          ]),
        ),
      ],
      env,
      cwd,
    );
    expect(again.summary).toMatchObject({ imported: 1, alreadyImported: 1 });
    expect(fs.statSync(ledger).size % RECORD_BYTES).toBe(0);
  });
});

describe('the ledger under failure', () => {
  it('a second Ctrl-C (an exit at once) still writes the outcomes already known', async () => {
    const stateDir = tempDir();
    const target = { stateDir, baseUrl: 'http://127.0.0.1:1', campaignKey: 'C' };
    const ledger = await Ledger.open(target, 42);
    const leads = [{ phone: '0912000001' }, { phone: '0912000002' }];
    await ledger.begin(leads);
    ledger.settle(leads, STATE_ACCEPTED); // queued, not yet synced
    removeAllNow(); // what main.ts does before process.exit on a second Ctrl-C
    const { table } = loadTable(ledger.file);
    const hasher = Hasher.forStateDir(stateDir);
    for (const l of leads) expect(table.get(...hasher.phone(l.phone))?.state).toBe(STATE_ACCEPTED);
    await ledger.close().catch(() => {});
  });

  it('refuses to work when ledgers exist but their secret is gone (every lead would look new)', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(cwd, 'a.csv', csv([['0912000001', 'An', '']]));
    expect((await imp([a], env, cwd)).code).toBe(0);
    fs.rmSync(path.join(env.CACS_STATE_DIR!, 'ledgers', 'secret'));
    const r = await runCli(['import', write(cwd, 'b.csv', csv([['0912000001', 'An', '']]))], {
      env,
      cwd,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the ledger secret');
    expect(r.stderr).toContain('is missing, but ledgers are beside it');
    expect(processedPhones(emu)).toEqual(['0912000001']);
  });
});

describe('the ledger secret', () => {
  it('a damaged secret no ledger uses yet: told to remove it, not to restore a backup', () => {
    const stateDir = tempDir();
    fs.mkdirSync(path.join(stateDir, 'ledgers'), { recursive: true });
    const secret = path.join(stateDir, 'ledgers', 'secret');
    fs.writeFileSync(secret, ''); // left by a full disk before secrets were written atomically
    expect(() => Hasher.forStateDir(stateDir)).toThrow(/is damaged \(0 bytes\)/);
    try {
      Hasher.forStateDir(stateDir);
    } catch (e) {
      expect((e as { hint?: string }).hint).toMatch(/No ledger uses it yet.*remove it/);
    }
    fs.rmSync(secret);
    Hasher.forStateDir(stateDir);
    expect(fs.readdirSync(path.join(stateDir, 'ledgers'))).toEqual(['secret']);
    expect(fs.statSync(secret).size).toBe(12);
    fs.rmSync(stateDir, { recursive: true, force: true });
  });
});

describe('a damaged ledger (issue 22 item 9)', () => {
  /** One import of three leads; the ledger and its description. */
  async function imported() {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    const file = write(
      cwd,
      'a.csv',
      csv([
        ['0912000001', 'An', ''],
        ['0912000002', 'B', ''],
        ['0912000003', 'C', ''],
      ]),
    );
    expect((await imp([file], env, cwd)).code).toBe(0);
    const dir = path.join(env.CACS_STATE_DIR!, 'ledgers');
    const [name] = fs.readdirSync(dir).filter((f) => f.endsWith('.ledger'));
    const ledger = path.join(dir, name!);
    const meta = ledger.replace(/\.ledger$/, '.json');
    expect(JSON.parse(fs.readFileSync(meta, 'utf8'))).toMatchObject({
      campaign: 'summer',
      bytes: 6 * RECORD_BYTES,
    });
    return { emu, cwd, env, file, ledger, meta };
  }

  it('emptied to 0 bytes beside its description: exit 2 naming it, --restart sends nothing; deleting the description starts afresh', async () => {
    const { emu, cwd, env, file, ledger, meta } = await imported();
    fs.truncateSync(ledger, 0);
    for (const args of [[file, '--restart'], [file], [file, '--dry-run']]) {
      const r = await runCli(['import', ...args], { env, cwd });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `the campaign's ledger ${ledger} holds 0 records (0 bytes), but ${path.basename(meta)} beside it says it held 6 records after the last run that wrote it`,
      );
      expect(r.stderr).toContain('Nothing was sent');
      expect(r.stderr).toContain(`delete ${meta}`);
      expect(r.stderr).not.toContain('internal error');
    }
    expect(processedPhones(emu)).toHaveLength(3);
    // The documented way to accept starting empty: delete the description.
    fs.rmSync(meta);
    const again = await runCli(['import', file, '--restart'], { env, cwd });
    // Sent again (the emulator's campaign has them already and skips them: exit 3).
    expect(again.code, again.stderr).toBe(3);
    expect(processedPhones(emu)).toHaveLength(6);
    expect(JSON.parse(fs.readFileSync(meta, 'utf8'))).toMatchObject({ bytes: 6 * RECORD_BYTES });
  });

  it('cut short in the middle (not on a record boundary) or missing: exit 2, nothing sent', async () => {
    const { emu, cwd, env, file, ledger } = await imported();
    fs.truncateSync(ledger, 2 * RECORD_BYTES + 7);
    const cut = await runCli(['import', file, '--restart'], { env, cwd });
    expect(cut.code, cut.stderr).toBe(2);
    expect(cut.stderr).toContain(`${ledger} holds 2 records (55 bytes), but`);
    fs.rmSync(ledger);
    const gone = await runCli(['import', file, '--restart'], { env, cwd });
    expect(gone.code, gone.stderr).toBe(2);
    expect(gone.stderr).toContain(`the campaign's ledger ${ledger} is missing, but`);
    expect(processedPhones(emu)).toHaveLength(3);
  });

  it('a missing description is written again; a torn last record or a run that sent nothing is not damage', async () => {
    const { emu, cwd, env, file, ledger, meta } = await imported();
    fs.rmSync(meta);
    fs.appendFileSync(ledger, Buffer.alloc(10, 7)); // a power cut mid-append
    const r = await imp([file, '--restart'], env, cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ imported: 0, alreadyImported: 3 });
    expect(JSON.parse(fs.readFileSync(meta, 'utf8'))).toMatchObject({ bytes: 6 * RECORD_BYTES });
    // Another campaign whose first run sent nothing (every row invalid): empty, and not damaged.
    const bad = write(cwd, 'bad.csv', csv([['123', 'X', '']]));
    const other = { ...env, CACS_CAMPAIGN: 'winter' };
    await runCli(['import', bad, '--campaign', 'winter'], { env: other, cwd });
    const again = await runCli(['import', bad, '--campaign', 'winter'], { env: other, cwd });
    expect(again.stderr).not.toContain('ledger');
    expect(processedPhones(emu)).toHaveLength(3);
  });
});

describe('the ledger on a full disk', () => {
  const servers: HoldingServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('a ledger write that fails stops sending at once (exit 1 naming its folder); a rerun resends nothing', async () => {
    const server = await startHoldingServer(5);
    servers.push(server);
    const cwd = tempDir();
    const env = importEnv(server, { CACS_CAMPAIGN: 'C1' });
    const n = 400;
    const phones = Array.from({ length: n }, (_, i) => `09${10_000_000 + i}`);
    const file = write(cwd, 'leads.csv', `phone\n${phones.join('\n')}\n`);
    // Batches of 20: each writes 2 × 480 bytes to the ledger but about 100 to the journal, so
    // under a 4 KB file-size limit the ledger is the file that fills up.
    const child = spawn(
      'bash',
      [
        '-c',
        `ulimit -f 4 && exec "${process.execPath}" "${BIN}" import leads.csv --batch-size 20 --concurrency 2`,
      ],
      { cwd, env: env as NodeJS.ProcessEnv },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code, stderr).toBe(1);
    const folder = path.join(env.CACS_STATE_DIR!, 'ledgers');
    expect(stderr).toContain(`cannot write the import ledger in ${folder}: the disk is full`);
    expect(stderr).not.toContain('internal error');
    const committed = [...server.committed];
    expect(committed.length).toBeGreaterThan(0);
    expect(committed.length).toBeLessThan(n);

    // Every lead the service received was in the ledger (uncertain or accepted) before it left,
    // and the ledger holds whole records only.
    const [name] = fs.readdirSync(folder).filter((f) => f.endsWith('.ledger'));
    const ledgerPath = path.join(folder, name!);
    expect(fs.statSync(ledgerPath).size % RECORD_BYTES).toBe(0);
    const { table } = loadTable(ledgerPath);
    const hasher = Hasher.forStateDir(env.CACS_STATE_DIR!);
    for (const ph of committed)
      expect(table.get(...hasher.phone(ph))?.state, ph).toBeGreaterThan(0);

    // With room again, a plain rerun sends the rest and nothing that may have arrived.
    const rerun = await imp([file, '--batch-size', '20'], env, cwd);
    expect([0, 5]).toContain(rerun.code);
    const all = server.committed;
    expect(all.length).toBe(new Set(all).size);
    // Every lead is now accepted in the ledger (it arrived, once) or uncertain there, held back
    // for the operator to check. A batch in flight when the ledger filled up arrived, but its
    // outcome could not be written: it stays uncertain (which once made this count 440 of 400).
    const arrived = new Set(all);
    const after = loadTable(ledgerPath).table;
    let held = 0;
    for (const ph of phones) {
      const state = after.get(...hasher.phone(ph))?.state;
      if (state === STATE_UNCERTAIN) held++;
      else {
        expect(state, ph).toBe(STATE_ACCEPTED);
        expect(arrived.has(ph), ph).toBe(true);
      }
    }
    const { uncertain, uncertainEarlier } = rerun.summary;
    expect(uncertain + uncertainEarlier).toBe(held);
    expect(rerun.code).toBe(held > 0 ? 5 : 0);
    // Nothing lost: what did not arrive is held back, not forgotten.
    for (const ph of phones)
      if (!arrived.has(ph)) expect(after.get(...hasher.phone(ph))?.state, ph).toBe(STATE_UNCERTAIN);
  }, 120_000);
});

describe('the ledger table', () => {
  it('keeps the latest state of each number in at most 32 bytes per number', () => {
    const hasher = new Hasher([1, 2, 3]);
    const t = new LedgerTable();
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const [lo, hi] = hasher.phone(`09${String(10_000_000 + i)}`);
      t.set(lo, hi, 2, 7, 1000);
      if (i % 3 === 0) t.set(lo, hi, 1, 8, 2000);
    }
    expect(t.count).toBe(n);
    expect(t.bytes / n).toBeLessThanOrEqual(32);
    const [lo, hi] = hasher.phone('0910000000');
    expect(t.get(lo, hi)).toEqual({ state: 1, run: 8, at: 2000 });
    const [lo1, hi1] = hasher.phone('0910000001');
    expect(t.get(lo1, hi1)).toEqual({ state: 2, run: 7, at: 1000 });
    const [lo2, hi2] = hasher.phone('0999999999');
    expect(t.get(lo2, hi2)).toBeUndefined();
  });

  it('a missing ledger is empty', () => {
    expect(loadTable(path.join(tempDir(), 'none.ledger')).table.count).toBe(0);
  });
});

describe('sidecar files', () => {
  it('leads.csv and leads.json, and two leads.csv in two folders, never share a sidecar', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    const c = write(cwd, 'leads.csv', csv([['12', 'Bad', '']]));
    const j = write(cwd, 'leads.json', JSON.stringify([{ phone: '13', name: 'Bad too' }]));
    const other = tempDir();
    const c2 = write(other, 'leads.csv', csv([['14', 'Bad three', '']]));
    // Each file's one row is rejected: every row rejected is exit 2.
    for (const f of [c, j, c2]) expect((await runCli(['import', f], { env, cwd })).code).toBe(2);
    expect(readCsv(path.join(cwd, 'leads.csv.rejects.csv'))[1]![3]).toBe('12');
    expect(readCsv(path.join(cwd, 'leads.json.rejects.csv'))[1]![3]).toBe('13');
    expect(readCsv(path.join(other, 'leads.csv.rejects.csv'))[1]![3]).toBe('14');
  });

  it('a rerun of a fixed file removes its stale rejects and skipped files, saying so', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    const f = write(
      cwd,
      'leads.csv',
      csv([
        ['0912000001', 'An', ''],
        ['0912000001', 'An', ''],
        ['12', 'Bad', ''],
      ]),
    );
    expect((await runCli(['import', f], { env, cwd })).code).toBe(3);
    expect(fs.existsSync(`${f}.rejects.csv`)).toBe(true);
    expect(fs.existsSync(`${f}.skipped.csv`)).toBe(true);
    write(cwd, 'leads.csv', csv([['0912000005', 'Em', '']]));
    const fixed = await runCli(['import', f], { env, cwd });
    expect(fixed.code).toBe(0);
    expect(fs.existsSync(`${f}.rejects.csv`)).toBe(false);
    expect(fs.existsSync(`${f}.skipped.csv`)).toBe(false);
    expect(fixed.stderr).toContain(`removed the stale ${f}.rejects.csv (no row needs fixing now)`);
    expect(fixed.stderr).toContain(`removed the stale ${f}.skipped.csv (no row is held back now)`);
  });

  it('a stale list written through a symlink of yours is removed where the rows are, the link staying (review, session 16)', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const env = importEnv(emu);
    fs.mkdirSync(path.join(cwd, 'real'));
    const link = path.join(cwd, 'rl.csv');
    const target = path.join(cwd, 'real', 'rej.csv');
    fs.symlinkSync(target, link);
    const f = write(
      cwd,
      'k.csv',
      csv([
        ['0912000001', 'An', ''],
        ['12', 'Bad', ''],
      ]),
    );
    expect((await runCli(['import', f, '--rejects', link], { env, cwd })).code).toBe(3);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toContain('Bad');
    write(cwd, 'k.csv', csv([['0912000002', 'B', '']])); // fixed
    const fixed = await runCli(['import', f, '--rejects', link], { env, cwd });
    expect(fixed.code).toBe(0);
    expect(fixed.stderr).toContain(`removed the stale ${link}`);
    // The rows are gone from where they were written; the link is as the user made it.
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe(target);
  });

  it("another import never removes lists that are not its own (stdin, or a file's other content)", async () => {
    const cwd = tempDir();
    const statePath = path.join(cwd, 'emulator.json');
    const faulty = await emulator({ seed: 2, statePath, faults: { dropAfterRate: 1 } });
    const env = importEnv(faulty);
    // Two stdin imports are two inputs: the second leaves the first one's lists alone.
    const first = await runCli(['import', '-'], {
      env,
      cwd,
      stdin: csv([
        ['0912000001', 'An', ''],
        ['12', 'Bad', ''],
      ]),
    });
    expect(first.code).toBe(5);
    const port = faulty.port;
    await emulators.stop(faulty);
    await emulator({ port, statePath });
    const second = await runCli(['import', '-'], {
      env,
      cwd,
      stdin: csv([['0912000002', 'B', '']]),
    });
    expect(second.code).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'stdin.uncertain.csv'))).toBe(true);
    expect(fs.existsSync(path.join(cwd, 'stdin.rejects.csv'))).toBe(true);
    expect(second.stderr).not.toContain('removed the stale');
  });

  it("a file's uncertain list is kept when the file now holds other content (its leads may be listed nowhere else)", async () => {
    const cwd = tempDir();
    const statePath = path.join(cwd, 'emulator.json');
    const faulty = await emulator({ seed: 2, statePath, faults: { dropAfterRate: 1 } });
    const env = importEnv(faulty);
    const f = write(cwd, 'nightly.csv', csv([['0912000001', 'An', '']]));
    expect((await runCli(['import', f], { env, cwd })).code).toBe(5);
    const port = faulty.port;
    await emulators.stop(faulty);
    await emulator({ port, statePath });
    write(cwd, 'nightly.csv', csv([['0912000002', 'B', '']])); // tomorrow's export, same path
    const next = await runCli(['import', f], { env, cwd });
    expect(next.code).toBe(0);
    expect(fs.existsSync(`${f}.uncertain.csv`)).toBe(true);
    expect(next.stderr).toContain(`kept ${f}.uncertain.csv`);
  });

  it('a run of other content that leaves leads uncertain too writes its list beside the earlier one (review, session 16)', async () => {
    const cwd = tempDir();
    const faulty = await emulator({ seed: 2, faults: { dropAfterRate: 1 } });
    const env = importEnv(faulty);
    const f = write(cwd, 'nightly.csv', csv([['0912000001', 'An', '']]));
    expect((await runCli(['import', f], { env, cwd })).code).toBe(5);
    write(cwd, 'nightly.csv', csv([['0912000002', 'B', '']])); // tomorrow's export, same path
    const next = await imp([f], env, cwd);
    expect(next.code).toBe(5);
    // The first night's uncertain lead is still listed; the second night's beside it.
    const listed = (file: string) => fs.readFileSync(file, 'utf8').match(/09120000\d\d/g);
    expect(listed(`${f}.uncertain.csv`)).toEqual(['0912000001']);
    expect(listed(`${f}.uncertain-2.csv`)).toEqual(['0912000002']);
    expect(next.stderr).toContain(`kept ${f}.uncertain.csv`);
    expect(next.summary.uncertainFile).toBe(`${f}.uncertain-2.csv`);
    // The same content again (a plain rerun): its own list is replaced, not numbered again.
    const again = await imp([f, '--retry-uncertain'], env, cwd);
    expect(again.code).toBe(5);
    expect(again.summary.uncertainFile).toBe(`${f}.uncertain-2.csv`);
    expect(fs.existsSync(`${f}.uncertain-3.csv`)).toBe(false);
    expect(listed(`${f}.uncertain.csv`)).toEqual(['0912000001']);
    expect(listed(`${f}.uncertain-2.csv`)).toEqual(['0912000002']);
  });

  it('stdin sidecars go to the working folder', async () => {
    const emu = await emulator();
    const cwd = tempDir();
    const r = await runCli(['import', '-'], {
      env: importEnv(emu),
      cwd,
      stdin: csv([['12', 'Bad', '']]),
    });
    expect(r.code).toBe(2); // its only row rejected

    expect(fs.existsSync(path.join(cwd, 'stdin.rejects.csv'))).toBe(true);
  });
});

describe('cacs history', () => {
  it('lists runs newest first, shows one, and finds a lead by any written form or its ref_id', async () => {
    const emu = await emulator({ campaigns: [{ key: 'summer' }, { key: 'winter' }] });
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(
      cwd,
      'a.csv',
      csv([
        ['0912000001', 'An', 'KH-1'],
        ['12', 'Bad', ''],
      ]),
    );
    const first = await imp([a], env, cwd);
    const b = write(cwd, 'b.csv', csv([['0912000001', 'An', 'KH-1']]));
    const second = await imp([b, '--campaign', 'winter'], env, cwd);
    await imp([a, '--dry-run'], env, cwd); // not recorded

    const list = await runCli(['history', '--json'], { env, cwd });
    const listed = JSON.parse(list.stdout) as {
      runs: Array<{ id: string; campaign: string; exitCode: number | null }>;
      exitCode: number;
      error: null;
    };
    expect(listed).toMatchObject({ exitCode: 0, error: null });
    const runs = listed.runs;
    expect(runs.map((r) => r.id)).toEqual([second.summary.runId, first.summary.runId]);
    expect(runs.map((r) => [r.campaign, r.exitCode])).toEqual([
      ['winter', 0],
      ['summer', 3],
    ]);
    const table = await runCli(['history', '--campaign', 'summer'], { env, cwd });
    // The table shows a run id's last 6 characters (history show takes them).
    expect(table.stdout).toContain(first.summary.runId!.slice(-6));
    expect(table.stdout).not.toContain(second.summary.runId!.slice(-6));
    expect(table.stdout).toMatch(
      /^started\s+run\s+file\s+campaign\s+rows\s+imported\s+rejected\s+exit$/m,
    );
    expect(
      (await runCli(['history', '--limit', '1', '--json'], { env, cwd })).stdout,
    ).not.toContain(first.summary.runId);

    const show = await runCli(['history', 'show', first.summary.runId!.slice(0, 20)], { env, cwd });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`rejects   ${a}.rejects.csv`);
    expect(show.stdout).toContain('rows      2: imported 1, rejected 1');

    for (const query of ['0912000001', '+84 912 000 001', '0912.000.001', 'KH-1']) {
      const find = await runCli(['history', 'find', query, '--json'], { env, cwd });
      const { found, exitCode } = JSON.parse(find.stdout) as {
        found: Array<{ run: string; campaign: string; outcome: string }>;
        exitCode: number;
      };
      expect(exitCode).toBe(0);
      expect(found.map((x) => [x.run, x.campaign, x.outcome]).sort()).toEqual(
        [
          [first.summary.runId, 'summer', 'accepted'],
          [second.summary.runId, 'winter', 'accepted'],
        ].sort(),
      );
    }
    const none = await runCli(['history', 'find', '0999999999'], { env, cwd });
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('no run recorded sending 0999999999');
    const bad = await runCli(['history', 'show', 'r1999'], { env, cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no run r1999 in the history');
    const shown = await runCli(['history', 'show', first.summary.runId!, '--json'], { env, cwd });
    expect(JSON.parse(shown.stdout)).toMatchObject({
      run: { id: first.summary.runId, exitCode: 3 },
      exitCode: 0,
      error: null,
    });
    const badJson = await runCli(['history', 'show', 'r1999', '--json'], { env, cwd });
    expect(badJson.code).toBe(2);
    expect(JSON.parse(badJson.stdout)).toEqual({
      exitCode: 2,
      error: {
        code: 'usage',
        message: 'no run r1999 in the history',
        hint: 'List runs with: cacs history',
      },
    });
  });

  it('shows the lines of the leads a run left uncertain', async () => {
    const emu = await emulator({ seed: 1, faults: { dropAfterRate: 1 } });
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(
      cwd,
      'a.csv',
      csv([
        ['0912000001', 'An', ''],
        ['0912000002', 'B', ''],
        ['0912000003', 'C', ''],
      ]),
    );
    const r = await imp([a, '--batch-size', '1'], env, cwd);
    expect(r.code).toBe(5);
    const show = await runCli(['history', 'show', r.summary.runId!], { env, cwd });
    expect(show.stdout).toContain('uncertain leads on lines: 2–4');
    const find = await runCli(['history', 'find', '0912000002'], { env, cwd });
    expect(find.stdout).toMatch(/uncertain\s+campaign summer/);
  });
});
