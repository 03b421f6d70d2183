/**
 * Files cacs writes (issue 13): one atomic-write helper — random temporary names, exclusive
 * create, no symlink followed, mode 0600, nothing left behind; sidecars in a folder that cannot
 * be written; no work folder left in TMPDIR; no control characters from the service in the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  AtomicFile,
  removeWritten,
  tempNameFor,
  writeFileAtomicSync,
  writeTargetOf,
} from '../../src/atomic-write.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { writeFileAtomic } from '../../src/report/write.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { json as jsonReply, startScriptedServer } from '../helpers/servers.js';
import {
  emulatorPool,
  importEnv,
  processedPhones,
  write,
  type Summary,
} from '../helpers/import.js';

const emulators = emulatorPool();

// 2026-11-21 10:00 in Ho Chi Minh City.
const NOW = new Date('2026-11-21T03:00:00Z');
const VICTIM_TEXT = 'precious data that must not be overwritten\n';

/** A file outside the folder, and a symlink to it at `name` in `dir`. */
function plant(dir: string, name: string): string {
  const victim = path.join(tempDir('cacs-victim-'), 'victim.txt');
  fs.writeFileSync(victim, VICTIM_TEXT);
  fs.symlinkSync(victim, path.join(dir, name));
  return victim;
}

/** Temporary files in `dir` other than the planted ones. */
function leftovers(dir: string, planted: readonly string[]): string[] {
  return fs.readdirSync(dir).filter((f) => f.includes('.tmp') && !planted.includes(f));
}

function withUmask<T>(mask: number, fn: () => Promise<T>): Promise<T> {
  const old = process.umask(mask);
  return fn().finally(() => process.umask(old));
}

const LEADS = 'phone,name\n0912345678,An\n0912345679,Bình\nabc,Bad phone\n';

describe('the atomic-write helper', () => {
  it('uses a fresh random temporary name in the target folder each time', () => {
    const a = tempNameFor('/x/y/report.csv');
    const b = tempNameFor('/x/y/report.csv');
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe('/x/y');
    expect(path.basename(a)).toMatch(/^\.report\.csv\.tmp-[0-9a-f]{16}-\d+-[0-9a-f]{8}$/);
    expect(path.basename(tempNameFor(`/x/${'é'.repeat(300)}`)).length).toBeLessThan(255);
  });

  it('writes 0600 whatever the umask, replaces the target, leaves no temporary file', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'out.txt');
    fs.writeFileSync(target, 'old');
    await withUmask(0, async () => writeFileAtomicSync(target, 'new'));
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['out.txt']);
  });

  it('removes the temporary file when writing fails, and keeps the old target', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'out.txt');
    fs.writeFileSync(target, 'old');
    await expect(
      writeFileAtomic(target, async (sink) => {
        await sink.write('half a report');
        throw new Error('the network went away');
      }),
    ).rejects.toThrow('the network went away');
    expect(fs.readdirSync(dir)).toEqual(['out.txt']);
    expect(fs.readFileSync(target, 'utf8')).toBe('old');
    // A discarded stream, and a failing rename (a folder in the way), leave nothing either.
    const f = AtomicFile.open(target);
    f.writeSync('x');
    f.discard();
    f.discard();
    fs.mkdirSync(path.join(dir, 'sub'));
    expect(() => writeFileAtomicSync(path.join(dir, 'sub'), 'x')).toThrow();
    expect(fs.readdirSync(dir).sort()).toEqual(['out.txt', 'sub']);
  });

  it('noClobber never replaces a file or a symlink, even a dangling one', () => {
    const dir = tempDir();
    const target = path.join(dir, 'cfg.yaml');
    fs.symlinkSync(path.join(dir, 'nowhere'), target);
    expect(() => writeFileAtomicSync(target, 'x', { noClobber: true })).toThrow(/EEXIST/);
    expect(fs.existsSync(path.join(dir, 'nowhere'))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['cfg.yaml']);
  });
});

