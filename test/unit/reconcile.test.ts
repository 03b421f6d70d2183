/**
 * `cacs reconcile` in-process, over real HTTP: uncertain batches are made by the emulator's
 * faults (answers dropped after processing: the leads arrived; connections dropped before
 * processing: they never did), then reconcile settles against the service's report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorFaults } from '../../src/emulator/index.js';
import {
  Hasher,
  appendLedgerRecords,
  ledgerFile,
  readRecords,
  STATE_ACCEPTED,
  STATE_UNCERTAIN,
} from '../../src/state/file/ledger.js';
import { halve } from '../../src/delivery/reconcile.js';
import { createClient, reconcile } from '../../src/index.js';
import { canonicalServiceUrl } from '../../src/net.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, processedPhones, write } from '../helpers/import.js';
import { hangUp, json, startScriptedServer } from '../helpers/servers.js';

const emulators = emulatorPool();
const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A folder for the inputs and an environment (its HOME and state folder) removed after the test. */
function setup(emu: { url: string }, extra: Record<string, string> = {}) {
  const dir = tempDir('cacs-reconcile-');
  const env = importEnv(emu, extra);
  cleanup.push(dir, env.HOME!);
  return { dir, env };
}

const A = ['0912345001', '0912345002', '0912345003', '0912345004'];
const B = ['0912345011', '0912345012'];
const csv = (phones: string[], refs = false) =>
  `phone,name${refs ? ',ref_id' : ''}\n${phones.map((p, i) => `${p},Lead ${i}${refs ? `,KH-${p.slice(-3)}` : ''}`).join('\n')}\n`;

interface ReconcileJson {
  campaign: string;
  serviceUrl: string;
  run: string | null;
  uncertain: number;
  settled: number;
  stillUncertain: number;
  from: string | null;
  to: string | null;
  requests: number;
  records: number;
  runs: Array<{
    id: string | null;
    file: string | null;
    started: string | null;
    uncertainFile: string | null;
    settled: number;
    stillUncertain: number;
  }>;
  exitCode: number;
  alias: string | null;
  error: { code: string; message: string; hint?: string } | null;
}

async function cli(args: string[], env: Record<string, string | undefined>, cwd: string) {
  return runCli(args, { env, cwd });
}

async function reconcileJson(args: string[], env: Record<string, string | undefined>, cwd: string) {
  const r = await cli(['reconcile', ...args, '--json'], env, cwd);
  return { ...r, json: JSON.parse(r.stdout) as ReconcileJson };
}

