/**
 * Issue 26: SIGKILL at random points during `cacs forget` and `cacs state prune` leaves every
 * file whole (the next import runs, the ledger is not refused as damaged) and the erasure either
 * done or redoable (running forget again leaves nothing readable). File store, real processes,
 * against the emulator.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, killableEnv, runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, write } from '../helpers/import.js';

const emulators = emulatorPool();

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

/** Files under the folders holding any of the needles (UTF-8, UTF-16LE, UTF-16BE). */
function leaks(dirs: readonly string[], needles: readonly string[]): string[] {
  const found: string[] = [];
  for (const d of dirs)
    for (const f of filesUnder(d)) {
      const bytes = fs.readFileSync(f);
      for (const n of needles) {
        const le = Buffer.from(n, 'utf16le');
        for (const e of [Buffer.from(n), le, Buffer.from(le).swap16()])
          if (bytes.includes(e)) found.push(`${f}: ${n}`);
      }
    }
  return found;
}
const LOOPS = Number(process.env.CACS_KILL_LOOPS ?? 6);

/** Start cacs, SIGKILL it after `ms` (or let it end). */
function killAfter(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  ms: number,
) {
  return new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd,
      env: env as NodeJS.ProcessEnv,
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('SIGKILL during forget and prune', () => {
  for (let loop = 0; loop < LOOPS; loop++)
    it(`loop ${loop}: files stay whole; forget again finishes the erasure`, async () => {
      const emu = await emulators.start();
      const cwd = tempDir();
      const env = killableEnv(importEnv(emu));
      const stateDir = env.CACS_STATE_DIR!;
      fs.writeFileSync(
        path.join(cwd, '.cacsrc.json'),
        JSON.stringify({ state: { retentionDays: 1 } }),
      );
      const rows = Array.from(
        { length: 300 },
        (_, i) => `09130${String(i).padStart(5, '0')},P${i},p${i}@example.vn,R${i}`,
      );
      rows.push(
        '0912345678,Người Xoá,xoa@example.vn,ERASE-ME',
        '123,Người Xoá,xoa@example.vn,ERASE-ME',
      );
      const a = write(cwd, 'big.csv', `phone,name,email,ref\n${rows.join('\n')}\n`);
      expect((await importJson([a], env, cwd)).code).toBe(3);
      const ms = Math.floor(Math.random() * 400);
      await killAfter(['forget', '0912345678'], env, cwd, ms);
      await killAfter(['state', 'prune'], env, cwd, Math.floor(Math.random() * 400));
      // Whole: every ledger a whole number of records, the next import is not refused.
      const ledgers = path.join(stateDir, 'ledgers');
      for (const f of fs.readdirSync(ledgers).filter((n) => n.endsWith('.ledger')))
        expect(fs.statSync(path.join(ledgers, f)).size % 24).toBe(0);
      const redo = await runCli(['forget', '0912345678', '--json'], { env, cwd });
      expect(redo.code).toBe(0);
      const lists = fs
        .readdirSync(cwd)
        .filter((n) => n.startsWith('big.csv.'))
        .map((n) => path.join(cwd, n));
      const found = leaks(
        [stateDir],
        ['0912345678', '912345678', 'Người Xoá', 'xoa@example.vn', 'ERASE-ME'],
      ).concat(
        lists.flatMap((f) =>
          ['912345678', 'Người Xoá', 'xoa@example.vn', 'ERASE-ME'].filter((n) =>
            fs.readFileSync(f).includes(Buffer.from(n)),
          ),
        ),
      );
      expect(found).toEqual([]);
      const again = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
      expect(again.summary.skippedByCode.erased).toBe(1);
    });
});
