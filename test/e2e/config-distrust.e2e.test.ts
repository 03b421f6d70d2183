/**
 * A configuration cacs comes upon by searching that another user may have written (review,
 * session 23): a `.cacsrc.js` planted by `nobody` in a shared folder above the working folder
 * ran as root when root ran cacs below it, and a `.cacsrc.yaml` there sent the token to its
 * `baseUrl`. Now a file found by the search (the project's folders, the user's config folder,
 * cosmiconfig's own files in the folder cacs runs in) is read only when it belongs to the user
 * running cacs or to root and no other user may write it; otherwise exit 2 naming it, before it
 * is read or run. `--config <file>` still uses exactly the file named. The other owner's cases
 * need root (to give a file to `nobody`); the writable ones run as any user.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, NOBODY, tempDir } from '../helpers/cli.js';
import { distrust } from '../../src/config/files.js';

const ROOT = process.getuid?.() === 0;
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A shared folder (mode 1777, like /tmp) with the operator's working folder `work` inside. */
function shared(): { top: string; work: string } {
  const top = tempDir('cacs-config-distrust-');
  made.push(top);
  fs.chmodSync(top, 0o1777);
  const work = path.join(top, 'work');
  fs.mkdirSync(path.join(work, 'home'), { recursive: true });
  fs.writeFileSync(path.join(work, 'leads.csv'), 'phone,name\n0930100001,An\n');
  return { top, work };
}

/** A file written as another user would: nobody's (as root), of mode 0644. */
function planted(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode: 0o644 });
  if (ROOT) fs.chownSync(file, NOBODY, NOBODY);
}

function cacs(cwd: string, args: string[], home: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      TMPDIR: home,
      CACS_ACCESS_TOKEN: 'Zq9Xv7Wk2Lp4',
      CACS_STATE_DIR: path.join(home, 'state'),
    },
    encoding: 'utf8',
    // A run that blocks (a named pipe opened) fails the test instead of hanging it.
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('distrust(): whom a configuration found by searching may belong to', () => {
  it('this user or root, and not writable by others; links followed; anything else left alone', () => {
    const dir = tempDir('cacs-distrust-unit-');
    made.push(dir);
    const own = path.join(dir, 'own.yaml');
    fs.writeFileSync(own, 'campaign: x\n', { mode: 0o644 });
    const me = process.getuid!();
    expect(distrust(own, me)).toBeUndefined();
    // Not this user's: root's files are trusted, anyone else's are not.
    const other = me === 0 ? NOBODY : me + 1;
    if (me === 0) {
      expect(distrust(own, NOBODY)).toBeUndefined();
      fs.chownSync(own, NOBODY, NOBODY);
      expect(distrust(own, 0)).toEqual({ owner: expect.stringContaining(`uid ${NOBODY}`) });
      fs.chownSync(own, 0, 0);
    } else {
      expect(distrust(own, other)).toEqual({ owner: expect.stringContaining(`uid ${me}`) });
    }
    fs.chmodSync(own, 0o666);
    expect(distrust(own, me)).toEqual({ mode: '0666' });
    fs.chmodSync(own, 0o664);
    // A group may share a project's configuration, but not with root (cron and sshd alike).
    expect(distrust(own, other === NOBODY ? NOBODY : me)).toBeUndefined();
    expect(distrust(own, 0)).toEqual({ mode: '0664', group: true });
    fs.chmodSync(own, 0o646);
    const link = path.join(dir, 'link.yaml');
    fs.symlinkSync(own, link);
    expect(distrust(link, me)).toEqual({ mode: '0646' });
    expect(distrust(path.join(dir, 'none.yaml'), me)).toBeUndefined();
    expect(distrust(dir, me)).toBeUndefined(); // a folder is not a configuration
    expect(distrust(own, null)).toBeUndefined(); // no user ids (Windows)
  });
});

