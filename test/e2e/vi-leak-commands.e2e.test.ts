/**
 * Issue 27: a Vietnamese operator meets no English sentence on any command. Where
 * vi-leak.e2e.test.ts follows the operator's main paths, this file runs every command and
 * subcommand, every `--help`, and the main error paths of each (usage errors, the service
 * unreachable or refusing the token, PostgreSQL unreachable, files that cannot be read), twice:
 * once under LANG=vi_VN.UTF-8, once under LANG=C with `--lang vi`. Each pass has its own
 * emulator, home and clock, so both end with the same exit codes. Any English sentence on stdout
 * or stderr (vi-leak-english.ts says what that is), in the HTML page's text or in the xlsx sheet
 * names fails the test. In-process (runCli) but for `cacs emulator`, one process per pass.
 * CACS_SHOW_LEAKS=1 prints what each step would flag.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/api/spec.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { BIN, ROOT, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { closedPort, json, startScriptedServer, type ScriptedServer } from '../helpers/servers.js';
import { HELP_COMMANDS } from '../helpers/commands.js';
import { buildXlsx, strings } from '../helpers/xlsx.js';
import { englishIn } from './vi-leak-english.js';

/** 2026-03-02 09:30 in Hà Nội (UTC+7), as the golden test. */
const START = Date.UTC(2026, 2, 2, 2, 30, 0);

/** Options of one step: a terminal, more environment, what it needs from an earlier step. */
interface StepOptions {
  tty?: boolean;
  /** Environment added for this step (after the pass's own). */
  env?: (p: Pass) => Record<string, string | undefined>;
  /** Not run with `--lang vi` added (the step sets --lang itself). */
  ownLang?: boolean;
  /** The folder it runs in, under the pass's work folder (default: the work folder). */
  cwd?: string;
  /** What of stdout a person reads (default: all of it). */
  read?: (stdout: string) => string;
  /** Checks of its own after the leak check. */
  check?: (p: Pass, r: { stdout: string; stderr: string }) => void;
}

type Step = [name: string, argv: (p: Pass) => string[], exit: number, opts?: StepOptions];

/** What one pass holds: its emulator, servers, folders and clock. */
interface Pass {
  emu: RunningEmulator;
  /** Refuses the 2nd batch as a whole (exit 4), then takes everything: a run to resume. */
  resumable: ScriptedServer;
  closed: number;
  work: string;
  env: Record<string, string | undefined>;
  clock: number;
  /** The id of the last import run (history --json), for `history show`. */
  run: string;
}

const ok = (_req: unknown, res: import('node:http').ServerResponse, body: string) => {
  const n = (JSON.parse(body) as { data: unknown[] }).data.length;
  json(200, { result: 'success', message: messages.imported(n, n) })(_req as never, res, body);
};
const refuse = json(400, { result: 'error', message: messages.headerMismatch('access_token') });

const CONFIG = `import:
  layouts:
    crm:
      columns: { phone_number: Số ĐT liên hệ, name: Họ tên KH, ref_id: Mã số KH }
compliance:
  callHours: '03:00-04:00'
  maxCallsPer24h: 1
state:
  retentionDays: 30
`;

async function setUp(lang: Record<string, string>): Promise<Pass> {
  const work = tempDir('cacs-vi-leak-all-');
  const p = {
    work,
    clock: START,
    run: '',
    closed: await closedPort(),
    resumable: await startScriptedServer([ok, refuse, ok]),
  } as Pass;
  p.emu = await startEmulator({
    port: 0,
    seed: 7,
    now: () => new Date(p.clock),
    campaigns: [{ key: 'summer' }],
  });
  for (const f of ['leads.csv', 'leads.json'])
    fs.copyFileSync(path.join(ROOT, 'examples', f), path.join(work, f));
  const put = (name: string, text: string | Uint8Array) =>
    fs.writeFileSync(path.join(work, name), text);
  put('.cacsrc.yaml', CONFIG);
  put('plain.yaml', 'timeout: 30000\n');
  put('bad.yaml', 'report:\n  windowDays: 99\n');
  put('bad.csv', 'phone,name\n0912345678,An\n12345,Bình\nabc,Dũng\n0987654321,Em\n');
  put('crm.csv', 'Số ĐT liên hệ,Họ tên KH,Mã số KH\n0903000001,Lan,KH1\n0903000002,Huệ,KH2\n');
  put('four.csv', 'phone,name\n0904000001,A\n0904000002,B\n0904000003,C\n0904000004,D\n');
  put('dnc.txt', '0912345678\n');
  put('empty.csv', '');
  put('header-only.csv', 'phone,name\n');
  put('ragged.csv', 'phone,name\n0912345678,An,extra\n');
  // A workbook whose first sheet is an instructions page; the list is on the second.
  put(
    'book.xlsx',
    buildXlsx({
      sheets: [
        { name: 'Hướng dẫn', data: strings(1, 'Điền danh sách ở trang sau') },
        {
          name: 'Danh sách',
          data: strings(1, 'Số ĐT', 'Tên KH') + strings(2, '0905000001', 'Minh'),
        },
      ],
    }),
  );
  fs.mkdirSync(path.join(work, 'fresh'));
  fs.mkdirSync(path.join(work, 'init'));
  p.env = isolatedEnv({
    CACS_BASE_URL: p.emu.url,
    CACS_ACCESS_TOKEN: p.emu.token,
    CACS_CAMPAIGN: 'summer',
    TZ: 'Asia/Ho_Chi_Minh',
    NO_COLOR: '1',
    ...lang,
  });
  return p;
}

