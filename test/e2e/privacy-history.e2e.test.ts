/**
 * Issue 26: `cacs state prune` rewrites the file history while imports append to it. Real
 * processes: prune is paused (a test point) holding the history, imports start meanwhile; once
 * each import has either ended or found the history busy, prune goes on. No history line of
 * theirs is lost, and prune still removed the old run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';
import { pointsDir, reached, release, start } from '../helpers/points.js';

const emulators = emulatorPool();

describe('prune and concurrent imports (file store)', () => {
  it('a history line appended while prune rewrites the history is never lost', async () => {
    const emu = await emulators.start({
      campaigns: [{ key: 'C1' }, { key: 'C2' }, { key: 'C3' }],
    });
    const cwd = tempDir();
    const points = pointsDir();
    const base = importEnv(emu);
    const env = { ...base, CACS_TEST_POINTS: points };
    const stateDir = base.CACS_STATE_DIR!;
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 1 } }),
    );
    // An old run for prune to remove (so it rewrites the history).
    const hist = path.join(stateDir, 'history', 'runs.jsonl');
    fs.mkdirSync(path.dirname(hist), { recursive: true, mode: 0o700 });
    fs.writeFileSync(
      hist,
      `${JSON.stringify({ k: 'start', id: 'r20200101-000000-000001', n: 1, started: '2020-01-01T00:00:00.000Z', file: '/old.csv', campaign: 'summer', baseUrl: emu.url })}\n`,
      { mode: 0o600 },
    );
    const prune = start(
      ['state', 'prune'],
      { ...env, CACS_TEST_PAUSE: 'prune-history-locked' },
      cwd,
    );
    const prunePid = await reached(points, 'prune-history-locked', prune.exited);
    expect(prunePid, await (prune.exited() ? prune.done.then((d) => d.stderr) : '')).toBeDefined();
    const files = [1, 2, 3].map((i) =>
      write(cwd, `f${i}.csv`, `phone,name\n091200000${i},P${i}\n091200001${i},Q${i}\n`),
    );
    // Three campaigns: three imports at once (one campaign is one run at a time).
    const imports = files.map((f, i) =>
      start(['import', f, '--json', '--campaign', `C${i + 1}`], env, cwd),
    );
    // Each import has ended (its lines appended) or is waiting for the history.
    await Promise.all(imports.map((r) => reached(points, 'history-busy', r.exited, r.child.pid)));
    release(points, 'prune-history-locked', prunePid!);
    const ended = await Promise.all(imports.map((r) => r.done));
    for (const e of ended) expect(e.code, e.stderr).toBe(0);
    expect((await prune.done).code).toBe(0);
    const lines = fs
      .readFileSync(hist, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { k: string; id: string; file?: string });
    const starts = lines.filter((l) => l.k === 'start');
    expect(starts.map((l) => path.basename(l.file ?? '')).sort()).toEqual([
      'f1.csv',
      'f2.csv',
      'f3.csv',
    ]);
    for (const s of starts)
      expect(lines.filter((l) => l.k === 'end' && l.id === s.id)).toHaveLength(1);
    expect(lines.some((l) => l.id === 'r20200101-000000-000001')).toBe(false);
  });
});
