/**
 * A state folder another user owns or may change (review, session 23): root's import into a
 * state folder `nobody` could write let `nobody` move the ledgers away (the leads were sent
 * again), read the ledger's secret, and plant a link at the ledger's name that root's import
 * followed — truncating a file of root's. Now a store does not open on such a folder: exit 2
 * naming it, before anything is read, written or sent. The other owner's cases need root (to
 * give a folder to `nobody`); the world-writable ones run as any user.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, NOBODY, cacsAsUser, tempDir } from '../helpers/cli.js';
import { makeDirs, writeFileAtomicSync } from '../../src/atomic-write.js';
import { assertStateFolderTrusted } from '../../src/state/index.js';

const ROOT = process.getuid?.() === 0;
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = tempDir('cacs-state-distrust-');
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'home'));
  fs.writeFileSync(path.join(dir, 'leads.csv'), 'phone,name\n0930100001,An\n');
  return dir;
}

/** A real import (nothing answers at the base URL: a run that went on would exit 1). */
function cacs(dir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: path.join(dir, 'home'),
      TMPDIR: path.join(dir, 'home'),
      CACS_ACCESS_TOKEN: 'Zq9Xv7Wk2Lp4',
      CACS_BASE_URL: 'http://127.0.0.1:9',
      CACS_CAMPAIGN: 'summer',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The ledgers' folder in `state` given `mode`: `cacs history` refused (exit 2, `said` of it),
 * then used once it is 0700 again. Its path.
 */
function subfolderRefused(dir: string, state: string, mode: number, said: (sub: string) => string) {
  const sub = path.join(state, 'ledgers');
  fs.mkdirSync(sub, { recursive: true });
  fs.chmodSync(sub, mode);
  const r = cacs(dir, ['history'], { CACS_STATE_DIR: state });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain(said(sub));
  fs.chmodSync(sub, 0o700);
  expect(cacs(dir, ['history'], { CACS_STATE_DIR: state }).code).toBe(0);
  return sub;
}

/**
 * A state folder `dir/shared/state` under a folder of `mode` without the sticky bit: an import
 * refused (exit 2, `said` of the folder above); with the sticky bit (as /tmp) only its owner
 * may move it, and it is used. The state folder's path.
 */
function parentRefused(dir: string, mode: number, said: (parent: string) => string): string {
  const shared = path.join(dir, 'shared');
  fs.mkdirSync(shared);
  fs.chmodSync(shared, mode);
  const under = path.join(shared, 'state');
  const r = cacs(dir, ['import', 'leads.csv', '--dry-run'], { CACS_STATE_DIR: under });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain(said(shared));
  fs.chmodSync(shared, mode | 0o1000);
  expect(cacs(dir, ['import', 'leads.csv', '--dry-run'], { CACS_STATE_DIR: under }).code).toBe(0);
  return under;
}

/** `cacs import leads.csv --dry-run --json` in `dir` as `nobody`, with `state` its state folder. */
function dryRunAsNobody(dir: string, state: string) {
  return spawnSync('setpriv', cacsAsUser(NOBODY, ['import', 'leads.csv', '--dry-run', '--json']), {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: path.join(dir, 'home'), CACS_STATE_DIR: state },
    encoding: 'utf8',
  });
}

