/**
 * Issue 22 item 6: exit codes a cron job can trust, blank rows, summary sentences that say
 * only what happened, and `--json` on one line (`--pretty` to indent). The CLI over real HTTP
 * (the emulator) and real files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, processedPhones } from '../helpers/import.js';
import { buildXlsx, row, str, strings } from '../helpers/xlsx.js';

const emulators = emulatorPool();
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir('cacs-exit-');
  made.push(d);
  return d;
}

function envFor(emu: { url: string }) {
  const env = importEnv(emu);
  made.push(env.HOME!);
  return env;
}

/** The one JSON line of a --json run. */
function json(stdout: string): Record<string, unknown> {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('exit codes a cron job can trust', () => {
  it('every row rejected by validation: exit 2, nothing sent, error.code rejected', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envFor(emu);
    fs.writeFileSync(path.join(cwd, 'bad.csv'), 'phone,name\n12345,An\nabc,Binh\n,Chi\n');
    for (const dry of [[], ['--dry-run']]) {
      const r = await runCli(['import', 'bad.csv', '--json', ...dry], { env, cwd });
      expect(r.code).toBe(2);
      const o = json(r.stdout);
      expect(o).toMatchObject({ total: 3, rejected: 3, imported: 0, exitCode: 2 });
      expect(o.error).toEqual({
        code: 'rejected',
        message: `every row (3) was rejected: nothing ${dry.length ? 'would be' : 'was'} sent`,
        // The dry run never replaces the real run's rejects file: it writes its own beside it.
        hint: `Fix the rows in ${path.join(cwd, dry.length ? 'bad.csv.rejects-2.csv' : 'bad.csv.rejects.csv')} and import that file again.`,
      });
      expect(r.stderr).toMatch(
        /no valid lead in bad\.csv: nothing (was|would be) sent\. All 3 rows/,
      );
    }
    expect(processedPhones(emu)).toEqual([]);
  });

  it('a rerun of an imported file with bad rows: exit 3, and the message says nothing was imported now', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envFor(emu);
    const good = Array.from({ length: 9 }, (_, i) => `091234560${i},Khách ${i}`);
    const bad = ['12345,X', 'abc,Y', '0000000000,Z', '091,W'];
    fs.writeFileSync(path.join(cwd, 'f.csv'), `phone,name\n${[...good, ...bad].join('\n')}\n`);
    const first = await runCli(['import', 'f.csv', '--json'], { env, cwd });
    expect(first.code).toBe(3);
    expect((json(first.stdout).error as { message: string }).message).toBe(
      '4 rows rejected; 9 leads imported',
    );
    const again = await runCli(['import', 'f.csv', '--json'], { env, cwd });
    expect(again.code).toBe(3);
    const o = json(again.stdout);
    expect(o).toMatchObject({ imported: 0, alreadyImported: 9, rejected: 4 });
    expect((o.error as { message: string }).message).toBe(
      '4 rows rejected; 0 leads imported, 9 imported earlier (not sent again)',
    );
    expect(processedPhones(emu)).toHaveLength(9);
  });

  it('the service refuses every lead it is sent: exit 2, "nothing was imported"', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envFor(emu);
    // Wider than the service's rule: cacs lets 11-digit numbers through, the service refuses them.
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ import: { phonePattern: '^0\\d{9,10}$' } }),
    );
    fs.writeFileSync(path.join(cwd, 'long.csv'), 'phone\n09123456789\n09123456788\n');
    const r = await runCli(['import', 'long.csv', '--json'], { env, cwd });
    expect(r.code).toBe(2);
    const o = json(r.stdout);
    expect(o).toMatchObject({ imported: 0, rejected: 2, exitCode: 2 });
    expect(o.error).toMatchObject({
      code: 'rejected',
      message:
        'every row (2) was rejected (the service refused the leads it was sent): nothing was imported',
    });
    expect(r.stderr).toMatch(/nothing was imported: the service refused every lead it was sent/);
  });

  it('rows rejected and the rest held back by design (a do-not-call list): exit 3, said as it is', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envFor(emu);
    fs.writeFileSync(path.join(cwd, 'dnc.txt'), '0912345678\n');
    fs.writeFileSync(path.join(cwd, 'f.csv'), 'phone\n0912345678\n12345\n');
    const r = await runCli(['import', 'f.csv', '--suppress', 'dnc.txt', '--json'], { env, cwd });
    expect(r.code).toBe(3);
    expect((json(r.stdout).error as { message: string }).message).toBe(
      '1 row rejected; 0 leads imported, 1 not sent by design',
    );
    expect(processedPhones(emu)).toEqual([]);
  });
});

