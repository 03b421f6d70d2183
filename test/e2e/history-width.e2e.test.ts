/**
 * Issue 27 items 5 and 6, as a spawned `cacs` prints them through a pipe: `cacs history` fits
 * COLUMNS (60, 80, 120), with more columns as the width allows; `history find` and `history
 * show` break long lines at spaces; every time is on the `timezone` setting's clock, named.
 * Vietnamese headers are longer: stacked on two lines where one line does not fit (60 columns),
 * or where stacked they leave a file name more room (80 columns).
 * Imports over real HTTP against the emulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runCli, spawnCli, tempDir } from '../helpers/cli.js';
import { importEnv, write } from '../helpers/import.js';

let emu: RunningEmulator;
let dir: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  dir = tempDir();
  env = importEnv(emu);
  fs.writeFileSync(path.join(dir, '.cacsrc.json'), JSON.stringify({ timezone: 'Europe/Paris' }));
  const long = 'khach-hang-xuat-tu-crm-chi-nhanh-ha-noi-thang-11-2026.csv';
  write(dir, long, 'phone_number,name\n0912345678,An\n0912345679,Bình\n');
  write(dir, 'leads.csv', 'phone_number,name\n0912345670,Chi\n09abc,Dũng\n');
  expect((await runCli(['import', long], { env, cwd: dir })).code).toBe(0);
  expect((await runCli(['import', 'leads.csv'], { env, cwd: dir })).code).toBe(3);
}, 120_000);
afterAll(async () => {
  await emu?.close();
});

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe('cacs history through a pipe, at COLUMNS 60, 80 and 120', () => {
  it('fits the width, shows more columns when wider, and names its clock', async () => {
    const seen: Record<number, string> = {};
    for (const columns of [60, 80, 120]) {
      const r = await spawnCli(['history'], {
        env: { ...env, COLUMNS: String(columns) },
        cwd: dir,
      });
      expect(r.code).toBe(0);
      expect(widest(r.stdout)).toBeLessThanOrEqual(columns);
      // The year there too when the names are cut and the runs are of one year (the dates
      // without it).
      expect(r.stdout.split('\n')[0]).toMatch(
        /^times: Europe\/Paris \(UTC\+0[12]:00\)(, all in \d{4})?$/,
      );
      seen[columns] = r.stdout;
    }
    expect(seen[60]).not.toContain('rejected');
    expect(seen[80]).toContain('rejected');
    expect(seen[80]).toContain('rows');
    expect(seen[120]).toContain('uncertain');
    expect(seen[120]).toContain('khach-hang-xuat-tu-crm');
    expect(seen[80]).toContain('…');
  });

  it('in Vietnamese too: fits 60, 80 and 120 columns, dates as dd/mm/yyyy, every required column', async () => {
    const seen: Record<number, string> = {};
    for (const columns of [60, 80, 120]) {
      const r = await spawnCli(['history'], {
        env: { ...env, LANG: 'vi_VN.UTF-8', COLUMNS: String(columns) },
        cwd: dir,
      });
      expect(r.code).toBe(0);
      expect(widest(r.stdout)).toBeLessThanOrEqual(columns);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^(năm \d{4}, )?giờ theo: Europe\/Paris \(UTC\+0[12]:00\)$/);
      // Two runs, each a row starting with its time as Vietnamese write it (the year left to
      // the clock line when it names one), the exit code last.
      const rows = lines.filter((l) =>
        lines[0]!.startsWith('năm')
          ? /^\d\d\/\d\d \d\d:\d\d {2}/.test(l)
          : /^\d\d\/\d\d\/\d{4} \d\d:\d\d {2}/.test(l),
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toMatch(/ (0|3)$/);
      // Every required column's header, whole or stacked on two lines, above the rows.
      const head = lines.slice(1, lines.indexOf(rows[0]!)).join(' ');
      for (const word of [
        'bắt',
        'đầu',
        'lượt',
        'chạy',
        'tệp',
        'chiến',
        'dịch',
        'đã',
        'nhập',
        'mã',
        'thoát',
      ])
        expect(head.split(/ +/)).toContain(word);
      seen[columns] = r.stdout;
    }
    // Headers stacked at 60, where one line does not fit, and at 80 too, where headers on one
    // line fit but left the file name 5 characters (`khach….csv`; session 20): stacked, the
    // name shows twice as much, with every column.
    expect(seen[60]!.split('\n')[2]).toMatch(/^bắt đầu /);
    expect(seen[80]!.split('\n')[2]).toMatch(/^bắt đầu +chạy +tệp +dịch +dòng +nhập +loại /);
    expect(seen[80]).toContain('khach-hang');
    // Rows and rejected at 80 too (the help promises them; review, session 16: cron mail is 80
    // columns wide).
    expect(seen[80]!.split('\n')[1]).toMatch(/ đã +bị /);
    // Every column at 120, the headers on one line or stacked.
    const head120 = seen[120]!.split('\n').slice(1, 3).join(' ').split(/ +/);
    for (const word of ['bị', 'loại', 'bỏ', 'qua', 'chưa', 'rõ']) expect(head120).toContain(word);
    expect(seen[120]).toContain('khach-hang-xuat-tu-crm');
  });

  it('history find and history show break at spaces within the width', async () => {
    for (const columns of [60, 80]) {
      const find = await spawnCli(['history', 'find', '0912345678'], {
        env: { ...env, COLUMNS: String(columns) },
        cwd: dir,
      });
      expect(find.code).toBe(0);
      // Over the width only where one word (a file name) is longer than a line.
      for (const line of find.stdout.split('\n'))
        if ([...line].length > columns) expect(line).toMatch(/^ *\S+$/);
      // Broken at spaces only: the words are those of the one-line text.
      expect(find.stdout.split(/\s+/).join(' ')).toMatch(
        /accepted campaign summer at http:\/\/127\.0\.0\.1:\d+ run r\d{8}-\d{6}-[0-9a-f]{6} \(khach-hang/,
      );
      const list = await spawnCli(['history', '--json'], { env, cwd: dir });
      const runs = (JSON.parse(list.stdout) as { runs: Array<{ id: string }> }).runs;
      const show = await spawnCli(['history', 'show', runs[0]!.id.slice(-6)], {
        env: { ...env, COLUMNS: String(columns) },
        cwd: dir,
      });
      expect(show.code).toBe(0);
      expect(show.stdout).toContain(`run       ${runs[0]!.id}`);
      // Over the width only where one word (a path) is longer than a line.
      for (const line of show.stdout.split('\n'))
        if ([...line].length > columns) expect(line).toMatch(/^(\S+ +)?\S+$/);
      expect(show.stdout).toMatch(/\(Europe\/Paris, UTC\+0[12]:00\)/);
    }
  });

  it('history --json gives the documented fields only', async () => {
    const r = await spawnCli(['history', '--json'], { env, cwd: dir });
    const runs = (JSON.parse(r.stdout) as { runs: Array<Record<string, unknown>> }).runs;
    expect(runs).toHaveLength(2);
    for (const run of runs)
      expect(Object.keys(run).sort()).toEqual(
        [
          'id',
          'started',
          'ended',
          'file',
          'campaign',
          'alias',
          'service',
          'host',
          'user',
          'rows',
          'imported',
          'rejected',
          'skipped',
          'uncertain',
          'serviceSkipped',
          'blank',
          'notSent',
          'exitCode',
          'rejectsFile',
          'skippedFile',
          'uncertainFile',
        ].sort(),
      );
  });
});
