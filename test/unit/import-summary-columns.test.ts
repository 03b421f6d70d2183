/**
 * The import summary's numbers stay in one column in every language: the labels' column is as
 * wide as the longest label of the language in use (Vietnamese's "đã có trong chiến dịch" is
 * wider than the 20 English needs; the operator walk saw its number pushed two columns right).
 * Over real HTTP against the emulator, the CLI in-process.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';

const emulators = emulatorPool();
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** Where each summary row's number ends (rows: two spaces, a label, a right-aligned number). */
function numberEnds(stderr: string): number[] {
  const ends: number[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^ {2}\S.*?\s(\d[\d.,]*)(?: {3}|$)/.exec(line);
    if (m) ends.push(line.indexOf(m[1]!, 2) + m[1]!.length);
  }
  return ends;
}

describe('the import summary in Vietnamese', () => {
  it('keeps every number in one column, the row of leads already in the campaign too', async () => {
    const emu = await emulators.start();
    const env = importEnv(emu);
    const cwd = tempDir('cacs-columns-');
    made.push(cwd, env.HOME!);
    write(cwd, 'a.csv', 'phone,name\n0914000001,An\n0914000002,Bình\n');
    expect((await runCli(['import', 'a.csv'], { env, cwd })).code).toBe(0);
    write(cwd, 'b.csv', 'phone,name\n0914000001,An\n0914000003,Chi\nabc,x\n0914000003,Chi\n');
    for (const lang of ['vi', 'en']) {
      const r = await runCli(['import', 'b.csv', '--dry-run', '--lang', lang], { env, cwd });
      expect(r.stderr).toContain(lang === 'vi' ? 'đã có trong chiến dịch' : 'already in campaign');
      const ends = numberEnds(r.stderr);
      expect(ends.length).toBeGreaterThanOrEqual(5);
      expect(new Set(ends).size, r.stderr).toBe(1);
    }
  });
});
