/**
 * Issue 24 item 4: report bookmarks live in the team's database, so a nightly report moves from
 * one server to another without a gap or an overlap; `cacs state migrate` brings a state
 * folder's bookmarks along (and every folder it is given). The emulator over real HTTP, with a
 * clock the test moves; a real PostgreSQL server (test/helpers/pg.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-11-20 00:00 in Ho Chi Minh City (UTC+7). */
const D = Date.parse('2026-11-19T17:00:00Z');
const clock = { ms: D };

/** Leads imported every 20 minutes over four days: attempts all along every run. */
async function seededEmulator(): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, seed: 24, now: () => new Date(clock.ms) });
  for (let i = 0; i < 4 * 72; i++) {
    emu.store.addLead(
      'summer',
      { phone_number: `09${String(20000000 + i)}`, name: `Khách ${i}` },
      new Date(D + i * 20 * 60_000 + (i % 7) * 1000),
    );
  }
  return emu;
}

function sessionsOf(file: string): string[] {
  const rows = parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Array<
    Record<string, string>
  >;
  return rows.map((r) => r.session!);
}

/** A server of the team: its own HOME and state folder; the team's database when `url`. */
function server(emu: RunningEmulator, url?: string) {
  const state = tempDir('cacs-state-');
  const env = isolatedEnv({
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: 'emulator-token',
    CACS_CAMPAIGN: 'summer',
    CACS_STATE_DIR: state,
    ...(url !== undefined ? { CACS_STATE_URL: url } : {}),
  });
  const cwd = tempDir();
  return {
    state,
    cwd,
    run: (argv: string[]) => runCli(argv, { env, cwd, now: () => new Date(clock.ms) }),
  };
}

const ARGS = ['report', '--bookmark', 'nightly', '-o', 'calls-{from}-{to}.csv'];