describe.skipIf(!ROOT)("another user's state folder (as root)", () => {
  it('the folder itself, a folder in it (the ledgers moved away, a link planted), the default under their HOME: exit 2 before anything is read or sent', () => {
    const dir = folder();
    const state = path.join(dir, 'state');
    fs.mkdirSync(state, { mode: 0o700 });
    fs.chownSync(state, NOBODY, NOBODY);
    const r = cacs(dir, ['import', 'leads.csv'], { CACS_STATE_DIR: state });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not using the state folder ${state}: ${state} belongs to nobody (uid ${NOBODY}), not to this user or root`,
    );
    expect(r.stderr).toContain('CACS_STATE_DIR (or the setting stateDir)');

    // root's folder, with a ledgers folder another user made (after moving root's away), and
    // a link in it at a ledger's name to a file of root's.
    fs.chownSync(state, 0, 0);
    const ledgers = path.join(state, 'ledgers');
    fs.mkdirSync(ledgers);
    fs.chownSync(ledgers, NOBODY, NOBODY);
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'precious');
    fs.symlinkSync(victim, path.join(ledgers, 'x.ledger'));
    const inside = cacs(dir, ['import', 'leads.csv'], { CACS_STATE_DIR: state });
    expect(inside.code, inside.stderr).toBe(2);
    expect(inside.stderr).toContain(`${ledgers} belongs to nobody`);
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
    const history = cacs(dir, ['history'], { CACS_STATE_DIR: state });
    expect(history.code).toBe(2);

    // HOME left at another user's (sudo without -H): the default state folder is theirs.
    const home = path.join(dir, 'theirs');
    fs.mkdirSync(path.join(home, '.local', 'state', 'cacs'), { recursive: true });
    for (const p of ['', '.local', '.local/state', '.local/state/cacs'])
      fs.chownSync(path.join(home, p), NOBODY, NOBODY);
    const sudo = cacs(dir, ['import', 'leads.csv', '--dry-run'], {
      HOME: home,
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
    });
    expect(sudo.code, sudo.stderr).toBe(2);
    expect(sudo.stderr).toContain(
      // The outermost folder on the way that is theirs is named (the path is walked from /).
      `not using the state folder ${path.join(home, '.local', 'state', 'cacs')}: ${home} belongs to nobody`,
    );

    // root's own state folder in a folder of nobody's: they could move it away and put another.
    const ushare = path.join(dir, 'ushare');
    fs.mkdirSync(path.join(ushare, 'state'), { recursive: true });
    fs.chownSync(ushare, NOBODY, NOBODY);
    const under = cacs(dir, ['history'], { CACS_STATE_DIR: path.join(ushare, 'state') });
    expect(under.code, under.stderr).toBe(2);
    expect(under.stderr).toContain(`${ushare} belongs to nobody`);
    // A link of nobody's on the way (they could point it elsewhere later) …
    const viaLink = path.join(dir, 'via');
    fs.mkdirSync(path.join(dir, 'real-state'));
    fs.symlinkSync(path.join(dir, 'real-state'), viaLink);
    fs.lchownSync(viaLink, NOBODY, NOBODY);
    const linked = cacs(dir, ['history'], { CACS_STATE_DIR: viaLink });
    expect(linked.code, linked.stderr).toBe(2);
    expect(linked.stderr).toContain(`${viaLink} belongs to nobody`);
    // … and root's own link into a folder any user may write: judged where it really is.
    const ww = path.join(dir, 'ww');
    fs.mkdirSync(path.join(ww, 'state'), { recursive: true });
    fs.chmodSync(ww, 0o777);
    const rootLink = path.join(dir, 'rootlink');
    fs.symlinkSync(path.join(ww, 'state'), rootLink);
    const real = cacs(dir, ['history'], { CACS_STATE_DIR: rootLink });
    expect(real.code, real.stderr).toBe(2);
    expect(real.stderr).toContain(`(${ww} has mode 0777, without the sticky bit)`);
  });

  it('one its group may change, or put another in place of: refused as root, used by a member (session 24)', () => {
    const dir = folder();
    const state = path.join(dir, 'state');
    fs.mkdirSync(state);
    fs.chmodSync(state, 0o770);
    const r = cacs(dir, ['import', 'leads.csv', '--dry-run'], { CACS_STATE_DIR: state });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not using the state folder ${state}: run as root, cacs uses no state folder its group may change (${state} has mode 0770)`,
    );
    expect(r.stderr).toContain(`chmod g-w ${state}`);
    // A folder in it too (the ledgers' place).
    fs.chmodSync(state, 0o700);
    const sub = subfolderRefused(
      dir,
      state,
      0o2770,
      (s) => `its group may change (${s} has mode 2770)`,
    );
    // A folder above it the group may write, without the sticky bit: refused; with it, used.
    const under = parentRefused(
      dir,
      0o775,
      (p) => `its group may put another in place of (${p} has mode 0775, without the sticky bit)`,
    );
    // A member of the group (here its owner, nobody) uses a folder the group may change.
    fs.rmSync(under, { recursive: true, force: true });
    fs.chmodSync(state, 0o770);
    for (const p of [dir, path.join(dir, 'home'), state, sub]) fs.chownSync(p, NOBODY, NOBODY);
    const member = dryRunAsNobody(dir, state);
    expect(member.status, member.stderr).toBe(0);
  });

  it('reached through a link in a folder others may write: refused, the folder holding the link named (review, session 24)', () => {
    const dir = folder();
    const real = path.join(dir, 'real');
    fs.mkdirSync(real, { mode: 0o700 });
    const shared = path.join(dir, 'shared');
    fs.mkdirSync(shared);
    fs.symlinkSync(real, path.join(shared, 'state'));
    const state = path.join(shared, 'state');
    // Its group may swap the link (root): refused.
    fs.chmodSync(shared, 0o775);
    const r = cacs(dir, ['history'], { CACS_STATE_DIR: state });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not using the state folder ${state}: run as root, cacs uses no state folder its group may put another in place of (${shared} has mode 0775, without the sticky bit)`,
    );
    // Any user may: refused, whoever runs it.
    fs.chmodSync(shared, 0o777);
    const r2 = cacs(dir, ['history'], { CACS_STATE_DIR: state });
    expect(r2.code, r2.stderr).toBe(2);
    expect(r2.stderr).toContain(`any user may put another in its place (${shared} has mode 0777`);
    // With the sticky bit only root may move root's link: used.
    fs.chmodSync(shared, 0o1777);
    expect(cacs(dir, ['history'], { CACS_STATE_DIR: state }).code).toBe(0);

    // Two links: safe/state → pub/hop → real (second review): the folder holding the second
    // link is judged too, and the second link's owner.
    const safe = path.join(dir, 'safe');
    const pub = path.join(dir, 'pub');
    fs.mkdirSync(safe);
    fs.mkdirSync(pub);
    fs.chmodSync(pub, 0o777);
    fs.symlinkSync(real, path.join(pub, 'hop'));
    fs.symlinkSync(path.join(pub, 'hop'), path.join(safe, 'state'));
    const viaTwo = path.join(safe, 'state');
    const r3 = cacs(dir, ['history'], { CACS_STATE_DIR: viaTwo });
    expect(r3.code, r3.stderr).toBe(2);
    expect(r3.stderr).toContain(`any user may put another in its place (${pub} has mode 0777`);
    // Sticky: root's link there stays root's; one of nobody's is refused.
    fs.chmodSync(pub, 0o1777);
    expect(cacs(dir, ['history'], { CACS_STATE_DIR: viaTwo }).code).toBe(0);
    fs.lchownSync(path.join(pub, 'hop'), NOBODY, NOBODY);
    const r4 = cacs(dir, ['history'], { CACS_STATE_DIR: viaTwo });
    expect(r4.code, r4.stderr).toBe(2);
    expect(r4.stderr).toContain(`${path.join(pub, 'hop')} belongs to nobody`);

    // A folder in the state folder that is a link into another user's folder: that folder
    // named, and the link that led there (third review).
    const theirs = path.join(dir, 'theirs');
    fs.mkdirSync(path.join(theirs, 'journals'), { recursive: true, mode: 0o700 });
    fs.chownSync(theirs, NOBODY, NOBODY);
    const own = path.join(dir, 'own');
    fs.mkdirSync(own, { mode: 0o700 });
    fs.symlinkSync(path.join(theirs, 'journals'), path.join(own, 'journals'));
    const r5 = cacs(dir, ['history'], { CACS_STATE_DIR: own });
    expect(r5.code, r5.stderr).toBe(2);
    expect(r5.stderr).toContain(
      `${theirs} belongs to nobody (uid ${NOBODY}), not to this user or root (reached through the link ${path.join(own, 'journals')})`,
    );
  });

  it('a device in the state folder (made with mknod, as root can): refused at the start like a pipe', () => {
    const dir = folder();
    const state = path.join(dir, 'state');
    fs.mkdirSync(path.join(state, 'ledgers'), { recursive: true, mode: 0o700 });
    const at = path.join(state, 'ledgers', 'x.ledger');
    // The character device /dev/null is (1, 3).
    expect(spawnSync('mknod', [at, 'c', '1', '3']).status).toBe(0);
    const r = cacs(dir, ['import', 'leads.csv'], { CACS_STATE_DIR: state });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${at} is no file or folder (a named pipe, a socket, a device)`);
    expect(fs.statSync(at).isCharacterDevice()).toBe(true);
  });

  it('as that user, their own folder is used as before', () => {
    const dir = folder();
    const state = path.join(dir, 'state');
    fs.mkdirSync(state, { mode: 0o700 });
    for (const p of [dir, path.join(dir, 'home'), state]) fs.chownSync(p, NOBODY, NOBODY);
    const r = dryRunAsNobody(dir, state);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: 1 });
  });
});

