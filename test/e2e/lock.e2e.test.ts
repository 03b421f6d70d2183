/**
 * The journal lock (issue 13, item 7): created with its content at once, held by its own
 * process, taken over only when stale, and by exactly one of two runs that find it stale.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STALE_UNREADABLE_MS, acquireLock } from '../../src/state/file/lock.js';
import { LockedError } from '../../src/errors.js';
import { machineParts } from '../../src/cleanup.js';
import { ROOT, tempDir } from '../helpers/cli.js';

/** A pid that certainly belonged to a process which has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

function lockIn(dir = tempDir()): string {
  return path.join(dir, 'journal.jsonl.lock');
}

function age(file: string, ms: number): void {
  const t = new Date(Date.now() - ms);
  fs.utimesSync(file, t, t);
}

describe('acquireLock', () => {
  it('writes its pid and removes the lock on release; no temporary file is left', () => {
    const file = lockIn();
    const lock = acquireLock(file, 'leads.csv');
    const me = machineParts();
    expect(fs.readFileSync(file, 'utf8')).toMatch(
      new RegExp(`^${process.pid} [0-9a-f]+ ${me.host}\\.${me.boot}\\.${me.ns}\\n$`),
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    lock.release();
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });

  it('a second acquire in the same process is refused while the first holds it', () => {
    const file = lockIn();
    const first = acquireLock(file, 'leads.csv');
    expect(() => acquireLock(file, 'leads.csv')).toThrow(LockedError);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(/already importing leads\.csv/);
    first.release();
    acquireLock(file, 'leads.csv').release();
  });

  it('a lock file with this pid that this process did not take (pid reused) is stale', () => {
    const file = lockIn();
    fs.writeFileSync(file, `${process.pid}\n`);
    acquireLock(file, 'leads.csv').release();
  });

  it('an empty lock file is held while fresh (its writer may be starting), stale when old', () => {
    const file = lockIn();
    fs.writeFileSync(file, '');
    expect(() => acquireLock(file, 'leads.csv')).toThrow(LockedError);
    fs.writeFileSync(file, 'garbage\n');
    expect(() => acquireLock(file, 'leads.csv')).toThrow(/starting to import leads\.csv/);
    age(file, STALE_UNREADABLE_MS + 1000);
    const lock = acquireLock(file, 'leads.csv');
    expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  });

  it('a live pid holds it; a dead pid is taken over', () => {
    const file = lockIn();
    fs.writeFileSync(file, `${process.ppid}\n`);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(
      `another cacs run (pid ${process.ppid}) is importing leads.csv right now`,
    );
    fs.writeFileSync(file, `${deadPid()}\n`);
    const lock = acquireLock(file, 'leads.csv');
    expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });

  it('names the command holding it when that is no import (forget, state prune: session 24)', () => {
    const file = lockIn();
    fs.writeFileSync(file, `${process.ppid} prune-0123456789abcdef01234567\n`);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(
      `another cacs run (pid ${process.ppid}, cacs state prune) holds the lock needed for importing leads.csv`,
    );
    fs.writeFileSync(file, `${process.ppid} forget-0123456789abcdef01234567\n`);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(/\(pid \d+, cacs forget\)/);
    // A word that names no command is an older version's token: an import's wording.
    fs.writeFileSync(file, `${process.ppid} sync-0123456789abcdef01234567\n`);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(/is importing leads\.csv right now/);
    fs.rmSync(file);
    const lock = acquireLock(file, 'leads.csv', undefined, 'forget');
    expect(fs.readFileSync(file, 'utf8')).toMatch(
      new RegExp(`^${process.pid} forget-[0-9a-f]{24} `),
    );
    lock.release();
  });

  it("another machine's lock (a state folder shared over the network) is never taken by pid; an earlier boot's is (review, session 12)", () => {
    const file = lockIn();
    const dead = deadPid();
    const me = machineParts();
    for (const where of [`0badbad0.${me.boot}.${me.ns}`, `${me.host}.${me.boot}.0badbad0`]) {
      // Another host, or another pid namespace: its pid means nothing here, held.
      fs.writeFileSync(file, `${dead} 0123abcd ${where}\n`);
      let error: unknown;
      try {
        acquireLock(file, 'leads.csv');
      } catch (e) {
        error = e;
      }
      expect(error, where).toBeInstanceOf(LockedError);
      expect((error as Error).message).toBe(
        `another cacs run holds ${file}: it was taken on another machine sharing this state folder (pid ${dead} there)`,
      );
      expect((error as LockedError).hint).toContain(`remove ${file}`);
      expect(fs.readFileSync(file, 'utf8')).toBe(`${dead} 0123abcd ${where}\n`);
    }
    // This machine before its last boot: its process is gone, whatever the pid is now (this
    // process's own parent, alive, stands in for a reused number).
    fs.writeFileSync(file, `${process.ppid} 0123abcd ${me.host}.0badbad0.${me.ns}\n`);
    acquireLock(file, 'leads.csv').release();
    // This machine and boot: judged by its pid, as before.
    fs.writeFileSync(file, `${process.ppid} 0123abcd ${me.host}.${me.boot}.${me.ns}\n`);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(`pid ${process.ppid}`);
    fs.writeFileSync(file, `${dead} 0123abcd ${me.host}.${me.boot}.${me.ns}\n`);
    acquireLock(file, 'leads.csv').release();
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
  });

  it('a symlink in place of the lock is never followed', () => {
    const dir = tempDir();
    const file = lockIn(dir);
    const victim = path.join(tempDir(), 'victim');
    fs.writeFileSync(victim, 'keep\n');
    fs.symlinkSync(victim, file);
    expect(() => acquireLock(file, 'leads.csv')).toThrow(LockedError);
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep\n');
  });
});

// ---------------------------------------------------------------------------------------------
// Two processes that both judge one lock stale.

/**
 * The lock module and what it imports, transpiled from src/ into a folder a child process can
 * import (no build needed, always the current source).
 */
