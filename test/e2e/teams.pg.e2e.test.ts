/**
 * Issue 24: "never twice" across operators and machines, on a shared PostgreSQL store. Real
 * cacs processes (bin/cacs.js), the emulator over real HTTP, and a real PostgreSQL server (a
 * throwaway cluster: test/helpers/pg.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, spawnCli, tempDir, type RunResult } from '../helpers/cli.js';
import { closedPort } from '../helpers/servers.js';
import {
  accountedFor,
  emulatorPool,
  importEnv,
  phoneOf,
  processedPhones,
  write,
  type Summary,
} from '../helpers/import.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { SCHEMA_VERSION } from '../../src/state/pg/schema.js';

type PgSummary = Summary & { inFlightElsewhere?: number };

/** `cacs import` as a process whose JSON summary is read, started now (not awaited). */
function importProcess(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<RunResult & { summary?: PgSummary }> {
  return spawnCli(['import', ...args, '--json'], { env, cwd, timeoutMs: 120_000 }).then((r) => {
    let summary: PgSummary | undefined;
    try {
      summary = JSON.parse(r.stdout) as PgSummary;
    } catch {
      // no summary (a failure before it): the caller looks at stderr
    }
    return { ...r, ...(summary ? { summary } : {}) };
  });
}

/**
 * `cacs import --json` run in-process (runCli), its JSON summary read: for the sequential runs
 * of a test whose real-process behaviour is not what it checks (the imports side by side are
 * processes: importProcess).
 */
async function importInProcess(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<RunResult & { summary: PgSummary }> {
  const r = await runCli(['import', ...args, '--json'], { env, cwd });
  return { ...r, summary: JSON.parse(r.stdout) as PgSummary };
}

/** A phone written as an operator's CRM export might: +84 with spaces, 84…, dotted. */
function writtenAs(phone: string, form: number): string {
  const rest = phone.slice(1);
  switch (form % 3) {
    case 0:
      return `+84 ${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}`;
    case 1:
      return `84${rest}`;
    default:
      return `${phone.slice(0, 4)}.${phone.slice(4, 7)}.${phone.slice(7)}`;
  }
}

/**
 * A proxy in front of the service that holds the first request whose path holds `hold` until
 * `open()`: a run is then mid-way (its locks held) while another starts. `held` resolves when
 * that request arrived.
 */
async function holdingProxy(service: string, hold: string) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let heldOne!: () => void;
  const held = new Promise<void>((r) => (heldOne = r));
  const target = new URL(service);
  let holding = false;
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.url?.includes(hold) && !holding) {
        holding = true;
        heldOne();
        await gate;
      }
      const out = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      // The service hanging up (its fault after processing an import): so does the proxy.
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    held,
    open,
    close: () => {
      open();
      return new Promise<void>((r) => proxy.close(() => r()));
    },
  };
}

