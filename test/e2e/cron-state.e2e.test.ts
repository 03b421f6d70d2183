/**
 * Issue 22 item 3: cron runs cacs with another HOME (`env -i PATH=… HOME=…`), so a state folder
 * that follows HOME is an empty one and every lead imported by hand would be sent again. Config
 * `stateDir` (relative to the config file) pins it; an import that finds an empty state while a
 * config file names the service says which folder it uses. Real processes under `env -i`, a real
 * config file, the emulator over real HTTP.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { emulatorPool, processedPhones } from '../helpers/import.js';

const emulators = emulatorPool();
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function temp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-cron-'));
  made.push(d);
  return d;
}

/** `env -i PATH=… HOME=<home> [extra…] node bin/cacs.js <args>` in `cwd`, as cron runs it. */
function cron(
  args: string[],
  home: string,
  cwd: string,
  extra: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'env',
      [
        '-i',
        `PATH=${process.env.PATH ?? '/usr/bin:/bin'}`,
        `HOME=${home}`,
        ...extra,
        process.execPath,
        BIN,
        ...args,
      ],
      { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const LEADS = `phone,name\n${Array.from({ length: 13 }, (_, i) => `09123450${String(i).padStart(2, '0')},Khách ${i}`).join('\n')}\n`;

function config(dir: string, url: string, extra = ''): string {
  const file = path.join(dir, 'cacs.yml');
  fs.writeFileSync(
    file,
    `baseUrl: ${url}\naccessToken: emulator-token\ndefaultCampaign: summer\n${extra}`,
    { mode: 0o600 },
  );
  return file;
}

describe('cron: the state folder pinned in the config file', () => {
  it('-q keeps the state line: what a cron log needs to catch the wrong folder (review, session 16)', async () => {
    const emu = await emulators.start();
    const root = temp();
    const file = config(root, emu.url, 'stateDir: state\n');
    fs.writeFileSync(path.join(root, 'leads.csv'), LEADS);
    const quiet = await cron(['-q', '--config', file, 'import', 'leads.csv'], root, root);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr.trim()).toBe(
      `state: using ${path.join(root, 'state')} (empty: no earlier imports to this campaign are known here)`,
    );
  });

  it('an import by hand, then the same file from cron with another HOME: nothing is sent twice', async () => {
    const emu = await emulators.start();
    const root = temp();
    const conf = path.join(root, 'etc');
    fs.mkdirSync(conf);
    const file = config(conf, emu.url, 'stateDir: state\n');
    const work = path.join(root, 'work');
    fs.mkdirSync(work);
    fs.writeFileSync(path.join(work, 'leads.csv'), LEADS);
    const byHand = path.join(root, 'operator');
    const cronHome = path.join(root, 'cronhome');
    fs.mkdirSync(byHand);
    fs.mkdirSync(cronHome);

    const first = await cron(['--config', file, 'import', 'leads.csv', '--json'], byHand, work);
    expect(first.code).toBe(0);
    // A first import: the folder is empty, and the line says which one it is.
    expect(first.stderr.trim()).toBe(
      `state: using ${path.join(conf, 'state')} (empty: no earlier imports to this campaign are known here)`,
    );
    const s1 = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(s1).toMatchObject({ imported: 13, stateDir: path.join(conf, 'state') });

    // Cron: another HOME, another working folder; only the config file is the same.
    const second = await cron(
      ['--config', file, 'import', path.join(work, 'leads.csv'), '--json'],
      cronHome,
      cronHome,
    );
    expect(second.code).toBe(0);
    const s2 = JSON.parse(second.stdout) as Record<string, unknown>;
    expect(s2).toMatchObject({
      imported: 0,
      alreadyImported: 13,
      stateDir: path.join(conf, 'state'),
      stateEmpty: false,
    });
    expect(second.stderr).not.toMatch(/state: using/);
    expect(processedPhones(emu)).toHaveLength(13);
    // Nothing was written under either HOME.
    expect(fs.readdirSync(cronHome)).toEqual([]);

    // config show says where it comes from; CACS_STATE_DIR wins over the file.
    const shown = await cron(['--config', file, 'config', 'show', '--json'], cronHome, cronHome);
    expect(JSON.parse(shown.stdout).settings.stateDir).toEqual({
      value: path.join(conf, 'state'),
      source: `--config ${file}`,
    });
    const env = await cron(['--config', file, 'config', 'show', '--json'], cronHome, cronHome, [
      `CACS_STATE_DIR=${path.join(root, 'elsewhere')}`,
    ]);
    expect(JSON.parse(env.stdout).settings.stateDir).toEqual({
      value: path.join(root, 'elsewhere'),
      source: 'env CACS_STATE_DIR',
    });
  });

  it('a profile may pin its own state folder; "~" is refused with the reason', async () => {
    const root = temp();
    const file = path.join(root, 'cacs.yml');
    fs.writeFileSync(
      file,
      'baseUrl: http://127.0.0.1:9\nstateDir: /srv/cacs\nprofiles:\n  night:\n    stateDir: night-state\n',
    );
    const r = await cron(
      ['--config', file, '--profile', 'night', 'config', 'show', '--json'],
      root,
      root,
    );
    expect(JSON.parse(r.stdout).settings.stateDir).toEqual({
      value: path.join(root, 'night-state'),
      source: `profile night in ${file}`,
    });
    fs.writeFileSync(file, 'stateDir: ~/cacs\n');
    const bad = await cron(['--config', file, 'config', 'show'], root, root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/stateDir: write the folder in full: "~" is not expanded/);
  });

  it('an empty state folder while a config file names the service: stderr says which folder', async () => {
    const emu = await emulators.start();
    const root = temp();
    const file = config(root, emu.url);
    fs.writeFileSync(path.join(root, 'leads.csv'), LEADS);
    const home = path.join(root, 'cronhome');
    fs.mkdirSync(home);
    const r = await cron(
      ['--config', file, 'import', path.join(root, 'leads.csv'), '--json'],
      home,
      home,
    );
    expect(r.code).toBe(0);
    const dir = path.join(home, '.local', 'state', 'cacs');
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('state: '));
    expect(lines).toEqual([
      `state: using ${dir} (empty: no earlier imports to this campaign are known here)`,
    ]);
    expect(JSON.parse(r.stdout)).toMatchObject({ imported: 13, stateDir: dir, stateEmpty: true });
    // The second run knows the campaign: no such line.
    const again = await cron(
      ['--config', file, 'import', path.join(root, 'leads.csv')],
      home,
      home,
    );
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/state: using/);
    // The address from the environment (not a config file): no line either.
    const other = path.join(root, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'more.csv'), 'phone\n0987654312\n');
    const byEnv = await cron(
      ['import', path.join(other, 'more.csv'), '--campaign', 'summer'],
      other,
      other,
      [`CACS_BASE_URL=${emu.url}`, 'CACS_ACCESS_TOKEN=emulator-token'],
    );
    expect(byEnv.code).toBe(0);
    expect(byEnv.stderr).not.toMatch(/state: using/);
  });
});
