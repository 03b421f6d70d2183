/**
 * What `-o` and the other names cacs writes point at (issue 22): a regular file or a new name is
 * replaced atomically (0600); a named pipe, a character device (/dev/null) or an open
 * descriptor (/dev/fd/N) is written directly and stays what it is; a symlink of the writer's
 * (or root's) is written through, atomically beside its target, and another user's is refused.
 * Each case runs the built CLI as a real process against the emulator over HTTP, as root and
 * as a normal user ("nobody", through setpriv) — the second half is skipped, saying why, when
 * the tests do not run as root.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { BIN, tempDir } from '../helpers/cli.js';

const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const canSetpriv = ROOT && spawnSync('setpriv', ['--version']).status === 0;
/** A uid that is neither root nor nobody: the owner of "someone else's" symlink. */
const STRANGER = 4242;

let emu: RunningEmulator;
const made: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 3 });
  for (let i = 0; i < 5; i++) {
    emu.store.addLead(
      'summer',
      { phone_number: `09${String(10000000 + i)}`, name: `Khách ${i}` },
      new Date(Date.UTC(2026, 7, 1 + i, 2)),
    );
  }
});
afterAll(async () => {
  await emu.close();
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** What went through the process substitution (`procSub`), when asked for. */
  piped: string;
}

/**
 * A folder for one case, owned by `uid`: the working folder, HOME and TMPDIR of the run (which
 * must be able to write there, as it would be for a real user).
 */
function folder(uid: number): string {
  const dir = tempDir('cacs-targets-');
  made.push(dir);
  for (const sub of ['home', 'tmp']) fs.mkdirSync(path.join(dir, sub));
  if (uid !== 0)
    for (const p of [dir, path.join(dir, 'home'), path.join(dir, 'tmp')]) fs.chownSync(p, uid, uid);
  return dir;
}

/** The environment of a run in `dir`: its HOME, TMPDIR and state there, the emulator's service. */
function envIn(dir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: path.join(dir, 'home'),
    TMPDIR: path.join(dir, 'tmp'),
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    CACS_STATE_DIR: path.join(dir, 'home', 'state'),
  };
}

/**
 * Run the built CLI as `uid` (0: as the test runs) in `dir`. `procSub`: through bash, with
 * `>(cat > piped.out)` as the last argument — a real pipe named /dev/fd/N, as a shell gives it.
 */
function run(
  uid: number,
  dir: string,
  args: string[],
  opts: { procSub?: boolean; reader?: string; stdoutFile?: string } = {},
): Promise<Run> {
  const pre =
    uid === 0 || !ROOT
      ? []
      : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--'];
  const argv = [process.execPath, BIN, ...args];
  const [exe, ...rest] = opts.procSub
    ? [
        ...pre,
        'bash',
        '-c',
        `"$@" >(${opts.reader ?? 'cat > piped.out'}); rc=$?; wait $!; exit $rc`,
        'bash',
        ...argv,
      ]
    : [...pre, ...argv];
  const out = opts.stdoutFile === undefined ? undefined : fs.openSync(opts.stdoutFile, 'a');
  return new Promise((resolve, reject) => {
    const child = spawn(exe!, rest, {
      cwd: dir,
      env: envIn(dir),
      // `stdoutFile`: stdout appended to that file, as `>> log` does.
      stdio: ['ignore', out ?? 'pipe', 'pipe'],
    });
    if (out !== undefined) fs.closeSync(out);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const out = path.join(dir, 'piped.out');
      const piped = opts.procSub && fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
      fs.rmSync(out, { force: true });
      resolve({ code: code ?? 128, stdout, stderr, piped });
    });
  });
}

const REPORT = ['report', '--from', '2026-08-01', '--to', '2026-08-10', '--format', 'csv'];

/** Names in `dir` that look like a temporary file cacs left. */
function leftovers(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.includes('.tmp-'));
}

