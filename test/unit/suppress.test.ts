/**
 * Issue 16, item 3: suppression (do-not-call) lists. The compact set on its own, then every
 * list format, the errors that stop an import before anything is sent, counts and the skipped
 * file, config `import.suppress`, dry runs, and the property that a listed number in any
 * written form is never sent — over real HTTP against the emulator.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/leads/normalize.js';
import { NumberSet, loadSuppressionList, mobileKey } from '../../src/leads/suppress.js';
import { UsageError, createClient, runImport } from '../../src/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  emulatorPool,
  importEnv,
  importJson,
  processedPhones,
  readCsv,
  write,
} from '../helpers/import.js';
import { buildXlsx, num, row, str, strings } from '../helpers/xlsx.js';

const emulators = emulatorPool();

const LEADS =
  'phone_number,name\n0912345678,An\n0987654312,Bình\n0903111222,Chi\n0977888999,Dũng\n';

describe('NumberSet', () => {
  it('holds exactly the numbers added (0 + 9 digits as integers, other forms as strings)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 999_999_999 }), { maxLength: 300 }),
        fc.array(fc.integer({ min: 0, max: 999_999_999 }), { maxLength: 50 }),
        fc.array(fc.stringMatching(/^\d{5,14}$/), { maxLength: 10 }),
        (added, probes, others) => {
          const phone = (k: number) => `0${String(k).padStart(9, '0')}`;
          const set = new NumberSet();
          for (const k of added) set.add(phone(k));
          for (const o of others) set.add(o);
          set.seal();
          const keys = new Set(added);
          const rest = new Set(others.filter((o) => mobileKey(o) < 0));
          const modern = new Set(others.filter((o) => mobileKey(o) >= 0).map(mobileKey));
          expect(set.size).toBe(new Set([...keys, ...modern]).size + rest.size);
          for (const k of [...added, ...probes])
            expect(set.has(phone(k))).toBe(keys.has(k) || modern.has(k));
          for (const o of others) expect(set.has(o)).toBe(true);
          expect(set.has('1234')).toBe(rest.has('1234'));
        },
      ),
    );
  });

  it('keeps 4 bytes per number: a million numbers in 4 MB, found by bisection', () => {
    const set = new NumberSet();
    for (let i = 0; i < 1_000_000; i++) set.addKey((i * 7919 + 13) % 1_000_000_000);
    set.seal();
    expect(set.size).toBe(1_000_000);
    expect(set.bytes).toBe(4_000_000);
    expect(set.has('0000007932')).toBe(true); // i = 1
    expect(set.has('0000007933')).toBe(false);
  });

  it('drops repeats, and an empty set finds nothing', () => {
    const set = new NumberSet();
    for (let i = 0; i < 10; i++) set.add('0912345678');
    expect(set.seal().size).toBe(1);
    expect(new NumberSet().seal().has('0912345678')).toBe(false);
  });
});

describe('list formats', () => {
  const cases: Array<[string, string, string | Buffer | Uint8Array]> = [
    [
      'a text file, one number per line, no header (written forms, CRLF, blank lines)',
      'dnc.txt',
      '0912.345.678\r\n\r\n+84 987 654 312\r\n',
    ],
    ['a text file with a header', 'dnc.txt', 'Số điện thoại\n0912345678\n84987654312\n'],
    ['a one-number list without a header', 'one.txt', '0912345678\n'],
    [
      'a CSV with a phone column among others (semicolons, an alias header)',
      'dnc.csv',
      'Ngày;SĐT;Ghi chú\n2026-01-02;0912 345 678;khách từ chối\n2026-01-03;987654312;"gọi lại, không"\n',
    ],
    [
      'a UTF-16LE text file with a BOM',
      'dnc-utf16.txt',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('phone\r\n0912345678\r\n0987654312\r\n', 'utf16le'),
      ]),
    ],
    [
      'an .xlsx with a phone column (Excel numbers without the leading zero)',
      'dnc.xlsx',
      buildXlsx({
        sheets: [
          {
            name: 'DNC',
            data:
              strings(1, 'Khách hàng', 'Điện thoại') +
              row(2, str('A2', 'An'), num('B2', 912345678)) +
              row(3, str('A3', 'Bình'), str('B3', '0987 654 312')),
          },
        ],
      }),
    ],
    [
      'NDJSON with a phone key',
      'dnc.ndjson',
      '{"phone":"0912345678"}\n{"phone":"+84987654312","note":"x"}\n',
    ],
  ];

  it.each(cases)('%s', async (_what, name, content) => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, name, Buffer.from(content));
    const r = await importJson([leads, '--suppress', name], importEnv(emu), cwd);
    expect(r.code).toBe(0);
    const listed = name === 'one.txt' ? ['0912345678'] : ['0912345678', '0987654312'];
    expect(r.summary.suppressed).toBe(listed.length);
    expect(processedPhones(emu).sort()).toEqual(
      ['0903111222', '0912345678', '0977888999', '0987654312']
        .filter((p) => !listed.includes(p))
        .sort(),
    );
    const s = r.summary as unknown as {
      suppressionLists: Array<{ list: string; numbers: number; ignored: number }>;
    };
    expect(s.suppressionLists).toEqual([
      expect.objectContaining({ list: name, numbers: listed.length, ignored: 0 }),
    ]);
  });
});

describe('the first row of a one-column list', () => {
  it.each([
    ['a number: no header', '0912345678\n0987654312\n', 2, 0],
    ['digits that are no number: an entry, ignored', '12345\n0987654312\n', 1, 1],
    ['a number in Excel scientific form: an entry', '9.12345678E+8\n0987654312\n', 2, 0],
    ['words: a header', 'DNC 2026\n0987654312\n', 1, 0],
    ['an alias: a header', 'Số di động\n0987654312\n', 1, 0],
  ])('%s', async (_what, text, numbers, ignored) => {
    const file = write(tempDir(), 'l.txt', text);
    const list = await loadSuppressionList({ path: file, name: 'l.txt', from: 'test' });
    expect([list.numbers, list.ignored]).toEqual([numbers, ignored]);
    if (ignored) expect(list.ignoredExamples).toEqual([{ line: 1, value: '12345' }]);
  });
});

describe('plain lists and the CSV reader', () => {
  const load = (text: string | Buffer) =>
    loadSuppressionList({ path: write(tempDir(), 'l.txt', text), name: 'l.txt', from: 'test' });
  const many = Array.from({ length: 20_000 }, (_, i) => `09${String(10_000_000 + i).slice(-8)}`);

  it('a quote far into a plain list: read again by the CSV reader, nothing counted twice', async () => {
    const list = await load(`${many.join('\n')}\n"0387654321"\n0912 345 678\nabc\n`);
    expect([list.numbers, list.ignored]).toEqual([20_002, 1]);
    expect(list.ignoredExamples).toEqual([{ line: 20_003, value: 'abc' }]);
    expect(list.set.has('0387654321')).toBe(true);
  });

  it('line numbers count blank lines, in both readers', async () => {
    for (const text of ['0912345678\n\n\nabc\n', '0912345678\n\n\n"abc"\n']) {
      const list = await load(text);
      expect(list.ignoredExamples).toEqual([{ line: 4, value: 'abc' }]);
    }
  });

  it('old Mac line endings (bare CR) go to the CSV reader', async () => {
    const list = await load('0912345678\r0987654312\r');
    expect(list.numbers).toBe(2);
  });

  it('decomposed text is composed before it is read (a header in NFD)', async () => {
    const list = await load(`${'Số điện thoại'.normalize('NFD')}\n0912345678\n`);
    expect([list.numbers, list.ignored]).toEqual([1, 0]);
  });
});

describe('lists that cannot be used stop the import: exit 2, nothing sent', () => {
  const cases: Array<[string, (cwd: string) => string, RegExp]> = [
    ['a missing list', () => 'nope.csv', /do-not-call list nope\.csv: no such file/],
    [
      'a folder',
      (cwd) => {
        fs.mkdirSync(path.join(cwd, 'dir'));
        return 'dir';
      },
      /do-not-call list dir: is a folder/,
    ],
    ['an empty file', (cwd) => write(cwd, 'e.txt', '') && 'e.txt', /e\.txt: the file is empty/],
    [
      'a broken CSV (an unclosed quote), with its line',
      (cwd) => write(cwd, 'b.csv', 'phone,note\n0912345678,ok\n0987654312,"open\n') && 'b.csv',
      /do-not-call list b\.csv:3, column 2 \(note\): .*quote/,
    ],
    [
      'a ragged CSV, with its line',
      (cwd) => write(cwd, 'r.csv', 'phone,note\n0912345678,ok\n0987654312\n') && 'r.csv',
      /do-not-call list r\.csv:3: /,
    ],
    [
      'no phone column',
      (cwd) => write(cwd, 'n.csv', 'name,email\nAn,a@b.vn\n') && 'n.csv',
      /do-not-call list n\.csv: no phone column/,
    ],
    [
      'two phone columns',
      (cwd) => write(cwd, 't.csv', 'phone,mobile\n0912345678,0987654312\n') && 't.csv',
      /t\.csv: 2 columns look like the phone column/,
    ],
    [
      'no phone number in it',
      (cwd) => write(cwd, 'x.txt', 'số điện thoại\nkhông có\n12345\n') && 'x.txt',
      /do-not-call list x\.txt: no phone number in it \(2 entries are not phone numbers, e\.g\. line 2: "không có"\)/,
    ],
    [
      'a header and no row',
      (cwd) => write(cwd, 'h.csv', 'phone\n') && 'h.csv',
      /do-not-call list h\.csv: no phone number in it/,
    ],
    [
      'undecodable bytes',
      (cwd) => write(cwd, 'u.txt', Buffer.from([0x30, 0x39, 0xff, 0x0a])) && 'u.txt',
      /do-not-call list u\.txt/,
    ],
    [
      'an old .xls',
      (cwd) =>
        write(cwd, 'o.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) &&
        'o.xls',
      /do-not-call list o\.xls: this is an old Excel/,
    ],
  ];

  it.each(cases)('%s', async (_what, make, message) => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'ok.txt', '0977888999\n');
    const list = make(cwd);
    for (const dryRun of [false, true]) {
      const r = await runCli(
        [
          'import',
          leads,
          '--suppress',
          'ok.txt',
          '--suppress',
          list,
          ...(dryRun ? ['--dry-run'] : []),
        ],
        { env: importEnv(emu), cwd },
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('Nothing was sent');
      expect(r.stderr).toContain('--suppress');
      expect(r.stdout).toBe('');
    }
    expect(emu.store.received).toEqual([]);
    expect(fs.readdirSync(cwd).filter((f) => f.startsWith('leads.csv.'))).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('a pipe (FIFO): saved to a file first', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    execFileSync('mkfifo', [path.join(cwd, 'dnc.fifo')]);
    const r = await runCli(['import', leads, '--suppress', 'dnc.fifo'], {
      env: importEnv(emu),
      cwd,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'do-not-call list dnc.fifo: not a regular file (a pipe or a device)',
    );
    expect(r.stderr).toContain('Save the list to a file first');
    expect(emu.store.received).toEqual([]);
  });

  it('the library throws a UsageError (exit code 2) before sending', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const run = runImport({
      file: leads,
      campaignKey: 'summer',
      client,
      stateDir: false,
      suppress: ['missing.txt'],
      cwd,
    });
    await expect(run).rejects.toBeInstanceOf(UsageError);
    await expect(run).rejects.toMatchObject({ exitCode: 2 });
    expect(emu.store.received).toEqual([]);
  });
});

describe('suppressed leads', () => {
  it('go to the skipped file as suppressed, naming the list; counted; exit 0', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(
      cwd,
      'leads.csv',
      'phone_number,name\n0912345678,An\n+84 987 654 312,Bình\n0903111222,Chi\n12345,Bad\n',
    );
    write(cwd, 'dnc.csv', 'phone\n0987654312\nabc\n');
    write(cwd, 'vip.txt', '0912345678\n0987654312\n');
    const r = await importJson(
      [leads, '--suppress', 'dnc.csv', '--suppress', 'vip.txt'],
      importEnv(emu),
      cwd,
    );
    expect(r.code).toBe(3); // the bad row; the suppressed ones alone would leave it 0
    expect(r.summary).toMatchObject({
      imported: 1,
      suppressed: 2,
      rejected: 1,
      skippedByCode: { suppressed: 2 },
    });
    const s = r.summary as unknown as { suppressionLists: unknown };
    expect(s.suppressionLists).toEqual([
      { list: 'dnc.csv', path: path.join(cwd, 'dnc.csv'), numbers: 1, ignored: 1, suppressed: 1 },
      { list: 'vip.txt', path: path.join(cwd, 'vip.txt'), numbers: 2, ignored: 0, suppressed: 1 },
    ]);
    expect(processedPhones(emu)).toEqual(['0903111222']);
    expect(readCsv(path.join(cwd, 'leads.csv.skipped.csv'))).toEqual([
      ['line', 'code', 'reason', 'phone_number', 'name'],
      ['2', 'suppressed', 'on do-not-call list vip.txt', '0912345678', 'An'],
      ['3', 'suppressed', 'on do-not-call list dnc.csv', '+84 987 654 312', 'Bình'],
    ]);
    // The list's entry that is no number is said, with its line.
    expect(r.stderr).toContain(
      'do-not-call list dnc.csv: 1 entry is not a phone number once normalised and was ignored (line 3: "abc")',
    );
  });

  it('only suppressed: exit 0, and the human summary names the lists', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'dnc.txt', '0912345678\n0987654312\n');
    const r = await runCli(['import', leads, '--suppress', 'dnc.txt'], {
      env: importEnv(emu),
      cwd,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/suppressed\s+2\s+not sent: on a do-not-call list \(dnc\.txt 2\)/);
    expect(r.stderr).toContain('do-not-call list dnc.txt: 2 numbers');
  });

  it('order: validation, then the in-file dedupe, then suppression, then the ledger', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const env = importEnv(emu);
    // First run: 0903111222 is imported (the ledger has it).
    const first = write(cwd, 'first.csv', 'phone_number\n0903111222\n');
    expect((await importJson([first], env, cwd)).code).toBe(0);
    write(cwd, 'dnc.txt', '0912345678\n0903111222\n');
    const leads = write(
      cwd,
      'leads.csv',
      'phone_number,name\n0912-345-678,An\n0912345678,An again\n0903111222,Chi\n091234567x,Bad\n',
    );
    const r = await importJson([leads, '--suppress', 'dnc.txt'], env, cwd);
    expect(r.summary).toMatchObject({
      suppressed: 2,
      duplicates: 1,
      alreadyImported: 0,
      rejected: 1,
    });
    const skipped = readCsv(path.join(cwd, 'leads.csv.skipped.csv'));
    expect(skipped.map((l) => l.slice(0, 2))).toEqual([
      ['line', 'code'],
      ['2', 'suppressed'],
      ['3', 'duplicate'],
      // Imported by an earlier run and now on the list: suppressed wins.
      ['4', 'suppressed'],
    ]);
    expect(processedPhones(emu)).toEqual(['0903111222']);
  });

  it('a dry run shows them too, and writes the skipped file', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'dnc.txt', '0912345678\n');
    const r = await runCli(['import', leads, '--suppress', 'dnc.txt', '--dry-run', '--json'], {
      env: importEnv(emu),
      cwd,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dryRun: true, valid: 3, suppressed: 1 });
    expect(readCsv(path.join(cwd, 'leads.csv.skipped.csv'))[1]).toEqual([
      '2',
      'suppressed',
      'on do-not-call list dnc.txt',
      '0912345678',
      'An',
    ]);
    const human = await runCli(['import', leads, '--suppress', 'dnc.txt', '--dry-run'], {
      env: importEnv(emu),
      cwd,
    });
    expect(human.stderr).toMatch(/suppressed\s+1\s+not sent: on a do-not-call list/);
    expect(emu.store.received).toEqual([]);
  });

  it('a dry run without a service address or a campaign still applies the lists', async () => {
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'dnc.txt', '0977888999\n');
    const r = await runCli(['import', leads, '--suppress', 'dnc.txt', '--dry-run', '--json'], {
      cwd,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ suppressed: 1, valid: 3 });
  });

  it('with --no-normalize too, a listed number is found in another written form', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'dnc.txt', '+84 912 345 678\n');
    const r = await importJson(
      [leads, '--suppress', 'dnc.txt', '--no-normalize'],
      importEnv(emu),
      cwd,
    );
    expect(r.summary.suppressed).toBe(1);
    expect(processedPhones(emu)).not.toContain('0912345678');
  });

  it('no flag sends a listed number: not --allow-repeat, --retry-uncertain or --restart', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'dnc.txt', '0912345678\n');
    const r = await importJson(
      [leads, '--suppress', 'dnc.txt', '--allow-repeat', '--restart'],
      importEnv(emu),
      cwd,
    );
    expect(r.summary.suppressed).toBe(1);
    const again = await importJson(
      [leads, '--suppress', 'dnc.txt', '--retry-uncertain'],
      importEnv(emu),
      cwd,
    );
    expect(again.summary.suppressed).toBe(1);
    expect(processedPhones(emu)).not.toContain('0912345678');
  });

  it('the library: runImport({ suppress }) gives the rows and lists as data', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const leads = write(cwd, 'leads.csv', LEADS);
    write(cwd, 'dnc.txt', '0987654312\n');
    const s = await runImport({
      file: 'leads.csv',
      campaignKey: 'summer',
      client: createClient({ baseUrl: emu.url, token: emu.token }),
      stateDir: false,
      suppress: ['dnc.txt'],
      rows: 'data',
      cwd,
    });
    expect(leads).toBe(path.join(cwd, 'leads.csv'));
    expect(s.suppressed).toBe(1);
    expect(s.exitCode).toBe(0);
    expect(s.suppressionLists).toEqual([
      { list: 'dnc.txt', path: path.join(cwd, 'dnc.txt'), numbers: 1, ignored: 0, suppressed: 1 },
    ]);
    expect(s.skippedRows).toEqual([
      {
        line: 3,
        code: 'suppressed',
        reason: 'on do-not-call list dnc.txt',
        values: { phone_number: '0987654312', name: 'Bình' },
      },
    ]);
  });
});

describe('config import.suppress', () => {
  it('reads lists relative to the config file, and --suppress adds to them', async () => {
    const emu = await emulators.start();
    const project = tempDir();
    const cwd = path.join(project, 'imports', 'today');
    fs.mkdirSync(cwd, { recursive: true });
    fs.mkdirSync(path.join(project, 'lists'));
    write(project, '.cacsrc.yaml', 'import:\n  suppress:\n    - lists/dnc.csv\n');
    write(path.join(project, 'lists'), 'dnc.csv', 'sdt\n0912345678\n');
    write(cwd, 'extra.txt', '0987654312\n');
    const leads = write(cwd, 'leads.csv', LEADS);
    const env = importEnv(emu);
    const r = await importJson([leads], env, cwd);
    expect(r.summary.suppressed).toBe(1);
    const both = await runCli(
      ['import', leads, '--suppress', 'extra.txt', '--allow-repeat', '--dry-run', '--json'],
      { env, cwd },
    );
    const summary = JSON.parse(both.stdout) as {
      suppressed: number;
      suppressionLists: Array<{ list: string }>;
    };
    expect(summary.suppressionLists.map((l) => l.list)).toEqual([
      path.join(project, 'lists', 'dnc.csv'),
      'extra.txt',
    ]);
    expect(summary.suppressed).toBe(2);
    expect(processedPhones(emu)).not.toContain('0912345678');
    // `config show` says where the lists come from.
    const show = await runCli(['config', 'show', '--json'], { env, cwd });
    expect(JSON.parse(show.stdout).settings['import.suppress']).toEqual({
      value: [path.join(project, 'lists', 'dnc.csv')],
      source: `project config ${path.join(project, '.cacsrc.yaml')}`,
    });
  });

  it('lists add up across the user config, the project config and a profile', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const env = importEnv(emu, { CACS_PROFILE: 'night' });
    const userDir = path.join(env.XDG_CONFIG_HOME!, 'cacs');
    fs.mkdirSync(userDir, { recursive: true });
    write(userDir, 'config.yaml', 'import:\n  suppress: national.txt\n');
    write(userDir, 'national.txt', '0912345678\n');
    write(
      cwd,
      '.cacsrc.yaml',
      'import:\n  suppress: [centre.txt]\nprofiles:\n  night:\n    import:\n      suppress: [night.txt]\n',
    );
    write(cwd, 'centre.txt', '0987654312\n');
    write(cwd, 'night.txt', '0903111222\n');
    const leads = write(cwd, 'leads.csv', LEADS);
    const r = await importJson([leads], env, cwd);
    expect(r.summary.suppressed).toBe(3);
    expect(processedPhones(emu)).toEqual(['0977888999']);
  });

  it('a missing list named in the config is exit 2, saying where it was named', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    write(cwd, '.cacsrc.yaml', 'import:\n  suppress: [gone.csv]\n');
    const leads = write(cwd, 'leads.csv', LEADS);
    const r = await runCli(['import', leads], { env: importEnv(emu), cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`do-not-call list ${path.join(cwd, 'gone.csv')}: no such file`);
    expect(r.stderr).toContain(
      `import.suppress (project config ${path.join(cwd, '.cacsrc.yaml')})`,
    );
    expect(emu.store.received).toEqual([]);
  });

  it('a wrong value is a config problem (exit 2)', async () => {
    const cwd = tempDir();
    write(cwd, '.cacsrc.yaml', 'import:\n  suppress: [1]\n');
    const r = await runCli(['config', 'show'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('import.suppress.0: expected a non-empty string, got number 1');
  });
});

describe('a listed number in any written form is never sent', () => {
  /** Vietnamese mobile prefixes after the trunk 0. */
  const PREFIXES = ['32', '39', '56', '70', '79', '81', '86', '90', '91', '96', '98', '99'];
  const national = fc
    .tuple(fc.constantFrom(...PREFIXES), fc.integer({ min: 0, max: 9_999_999 }))
    .map(([p, n]) => `${p}${String(n).padStart(7, '0')}`)
    // Placeholders (0999999999, 0987654321, …) are refused before suppression is asked.
    .filter((n) => !/^(\d)\1+$/.test(n) && n !== '987654321' && n !== '123456789');
  /** The 2018 renumbering for the prefixes above that had an 11-digit form (DESIGN.md). */
  const OLD: Readonly<Record<string, string>> = {
    '32': '162',
    '39': '169',
    '56': '186',
    '70': '120',
    '79': '121',
    '81': '127',
  };
  /** The old 11-digit form of a number, where it had one (else its own). */
  const old = (n: string) => (OLD[n.slice(0, 2)] ?? n.slice(0, 2)) + n.slice(2);
  /**
   * Whether normalisation converts old mobile numbers (issue 16, items 1–2): then the old forms
   * are written forms of the number too, in lists and leads alike.
   */
  const CONVERTS = normalizePhone('01662345678').value === '0362345678';
  /** Ways a 9-digit national number is written in CRM exports and spreadsheets. */
  const FORMS: Array<(nat: string) => string> = [
    ...(CONVERTS ? [(n: string) => `0${old(n)}`, (n: string) => `+84 ${old(n)}`] : []),
    (n) => `0${n}`,
    (n) => `+84 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
    (n) => `84${n}`,
    (n) => `0084${n}`,
    (n) => `+84 (0) ${n}`,
    (n) => n, // Excel dropped the leading zero
    (n) => `0${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5)}`,
    (n) => `(0${n.slice(0, 2)}) ${n.slice(2, 5)}-${n.slice(5)}`,
    (n) => ` 0${n}\u00a0`,
    (n) => `${n}.0`, // Excel's number form
    (n) => `${n[0]}.${n.slice(1)}E+8`, // Excel's scientific form, every digit shown
  ];
  const form = fc.integer({ min: 0, max: FORMS.length - 1 });

  it('whichever form the list and the lead use', async () => {
    const emu = await emulators.start();
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(national, { minLength: 2, maxLength: 30 }),
        fc.array(fc.tuple(form, form), { minLength: 30, maxLength: 30 }),
        async (numbers, forms) => {
          const cwd = tempDir();
          try {
            // Every other number is listed; each is written one way in the list, another in the leads.
            const listed = numbers.filter((_, i) => i % 2 === 0);
            fs.writeFileSync(
              path.join(cwd, 'dnc.txt'),
              `${listed.map((n, i) => FORMS[forms[i]![0]]!(n)).join('\n')}\n`,
            );
            fs.writeFileSync(
              path.join(cwd, 'leads.csv'),
              `phone_number\n${numbers.map((n, i) => `"${FORMS[forms[i]![1]]!(n)}"`).join('\n')}\n`,
            );
            const before = processedPhones(emu).length;
            const s = await runImport({
              file: 'leads.csv',
              campaignKey: 'summer',
              client,
              stateDir: false,
              suppress: ['dnc.txt'],
              rows: 'data',
              cwd,
            });
            const sent = processedPhones(emu).slice(before);
            for (const n of listed) expect(sent).not.toContain(`0${n}`);
            expect(s.suppressed).toBe(listed.length);
            expect(s.suppressionLists[0]!.ignored).toBe(0);
            expect(sent.sort()).toEqual(
              numbers
                .filter((_, i) => i % 2 === 1)
                .map((n) => `0${n}`)
                .sort(),
            );
          } finally {
            fs.rmSync(cwd, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('loading normalises each entry as a lead would be (loadSuppressionList)', async () => {
    const dir = tempDir();
    await fc.assert(
      fc.asyncProperty(national, form, async (n, f) => {
        const file = path.join(dir, 'one.txt');
        fs.writeFileSync(file, `"${FORMS[f]!(n)}"\n`);
        const list = await loadSuppressionList({ path: file, name: 'one.txt', from: 'test' });
        expect(list.numbers).toBe(1);
        expect(list.set.has(`0${n}`)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('help', () => {
  it('cacs import --help lists --suppress', async () => {
    const r = await runCli(['import', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--suppress <file>\s+do-not-call list/);
    expect(r.stdout).toContain('--suppress dnc.csv');
  });
});