describe('what a name is, for writing (writeTargetOf: one decision for every file cacs writes)', () => {
  it('a new name, a file, a symlink of ours (through to its target), a FIFO, a device, /dev/fd/N', () => {
    const dir = tempDir();
    const file = write(dir, 'a.csv', 'old');
    expect(writeTargetOf(path.join(dir, 'new.csv'))).toEqual({
      kind: 'file',
      path: path.join(dir, 'new.csv'),
      exists: false,
    });
    expect(writeTargetOf(file)).toEqual({ kind: 'file', path: file, exists: true });
    fs.symlinkSync('a.csv', path.join(dir, 'link.csv'));
    expect(writeTargetOf(path.join(dir, 'link.csv'))).toEqual({
      kind: 'file',
      path: file,
      exists: true,
      link: path.join(dir, 'link.csv'),
    });
    expect(spawnSync('mkfifo', [path.join(dir, 'p')]).status).toBe(0);
    expect(writeTargetOf(path.join(dir, 'p'))).toMatchObject({ kind: 'direct', what: 'pipe' });
    expect(writeTargetOf('/dev/null')).toMatchObject({ kind: 'direct', what: 'device' });
    // Stdout: written on as it is (review, session 22).
    expect(writeTargetOf('/dev/fd/1')).toMatchObject({
      kind: 'direct',
      what: 'descriptor',
      own: 1,
    });
    // A file this process opened itself (its input, say): refused, never written into by number.
    const fd = fs.openSync(file, 'r');
    try {
      expect(() => writeTargetOf(`/dev/fd/${fd}`)).toThrow(/is no pipe cacs was given/);
    } finally {
      fs.closeSync(fd);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
    expect(() => writeTargetOf(dir)).toThrow(/EISDIR/);
  });

  it('writeFileAtomicSync (bookmarks, state) through a symlink keeps the link; to a FIFO without reader: a clear refusal', () => {
    const dir = tempDir();
    write(dir, 'target.json', 'old');
    fs.symlinkSync('target.json', path.join(dir, 'bm.json'));
    writeFileAtomicSync(path.join(dir, 'bm.json'), 'new');
    expect(fs.lstatSync(path.join(dir, 'bm.json')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'target.json'), 'utf8')).toBe('new');
    expect(spawnSync('mkfifo', [path.join(dir, 'p')]).status).toBe(0);
    expect(() => writeFileAtomicSync(path.join(dir, 'p'), 'x')).toThrow(
      /is a named pipe that nothing is reading/,
    );
    expect(fs.lstatSync(path.join(dir, 'p')).isFIFO()).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual(['bm.json', 'p', 'target.json']);
  });

  it('removeWritten removes what was written: a file, or the file a symlink of ours points at (the link stays); never a pipe or device', () => {
    const dir = tempDir();
    const file = write(dir, 'a.csv', 'rows');
    expect(removeWritten(file)).toBe(file);
    expect(fs.existsSync(file)).toBe(false);
    const target = write(dir, 'target.csv', 'rows');
    fs.symlinkSync('target.csv', path.join(dir, 'link.csv'));
    expect(removeWritten(path.join(dir, 'link.csv'))).toBe(target);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readlinkSync(path.join(dir, 'link.csv'))).toBe('target.csv');
    // Nothing there (the dangling link, a new name): nothing removed.
    expect(removeWritten(path.join(dir, 'link.csv'))).toBeUndefined();
    expect(removeWritten(path.join(dir, 'new.csv'))).toBeUndefined();
    expect(spawnSync('mkfifo', [path.join(dir, 'p')]).status).toBe(0);
    expect(removeWritten(path.join(dir, 'p'))).toBeUndefined();
    expect(fs.lstatSync(path.join(dir, 'p')).isFIFO()).toBe(true);
    expect(removeWritten('/dev/null')).toBeUndefined();
    expect(fs.readdirSync(dir).sort()).toEqual(['link.csv', 'p']);
  });
});