function cases(uid: number) {
  it('-o a regular file: replaced atomically, 0600, no temporary file left', async () => {
    const dir = folder(uid);
    const out = path.join(dir, 'calls.csv');
    fs.writeFileSync(out, 'old');
    fs.chownSync(out, uid, uid);
    fs.chmodSync(out, 0o644);
    const r = await run(uid, dir, [...REPORT, '-o', 'calls.csv']);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toContain('Khách 4');
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(leftovers(dir)).toEqual([]);
  });

  it('-o /dev/null: written directly; the character device stays what it was', async () => {
    const dir = folder(uid);
    // As root, a private twin of /dev/null (the same device, 1:3) in the test's folder: the old
    // code replaced the machine's /dev/null with a regular file. Otherwise /dev/null itself.
    const dev = ROOT ? path.join(dir, 'null') : '/dev/null';
    if (ROOT) expect(spawnSync('mknod', ['-m', '0666', dev, 'c', '1', '3']).status).toBe(0);
    const before = fs.statSync(dev);
    const r = await run(uid, dir, [...REPORT, '-o', dev]);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    const after = fs.statSync(dev);
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.mode, after.rdev, after.ino, after.uid]).toEqual([
      before.mode,
      before.rdev,
      before.ino,
      before.uid,
    ]);
    expect(leftovers(path.dirname(dev))).toEqual([]);
  });

  it.skipIf(!fs.existsSync('/dev/full'))(
    '-o /dev/full: exit 1 saying in words that the device is full (no bare errno code)',
    async () => {
      const dir = folder(uid);
      const r = await run(uid, dir, [...REPORT, '-o', '/dev/full']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain('-o /dev/full: could not write the report (no space left)');
      expect(r.stderr).toContain('/dev/full is a device, written directly');
      expect(r.stderr).not.toMatch(/ENOSPC|internal error|\n\s+at /);
      expect(fs.statSync('/dev/full').isCharacterDevice()).toBe(true);
    },
  );

  it('-o a named pipe: its reader gets the whole report; the pipe stays a pipe', async () => {
    const dir = folder(uid);
    const fifo = path.join(dir, 'calls.fifo');
    expect(spawnSync('mkfifo', ['-m', '0620', fifo]).status).toBe(0);
    fs.chownSync(fifo, uid, uid);
    // The reader opens the pipe (and waits for a writer) in the thread pool.
    const got = new Promise<string>((resolve, reject) => {
      let text = '';
      fs.createReadStream(fifo)
        .on('data', (c) => (text += c.toString()))
        .on('end', () => resolve(text))
        .on('error', reject);
    });
    const r = await run(uid, dir, [...REPORT, '-o', 'calls.fifo']);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    const text = await got;
    expect(text).toMatch(/^campaign_id,/);
    expect(text).toContain('Khách 4');
    const st = fs.lstatSync(fifo);
    expect(st.isFIFO()).toBe(true);
    expect(st.mode & 0o777).toBe(0o620);
    expect(leftovers(dir)).toEqual([]);
  });

  it('-o >(cat > …): the /dev/fd/N pipe is written directly', async () => {
    const dir = folder(uid);
    const r = await run(uid, dir, [...REPORT, '-o'], { procSub: true });
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(r.piped).toMatch(/^campaign_id,/);
    expect(r.piped).toContain('Khách 4');
    expect(r.stdout).toBe('');
  });

  it('-o -: the report goes to stdout; no file named "-" (session 12)', async () => {
    const dir = folder(uid);
    const r = await run(uid, dir, [...REPORT, '-o', '-']);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^campaign_id,/);
    expect(r.stdout).toContain('Khách 4');
    expect(fs.readdirSync(dir).sort()).toEqual(['home', 'tmp']);
    // Where -o writes nothing, `-o -` is refused as any -o is (second review, session 12).
    const list = await run(uid, dir, ['report', '--bookmarks', '-o', '-']);
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(/--bookmarks.*-o/);
  });

  it("-o a symlink of the writer's: written through, atomically beside its target; the link stays", async () => {
    const dir = folder(uid);
    const reports = path.join(dir, 'reports');
    fs.mkdirSync(reports);
    fs.chownSync(reports, uid, uid);
    const target = path.join(reports, 'november.csv');
    fs.writeFileSync(target, 'old');
    fs.chownSync(target, uid, uid);
    const link = path.join(dir, 'latest.csv');
    fs.symlinkSync('reports/november.csv', link);
    fs.lchownSync(link, uid, uid);
    const r = await run(uid, dir, [...REPORT, '-o', 'latest.csv']);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe('reports/november.csv');
    expect(fs.readFileSync(target, 'utf8')).toContain('Khách 4');
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect([...leftovers(dir), ...leftovers(reports)]).toEqual([]);
    // A dangling one of the writer's: its target is created.
    fs.rmSync(target);
    const again = await run(uid, dir, [...REPORT, '-o', 'latest.csv']);
    expect(again.code).toBe(0);
    expect(fs.readFileSync(target, 'utf8')).toContain('Khách 4');
  });

  it("-o another user's symlink: refused before any request (exit 2); link and target untouched", async () => {
    const dir = folder(uid);
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'precious');
    fs.chownSync(victim, uid, uid);
    const link = path.join(dir, 'calls.csv');
    fs.symlinkSync(victim, link);
    fs.lchownSync(link, STRANGER, STRANGER);
    const asked = emu.store.reportRequests.length;
    const r = await run(uid, dir, [...REPORT, '-o', 'calls.csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a symlink that belongs to another user');
    expect(r.stderr).not.toContain('internal error');
    expect(emu.store.reportRequests.length).toBe(asked);
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    // A link of one's own leading through another's: the message names the other's link.
    const own = path.join(dir, 'mine.csv');
    fs.symlinkSync(link, own);
    fs.lchownSync(own, uid, uid);
    const chain = await run(uid, dir, [...REPORT, '-o', 'mine.csv']);
    expect(chain.code).toBe(2);
    expect(chain.stderr).toContain(
      `mine.csv leads through ${link}, a symlink that belongs to another user (uid ${STRANGER})`,
    );
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('import --rejects /dev/null, a named pipe, a symlink: each written as -o is', async () => {
    const dir = folder(uid);
    const leads = path.join(dir, 'leads.csv');
    fs.writeFileSync(leads, 'phone,name\n0912000001,An\nabc,Bad phone\n');
    const dry = ['import', 'leads.csv', '--dry-run'];
    const dev = ROOT ? path.join(dir, 'null') : '/dev/null';
    if (ROOT) expect(spawnSync('mknod', ['-m', '0666', dev, 'c', '1', '3']).status).toBe(0);
    const toNull = await run(uid, dir, [...dry, '--rejects', dev]);
    expect(toNull.stderr).not.toContain('error');
    expect(toNull.code).toBe(3);
    expect(fs.statSync(dev).isCharacterDevice()).toBe(true);
    const toFd = await run(uid, dir, [...dry, '--rejects'], { procSub: true });
    expect(toFd.code).toBe(3);
    expect(toFd.piped).toContain('abc,Bad phone');
    // A named pipe nobody reads: a clear refusal, not a process stuck for ever.
    const fifo = path.join(dir, 'r.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    fs.chownSync(fifo, uid, uid);
    const unread = await run(uid, dir, [...dry, '--rejects', 'r.fifo']);
    expect(unread.code).toBe(2);
    expect(unread.stderr).toContain('is a named pipe that nothing is reading');
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
    const link = path.join(dir, 'r.csv');
    fs.symlinkSync('kept/rejects.csv', link);
    fs.lchownSync(link, uid, uid);
    const viaLink = await run(uid, dir, [...dry, '--rejects', 'r.csv']);
    expect(viaLink.code).toBe(3);
    expect(fs.readFileSync(path.join(dir, 'kept', 'rejects.csv'), 'utf8')).toContain('abc');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('import --rejects >(head -c 10): the reader quits early; said so, exit 2, not "internal error" (review, session 16)', async () => {
    const dir = folder(uid);
    const rows = Array.from({ length: 20_000 }, (_, i) => `abc${i},Bad phone ${i}`);
    fs.writeFileSync(
      path.join(dir, 'leads.csv'),
      `phone,name\n0912000001,An\n${rows.join('\n')}\n`,
    );
    const r = await run(uid, dir, ['import', 'leads.csv', '--dry-run', '--rejects'], {
      procSub: true,
      reader: 'head -c 10 > /dev/null',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the reader closed the pipe/);
    expect(r.stderr).not.toContain('internal error');
    expect(leftovers(dir)).toEqual([]);
  });

  it('config init over a pipe, a device link or a symlink: never written, "already exists"', async () => {
    const dir = folder(uid);
    const name = path.join(dir, '.cacsrc.yaml');
    if (ROOT)
      expect(spawnSync('mknod', ['-m', '0666', path.join(dir, 'null'), 'c', '1', '3']).status).toBe(
        0,
      );
    for (const make of [
      () => spawnSync('mkfifo', [name]),
      () => fs.symlinkSync(ROOT ? path.join(dir, 'null') : '/dev/null', name),
      () => fs.symlinkSync(path.join(dir, 'nowhere.yaml'), name),
    ]) {
      fs.rmSync(name, { force: true });
      make();
      fs.lchownSync(name, uid, uid);
      const r = await run(uid, dir, ['config', 'init']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('already exists');
      expect(fs.existsSync(path.join(dir, 'nowhere.yaml'))).toBe(false);
    }
    if (ROOT) expect(fs.statSync(path.join(dir, 'null')).isCharacterDevice()).toBe(true);
  });
}

describe(`as ${ROOT ? 'root' : `uid ${process.getuid?.()}`}`, () => {
  cases(ROOT ? 0 : (process.getuid?.() ?? 0));

  it('--rejects /dev/stdout with stdout appended to a log: the rows go into the log, nothing beside /dev/stdout (operator walk, session 22)', async () => {
    const dir = folder(0);
    fs.writeFileSync(path.join(dir, 'k.csv'), 'phone\n0914100001\n12\n');
    const log = path.join(dir, 'log.ndjson');
    fs.writeFileSync(log, 'earlier line\n');
    const stray = '/dev/stdout-2';
    const before = fs.existsSync(stray);
    try {
      const r = await run(0, dir, ['import', 'k.csv', '--rejects', '/dev/stdout'], {
        stdoutFile: log,
      });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).not.toContain('kept /dev/stdout');
      const text = fs.readFileSync(log, 'utf8');
      // Appended, not replaced: the earlier line, then the rejected row.
      expect(text.startsWith('earlier line\nline,code,reason')).toBe(true);
      expect(text).toContain('phone_format');
      expect(fs.existsSync(stray)).toBe(before);
    } finally {
      if (!before) fs.rmSync(stray, { force: true });
    }
  });

  it('--rejects - is stdout, written on it as it is open; with --json refused; "" refused (operator walk, review, session 22)', async () => {
    const dir = folder(0);
    fs.writeFileSync(path.join(dir, 'k.csv'), 'phone\n0914100002\n12\n');
    /** `script` through bash in `dir` (its $0/$1: node and cacs), as an operator's shell runs it. */
    const shell = async (script: string) => {
      const child = spawn('bash', ['-c', script, process.execPath, BIN], {
        cwd: dir,
        env: envIn(dir),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      return { status, stderr };
    };
    // Through a pipe (`… --rejects - | less`).
    const piped = await shell(
      '"$0" "$1" import k.csv --rejects - | cat > piped.out; exit ${PIPESTATUS[0]}',
    );
    expect(piped.status, piped.stderr).toBe(3);
    expect(fs.readFileSync(path.join(dir, 'piped.out'), 'utf8')).toContain('phone_format');
    expect(fs.existsSync(path.join(dir, '-'))).toBe(false);
    // Into a file the shell opened (`>`, no append): in order with what else goes there.
    const grouped = await shell(
      '{ echo AAAA; "$0" "$1" import k.csv --rejects -; rc=$?; echo ZZZZ; } > out.txt; exit $rc',
    );
    expect(grouped.status, grouped.stderr).toBe(3);
    const out = fs.readFileSync(path.join(dir, 'out.txt'), 'utf8').split('\n');
    expect(out[0]).toBe('AAAA');
    expect(out[1]).toMatch(/^line,code,reason/);
    expect(out.at(-2)).toBe('ZZZZ');
    expect(out.join('\n')).toContain('phone_format');
    // With the summary on the same file (`> log 2>&1`): both there.
    const both = await shell('"$0" "$1" import k.csv --rejects - > log.txt 2>&1');
    expect(both.status).toBe(3);
    const log = fs.readFileSync(path.join(dir, 'log.txt'), 'utf8');
    expect(log).toContain('phone_format');
    expect(log).toContain('rows read');
    // With --json: refused, stdout would be no JSON.
    const json = await run(0, dir, ['import', 'k.csv', '--rejects', '-', '--json']);
    expect(json.code).toBe(2);
    expect(json.stdout).toContain('--rejects - and --json both write to stdout');
    // Stdout by another name too (review, session 22).
    fs.symlinkSync('/dev/stdout', path.join(dir, 'out-link'));
    for (const name of ['/dev/./stdout', '/proc/self/fd/../fd/1', 'out-link']) {
      const other = await run(0, dir, ['import', 'k.csv', '--rejects', name, '--json']);
      expect(other.code, name).toBe(2);
      expect(JSON.parse(other.stdout)).toMatchObject({ file: 'k.csv', error: { code: 'usage' } });
    }
    const empty = await run(0, dir, ['import', 'k.csv', '--rejects', '']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--rejects: an empty name');
    // A descriptor number nothing was redirected to: Node's own pipes are refused, never
    // written into (review, session 22: a segmentation fault, exit 139); one the shell gave
    // (`3> file`) is written.
    let refused = 0;
    for (let n = 3; n <= 20; n++) {
      const r = await run(0, dir, ['import', 'k.csv', '--dry-run', '--rejects', `/dev/fd/${n}`]);
      expect(r.code, `fd ${n}: ${r.stderr}`).not.toBe(139);
      expect(r.stderr).not.toContain('internal error');
      if (r.stderr.includes('is no pipe cacs was given')) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    // The input is never written into through a number (it was: the rows went into k.csv).
    expect(fs.readFileSync(path.join(dir, 'k.csv'), 'utf8')).toBe('phone\n0914100002\n12\n');
    // A file behind a number is refused (its name can be given); a pipe the shell gave is written.
    const file3 = await shell('"$0" "$1" import k.csv --dry-run --rejects /dev/fd/3 3> three.txt');
    expect(file3.status).toBe(2);
    expect(file3.stderr).toContain('is no pipe cacs was given');
    expect(fs.readFileSync(path.join(dir, 'three.txt'), 'utf8')).toBe('');
    const pipe3 = await shell(
      '"$0" "$1" import k.csv --dry-run --rejects /dev/fd/3 3> >(cat > three.txt); rc=$?; wait; exit $rc',
    );
    expect(pipe3.status, pipe3.stderr).toBe(3);
  });
});

describe.skipIf(!canSetpriv)(
  canSetpriv
    ? 'as a normal user (nobody, through setpriv)'
    : 'as a normal user: SKIPPED — needs root (to become nobody with setpriv); these run as root in CI',
  () => {
    cases(NOBODY);

    it('-o into a folder that is there but not this user\'s: said so, not "create the folder first" (operator walk)', async () => {
      const dir = folder(NOBODY);
      const theirs = path.join(dir, 'theirs');
      fs.mkdirSync(theirs, { mode: 0o755 });
      const r = await run(NOBODY, dir, [...REPORT, '-o', path.join(theirs, 'x.csv')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`this user may not write in the folder ${theirs}`);
      expect(r.stderr).not.toContain('Create the folder first');
      expect(fs.readdirSync(theirs)).toEqual([]);
    });
  },
);

describe.skipIf(!ROOT)(
  'what another user prepares at a name root writes (review, session 23; as root)',
  () => {
    it("another user's named pipe beside an input or at -o: refused before anything is sent or asked (exit 2)", async () => {
      const dir = folder(0);
      fs.chmodSync(dir, 0o1777); // a shared drop folder
      fs.writeFileSync(path.join(dir, 'leads.csv'), 'phone,name\n0912000011,An\nabc,Bad phone\n');
      const fifo = path.join(dir, 'leads.csv.rejects.csv');
      expect(spawnSync('mkfifo', ['-m', '0666', fifo]).status).toBe(0);
      fs.chownSync(fifo, NOBODY, NOBODY);
      const sent = emu.store.importRequests;
      const r = await run(0, dir, ['import', 'leads.csv']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `${fifo} is a named pipe that belongs to another user (uid ${NOBODY}): cacs writes into one only when it is yours (or root's)`,
      );
      expect(emu.store.importRequests).toBe(sent);
      expect(fs.lstatSync(fifo).isFIFO()).toBe(true);

      const out = path.join(dir, 'calls.fifo');
      expect(spawnSync('mkfifo', ['-m', '0666', out]).status).toBe(0);
      fs.chownSync(out, NOBODY, NOBODY);
      const asked = emu.store.reportRequests.length;
      const rep = await run(0, dir, [...REPORT, '-o', 'calls.fifo']);
      expect(rep.code, rep.stderr).toBe(2);
      expect(rep.stderr).toContain(`${out} is a named pipe that belongs to another user`);
      expect(emu.store.reportRequests.length).toBe(asked);
      // A device of theirs (a twin of /dev/null, 1:3) likewise.
      const dev = path.join(dir, 'calls.dev');
      expect(spawnSync('mknod', ['-m', '0666', dev, 'c', '1', '3']).status).toBe(0);
      fs.chownSync(dev, NOBODY, NOBODY);
      const toDev = await run(0, dir, [...REPORT, '-o', 'calls.dev']);
      expect(toDev.code, toDev.stderr).toBe(2);
      expect(toDev.stderr).toContain(
        `${dev} is a device that belongs to another user (uid ${NOBODY}): cacs writes into one only when it is yours (or root's)`,
      );
      expect(emu.store.reportRequests.length).toBe(asked);
    });

    it("-o a file another user made in advance: the report replaces it as root's (0600), theirs no longer", async () => {
      const dir = folder(0);
      fs.chmodSync(dir, 0o1777);
      const out = path.join(dir, 'calls.csv');
      fs.writeFileSync(out, '');
      fs.chownSync(out, NOBODY, NOBODY);
      const r = await run(0, dir, [...REPORT, '-o', 'calls.csv']);
      expect(r.code, r.stderr).toBe(0);
      const st = fs.statSync(out);
      expect([st.uid, st.gid, st.mode & 0o777]).toEqual([0, 0, 0o600]);
      expect(fs.readFileSync(out, 'utf8')).toContain('Khách 4');
    });
  },
);
