/**
 * Issue 27: which language cacs speaks (--lang, config `language`, LC_ALL → LC_MESSAGES → LANG,
 * else English), what the CLI reads of the command line before commander does, and figures
 * written as Vietnamese readers write them — in human text only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolatedEnv, tempDir } from '../helpers/cli.js';
import {
  chooseLanguage,
  currentLanguage,
  setLanguage,
  t,
  tCount,
} from '../../src/messages/index.js';
import { scanArgv } from '../../src/cli/main.js';
import {
  formatBytes,
  formatCount,
  formatDuration,
  formatEta,
  formatLocalTime,
  formatPercent,
  formatProgress,
  formatRatio,
  formatSeconds,
  formatSize,
  formatWholePercent,
} from '../../src/text.js';

afterEach(() => setLanguage('en'));

describe('chooseLanguage: the first that says wins', () => {
  it('--lang beats config, config beats the locale, the locale beats the default', () => {
    const env = { LANG: 'vi_VN.UTF-8' };
    expect(chooseLanguage({ flag: 'en', config: 'vi', env })).toEqual({
      language: 'en',
      source: 'flag',
    });
    expect(chooseLanguage({ config: 'en', env })).toEqual({ language: 'en', source: 'config' });
    expect(chooseLanguage({ env })).toEqual({ language: 'vi', source: 'LANG' });
    expect(chooseLanguage({ env: {} })).toEqual({ language: 'en', source: 'default' });
    expect(chooseLanguage({})).toEqual({ language: 'en', source: 'default' });
  });

  it('LC_ALL, then LC_MESSAGES, then LANG: the first non-empty one, as POSIX reads them', () => {
    expect(chooseLanguage({ env: { LC_ALL: 'C', LANG: 'vi_VN.UTF-8' } }).language).toBe('en');
    expect(chooseLanguage({ env: { LC_ALL: '', LANG: 'vi_VN.UTF-8' } }).language).toBe('vi');
    expect(chooseLanguage({ env: { LC_MESSAGES: 'vi_VN', LANG: 'en_US.UTF-8' } })).toEqual({
      language: 'vi',
      source: 'LC_MESSAGES',
    });
    expect(chooseLanguage({ env: { LC_ALL: 'vi', LC_MESSAGES: 'en_US', LANG: 'en_US' } })).toEqual({
      language: 'vi',
      source: 'LC_ALL',
    });
    expect(chooseLanguage({ env: { LANG: 'en_US.UTF-8' } }).language).toBe('en');
    expect(chooseLanguage({ env: { LANG: 'fr_FR.UTF-8' } }).language).toBe('en');
    expect(chooseLanguage({ env: { LANG: 'VI_VN' } }).language).toBe('vi');
  });
});

describe('scanArgv: what the language choice reads before commander', () => {
  it('--lang before or after the command, with = or apart; up to --', () => {
    expect(scanArgv(['--lang', 'vi', 'import', 'x.csv'])).toMatchObject({
      lang: 'vi',
      help: false,
    });
    expect(scanArgv(['import', 'x.csv', '--lang=en'])).toMatchObject({ lang: 'en' });
    expect(scanArgv(['import', '--', '--lang', 'vi']).lang).toBeUndefined();
    // A value cacs does not speak is left to commander (which refuses it, exit 2).
    expect(scanArgv(['--lang', 'fr', 'import']).lang).toBeUndefined();
  });

  it("the command's words, global options and their values left out", () => {
    expect(scanArgv(['--base-url', 'http://x', 'config', 'init']).command).toEqual([
      'config',
      'init',
    ]);
    expect(scanArgv(['--config', 'c.yaml', '--timeout', '500', 'import', 'a.csv']).command).toEqual(
      ['import', 'a.csv'],
    );
    expect(scanArgv(['-q', 'help', 'import'])).toMatchObject({ help: true });
  });

  it('--config and --profile (the config read for `language`), and help asked for', () => {
    expect(scanArgv(['report', '--config', 'c.yaml', '--profile=night'])).toMatchObject({
      config: 'c.yaml',
      profile: 'night',
      help: false,
    });
    expect(scanArgv([]).help).toBe(true);
    expect(scanArgv(['help', 'import']).help).toBe(true);
    expect(scanArgv(['import', '-h']).help).toBe(true);
    expect(scanArgv(['report', '--help']).help).toBe(true);
  });
});

describe('figures in Vietnamese: 1.234.567, 21,3 %, 25/11/2026 14:05', () => {
  it('English stays as it was', () => {
    expect(currentLanguage()).toBe('en');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(0.213)).toBe('21.3%');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatLocalTime(new Date(2026, 10, 25, 14, 5))).toBe('2026-11-25 14:05');
  });

  it('Vietnamese: dots group thousands, a comma before decimals, a space before %', () => {
    setLanguage('vi');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(-1000)).toBe('-1.000');
    expect(formatCount(999)).toBe('999');
    expect(formatPercent(0.213)).toBe('21,3 %');
    expect(formatPercent(null)).toBe('–');
    expect(formatWholePercent(0.25)).toBe('25 %');
    expect(formatProgress(1, 3)).toBe('33 %');
    expect(formatRatio(1.25)).toBe('1,25');
    expect(formatLocalTime(new Date(2026, 10, 25, 14, 5))).toBe('25/11/2026 14:05');
    expect(formatDuration(1500)).toBe('1,5 giây');
    expect(formatDuration(102_000)).toBe('1 phút 42 giây');
    expect(formatSeconds(7 * 3600 + 12 * 60)).toBe('7 giờ 12 phút');
    expect(formatEta(125_000)).toBe('2 phút 5 giây');
    expect(formatBytes(1500)).toBe('1.500 byte');
    expect(formatBytes(64 * 1024 ** 2)).toBe('64 MiB');
    expect(formatSize(26_700_000)).toBe('26,7 MB');
  });

  it('messages: the Vietnamese catalog, counts written the Vietnamese way', () => {
    setLanguage('vi');
    expect(t('report.from.required')).toBe('thiếu thời điểm bắt đầu (from)');
    expect(tCount('cli.import.part.imported', 1234)).toBe('đã nhập 1.234 khách hàng');
    setLanguage('en');
    expect(tCount('cli.import.part.imported', 1234)).toBe('1,234 leads imported');
  });
});

describe('the Vietnamese catalog is loaded when chosen, not at start-up', () => {
  it('a fresh message module holds English only; loadCatalog or the library setLanguage loads it', async () => {
    vi.resetModules();
    try {
      const messages = await import('../../src/messages/index.js');
      // Not loaded yet: the synchronous setLanguage says so rather than speaking English.
      expect(() => messages.setLanguage('vi')).toThrow(/catalog is not loaded/);
      expect(messages.currentLanguage()).toBe('en');
      const lazy = await import('../../src/lazy.js');
      await lazy.setLanguage('vi');
      expect(messages.currentLanguage()).toBe('vi');
      expect(messages.t('report.from.required')).toBe('thiếu thời điểm bắt đầu (from)');
      // Loaded once: the synchronous call works from then on, and English comes back.
      messages.setLanguage('en');
      expect(messages.t('report.from.required')).not.toBe('thiếu thời điểm bắt đầu (from)');
      messages.setLanguage('vi');
      expect(messages.t('report.from.required')).toBe('thiếu thời điểm bắt đầu (from)');
      messages.setLanguage('en');
    } finally {
      vi.resetModules();
    }
  });
});

describe("commander's errors in --json, in the run's language (review, session 18)", () => {
  it('the JSON message says what stderr says, without its label; a reason starts its sentence', async () => {
    // runCli afresh (modules reset), the folders by the file's own tempDir: removed when it ends.
    const { runCli } = await import('../helpers/cli.js');
    const cwd = tempDir();
    const env = isolatedEnv({ CACS_BASE_URL: 'http://127.0.0.1:9', CACS_ACCESS_TOKEN: 'tok-1' });
    const json = async (args: string[]) => {
      const r = await runCli(['--lang', 'vi', ...args], { env, cwd });
      expect(r.code, r.stderr).toBe(2);
      return {
        message: (JSON.parse(r.stdout) as { error: { message: string } }).error.message,
        stderr: r.stderr,
      };
    };
    const unknown = await json(['import', 'x.csv', '--json', '--bogus']);
    expect(unknown.message).toBe("không có tuỳ chọn '--bogus'");
    expect(unknown.stderr).toContain("lỗi: không có tuỳ chọn '--bogus'");
    const delimiter = await json([
      'import',
      'x.csv',
      '--json',
      '--campaign',
      's',
      '--delimiter',
      'x',
    ]);
    expect(delimiter.message).toBe(
      "giá trị 'x' của tuỳ chọn '--delimiter <c>' không hợp lệ. Dùng một trong , ; tab |",
    );
    expect(delimiter.message).not.toMatch(/is invalid|option '/);
    // English: commander's words, as before.
    const en = await runCli(['import', 'x.csv', '--json', '--bogus'], { env, cwd });
    expect((JSON.parse(en.stdout) as { error: { message: string } }).error.message).toBe(
      "unknown option '--bogus'",
    );
  });
});

describe('a config file that states its language and has another problem (review, session 18)', () => {
  it('says the problem in the language the file states; without one, in the locale’s', async () => {
    // runCli afresh (modules reset), the folders by the file's own tempDir: removed when it ends.
    const { runCli } = await import('../helpers/cli.js');
    const cwd = tempDir();
    const env = isolatedEnv({});
    fs.writeFileSync(path.join(cwd, '.cacsrc.yaml'), 'language: vi\nbatchSize: 5\n');
    const vi = await runCli(['config', 'show'], { env, cwd });
    expect(vi.code).toBe(2);
    expect(vi.stderr).toContain('có một lỗi trong cấu hình');
    expect(vi.stderr).toContain('Hãy sửa tệp');
    expect(vi.stderr).not.toMatch(/a problem in the configuration|Fix the file/);
    // --lang still wins; a language the file does not know is no choice.
    const flag = await runCli(['--lang', 'en', 'config', 'show'], { env, cwd });
    expect(flag.stderr).toContain('a problem in the configuration');
    fs.writeFileSync(path.join(cwd, '.cacsrc.yaml'), 'language: fr\nbatchSize: 5\n');
    const unknown = await runCli(['config', 'show'], { env, cwd });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('in the configuration');
  });
});

describe('the Vietnamese catalog keeps one word for each thing (review, session 18)', () => {
  it('settings are "thiết lập", the do-not-call list "danh sách không gọi"', async () => {
    // The walk found "cài đặt" beside "thiết lập" (11 uses each), and "danh sách không được
    // gọi" in the summary and the HTML page beside "danh sách không gọi" everywhere else.
    const { vi } = await import('../../src/messages/vi.js');
    const texts = Object.entries(vi as Record<string, string>);
    // "Cài đặt" as installing is right: the completion scripts' "Install:".
    const installing = new Set(['cli.help.completion.after']);
    expect(
      texts.filter(([k, v]) => /cài đặt/i.test(v) && !installing.has(k)).map(([k]) => k),
    ).toEqual([]);
    expect(texts.filter(([, v]) => /không được gọi/i.test(v)).map(([k]) => k)).toEqual([]);
    // A run is a "lượt chạy", a delimiter a "dấu phân cách" (the glossary).
    expect(texts.filter(([, v]) => /lần chạy|ký tự phân tách/i.test(v)).map(([k]) => k)).toEqual(
      [],
    );
  });

  it('a bookmark is a "mốc", the summary a "tóm tắt", an attempt a "lượt gọi" (session 19)', async () => {
    // The walk found "dấu mốc" in 20 messages beside "mốc" in the help, the summary's title
    // "Tổng hợp", and --join's range line counting attempts as "cuộc gọi".
    const { vi } = await import('../../src/messages/vi.js');
    const texts = Object.entries(vi as Record<string, string>);
    expect(texts.filter(([, v]) => /dấu mốc|tổng hợp/i.test(v)).map(([k]) => k)).toEqual([]);
    expect(texts.filter(([, v]) => /\{attempts\} cuộc gọi/.test(v)).map(([k]) => k)).toEqual([]);
    // The erasures are "bản ghi các số đã xoá" (the state's words), not a "danh sách".
    expect(texts.filter(([, v]) => /danh sách đã xoá/i.test(v)).map(([k]) => k)).toEqual([]);
  });
});
