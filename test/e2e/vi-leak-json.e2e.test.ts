/**
 * Issue 27: the same scripts work unchanged in either language. Every command that prints JSON
 * runs the same steps twice, under LANG=vi_VN.UTF-8 and under LANG=C, each with its own emulator
 * (same seed), home and clock: stdout is the same JSON and the exit code the same, once what
 * differs between any two runs is set aside (run ids, the folders, the emulator's port, elapsed
 * times). The one documented difference (README, Language): `error.message`, `error.hint` and
 * `error.problems`, the sentences the operator reads on stderr too, are in the operator's
 * language; scripts use `error.code` and the exit code. In-process (runCli).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ROOT, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

/** 2026-03-02 09:30 in Hà Nội (UTC+7), as the golden test. */
const START = Date.UTC(2026, 2, 2, 2, 30, 0);
const range = ['--from', '2026-03-01', '--to', '2026-03-09'];

/** Every command with a JSON output, and its main failures. */
const STEPS: Array<[name: string, argv: string[], env?: Record<string, string>]> = [
  ['import --dry-run --json', ['import', 'leads.csv', '--dry-run', '--json']],
  ['import --json', ['import', 'leads.csv', '--json']],
  ['import --json again', ['import', 'leads.csv', '--json']],
  ['import --json, rows rejected', ['import', 'bad.csv', '--json']],
  ['import --json, a missing file', ['import', 'nope.csv', '--json']],
  ['import --json, token refused', ['import', 'bad.csv', '--json'], { CACS_ACCESS_TOKEN: 'no' }],
  ['report --format json', ['report', ...range, '--format', 'json']],
  ['report --format ndjson', ['report', ...range, '--format', 'ndjson']],
  ['report --summary --format json', ['report', ...range, '--summary', '--format', 'json']],
  ['report --bookmark, json', ['report', '--bookmark', 'n', ...range, '--format', 'json']],
  ['report --bookmarks --format json', ['report', '--bookmarks', '--format', 'json']],
  // Local habits read the same in either language (issue 27 item 3): dd/mm/yyyy and H:mm.
  [
    'report --format json, dd/mm/yyyy H:mm',
    ['report', '--from', '01/03/2026', '--to', '09/03/2026 9:05', '--format', 'json'],
  ],
  ['report --format json, bad date', ['report', '--from', '2026/03/01', '--format', 'json']],
  ['history --json', ['history', '--json']],
  ['history show --json', ['history', 'show', '<run>', '--json']],
  ['history show --json, no such run', ['history', 'show', 'r20000101-000000-000000', '--json']],
  ['history find --json', ['history', 'find', '0912345678', '--json']],
  ['reconcile --json', ['reconcile', '--json']],
  ['state status --json', ['state', 'status', '--json']],
  ['state prune --dry-run --json', ['state', 'prune', '--dry-run', '--json']],
  ['state prune --json', ['state', 'prune', '--json']],
  ['forget --json', ['forget', '0912345678', '--json']],
  ['forget --json, nothing held', ['forget', '0999999999', '--json']],
  ['config show --json', ['config', 'show', '--json']],
  ['config show --json, a bad setting', ['config', 'show', '--json', '--config', 'bad.yaml']],
];

interface Pass {
  emu: RunningEmulator;
  work: string;
  env: Record<string, string | undefined>;
  clock: number;
  run: string;
}

async function setUp(lang: string): Promise<Pass> {
  const p = { work: tempDir('cacs-vi-json-'), clock: START, run: '' } as Pass;
  p.emu = await startEmulator({
    port: 0,
    seed: 7,
    now: () => new Date(p.clock),
    campaigns: [{ key: 'summer' }],
  });
  fs.copyFileSync(path.join(ROOT, 'examples', 'leads.csv'), path.join(p.work, 'leads.csv'));
  fs.writeFileSync(path.join(p.work, 'bad.csv'), 'phone,name\n0987654321,An\n12345,Bình\n');
  fs.writeFileSync(path.join(p.work, '.cacsrc.yaml'), 'state:\n  retentionDays: 30\n');
  fs.writeFileSync(path.join(p.work, 'bad.yaml'), 'report:\n  windowDays: 99\n');
  p.env = isolatedEnv({
    CACS_BASE_URL: p.emu.url,
    CACS_ACCESS_TOKEN: p.emu.token,
    CACS_CAMPAIGN: 'summer',
    TZ: 'Asia/Ho_Chi_Minh',
    NO_COLOR: '1',
    LANG: lang,
  });
  return p;
}

