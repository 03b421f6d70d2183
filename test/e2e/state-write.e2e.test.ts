/**
 * Issue 22 item 9: a state folder cacs cannot write — a full disk (0 or 16 KB free, a file-size
 * limit), a file where the folder should be, a read-only mount — is the documented `write_failed`
 * error (exit 1) naming the folder and what to do, with nothing sent; never "internal error:
 * ENOSPC". Real file systems: as root, small tmpfs mounts (made here, unmounted in afterAll);
 * elsewhere those cases are skipped, saying why. Over real HTTP against the emulator.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, processedPhones, write } from '../helpers/import.js';

const emulators = emulatorPool();
const made: string[] = [];
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts.reverse()) spawnSync('umount', ['-l', m]);
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** importEnv, its HOME removed after the file. */
function envOf(...args: Parameters<typeof importEnv>) {
  const env = importEnv(...args);
  made.push(env.HOME!);
  return env;
}

function dir(): string {
  const d = tempDir('cacs-state-write-');
  made.push(d);
  return d;
}

const LEADS = 'phone\n0912000001\n0912000002\n0912000003\n';

/** Why the mount cases cannot run here ('' when they can): root and a working tmpfs mount. */
const mountProblem = ((): string => {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = tempDir('cacs-mount-probe-');
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
  if (r.status !== 0) {
    fs.rmSync(probe, { recursive: true, force: true });
    return `mount -t tmpfs failed (${String(r.stderr).trim() || `status ${r.status}`})`;
  }
  spawnSync('umount', [probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  return '';
})();
const asRoot = (name: string) => (mountProblem ? `${name} (skipped: ${mountProblem})` : name);

/** A 64 KB tmpfs with `free` bytes left (a file fills the rest). */
function smallDisk(free: number): string {
  const m = dir();
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', m]);
  expect(r.status, String(r.stderr)).toBe(0);
  mounts.push(m);
  // tmpfs counts whole 4 KB pages.
  const fill = path.join(m, 'fill');
  const fd = fs.openSync(fill, 'w');
  try {
    const page = Buffer.alloc(4096, 1);
    for (;;) {
      const st = fs.statfsSync(m);
      if (st.bavail * st.bsize <= free) break;
      fs.writeSync(fd, page);
    }
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOSPC') throw e;
  } finally {
    fs.closeSync(fd);
  }
  const st = fs.statfsSync(m);
  expect(st.bavail * st.bsize).toBe(free);
  return m;
}

/** A tmpfs, with what `fill` puts in it, then remounted read-only. */
function readOnlyDisk(fill: (m: string) => Promise<void> | void = () => {}) {
  const m = dir();
  expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', m]).status).toBe(0);
  mounts.push(m);
  return (async () => {
    await fill(m);
    const r = spawnSync('mount', ['-o', 'remount,ro', m]);
    expect(r.status, String(r.stderr)).toBe(0);
    return m;
  })();
}

/** The files under `folder` this process holds open (the CLI runs in-process here). */
function openFilesUnder(folder: string): string[] {
  const fds = '/proc/self/fd';
  const held: string[] = [];
  for (const fd of fs.readdirSync(fds)) {
    let target: string;
    try {
      target = fs.readlinkSync(path.join(fds, fd));
    } catch {
      continue; // closed meanwhile
    }
    if (target.startsWith(`${folder}/`)) held.push(target);
  }
  return held;
}

async function importInto(stateDir: string, extra: string[] = []) {
  const emu = await emulators.start();
  const cwd = dir();
  const env = envOf(emu, { CACS_STATE_DIR: stateDir });
  write(cwd, 'leads.csv', LEADS);
  const r = await runCli(['import', 'leads.csv', ...extra], { env, cwd });
  return { ...r, emu, cwd, env };
}

function expectWriteFailed(
  r: { code: number; stderr: string },
  folder: string,
  why: string | RegExp,
) {
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr).toContain(`in ${folder}`);
  expect(r.stderr).toMatch(why);
  expect(r.stderr).toContain('CACS_STATE_DIR');
  expect(r.stderr).not.toMatch(/internal error|ENOSPC|ENOENT|EROFS|ENOTDIR|EFBIG|\n\s+at /);
}

describe('a state folder that is a file (ENOTDIR)', () => {
  it('import: exit 1 write_failed naming the file, nothing sent; --json says write_failed', async () => {
    const cwd = dir();
    const file = write(cwd, 'state', 'not a folder\n');
    for (const stateDir of [file, path.join(file, 'sub')]) {
      const r = await importInto(stateDir);
      expectWriteFailed(r, path.join(stateDir, 'ledgers'), `${file} is a file, not a folder`);
      expect(r.stderr).toContain('nothing was sent');
      expect(r.stderr).toContain(`Move ${file} out of the way`);
      expect(processedPhones(r.emu)).toEqual([]);
      expect(fs.readdirSync(r.cwd)).toEqual(['leads.csv']);
    }
    const j = await importInto(file, ['--json']);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout)).toMatchObject({ error: { code: 'write_failed' }, exitCode: 1 });
    expect(fs.readFileSync(file, 'utf8')).toBe('not a folder\n');
  });

  it('report --bookmark: exit 1 naming the bookmarks folder, nothing fetched or written', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const file = write(cwd, 'state', 'x');
    const env = envOf(emu, { CACS_STATE_DIR: file });
    const r = await runCli(['report', '--bookmark', 'nightly', '--from', '1d', '-o', 'o.csv'], {
      env,
      cwd,
    });
    expectWriteFailed(r, path.join(file, 'bookmarks'), `${file} is a file, not a folder`);
    expect(fs.readdirSync(cwd)).toEqual(['state']);
  });
});

