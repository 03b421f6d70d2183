/**
 * An operator's edits to a sidecar file are never overwritten or removed (issue 22): cacs
 * remembers (in the state folder: size and a salted SHA-256, never the rows) which bytes it
 * wrote; a file changed since, or one it never wrote, is kept and this run's list goes beside it
 * (…rejects-2.csv), said on stderr and in the summary's rejectsFile; a dry run never replaces
 * a real run's list. Real files, the emulator over HTTP, the CLI in-process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, runImport } from '../../src/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write, type Summary } from '../helpers/import.js';

const emulators = emulatorPool();
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

const LEADS = 'phone,name\n0914000001,An\nabc,Bad phone\n';

async function setup(content = LEADS) {
  const emu = await emulators.start();
  const env = importEnv(emu);
  const cwd = tempDir('cacs-edits-');
  made.push(cwd, env.HOME!);
  const file = write(cwd, 'leads.csv', content);
  const rejects = `${file}.rejects.csv`;
  const run = async (...extra: string[]) => {
    const r = await runCli(['import', 'leads.csv', '--json', ...extra], { env, cwd });
    expect(r.stderr).not.toContain('internal error');
    return { ...r, summary: JSON.parse(r.stdout) as Summary };
  };
  return { emu, env, cwd, file, rejects, run };
}

/** The operator fixes the phone number in the rejects file (the same length: only bytes change). */
function fixPhone(rejects: string): string {
  const text = fs.readFileSync(rejects, 'utf8').replace(',abc,', ',091,');
  fs.writeFileSync(rejects, text);
  return text;
}

