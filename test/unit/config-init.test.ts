/**
 * `cacs config init` and campaign aliases (issue 18 item 5): the starter changes nothing a
 * command does, so the quickstart works after `config init --user` exactly as before; it is a
 * useful example (uncommented, it is a valid config); and a campaign key the service refuses that
 * came from an alias says which alias, read as what, from which file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARTER_CONFIG } from '../../src/cli/commands/config.js';
import { ROOT, runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';

const emulators = emulatorPool();

/** The README quickstart's import and report, against an emulator. */
async function quickstart(env: Record<string, string | undefined>, cwd: string) {
  const file = path.join(cwd, 'leads.csv');
  fs.copyFileSync(path.join(ROOT, 'examples', 'leads.csv'), file);
  const imp = await runCli(['import', file, '--campaign', 'summer'], { env, cwd });
  const rep = await runCli(
    ['report', '--campaign', 'summer', '--from', 'today', '--to', 'today', '--format', 'csv'],
    { env, cwd },
  );
  return { imp, rep };
}

describe('config init', () => {
  it('then the quickstart works as before (init --user, and init in the project)', async () => {
    const emu = await emulators.start();
    const before = await quickstart(importEnv(emu), tempDir());
    expect(before.imp.code).toBe(3);

    for (const args of [
      ['config', 'init', '--user'],
      ['config', 'init'],
    ]) {
      const emu2 = await emulators.start();
      const env = importEnv(emu2);
      const cwd = tempDir();
      const init = await runCli(args, { env, cwd });
      expect(init.code).toBe(0);
      expect(init.stderr).toContain('every setting in it is commented out');
      const after = await quickstart(env, cwd);
      expect(after.imp.code).toBe(before.imp.code);
      expect(after.imp.stderr).toContain('→ campaign summer\n');
      expect(after.rep.code).toBe(0);
      expect(emu2.store.leads('summer')).toHaveLength(emu.store.leads('summer').length);
      // Nothing in effect comes from the starter: a file of comments counts as no file.
      const written = init.stdout.trim();
      expect(fs.readFileSync(written, 'utf8')).toBe(STARTER_CONFIG);
      const show = await runCli(['config', 'show', '--json'], { env, cwd });
      const { settings, files } = JSON.parse(show.stdout) as {
        settings: Record<string, { value: unknown; source: string }>;
        files: Array<{ path: string }>;
      };
      expect(files).toEqual([]);
      expect(Object.values(settings).filter((s) => s.source.includes(written))).toEqual([]);
      expect(settings.baseUrl).toEqual({ value: emu2.url, source: 'env CACS_BASE_URL' });
    }
  });

  it('is a useful example: every commented setting, uncommented, is a valid config', async () => {
    // A commented setting is "# key: …", "#   key: …" or "#   - item"; explanations are prose.
    const setting = /^#( *)([A-Za-z_][\w.]*:(\s|$)|- |# )/;
    const lines = STARTER_CONFIG.split('\n');
    const uncommented = lines
      .filter((l) => !l.startsWith('# accessToken: ')) // one token source per file
      .map((l) => (setting.test(l) ? l.replace(/^# ?/, '') : l))
      .join('\n');
    expect(uncommented).toContain('\nbaseUrl: https://cacs.example.com\n');
    expect(uncommented).toContain('\ncampaigns:\n  summer: SUMMER2026\n');
    const cwd = tempDir();
    const file = write(cwd, 'full.yaml', uncommented);
    const show = await runCli(['--config', file, 'config', 'show', '--json'], { cwd });
    expect(show.stderr).toBe('');
    expect(show.code).toBe(0);
    const { settings } = JSON.parse(show.stdout) as {
      settings: Record<string, { value: unknown }>;
    };
    expect(settings).toMatchObject({
      baseUrl: { value: 'https://cacs.example.com' },
      'campaigns.summer': { value: 'SUMMER2026' },
      'import.phonePattern': { value: '^0\\d{9,10}$' },
      'report.format': { value: 'csv' },
    });
    // Every key the starter mentions is one the schema knows (else config show fails above),
    // and every line of it is a comment or blank.
    expect(lines.every((l) => l === '' || l.startsWith('#'))).toBe(true);
  });
});

describe('a refused campaign key that came from an alias', () => {
  const aliasConfig = (cwd: string) =>
    write(cwd, '.cacsrc.yaml', 'campaigns:\n  summer: SUMMER2026\n');

  it('import: exit 4 names the alias, the key and the file (human and --json)', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const config = aliasConfig(cwd);
    const file = write(cwd, 'leads.csv', 'phone\n0912345678\n');
    const env = importEnv(emu, { CACS_CAMPAIGN: '' });
    delete env.CACS_CAMPAIGN;
    const r = await runCli(['import', file, '--campaign', 'summer'], { env, cwd });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      'error: stopped: the service refused the request: "Parameter #campaign_key# does not match. Please check it again"',
    );
    expect(r.stderr).toContain(
      `Nothing more was sent. --campaign summer was read as SUMMER2026: the alias campaigns.summer in project config ${config}. Check that key with the service's operator, or fix the alias (cacs config show lists them).`,
    );
    const j = await runCli(['import', file, '--campaign', 'summer', '--json'], { env, cwd });
    expect(j.code).toBe(4);
    const o = JSON.parse(j.stdout) as { alias: string; campaign: string; error: object };
    expect(o).toMatchObject({
      alias: 'summer',
      campaign: 'SUMMER2026',
      exitCode: 4,
      error: {
        code: 'refused',
        hint: expect.stringContaining(
          `--campaign summer was read as SUMMER2026: the alias campaigns.summer in project config ${config}`,
        ),
      },
    });
  });

  it('an alias chosen by CACS_CAMPAIGN or defaultCampaign says so', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const config = write(
      cwd,
      '.cacsrc.yaml',
      'campaigns:\n  summer: SUMMER2026\ndefaultCampaign: summer\n',
    );
    const file = write(cwd, 'leads.csv', 'phone\n0912345678\n');
    const env = importEnv(emu);
    const byEnv = await runCli(['import', file], { env, cwd });
    expect(byEnv.code).toBe(4);
    expect(byEnv.stderr).toContain(
      `campaign summer (env CACS_CAMPAIGN) was read as SUMMER2026: the alias campaigns.summer in project config ${config}`,
    );
    delete env.CACS_CAMPAIGN;
    const byDefault = await runCli(['import', file], { env, cwd });
    expect(byDefault.stderr).toContain(
      `campaign summer (project config ${config} (defaultCampaign)) was read as SUMMER2026`,
    );
  });

  it('report: exit 4 names them too; a key given as it is draws the usual hint', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const config = aliasConfig(cwd);
    const env = importEnv(emu);
    delete env.CACS_CAMPAIGN;
    const r = await runCli(['report', '--campaign', 'summer', '--from', 'today'], { env, cwd });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('#campaign_key# does not match');
    expect(r.stderr).toContain(
      `--campaign summer was read as SUMMER2026: the alias campaigns.summer in project config ${config}.`,
    );
    const plain = await runCli(['report', '--campaign', 'WINTER', '--from', 'today'], {
      env,
      cwd,
    });
    expect(plain.code).toBe(4);
    expect(plain.stderr).not.toContain('was read as');
    expect(plain.stderr).toContain('Check --campaign, CACS_CAMPAIGN or the campaigns aliases');
  });
});