describe.skipIf(!ROOT)("another user's configuration above the working folder (as root)", () => {
  it('a planted .cacsrc.js is not run, a planted .cacsrc.yaml not read: exit 2 naming it', () => {
    const { top, work } = shared();
    const marker = path.join(top, 'ran');
    const js = path.join(top, '.cacsrc.js');
    planted(
      js,
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = { baseUrl: 'http://127.0.0.1:9' };\n`,
    );
    const r = cacs(work, ['import', 'leads.csv', '--campaign', 'summer'], path.join(work, 'home'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not reading the configuration ${js}: it belongs to nobody (uid ${NOBODY}), not to this user or root`,
    );
    expect(r.stderr).toContain('if you trust it, name it with --config');
    expect(fs.existsSync(marker)).toBe(false);
    expect(fs.readdirSync(work).filter((f) => f.startsWith('leads.csv.'))).toEqual([]);

    fs.rmSync(js);
    const yaml = path.join(top, '.cacsrc.yaml');
    planted(yaml, 'baseUrl: http://127.0.0.1:9\n');
    const json = cacs(work, ['config', 'show', '--json'], path.join(work, 'home'));
    expect(json.code, json.stderr).toBe(2);
    expect(json.stderr).toContain(`not reading the configuration ${yaml}`);
    // In Vietnamese too.
    const vi = cacs(work, ['--lang', 'vi', 'config', 'path'], path.join(work, 'home'));
    expect(vi.code).toBe(2);
    expect(vi.stderr).toContain(`không đọc cấu hình ${yaml}: tệp thuộc về nobody`);
    // Named with --config, it is the operator's choice: used as it is.
    const named = cacs(
      work,
      ['--config', yaml, 'config', 'show', '--json'],
      path.join(work, 'home'),
    );
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout).settings.baseUrl.value).toBe('http://127.0.0.1:9');
  });

  it("a package.json of another user counts only with a cacs key; the user's folder and cosmiconfig's own files too", () => {
    const { top, work } = shared();
    const pkg = path.join(top, 'package.json');
    planted(pkg, JSON.stringify({ name: 'shared', description: 'cacs notes' }));
    const plain = cacs(work, ['config', 'path'], path.join(work, 'home'));
    expect(plain.code, plain.stderr).toBe(0);
    planted(pkg, JSON.stringify({ name: 'shared', cacs: { baseUrl: 'http://127.0.0.1:9' } }));
    const keyed = cacs(work, ['config', 'path'], path.join(work, 'home'));
    expect(keyed.code, keyed.stderr).toBe(2);
    expect(keyed.stderr).toContain(`not reading the configuration ${pkg}`);
    fs.rmSync(pkg);

    // HOME pointed at a folder whose config another user wrote (sudo keeping HOME, a cron line).
    const home = path.join(top, 'home');
    const userFile = path.join(home, '.config', 'cacs', 'config.yaml');
    planted(userFile, 'defaultCampaign: summer\n');
    const user = cacs(work, ['config', 'path'], home);
    expect(user.code, user.stderr).toBe(2);
    expect(user.stderr).toContain(`not reading the configuration ${userFile}`);

    // cosmiconfig reads .config/config.* in the folder cacs runs in, whatever --config says: a
    // JavaScript one is refused before it runs; a data one only with a cosmiconfig key.
    const own = path.join(work, 'own.yaml');
    fs.writeFileSync(own, 'defaultCampaign: summer\n');
    const marker = path.join(top, 'meta-ran');
    const metaJs = path.join(work, '.config', 'config.cjs');
    planted(
      metaJs,
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = {};\n`,
    );
    const meta = cacs(work, ['--config', own, 'config', 'path'], path.join(work, 'home'));
    expect(meta.code, meta.stderr).toBe(2);
    expect(meta.stderr).toContain(`not reading ${metaJs}: it belongs to nobody`);
    expect(meta.stderr).toContain('run cacs from another folder');
    expect(fs.existsSync(marker)).toBe(false);
    fs.rmSync(metaJs);
    const metaJson = path.join(work, '.config', 'config.json');
    planted(metaJson, JSON.stringify({ editor: 'vim' }));
    expect(cacs(work, ['--config', own, 'config', 'path'], path.join(work, 'home')).code).toBe(0);
  });
});

describe.skipIf(!ROOT)("a team's configuration its group may change (as root)", () => {
  it('is not read by root, nor one in a folder its group may change; a member of the group reads it', () => {
    const { top, work } = shared();
    const team = path.join(top, 'team');
    fs.mkdirSync(path.join(team, 'work'), { recursive: true });
    const file = path.join(team, '.cacsrc.yaml');
    fs.writeFileSync(file, 'defaultCampaign: summer\n');
    fs.chmodSync(file, 0o664);
    const home = path.join(work, 'home');
    const r = cacs(path.join(team, 'work'), ['config', 'path'], home);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not reading the configuration ${file}: run as root, cacs reads no configuration its group may change (mode 0664)`,
    );
    expect(r.stderr).toContain(`chmod g-w ${file}`);
    fs.chmodSync(file, 0o644);
    fs.chmodSync(team, 0o2775);
    const folder = cacs(path.join(team, 'work'), ['config', 'path'], home);
    expect(folder.code, folder.stderr).toBe(2);
    expect(folder.stderr).toContain(`in a folder its group may change (${team} has mode 2775)`);
    fs.chmodSync(team, 0o755);
    expect(cacs(path.join(team, 'work'), ['config', 'path'], home).code).toBe(0);
  });
});

