/**
 * A state folder cacs cannot read — another user's (found by the operator walk: `cacs history`
 * as a normal user on root's folder said "internal error: EACCES"), or a history that is not a
 * file — is exit 1 naming the folder and what to do, never an internal error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOBODY, cacsAsUser, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const ROOT = process.getuid?.() === 0;
const canSetpriv = ROOT && spawnSync('setpriv', ['--version']).status === 0;
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * `cacs <args>` as nobody (setpriv), in a home of nobody's own unless `env` gives one; `env`
 * comes on top of PATH, HOME and TMPDIR.
 */
function asNobody(args: string[], env: Record<string, string> = {}) {
  const home = tempDir('cacs-state-read-home-');
  made.push(home);
  fs.chownSync(home, NOBODY, NOBODY);
  return spawnSync('setpriv', cacsAsUser(NOBODY, args), {
    cwd: home,
    env: { PATH: process.env.PATH, HOME: home, TMPDIR: home, ...env },
    encoding: 'utf8',
  });
}

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
      const r = asNobody(['history'], { CACS_STATE_DIR: state });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `cannot read the import history in ${path.join(state, 'history')}: this user may not read it (permission denied)`,
      );
      expect(r.stderr).toContain(
        "point CACS_STATE_DIR (or the stateDir setting) at this user's own state folder",
      );
      expect(r.stderr).not.toContain('internal error');
    },
  );
});

/**
 * Found by a review (session 17): `fs.existsSync` says false for a path this user may not look
 * at, so a ledger folder of another user read as empty — `history find <ref_id>` said "no run
 * recorded sending it" (exit 0: never sent, as far as an operator could tell), while `history
 * find <phone>`, `reconcile` and `forget` on a folder whose ledgers alone were closed said
 * "internal error: EACCES" or "cannot write the ledger secret".
 */
describe.skipIf(!canSetpriv)("another user's ledgers (as nobody)", () => {
  /** A state folder a real import wrote (root's, 0700), with `open` made readable to all. */
  async function importedState(open: readonly string[]): Promise<string> {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const emu = await startEmulator({ port: 0 });
    const dir = tempDir('cacs-state-read-ledgers-');
    made.push(dir);
    const state = path.join(dir, 'state');
    try {
      const file = path.join(dir, 'leads.csv');
      fs.writeFileSync(file, 'phone_number,name,ref_id\n0912345601,An,CUST-A1\n');
      const r = await runCli(['import', file, '-q'], {
        env: isolatedEnv({
          CACS_BASE_URL: emu.url,
          CACS_ACCESS_TOKEN: 'emulator-token',
          CACS_CAMPAIGN: 'summer',
          CACS_STATE_DIR: state,
        }),
      });
      expect(r.code).toBe(0);
      // An erasure too, so that the erasures file exists for `history find <phone>` to read.
      expect(
        (
          await runCli(['forget', '0999999999', '-q'], {
            env: isolatedEnv({ CACS_STATE_DIR: state }),
          })
        ).code,
      ).toBe(0);
    } finally {
      await emu.close();
    }
    // The temporary folder itself (0700 as made) is open to all: the state folder decides.
    fs.chmodSync(dir, 0o755);
    for (const rel of open) {
      const p = path.join(state, rel);
      fs.chmodSync(p, fs.statSync(p).isDirectory() ? 0o755 : 0o644);
    }
    expect(fs.statSync(path.join(state, 'ledgers')).mode & 0o777).toBe(0o700);
    return state;
  }

  const inState = (state: string, args: string[]) =>
    asNobody(args, {
      CACS_STATE_DIR: state,
      CACS_BASE_URL: 'http://127.0.0.1:9',
      CACS_ACCESS_TOKEN: 'emulator-token',
      CACS_CAMPAIGN: 'summer',
    });

  const deniedLedgers = (state: string) =>
    `cannot read the campaigns' ledgers in ${path.join(state, 'ledgers')}: this user may not read it (permission denied)`;

  it('history find <ref_id> on a closed state folder: exit 1, permission denied, not "never sent"', async () => {
    const state = await importedState([]);
    for (const args of [
      ['history', 'find', 'CUST-A1'],
      ['history', 'find', '0912345601'],
    ]) {
      const r = inState(state, args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(deniedLedgers(state));
      expect(r.stdout).not.toContain('no run recorded');
      expect(r.stderr).not.toContain('internal error');
    }
    const json = inState(state, ['history', 'find', 'CUST-A1', '--json']);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 1, error: { code: 'failure' } });
  });

  it('only the ledgers closed: history find <phone>, reconcile and forget say so, exit 1', async () => {
    const state = await importedState([
      '.',
      'history',
      'history/runs.jsonl',
      'erasures',
      'erasures/erased.jsonl',
    ]);
    const find = inState(state, ['history', 'find', '0912345601']);
    expect(find.status).toBe(1);
    expect(find.stderr).toContain(deniedLedgers(state));
    const reconcile = inState(state, ['reconcile']);
    expect(reconcile.status).toBe(1);
    expect(reconcile.stderr).toContain('this user may not read or write it (permission denied)');
    expect(reconcile.stderr).toContain('Give this user access to');
    const forget = inState(state, ['forget', '0912345601']);
    expect(forget.status).toBe(1);
    expect(forget.stderr).toContain(
      `cannot read the ledger secret in ${path.join(state, 'ledgers')}: this user may not read it (permission denied)`,
    );
    for (const r of [find, reconcile, forget]) {
      expect(r.stderr).not.toContain('internal error');
      expect(r.stderr).not.toContain('cannot write');
    }
  });
});

// Review, session 17: a config folder under another user's home (cron as one user with
// HOME of another) said "cannot read the configuration …: Error: EACCES: permission denied,
// stat …" and told to check the file is valid JSON.
describe.skipIf(!canSetpriv)("another user's config folder (as nobody)", () => {
  it('says permission denied and what to do, not a parser hint (exit 2)', () => {
    const closed = tempDir('cacs-state-read-closed-home-');
    made.push(closed);
    fs.chmodSync(closed, 0o700);
    const r = asNobody(['history'], { HOME: closed });
    expect(r.status).toBe(2);
    const dir = path.join(closed, '.config', 'cacs');
    expect(r.stderr).toContain(
      `cannot read the configuration ${dir}: this user may not read it (permission denied)`,
    );
    expect(r.stderr).toContain(
      "point HOME or XDG_CONFIG_HOME at this user's own folder, or name a config file with --config.",
    );
    expect(r.stderr).not.toContain('valid JSON');
    expect(r.stderr).not.toContain('Error: EACCES');
  });
});
