/**
 * A state folder cacs cannot read — another user's (found by the operator walk: `cacs history`
 * as a normal user on root's folder said "internal error: EACCES"), or a history that is not a
 * file — is exit 1 naming the folder and what to do, never an internal error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const canSetpriv = ROOT && spawnSync('setpriv', ['--version']).status === 0;
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A state folder whose history holds one run. */
function stateWithHistory(): string {
  const dir = tempDir('cacs-state-read-');
  made.push(dir);
  const state = path.join(dir, 'state');
  fs.mkdirSync(path.join(state, 'history'), { recursive: true, mode: 0o700 });
  fs.chmodSync(state, 0o700);
  fs.writeFileSync(
    path.join(state, 'history', 'runs.jsonl'),
    `${JSON.stringify({ k: 'start', id: 'r1', started: '2026-11-26T01:00:00.000Z', file: '/x/leads.csv', campaign: 'summer', baseUrl: 'http://127.0.0.1:9/' })}\n`,
    { mode: 0o600 },
  );
  return state;
}

describe('a state folder cacs cannot read', () => {
  it('a history that is not a file: exit 1, "cannot read the import history in <folder>", no internal error', async () => {
    const state = stateWithHistory();
    const file = path.join(state, 'history', 'runs.jsonl');
    fs.rmSync(file);
    fs.mkdirSync(file);
    const r = await runCli(['history'], { env: isolatedEnv({ CACS_STATE_DIR: state }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `cannot read the import history in ${path.join(state, 'history')}: the read failed (EISDIR)`,
    );
    expect(r.stderr).not.toContain('internal error');
  });

  it.skipIf(!canSetpriv)(
    "another user's state folder (as nobody): exit 1, permission denied, what to do",
    () => {
      const state = stateWithHistory();
      const home = tempDir('cacs-state-read-home-');
      made.push(home);
      fs.chownSync(home, NOBODY, NOBODY);
      const r = spawnSync(
        'setpriv',
        [
          `--reuid=${NOBODY}`,
          `--regid=${NOBODY}`,
          '--clear-groups',
          '--',
          process.execPath,
          BIN,
          'history',
        ],
        {
          cwd: home,
          env: { PATH: process.env.PATH, HOME: home, TMPDIR: home, CACS_STATE_DIR: state },
          encoding: 'utf8',
        },
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `cannot read the import history in ${path.join(state, 'history')}: this user may not read it (permission denied)`,
      );
      expect(r.stderr).toContain("point CACS_STATE_DIR at this user's own state folder");
      expect(r.stderr).not.toContain('internal error');
    },
  );
});
