/**
 * Issue 13, item 1: after a crash, `--retry-uncertain` must settle the batches it resends for
 * good. LOOPS loops (10; CACS_KILL_LOOPS), each on a new file: start an import as a real process, kill it (SIGKILL, or a
 * double SIGINT every fifth loop) at a random request while batches are in flight, rerun the
 * plain command, retry the uncertain leads, then run the plain command and the retry once more:
 * the last two send nothing, and the service holds every lead exactly once.
 *
 * The kill comes only once the journal has recorded every answer the server gave (a "done"
 * finish for each), and from the kill until the killed process has exited and every connection
 * it made has been accepted, the holding server commits nothing (see holding-server.ts): so every
 * lead committed before the rerun is recorded done, and a lead can only reach the service twice
 * if cacs sends it twice.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, killableEnv, runCli, tempDir } from '../helpers/cli.js';
import { startHoldingServer } from '../helpers/holding-server.js';
import { importEnv, write } from '../helpers/import.js';
import type { JournalRecord } from '../../src/state/file/journal.js';

/**
 * 10 loops by default: 8 SIGKILLs and 2 double SIGINTs, each at its own random request (each
 * loop is the whole property on a file of its own; more loops only try more kill points).
 * CACS_KILL_LOOPS=<n> for a longer soak (e.g. 500 before a release; 25 was the default until the
 * suite had to fit in 120 s).
 */
const LOOPS = Number(process.env.CACS_KILL_LOOPS ?? 10);
const LEADS = 12;
const ARGS = ['--batch-size', '2', '--concurrency', '3'];

/**
 * "done" finish records on complete lines of the journal of `input`: one per answer the client
 * read (an uncertain or failed finish is no answer, so it must not count as one).
 */
function doneRecords(stateDir: string, input: string): number {
  const dir = path.join(stateDir, 'journals');
  if (!fs.existsSync(dir)) return 0;
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith('.jsonl')) continue;
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    if (!text.startsWith('{') || !text.slice(0, 400).includes(`"input":"${input}"`)) continue;
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    return complete
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as JournalRecord)
      .filter((r) => r.k === 'f' && r.s === 'done').length;
  }
  return 0;
}

describe(`kill, rerun, retry: ${LOOPS} loops`, () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  // One test per loop, in order, on the same server, folder and state (each with a time limit
  // of its own: a loaded machine slows every loop, and no loop may fail for the others' time).
  let server: Awaited<ReturnType<typeof startHoldingServer>>;
  let cwd: string;
  let env: ReturnType<typeof killableEnv<ReturnType<typeof importEnv>>>;
  let stateDir: string;
  let random = 12345;
  const rand = (n: number) => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random % n;
  };
  const exits: number[] = [];
  beforeAll(async () => {
    server = await startHoldingServer(40);
    servers.push(server);
    cwd = tempDir();
    env = killableEnv(importEnv(server, { CACS_CAMPAIGN: 'C1' }));
    stateDir = env.CACS_STATE_DIR!;
  });

  for (let loop = 0; loop < LOOPS; loop++) {
    const viaSigint = loop % 5 === 4;
    it(`loop ${loop} (${viaSigint ? 'double SIGINT' : 'SIGKILL'}): every lead reaches the service exactly once, and a settled retry is never repeated`, async () => {
      const name = `loop-${loop}.csv`;
      const phones = Array.from({ length: LEADS }, (_, i) => `09${loop * 100 + i + 10_000_000}`);
      write(cwd, name, `phone\n${phones.join('\n')}\n`);
      const before = server.committed.length;
      const answeredBefore = server.answered;
      const killAt = server.requests + 1 + rand(LEADS / 2);

      const child = spawn(process.execPath, [BIN, 'import', name, ...ARGS], {
        cwd,
        env: env as NodeJS.ProcessEnv,
        stdio: 'ignore',
      });
      const exited = new Promise<void>((r) => child.on('exit', () => r()));
      let killed = false;
      server.onRequest = (n) => {
        if (n !== killAt) return;
        const poll = () => {
          if (killed || child.exitCode !== null) return;
          // Kill only once every answer the client got is in its journal (else the lead is
          // legitimately uncertain and a retry may duplicate it: not what this test measures).
          if (doneRecords(stateDir, name) >= server.answered - answeredBefore) {
            killed = true;
            server.doomClient();
            if (viaSigint) {
              child.kill('SIGINT');
              setTimeout(() => child.kill('SIGINT'), 5);
            } else child.kill('SIGKILL');
          } else setTimeout(poll, 2);
        };
        poll();
      };
      await exited;
      server.onRequest = undefined;
      // What the dead process left in the accept queue is doomed too; then commit again.
      await server.spare();

      const plain = await runCli(['import', path.join(cwd, name), ...ARGS, '--json'], {
        env,
        cwd,
      });
      expect([0, 5], plain.stderr).toContain(plain.code);
      exits.push(plain.code);
      const retry = await runCli(
        ['import', path.join(cwd, name), ...ARGS, '--retry-uncertain', '--json'],
        {
          env,
          cwd,
        },
      );
      expect(retry.code, retry.stderr).toBe(0);
      const settled = server.committed.length;
      for (const extra of [[], ['--retry-uncertain']]) {
        const again = await runCli(['import', path.join(cwd, name), ...ARGS, ...extra, '--json'], {
          env,
          cwd,
        });
        expect(again.code, again.stderr).toBe(0);
        expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, uncertain: 0 });
      }
      expect(server.committed.length).toBe(settled);
      const mine = server.committed.slice(before).sort();
      const imported = (r: { stdout: string }) =>
        (JSON.parse(r.stdout) as { imported: number }).imported;
      const how = `loop ${loop} (${viaSigint ? 'double SIGINT' : 'SIGKILL'}): the rerun imported ${imported(plain)}, the retry ${imported(retry)}`;
      expect(mine, how).toEqual([...phones].sort());
    }, 120_000);
  }

  it('the kills did leave batches in flight (else the loops would prove nothing)', () => {
    expect(exits).toHaveLength(LOOPS);
    expect(exits.filter((c) => c === 5).length).toBeGreaterThan(LOOPS / 4);
  });
});