describe('the reconcile command an import prints', () => {
  it('runs as printed: the campaign and the service it took from its flags are in it (operator walk)', async () => {
    const faults: EmulatorFaults = { dropAfterRate: 1 };
    const emu = await emulators.start({ faults });
    const other = await emulators.start();
    // The environment names another service and no campaign; the import's flags name them.
    const { dir, env } = setup(other);
    delete env.CACS_CAMPAIGN;
    write(dir, 'a.csv', csv(A));
    const a = await cli(
      ['--base-url', emu.url, 'import', 'a.csv', '--campaign', 'summer', '--batch-size', '2'],
      env,
      dir,
    );
    expect(a.code, a.stderr).toBe(5);
    faults.dropAfterRate = 0;
    const printed = /Settle them with (cacs reconcile --run \S+ [^(]*?) \(/.exec(
      a.stderr.replace(/\s+/g, ' '),
    )?.[1];
    expect(printed, a.stderr).toBe(
      `cacs reconcile --run ${/run (r[\d-]+-[0-9a-f]+)/.exec(a.stderr)![1]} --campaign summer --base-url ${emu.url}`,
    );
    // As printed, in the same environment: it settles them (it said "no campaign given").
    const r = await cli(printed!.split(' ').slice(1), env, dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr + r.stdout).toMatch(/settled\s+4/);
  });

  it('names nothing more when the settings give the campaign and the service', async () => {
    const emu = await emulators.start({ faults: { dropAfterRate: 1 } });
    const { dir, env } = setup(emu);
    write(dir, 'a.csv', csv(A));
    const a = await cli(['import', 'a.csv', '--batch-size', '2'], env, dir);
    expect(a.code).toBe(5);
    expect(a.stderr.replace(/\s+/g, ' ')).toMatch(
      /Settle them with cacs reconcile --run r[\d-]+-[0-9a-f]+ \(it looks/,
    );
  });
});

/**
 * a.csv (4 leads, 2 batches) sent while the service drops its answers after processing (the
 * leads arrived), then b.csv (2 leads) while it drops connections before processing (they did
 * not): 6 uncertain leads, 4 of them in the campaign.
 */
async function twoUncertainRuns() {
  const faults: EmulatorFaults = { dropAfterRate: 1 };
  const emu = await emulators.start({ faults });
  const { dir, env } = setup(emu);
  write(dir, 'a.csv', csv(A, true));
  write(dir, 'b.csv', csv(B));
  const a = await cli(['import', 'a.csv', '--batch-size', '2', '--json'], env, dir);
  expect(a.code).toBe(5);
  faults.dropAfterRate = 0;
  faults.dropBeforeRate = 1;
  const b = await cli(['import', 'b.csv', '--json'], env, dir);
  expect(b.code).toBe(5);
  faults.dropBeforeRate = 0;
  expect(processedPhones(emu).sort()).toEqual(A);
  const runA = (JSON.parse(a.stdout) as { runId: string }).runId;
  const runB = (JSON.parse(b.stdout) as { runId: string }).runId;
  return { emu, dir, env, faults, runA, runB };
}

describe('cacs reconcile', () => {
  it('settles the leads the service holds, leaves the others uncertain (exit 5); a rerun sends nothing that arrived, --retry-uncertain only the rest', async () => {
    const { emu, dir, env, runA, runB } = await twoUncertainRuns();
    const before = emu.store.received.length;

    const r = await reconcileJson([], env, dir);
    expect(r.code, r.stderr).toBe(5);
    const j = r.json;
    expect(j).toMatchObject({
      campaign: 'summer',
      serviceUrl: canonicalServiceUrl(new URL(emu.url)),
      run: null,
      uncertain: 6,
      settled: 4,
      stillUncertain: 2,
      exitCode: 5,
      alias: null,
      error: { code: 'uncertain' },
    });
    expect(j.error!.message).toContain('not found yet (a lead shows in reports only once called)');
    expect(j.runs).toEqual([
      expect.objectContaining({
        id: runA,
        file: path.join(dir, 'a.csv'),
        settled: 4,
        stillUncertain: 0,
      }),
      expect.objectContaining({
        id: runB,
        file: path.join(dir, 'b.csv'),
        settled: 0,
        stillUncertain: 2,
      }),
    ]);
    expect(j.runs[0]!.uncertainFile).toBe(path.join(dir, 'a.csv.uncertain.csv'));
    expect(j.requests).toBeGreaterThanOrEqual(1);
    expect(j.from! <= j.to!).toBe(true);
    // Counts and files, never a phone number.
    for (const p of [...A, ...B]) expect(r.stdout).not.toContain(p);
    // reconcile itself sends nothing.
    expect(emu.store.received.length).toBe(before);

    // The settled leads are accepted in the ledger, under the run that sent them.
    const ledger = ledgerFile({
      stateDir: env.CACS_STATE_DIR!,
      baseUrl: canonicalServiceUrl(new URL(emu.url)),
      campaignKey: 'summer',
    });
    const accepted = [...readRecords(ledger)].filter((x) => x.state === STATE_ACCEPTED);
    expect(accepted).toHaveLength(4);

    // A plain rerun of a.csv: everything arrived, nothing is sent, exit 0.
    const again = await cli(['import', 'a.csv', '--json'], env, dir);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      imported: 0,
      alreadyImported: 4,
      uncertainEarlier: 0,
    });
    // --retry-uncertain does not resend them either.
    const retryA = await cli(['import', 'a.csv', '--retry-uncertain', '--json'], env, dir);
    expect(retryA.code, retryA.stderr).toBe(0);
    expect(emu.store.received.length).toBe(before);

    // b.csv's leads are still uncertain: a plain rerun holds them back (exit 5)…
    const plainB = await cli(['import', 'b.csv', '--json'], env, dir);
    expect(plainB.code).toBe(5);
    expect(emu.store.received.length).toBe(before);
    // …--retry-uncertain sends exactly them.
    const retryB = await cli(['import', 'b.csv', '--retry-uncertain', '--json'], env, dir);
    expect(retryB.code, retryB.stderr).toBe(0);
    expect(processedPhones(emu).sort()).toEqual([...A, ...B]);

    // Nothing uncertain is left: exit 0, no request.
    const requests = emu.store.reportRequests.length;
    const done = await reconcileJson([], env, dir);
    expect(done.code).toBe(0);
    expect(done.json).toMatchObject({ uncertain: 0, settled: 0, stillUncertain: 0, error: null });
    expect(emu.store.reportRequests.length).toBe(requests);
  });

  it('asks for the range since the uncertain batch was sent, on the service clock, a day per request', async () => {
    const { emu, dir, env } = await twoUncertainRuns();
    const r = await reconcileJson([], env, dir);
    const asked = emu.store.reportRequests.map((q) => q.body);
    expect(asked.length).toBe(r.json.requests);
    expect(asked[0]).toMatchObject({ campaign_key: 'summer', start_date: r.json.from });
    expect(asked.at(-1)).toMatchObject({ end_date: r.json.to });
    for (const q of asked) expect(q.ref_id).toBeUndefined();
  });

  it('--run settles only the leads that run left uncertain', async () => {
    const { emu, dir, env, runA, runB } = await twoUncertainRuns();
    const onlyB = await reconcileJson(['--run', runB], env, dir);
    expect(onlyB.code).toBe(5);
    expect(onlyB.json).toMatchObject({ run: runB, uncertain: 2, settled: 0, stillUncertain: 2 });
    expect(onlyB.json.runs.map((x) => x.id)).toEqual([runB]);
    // a.csv's leads were not touched: still uncertain for its rerun.
    const rerunA = await cli(['import', 'a.csv', '--json'], env, dir);
    expect(JSON.parse(rerunA.stdout)).toMatchObject({ uncertainEarlier: 4, alreadyImported: 0 });

    // A unique prefix is enough; all of run A's leads are found.
    const onlyA = await reconcileJson(['--run', runA.slice(0, -2)], env, dir);
    expect(onlyA.code).toBe(0);
    expect(onlyA.json).toMatchObject({ run: runA, uncertain: 4, settled: 4, stillUncertain: 0 });
    expect(onlyA.json.error).toBeNull();
    expect(emu.store.received.flatMap((x) => x.phones).sort()).toEqual(A);

    const unknown = await cli(['reconcile', '--run', 'r19990101-000000-000000'], env, dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--run: no run r19990101-000000-000000 in the history');
  });

  it('--run takes the id as cacs history shows it (its last 6 characters), and the campaign from the run', async () => {
    const { dir, env, runB } = await twoUncertainRuns();
    // No campaign in the environment: the run says which.
    const bare = { ...env };
    delete bare.CACS_CAMPAIGN;
    const r = await reconcileJson(['--run', runB.slice(-6)], bare, dir);
    expect(r.code, JSON.stringify(r.json)).toBe(5);
    expect(r.json).toMatchObject({ campaign: 'summer', run: runB, uncertain: 2 });
    const unknown = await cli(['reconcile', '--run', 'zzzzzz'], bare, dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--run: no run zzzzzz in the history');
    // The run's key as it is, even where a config names an alias after it.
    fs.writeFileSync(
      path.join(dir, '.cacsrc.json'),
      JSON.stringify({ campaigns: { summer: 'winter' } }),
    );
    const aliased = await reconcileJson(['--run', runB.slice(-6)], bare, dir);
    expect(aliased.json).toMatchObject({ campaign: 'summer', run: runB });
    // Without --run, a campaign is still needed.
    const none = await cli(['reconcile'], bare, dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no campaign given');
  });

  it('in Vietnamese, the range asked for is written as dates are there (dd/mm/yyyy)', async () => {
    const { dir, env } = await twoUncertainRuns();
    const r = await cli(['reconcile', '--lang', 'vi'], env, dir);
    expect(r.code).toBe(5);
    const asked = r.stderr.split('\n').find((l) => l.includes('đã hỏi dịch vụ'));
    expect(asked).toMatch(/từ \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} đến \d{2}\/\d{2}\/\d{4} /);
    expect(r.stderr).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });

  it('says what it settled on stderr, and what to do about the rest', async () => {
    const { dir, env, runA, runB } = await twoUncertainRuns();
    const r = await cli(['reconcile'], env, dir);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('campaign summer: 6 uncertain leads');
    expect(r.stderr).toMatch(/settled\s+4\s+found in the campaign/);
    expect(r.stderr).toMatch(
      /uncertain\s+2\s+not found yet \(a lead shows in reports only once called\)/,
    );
    expect(r.stderr).toContain(`run ${runA} (${path.join(dir, 'a.csv')}`);
    expect(r.stderr).toContain(`run ${runB} (${path.join(dir, 'b.csv')}`);
    expect(r.stderr).toContain('cacs import <file> --retry-uncertain');
  });

  it('on a 60-column terminal its lines are broken at spaces to fit, as the import does', async () => {
    const { dir, env } = await twoUncertainRuns();
    const r = await runCli(['reconcile'], { env, cwd: dir, tty: true, columns: 60 });
    expect(r.code).toBe(5);
    const lines = r.stderr.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    expect(lines.length).toBeGreaterThan(4);
    // A line wider than the terminal is only a word too long to break (a path under a long TMPDIR).
    for (const l of lines) expect(l.length <= 60 || !l.trim().includes(' '), l).toBe(true);
    expect(r.stderr).toMatch(/settled\s+4\s+found in the campaign/);
  });

  it('a damaged ledger (emptied, or missing beside its description): exit 2, as for an import', async () => {
    const { dir, env } = await twoUncertainRuns();
    const ledgers = path.join(env.CACS_STATE_DIR!, 'ledgers');
    const file = path.join(
      ledgers,
      fs.readdirSync(ledgers).find((f) => f.endsWith('.ledger'))!,
    );
    fs.truncateSync(file, 0);
    const emptied = await cli(['reconcile'], env, dir);
    expect(emptied.code, emptied.stderr).toBe(2);
    expect(emptied.stderr).toContain('it was emptied or cut short');
    expect(emptied.stderr).not.toContain('nothing to settle');
    // `history find` too: "no run recorded sending" from an emptied ledger was a confident,
    // wrong "never sent" (review, session 21).
    const find = await cli(['history', 'find', A[0]!], env, dir);
    expect(find.code, find.stderr).toBe(2);
    expect(find.stderr).toContain('it was emptied or cut short');
    expect(find.stdout + find.stderr).not.toContain('no run recorded sending');
    fs.rmSync(file);
    const missing = await reconcileJson([], env, dir);
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.json.error?.message).toMatch(/ledger .* is missing, but/);
    const findMissing = await cli(['history', 'find', A[0]!, '--json'], env, dir);
    expect(findMissing.code, findMissing.stderr).toBe(2);
    expect(findMissing.stdout + findMissing.stderr).toMatch(/ledger .* is missing, but/);
    // A folder named like a description is none (it said "internal error: EISDIR").
    fs.rmSync(file.replace(/\.ledger$/, '.json'));
    fs.mkdirSync(path.join(ledgers, 'x.json'));
    fs.mkdirSync(path.join(ledgers, 'y.ledger'));
    const folder = await cli(['history', 'find', A[0]!], env, dir);
    expect(folder.stderr).not.toContain('internal error');
    expect(folder.code, folder.stderr).toBe(0);
  });

  it('nothing uncertain: exit 0 without asking the service or creating state', async () => {
    const emu = await emulators.start();
    const { dir, env } = setup(emu);
    const r = await reconcileJson([], env, dir);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ uncertain: 0, exitCode: 0, error: null, from: null });
    expect(emu.store.reportRequests).toHaveLength(0);
    expect(fs.existsSync(env.CACS_STATE_DIR!)).toBe(false);
    const human = await cli(['reconcile'], env, dir);
    expect(human.code).toBe(0);
    expect(human.stderr).toContain('no uncertain leads in campaign summer');
    // Under cron, another HOME is another state folder: it says which one it looked in.
    expect(human.stderr).toContain(`(state folder ${env.CACS_STATE_DIR!})`);
  });

  it('a record with data: [] (in the campaign, not called in the range) counts as found', async () => {
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 1 records found',
        records: [
          {
            campaign_id: 1,
            campaign_name: 'Summer',
            campaign_lead_id: 7,
            ref_id: '',
            phone_number: '+84 912 345 001',
            lead_name: 'Lead 0',
            call: 0,
            data: [],
          },
        ],
      }),
    ]);
    try {
      const { dir, env } = setup(server);
      write(dir, 'one.csv', csv(['0912345001', '0912345002']));
      const imp = await cli(['import', 'one.csv', '--json'], env, dir);
      expect(imp.code).toBe(5);
      const r = await reconcileJson([], env, dir);
      expect(r.json).toMatchObject({ uncertain: 2, settled: 1, stillUncertain: 1 });
      expect(r.code).toBe(5);
      const report = server.seen.filter((q) => q.method === 'GET');
      expect(report.length).toBeGreaterThanOrEqual(1);
      // The server answers every window with this record: one window, or two when the range
      // (from the batch, less the clock margin) crosses midnight on the service's clock.
      expect(r.json.records).toBe(report.length);
    } finally {
      await server.close();
    }
  });

  it('the service refuses the dates reconcile works out itself: exit 1, not 2 (review, session 22)', async () => {
    for (const message of [
      'Invalid time. Over 31 days',
      'Parameter #start_date# is wrong format. Please check it again',
    ]) {
      const server = await startScriptedServer([hangUp, json(200, { result: 'error', message })]);
      try {
        const { dir, env } = setup(server);
        write(dir, 'one.csv', csv(['0912345001']));
        expect((await cli(['import', 'one.csv', '--json'], env, dir)).code).toBe(5);
        const r = await reconcileJson([], env, dir);
        expect(r.code, message).toBe(1);
        expect(r.json.error).toMatchObject({ code: 'unexpected_answer' });
        expect((r.json.error as { message: string }).message).toContain(
          `the service refused the request cacs made for`,
        );
        expect((r.json.error as { hint: string }).hint).toContain('nothing was settled');
      } finally {
        await server.close();
      }
    }
  });

  it('the service refuses the token: exit 4, nothing settled', async () => {
    const { emu, dir, env } = await twoUncertainRuns();
    const refused = await reconcileJson([], { ...env, CACS_ACCESS_TOKEN: 'not-the-token' }, dir);
    expect(refused.code).toBe(4);
    expect(refused.json.error).toMatchObject({ code: 'refused' });
    const after = await reconcileJson([], env, dir);
    expect(after.json).toMatchObject({ uncertain: 6, settled: 4 });
    expect(emu.store.received.flatMap((x) => x.phones).sort()).toEqual(A);
  });

  it('the service cannot be reached: exit 1, nothing settled', async () => {
    const { emu, dir, env } = await twoUncertainRuns();
    await emulators.stop(emu);
    const down = await cli(['reconcile'], env, dir);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('error:');
    // Its hint is reconcile's, not the report's ("no report was written": review, session 17).
    expect(down.stderr).toContain(
      'then run again: nothing was settled, and the uncertain leads stay as they were.',
    );
    expect(down.stderr).not.toContain('report');
    // Back on the same address (with no leads at all): the six are all still uncertain.
    const again = await emulators.start({ port: emu.port });
    const after = await reconcileJson([], env, dir);
    expect(after.code).toBe(5);
    expect(after.json).toMatchObject({ uncertain: 6, settled: 0, stillUncertain: 6 });
    expect(again.store.received).toHaveLength(0);
  });

  it('waits for no import: a run holding the campaign lock stops it (exit 1, naming the pid)', async () => {
    const { emu, dir, env } = await twoUncertainRuns();
    const lock = `${ledgerFile({
      stateDir: env.CACS_STATE_DIR!,
      baseUrl: canonicalServiceUrl(new URL(emu.url)),
      campaignKey: 'summer',
    })}.lock`;
    // A live process that is not this one: the test runner's parent.
    fs.writeFileSync(lock, `${process.ppid} 0123456789abcdef\n`);
    const r = await cli(['reconcile'], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `another cacs run (pid ${process.ppid}) is importing into campaign summer`,
    );
    expect(emu.store.reportRequests).toHaveLength(0);
    fs.rmSync(lock);
  });

  it('holds the campaign lock as reconcile: an import it keeps out names it, not "is importing" (session 24)', async () => {
    let held = '';
    const lockOf = (url: string, env: Record<string, string | undefined>) =>
      `${ledgerFile({
        stateDir: env.CACS_STATE_DIR!,
        baseUrl: canonicalServiceUrl(new URL(url)),
        campaignKey: 'summer',
      })}.lock`;
    let lock = '';
    const server = await startScriptedServer([
      hangUp,
      (_req, res) => {
        // Reconcile asks while it holds the lock: what the lock says then.
        held = fs.readFileSync(lock, 'utf8');
        json(200, { result: 'success', message: 'Have 0 records found', records: [] })(
          _req,
          res,
          '',
        );
      },
    ]);
    try {
      const { dir, env } = setup(server);
      lock = lockOf(server.url, env);
      write(dir, 'one.csv', csv(['0912345001']));
      expect((await cli(['import', 'one.csv'], env, dir)).code).toBe(5);
      expect((await cli(['reconcile'], env, dir)).code).toBe(5);
      expect(held).toMatch(new RegExp(`^${process.pid} reconcile-[0-9a-f]{24} \\S+\\n$`));
      expect(fs.existsSync(lock)).toBe(false);
      // The same lock, its holder alive in another process (the test runner's parent).
      fs.writeFileSync(lock, held.replace(/^\d+/, String(process.ppid)));
      const imp = await cli(['import', 'one.csv', '--retry-uncertain'], env, dir);
      expect(imp.code).toBe(1);
      expect(imp.stderr).toContain(
        `another cacs run (pid ${process.ppid}) is running cacs reconcile on campaign summer right now`,
      );
      expect(imp.stderr).not.toContain('is importing');
      const vi = await cli(['reconcile', '--lang', 'vi'], env, dir);
      expect(vi.code).toBe(1);
      expect(vi.stderr).toContain(
        `một lượt chạy cacs khác (pid ${process.ppid}) đang chạy cacs reconcile trên chiến dịch summer`,
      );
      fs.rmSync(lock);
    } finally {
      await server.close();
    }
  });

  it("an import's uncertain advice points to cacs reconcile", async () => {
    const emu = await emulators.start({ faults: { dropAfterRate: 1 } });
    const { dir, env } = setup(emu);
    write(dir, 'a.csv', csv(A));
    const first = await cli(['import', 'a.csv'], env, dir);
    expect(first.code).toBe(5);
    expect(first.stderr).toContain('cacs reconcile');
    // The uncertain list says so for each lead.
    const list = fs.readFileSync(path.join(dir, 'a.csv.uncertain.csv'), 'utf8');
    expect(list).toContain('cacs reconcile checks the campaign for it');
    const rerun = await cli(['import', 'a.csv', '--json'], env, dir);
    expect(rerun.code).toBe(5);
    const out = JSON.parse(rerun.stdout) as { error: { hint: string } };
    expect(out.error.hint).toContain('cacs reconcile');
    // The skipped list of the rerun too (uncertain_earlier).
    const skipped = fs.readFileSync(path.join(dir, 'a.csv.skipped.csv'), 'utf8');
    expect(skipped).toContain('uncertain_earlier');
    expect(skipped).toContain('cacs reconcile checks the campaign for it');
    const human = await cli(['import', 'a.csv'], env, dir);
    expect(human.stderr).toContain('cacs reconcile');
    expect(human.stderr).toMatch(
      /uncertain earlier\s+4\s+not sent: settle them with cacs reconcile/,
    );
    expect(human.stderr).not.toContain('cacs history find <phone>');
    // The skipped list's line does not call it "nothing to fix" (operator walk, session 13).
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(human.stderr)).toContain(
      'a.csv.skipped.csv (not sent: rows earlier runs left uncertain, which cacs reconcile settles)',
    );
    expect(human.stderr).not.toContain('nothing to fix');
    // With rows held back by design as well (a duplicate), the line names both kinds.
    write(dir, 'b.csv', csv([...A, A[0]!]));
    const mixed = await cli(['import', 'b.csv'], env, dir);
    expect(flat(mixed.stderr)).toContain(
      'b.csv.skipped.csv (not sent: rows held back by design, and rows earlier runs left uncertain, which cacs reconcile settles)',
    );
  });

  it('the library does the same: reconcile() returns the summary as data', async () => {
    const { emu, env, runA } = await twoUncertainRuns();
    const client = createClient({ baseUrl: emu.url, token: 'emulator-token' });
    const s = await reconcile({ campaignKey: 'summer', client, stateDir: env.CACS_STATE_DIR! });
    expect(s).toMatchObject({ uncertain: 6, settled: 4, stillUncertain: 2, exitCode: 5 });
    const one = await reconcile({
      campaignKey: 'summer',
      client,
      stateDir: env.CACS_STATE_DIR!,
      run: runA,
    });
    // Run A's leads were settled by the first call: nothing of it is uncertain now.
    expect(one).toMatchObject({ run: runA, uncertain: 0, exitCode: 0 });
  });

  /**
   * Six uncertain leads in a ledger, held by the service: imported `hoursAgo(i)` hours ago, so
   * their calls fall at different times; answers capped at 900 bytes (a lead or two).
   */
  async function busyDay(hoursAgo: (i: number) => number) {
    const emu = await emulators.start();
    const stateDir = tempDir('cacs-reconcile-state-');
    cleanup.push(stateDir);
    const serviceUrl = canonicalServiceUrl(new URL(emu.url));
    const file = ledgerFile({ stateDir, baseUrl: serviceUrl, campaignKey: 'summer' });
    const hasher = Hasher.forStateDir(stateDir);
    fs.writeFileSync(file, '');
    const now = Date.now();
    const phones = [...A, ...B];
    await appendLedgerRecords(
      file,
      phones.map((p) => {
        const [lo, hi] = hasher.phone(p);
        const time = Math.floor((now - 8 * 3_600_000) / 1000);
        return { lo, hi, ref: 0, run: 1, time, state: STATE_UNCERTAIN };
      }),
    );
    phones.forEach((p, i) =>
      emu.store.addLead(
        'summer',
        { phone_number: p, name: `Lead ${i}` },
        new Date(now - hoursAgo(i) * 3_600_000),
      ),
    );
    const client = createClient({
      baseUrl: emu.url,
      token: 'emulator-token',
      limits: { reportAnswerBytes: 900 },
    });
    return { emu, stateDir, client };
  }

  it('a day whose answer is over the size cap is asked again in halves, down to a minute', async () => {
    const { emu, stateDir, client } = await busyDay((i) => 1 + i);
    const s = await reconcile({ campaignKey: 'summer', client, stateDir });
    expect(s).toMatchObject({ uncertain: 6, settled: 6, stillUncertain: 0, exitCode: 0 });
    expect(s.requests).toBeGreaterThan(2);
    // Every window asked lies within the range, and the answered ones cover it without gap.
    for (const q of emu.store.reportRequests) {
      expect(String(q.body.start_date) >= s.from!).toBe(true);
      expect(String(q.body.end_date) <= s.to!).toBe(true);
    }
  });

  it('a minute still over the cap: exit 1 naming it, nothing settled', async () => {
    const { stateDir, client } = await busyDay(() => 2);
    const failing = reconcile({ campaignKey: 'summer', client, stateDir });
    await expect(failing).rejects.toMatchObject({ exitCode: 1 });
    await expect(failing).rejects.toThrow(
      /from \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} to .* are more than cacs reads in one answer, even for one minute/,
    );
    const file = fs.readdirSync(path.join(stateDir, 'ledgers')).find((f) => f.endsWith('.ledger'))!;
    const states = [...readRecords(path.join(stateDir, 'ledgers', file))].map((r) => r.state);
    expect(states.every((x) => x === STATE_UNCERTAIN)).toBe(true);
  });
});