describe('a file-size limit (EFBIG, ulimit -f)', () => {
  it('import under `ulimit -f 0`: exit 1 naming the ledgers folder, nothing sent', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envOf(emu);
    write(cwd, 'leads.csv', LEADS);
    const child = spawn(
      'bash',
      ['-c', `ulimit -f 0 && exec "${process.execPath}" "${BIN}" import leads.csv`],
      { cwd, env: env as NodeJS.ProcessEnv },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expectWriteFailed(
      { code: code ?? -1, stderr },
      path.join(env.CACS_STATE_DIR!, 'ledgers'),
      'the disk is full; nothing was sent',
    );
    expect(stderr).toContain('Free at least 16 MB in');
    expect(processedPhones(emu)).toEqual([]);
  });
});

describe('a full state disk (tmpfs)', () => {
  it.skipIf(mountProblem)(
    asRoot('0 bytes and 16 KB free: import exits 1 saying the disk is full, nothing sent'),
    async () => {
      for (const free of [0, 16 * 1024]) {
        const disk = smallDisk(free);
        const stateDir = path.join(disk, 'state');
        const r = await importInto(stateDir);
        expectWriteFailed(r, stateDir, /the disk is full; nothing was sent/);
        // What is free when the message is written: the disk as the failed run left it (its
        // lock files gone), a few KiB at most, far below the 16 MB asked for.
        expect(r.stderr).toMatch(/Free at least 16 MB in .*\((0 bytes|[1-9]\d* KiB) free now\)/);
        expect(processedPhones(r.emu)).toEqual([]);
        // With room again, the same command imports everything once.
        fs.rmSync(path.join(disk, 'fill'));
        const again = await runCli(['import', 'leads.csv'], { env: r.env, cwd: r.cwd });
        expect(again.code, again.stderr).toBe(0);
        expect(processedPhones(r.emu)).toHaveLength(3);
      }
    },
  );

  it.skipIf(mountProblem)(
    asRoot('whichever state file the disk fills on, the same command works once there is room'),
    async () => {
      // 4–32 KB free: the disk fills on the lock, the ledger, its secret, the history or the
      // journal's first record. A journal created but left empty must not stop the next run.
      for (let free = 4096; free <= 32 * 1024; free += 4096) {
        const disk = smallDisk(free);
        const stateDir = path.join(disk, 'state');
        const r = await importInto(stateDir);
        if (r.code !== 0) {
          expectWriteFailed(r, stateDir, /the disk is full/);
          expect(processedPhones(r.emu)).toEqual([]);
        }
        // Nothing is left open on the disk (a state file opened before the write failed).
        expect(openFilesUnder(disk), `${free} bytes free`).toEqual([]);
        fs.rmSync(path.join(disk, 'fill'));
        const again = await runCli(['import', 'leads.csv'], { env: r.env, cwd: r.cwd });
        expect(again.code, `${free} bytes free: ${again.stderr}`).toBe(0);
        expect(processedPhones(r.emu)).toHaveLength(3);
      }
    },
  );

  it.skipIf(mountProblem)(
    asRoot('report --bookmark on a full disk: exit 1 naming the bookmarks folder'),
    async () => {
      const emu = await emulators.start();
      const cwd = dir();
      const stateDir = path.join(smallDisk(0), 'state');
      const env = envOf(emu, { CACS_STATE_DIR: stateDir });
      const r = await runCli(['report', '--bookmark', 'nightly', '--from', '1d', '-o', 'o.csv'], {
        env,
        cwd,
      });
      expectWriteFailed(r, path.join(stateDir, 'bookmarks'), 'the disk is full');
      expect(fs.readdirSync(cwd)).toEqual([]);
    },
  );
});

