/**
 * Issue 26, the upkeep an import does: the once-a-day reminder that `cacs state prune` is due
 * (only with retention configured and prune overdue; on stderr, so --json's stdout stays one
 * JSON document), and the removal of a killed import's temporary folder (its spooled leads) —
 * never another live run's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';

const emulators = emulatorPool();
const DAY = 86_400_000;
const REMINDER = 'cacs state prune has not run for a day';

describe('the prune reminder', () => {
  it('once a day when retention is set and prune is overdue; never without retention; on stderr in --json', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const env = importEnv(emu);
    const a = write(cwd, 'a.csv', 'phone,name\n0912000001,An\n');
    const t0 = Date.parse('2026-11-26T08:00:00Z');
    const at = (ms: number) => () => new Date(ms);
    const run = (ms: number, json = true) =>
      runCli(['import', a, '--allow-repeat', ...(json ? ['--json'] : [])], {
        env,
        cwd,
        now: at(ms),
      });
    // No retention: never.
    expect((await run(t0)).stderr).not.toContain(REMINDER);
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 30 } }),
    );
    // Never pruned: reminded once (stderr; stdout is the JSON summary alone)…
    const first = await run(t0);
    expect(first.stderr).toContain(REMINDER);
    expect(first.stderr).toContain('never');
    expect(() => JSON.parse(first.stdout)).not.toThrow();
    expect(first.stdout).not.toContain(REMINDER);
    // …not again the same day…
    expect((await run(t0 + DAY - 1000, false)).stderr).not.toContain(REMINDER);
    // …again a day later.
    expect((await run(t0 + DAY)).stderr).toContain(REMINDER);
    // After a prune: not due for a day.
    expect((await runCli(['state', 'prune'], { env, cwd, now: at(t0 + 3 * DAY) })).code).toBe(0);
    expect((await run(t0 + 3 * DAY + 1000)).stderr).not.toContain(REMINDER);
    expect((await run(t0 + 4 * DAY + 1000)).stderr).toContain(REMINDER);
  });
});

describe("a killed import's temporary folder", () => {
  it("is removed by the next import; a live run's and one without an owner are kept", async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const tmp = tempDir('cacs-upkeep-tmp-');
    const env = { ...importEnv(emu), TMPDIR: tmp };
    // A pid that is gone: a process that ended.
    const gone = spawn(process.execPath, ['-e', '']);
    const deadPid = gone.pid!;
    await new Promise((r) => gone.on('close', r));
    const folder = (name: string, owner?: number) => {
      const d = path.join(tmp, name);
      fs.mkdirSync(d, { mode: 0o700 });
      if (owner !== undefined) fs.writeFileSync(path.join(d, 'owner'), `${owner}\n`);
      fs.writeFileSync(path.join(d, 'spool'), '0912999999,Spooled Person\n');
      return d;
    };
    const killed = folder('cacs-import-killed1', deadPid);
    const live = folder('cacs-import-live1', process.pid);
    const unowned = folder('cacs-import-noowner');
    const a = write(cwd, 'a.csv', 'phone,name\n0912000001,An\n');
    const r = await spawnCli(['import', a, '--json'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(unowned)).toBe(true);
    // And the import's own folder went with it.
    expect(
      fs
        .readdirSync(tmp)
        .filter((n) => n.startsWith('cacs-import-'))
        .sort(),
    ).toEqual(['cacs-import-live1', 'cacs-import-noowner']);
  });
});