describe('blank rows: skipped and counted, never rejected', () => {
  const cases: Array<[string, string | Uint8Array]> = [
    [
      'leads.csv',
      'phone;name;ref_id;field01\n0912345678;An;1;x\n;;;\n ; \t;\u00a0;\n0912345679;Bình;2;y\n',
    ],
    ['leads.tsv.csv', 'phone,name\n0912345678,An\n,\n"",""\n0912345679,B\n'],
    [
      'leads.json',
      JSON.stringify([
        { phone: '0912345678' },
        {},
        { phone: null, name: ' ' },
        { phone: '', name: '' },
        { phone: '0912345679' },
      ]),
    ],
    [
      'leads.ndjson',
      '{"phone":"0912345678"}\n{}\n{"phone":null,"name":"  "}\n\n{"phone":"","name":""}\n{"phone":"0912345679"}\n',
    ],
    [
      'leads.xlsx',
      buildXlsx({
        sheets: [
          {
            name: 'Sheet1',
            data:
              strings(1, 'phone', 'name') +
              strings(2, '0912345678', 'An') +
              row(3, str('A3', '   '), str('B3', ' ')) +
              row(4, '<c r="A4" s="1"/>', '<c r="B4" s="1"/>') +
              row(5, str('A5', '\u00a0')) +
              strings(6, '0912345679', 'B'),
          },
        ],
      }),
    ],
  ];

  it.each(cases)(
    '%s: the blank rows are counted, the file imports with exit 0',
    async (name, content) => {
      const emu = await emulators.start();
      const cwd = dir();
      const env = envFor(emu);
      fs.writeFileSync(path.join(cwd, name), content);
      const r = await runCli(['import', name, '--json'], { env, cwd });
      const o = json(r.stdout);
      expect(o).toMatchObject({ imported: 2, rejected: 0, exitCode: 0, rejectsFile: null });
      expect(o.blank).toBe((o.total as number) - 2);
      expect(o.blank).toBeGreaterThanOrEqual(2);
      expect(r.code).toBe(0);
      const text = await runCli(['import', name, '--dry-run'], { env, cwd });
      expect(text.stderr).toMatch(
        new RegExp(`blank rows\\s+${o.blank}\\s+skipped: no value in any column`),
      );
    },
  );

  it('a file of blank rows only has no data rows: exit 2, nothing sent', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envFor(emu);
    fs.writeFileSync(path.join(cwd, 'empty.csv'), 'phone,name\n,\n , \n');
    const r = await runCli(['import', 'empty.csv'], { env, cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/empty\.csv: no data rows: all 2 rows after the header are blank/);
    expect(fs.existsSync(path.join(cwd, 'empty.csv.rejects.csv'))).toBe(false);
    expect(processedPhones(emu)).toEqual([]);
  });

  it.each([
    ['objects.json', '[{},{}]'],
    ['objects.ndjson', '{}\n{}\n'],
    [
      'spaces.xlsx',
      buildXlsx({
        sheets: [
          {
            name: 'Sheet1',
            data:
              strings(1, 'phone', 'name') +
              row(2, str('A2', '   '), str('B2', ' ')) +
              row(3, str('A3', ' ')),
          },
        ],
      }),
    ],
  ])(
    '%s, every row blank (no key at all, or cells of spaces): said as blank rows, not "no phone column" or "only a header row" (review, session 16)',
    async (name, content) => {
      const emu = await emulators.start();
      const cwd = dir();
      fs.writeFileSync(path.join(cwd, name), content);
      const r = await runCli(['import', name], { env: envFor(emu), cwd });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${name}: no data rows: all 2 rows after the header are blank`);
      expect(processedPhones(emu)).toEqual([]);
    },
  );
});

describe('--json on one line, --pretty to indent', () => {
  it('import, history and config show: one line; --pretty indents, on failure too', async () => {
    const emu = await emulators.start();
    const cwd = dir();
    const env = envFor(emu);
    fs.writeFileSync(path.join(cwd, 'f.csv'), 'phone\n0912345678\n');
    const one = await runCli(['import', 'f.csv', '--json'], { env, cwd });
    expect(json(one.stdout).exitCode).toBe(0);
    for (const argv of [
      ['history', '--json'],
      ['history', 'list', '--json'],
      ['history', 'find', '0912345678', '--json'],
      ['config', 'show', '--json'],
      ['import', 'missing.csv', '--json'],
      ['import', 'f.csv', '--bogus', '--json'],
    ]) {
      const r = await runCli(argv, { env, cwd });
      json(r.stdout);
      const p = await runCli([...argv, '--pretty'], { env, cwd });
      expect(p.stdout.split('\n').length).toBeGreaterThan(3);
      expect(p.stdout).toMatch(/^\{\n {2}"/);
      expect(JSON.parse(p.stdout)).toEqual(JSON.parse(r.stdout));
    }
  });
});

describe('the summary never claims what did not happen', () => {
  it('one lead in over 2 s: no "0 leads/s" (a rate under one a second is not said)', async () => {
    const emu = await emulators.start({ latencyMs: 2100 });
    const d = dir();
    fs.writeFileSync(path.join(d, 'one.csv'), 'phone,name\n0912345600,An\n');
    const r = await runCli(['import', 'one.csv'], { env: envFor(emu), cwd: d });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 request/);
    expect(r.stderr).not.toMatch(/leads\/s/);
  });
});