describe('a state folder not there yet', () => {
  it('made by another user between the check and the first write: refused before anything is written in it', () => {
    // (Review, session 23: checked as missing, then made by a later write, another user could
    // make it first in a shared /tmp: 6 wins in 40 tries, then their link was followed.) The
    // race, step by step in this process: the store's check, the other user's mkdir, a write.
    const dir = folder();
    const shared = path.join(dir, 'pub');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const state = path.join(shared, 'st');
    assertStateFolderTrusted(state); // missing: judged when made
    fs.mkdirSync(state);
    fs.chmodSync(state, 0o777);
    if (ROOT) fs.chownSync(state, NOBODY, NOBODY);
    expect(() => makeDirs(path.join(state, 'ledgers'))).toThrow(/not using the state folder/);
    expect(() => writeFileAtomicSync(path.join(state, 'history.jsonl'), 'x\n')).toThrow(
      /not using the state folder/,
    );
    expect(fs.existsSync(path.join(state, 'history.jsonl'))).toBe(false);
    // Made by this process: used, 0700.
    const mine = path.join(shared, 'mine');
    assertStateFolderTrusted(mine);
    writeFileAtomicSync(path.join(mine, 'ledgers', 'x'), 'x\n');
    expect(fs.statSync(mine).mode & 0o777).toBe(0o700);
  });
});