async function tearDown(p: Pass | undefined) {
  if (!p) return;
  await p.emu?.close();
  await p.resumable?.close();
  fs.rmSync(p.work, { recursive: true, force: true });
  fs.rmSync(String(p.env.HOME), { recursive: true, force: true });
}

/** A time as Vietnamese readers write it, on the timezone setting's clock, named. */
const WALL_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} Asia\/Ho_Chi_Minh/;

/** On an 80-column terminal no line of stdout is longer than 80 columns. */
const fits = (_p: Pass, r: { stdout: string }) =>
  expect(r.stdout.split('\n').filter((l) => [...l].length > 80)).toEqual([]);

const pg = (p: Pass) => `postgres://cacs:secret@127.0.0.1:${p.closed}/cacs`;
const range = ['--from', '01/03/2026', '--to', '09/03/2026'];

/** The text a reader of an HTML page sees: no scripts, styles or tags. */
function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, '\n')
    .replace(/<style[\s\S]*?<\/style>/gi, '\n')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** The sheet names of an xlsx workbook. */
function sheetNames(file: string): string[] {
  const xml = strFromU8(unzipSync(fs.readFileSync(file))['xl/workbook.xml']!);
  return [...xml.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) => m[1]!);
}

/** The descriptions a completion script shows: fish's `-d '…'`, zsh's `[…]` and `'name:…'`. */
function descriptions(script: string): string {
  const found = [
    ...[...script.matchAll(/ -d '((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!),
    ...[...script.matchAll(/^\s*'[^'[]*\[([^\]]*)\]/gm)].map((m) => m[1]!),
    ...[...script.matchAll(/^\s*'[\w-]+:([^':]*)'/gm)].map((m) => m[1]!),
  ];
  return found.join('\n');
}

const STEPS: Step[] = [
  ...HELP_COMMANDS.map((c): Step => [`${[...c, '--help'].join(' ')}`, () => [...c, '--help'], 0]),
  ['help import (the help command)', () => ['help', 'import'], 0],
  ['help state prune', () => ['help', 'state'], 0],

  // ── import ──
  ['import: dry run', () => ['import', 'leads.csv', '--dry-run'], 3],
  ['import: dry run --json', () => ['import', 'leads.csv', '--dry-run', '--json'], 3],
  ['import', () => ['import', 'leads.csv', '--suppress', 'dnc.txt'], 3],
  ['import: again (already imported)', () => ['import', 'leads.csv'], 3],
  ['import: rows rejected', () => ['import', 'bad.csv'], 3],
  // The rejects file repeats the input's headers and adds the reason: fixed or not, it imports.
  ['import: the rejects file again', () => ['import', 'bad.csv.rejects.csv'], 2],
  ['import: on a terminal', () => ['import', 'leads.json', '--allow-repeat'], 3, { tty: true }],
  ['import: --layout', () => ['import', 'crm.csv', '--layout', 'crm', '--dry-run'], 0],
  ['import: a layout chosen by headers', () => ['import', 'crm.csv'], 0],
  ['import: unknown --layout', () => ['import', 'crm.csv', '--layout', 'nope'], 2],
  ['import: --layout missing columns', () => ['import', 'leads.csv', '--layout', 'crm'], 2],
  ['import: a sheet without data', () => ['import', 'book.xlsx', '--dry-run'], 2],
  ['import: --sheet that is not there', () => ['import', 'book.xlsx', '--sheet', 'Nope'], 2],
  ['import: --sheet 2', () => ['import', 'book.xlsx', '--sheet', '2', '--dry-run'], 0],
  ['import: an empty file', () => ['import', 'empty.csv'], 2],
  ['import: a header row only', () => ['import', 'header-only.csv'], 2],
  ['import: a ragged row', () => ['import', 'ragged.csv'], 2],
  ['import: no file argument', () => ['import'], 2],
  ['import: a missing file', () => ['import', 'nope.csv'], 2],
  ['import: bad --format', () => ['import', 'leads.csv', '--format', 'xml'], 2],
  ['import: bad --encoding', () => ['import', 'leads.csv', '--encoding', 'klingon'], 2],
  [
    'import: refused batch (to resume)',
    () => ['import', 'four.csv', '--batch-size', '2', '--concurrency', '1'],
    4,
    { env: (p) => ({ CACS_BASE_URL: p.resumable.url }) },
  ],
  [
    'import: resumed',
    () => ['import', 'four.csv', '--batch-size', '2', '--concurrency', '1'],
    0,
    {
      env: (p) => ({ CACS_BASE_URL: p.resumable.url }),
      check: (_p, r) => expect(r.stderr).toMatch(/tiếp tục/),
    },
  ],
  [
    'import: service unreachable',
    () => ['import', 'four.csv', '--allow-repeat'],
    1,
    { env: (p) => ({ CACS_BASE_URL: `http://127.0.0.1:${p.closed}` }) },
  ],
  [
    'import: token refused (401)',
    () => ['import', 'four.csv', '--allow-repeat'],
    4,
    { env: () => ({ CACS_ACCESS_TOKEN: 'wrong-token' }) },
  ],
  [
    'import: PostgreSQL unreachable',
    () => ['import', 'four.csv'],
    1,
    { env: (p) => ({ CACS_STATE_URL: pg(p) }) },
  ],

  // ── report ──
  ['report: csv to stdout', () => ['report', ...range, '--format', 'csv'], 0],
  ['report: csv to a file', () => ['report', ...range, '-o', 'calls.csv'], 0],
  [
    'report: xlsx',
    () => ['report', ...range, '-o', 'calls.xlsx'],
    0,
    {
      check: (p) => {
        const names = sheetNames(path.join(p.work, 'calls.xlsx'));
        expect(names.length).toBeGreaterThan(0);
        for (const n of names) expect(n, n).toMatch(/[^\x00-\x7f]/);
      },
    },
  ],
  [
    'report: --html',
    () => ['report', ...range, '--join', 'leads.csv', '-o', 'j.csv', '--html', 'page.html'],
    0,
    {
      check: (p) => {
        const html = fs.readFileSync(path.join(p.work, 'page.html'), 'utf8');
        expect(html).toMatch(/<html lang="vi"/);
        expect(englishIn(pageText(html))).toEqual([]);
      },
    },
  ],
  ['report: table', () => ['report', ...range], 0, { tty: true }],
  ['report: --summary', () => ['report', ...range, '--summary'], 0],
  ['report: --summary on a terminal', () => ['report', ...range, '--summary'], 0, { tty: true }],
  ['report: --join', () => ['report', ...range, '--join', 'leads.csv', '-o', 'joined.csv'], 0],
  ['report: --recycle', () => ['report', ...range, '--join', 'leads.csv', '--recycle'], 0],
  ['report: bookmarked', () => ['report', '--bookmark', 'nightly', ...range, '-o', 'b.csv'], 0],
  ['report: --bookmarks', () => ['report', '--bookmarks'], 0],
  ['report: --bookmark-reset', () => ['report', '--bookmark-reset', 'nightly'], 0],
  ['report: --fail-on-violations', () => ['report', ...range, '--fail-on-violations'], 6],
  ['report: -o a folder (refused)', () => ['report', ...range, '-o', 'fresh'], 2],
  ['report: -o in a missing folder', () => ['report', ...range, '-o', 'none/x.csv'], 2],
  ['report: yyyy/mm/dd refused', () => ['report', '--from', '2026/03/01'], 2],
  ['report: not a date', () => ['report', '--from', '32/01/2026'], 2],
  [
    'report: --from after --to',
    () => ['report', '--from', 'today', '--to', 'yesterday'],
    2,
    // Too short for englishIn's count of English words: the sentence itself is checked.
    { check: (_p, r) => expect(r.stderr).toMatch(/--from \([^)]+\) muộn hơn --to \(/) },
  ],
  ['report: --from after now (--to left out)', () => ['report', '--from', '2099-01-01'], 2],
  [
    'report: --status too long',
    () => ['report', '--from', 'today', '--status', 'X'.repeat(41)],
    2,
    { check: (_p, r) => expect(r.stderr).toMatch(/--status: "X+" dài hơn 40 ký tự \(41\)/) },
  ],
  [
    'report: --tz unknown',
    () => ['report', '--from', 'today', '--tz', 'Mars/Base'],
    2,
    { check: (_p, r) => expect(r.stderr).not.toMatch(/unknown time zone/) },
  ],
  [
    'config: --config missing',
    () => ['config', 'show', '--config', 'none.yaml'],
    2,
    { check: (_p, r) => expect(r.stderr).not.toMatch(/no such file/) },
  ],
  ['report: --to before --from', () => ['report', '--from', '09/03/2026', '--to', '01/03/2026'], 2],
  ['report: no --from', () => ['report'], 2],
  ['report: bad --flatten', () => ['report', ...range, '--flatten', 'rows'], 2],
  ['report: bad --tz', () => ['report', ...range, '--tz', 'Mars/Olympus'], 2],
  ['report: --json (a near miss)', () => ['report', ...range, '--json'], 2],
  [
    'report: service unreachable',
    () => ['report', ...range],
    1,
    { env: (p) => ({ CACS_BASE_URL: `http://127.0.0.1:${p.closed}` }) },
  ],
  [
    'report: token refused (401)',
    () => ['report', ...range],
    4,
    { env: () => ({ CACS_ACCESS_TOKEN: 'wrong-token' }) },
  ],

  // ── history ──
  ['history', () => ['history'], 0],
  ['history list on a terminal', () => ['history', 'list'], 0, { tty: true }],
  ['history --json', () => ['history', '--json'], 0],
  ['history show', (p) => ['history', 'show', p.run], 0],
  ['history show: no such run', () => ['history', 'show', 'r20000101-000000-000000'], 2],
  [
    'history find',
    () => ['history', 'find', '0912345678'],
    0,
    { check: (_p, r) => expect(r.stdout).toMatch(/đã nhập .*\[theo số điện thoại\]/s) },
  ],
  ['history find: nothing', () => ['history', 'find', '0999999999'], 0],
  ['history: bad --limit', () => ['history', '--limit', 'many'], 2],
  ['history: unknown subcommand', () => ['history', 'frob'], 2],
  [
    'history: PostgreSQL unreachable',
    () => ['history'],
    1,
    { env: (p) => ({ CACS_STATE_URL: pg(p) }) },
  ],

  // ── reconcile ──
  ['reconcile', () => ['reconcile'], 0],
  ['reconcile: no such run', () => ['reconcile', '--run', 'r20000101-000000-000000'], 2],

  // ── forget ──
  [
    'forget: found',
    () => ['forget', '0987654321'],
    0,
    { check: (_p, r) => expect(r.stdout).toMatch(WALL_TIME) },
  ],
  ['forget: nothing held', () => ['forget', '0999999999'], 0, { tty: true, check: fits }],
  ['forget --json', () => ['forget', '0999999998', '--json'], 0],
  ['forget: no one named', () => ['forget'], 2],
  ['forget: not a phone or ref_id', () => ['forget', '--file', 'nope.txt'], 2],

  // ── state ──
  ['state (the command alone)', () => ['state'], 2],
  ['state status', () => ['state', 'status'], 0],
  ['state status --json', () => ['state', 'status', '--json'], 0],
  [
    'state prune --dry-run',
    () => ['state', 'prune', '--dry-run'],
    0,
    {
      tty: true,
      check: (p, r) => (expect(r.stdout.replace(/\n\s+/g, ' ')).toMatch(WALL_TIME), fits(p, r)),
    },
  ],
  ['state prune', () => ['state', 'prune'], 0],
  ['state prune --json', () => ['state', 'prune', '--json'], 0],
  ['state prune: no retention set', () => ['state', 'prune', '--config', 'plain.yaml'], 2],
  ['state migrate: no --to', () => ['state', 'migrate'], 2],
  ['state migrate: not a URL', () => ['state', 'migrate', '--to', 'mysql://x'], 2],
  ['state migrate: PostgreSQL unreachable', (p) => ['state', 'migrate', '--to', pg(p)], 1],
  [
    'state status: PostgreSQL unreachable',
    () => ['state', 'status'],
    1,
    { env: (p) => ({ CACS_STATE_URL: pg(p) }) },
  ],

  // ── config ──
  ['config show', () => ['config', 'show'], 0],
  ['config show --json', () => ['config', 'show', '--json'], 0],
  ['config path', () => ['config', 'path'], 0],
  ['config init', () => ['config', 'init'], 0, { cwd: 'init' }],
  ['config init: never overwrites', () => ['config', 'init'], 2, { cwd: 'init' }],
  ['config: a bad setting', () => ['config', 'show', '--config', 'bad.yaml'], 2],
  ['config: --timeout not a number', () => ['config', 'show', '--timeout', 'soon'], 2],

  // ── completion, emulator (its error; the command itself below), usage ──
  // The scripts are shell code (and its comments): their descriptions are what a person reads.
  ['completion bash', () => ['completion', 'bash'], 0, { read: () => '' }],
  ...(['fish', 'zsh'] as const).map((shell): Step => [
    `completion ${shell}`,
    () => ['completion', shell],
    0,
    {
      read: descriptions,
      check: (_p, r) => expect(descriptions(r.stdout).split('\n').length).toBeGreaterThan(50),
    },
  ]),
  ['completion: unknown shell', () => ['completion', 'tcsh'], 2],
  ['emulator: port in use', (p) => ['emulator', '--port', new URL(p.emu.url).port], 2],
  ['emulator: bad --fail-rate', () => ['emulator', '--fail-rate', '2'], 2],
  ['unknown command', () => ['frobnicate'], 2],
  ['unknown flag', () => ['import', 'leads.csv', '--frobnicate'], 2],
  ['missing flag value', () => ['report', '--from'], 2],
  ['bad --lang', () => ['import', 'leads.csv', '--lang', 'fr'], 2, { ownLang: true }],
  ['--version', () => ['--version'], 0],
];

/** `cacs emulator` as a process: started, then stopped with Ctrl-C. */
function runEmulatorProcess(
  env: Record<string, string | undefined>,
  extra: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', ...extra], {
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      // The started message names the address: stop it as an operator would.
      if (!stopped && /http:\/\/127\.0\.0\.1:\d+/.test(stdout)) {
        stopped = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 128, stdout, stderr });
    });
  });
}