/** A report record of the campaign (one lead, not called yet). */
const record = (phone: string, ref: string) => ({
  campaign_id: 1,
  campaign_name: 'Summer',
  campaign_lead_id: 7,
  ref_id: ref,
  phone_number: phone,
  lead_name: 'Lead',
  call: 0,
  data: [],
});

describe('reconcile against answers that cannot be trusted (review, session 21)', () => {
  /** A ledger of uncertain leads: the import's batch hung up after the service read it. */
  async function uncertainImport(server: { url: string }, text: string) {
    const { dir, env } = setup(server);
    write(dir, 'one.csv', text);
    const imp = await cli(['import', 'one.csv', '--json'], env, dir);
    expect(imp.code, imp.stderr).toBe(5);
    return { dir, env };
  }
  const ledgerStates = (stateDir: string) => {
    const folder = path.join(stateDir, 'ledgers');
    const file = fs.readdirSync(folder).find((f) => f.endsWith('.ledger'))!;
    return [...readRecords(path.join(folder, file))].map((r) => r.state);
  };

  it('"Have 0 records found" listing the lead: asked again, then exit 1 naming both numbers, nothing settled', async () => {
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 0 records found',
        records: [record('0912345001', '')],
      }),
    ]);
    try {
      const { dir, env } = await uncertainImport(server, csv(['0912345001']));
      const r = await cli(['reconcile'], env, dir);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr.replace(/\s+/g, ' ')).toMatch(
        /says "Have 0 records found" but lists 1, asked twice.*nothing was settled/,
      );
      // Each window asked twice before giving up; nothing recorded as accepted.
      expect(server.seen.filter((q) => q.method === 'GET').length).toBeGreaterThanOrEqual(2);
      expect(ledgerStates(env.CACS_STATE_DIR!).every((x) => x === STATE_UNCERTAIN)).toBe(true);
      // The import, run again, still holds the lead back as uncertain: nothing is sent.
      const again = await cli(['import', 'one.csv', '--json'], env, dir);
      expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, uncertainEarlier: 1 });
      expect(server.seen.filter((q) => q.method === 'POST')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('an answer that counts right the second time is taken', async () => {
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 3 records found',
        records: [record('0912345001', '')],
      }),
      json(200, {
        result: 'success',
        message: 'Have 1 records found',
        records: [record('0912345001', '')],
      }),
    ]);
    try {
      const { dir, env } = await uncertainImport(server, csv(['0912345001']));
      const r = await reconcileJson([], env, dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.json).toMatchObject({ uncertain: 1, settled: 1 });
    } finally {
      await server.close();
    }
  });

  it("report.countMismatch: warn (the library's countMismatch) matches the records as listed, with a warning", async () => {
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 57 records found',
        records: [record('0912345001', '')],
      }),
    ]);
    try {
      const { env } = await uncertainImport(server, csv(['0912345001']));
      const warnings: string[] = [];
      const s = await reconcile({
        campaignKey: 'summer',
        client: createClient({ baseUrl: server.url, token: env.CACS_ACCESS_TOKEN! }),
        stateDir: env.CACS_STATE_DIR!,
        countMismatch: 'warn',
        onWarning: (text) => warnings.push(text),
      });
      expect(s).toMatchObject({ uncertain: 1, settled: 1, exitCode: 0 });
      expect(warnings[0]).toMatch(/"Have 57 records found" but lists 1, asked twice; .*warn/);
    } finally {
      await server.close();
    }
  });

  it('a lead sent with a ref_id is found only by a record of that ref_id, not by another lead of its number', async () => {
    // KH-001 and KH-002 were sent (refs from csv(…, true)); the campaign holds 0912345001 as
    // another customer's OTHER-1, and 0912345002 as " KH-002 " (spaces around it).
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 2 records found',
        records: [record('0912345001', 'OTHER-1'), record('0912345002', ' KH-002 ')],
      }),
    ]);
    try {
      const { dir, env } = await uncertainImport(server, csv(['0912345001', '0912345002'], true));
      const r = await reconcileJson([], env, dir);
      expect(r.json).toMatchObject({ uncertain: 2, settled: 1, stillUncertain: 1 });
      expect(r.code).toBe(5);
    } finally {
      await server.close();
    }
  });

  it('a ref_id sent untrimmed (--no-normalize) is found as the service echoes it', async () => {
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 1 records found',
        records: [record('0912345001', ' R9 ')],
      }),
    ]);
    try {
      const { dir, env } = setup(server);
      write(dir, 'nn.csv', 'phone_number,name,ref_id\n0912345001,An, R9 \n');
      const imp = await cli(['import', 'nn.csv', '--no-normalize', '--json'], env, dir);
      expect(imp.code, imp.stderr).toBe(5);
      expect(server.seen[0]!.body).toContain('"ref_id":" R9 "');
      const r = await reconcileJson([], env, dir);
      expect(r.json).toMatchObject({ uncertain: 1, settled: 1, stillUncertain: 0 });
    } finally {
      await server.close();
    }
  });

  it('a lead sent without a ref_id is found by its number, whatever ref_id the record has', async () => {
    const server = await startScriptedServer([
      hangUp,
      json(200, {
        result: 'success',
        message: 'Have 1 records found',
        records: [record('0912345001', 'SET-BY-THE-SERVICE')],
      }),
    ]);
    try {
      const { dir, env } = await uncertainImport(server, csv(['0912345001']));
      const r = await reconcileJson([], env, dir);
      expect(r.json).toMatchObject({ uncertain: 1, settled: 1, stillUncertain: 0 });
    } finally {
      await server.close();
    }
  });
});

describe('halve (a window over the answer cap, asked again in halves)', () => {
  const w = (start: string, end: string) => ({ start, end });
  it('halves anything longer than one minute, without gap or overlap', () => {
    // 112 s (the window a review saw refused as "too large even for one minute").
    expect(halve(w('2026-11-26 03:07:13', '2026-11-26 03:09:04'))).toEqual([
      w('2026-11-26 03:07:13', '2026-11-26 03:08:08'),
      w('2026-11-26 03:08:09', '2026-11-26 03:09:04'),
    ]);
    // 61 s: halves of 31 and 30 s.
    expect(halve(w('2026-11-26 00:00:00', '2026-11-26 00:01:00'))).toEqual([
      w('2026-11-26 00:00:00', '2026-11-26 00:00:30'),
      w('2026-11-26 00:00:31', '2026-11-26 00:01:00'),
    ]);
  });
  it('leaves a window of one minute or less whole', () => {
    expect(halve(w('2026-11-26 00:00:00', '2026-11-26 00:00:59'))).toBeUndefined();
    expect(halve(w('2026-11-26 00:00:00', '2026-11-26 00:00:00'))).toBeUndefined();
  });
});