describe('a sidecar file a person changed', () => {
  it('is kept by a dry run and by a rerun; the new list goes to …rejects-2.csv, and says so', async () => {
    const { rejects, run } = await setup();
    const first = await run();
    expect(first.code).toBe(3);
    expect(first.summary.rejectsFile).toBe(rejects);
    const edited = fixPhone(rejects);
    const second = path.join(path.dirname(rejects), 'leads.csv.rejects-2.csv');
    for (const extra of [['--dry-run'], []]) {
      const r = await run(...extra);
      expect(r.code).toBe(3);
      expect(fs.readFileSync(rejects, 'utf8')).toBe(edited);
      expect(r.summary.rejectsFile).toBe(second);
      expect(fs.readFileSync(second, 'utf8')).toContain(',abc,Bad phone');
      expect(r.stderr).toContain(
        `kept ${rejects} (changed since cacs wrote it): this run's rows to fix are in ${second}`,
      );
    }
    // -2 is cacs's own (unchanged): the next run replaces it rather than writing -3.
    const third = await run();
    expect(third.summary.rejectsFile).toBe(second);
    expect(fs.existsSync(path.join(path.dirname(rejects), 'leads.csv.rejects-3.csv'))).toBe(false);
  });

  it('a file of that name cacs never wrote is kept too', async () => {
    const { rejects, run } = await setup();
    fs.writeFileSync(rejects, 'my own notes\n');
    const r = await run('--dry-run');
    expect(fs.readFileSync(rejects, 'utf8')).toBe('my own notes\n');
    expect(r.summary.rejectsFile).toMatch(/leads\.csv\.rejects-2\.csv$/);
    expect(r.stderr).toContain('(cacs did not write it)');
  });

  it("a dry run never replaces a real run's list, even unchanged; a real run replaces its own", async () => {
    const { rejects, run } = await setup();
    await run();
    const before = fs.statSync(rejects);
    const bytes = fs.readFileSync(rejects);
    const dry = await run('--dry-run');
    expect(dry.summary.rejectsFile).toMatch(/leads\.csv\.rejects-2\.csv$/);
    expect(dry.stderr).toContain('a real import wrote it, and a dry run never replaces that');
    expect(fs.readFileSync(rejects)).toEqual(bytes);
    expect(fs.statSync(rejects).ino).toBe(before.ino);
    // Only its time touched: still cacs's own, replaced by the next real run.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(rejects, later, later);
    const real = await run();
    expect(real.summary.rejectsFile).toBe(rejects);
    expect(real.stderr).not.toContain(`kept ${rejects}`);
    expect(fs.statSync(rejects).ino).not.toBe(before.ino);
  });

  it("a dry run's numbered list is removed by the next real run unless someone changed it", async () => {
    const { rejects, run } = await setup();
    await run();
    const copy = (await run('--dry-run')).summary.rejectsFile!;
    expect(copy).toMatch(/leads\.csv\.rejects-2\.csv$/);
    const real = await run();
    expect(real.summary.rejectsFile).toBe(rejects);
    expect(fs.existsSync(copy)).toBe(false);
    expect(real.stderr).toContain(`removed ${copy} (a dry run's list; this run's is ${rejects})`);
    // Changed by a person since the dry run wrote it: kept.
    const copy2 = (await run('--dry-run')).summary.rejectsFile!;
    expect(copy2).toBe(copy);
    fixPhone(copy2);
    const again = await run();
    expect(fs.existsSync(copy2)).toBe(true);
    expect(again.stderr).not.toContain(`removed ${copy2}`);
  });

  it('--rejects <file> given each time is replaced, not numbered', async () => {
    const { cwd, run } = await setup();
    const out = path.join(cwd, 'to-fix.csv');
    for (let i = 0; i < 2; i++) {
      const r = await run('--rejects', 'to-fix.csv');
      expect(r.summary.rejectsFile).toBe(out);
    }
    expect(fs.readdirSync(cwd).filter((f) => f.startsWith('to-fix'))).toEqual(['to-fix.csv']);
    fs.appendFileSync(out, 'x\n');
    const r = await run('--rejects', 'to-fix.csv');
    expect(r.summary.rejectsFile).toBe(path.join(cwd, 'to-fix-2.csv'));
  });

  it('a rerun that no longer needs the list removes it only if nobody changed it', async () => {
    const { file, rejects, run } = await setup();
    await run();
    const edited = fixPhone(rejects);
    // The input fixed: no row to fix now.
    fs.writeFileSync(file, 'phone,name\n0914000001,An\n0914000002,Bad phone\n');
    const dry = await run('--dry-run');
    expect(dry.summary.rejectsFile).toBe(null);
    expect(fs.readFileSync(rejects, 'utf8')).toBe(edited);
    const r = await run();
    expect(r.code).toBe(0);
    expect(fs.readFileSync(rejects, 'utf8')).toBe(edited);
    expect(r.stderr).toContain(
      `kept ${rejects} (changed since cacs wrote it), though no row needs fixing now`,
    );
    expect(r.stderr).not.toContain(`removed the stale ${rejects}`);
  });

  it('a list written beside a kept one is removed once stale; the kept one stays', async () => {
    const { file, rejects, run } = await setup();
    await run();
    const edited = fixPhone(rejects);
    const second = (await run()).summary.rejectsFile!;
    expect(second).toMatch(/rejects-2\.csv$/);
    fs.writeFileSync(file, 'phone,name\n0914000001,An\n0914000002,Bad phone\n');
    const r = await run();
    expect(r.code).toBe(0);
    expect(fs.existsSync(second)).toBe(false);
    expect(r.stderr).toContain(`removed the stale ${second} (no row needs fixing now)`);
    expect(fs.readFileSync(rejects, 'utf8')).toBe(edited);
  });

  it("the state folder keeps a size, a salted hash, the path, its input's path and content hash per list, never its rows", async () => {
    const { env, rejects, run } = await setup();
    await run();
    const dir = path.join(env.CACS_STATE_DIR!, 'sidecars');
    const records = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(records.length).toBeGreaterThan(0);
    for (const text of records) {
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(
        ['content', 'file', 'input', 'real', 'salt', 'sha256', 'size', 'v'].sort(),
      );
      // The content it was written for: the input's content hash (an uncertain list of other
      // content is kept), not its rows.
      expect((JSON.parse(text) as { content: string }).content).toMatch(/^[0-9a-f]{64}$/);
      // The input it was written for (another input's list of the same name is kept).
      expect((JSON.parse(text) as { input: string }).input).toBe(
        path.join(path.dirname(rejects), 'leads.csv'),
      );
      expect(text).not.toContain('0914000001');
      // The list's path (issue 26: forget finds a dry run's lists through it), as the history
      // names the same files; nothing of its content.
      expect(path.isAbsolute((JSON.parse(text) as { file: string }).file)).toBe(true);
    }
    expect(fs.statSync(path.join(dir, fs.readdirSync(dir)[0]!)).mode & 0o077).toBe(0);
    expect(fs.existsSync(rejects)).toBe(true);
  });
});

