/**
 * Issue 27 item 5, clocks named: every time cacs prints says which clock it is on. The import's
 * times (the skipped file's reasons, the earlier-run warning) are on the `timezone` setting's
 * clock with the zone named; the report's range line and the terminal summary view say theirs is
 * the service's clock. In English and in Vietnamese. Real HTTP against the emulator, a fixed
 * clock (2026-03-02 02:30 UTC: 03:30 in Paris, 09:30 in Hồ Chí Minh City).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { importEnv, write } from '../helpers/import.js';

const NOW = new Date(Date.UTC(2026, 2, 2, 2, 30, 0));
const now = () => NOW;

let emu: RunningEmulator;
let dir: string;
let env: Record<string, string | undefined>;
const vi = () => ({ ...env, LANG: 'vi_VN.UTF-8' });

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  dir = tempDir();
  env = importEnv(emu);
  // The user's zone is not the service's (Asia/Ho_Chi_Minh), nor, likely, the machine's.
  fs.writeFileSync(path.join(dir, '.cacsrc.json'), JSON.stringify({ timezone: 'Europe/Paris' }));
  write(dir, 'leads.csv', 'phone_number,name\n0912345678,An\n0912345679,Bình\n');
  expect((await runCli(['import', 'leads.csv'], { env, cwd: dir, now })).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await emu?.close();
});

/** Text without its colour codes. */
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

/** The reason column of the skipped file's first row. */
function firstReason(): string {
  const text = fs.readFileSync(path.join(dir, 'leads.csv.skipped.csv'), 'utf8');
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')[1]!
    .split(/[;,]/)[2]!;
}

describe('the import names the clock of its times (the timezone setting)', () => {
  it('English: the earlier-run warning and the skipped reasons are on Europe/Paris, named', async () => {
    const r = await runCli(['import', 'leads.csv'], { env, cwd: dir, now });
    expect(r.stderr).toMatch(
      /already imported into summer at \S+ on 2026-03-02 03:30 Europe\/Paris \(run r/,
    );
    expect(firstReason()).toMatch(/^imported on 2026-03-02 03:30 Europe\/Paris by run r\d{8}-/);
  });

  it('Vietnamese: the same, with the date as Vietnamese write it', async () => {
    const r = await runCli(['import', 'leads.csv'], { env: vi(), cwd: dir, now });
    expect(r.stderr).toMatch(/lúc 02\/03\/2026 03:30 Europe\/Paris \(/);
    expect(firstReason()).toMatch(
      /^đã nhập lúc 02\/03\/2026 03:30 Europe\/Paris bởi lượt chạy r\d{8}-/,
    );
  });
});

describe('the warning on a Vietnamese terminal', () => {
  it('is broken once, at spaces, after its label "cảnh báo:" (no word alone on a line)', async () => {
    // (Every width from 60 to 90: where a line breaks depends on the width.)
    for (let columns = 60; columns <= 90; columns++) {
      const r = await runCli(['import', 'leads.csv'], {
        env: vi(),
        cwd: dir,
        now,
        tty: true,
        columns,
      });
      const text = plain(r.stderr);
      const lines = text.slice(text.lastIndexOf('cảnh báo:')).trimEnd().split('\n');
      expect(lines.length).toBeGreaterThan(2);
      for (let i = 0; i + 1 < lines.length; i++) {
        expect(lines[i]!.length).toBeLessThan(columns);
        // Broken once: no word pushed onto a line of its own by a second breaking.
        expect(lines[i]!.trim(), `${columns} columns`).toContain(' ');
      }
    }
  });
});

describe('an erased person', () => {
  it("the skipped reason says when, on the timezone setting's clock, named", async () => {
    write(dir, 'again.csv', 'phone_number,name\n0911222333,Chi\n');
    const forget = await runCli(['forget', '0911222333'], { env, cwd: dir, now });
    expect(forget.code).toBe(0);
    await runCli(['import', 'again.csv', '--dry-run'], { env, cwd: dir, now });
    const text = fs.readFileSync(path.join(dir, 'again.csv.skipped.csv'), 'utf8');
    expect(text).toContain('erased on request (2026-03-02 03:30 Europe/Paris)');
  });
});

describe("the report says its times are the service's clock", () => {
  const range = ['report', '--from', '2026-03-01', '--to', '2026-03-02'];

  it('the range line: (service clock) when the zones agree, the service range when not', async () => {
    const same = await runCli([...range, '--tz', 'Asia/Ho_Chi_Minh'], { env, cwd: dir, now });
    expect(same.code).toBe(0);
    expect(same.stderr).toMatch(
      /^range: 2026-03-01 00:00:00 → 2026-03-02 23:59:59 Asia\/Ho_Chi_Minh \(service clock\) · /m,
    );
    const other = await runCli(range, { env, cwd: dir, now });
    expect(other.stderr).toMatch(
      /Europe\/Paris \(service: 2026-03-01 06:00:00 → \S+ \S+ Asia\/Ho_Chi_Minh\)/,
    );
    const viet = await runCli([...range, '--tz', 'Asia/Ho_Chi_Minh'], { env: vi(), cwd: dir, now });
    expect(viet.stderr).toContain('Asia/Ho_Chi_Minh (giờ của dịch vụ)');
  });

  it('the terminal summary view: its dates and hours, range included, on the service clock', async () => {
    const en = await runCli([...range, '--summary'], {
      env,
      cwd: dir,
      now,
      tty: true,
      columns: 80,
    });
    expect(en.code).toBe(0);
    expect(plain(en.stdout)).toContain("dates and hours: the service's clock (Asia/Ho_Chi_Minh)");
    const viet = await runCli([...range, '--summary'], {
      env: vi(),
      cwd: dir,
      now,
      tty: true,
      columns: 80,
    });
    expect(plain(viet.stdout)).toContain(
      'ngày và giờ: theo đồng hồ của dịch vụ (Asia/Ho_Chi_Minh)',
    );
  });
});