describe.skipIf(pgMissing !== undefined)('report bookmarks on PostgreSQL', () => {
  let pg: PgCluster;
  let emu: RunningEmulator;
  beforeAll(async () => {
    pg = await startPg();
    emu = await seededEmulator();
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
    await pg?.stop();
  });

  it('a nightly report moved from server A to server B (same database): no gap, no overlap', async () => {
    const url = pg.url(await pg.database());
    const a = server(emu, url);
    const b = server(emu, url);
    clock.ms = D + DAY + 10 * HOUR; // 2026-11-21 10:00
    const r1 = await a.run([...ARGS, '--from', '2026-11-20']);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stderr).toContain('now covers up to 2026-11-21 09:00:00');
    // The next night the report runs on B: it goes on where A's run ended, without --from.
    clock.ms += 7 * HOUR + 13 * 60_000 + 27_000;
    const r2 = await b.run(ARGS);
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stderr).toContain('now covers up to 2026-11-21 16:13:27');
    // And back on A.
    clock.ms += DAY + 17 * HOUR + 3 * 60_000 + 11_000;
    const r3 = await a.run(ARGS);
    expect(r3.code, r3.stderr).toBe(0);
    expect(r3.stderr).toContain('now covers up to 2026-11-23 09:16:38');
    // Neither server keeps a bookmark file: it is the database's.
    for (const s of [a, b]) expect(fs.existsSync(path.join(s.state, 'bookmarks'))).toBe(false);

    const files = [
      ...fs.readdirSync(a.cwd).map((f) => path.join(a.cwd, f)),
      ...fs.readdirSync(b.cwd).map((f) => path.join(b.cwd, f)),
    ].sort((x, y) => path.basename(x).localeCompare(path.basename(y)));
    expect(files.map((f) => path.basename(f))).toEqual([
      'calls-20261120-000000-20261121-090000.csv',
      'calls-20261121-090001-20261121-161327.csv',
      'calls-20261121-161328-20261123-091638.csv',
    ]);
    const union = files.flatMap(sessionsOf);
    // No overlap: no attempt twice. No gap: the same attempts as one report of the whole span.
    expect(new Set(union).size).toBe(union.length);
    const whole = server(emu);
    const all = await whole.run([
      'report',
      '--from',
      '2026-11-20 00:00:00',
      '--to',
      '2026-11-23 09:16:38',
      '-o',
      'all.csv',
    ]);
    expect(all.code, all.stderr).toBe(0);
    expect([...union].sort()).toEqual(sessionsOf(path.join(whole.cwd, 'all.csv')).sort());
    expect(union.length).toBeGreaterThan(100);

    // Both servers list it, from the database; B forgets it, and A sees it gone.
    const listed = await b.run(['report', '--bookmarks', '--format', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    const list = JSON.parse(listed.stdout) as Array<{ name: string; runs: number; file: string }>;
    expect(list).toEqual([expect.objectContaining({ name: 'nightly', runs: 3 })]);
    expect(listed.stdout).not.toContain(pg.password);
    // The table's footer names the database (its credentials masked, as every output masks a
    // URL's), not the state folder.
    const masked = url.replace(/\/\/[^@/]*@/, '//***@');
    const table = await b.run(['report', '--bookmarks']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toContain(`1 bookmark in ${masked} (schema cacs);`);
    expect(table.stdout + table.stderr).not.toContain(b.state);
    expect(table.stdout + table.stderr).not.toContain(pg.password);
    const reset = await b.run(['report', '--bookmark-reset', 'nightly']);
    expect(reset.code, reset.stderr).toBe(0);
    const after = await a.run(['report', '--bookmarks', '--format', 'json']);
    expect(JSON.parse(after.stdout)).toEqual([]);
    // No bookmark left: said of the database too.
    const none = await a.run(['report', '--bookmarks']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain(`no bookmarks in ${masked} (schema cacs)`);
    expect(none.stderr).not.toContain(a.state);
    expect(none.stderr).not.toContain(pg.password);
  });

  it('migrate copies a state folder’s bookmark (and every folder given); the report goes on from the database', async () => {
    const url = pg.url(await pg.database());
    // Two servers on files, each with its own state folder (and its own secret).
    const a = server(emu);
    const c = server(emu);
    clock.ms = D + DAY + 10 * HOUR;
    const r1 = await a.run([...ARGS, '--from', '2026-11-20']);
    expect(r1.code, r1.stderr).toBe(0);
    const r1c = await c.run([
      'report',
      '--bookmark',
      'weekly',
      '--from',
      '2026-11-20',
      '-o',
      'w-{from}.csv',
    ]);
    expect(r1c.code, r1c.stderr).toBe(0);
    const before = fs.readFileSync(
      path.join(a.state, 'bookmarks', fs.readdirSync(path.join(a.state, 'bookmarks'))[0]!),
      'utf8',
    );

    const m1 = await a.run(['state', 'migrate', '--to', url, a.state, c.state]);
    expect(m1.code, m1.stderr).toBe(0);
    expect(m1.stdout).toContain('bookmarks: 1 copied');
    expect(m1.stdout).toContain(`copied from ${a.state}`);
    expect(m1.stdout).toContain(`copied from ${c.state}`);
    expect(m1.stdout).not.toContain(pg.password);
    // Idempotent.
    const m2 = await a.run(['state', 'migrate', '--to', url, a.state, c.state, '--json']);
    expect(m2.code, m2.stderr).toBe(0);
    const again = JSON.parse(m2.stdout) as {
      migrated: Array<{ bookmarks: { copied: number; already: number } }>;
    };
    expect(again.migrated.map((m) => m.bookmarks)).toEqual([
      { copied: 0, already: 1, unreadable: 0 },
      { copied: 0, already: 1, unreadable: 0 },
    ]);
    // The folder is left as it was.
    const files = fs.readdirSync(path.join(a.state, 'bookmarks'));
    expect(fs.readFileSync(path.join(a.state, 'bookmarks', files[0]!), 'utf8')).toBe(before);

    // Another server on the database goes on where A's file bookmark ended.
    const b = server(emu, url);
    clock.ms += 7 * HOUR + 13 * 60_000 + 27_000;
    const r2 = await b.run(ARGS);
    expect(r2.code, r2.stderr).toBe(0);
    expect(fs.readdirSync(b.cwd)).toEqual(['calls-20261121-090001-20261121-161327.csv']);
    const listed = await b.run(['report', '--bookmarks', '--format', 'json']);
    const names = (JSON.parse(listed.stdout) as Array<{ name: string }>).map((x) => x.name);
    expect(names.sort()).toEqual(['nightly', 'weekly']);
  });
});