describe.skipIf(pgMissing !== undefined)('teams on PostgreSQL', () => {
  let pg: PgCluster;
  const emulators = emulatorPool();
  beforeAll(async () => {
    pg = await startPg();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  /** An operator's machine: its own HOME and state folder, the team's database. */
  async function operators(n: number, emu: { url: string }) {
    const url = pg.url(await pg.database());
    return Array.from({ length: n }, () =>
      importEnv(emu, { CACS_STATE_URL: url, CACS_CAMPAIGN: 'summer' }),
    );
  }

  it('--restart --allow-repeat says the leads the ledger holds are sent again, not "still not sent" (operator walk)', async () => {
    const emu = await emulators.start();
    const [env] = await operators(1, emu);
    const cwd = tempDir();
    const file = write(cwd, 'lan.csv', `phone\n${[0, 1, 2].map(phoneOf).join('\n')}\n`);
    const first = await runCli(['import', file], { env: env!, cwd });
    expect(first.code, first.stderr).toBe(0);
    // Each run leaves the file's journal; --restart sets it aside when it sends (here: every lead
    // again, --allow-repeat), and says so.
    await runCli(['import', file, '--restart', '--allow-repeat'], { env: env!, cwd });
    const again = await runCli(['import', file, '--restart', '--allow-repeat'], { env: env!, cwd });
    expect(again.stderr).toContain(
      "--restart: what earlier runs of this file recorded is set aside, and leads the campaign's ledger says were imported are sent again (--allow-repeat)",
    );
    expect(again.stderr).not.toContain('still not sent');
  });

  it('two operators import overlapping files (phones written differently) at once: every phone reaches the service exactly once', async () => {
    const emu = await emulators.start({ latencyMs: 15 });
    const [envA, envB] = await operators(2, emu);
    const cwdA = tempDir();
    const cwdB = tempDir();
    // 0..599 for A, 200..799 for B: 400 shared customers, written in other forms by B.
    const a = Array.from({ length: 600 }, (_, i) => phoneOf(i));
    const b = Array.from({ length: 600 }, (_, i) => phoneOf(200 + i));
    write(cwdA, 'crm-a.csv', `phone,name\n${a.map((p, i) => `${p},A${i}`).join('\n')}\n`);
    write(
      cwdB,
      'crm-b.csv',
      `phone,name\n${b.map((p, i) => `"${writtenAs(p, i)}",B${i}`).join('\n')}\n`,
    );
    const args = ['--batch-size', '20', '--concurrency', '2'];
    const [ra, rb] = await Promise.all([
      importProcess(['crm-a.csv', ...args], envA!, cwdA),
      importProcess(['crm-b.csv', ...args], envB!, cwdB),
    ]);
    expect(ra.stderr).not.toContain('Error:');
    expect(rb.stderr).not.toContain('Error:');
    const sa = ra.summary!;
    const sb = rb.summary!;
    for (const s of [sa, sb]) {
      expect(accountedFor(s) + (s.inFlightElsewhere ?? 0)).toBe(s.total);
      expect(s.inFlightElsewhere).toEqual(expect.any(Number));
      expect([0, 5]).toContain(s.exitCode);
    }
    const phones = processedPhones(emu);
    // Exactly once each: the union of both files, no phone twice.
    expect(phones.length).toBe(new Set(phones).size);
    expect(new Set(phones)).toEqual(new Set([...a, ...b]));
    expect(sa.imported + sb.imported).toBe(800);
    // The shared 400 were held back on one side or the other, each for a reason it names.
    const heldBack = (s: PgSummary) =>
      s.alreadyImported + (s.inFlightElsewhere ?? 0) + (s.skippedByCode.uncertain_earlier ?? 0);
    expect(heldBack(sa) + heldBack(sb)).toBe(400);
    for (const [s, cwd, who] of [
      [sa, cwdA, 'crm-a'],
      [sb, cwdB, 'crm-b'],
    ] as const) {
      if ((s.inFlightElsewhere ?? 0) === 0) continue;
      const skipped = fs.readFileSync(path.resolve(cwd, s.skippedFile!), 'utf8');
      // The run that was sending it, its host and user.
      expect(skipped).toMatch(
        /in_flight_elsewhere,being sent right now by run r\d{8}-\d{6}-[0-9a-f]{6} on \S+ by \S+/,
      );
      expect(skipped).not.toContain(who === 'crm-a' ? ',B' : ',A');
    }
    // A plain rerun of either sends nothing more.
    const again = await importProcess(['crm-b.csv', ...args], envB!, cwdB);
    expect(again.summary!.imported).toBe(0);
    expect(processedPhones(emu).length).toBe(800);
  });

  // Six operators: each file overlaps the next three, so every customer is in up to four runs at
  // once, as with more operators; 20 (and 5,000 leads each) is bench/pg-teams.js --only concurrent.
  it('6 operators import overlapping files into one campaign at once: zero duplicates at the service', async () => {
    const emu = await emulators.start({ latencyMs: 5 });
    const envs = await operators(6, emu);
    // Operator k has customers 60k … 60k + 199: each file overlaps the next three.
    const files = envs.map((_, k) => Array.from({ length: 200 }, (_, i) => phoneOf(60 * k + i)));
    const runs = await Promise.all(
      envs.map((env, k) => {
        const cwd = tempDir();
        write(
          cwd,
          'crm.csv',
          `phone\n${files[k]!.map((p, i) => `"${writtenAs(p, i + k)}"`).join('\n')}\n`,
        );
        return importProcess(['crm.csv', '--batch-size', '25'], env, cwd);
      }),
    );
    const all = new Set(files.flat());
    for (const r of runs) {
      expect(r.summary, r.stderr).toBeDefined();
      expect([0, 5]).toContain(r.summary!.exitCode);
      expect(accountedFor(r.summary!) + (r.summary!.inFlightElsewhere ?? 0)).toBe(200);
    }
    const phones = processedPhones(emu);
    expect(phones.length - new Set(phones).size).toBe(0);
    expect(new Set(phones)).toEqual(all);
    expect(runs.reduce((n, r) => n + r.summary!.imported, 0)).toBe(all.size);
  }, 300_000);

  it('the database stopped mid-run (pg_ctl stop -m immediate): exit 1 naming it (password masked); a rerun after the restart resends nothing that arrived', async () => {
    let answered = 0;
    let onAnswer = () => {};
    const emu = await emulators.start({
      latencyMs: 20,
      onRequest: () => {
        answered++;
        onAnswer();
      },
    });
    const [env] = await operators(1, emu);
    const cwd = tempDir();
    const leads = Array.from({ length: 400 }, (_, i) => phoneOf(5000 + i));
    write(cwd, 'leads.csv', `phone\n${leads.join('\n')}\n`);
    const child = spawn(
      process.execPath,
      [BIN, 'import', 'leads.csv', '--batch-size', '10', '--concurrency', '2', '--json'],
      { cwd, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number>((resolve) =>
      child.on('close', (code) => resolve(code ?? -1)),
    );
    // Some batches answered: the database goes away as a crash would take it.
    await new Promise<void>((resolve) => {
      onAnswer = () => {
        if (answered >= 3) resolve();
      };
    });
    await pg.stopImmediate();
    const code = await exited;
    await pg.start();
    expect(code).toBe(1);
    if (stdout === '') throw new Error(`no summary; stderr: ${stderr}`);
    const summary = JSON.parse(stdout) as PgSummary & { error?: { message: string } };
    expect(summary.exitCode).toBe(1);
    const said = `${stdout}\n${stderr}`;
    expect(said).toContain(`***@127.0.0.1:${pg.port}/`);
    expect(said).toMatch(/the state database postgres:\/\/\S*\*\*\*@127\.0\.0\.1:\d+\/t\w+ failed/);
    expect(said).not.toContain(pg.password);
    expect(said).not.toMatch(/\n\s+at /);
    const arrived = processedPhones(emu);
    expect(arrived.length).toBeGreaterThan(0);
    expect(arrived.length).toBeLessThan(400);

    // After the restart: what arrived is never sent again; the rest goes.
    const rerun = await importProcess(
      ['leads.csv', '--batch-size', '10', '--concurrency', '2'],
      env!,
      cwd,
    );
    expect(rerun.stderr).not.toContain(pg.password);
    const all = processedPhones(emu);
    expect(all.length).toBe(new Set(all).size);
    // Leads whose outcome the stopped run could not record stay uncertain (exit 5), not resent.
    expect([0, 5]).toContain(rerun.summary!.exitCode);
    expect(all.length + rerun.summary!.uncertainEarlier).toBeGreaterThanOrEqual(400);
  });

  it('the database unreachable at the start: exit 1, nothing sent, the database named with its password masked', async () => {
    const emu = await emulators.start();
    const port = await closedPort();
    const secret = 'Pg-Secret-Password-42';
    const env = importEnv(emu, {
      CACS_STATE_URL: `postgresql://team:${secret}@127.0.0.1:${port}/cacs?sslmode=disable`,
    });
    const cwd = tempDir();
    write(cwd, 'leads.csv', `phone\n${phoneOf(1)}\n${phoneOf(2)}\n`);
    // The text run is a real process (no stack trace from the real binary); --json in-process.
    for (const json of [true, false]) {
      const args = ['import', 'leads.csv', ...(json ? ['--json'] : [])];
      const r = json
        ? await runCli(args, { env, cwd })
        : await spawnCli(args, { env, cwd, timeoutMs: 60_000 });
      expect(r.code).toBe(1);
      const said = `${r.stdout}\n${r.stderr}`;
      expect(said).toContain(`@127.0.0.1:${port}/cacs`);
      expect(said).toMatch(/the state database \S+ cannot be reached: .*nothing was sent/);
      expect(said).not.toContain(secret);
      expect(said).not.toMatch(/\n\s+at /);
    }
    expect(processedPhones(emu)).toEqual([]);
    // --verbose too: no password in its trace.
    const v = await runCli(['import', 'leads.csv', '--verbose'], { env, cwd });
    expect(v.code).toBe(1);
    expect(`${v.stdout}${v.stderr}`).not.toContain(secret);
  });

  it('a wrong password: exit 1, "refused the login" with what to check (not "cannot be reached"), error.code unreachable, nothing sent (found by an operator walk)', async () => {
    const emu = await emulators.start();
    const url = pg.url(await pg.database()).replace(pg.password, 'Wrong-Password-99');
    const env = importEnv(emu, { CACS_STATE_URL: url });
    const cwd = tempDir();
    write(cwd, 'leads.csv', `phone\n${phoneOf(1)}\n`);
    const r = await runCli(['import', 'leads.csv', '--json'], { env, cwd });
    expect(r.code).toBe(1);
    const error = JSON.parse(r.stdout).error;
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/the state database \S+ refused the login: /);
    expect(error.hint).toContain('Check the user and the password');
    expect(r.stdout + r.stderr).not.toContain('Wrong-Password-99');
    const h = await runCli(['history', 'find', phoneOf(1)], { env, cwd });
    expect(h.code).toBe(1);
    expect(h.stderr).toContain('refused the login');
    expect(processedPhones(emu)).toEqual([]);
  });

  it('a role that may not create the schema: exit 1, "refused this role" with what to give it (not "cannot be reached"), nothing sent (review, session 17)', async () => {
    const emu = await emulators.start();
    const db = await pg.database();
    const role = `cacs_weak_${process.pid}_${Date.now() % 100000}`;
    await pg.query(`CREATE ROLE ${role} LOGIN PASSWORD 'Weak-Role-Pw-17'`);
    await pg.query(`REVOKE CREATE ON DATABASE ${db} FROM PUBLIC`, [], db);
    try {
      const url = `postgres://${role}:Weak-Role-Pw-17@${pg.host}:${pg.port}/${db}`;
      const env = importEnv(emu, { CACS_STATE_URL: url });
      const cwd = tempDir();
      write(cwd, 'leads.csv', `phone\n${phoneOf(1)}\n`);
      const r = await runCli(['import', 'leads.csv', '--json'], { env, cwd });
      expect(r.code).toBe(1);
      const error = JSON.parse(r.stdout).error;
      expect(error.message).toMatch(/the state database \S+ refused this role: permission denied/);
      expect(error.message).not.toContain('cannot be reached');
      expect(error.hint).toContain('Give the role what cacs needs');
      expect(r.stdout + r.stderr).not.toContain('Weak-Role-Pw-17');
      expect(processedPhones(emu)).toEqual([]);
    } finally {
      await pg.query(`DROP OWNED BY ${role}`, [], db).catch(() => undefined);
      await pg.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    }
  });

  it('reconcile with nothing uncertain names the state database, not a state folder it does not use (found by an operator walk)', async () => {
    const emu = await emulators.start();
    const [env] = await operators(1, emu);
    const cwd = tempDir();
    write(cwd, 'leads.csv', `phone\n${phoneOf(1)}\n`);
    expect((await importInProcess(['leads.csv'], env!, cwd)).summary.imported).toBe(1);
    const r = await runCli(['reconcile'], { env: env!, cwd });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /no uncertain leads in campaign summer \(state database postgres(ql)?:\/\/\*\*\*@/,
    );
    expect(r.stderr).not.toContain('state folder');
    expect(r.stderr).not.toContain(pg.password);
  });

  it('two reconciles of one campaign at once: the second stops (exit 1, naming it), the leads are settled once (review, session 17)', async () => {
    const faults = { dropAfterRate: 1 };
    const emu = await emulators.start({ faults });
    // The first reconcile is mid-way (its lock held) while the second starts.
    const proxy = await holdingProxy(emu.url, 'call_result');
    try {
      const [env] = await operators(1, { url: proxy.url });
      const cwd = tempDir();
      write(cwd, 'u.csv', `phone\n${[1, 2, 3].map(phoneOf).join('\n')}\n`);
      const imported = await runCli(['import', 'u.csv'], { env: env!, cwd });
      expect(imported.code, imported.stderr).toBe(5);
      faults.dropAfterRate = 0;
      const first = runCli(['reconcile', '--json'], { env: env!, cwd });
      await proxy.held;
      const second = await runCli(['reconcile', '--json'], { env: env!, cwd });
      expect(second.code, second.stderr).toBe(1);
      expect(second.stderr).toContain(
        'another cacs reconcile of campaign summer is running right now',
      );
      proxy.open();
      const done = await first;
      expect(done.code, done.stderr).toBe(0);
      expect(JSON.parse(done.stdout)).toMatchObject({ settled: 3, stillUncertain: 0 });
      // Once: a third finds nothing left.
      const third = await runCli(['reconcile', '--json'], { env: env!, cwd });
      expect(JSON.parse(third.stdout)).toMatchObject({ uncertain: 0, settled: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('two imports of one file at once: the second names the run holding it, its user and host (review, session 17)', async () => {
    const emu = await emulators.start();
    const proxy = await holdingProxy(emu.url, 'import_lead');
    try {
      const [env] = await operators(1, { url: proxy.url });
      const cwd = tempDir();
      write(cwd, 's.csv', `phone\n${[1, 2, 3].map(phoneOf).join('\n')}\n`);
      const first = runCli(['import', 's.csv', '--json'], { env: env!, cwd });
      await proxy.held;
      const second = await runCli(['import', 's.csv'], { env: env!, cwd });
      expect(second.code, second.stderr).toBe(1);
      expect(second.stderr).toMatch(
        /another cacs run \(r\d{8}-\d{6}-[0-9a-f]{6}, [^@\s]+@[^)\s]+\) is importing s\.csv right now/,
      );
      proxy.open();
      const done = await first;
      expect(done.code, done.stderr).toBe(0);
      expect(processedPhones(emu).sort()).toEqual([1, 2, 3].map(phoneOf));
    } finally {
      await proxy.close();
    }
  });

  it('a schema newer than this cacs knows: exit 2, "upgrade cacs", nothing sent', async () => {
    const emu = await emulators.start();
    const db = await pg.database();
    await pg.query('CREATE SCHEMA cacs', [], db);
    await pg.query('CREATE TABLE cacs.meta (key text PRIMARY KEY, value text NOT NULL)', [], db);
    await pg.query("INSERT INTO cacs.meta VALUES ('schema_version', '99')", [], db);
    const env = importEnv(emu, { CACS_STATE_URL: pg.url(db) });
    const cwd = tempDir();
    write(cwd, 'leads.csv', `phone\n${phoneOf(1)}\n`);
    const r = await runCli(['import', 'leads.csv'], { env, cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`version 99; this cacs knows version ${SCHEMA_VERSION} at most`);
    expect(r.stderr).toContain('upgrade cacs');
    expect(r.stderr).not.toContain(pg.password);
    expect(processedPhones(emu)).toEqual([]);
  });

  it('migrate refuses a state folder others may change: exit 2, nothing copied (session 24)', async () => {
    const emu = await emulators.start();
    const db = await pg.database();
    const env = importEnv(emu);
    const cwd = tempDir();
    write(cwd, 'leads.csv', `phone\n${phoneOf(1)}\n`);
    expect((await importInProcess(['leads.csv'], env, cwd)).summary.imported).toBe(1);
    const ledgers = path.join(env.CACS_STATE_DIR!, 'ledgers');
    fs.chmodSync(ledgers, 0o777);
    const r = await runCli(['state', 'migrate', '--to', pg.url(db)], { env, cwd });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`any user may change ${ledgers} (mode 0777)`);
    expect(r.stderr).not.toContain(pg.password);
    const copied = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'cacs'
         AND table_name = 'ledger_records'`,
      [],
      db,
    );
    if (copied.rows[0]!.n === 1) {
      const rows = await pg.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM cacs.ledger_records',
        [],
        db,
      );
      expect(rows.rows[0]!.n).toBe(0);
    }
    // Taken back from others: migrated.
    fs.chmodSync(ledgers, 0o700);
    const ok = await runCli(['state', 'migrate', '--to', pg.url(db)], { env, cwd });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/ledger summer at http:\/\/127\.0\.0\.1:\d+: 2 records copied/);
  });

  it('migrate a file store, then the leads it imported are held back from another machine (stateUrl in its config file)', async () => {
    const emu = await emulators.start();
    const db = await pg.database();
    const url = pg.url(db);
    // Machine A: the file store, as before teams.
    const envA = importEnv(emu);
    const cwdA = tempDir();
    const first = Array.from({ length: 50 }, (_, i) => phoneOf(9000 + i));
    write(cwdA, 'leads.csv', `phone\n${first.join('\n')}\n`);
    // In-process (runCli) but the first `state migrate`, a real process: what is checked is
    // the output and the state, not the process.
    const a = await importInProcess(['leads.csv'], envA, cwdA);
    expect(a.summary.imported).toBe(50);
    const stateA = envA.CACS_STATE_DIR!;
    const snapshot = () =>
      fs
        .readdirSync(stateA, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => {
          const f = path.join(d.parentPath, d.name);
          return `${f} ${fs.readFileSync(f).toString('base64')}`;
        })
        .sort();
    const before = snapshot();

    const m1 = await spawnCli(['state', 'migrate', '--to', url], { env: envA, cwd: cwdA });
    expect(m1.code).toBe(0);
    expect(m1.stdout).toMatch(/ledger summer at http:\/\/127\.0\.0\.1:\d+: 100 records copied/);
    expect(m1.stdout).toContain('history: 1 run copied');
    expect(`${m1.stdout}${m1.stderr}`).not.toContain(pg.password);
    // Idempotent: nothing copied twice.
    const m2 = await runCli(['state', 'migrate', '--to', url, '--json'], {
      env: envA,
      cwd: cwdA,
    });
    expect(m2.code).toBe(0);
    const again = JSON.parse(m2.stdout) as {
      migrated: { ledgers: Array<{ copied: number; already: number }>; runs: { copied: number } };
    };
    expect(again.migrated.ledgers).toEqual([expect.objectContaining({ copied: 0, already: 100 })]);
    expect(again.migrated.runs.copied).toBe(0);
    // The folder is left as it was.
    expect(snapshot()).toEqual(before);

    // Machine B: its own HOME, the team's database named in its config file.
    const envB = importEnv(emu);
    const cwdB = tempDir();
    fs.writeFileSync(path.join(cwdB, '.cacsrc.json'), JSON.stringify({ stateUrl: url }), {
      mode: 0o600,
    });
    const fresh = Array.from({ length: 10 }, (_, i) => phoneOf(9500 + i));
    write(
      cwdB,
      'crm.csv',
      `phone\n${[...first.map((p, i) => writtenAs(p, i)), ...fresh].map((p) => `"${p}"`).join('\n')}\n`,
    );
    const b = await importInProcess(['crm.csv'], envB, cwdB);
    expect(b.summary.imported).toBe(10);
    expect(b.summary.alreadyImported).toBe(50);
    expect(processedPhones(emu).length).toBe(60);
    expect(new Set(processedPhones(emu)).size).toBe(60);

    const shown = await runCli(['config', 'show'], { env: envB, cwd: cwdB });
    expect(shown.stdout).toMatch(/stateUrl\s+postgres:\/\/\*\*\*@127\.0\.0\.1/);
    expect(shown.stdout).not.toContain(pg.password);
    const status = await runCli(['state', 'status', '--json'], { env: envB, cwd: cwdB });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).status).toMatchObject({
      store: 'postgres',
      schemaVersion: SCHEMA_VERSION,
      ledgers: 1,
      runs: 2,
    });
    expect(status.stdout).not.toContain(pg.password);
    // The team's history: both machines' runs, with host and user.
    const history = await runCli(['history', '--json'], {
      env: { ...envB, CACS_STATE_URL: url },
      cwd: cwdB,
    });
    const runs = (JSON.parse(history.stdout) as { runs: Array<{ host?: string; user?: string }> })
      .runs;
    expect(runs).toHaveLength(2);
    for (const r of runs) expect(r.host).toEqual(expect.any(String));

    // Machine C kept its own state folder (its own secret) until now: migrated too, its leads
    // are held back from B as well.
    const envC = importEnv(emu);
    const cwdC = tempDir();
    const third = Array.from({ length: 20 }, (_, i) => phoneOf(9700 + i));
    write(cwdC, 'c.csv', `phone,ref\n${third.map((p, i) => `${p},CF-${i}`).join('\n')}\n`);
    const c = await importInProcess(['c.csv'], envC, cwdC);
    expect(c.summary.imported).toBe(20);
    const m3 = await runCli(['state', 'migrate', '--to', url, envC.CACS_STATE_DIR!, stateA], {
      env: envC,
      cwd: cwdC,
    });
    expect(m3.code, m3.stderr).toBe(0);
    expect(m3.stdout).toContain("another secret than the database's");
    expect(m3.stdout).toMatch(/ledger summer at http:\/\/127\.0\.0\.1:\d+: 40 records copied/);
    write(cwdB, 'c2.csv', `phone\n${third.map((p, i) => `"${writtenAs(p, i)}"`).join('\n')}\n`);
    const b2 = await importInProcess(['c2.csv'], envB, cwdB);
    expect(b2.summary.imported).toBe(0);
    expect(b2.summary.alreadyImported).toBe(20);
    expect(new Set(processedPhones(emu)).size).toBe(80);
    expect(processedPhones(emu).length).toBe(80);

    // forget reaches a migrated folder's records too (kept under its own secret): the receipt
    // says it held them, and the history knows the person no more (found by an audit).
    const known = await runCli(['history', 'find', third[0]!], { env: envB, cwd: cwdB });
    expect(known.stdout).toContain('accepted');
    const gone = await runCli(['forget', third[0]!, '--json'], { env: envB, cwd: cwdB });
    expect(gone.code, gone.stderr).toBe(0);
    expect(JSON.parse(gone.stdout).receipt).toMatchObject({ held: 1, nothingHeld: false });
    const after = await runCli(['history', 'find', third[0]!], { env: envB, cwd: cwdB });
    expect(after.stdout).not.toContain('accepted');
    // By ref_id: the record's number (hashed with C's secret) cannot be named by an erasure
    // record, so it still holds the number back; only its link to the ref_id goes (the review
    // found the number sent again when the record was deleted).
    const byRef = await runCli(['forget', 'CF-1', '--json'], { env: envB, cwd: cwdB });
    expect(byRef.code, byRef.stderr).toBe(0);
    expect(
      (await runCli(['history', 'find', 'CF-1'], { env: envB, cwd: cwdB })).stdout,
    ).not.toContain('accepted');
    const sentBefore = processedPhones(emu).length;
    write(cwdB, 'c3.csv', `phone\n${third[1]}\n`);
    const b3 = await importInProcess(['c3.csv'], envB, cwdB);
    expect(b3.summary.imported).toBe(0);
    expect(processedPhones(emu).length).toBe(sentBefore);
    // prune ages them out as it does the database's own records.
    fs.writeFileSync(
      path.join(cwdB, '.cacsrc.json'),
      JSON.stringify({ stateUrl: url, state: { retentionDays: 1 } }),
    );
    const pruned = await runCli(['state', 'prune', '--json'], {
      env: envB,
      cwd: cwdB,
      now: () => new Date(Date.now() + 3 * 86_400_000),
    });
    expect(pruned.code, pruned.stderr).toBe(0);
    const left = await pg.query(`SELECT count(*)::int AS n FROM cacs.foreign_claims`, [], db);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
  it('claims ahead: the next batch is in flight in the database while the one before it is on the wire (one request at a time), and leaves once a slot frees', async () => {
    // A service that holds the first request until told, and answers the others at once.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let first: () => void = () => {};
    const firstArrived = new Promise<void>((r) => (first = r));
    const received: string[][] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data: Array<{ phone_number: string }>;
        };
        received.push(body.data.map((l) => l.phone_number));
        const answer = () => {
          const n = body.data.length;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ result: 'success', message: `${n}/${n} leads were imported` }));
        };
        if (received.length === 1) {
          first();
          void released.then(answer);
        } else answer();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const db = await pg.database();
      const env = importEnv(
        { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
        { CACS_STATE_URL: pg.url(db), CACS_CAMPAIGN: 'summer' },
      );
      const cwd = tempDir();
      const phones = Array.from({ length: 20 }, (_, i) => phoneOf(5_000 + i));
      write(cwd, 'crm.csv', `phone,name\n${phones.map((p, i) => `${p},K${i}`).join('\n')}\n`);
      let exited = false;
      const run = importProcess(['crm.csv', '--batch-size', '10', '--concurrency', '1'], env, cwd);
      void run.then(() => (exited = true));
      await firstArrived;
      // The second batch's claim is written while the first request is held (the old sender
      // waited for the slot: it stayed at 10 until the first answer).
      const inFlight = async () =>
        Number(
          (
            await pg
              .query<{ n: number }>(
                `SELECT count(*)::int AS n FROM cacs.claims WHERE state = 2`,
                [],
                db,
              )
              .catch(() => ({ rows: [{ n: 0 }] }))
          ).rows[0]!.n,
        );
      let claimed = await inFlight();
      const deadline = Date.now() + 20_000;
      while (claimed < 20 && !exited && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        claimed = await inFlight();
      }
      const heldRequests = received.length;
      // Another operator imports the same customers meanwhile: none is sent (the first run is
      // sending them), and the summary says so on a row of its own, so the rows add up.
      const cwd2 = tempDir();
      write(cwd2, 'crm2.csv', `phone,name\n${phones.map((p, i) => `${p},L${i}`).join('\n')}\n`);
      const other = await runCli(['import', 'crm2.csv'], { env, cwd: cwd2 });
      expect(other.stderr).toMatch(/sent by another run +20 +not sent here: another run/);
      release();
      const r = await run;
      expect(claimed).toBe(20);
      expect(heldRequests).toBe(1);
      expect(r.summary?.imported).toBe(20);
      expect(r.code).toBe(0);
      expect(received.flat().sort()).toEqual([...phones].sort());
      expect(await inFlight()).toBe(0);
    } finally {
      release();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
