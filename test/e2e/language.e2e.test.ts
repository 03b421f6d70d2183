/**
 * Issue 27: the language a real process speaks — LANG, LC_ALL over LANG, --lang before or after
 * the command, config `language` — and what never changes with it (exit codes, JSON).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, tempDir } from '../helpers/cli.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function cacs(args: string[], extra: Record<string, string> = {}, cwd?: string) {
  const env = isolatedEnv(extra);
  made.push(String(env.HOME));
  const dir = cwd ?? tempDir('cacs-lang-');
  if (cwd === undefined) made.push(dir);
  const r = spawnSync(process.execPath, [BIN, ...args], {
    env: env as NodeJS.ProcessEnv,
    cwd: dir,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const NO_CAMPAIGN_VI = 'lỗi: chưa cho chiến dịch';
const NO_CAMPAIGN_EN = 'error: no campaign given';

describe('the language of a run', () => {
  it('LANG=vi_VN.UTF-8: Vietnamese; no locale: English; same exit code', () => {
    const vi = cacs(['import', 'x.csv'], { LANG: 'vi_VN.UTF-8' });
    const en = cacs(['import', 'x.csv']);
    expect(vi.stderr).toContain(NO_CAMPAIGN_VI);
    expect(en.stderr).toContain(NO_CAMPAIGN_EN);
    expect([vi.code, en.code]).toEqual([2, 2]);
  });

  it('LC_ALL beats LANG; --lang beats both, before or after the command', () => {
    expect(cacs(['import', 'x.csv'], { LC_ALL: 'C', LANG: 'vi_VN.UTF-8' }).stderr).toContain(
      NO_CAMPAIGN_EN,
    );
    expect(cacs(['--lang', 'vi', 'import', 'x.csv'], { LC_ALL: 'C' }).stderr).toContain(
      NO_CAMPAIGN_VI,
    );
    expect(cacs(['import', 'x.csv', '--lang', 'en'], { LANG: 'vi_VN.UTF-8' }).stderr).toContain(
      NO_CAMPAIGN_EN,
    );
  });

  it('config `language` beats the locale, and --lang beats it; config show lists it', () => {
    const dir = tempDir('cacs-lang-config-');
    made.push(dir);
    fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), 'language: vi\n');
    expect(cacs(['import', 'x.csv'], { LANG: 'en_US.UTF-8' }, dir).stderr).toContain(
      NO_CAMPAIGN_VI,
    );
    expect(cacs(['import', 'x.csv', '--lang=en'], {}, dir).stderr).toContain(NO_CAMPAIGN_EN);
    const shown = cacs(['config', 'show', '--json'], {}, dir);
    expect(JSON.parse(shown.stdout).settings.language.value).toBe('vi');
    // --lang is the language in effect, and config show says so (review, session 16).
    const flagged = cacs(['--lang', 'en', 'config', 'show', '--json'], {}, dir);
    expect(JSON.parse(flagged.stdout).settings.language).toMatchObject({
      value: 'en',
      source: 'flag --lang',
    });
  });

  it('a --lang cacs does not speak: exit 2 naming the flag; a bad config value names the key', () => {
    const bad = cacs(['--lang', 'fr', 'config', 'show'], { LANG: 'vi_VN.UTF-8' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'--lang <code>'");
    expect(bad.stderr).toContain('lỗi:');
    const dir = tempDir('cacs-lang-bad-');
    made.push(dir);
    fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), 'language: fr\n');
    const r = cacs(['config', 'show'], {}, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('language: expected one of vi, en');
  });

  it('help in Vietnamese: commander titles, descriptions; flag and command names unchanged', () => {
    const r = cacs(['import', '--help'], { LANG: 'vi_VN.UTF-8' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Cách dùng: cacs import \[tuỳ chọn\] <file>/);
    expect(r.stdout).toContain('Tuỳ chọn:');
    expect(r.stdout).toContain('--dry-run');
    expect(r.stdout).toContain('kiểm tra và đếm mọi thứ, không gửi gì');
  });
});
