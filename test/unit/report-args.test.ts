/** `cacs report` given a stray argument (issue 18, item 6): the unquoted time of a date. */
import { describe, expect, it } from 'vitest';
import { strayArgumentError } from '../../src/cli/commands/report.js';
import { isolatedEnv, runCli } from '../helpers/cli.js';

const env = () =>
  isolatedEnv({
    CACS_BASE_URL: 'http://127.0.0.1:9',
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
  });

describe('a stray argument to cacs report', () => {
  it('an unquoted --from date and time: exit 2, says to quote it, nothing requested', async () => {
    const r = await runCli(['report', '--from', '2026-11-23', '10:00', '--format', 'json'], {
      env: env(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--from 2026-11-23 10:00: a date with a time must be quoted, or the shell splits it in two',
    );
    expect(r.stderr).toContain('Write --from "2026-11-23 10:00" (or --from 2026-11-23T10:00).');
    expect(r.stderr).not.toContain('too many arguments');
    // Nothing was asked of the (closed) service: no connection error.
    expect(r.stderr).not.toMatch(/connect|refused|unreachable/i);
  });

  it('names --to when that is the date the time belongs to', async () => {
    const r = await runCli(['report', '--from', 'today', '--to', '2026-11-23', '18:30:00'], {
      env: env(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--to 2026-11-23 18:30:00: a date with a time must be quoted');
  });

  it.each([
    [['10:00'], { from: '2026-11-23', to: '2026-11-24' }, /looks like the time of a date/],
    [['10:00'], { from: 'today' }, /looks like the time of a date/],
    [['summer'], { from: 'today' }, /unexpected argument "summer": cacs report takes options only/],
    [['10:00+07:00'], { from: '2026-11-23' }, /--from 2026-11-23 10:00\+07:00/],
  ] as const)('%j with %j', (args, flags, message) => {
    expect(strayArgumentError(args, flags)?.message).toMatch(message);
    expect(strayArgumentError(args, flags)?.exitCode).toBe(2);
  });

  it('no stray argument, no error', () => {
    expect(strayArgumentError([], { from: '2026-11-23' })).toBeUndefined();
  });
});

describe('the output format and the start of the range, in Vietnamese too (found by an operator walk)', () => {
  it.each([
    [
      ['-o', 'a.dat', '--from', 'today'],
      '-o a.dat: .dat names no report format',
      '-o a.dat: đuôi .dat không ứng với định dạng báo cáo nào',
    ],
    [
      ['-o', 'x.csv', '--format', 'json', '--from', 'today'],
      '-o x.csv names a csv file but --format is json',
      '-o x.csv là tệp csv nhưng --format là json',
    ],
    [
      ['-o', 'calls', '--from', 'today'],
      '-o calls has no extension to tell the report format',
      '-o calls không có đuôi tệp để biết định dạng báo cáo',
    ],
    [['-o', 'calls.csv'], '--from is required', 'cần có --from'],
  ])('%j', async (args, en, vi) => {
    const r = await runCli(['report', ...args], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(en);
    const v = await runCli(['report', ...args, '--lang', 'vi'], { env: env() });
    expect(v.code).toBe(2);
    expect(v.stderr).toContain(vi);
  });
});