describe('the prune reminder', () => {
  it('a named pipe at prune.json, a ledger or the history: refused at the start (exit 2), never opened (review, session 24: the import hung, Ctrl-C could not stop it)', () => {
    const dir = folder();
    const state = path.join(dir, 'state');
    fs.mkdirSync(state, { mode: 0o700 });
    fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), 'state:\n  retentionDays: 30\n');
    for (const name of ['prune.json', 'ledgers/x.ledger', 'history/runs.jsonl']) {
      const at = path.join(state, name);
      fs.mkdirSync(path.dirname(at), { recursive: true, mode: 0o700 });
      expect(spawnSync('mkfifo', [at]).status).toBe(0);
      // Were it opened, the run would hang until the spawn's timeout.
      const r = cacs(dir, ['import', 'leads.csv'], { CACS_STATE_DIR: state });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `not using the state folder: ${at} is no file or folder (a named pipe, a socket, a device)`,
      );
      fs.rmSync(at);
    }
    const r = cacs(dir, ['import', 'leads.csv', '--dry-run', '--json'], { CACS_STATE_DIR: state });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: 1 });
  });
});

describe('a state folder any user may change', () => {
  it('world-writable (the folder or one in it), or in a world-writable folder without the sticky bit: exit 2', () => {
    const dir = folder();
    const state = path.join(dir, 'state');
    fs.mkdirSync(state);
    fs.chmodSync(state, 0o777);
    const r = cacs(dir, ['import', 'leads.csv'], { CACS_STATE_DIR: state });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not using the state folder ${state}: any user may change ${state} (mode 0777)`,
    );
    fs.chmodSync(state, 0o700);
    const fine = cacs(dir, ['import', 'leads.csv', '--dry-run'], { CACS_STATE_DIR: state });
    expect(fine.code, fine.stderr).toBe(0);
    // A folder in it (the ledgers' place) that others may write: refused too.
    subfolderRefused(dir, state, 0o777, (s) => `any user may change ${s} (mode 0777)`);

    parentRefused(
      dir,
      0o777,
      (p) =>
        `not using the state folder ${path.join(p, 'state')}: any user may put another in its place (${p} has mode 0777, without the sticky bit)`,
    );
  });
});
