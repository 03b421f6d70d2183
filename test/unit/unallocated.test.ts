/**
 * Issue 25 item 3: numbers in no allocated mobile range (`phone_unallocated`) are counted and
 * sampled by the import summary and dry run, held back with `import.allocatedOnly`; the legacy
 * 11-digit conversion leaves the 10-digit 0121x/0160x numbers reissued in 2026 alone. Over real
 * HTTP against the emulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { isAllocatedMobile } from '../../src/leads/carrier.js';
import { normalizePhone } from '../../src/leads/normalize.js';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  emulatorPool,
  importEnv,
  importJson,
  processedPhones,
  readCsv,
  write,
} from '../helpers/import.js';

const emulators = emulatorPool();

const UNALLOCATED = ['0412345678', '0612345678', '0112345678'];
const ALLOCATED = ['0912345678', '0121012345', '0160123456', '0301234567'];

function csv(): string {
  return `phone_number,name\n${[...ALLOCATED, ...UNALLOCATED].map((p, i) => `${p},Khách ${i}`).join('\n')}\n`;
}

describe('phone_unallocated', () => {
  it('the numbers the issue names are valid in form and in no allocated range (libphonenumber-js agrees)', () => {
    for (const p of UNALLOCATED) {
      expect(isAllocatedMobile(p)).toBe(false);
      expect(parsePhoneNumberFromString(p, 'VN')?.getType()).not.toBe('MOBILE');
    }
    for (const p of ALLOCATED) expect(isAllocatedMobile(p)).toBe(true);
  });

  it('a dry run counts and samples them (human and --json), and sends nothing', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', csv());
    const env = importEnv(emu);
    const r = await runCli(['import', file, '--dry-run', '--json'], { env, cwd: dir });
    const summary = JSON.parse(r.stdout) as { phoneUnallocated: number; valid: number };
    expect(r.code).toBe(0);
    expect(summary.phoneUnallocated).toBe(3);
    expect(summary.valid).toBe(7);
    const human = await runCli(['import', file, '--dry-run'], { env, cwd: dir });
    expect(human.code).toBe(0);
    expect(human.stderr).toMatch(/unallocated\s+3\s+in no allocated mobile range/);
    expect(human.stderr).toContain('unallocated numbers, for example:');
    for (const [i, p] of UNALLOCATED.entries())
      expect(human.stderr).toContain(`line ${ALLOCATED.length + i + 2}: ${p}`);
    expect(processedPhones(emu)).toEqual([]);
  });

  it('a real import sends them by default and counts them', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', csv());
    const { summary, code } = await importJson([file], importEnv(emu), dir);
    expect(code).toBe(0);
    expect(summary.imported).toBe(7);
    expect((summary as unknown as { phoneUnallocated: number }).phoneUnallocated).toBe(3);
    expect(processedPhones(emu).sort()).toEqual([...ALLOCATED, ...UNALLOCATED].sort());
  });

  it('import.allocatedOnly: true skips them (skipped file, reason phone_unallocated), exit 0', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', csv());
    fs.writeFileSync(
      path.join(dir, '.cacsrc.json'),
      JSON.stringify({ import: { allocatedOnly: true } }),
    );
    const { summary, code } = await importJson([file], importEnv(emu), dir);
    expect(code).toBe(0);
    expect(summary.imported).toBe(4);
    expect(summary.skippedByCode).toEqual({ phone_unallocated: 3 });
    expect(processedPhones(emu).sort()).toEqual([...ALLOCATED].sort());
    const rows = readCsv(summary.skippedFile!);
    expect(rows[0]).toEqual(['line', 'code', 'reason', 'phone_number', 'name']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual(
      UNALLOCATED.map((p, i) => [String(ALLOCATED.length + i + 2), 'phone_unallocated', p]),
    );
  });
});

describe('the legacy 11-digit conversion and the 2026 ranges', () => {
  it('never touches a 10-digit 0121x or 0160x number, in any written form', () => {
    for (const p of ['0121012345', '0121398765', '0160123456', '0160999999']) {
      expect(normalizePhone(p)).toEqual({ value: p, changes: 0 });
      const rest = p.slice(1);
      for (const form of [
        `+84${rest}`,
        `+84 ${rest.slice(0, 3)} ${rest.slice(3)}`,
        `84${rest}`,
        `0084${rest}`,
        rest,
        `${rest}.0`,
      ])
        expect(normalizePhone(form).value, form).toBe(p);
    }
  });

  it('still converts the 11-digit 0121x/016x numbers of before 2018', () => {
    expect(normalizePhone('01210123456').value).toBe('0790123456');
    expect(normalizePhone('01662345678').value).toBe('0362345678');
    expect(normalizePhone('+84 121 012 3456').value).toBe('0790123456');
    expect(normalizePhone('1210123456').value).toBe('0790123456');
  });
});
