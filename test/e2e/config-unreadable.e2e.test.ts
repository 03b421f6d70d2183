/**
 * A config file the user may not read, found by the search (session 22, an operator walk):
 * cosmiconfig passes over such a file as if it were not there, and cacs went on without its
 * settings — a do-not-call list named in it skipped, the state folder it pins not used — with
 * exit 0 and no word. Now it is exit 2 naming the file, as a `--config` file that cannot be
 * read is. As root the run is made as `nobody` (root reads any file); as a normal user the file
 * is made unreadable (mode 000).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, NOBODY, tempDir } from '../helpers/cli.js';

const ROOT = process.getuid?.() === 0;
const canSetpriv = !ROOT || spawnSync('setpriv', ['--version']).status === 0;
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A folder the run's user owns (its HOME inside), with leads.csv and dnc.txt. */
function folder(): string {
  const dir = tempDir('cacs-config-denied-');
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'home'));
  fs.writeFileSync(path.join(dir, 'leads.csv'), 'phone,name\n0930100001,DNC\n0930100002,OK\n');
  fs.writeFileSync(path.join(dir, 'dnc.txt'), '0930100001\n');
  if (ROOT) for (const p of fs.readdirSync(dir)) fs.chownSync(path.join(dir, p), NOBODY, NOBODY);
  if (ROOT) fs.chownSync(dir, NOBODY, NOBODY);
  return dir;
}

/** A config file the run's user may not read: root's own 0600 (run as nobody), else mode 000. */
function unreadable(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Its folders stay the user's: only the file itself is out of reach.
  if (ROOT)
    for (let d = path.dirname(file); d !== dir; d = path.dirname(d))
      fs.chownSync(d, NOBODY, NOBODY);
  fs.writeFileSync(file, text, { mode: 0o600 });
  if (!ROOT) fs.chmodSync(file, 0o000);
}

function cacs(dir: string, args: string[]) {
  const pre = ROOT
    ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--']
    : [];
  const argv = [...pre, process.execPath, BIN, ...args];
  const r = spawnSync(argv[0]!, argv.slice(1), {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: path.join(dir, 'home'),
      XDG_CONFIG_HOME: path.join(dir, 'home', '.config'),
      TMPDIR: dir,
    },
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CONFIG = 'defaultCampaign: summer\nimport:\n  suppress: [dnc.txt]\n';

describe.skipIf(!canSetpriv)('a config file found by the search that cannot be read', () => {
  it('in the project folder: exit 2 naming it, for config path and for an import', () => {
    const dir = folder();
    const file = path.join(dir, '.cacsrc.yaml');
    unreadable(dir, file, CONFIG);
    const shown = cacs(dir, ['config', 'path']);
    expect(shown.code, shown.stderr).toBe(2);
    expect(shown.stderr).toContain(`cannot read the configuration ${file}`);
    expect(shown.stderr).toContain('permission denied');
    const run = cacs(dir, ['import', 'leads.csv', '--dry-run']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`cannot read the configuration ${file}`);
    // Nothing was read: no list written beside the input.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('leads.csv.'))).toEqual([]);
  });

  it("in the user's config folder: exit 2 naming it", () => {
    const dir = folder();
    const file = path.join(dir, 'home', '.config', 'cacs', 'config.yaml');
    unreadable(dir, file, CONFIG);
    const r = cacs(dir, ['config', 'path']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`cannot read the configuration ${file}`);
  });

  it('a link into a folder this user may not open, a .config/ it may not search: exit 2 too (review, session 22)', () => {
    const dir = folder();
    const secret = path.join(dir, 'secret');
    fs.mkdirSync(secret);
    fs.writeFileSync(path.join(secret, 'cfg.yaml'), CONFIG);
    fs.symlinkSync(path.join(secret, 'cfg.yaml'), path.join(dir, '.cacsrc.yaml'));
    // Root's folder of mode 700 (the run is nobody's), or one of mode 000.
    fs.chmodSync(secret, ROOT ? 0o700 : 0o000);
    try {
      const r = cacs(dir, ['import', 'leads.csv', '--dry-run']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`cannot read the configuration ${path.join(dir, '.cacsrc.yaml')}`);
      // A project's configuration: HOME and XDG_CONFIG_HOME would not move it.
      expect(r.stderr).toContain('name a config file with --config');
      expect(r.stderr).not.toContain('XDG_CONFIG_HOME');
    } finally {
      fs.chmodSync(secret, 0o700);
    }

    const other = folder();
    const hidden = path.join(other, '.config');
    fs.mkdirSync(hidden);
    fs.writeFileSync(path.join(hidden, 'cacsrc.yaml'), CONFIG);
    fs.chmodSync(hidden, ROOT ? 0o700 : 0o000);
    try {
      const r = cacs(other, ['config', 'path']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `cannot tell whether ${path.join(hidden, 'cacsrc')} holds a cacs configuration: this user may not look inside ${hidden}`,
      );
    } finally {
      fs.chmodSync(hidden, 0o700);
    }
  });

  it('a readable one is read as before (the do-not-call list held back)', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), CONFIG);
    if (ROOT) fs.chownSync(path.join(dir, '.cacsrc.yaml'), NOBODY, NOBODY);
    const r = cacs(dir, ['import', 'leads.csv', '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ suppressed: 1, valid: 1 });
  });
});
