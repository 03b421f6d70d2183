/**
 * Issue 26's tests, shared by the file-store and PostgreSQL kill tests and the upkeep tests:
 * cacs started as a real process paused at a named test point (src/test-point.ts), optionally
 * on a clock shifted ahead (the CLI's own injected clock, IO.now — nothing in cacs reads a time
 * setting), and searches for what a person left behind: bytes under folders (UTF-8, UTF-16LE,
 * UTF-16BE) and text in every table of a PostgreSQL database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { ROOT, runCli } from './cli.js';
import { importJson, write } from './import.js';
import { reached, watch, type Running } from './points.js';

/** The command line as bin/cacs.js runs it (scripts/bundle.js). */
const MAIN = pathToFileURL(path.join(ROOT, 'dist', 'bundle', 'cli.js')).href;

/** bin/cacs.js's work, with the clock `offset` ms ahead (argv[1] is the offset). */
const SHIFTED = `
const [offset, ...args] = process.argv.slice(1);
const { main, processIO } = await import(${JSON.stringify(MAIN)});
const shift = Number(offset);
process.exitCode = await main(args, { ...processIO(), now: () => new Date(Date.now() + shift) });
`;

/**
 * Start cacs (dist/) as a process whose clock is `offsetMs` ahead (0: the real clock); its
 * stdin is `stdinFile` when given.
 */
export function startShifted(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  offsetMs = 0,
  stdinFile?: string,
): Running {
  const input = stdinFile === undefined ? 'ignore' : fs.openSync(stdinFile, 'r');
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', SHIFTED, '--', String(offsetMs), ...argv],
    { cwd, env: env as NodeJS.ProcessEnv, stdio: [input, 'pipe', 'pipe'] },
  );
  if (typeof input === 'number') fs.closeSync(input);
  return watch(child);
}

/**
 * Start cacs paused at `point` (CACS_TEST_POINTS = `points`), SIGKILL it there. False when it
 * ended without reaching the point (then its output is in `ended`).
 */
export async function killAt(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  points: string,
  point: string,
  offsetMs = 0,
): Promise<{ killed: boolean; ended?: { code: number | null; stderr: string } }> {
  const r = startShifted(
    argv,
    { ...env, CACS_TEST_POINTS: points, CACS_TEST_PAUSE: point },
    cwd,
    offsetMs,
  );
  const pid = await reached(points, point, r.exited, r.child.pid);
  if (pid === undefined) return { killed: false, ended: await r.done };
  r.child.kill('SIGKILL');
  await r.done;
  return { killed: true };
}

/** Run cacs to its end on a shifted clock. */
export async function runShifted(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  offsetMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return startShifted(argv, env, cwd, offsetMs).done;
}

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

/** `file: needle` for each file (given, or under a given folder) holding a needle in any encoding. */
export function byteLeaks(places: readonly string[], needles: readonly string[]): string[] {
  const found: string[] = [];
  for (const p of places)
    for (const f of fs.existsSync(p) && fs.statSync(p).isFile() ? [p] : filesUnder(p)) {
      const bytes = fs.readFileSync(f);
      for (const n of needles) {
        const le = Buffer.from(n, 'utf16le');
        for (const e of [Buffer.from(n), le, Buffer.from(le).swap16()])
          if (bytes.includes(e)) {
            found.push(`${f}: ${n}`);
            break;
          }
      }
    }
  return found;
}

/**
 * `schema.table: needle` for each table of the database (every schema but PostgreSQL's own)
 * whose rows, as text, hold a needle.
 */
export async function sqlLeaks(
  query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
  needles: readonly string[],
): Promise<{ tables: string[]; found: string[] }> {
  const tables = (
    await query(
      `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS t
       FROM information_schema.tables
       WHERE table_type = 'BASE TABLE'
         AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    )
  ).rows.map((r) => String(r.t));
  const found: string[] = [];
  for (const t of tables) {
    const rows = (await query(`SELECT x::text AS v FROM ${t} x`)).rows.map((r) => String(r.v));
    for (const n of needles) if (rows.some((v) => v.includes(n))) found.push(`${t}: ${n}`);
  }
  return { tables, found };
}

export { reached };

/**
 * `cacs state prune` keeps a run that left leads still uncertain (its history entry and its
 * uncertain list), however old, and takes them once reconcile has settled them: the same on
 * either store (`env` names it). `faults` is the emulator's, set to answer every import with a
 * 500 after processing it; it is cleared for the reconcile.
 */
export async function pruneKeepsOpenRun(
  env: Record<string, string | undefined>,
  cwd: string,
  faults: { rate500After: number },
): Promise<void> {
  fs.writeFileSync(
    path.join(cwd, '.cacsrc.json'),
    JSON.stringify({ state: { retentionDays: 30 } }),
  );
  const u = write(cwd, 'u.csv', 'phone,name\n0912000041,An\n0912000042,Bình\n');
  expect((await importJson([u, '--timeout', '2000'], env, cwd)).code).toBe(5);
  const list = path.join(cwd, 'u.csv.uncertain.csv');
  expect(fs.existsSync(list)).toBe(true);
  const later = () => new Date(Date.now() + 60 * 86_400_000);
  const p = await runCli(['state', 'prune', '--json'], { env, cwd, now: later });
  expect(p.code, p.stderr).toBe(0);
  expect(JSON.parse(p.stdout).prune).toMatchObject({ runs: 0, files: [] });
  expect(fs.existsSync(list)).toBe(true);
  const h = await runCli(['history', '--json'], { env, cwd });
  expect(JSON.parse(h.stdout).runs).toHaveLength(1);
  // Settled (the service holds them): the next prune takes them.
  faults.rate500After = 0;
  expect((await runCli(['reconcile'], { env, cwd, now: later })).code).toBe(0);
  const p2 = await runCli(['state', 'prune', '--json'], { env, cwd, now: later });
  expect(JSON.parse(p2.stdout).prune).toMatchObject({ runs: 1, files: [list] });
}
