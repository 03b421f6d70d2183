/**
 * The sentinel-token test: the real CLI (bin/cacs.js → dist) runs against a hostile server that
 * echoes the token back in every way it can, and against broken token sources, and then every
 * byte cacs wrote — stdout, stderr, every file under its working folder, its state folder, its
 * HOME and its temporary folder, and any new cacs-* entry in the system's temporary folder — is
 * read back: neither the token nor any 10-character run of it nor its base64 may appear
 * (Secrets.leaks), and neither may a password given in a URL.
 *
 * Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secrets } from '../../src/secrets.js';
import { BIN, isolatedEnv, tempDir } from '../helpers/cli.js';
import { startEchoServer, type EchoScenario, type EchoServer } from '../helpers/echo-server.js';

/** The token: at most 50 characters, as the service allows, and nothing a message holds by chance. */
const SENTINEL = 'Qz7SENTINELtok-4xk9Wv2Lp8Hd3Mb6';
/** A password in a --base-url. */
const SENTINEL_PW = 'Pw5SENTINELpw-9Jr2Tn';
const SECRETS = new Secrets([SENTINEL, SENTINEL_PW]);

interface Scenario {
  args: string[];
  /** Files to create in the working folder (skipped when scanning: they are inputs). */
  files?: Record<string, string>;
  /** Environment on top of the isolated one; CACS_ACCESS_TOKEN is the sentinel unless set. */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  cwd: string;
  /** "sink: excerpt" for each place the sentinel (in any form) was found. */
  leaks: string[];
  /** Every file read, by path, for the scenario's own checks. */
  files: Map<string, string>;
}

let server: EchoServer;
/** Files outside the working folder the scenarios use (token commands): not scanned. */
let inputs: string;

beforeAll(async () => {
  server = await startEchoServer();
  inputs = tempDir('sec-inputs-');
  // A token command that prints the token on stderr (and a bit on stdout), then fails.
  fs.writeFileSync(
    path.join(inputs, 'fail.mjs'),
    `process.stdout.write(${JSON.stringify(SENTINEL)} + '\\n');\n` +
      `process.stderr.write('token ' + ${JSON.stringify(SENTINEL)} + ' expired\\n');\n` +
      `process.exit(1);\n`,
  );
  // One that says the token on stderr, then never ends (and neither does its child).
  fs.writeFileSync(
    path.join(inputs, 'hang.mjs'),
    `import { spawn } from 'node:child_process';\n` +
      `process.stderr.write('waiting for ' + ${JSON.stringify(SENTINEL)} + '\\n');\n` +
      `spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });\n` +
      `setInterval(() => {}, 1000);\n`,
  );
});

afterAll(async () => {
  await server.close();
});

function listTree(root: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return;
    }
    out.push(p);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(root);
  return out;
}

/**
 * Folders the tests make in the temp folder (this file's and the other test files', of this run
 * and of any other run sharing /tmp): not cacs' writes. Counting them once failed this test when
 * another checkout's suite wrote its sentinel config files meanwhile.
 */
const TEST_TEMP =
  /^cacs-(sec-cwd|sec-state|sec-tmp|home|test|build|completion|completion-cwd|journal|lockmod|proxy-tls|signals|tmpdir|victim|csv-fast|import|xlsx-test|vitest|pg)-/;

function cacsTempEntries(): Set<string> {
  return new Set(
    fs
      .readdirSync(os.tmpdir())
      .filter((n) => n.startsWith('cacs-') && !TEST_TEMP.test(n))
      .map((n) => path.join(os.tmpdir(), n)),
  );
}

function excerpt(text: string): string {
  // Where the sentinel shows, in the first form found (the test's own value: fine to print).
  const scrubbed = SECRETS.scrub(text);
  let i = 0;
  while (i < text.length && i < scrubbed.length && text[i] === scrubbed[i]) i++;
  return JSON.stringify(text.slice(Math.max(0, i - 60), i + 60));
}

