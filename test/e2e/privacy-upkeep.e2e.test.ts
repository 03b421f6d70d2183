/**
 * Issue 26, the upkeep an import does: the once-a-day reminder that `cacs state prune` is due
 * (only with retention configured and prune overdue; on stderr, so --json's stdout stays one
 * JSON document), and the removal of a killed import's temporary folder (its spooled leads) —
 * never another live run's: both are real imports, one SIGKILLed and one paused at the test
 * point where its folder is made (src/test-point.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';
import { pointsDir, reached, release } from '../helpers/points.js';
import { startShifted } from '../helpers/privacy.js';

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
  it("is removed by the next import; a paused live import's and one without an owner are kept", async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const tmp = tempDir('cacs-upkeep-tmp-');
    const env = { ...importEnv(emu), TMPDIR: tmp };
    const works = () =>
      fs
        .readdirSync(tmp)
        .filter((n) => /^cacs-(import|stdin|report)-/.test(n))
        .sort();
    const owner = (name: string) => {
      const f = path.join(tmp, name, 'owner');
      return fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8').trim()) : undefined;
    };
    const a = write(cwd, 'a.csv', 'phone,name\n0912000001,An\n');
    const b = write(cwd, 'b.csv', 'phone,name\n0912000002,Bình\n');
    // A real import from stdin SIGKILLed once its folder is made: its folder and its stdin
    // spool (both holding the leads) stay, their owner gone.
    const killStdinImport = async () => {
      const points = pointsDir();
      const r = startShifted(
        ['import', '-', '--json'],
        {
          ...env,
          CACS_STATE_DIR: tempDir('cacs-upkeep-state-'),
          CACS_TEST_POINTS: points,
          CACS_TEST_PAUSE: 'import-work-created',
        },
        cwd,
        0,
        a,
      );
      const at = await reached(points, 'import-work-created', r.exited, r.child.pid);
      if (at === undefined) throw new Error(`the import ended first: ${(await r.done).stderr}`);
      r.child.kill('SIGKILL');
      await r.done;
      const left = works().filter((n) => owner(n) === at);
      expect(left.map((n) => n.replace(/-[^-]*$/, '-'))).toEqual(['cacs-import-', 'cacs-stdin-']);
      return left;
    };
    const dead = await killStdinImport();
    // A second real import, paused with its folder made (its own state folder: the campaign's
    // lock is its own).
    const points = pointsDir();
    const paused = startShifted(
      ['import', b, '--json'],
      {
        ...env,
        CACS_STATE_DIR: tempDir('cacs-upkeep-state-'),
        CACS_TEST_POINTS: points,
        CACS_TEST_PAUSE: 'import-work-created',
      },
      cwd,
    );
    const pid = await reached(points, 'import-work-created', paused.exited, paused.child.pid);
    if (pid === undefined) throw new Error(`the import ended first: ${(await paused.done).stderr}`);
    const liveWork = works().find((n) => !dead.includes(n))!;
    expect(owner(liveWork)).toBe(pid);
    // And one without an owner (an older cacs, or one being made): left alone.
    const unowned = path.join(tmp, 'cacs-import-noowner');
    fs.mkdirSync(unowned, { mode: 0o700 });
    fs.writeFileSync(path.join(unowned, 'spool'), '0912999999,Spooled Person\n');

    const r = await spawnCli(['import', a, '--json'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(works()).toEqual([liveWork, 'cacs-import-noowner'].sort());

    // The paused import goes on, finishes, and takes its own folder with it.
    release(points, 'import-work-created', pid);
    const done = await paused.done;
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout).imported).toBe(1);
    expect(works()).toEqual(['cacs-import-noowner']);

    // cacs state prune removes them too, and names them.
    const again = await killStdinImport();
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 30 } }),
    );
    const p = await spawnCli(['state', 'prune', '--json'], { env, cwd });
    expect(p.code, p.stderr).toBe(0);
    expect([...JSON.parse(p.stdout).prune.tempFolders].sort()).toEqual(
      again.map((n) => path.join(tmp, n)),
    );
    expect(works()).toEqual(['cacs-import-noowner']);
  });
});
