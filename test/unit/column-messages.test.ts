/** Column messages stay short whatever the header holds (issue 13, item 12). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ColumnError, planColumns } from '../../src/leads/columns.js';
import { runCli, tempDir } from '../helpers/cli.js';

describe('messages list at most 20 columns', () => {
  it('100,000 unknown columns: the first 20, then a count', () => {
    const headers = ['phone', ...Array.from({ length: 100_000 }, (_, i) => `col${i}`)];
    let err: ColumnError | undefined;
    try {
      planColumns(headers);
    } catch (e) {
      err = e as ColumnError;
    }
    expect(err).toBeInstanceOf(ColumnError);
    expect(err!.message).toBe(
      `columns that match no lead field: ${headers.slice(1, 21).join(', ')}, … and 99,980 more`,
    );
    expect(err!.message.length + (err!.hint ?? '').length).toBeLessThan(500);
  });

  it('no phone column among many, and a very long header, stay short', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `c${i}`);
    expect(() => planColumns(many)).toThrow(
      /\(c0, c1, .*, c19, … and 4,980 more\) is phone_number/,
    );
    const long = 'z'.repeat(10_000);
    let err: ColumnError | undefined;
    try {
      planColumns(['phone', long]);
    } catch (e) {
      err = e as ColumnError;
    }
    expect(err).toBeInstanceOf(ColumnError);
    expect(err!.message).toBe(
      `a column matches no lead field: "${'z'.repeat(60)}"… (10,000 characters)`,
    );
    expect(err!.hint).not.toContain('zzz');
    const dir = tempDir();
    const file = path.join(dir, 'wide.csv');
    fs.writeFileSync(file, `phone,${many.join(',')}\n0912345678${',x'.repeat(5000)}\n`);
    const r = await runCli(['import', file, '--dry-run'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(600);
    expect(r.stderr).toContain('… and 4,980 more');
  });
});

describe('a file read with the wrong delimiter (review, session 18)', () => {
  it('one column whose name holds another delimiter: says so and names the delimiter to use', async () => {
    // It said to map phone_number to a column, which cannot help.
    expect(() => planColumns(['Họ và tên;Số điện thoại;Email'])).toThrow(
      'one column only (Họ và tên;Số điện thoại;Email): its name holds ";" 2 times',
    );
    const dir = tempDir();
    const file = path.join(dir, 'semi.csv');
    fs.writeFileSync(file, 'Họ và tên;Số điện thoại\nAn;0912345678\n');
    const r = await runCli(['import', file, '--dry-run', '--delimiter', ','], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'use --delimiter ";" (or, if you gave another --delimiter, leave it out: cacs finds it)',
    );
    expect(r.stderr).not.toContain('--map');
    // A lone column without another delimiter in it: the phone column is still what is missing.
    expect(() => planColumns(['Họ và tên'])).toThrow(/no phone column/);
  });
});