function transpiledLock(): string {
  const out = tempDir('cacs-lockmod-');
  fs.writeFileSync(path.join(out, 'package.json'), '{"type":"module"}');
  const pending = ['state/file/lock.ts'];
  const done = new Set<string>();
  while (pending.length > 0) {
    const rel = pending.pop()!;
    if (done.has(rel)) continue;
    done.add(rel);
    const src = fs.readFileSync(path.join(ROOT, 'src', rel), 'utf8');
    const js = ts.transpileModule(src, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const target = path.join(out, rel.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, js);
    for (const m of js.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)) {
      pending.push(path.posix.join(path.posix.dirname(rel), `${m[1]}.ts`));
    }
  }
  return path.join(out, 'state', 'file', 'lock.js');
}

/**
 * A contender: takes the lock and holds it until `<signals>/release` appears. With `pause`,
 * its first rename or unlink of the lock file (the moment it removes what it judged stale)
 * waits until `<signals>/go` appears, after saying so in `<signals>/paused`.
 */
const CONTENDER = `
import fs from 'node:fs';
import path from 'node:path';
const [mod, file, signals, pause] = process.argv.slice(2);
const wait = (name) => {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!fs.existsSync(path.join(signals, name))) Atomics.wait(cell, 0, 0, 10);
};
if (pause === 'pause') {
  let paused = false;
  for (const fn of ['renameSync', 'unlinkSync']) {
    const real = fs[fn];
    fs[fn] = (p, ...rest) => {
      if (!paused && p === file) {
        paused = true;
        fs.writeFileSync(path.join(signals, 'paused'), '');
        wait('go');
      }
      return real.call(fs, p, ...rest);
    };
  }
}
const { acquireLock } = await import(mod);
let lock;
try {
  lock = acquireLock(file, 'leads.csv');
} catch (e) {
  process.stdout.write(JSON.stringify({ won: false, message: e.message }));
  process.exit(0);
}
process.stdout.write(JSON.stringify({ won: true }));
fs.writeFileSync(path.join(signals, 'won-' + process.pid), '');
wait('release');
lock.release();
`;

function contender(mod: string, script: string, file: string, signals: string, pause: boolean) {
  const child = spawn(process.execPath, [script, mod, file, signals, pause ? 'pause' : 'plain']);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<{ won: boolean; message?: string }>((resolve, reject) =>
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as { won: boolean; message?: string });
      } catch {
        reject(new Error(`contender said: ${out}`));
      }
    }),
  );
  return { child, done };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('two runs that both find the lock stale', () => {
  it('exactly one takes it over, whichever order their steps interleave in', async () => {
    const mod = transpiledLock();
    const dir = tempDir();
    const script = path.join(dir, 'contender.mjs');
    fs.writeFileSync(script, CONTENDER);
    const file = lockIn(dir);
    const signals = tempDir('cacs-signals-');
    fs.writeFileSync(file, `${deadPid()}\n`);
    // A reads the stale lock and stops just before removing it...
    const a = contender(mod, script, file, signals, true);
    await until(() => fs.existsSync(path.join(signals, 'paused')));
    // ...B reads the same stale lock, removes it and takes the lock...
    const b = contender(mod, script, file, signals, false);
    await until(() => fs.readdirSync(signals).some((f) => f.startsWith('won-')));
    // ...then A goes on with what it decided: it gives up, or (the bug) takes the lock too.
    let aExited = false;
    void a.done.finally(() => (aExited = true)).catch(() => {});
    fs.writeFileSync(path.join(signals, 'go'), '');
    try {
      await until(() => aExited || fs.existsSync(path.join(signals, `won-${a.child.pid}`)));
    } finally {
      fs.writeFileSync(path.join(signals, 'release'), '');
    }
    const [resultA, resultB] = await Promise.all([a.done, b.done]);
    expect(resultB).toEqual({ won: true });
    expect(resultA.won).toBe(false);
    expect(resultA.message).toContain(`another cacs run (pid ${b.child.pid})`);
    // B released it; nothing else is left in the folder.
    expect(fs.readdirSync(dir).sort()).toEqual(['contender.mjs']);
  }, 120_000);
});