describe.skipIf(!ROOT)('sudo (as root with SUDO_UID)', () => {
  it("the files of the user who ran sudo are theirs to use; another user's are not", () => {
    const { top, work } = shared();
    const yaml = path.join(top, '.cacsrc.yaml');
    planted(yaml, 'defaultCampaign: summer\n');
    const home = path.join(work, 'home');
    const sudo = (uid: number) =>
      spawnSync(process.execPath, [BIN, 'config', 'show', '--json'], {
        cwd: work,
        env: { PATH: process.env.PATH, HOME: home, SUDO_UID: String(uid) },
        encoding: 'utf8',
      });
    const own = sudo(NOBODY);
    expect(own.status, own.stderr).toBe(0);
    expect(JSON.parse(own.stdout).settings.campaign.value).toBe('summer');
    const other = sudo(4242);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain(`not reading the configuration ${yaml}: it belongs to nobody`);
  });
});

describe.skipIf(!ROOT)('what got past the first rule (review, session 23; as root)', () => {
  it("a named pipe, another user's link to root's own script, a flow-style or BOM-led meta file", () => {
    const { top, work } = shared();
    const home = path.join(work, 'home');
    // A pipe with no writer held cacs forever; with one, it fed root a script.
    const fifo = path.join(top, '.cacsrc.cjs');
    spawnSync('mkfifo', [fifo]);
    fs.chownSync(fifo, NOBODY, NOBODY);
    const r = cacs(work, ['history'], home);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`not reading the configuration ${fifo}: it is not a regular file`);
    fs.rmSync(fifo);

    // nobody's link to a script of root's: the link's owner counts too.
    const script = path.join(top, 'roots-script.cjs');
    const marker = path.join(top, 'script-ran');
    fs.writeFileSync(
      script,
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = {};\n`,
    );
    const link = path.join(top, '.cacsrc.cjs');
    fs.symlinkSync(script, link);
    fs.lchownSync(link, NOBODY, NOBODY);
    const linked = cacs(work, ['history'], home);
    expect(linked.code, linked.stderr).toBe(2);
    expect(linked.stderr).toContain(`not reading the configuration ${link}: it belongs to nobody`);
    expect(fs.existsSync(marker)).toBe(false);
    fs.rmSync(link);

    // cosmiconfig's own settings in the working folder: YAML counts whatever its style, and a
    // package.json led by a byte-order mark is read as JSON still.
    const evil = path.join(work, 'evil.cjs');
    planted(
      evil,
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = {};\n`,
    );
    const yaml = path.join(work, 'package.yaml');
    planted(yaml, '{cosmiconfig: {cosmiconfig: {searchPlaces: [evil.cjs]}}}\n');
    const flow = cacs(work, ['history'], home);
    expect(flow.code, flow.stderr).toBe(2);
    expect(flow.stderr).toContain(`not reading ${yaml}: it belongs to nobody`);
    fs.rmSync(yaml);
    const pkg = path.join(work, 'package.json');
    planted(pkg, `\uFEFF${JSON.stringify({ cosmiconfig: { searchPlaces: ['evil.cjs'] } })}`);
    const bom = cacs(work, ['history'], home);
    expect(bom.code, bom.stderr).toBe(2);
    expect(bom.stderr).toContain(`not reading ${pkg}: it belongs to nobody`);
    expect(fs.existsSync(marker)).toBe(false);
  });
});