async function run(s: Scenario): Promise<Outcome> {
  const cwd = tempDir('cacs-sec-cwd-');
  const state = tempDir('cacs-sec-state-');
  const tmp = tempDir('cacs-sec-tmp-');
  const inputFiles = new Set<string>();
  for (const [name, text] of Object.entries(s.files ?? {})) {
    const f = path.join(cwd, name);
    fs.writeFileSync(f, text, { mode: 0o600 });
    inputFiles.add(f);
  }
  const env = isolatedEnv({
    CACS_ACCESS_TOKEN: SENTINEL,
    CACS_STATE_DIR: state,
    TMPDIR: tmp,
    ...s.env,
  });
  const home = env.HOME!;
  const before = cacsTempEntries();
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...s.args], {
    cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  const timer = setTimeout(() => child.kill('SIGKILL'), s.timeoutMs ?? 110_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (c, sig) => resolve([c, sig])),
  );
  clearTimeout(timer);
  const ms = Date.now() - started;

  const sinks: Array<[string, string]> = [
    ['stdout', Buffer.concat(out).toString('utf8')],
    ['stderr', Buffer.concat(err).toString('utf8')],
  ];
  const roots = [cwd, state, tmp, home];
  // (Other runs of this file, in parallel, make cacs-sec-* folders of their own: not ours.)
  for (const e of cacsTempEntries())
    if (!before.has(e) && !roots.includes(e) && !path.basename(e).startsWith('cacs-sec-'))
      roots.push(e);
  const files = new Map<string, string>();
  for (const root of roots) {
    for (const p of listTree(root)) {
      sinks.push([`name of ${p}`, p]);
      // (Another test file's folder may lose files while this one reads: gone is skipped.)
      let bytes: Buffer;
      try {
        if (inputFiles.has(p) || !fs.lstatSync(p).isFile()) continue;
        bytes = fs.readFileSync(p);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      const text = bytes.toString('utf8');
      files.set(p, text);
      sinks.push([p, text]);
      // A file that is gzip or otherwise encoded would hide the token: read latin1 too.
      sinks.push([`${p} (latin1)`, bytes.toString('latin1')]);
    }
  }
  const leaks = sinks
    .filter(([, text]) => SECRETS.leaks(text))
    .map(([where, text]) => `${where}: ${excerpt(text)}`);
  return {
    code,
    signal,
    stdout: sinks[0]![1],
    stderr: sinks[1]![1],
    ms,
    cwd,
    leaks,
    files,
  };
}

const leadsCsv = (refs: string[]) =>
  `phone_number,name,ref_id\n${refs.map((r, i) => `09${String(12345670 + i)},Lead ${i},${r}`).join('\n')}\n`;

const importArgs = (campaign = 'C1') => [
  'import',
  'leads.csv',
  '--base-url',
  server.url,
  '--campaign',
  campaign,
  '--batch-size',
  '1',
  '--concurrency',
  '1',
  '-v',
];

const reportArgs = (campaign: string, extra: string[] = []) => [
  'report',
  '--base-url',
  server.url,
  '--campaign',
  campaign,
  '--from',
  '2026-01-01',
  '--to',
  '2026-01-03',
  '-v',
  ...extra,
];