describe('a read-only state folder (tmpfs remounted ro)', () => {
  it.skipIf(mountProblem)(
    asRoot('import, new or existing state: exit 1 read-only, nothing sent'),
    async () => {
      const emu = await emulators.start();
      // One state folder used once while writable, one never made.
      let used = '';
      const disk = await readOnlyDisk(async (m) => {
        used = path.join(m, 'used');
        const cwd = dir();
        write(cwd, 'first.csv', 'phone\n0912000009\n');
        const env = envOf(emu, { CACS_STATE_DIR: used });
        expect((await runCli(['import', 'first.csv'], { env, cwd })).code).toBe(0);
      });
      for (const [stateDir, ro] of [
        [used, path.join(used, 'ledgers')],
        [path.join(disk, 'new'), disk],
      ] as const) {
        const cwd = dir();
        write(cwd, 'leads.csv', LEADS);
        const env = envOf(emu, { CACS_STATE_DIR: stateDir });
        for (const args of [['leads.csv'], ['leads.csv', '--restart']]) {
          const r = await runCli(['import', ...args], { env, cwd });
          expectWriteFailed(
            r,
            path.join(stateDir, 'ledgers'),
            `${ro} is on a read-only file system; nothing was sent`,
          );
        }
      }
      expect(processedPhones(emu)).toEqual(['0912000009']);
    },
  );

  it.skipIf(mountProblem)(
    asRoot('report bookmarks: a run, a reset and a first run all exit 1 naming the folder'),
    async () => {
      const emu = await emulators.start();
      const cwd = dir();
      let env: Record<string, string | undefined> = {};
      const disk = await readOnlyDisk(async (m) => {
        env = envOf(emu, { CACS_STATE_DIR: path.join(m, 'state') });
        // From yesterday: from today, in the first hour of the service's day, nothing has
        // settled yet (now less the settle margin is before the range) and no bookmark is kept.
        const first = await runCli(
          ['report', '--bookmark', 'nightly', '--from', 'yesterday', '-o', 'first.csv'],
          { env, cwd },
        );
        expect(first.code, first.stderr).toBe(0);
      });
      const folder = path.join(disk, 'state', 'bookmarks');
      const why = `${folder} is on a read-only file system`;
      const run = await runCli(['report', '--bookmark', 'nightly', '-o', 'next.csv'], {
        env,
        cwd,
      });
      expectWriteFailed(run, folder, why);
      const reset = await runCli(['report', '--bookmark-reset', 'nightly'], { env, cwd });
      expectWriteFailed(reset, folder, why);
      const other = await runCli(
        ['report', '--bookmark', 'other', '--from', '1d', '-o', 'other.csv'],
        { env, cwd },
      );
      expectWriteFailed(other, folder, why);
      expect(fs.readdirSync(cwd)).toEqual(['first.csv']);
      // Listing reads only.
      const list = await runCli(['report', '--bookmarks'], { env, cwd });
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout + list.stderr).toContain('nightly');
    },
  );

  it.skipIf(mountProblem)(
    asRoot('report -o into a folder on a read-only mount: said so, not "create the folder first"'),
    async () => {
      const emu = await emulators.start();
      const cwd = dir();
      const disk = await readOnlyDisk();
      const env = envOf(emu);
      const out = path.join(disk, 'calls.csv');
      const r = await runCli(['report', '--from', 'today', '-o', out], { env, cwd });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`-o ${out}: the folder ${disk} is on a read-only file system`);
      expect(r.stderr).not.toContain('Create the folder');
    },
  );
});

describe('a state folder this user may not write (EACCES)', () => {
  /**
   * As root (which ignores permission bits) the folder goes to "nobody" without its write bit
   * and the import runs with that effective user id (as in safe-files.test.ts); other users:
   * chmod 555.
   */
  it('import: exit 1 permission denied naming the folder, nothing sent', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    write(cwd, 'leads.csv', LEADS);
    const stateDir = path.join(dir(), 'state');
    fs.mkdirSync(stateDir);
    const env = envOf(emu, { CACS_STATE_DIR: stateDir });
    // Load every module once with full rights.
    await runCli(['import', 'leads.csv', '--dry-run'], { env: envOf(emu), cwd });
    const root = process.getuid?.() === 0;
    const owned = [path.dirname(stateDir), stateDir, cwd, env.HOME!];
    if (root) for (const d of owned) fs.chownSync(d, 65534, 65534);
    fs.chmodSync(stateDir, 0o555);
    let r: Awaited<ReturnType<typeof runCli>>;
    if (root) {
      process.setegid!(65534);
      process.seteuid!(65534);
    }
    try {
      r = await runCli(['import', 'leads.csv'], { env, cwd });
    } finally {
      if (root) {
        process.seteuid!(0);
        process.setegid!(0);
      }
      fs.chmodSync(stateDir, 0o755);
    }
    expectWriteFailed(
      r,
      path.join(stateDir, 'ledgers'),
      // The folder itself, or (with a TMPDIR others may not enter) the part of it in the way.
      /this user may not write in \/.* \(permission denied\); nothing was sent/,
    );
    expect(processedPhones(emu)).toEqual([]);
  });
});

