/**
 * What a person reads, kept byte for byte: 30-odd commands over the examples and an emulator on
 * a fixed clock, their stdout, stderr and exit code compared with test/golden/*.txt. A refactor
 * (issue 23) must leave every file as it is; a deliberate change of wording updates the files
 * (`npx vitest run test/e2e/golden-output.e2e.test.ts -u`) and the diff shows in review.
 * Only what cannot be fixed is normalised: temp paths, the emulator's port, run ids, elapsed
 * times.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ROOT, isolatedEnv, runCli, tempDir, type RunResult } from '../helpers/cli.js';

/** 2026-03-02 09:30 in Hà Nội (UTC+7). */
const START = Date.UTC(2026, 2, 2, 2, 30, 0);
let clock = START;
const now = () => new Date(clock);

let emu: RunningEmulator;
let work: string;
let env: Record<string, string | undefined>;

/** cacs runs in-process: the times it prints on the machine's clock follow this process's zone. */
const zoneBefore = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'UTC';
  emu = await startEmulator({ port: 0, seed: 7, now, campaigns: [{ key: 'summer' }] });
  work = tempDir('cacs-golden-');
  for (const f of ['leads.csv', 'leads.json', 'leads.ndjson'])
    fs.copyFileSync(path.join(ROOT, 'examples', f), path.join(work, f));
  env = isolatedEnv({
    CACS_BASE_URL: emu.url,
    CACS_ACCESS_TOKEN: emu.token,
    CACS_CAMPAIGN: 'summer',
    TZ: 'Asia/Ho_Chi_Minh',
    NO_COLOR: '1',
  });
});
afterAll(async () => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
  await emu?.close();
});

/** Yesterday, today and tomorrow on the machine's clock (yyyy-mm-dd). */
const NEAR_DAYS = [-1, 0, 1].map((d) =>
  new Date(Date.now() + d * 86_400_000).toLocaleDateString('sv-SE'),
);

function normalise(text: string): string {
  return (
    text
      .split(work)
      .join('<work>')
      .split(String(env.HOME))
      .join('<home>')
      .split(emu.url)
      .join('<service>')
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
      .replace(/\br\d{8}-\d{6}-[0-9a-f]{6}\b/g, '<run>')
      // `cacs history` shows a run by the last 6 characters of its id, after its start.
      .replace(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2} {2})[0-9a-f]{6}\b/gm, '$1<id>')
      // Times on the machine's real clock (where the code does not take the injected one yet).
      .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<real time>')
      // Today's date on some clock: the machine's, or the one the output is in (the config's
      // Asia/Ho_Chi_Minh is a day ahead of UTC from 17:00 UTC on): a day either side.
      .replace(new RegExp(`(?:${NEAR_DAYS.join('|')}) \\d{2}:\\d{2}(:\\d{2})?`, 'g'), '<real time>')
      .replace(/"(n|pid|elapsedMs|leadsPerSecond)":\d+(\.\d+)?/g, '"$1":<n>')
      // Elapsed times, at the end of a line or before " · ".
      .replace(/(?<=^ *)\d+(?:\.\d+)? ?(?:ms|s)(?= ·|$)/gm, '<elapsed>')
      // A spinner's frames (a terminal): how many are drawn depends on timing.
      .replace(/[\u2800-\u28ff] [^\u2800-\u28ff\n]*?(?=[\u2800-\u28ff]|range:|\n|$)/g, '')
  );
}

function show(r: RunResult): string {
  return `exit ${r.code}\n--- stdout\n${normalise(r.stdout)}\n--- stderr\n${normalise(r.stderr)}`;
}

interface StepOptions {
  tty?: boolean;
  /** Columns aligned to a temp path's length: runs of spaces compared as one. */
  collapse?: boolean;
}

async function cacs(argv: string[], opts: StepOptions = {}): Promise<string> {
  const r = await runCli(argv, { env, cwd: work, now, columns: 80, tty: opts.tty === true });
  clock += 60_000;
  const text = show(r);
  return opts.collapse === true ? text.replace(/ +/g, ' ') : text;
}

/** The steps in order: later ones see the state earlier ones left (history, ledger). */
const STEPS: Array<[name: string, argv: string[], opts?: StepOptions]> = [
  ['help', ['--help']],
  ['help-import', ['import', '--help']],
  ['help-report', ['report', '--help']],
  ['help-history', ['history', '--help']],
  ['help-config', ['config', '--help']],
  ['help-reconcile', ['reconcile', '--help']],
  ['import-dry-csv', ['import', 'leads.csv', '--dry-run']],
  ['import-dry-json', ['import', 'leads.json', '--dry-run']],
  ['import-dry-ndjson', ['import', 'leads.ndjson', '--dry-run', '--json']],
  ['import-csv', ['import', 'leads.csv']],
  ['import-csv-again', ['import', 'leads.csv']],
  ['import-json', ['import', 'leads.json', '--json']],
  ['import-missing-file', ['import', 'nope.csv']],
  ['import-bad-batch', ['import', 'leads.csv', '--batch-size', '0']],
  ['import-bad-delimiter', ['import', 'leads.csv', '--delimiter', 'tab2']],
  ['history', ['history']],
  ['history-json', ['history', '--json']],
  ['history-find', ['history', 'find', '0912345678']],
  ['report-pipe', ['report', '--from', '2026-03-01', '--to', '2026-03-09']],
  ['report-table', ['report', '--from', '2026-03-01', '--to', '2026-03-09'], { tty: true }],
  ['history-tty', ['history'], { tty: true }],
  ['report-csv', ['report', '--from', '2026-03-01', '--to', '2026-03-09', '--format', 'csv']],
  ['report-json', ['report', '--from', '2026-03-01', '--to', '2026-03-09', '--format', 'json']],
  ['report-ndjson', ['report', '--from', '2026-03-01', '--to', '2026-03-09', '--format', 'ndjson']],
  ['report-summary', ['report', '--from', '2026-03-01', '--to', '2026-03-09', '--summary']],
  ['report-no-from', ['report']],
  ['report-bad-date', ['report', '--from', '2026-13-01']],
  ['reconcile', ['reconcile']],
  ['reconcile-json', ['reconcile', '--json']],
  ['config-show', ['config', 'show'], { collapse: true }],
  ['config-show-json', ['config', 'show', '--json']],
  ['unknown-command', ['frobnicate']],
  ['version', ['--version']],
];

describe('what a person reads stays as it is (test/golden)', () => {
  it.each(STEPS)('%s', async (name, argv, opts) => {
    const text = await cacs(argv, opts);
    await expect(`$ cacs ${argv.join(' ')}\n${text}`).toMatchFileSnapshot(
      path.join(ROOT, 'test', 'golden', `${name}.txt`),
    );
  });
});
