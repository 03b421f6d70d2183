/**
 * Report files for people (issue 17, item 4): the format and the -o extension must agree, CSV
 * for Excel with --bom, report files private (0600), and no colour code in any file — over real
 * HTTP against the emulator, checked with csv-parse and Python's codecs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { formatFor } from '../../src/report/write.js';
import { UsageError } from '../../src/errors.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const NOW = new Date('2026-11-21T03:00:00Z');
const NAME = 'Nguyễn Thị Ánh';

describe('formatFor: the -o extension and --format agree', () => {
  it.each([
    ['calls.csv', undefined, 'csv'],
    ['CALLS.CSV', undefined, 'csv'],
    ['calls.json', undefined, 'json'],
    ['calls.jsonl', undefined, 'ndjson'],
    ['calls.ndjson', 'ndjson', 'ndjson'],
    ['calls.txt', undefined, 'table'],
    ['calls.dat', 'csv', 'csv'],
    ['calls', 'json', 'json'],
  ] as const)('-o %s --format %s → %s', (output, given, expected) => {
    expect(formatFor(output, undefined, false, given)).toBe(expected);
  });

  it('refuses a mismatch and says which flag to use', () => {
    expect(() => formatFor('calls.csv', undefined, false, 'json')).toThrow(UsageError);
    try {
      formatFor('out/calls.csv', undefined, false, 'json');
      expect.unreachable();
    } catch (e) {
      const err = e as UsageError;
      expect(err.message).toBe('-o out/calls.csv names a csv file but --format is json');
      expect(err.hint).toBe('Use --format csv for .csv, or -o out/calls.json for json.');
      expect(err.exitCode).toBe(2);
    }
  });

  it('refuses an extension that names no format, unless --format is given', () => {
    expect(() => formatFor('calls.dat', undefined, false)).toThrow(
      '-o calls.dat: .dat names no report format',
    );
    expect(() => formatFor('calls', 'csv', false)).toThrow(
      '-o calls has no extension to tell the report format',
    );
  });

  it('without -o: --format, then the configured format, then table on a TTY, json in a pipe', () => {
    expect(formatFor(undefined, 'csv', true, 'ndjson')).toBe('ndjson');
    expect(formatFor(undefined, 'csv', true)).toBe('csv');
    expect(formatFor(undefined, undefined, true)).toBe('table');
    expect(formatFor(undefined, undefined, false)).toBe('json');
  });
});

describe('cacs report files', () => {
  let emu: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 7 });
    for (let i = 0; i < 20; i++) {
      emu.store.addLead(
        'summer',
        { phone_number: `09${String(12345600 + i)}`, name: `${NAME} ${i}`, ref_id: `KH-${i}` },
        new Date(Date.UTC(2026, 10, 1 + (i % 15), 2)),
      );
    }
    dir = tempDir();
  });
  afterAll(() => emu.close());

  const env = (extra: Record<string, string> = {}) =>
    isolatedEnv({
      CACS_BASE_URL: emu.url,
      CACS_ACCESS_TOKEN: 'emulator-token',
      CACS_CAMPAIGN: 'summer',
      ...extra,
    });
  const report = (args: string[], extra: Record<string, string> = {}, cwd = dir) =>
    runCli(['report', '--from', '2026-11-01', '--to', '2026-11-20', ...args], {
      env: env(extra),
      cwd,
      now: () => NOW,
    });

  it('a format/extension mismatch is exit 2 before any request, and names the flags', async () => {
    emu.store.reportRequests.length = 0;
    const r = await report(['-o', 'calls.csv', '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-o calls.csv names a csv file but --format is json');
    expect(r.stderr).toContain('Use --format csv for .csv, or -o calls.json for json.');
    expect(emu.store.reportRequests).toHaveLength(0);
    expect(fs.existsSync(path.join(dir, 'calls.csv'))).toBe(false);
    const unknown = await report(['-o', 'calls.dat']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('.dat names no report format');
    expect(unknown.stderr).toMatch(/--format/);
    const ok = await report(['-o', 'calls.dat', '--format', 'csv']);
    expect(ok.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'calls.dat'), 'utf8')).toMatch(/^campaign_id,/);
  });

  it('--bom writes a UTF-8 BOM that csv-parse and Python read as the same rows', async () => {
    const plain = await report(['-o', 'plain.csv']);
    const bom = await report(['-o', 'bom.csv', '--bom']);
    expect([plain.code, bom.code]).toEqual([0, 0]);
    const plainBytes = fs.readFileSync(path.join(dir, 'plain.csv'));
    const bomBytes = fs.readFileSync(path.join(dir, 'bom.csv'));
    expect([...bomBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(plainBytes[0]).toBe('c'.charCodeAt(0));
    expect(bomBytes.subarray(3).equals(plainBytes)).toBe(true);
    const rows = parse(bomBytes, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(20);
    expect(rows[0]!.lead_name).toMatch(new RegExp(`^${NAME} `));
    expect(rows[0]!.phone_number).toMatch(/^09/);
    // Python's utf-8-sig codec (what Excel does with a BOM): the BOM goes, the name stays.
    const py = execFileSync(
      'python3',
      [
        '-c',
        'import csv,sys; r=list(csv.DictReader(open(sys.argv[1],encoding="utf-8-sig",newline=""))); print(list(r[0])[0]); print(r[0]["lead_name"])',
        path.join(dir, 'bom.csv'),
      ],
      { encoding: 'utf8' },
    );
    expect(py.split('\n').slice(0, 2)).toEqual(['campaign_id', rows[0]!.lead_name]);
  });

  it('config report.bom turns it on, --no-bom off; --bom on another format is exit 2', async () => {
    const cfgDir = tempDir();
    fs.writeFileSync(path.join(cfgDir, '.cacsrc.json'), JSON.stringify({ report: { bom: true } }));
    const on = await report(['-o', 'cfg.csv'], {}, cfgDir);
    expect(on.code).toBe(0);
    expect(fs.readFileSync(path.join(cfgDir, 'cfg.csv'))[0]).toBe(0xef);
    const off = await report(['-o', 'off.csv', '--no-bom'], {}, cfgDir);
    expect(off.code).toBe(0);
    expect(fs.readFileSync(path.join(cfgDir, 'off.csv'))[0]).toBe('c'.charCodeAt(0));
    // The configured BOM is for CSV only: JSON is written without one.
    const json = await report(['-o', 'cfg.json'], {}, cfgDir);
    expect(json.code).toBe(0);
    expect(fs.readFileSync(path.join(cfgDir, 'cfg.json'))[0]).toBe('['.charCodeAt(0));
    const refused = await report(['-o', 'x.json', '--bom']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--bom is for CSV reports; this one is json');
  });

  it('report files are created mode 0600, even over a 0644 file and with umask 0', async () => {
    const file = path.join(dir, 'private.csv');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(file, 0o644);
    const old = process.umask(0);
    try {
      for (const name of ['private.csv', 'private.json', 'private.ndjson', 'private.txt']) {
        const r = await report(['-o', name]);
        expect(r.code).toBe(0);
        expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
      }
    } finally {
      process.umask(old);
    }
  });

  it('no colour code goes into a file, even with FORCE_COLOR', async () => {
    const table = await report(['-o', 'table.txt'], { FORCE_COLOR: '3' });
    expect(table.code).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'table.txt'), 'utf8');
    expect(text).toMatch(/LEAD/);
    expect(text).not.toMatch(/\u001b/);
    // The same table on a terminal stdout is coloured: the test above can fail.
    const tty = await runCli(['report', '--from', '2026-11-01', '--to', '2026-11-20'], {
      env: env({ FORCE_COLOR: '3' }),
      cwd: dir,
      now: () => NOW,
      tty: true,
    });
    expect(tty.stdout).toMatch(/\u001b\[/);
    for (const name of ['c.csv', 'c.json']) {
      const r = await report(['-o', name], { FORCE_COLOR: '3' });
      expect(r.code).toBe(0);
      expect(fs.readFileSync(path.join(dir, name), 'utf8')).not.toMatch(/\u001b/);
    }
  });
});