describe.skipIf(!ROOT)('what got past the second rule (review, session 23; as root)', () => {
  it("another user's .config link, a file of root's in a folder another user may change: refused before anything is read", () => {
    const { top, work } = shared();
    const home = path.join(work, 'home');
    // nobody's link named .config, to a folder of root's holding a script.
    const roots = path.join(top, 'roots');
    fs.mkdirSync(path.join(roots, '.config'), { recursive: true });
    const marker = path.join(top, 'ran');
    fs.writeFileSync(
      path.join(roots, '.config', 'cacsrc.js'),
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = {};\n`,
    );
    const link = path.join(top, '.config');
    fs.symlinkSync(path.join(roots, '.config'), link);
    fs.lchownSync(link, NOBODY, NOBODY);
    const r = cacs(work, ['config', 'show'], home);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not reading the configuration ${path.join(link, 'cacsrc.js')}: ${link} belongs to nobody (uid ${NOBODY}), who may put another file in its place`,
    );
    expect(fs.existsSync(marker)).toBe(false);
    fs.rmSync(link);

    // root's own file, in a folder nobody owns (they could swap it between check and read).
    const theirs = path.join(top, 'theirs');
    fs.mkdirSync(path.join(theirs, 'work'), { recursive: true });
    fs.writeFileSync(path.join(theirs, '.cacsrc.yaml'), 'defaultCampaign: summer\n');
    fs.chownSync(theirs, NOBODY, NOBODY);
    const inTheirs = cacs(path.join(theirs, 'work'), ['config', 'path'], home);
    expect(inTheirs.code, inTheirs.stderr).toBe(2);
    expect(inTheirs.stderr).toContain(
      `${theirs} belongs to nobody (uid ${NOBODY}), who may put another file in its place`,
    );
    // ... or in a world-writable folder without the sticky bit.
    fs.chownSync(theirs, 0, 0);
    fs.chmodSync(theirs, 0o777);
    const open = cacs(path.join(theirs, 'work'), ['config', 'path'], home);
    expect(open.code, open.stderr).toBe(2);
    expect(open.stderr).toContain(
      `any user may put another file in its place (${theirs} has mode 0777, without the sticky bit)`,
    );
    // With the sticky bit (as /tmp), root's file cannot be moved by others: read.
    fs.chmodSync(theirs, 0o1777);
    const sticky = cacs(path.join(theirs, 'work'), ['config', 'show', '--json'], home);
    expect(sticky.code, sticky.stderr).toBe(0);
    expect(JSON.parse(sticky.stdout).settings.campaign.value).toBe('summer');
  });
});

describe('a configuration any user may change', () => {
  it('a named pipe of this user is not read either (no writer: it would block)', () => {
    const { work } = shared();
    const fifo = path.join(work, '.cacsrc.yaml');
    spawnSync('mkfifo', [fifo]);
    const r = cacs(work, ['config', 'path'], path.join(work, 'home'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`not reading the configuration ${fifo}: it is not a regular file`);
  });

  it('is not read when found by searching (exit 2 naming it and its mode); --config uses it', () => {
    const { work } = shared();
    const file = path.join(work, '.cacsrc.yaml');
    fs.writeFileSync(file, 'defaultCampaign: summer\n');
    fs.chmodSync(file, 0o666);
    const r = cacs(work, ['import', 'leads.csv', '--dry-run'], path.join(work, 'home'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `not reading the configuration ${file}: any user may change it (mode 0666)`,
    );
    expect(r.stderr).toContain(`chmod o-w ${file}`);
    const named = cacs(
      work,
      ['--config', file, 'import', 'leads.csv', '--dry-run', '--json'],
      path.join(work, 'home'),
    );
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toMatchObject({ campaign: 'summer', valid: 1 });
    fs.chmodSync(file, 0o644);
    expect(cacs(work, ['import', 'leads.csv', '--dry-run'], path.join(work, 'home')).code).toBe(0);
  });
});