/** stdout with what differs between any two runs set aside. */
function comparable(p: Pass, stdout: string): unknown[] {
  const text = stdout
    .replaceAll(p.work, '<work>')
    .replaceAll(String(p.env.HOME), '<home>')
    .replaceAll(p.emu.url, '<service>')
    .replace(/r\d{8}-\d{6}-[0-9a-f]{6}/g, '<run>')
    // A bookmark's file is named by a hash of its service address (the emulator's port).
    .replace(/\b[0-9a-f]{32}\b/g, '<hash>');
  let values: unknown[];
  try {
    // One JSON document (indented or not), or NDJSON: one per line.
    values = text.trim() === '' ? [] : [JSON.parse(text) as unknown];
  } catch {
    values = text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown);
  }
  return values.map(
    (value) =>
      JSON.parse(
        JSON.stringify(value, (key, v: unknown) =>
          // Durations, and when the ledger recorded a lead (the machine's clock, not the run's).
          key === 'elapsedMs' || key === 'leadsPerSecond' || key === 'recorded' ? '<n>' : v,
        ),
      ) as unknown,
  );
}

/**
 * The documented human fields: error.message, error.hint and error.problems (a config file's
 * faults, the lines of the message), in the operator's language.
 */
function withoutHumanFields(values: unknown[]): unknown[] {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'error' && x !== null && typeof x === 'object') {
        const { message: _m, hint: _h, problems: _p, ...rest } = x as Record<string, unknown>;
        out[k] = strip(rest);
      } else out[k] = strip(x);
    }
    return out;
  };
  return values.map(strip);
}

describe('the same scripts work in either language: JSON and exit codes', () => {
  const passes: Record<'vi' | 'c', Pass | undefined> = { vi: undefined, c: undefined };
  beforeAll(async () => {
    passes.vi = await setUp('vi_VN.UTF-8');
    passes.c = await setUp('C');
  });
  afterAll(async () => {
    for (const p of Object.values(passes)) {
      if (!p) continue;
      await p.emu.close();
      fs.rmSync(p.work, { recursive: true, force: true });
      fs.rmSync(String(p.env.HOME), { recursive: true, force: true });
    }
  });

  it.each(STEPS)('%s', async (_name, argv, env = {}) => {
    const out: Record<string, { code: number; json: unknown[]; stderr: string }> = {};
    for (const [lang, p] of Object.entries(passes) as Array<['vi' | 'c', Pass]>) {
      const args = argv.map((a) => (a === '<run>' ? p.run : a));
      const r = await runCli(args, {
        env: { ...p.env, ...env },
        cwd: p.work,
        now: () => new Date(p.clock),
      });
      p.clock += 60_000;
      out[lang] = { code: r.code, json: comparable(p, r.stdout), stderr: r.stderr };
      if (argv[0] === 'history' && argv[1] === '--json')
        p.run = (JSON.parse(r.stdout) as { runs: Array<{ id: string }> }).runs[0]!.id;
    }
    const { vi, c } = out as Record<'vi' | 'c', (typeof out)[string]>;
    expect(vi.code).toBe(c.code);
    expect(withoutHumanFields(vi.json)).toEqual(withoutHumanFields(c.json));
    // Every step prints its JSON but a report refused before it starts (its stdout is data).
    if (argv[0] !== 'report' || c.code === 0) expect(vi.json.length, c.stderr).toBeGreaterThan(0);
  });
});