describe('the sentinel token appears in no byte cacs writes', () => {
  it('import: echoes in success, #phone_number# (whole, 10 characters, base64), 500 and unreadable answers', async () => {
    const refs: EchoScenario[] = ['okecho', 'phone', 'trunc', 'b64', 'e500', 'garbled'];
    const from = server.played.length;
    const r = await run({ args: importArgs(), files: { 'leads.csv': leadsCsv(refs) } });
    expect(server.played.slice(from)).toEqual(refs);
    expect([3, 5]).toContain(r.code);
    // The sinks this scenario is about were written.
    expect(fs.readdirSync(r.cwd).some((n) => n.includes('rejects'))).toBe(true);
    expect(fs.readdirSync(r.cwd).some((n) => n.includes('uncertain'))).toBe(true);
    expect(r.leaks).toEqual([]);
  });

  it('a lead file that holds the token itself (pasted into a cell): masked in the lists, the rest of the row as it was (review, session 16)', async () => {
    const csv =
      'phone_number,name,ref_id\n' +
      '0912345670,An,ok\n' +
      `12,Lead ${SENTINEL} bad phone,r2\n` +
      `0912345670,Lead ${SENTINEL} twice,r3\n`;
    const r = await run({ args: importArgs(), files: { 'leads.csv': csv } });
    expect(r.code).toBe(3);
    expect(r.leaks).toEqual([]);
    const rejects = [...r.files].find(([p]) => p.endsWith('leads.csv.rejects.csv'))![1];
    const skipped = [...r.files].find(([p]) => p.endsWith('leads.csv.skipped.csv'))![1];
    expect(rejects).toContain('Lead *** bad phone');
    expect(skipped).toContain('Lead *** twice');
  });

  it('import: a rerun reads the journal back (and --retry-uncertain resends); a copy reads the ledger and writes a skipped file', async () => {
    const refs: EchoScenario[] = ['phone', 'e500'];
    const files = { 'leads.csv': leadsCsv(refs) };
    const state = tempDir('cacs-sec-state-');
    const first = await run({ args: importArgs(), files, env: { CACS_STATE_DIR: state } });
    expect(first.code).toBe(5);
    const again = await run({
      args: [...importArgs(), '--retry-uncertain'],
      files,
      env: { CACS_STATE_DIR: state },
    });
    // The same leads under another name: held back by the ledger, listed in a skipped file.
    const copy = await run({
      args: [...importArgs().slice(0, 1), 'copy.csv', ...importArgs().slice(2)],
      files: { 'copy.csv': files['leads.csv'] },
      env: { CACS_STATE_DIR: state },
    });
    expect(fs.readdirSync(copy.cwd)).toContain('copy.csv.skipped.csv');
    expect(again.leaks).toEqual([]);
    expect(first.leaks).toEqual([]);
    expect(copy.leaks).toEqual([]);
  });

  it.each(['mismatch', 'html', 'redirect'] as const)(
    'import: the service echoes the token in a %s answer',
    async (scenario) => {
      const from = server.played.length;
      const r = await run({
        args: importArgs(scenario),
        files: { 'leads.csv': leadsCsv(['x', 'y']) },
      });
      expect(server.played.slice(from)[0]).toBe(scenario);
      expect(r.code).not.toBe(0);
      expect(r.leaks).toEqual([]);
    },
  );

  it.each(['mismatch', 'html', 'redirect', 'e500', 'garbled', 'okecho'] as const)(
    'report: the service echoes the token in a %s answer',
    async (scenario) => {
      const from = server.played.length;
      const r = await run({ args: reportArgs(scenario, ['--format', 'json']), timeoutMs: 110_000 });
      expect(server.played.slice(from)[0]).toBe(scenario);
      expect(r.leaks).toEqual([]);
    },
    30_000,
  );

  it('report: records that hold the token, written to a file and to stdout', async () => {
    const toFile = await run({ args: reportArgs('records', ['-o', 'out.csv']) });
    expect(toFile.code).toBe(0);
    expect(fs.existsSync(path.join(toFile.cwd, 'out.csv'))).toBe(true);
    const toStdout = await run({ args: reportArgs('records', ['--format', 'ndjson']) });
    expect(toStdout.code).toBe(0);
    expect(toFile.leaks).toEqual([]);
    expect(toStdout.leaks).toEqual([]);
  });

  it('a YAML config file with a syntax error on its accessToken line', async () => {
    const r = await run({
      args: ['config', 'show', '-v'],
      files: { '.cacsrc.yaml': `timezone: UTC\naccessToken: "${SENTINEL}\nbaseUrl: [x\n` },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.cacsrc.yaml');
    expect(r.leaks).toEqual([]);
  });

  it('a JSON config file (--config) with a syntax error on its accessToken line', async () => {
    const r = await run({
      args: ['report', '--config', 'cacs.json', '--campaign', 'ok', '--from', '2026-01-01', '-v'],
      files: {
        'cacs.json': `{\n  "timezone": "UTC",\n  "accessToken": "${SENTINEL}" "baseUrl": 1\n}\n`,
      },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cacs.json');
    expect(r.leaks).toEqual([]);
  });

  it('an accessTokenCommand that prints the token and fails', async () => {
    const r = await run({
      args: reportArgs('ok'),
      env: { CACS_ACCESS_TOKEN: undefined },
      files: {
        '.cacsrc.json': JSON.stringify({
          accessTokenCommand: `"${process.execPath}" "${path.join(inputs, 'fail.mjs')}"`,
        }),
      },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/accessTokenCommand failed \(exit status 1\)/);
    expect(r.leaks).toEqual([]);
  });

  it('an accessTokenCommand that never ends is stopped at its timeout', async () => {
    const r = await run({
      args: reportArgs('ok'),
      env: { CACS_ACCESS_TOKEN: undefined },
      files: {
        '.cacsrc.json': JSON.stringify({
          accessTokenCommand: `"${process.execPath}" "${path.join(inputs, 'hang.mjs')}"`,
          accessTokenCommandTimeout: 1000,
        }),
      },
    });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(2);
    // Not killed by the harness's limit (r.signal above): the command was stopped.
    expect(r.stderr).toMatch(/accessTokenCommand did not finish within 1 s/);
    expect(r.leaks).toEqual([]);
  });

  it.each([
    [
      'import',
      (u: string) => [
        ...importArgs('ok').slice(0, 2),
        '--base-url',
        u,
        ...importArgs('ok').slice(4),
      ],
    ],
    ['report', (u: string) => ['report', '--base-url', u, ...reportArgs('ok').slice(3)]],
  ] as const)('%s --base-url http://user:<password>@… -v', async (_cmd, args) => {
    const u = server.url.replace('http://', `http://user:${SENTINEL_PW}@`);
    const r = await run({ args: args(u), files: { 'leads.csv': leadsCsv(['ok']) } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('http://***@127.0.0.1');
    expect(r.leaks).toEqual([]);
  });

  it('an error before any request (plain http to a remote host) names no credential', async () => {
    const r = await run({
      args: [
        'report',
        '--base-url',
        `http://user:${SENTINEL_PW}@cacs.example.com`,
        '--campaign',
        'ok',
        '--from',
        '2026-01-01',
        '-v',
      ],
    });
    expect(r.code).toBe(2);
    expect(r.leaks).toEqual([]);
  });

  it('config show masks the token and URL credentials', async () => {
    const r = await run({
      args: ['config', 'show', '--base-url', `https://user:${SENTINEL_PW}@cacs.example.com`],
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('https://***@cacs.example.com');
    const j = await run({
      args: [
        'config',
        'show',
        '--json',
        '--base-url',
        `https://user:${SENTINEL_PW}@cacs.example.com`,
      ],
    });
    expect(j.code).toBe(0);
    expect(r.leaks).toEqual([]);
    expect(j.leaks).toEqual([]);
  });
});