describe('planted symlinks at the temporary names the old code used', () => {
  it('report -o: the symlink target is untouched, the report lands 0600, nothing is left', async () => {
    const emu = await startEmulator({ port: 0, seed: 3 });
    try {
      for (let i = 0; i < 5; i++) {
        emu.store.addLead(
          'summer',
          { phone_number: `09${String(10000000 + i)}`, name: `Khách ${i}` },
          new Date(Date.UTC(2026, 7, 1 + i, 2)),
        );
      }
      const dir = tempDir();
      const planted = `.calls.csv.tmp-${process.pid}`;
      const victim = plant(dir, planted);
      const r = await withUmask(0, () =>
        runCli(['report', '--from', '2026-08-01', '--to', '2026-08-10', '-o', 'calls.csv'], {
          env: isolatedEnv({
            CACS_BASE_URL: emu.url,
            CACS_ACCESS_TOKEN: 'emulator-token',
            CACS_CAMPAIGN: 'summer',
          }),
          cwd: dir,
          now: () => NOW,
        }),
      );
      expect(r.stderr).not.toContain('internal error');
      expect(r.code).toBe(0);
      expect(fs.readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
      const out = path.join(dir, 'calls.csv');
      expect(fs.lstatSync(out).isFile()).toBe(true);
      expect(fs.readFileSync(out, 'utf8')).toMatch(/^campaign_id,.*\n.*Khách 0/s);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      expect(leftovers(dir, [planted])).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  it('rejects and uncertain files: targets untouched, both written 0600, nothing left', async () => {
    const emu = await emulators.start({ faults: { dropAfterRate: 1 } });
    const cwd = tempDir();
    const file = write(cwd, 'leads.csv', LEADS);
    const planted = [
      `leads.csv.rejects.csv.tmp-${process.pid}`,
      `leads.csv.uncertain.csv.tmp-${process.pid}`,
    ];
    const victims = planted.map((p) => plant(cwd, p));
    const r = await withUmask(0, () =>
      runCli(['import', file, '--json', '--timeout', '2000'], { env: importEnv(emu), cwd }),
    );
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(5);
    const summary = JSON.parse(r.stdout) as Summary;
    for (const v of victims) expect(fs.readFileSync(v, 'utf8')).toBe(VICTIM_TEXT);
    for (const [f, text] of [
      [summary.rejectsFile, 'abc,Bad phone'],
      [summary.uncertainFile, '0912345678,An'],
    ] as const) {
      expect(f).toBeTruthy();
      expect(fs.lstatSync(f!).isFile()).toBe(true);
      expect(fs.readFileSync(f!, 'utf8')).toContain(text);
      expect(fs.statSync(f!).mode & 0o777).toBe(0o600);
    }
    expect(leftovers(cwd, planted)).toEqual([]);
  });

  it("the emulator's --state file: the target is untouched, the state lands, nothing is left", async () => {
    const dir = tempDir();
    const state = path.join(dir, 'state.json');
    const planted = `state.json.${process.pid}.tmp`;
    const victim = plant(dir, planted);
    const emu = await startEmulator({ port: 0, statePath: state });
    try {
      emu.store.addLead('summer', { phone_number: '0912345678', name: 'An' }, new Date());
      emu.store.save();
    } finally {
      await emu.close();
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(fs.readFileSync(state, 'utf8')).toContain('0912345678');
    expect(fs.statSync(state).mode & 0o077).toBe(0);
    expect(leftovers(dir, [planted])).toEqual([]);
  });

  it('cacs config init writes through the helper, 0600, and never through a symlink', async () => {
    const cwd = tempDir();
    const r = await withUmask(0, () => runCli(['config', 'init'], { cwd }));
    expect(r.code).toBe(0);
    const file = path.join(cwd, '.cacsrc.yaml');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(cwd)).toEqual(['.cacsrc.yaml']);
    const other = tempDir();
    const victim = plant(other, '.cacsrc.yaml');
    fs.rmSync(victim); // dangling: existsSync says no, yet nothing may be written through it
    const again = await runCli(['config', 'init'], { cwd: other });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect(fs.existsSync(victim)).toBe(false);
  });
});

describe('the import work folder', () => {
  let tmp: string;
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.TMPDIR;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  });

  it('is not left in TMPDIR when the run stops on a usage error after the input was inspected', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const file = write(cwd, 'leads.csv', LEADS);
    const env = importEnv(emu);
    tmp = tempDir('cacs-tmpdir-');
    process.env.TMPDIR = tmp;
    const r = await runCli(['import', file, '--rejects', file], { env, cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rejects would overwrite the file being imported');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

/**
 * Run `fn` unable to write `dir`. Root ignores permission bits, so as root the folder is given
 * to "nobody" (65534) without its write bit and `fn` runs with that effective user id — real
 * kernel checks, not a simulation (access(2) would still say yes: it answers for the real uid,
 * which is why cacs probes with an exclusive create instead). Other users: chmod 555.
 */
async function readOnly<T>(dir: string, owned: string[], fn: () => Promise<T>): Promise<T> {
  const root = process.getuid?.() === 0;
  if (root) for (const d of [dir, ...owned]) chownR(d, 65534);
  fs.chmodSync(dir, 0o555);
  if (root) {
    process.setegid!(65534);
    process.seteuid!(65534);
  }
  try {
    return await fn();
  } finally {
    if (root) {
      process.seteuid!(0);
      process.setegid!(0);
    }
    fs.chmodSync(dir, 0o755);
  }
}

function chownR(p: string, uid: number): void {
  fs.chownSync(p, uid, uid);
  if (fs.lstatSync(p).isDirectory())
    for (const f of fs.readdirSync(p)) chownR(path.join(p, f), uid);
}

describe('sidecar files in a folder that cannot be written', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    // Load every module once with full rights (later runs may be as another user).
    const cwd = tempDir();
    await runCli(['import', write(cwd, 'warm.csv', LEADS), '--dry-run'], { cwd });
  });
  afterAll(() => emu.close());

  function setup(content = LEADS) {
    const cwd = tempDir();
    const file = write(cwd, 'leads.csv', content);
    const env = importEnv(emu);
    fs.mkdirSync(env.CACS_STATE_DIR!, { recursive: true });
    return { cwd, file, env, owned: [env.HOME!] };
  }

  it('a real import stops before sending (exit 2), naming the folder and --rejects', async () => {
    const { cwd, file, env, owned } = setup();
    emu.store.received.length = 0;
    const r = await readOnly(cwd, owned, () => runCli(['import', file], { env, cwd }));
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot write leads.csv.rejects.csv in ${cwd}`);
    expect(r.stderr).toContain('--rejects <file>');
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(processedPhones(emu)).toEqual([]);
    // With the rejects file elsewhere, the skipped and uncertain lists still need a folder.
    const elsewhere = path.join(tempDir(), 'r.csv');
    if (process.getuid?.() === 0) fs.chownSync(path.dirname(elsewhere), 65534, 65534);
    const r2 = await readOnly(cwd, owned, () =>
      runCli(['import', file, '--rejects', elsewhere], { env, cwd }),
    );
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain(`cannot write leads.csv.skipped.csv in ${cwd}`);
    expect(r2.stderr).toContain('run cacs from a folder you can write to');
    expect(processedPhones(emu)).toEqual([]);
  });

  it('a dry run that rejects nothing succeeds; one with rejects says why it cannot list them', async () => {
    const clean = setup('phone,name\n0912345678,An\n');
    const ok = await readOnly(clean.cwd, clean.owned, () =>
      runCli(['import', clean.file, '--dry-run'], { env: clean.env, cwd: clean.cwd }),
    );
    expect(ok.stderr).not.toContain('cannot write');
    expect(ok.code).toBe(0);
    const bad = setup();
    const r = await readOnly(bad.cwd, bad.owned, () =>
      runCli(['import', bad.file, '--dry-run'], { env: bad.env, cwd: bad.cwd }),
    );
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot write leads.csv.rejects.csv in ${bad.cwd}`);
    expect(fs.readdirSync(bad.cwd)).toEqual(['leads.csv']);
  });

  it('--rejects under a file (not a folder) is exit 2, for any user', async () => {
    const { cwd, file, env } = setup();
    write(cwd, 'notafolder', 'x');
    const dry = await runCli(['import', file, '--dry-run', '--rejects', 'notafolder/r.csv'], {
      env,
      cwd,
    });
    expect(dry.stderr).not.toContain('internal error');
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('not a folder');
    emu.store.received.length = 0;
    const real = await runCli(['import', file, '--rejects', 'notafolder/r.csv'], { env, cwd });
    expect(real.code).toBe(2);
    expect(processedPhones(emu)).toEqual([]);
  });
});

describe('the terminal table', () => {
  it('strips CR, C1 (U+009B CSI) and ANSI escapes from service data; CSV and JSON stay exact', async () => {
    const record = {
      campaign_id: 1,
      campaign_name: 'c',
      campaign_lead_id: 7,
      ref_id: 'R',
      phone_number: '0912345678',
      // U+202E/U+202C (review, session 22): a bidirectional override reorders the rest of the line.
      lead_name: 'An\u001b[2J\u001b]0;pwned\u0007 Bình\u009b31mX\u202egnp.exe\u202c',
      call: 1,
      data: [
        {
          session: 's',
          wait_time: '\r99',
          talk_time: '1\u009b2J',
          phone_number: '0912345678',
          date_time: '2026-11-20 09:00:00',
          status: 'ANSWERED\u001b[31m\u0085',
          retry: 0,
          key_press: '',
        },
      ],
    };
    const s = await startScriptedServer([
      jsonReply(200, { result: 'success', message: 'Have 1 records found', records: [record] }),
    ]);
    const env = isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' });
    try {
      const args = ['report', '--from', '2026-11-20', '--to', '2026-11-20'];
      const table = await runCli([...args, '--format', 'table'], { env, now: () => NOW });
      expect(table.code).toBe(0);
      expect(table.stdout).not.toMatch(
        /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
      );
      expect(table.stdout).toContain('An Bình');
      expect(table.stdout).not.toContain('pwned');
      const csv = await runCli([...args, '--format', 'csv'], { env, now: () => NOW });
      expect(csv.stdout).toContain(record.lead_name);
      expect(csv.stdout).toContain(`"'\r99"`);
      const json = await runCli([...args, '--format', 'json'], { env, now: () => NOW });
      expect(JSON.parse(json.stdout)).toEqual([record]);
    } finally {
      await s.close();
    }
  });
});

describe('a service message with bidirectional controls (review, session 22)', () => {
  it('reaches the terminal without them', async () => {
    const s = await startScriptedServer([
      jsonReply(200, {
        result: 'error',
        message: 'Parameter #\u202eetad_trats\u202c# is odd\u2066x\u2069. Please check it again',
      }),
    ]);
    const env = isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' });
    try {
      const r = await runCli(['report', '--from', '2026-11-20', '--to', '2026-11-20'], {
        env,
        now: () => NOW,
      });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('etad_trats');
      expect(r.stderr).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    } finally {
      await s.close();
    }
  });
});

describe('a file of another user that root replaces (reviews, sessions 17 and 23)', () => {
  it.skipIf(process.getuid?.() !== 0)(
    "keeps its owner and group when the rewrite keeps owners (forget); else, and a new name, root's",
    async () => {
      const { writeFileAtomicSync } = await import('../../src/atomic-write.js');
      const dir = tempDir();
      const theirs = path.join(dir, 'theirs.csv');
      fs.writeFileSync(theirs, 'old\n');
      fs.chownSync(theirs, 65534, 65534);
      writeFileAtomicSync(theirs, 'new\n', { keepOwner: true });
      const st = fs.statSync(theirs);
      expect([st.uid, st.gid, fs.readFileSync(theirs, 'utf8')]).toEqual([65534, 65534, 'new\n']);
      // Made in advance by another user at a name root writes: they do not get what root wrote.
      writeFileAtomicSync(theirs, 'report\n');
      const now = fs.statSync(theirs);
      expect([now.uid, now.gid, now.mode & 0o777]).toEqual([0, 0, 0o600]);
      const fresh = path.join(dir, 'fresh.csv');
      writeFileAtomicSync(fresh, 'x\n');
      expect(fs.statSync(fresh).uid).toBe(0);
    },
  );
});