function pass(title: string, lang: Record<string, string>, flag: string[]) {
  describe(title, () => {
    let p: Pass;
    beforeAll(async () => {
      p = await setUp(lang);
    });
    afterAll(async () => {
      await tearDown(p);
    });

    it.each(STEPS)('%s', async (_name, argv, exit, opts = {}) => {
      const args = [...flag.filter(() => opts.ownLang !== true), ...argv(p)];
      const env = { ...p.env, ...(opts.env?.(p) ?? {}) };
      const r = await runCli(args, {
        env,
        cwd: path.join(p.work, opts.cwd ?? ''),
        now: () => new Date(p.clock),
        columns: 80,
        tty: opts.tty === true,
      });
      p.clock += 60_000;
      // history show needs a run: the newest, from history --json.
      if (args.includes('history') && args.includes('--json'))
        p.run = (JSON.parse(r.stdout) as { runs: Array<{ id: string }> }).runs[0]!.id;
      const read = opts.read ?? ((s: string) => s);
      const leaks = { stdout: englishIn(read(r.stdout)), stderr: englishIn(r.stderr) };
      if (process.env.CACS_SHOW_LEAKS)
        console.log(JSON.stringify({ step: _name, code: r.code, ...leaks }, null, 1));
      expect(leaks).toEqual({ stdout: [], stderr: [] });
      expect(r.code, r.stderr).toBe(exit);
      opts.check?.(p, r);
    });

    it('cacs emulator: started and stopped', async () => {
      const r = await runEmulatorProcess(p.env, flag);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
      expect({ stdout: englishIn(r.stdout), stderr: englishIn(r.stderr) }).toEqual({
        stdout: [],
        stderr: [],
      });
    });
  });
}

pass('LANG=vi_VN.UTF-8: every command speaks Vietnamese', { LANG: 'vi_VN.UTF-8' }, []);
pass('LANG=C, --lang vi: every command speaks Vietnamese', { LANG: 'C' }, ['--lang', 'vi']);