describe('a sidecar saved while the import runs', () => {
  it('is kept: the name is checked again just before the list is put in place', async () => {
    const emu = await emulators.start();
    const cwd = tempDir('cacs-edits-');
    const state = tempDir('cacs-edits-state-');
    made.push(cwd, state);
    const file = write(cwd, 'leads.csv', LEADS);
    const rejects = `${file}.rejects.csv`;
    const notes: string[] = [];
    const s = await runImport({
      file,
      campaignKey: 'summer',
      client: createClient({ baseUrl: emu.url, token: emu.token }),
      stateDir: state,
      cwd,
      onNote: (line) => notes.push(line),
      // Once sending starts, the preflight's rejects list is written but not yet in place.
      onProgress: (p) => {
        if (p.phase === 'sending' && !fs.existsSync(rejects)) fs.writeFileSync(rejects, 'mine\n');
      },
    });
    expect(fs.readFileSync(rejects, 'utf8')).toBe('mine\n');
    expect(s.rejectsFile).toBe(`${file}.rejects-2.csv`);
    expect(fs.readFileSync(s.rejectsFile!, 'utf8')).toContain(',abc,Bad phone');
    expect(notes.join('\n')).toContain(`kept ${rejects} (cacs did not write it)`);
  });
});

/**
 * A folder `root` whose imports (the library's, against the emulator) all put their lists in
 * `root/lists` (sidecarDir): `importOf(file)` gives the summary and the notes said.
 */
async function sharedListsFolder() {
  const emu = await emulators.start();
  const root = tempDir('cacs-edits-');
  const state = tempDir('cacs-edits-state-');
  made.push(root, state);
  const lists = path.join(root, 'lists');
  fs.mkdirSync(lists);
  const importOf = async (file: string) => {
    const notes: string[] = [];
    const s = await runImport({
      file,
      campaignKey: 'summer',
      client: createClient({ baseUrl: emu.url, token: emu.token }),
      stateDir: state,
      cwd: root,
      sidecarDir: lists,
      onNote: (line) => notes.push(line),
    });
    return { s, notes: notes.join('\n') };
  };
  return { root, lists, importOf };
}

describe('the lists of two inputs of the same name in one folder (found by the operator walk)', () => {
  it('never replace each other: the second goes to …-2.csv and says so; each rerun replaces its own', async () => {
    // Lists go to one folder for both (sidecarDir here; the working folder for an input in a
    // folder cacs cannot write to, as a normal user found).
    const { root, lists, importOf } = await sharedListsFolder();
    fs.mkdirSync(path.join(root, 'a'));
    fs.mkdirSync(path.join(root, 'b'));
    const a = write(path.join(root, 'a'), 'leads.csv', 'phone,name\n0914000001,An\nabc,From A\n');
    const b = write(path.join(root, 'b'), 'leads.csv', 'phone,name\n0914000002,Bình\nxyz,From B\n');
    const rejects = path.join(lists, 'leads.csv.rejects.csv');
    const second = path.join(lists, 'leads.csv.rejects-2.csv');
    const first = await importOf(a);
    expect(first.s.rejectsFile).toBe(rejects);
    const ofB = await importOf(b);
    expect(fs.readFileSync(rejects, 'utf8')).toContain(',abc,From A');
    expect(ofB.s.rejectsFile).toBe(second);
    expect(fs.readFileSync(second, 'utf8')).toContain(',xyz,From B');
    expect(ofB.notes).toContain(
      `kept ${rejects} (it holds the rows of another file of the same name): this run's rows to fix are in ${second}`,
    );
    // Each input's rerun replaces its own list, not the other's, and writes no -3.
    expect((await importOf(a)).s.rejectsFile).toBe(rejects);
    expect((await importOf(b)).s.rejectsFile).toBe(second);
    expect(fs.readFileSync(rejects, 'utf8')).toContain(',abc,From A');
    expect(fs.readFileSync(second, 'utf8')).toContain(',xyz,From B');
    expect(fs.existsSync(path.join(lists, 'leads.csv.rejects-3.csv'))).toBe(false);
  });
});

describe('one input reached through a symlink (review)', () => {
  it('is the same input: its rerun through the link replaces its own list, no -2', async () => {
    const { root, lists, importOf } = await sharedListsFolder();
    fs.mkdirSync(path.join(root, 'real'));
    fs.symlinkSync(path.join(root, 'real'), path.join(root, 'link'));
    write(path.join(root, 'real'), 'leads.csv', LEADS);
    const rejects = path.join(lists, 'leads.csv.rejects.csv');
    expect((await importOf(path.join(root, 'real', 'leads.csv'))).s.rejectsFile).toBe(rejects);
    expect((await importOf(path.join(root, 'link', 'leads.csv'))).s.rejectsFile).toBe(rejects);
    expect(fs.existsSync(path.join(lists, 'leads.csv.rejects-2.csv'))).toBe(false);
  });
});