// An operator walk (session 22): the rejects list on a full disk, found full only once the
// leads were sent — the run ended with the error alone (no counts), and its history said
// "0 rows, 0 imported". The counts stand; the list's failure is the run's stop (exit 1).
describe('a rejects list that cannot be written once the leads were sent (a full disk)', () => {
  it.skipIf(mountProblem !== '')(
    asRoot('the summary with its counts, then write_failed (exit 1); the history has the counts'),
    async () => {
      const emu = await emulators.start();
      const cwd = dir();
      const full = smallDisk(0);
      const env = envOf(emu, { CACS_STATE_DIR: path.join(cwd, 'state') });
      write(cwd, 'leads.csv', 'phone\n0912000001\n0912000002\n123\n');
      const r = await runCli(
        ['import', 'leads.csv', '--rejects', path.join(full, 'rej.csv'), '--json'],
        { env, cwd },
      );
      expect(r.code, r.stderr).toBe(1);
      const s = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(s).toMatchObject({
        imported: 2,
        rejected: 1,
        rejectsFile: null,
        exitCode: 1,
        error: { code: 'write_failed' },
      });
      expect((s.error as { message: string }).message).toBe(
        `the leads were sent, but a list could not be written: cannot write rej.csv in ${full} (disk full)`,
      );
      expect(processedPhones(emu).sort()).toEqual(['0912000001', '0912000002']);
      const history = await runCli(['history', '--json'], { env, cwd });
      const { runs } = JSON.parse(history.stdout) as {
        runs: Array<{ rows: number; imported: number; rejected: number; exitCode: number }>;
      };
      expect(runs[0]).toMatchObject({ rows: 3, imported: 2, rejected: 1, exitCode: 1 });
      // The text summary says the counts too, then the error.
      const again = write(cwd, 'more.csv', 'phone\n0912000003\n456\n');
      const t = await runCli(['import', again, '--rejects', path.join(full, 'rej2.csv')], {
        env,
        cwd,
      });
      expect(t.code, t.stderr).toBe(1);
      expect(t.stderr).toMatch(/imported\s+1/);
      expect(t.stderr).toContain('error: the leads were sent, but a list could not be written');
    },
  );

  // Review, session 22: the list that failed was taken for "none needed", and the earlier run's
  // list of that name was removed as stale; the library's rows came back empty.
  it.skipIf(mountProblem !== '')(
    asRoot("the earlier run's list stays; the library keeps the rows as data"),
    async () => {
      const emu = await emulators.start();
      const cwd = dir();
      const disk = smallDisk(16 * 1024);
      const env = envOf(emu, { CACS_STATE_DIR: path.join(cwd, 'state') });
      const rej = path.join(disk, 'rej.csv');
      write(cwd, 'leads.csv', 'phone\n0912000011\n123\n');
      const first = await runCli(['import', 'leads.csv', '--rejects', rej], { env, cwd });
      expect(first.code, first.stderr).toBe(3);
      const earlier = fs.readFileSync(rej, 'utf8');
      // The disk fills up; the file changes (new leads to send, another bad row).
      const fill = fs.openSync(path.join(disk, 'more-fill'), 'w');
      try {
        for (;;) fs.writeSync(fill, Buffer.alloc(4096, 1));
      } catch (e) {
        if ((e as { code?: string }).code !== 'ENOSPC') throw e;
      } finally {
        fs.closeSync(fill);
      }
      write(cwd, 'leads.csv', 'phone\n0912000011\n0912000012\n456\n');
      const second = await runCli(['import', 'leads.csv', '--rejects', rej], { env, cwd });
      expect(second.code, second.stderr).toBe(1);
      expect(second.stderr).not.toContain('removed the stale');
      expect(fs.readFileSync(rej, 'utf8')).toBe(earlier);

      const { runImport, createClient } = await import('../../src/index.js');
      write(cwd, 'lib.csv', 'phone\n0912000013\n789\n');
      const s = await runImport({
        client: createClient({ baseUrl: emu.url, token: 'emulator-token' }),
        campaignKey: 'summer',
        file: 'lib.csv',
        cwd,
        stateDir: path.join(cwd, 'state'),
        rows: 'both',
        rejectsPath: path.join(disk, 'lib-rej.csv'),
      });
      expect(s.exitCode).toBe(1);
      expect(s.stop?.code).toBe('write_failed');
      expect(s.rejectedRows?.map((r) => r.values.phone)).toEqual(['789']);
    },
  );
});
