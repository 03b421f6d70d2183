/**
 * stderr scrubbing: Output masks the token in every form Secrets knows (whole, any 10-character
 * run, base64, percent-encoded) and URL credentials, on every line and in the spinner; every error
 * path of main() goes through it.
 */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { Output, type IO } from '../../src/cli/context.js';
import { readEscapes } from '../../src/api/client.js';
import { createContext, reportError } from '../../src/cli/main.js';
import { FailureError } from '../../src/errors.js';
import { Secrets } from '../../src/secrets.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { json, startScriptedServer, type Script } from '../helpers/servers.js';

const TOKEN = 'SENTINEL-out-7c1d9e3f5a';
const PW = 'SENTINELpw-4b8a2c';
const secrets = new Secrets([TOKEN, PW]);

function io(env: Record<string, string | undefined> = {}, tty = false) {
  const err = new PassThrough();
  const chunks: Buffer[] = [];
  err.on('data', (c: Buffer) => chunks.push(c));
  const value: IO = {
    stdout: new PassThrough(),
    stderr: err,
    stdin: Readable.from([]),
    env,
    cwd: process.cwd(),
    stdoutIsTTY: false,
    stderrIsTTY: tty,
    stdinIsTTY: false,
    columns: 80,
  };
  return { io: value, stderr: () => Buffer.concat(chunks).toString('utf8') };
}

const FORMS = [
  ['whole', TOKEN],
  ['its first 10 characters', TOKEN.slice(0, 10)],
  ['base64', Buffer.from(TOKEN).toString('base64')],
  ['percent-encoded', encodeURIComponent(`${TOKEN}/`)],
] as const;

describe('Output', () => {
  it.each(FORMS)('masks the token (%s) on every kind of line', (_what, form) => {
    const t = io();
    const out = new Output(t.io, Chalk, { verbose: true });
    out.addSecret(TOKEN);
    out.info(`info ${form}`);
    out.warn(`warn ${form}`);
    out.error(`error ${form}`, `hint ${form}`);
    out.debug(`debug ${form}`);
    expect(t.stderr()).toContain('***');
    expect(secrets.leaks(t.stderr())).toBe(false);
  });

  it('masks URL credentials with no secret registered', () => {
    const t = io();
    const out = new Output(t.io, Chalk, { verbose: true });
    out.debug(`> POST http://user:${PW}@127.0.0.1:9/api access_token: ***`);
    out.error(`cannot reach https://${PW}@cacs.example.com`);
    expect(t.stderr()).toContain('http://***@127.0.0.1:9/api');
    expect(t.stderr()).toContain('https://***@cacs.example.com');
    expect(t.stderr()).not.toContain(PW);
  });

  it('masks the spinner text', async () => {
    const t = io({}, true);
    const out = new Output(t.io, Chalk);
    out.addSecret(TOKEN);
    const s = await out.spinner(`Reading ${TOKEN.slice(3, 15)}…`);
    s.update(`Sending to http://u:${PW}@h with ${Buffer.from(TOKEN).toString('base64')}`);
    await new Promise((r) => setTimeout(r, 150));
    s.stop();
    expect(t.stderr().length).toBeGreaterThan(0);
    expect(secrets.leaks(t.stderr())).toBe(false);
  });
});

describe('every error path of main() is scrubbed', () => {
  it('an internal error, with and without --verbose (the env token is known from the start)', async () => {
    for (const verbose of [false, true]) {
      const t = io({ CACS_ACCESS_TOKEN: TOKEN });
      const out = new Output(t.io, Chalk, { verbose });
      out.addSecret(TOKEN);
      const e = new Error(`boom at ${TOKEN.slice(2, 14)} via http://u:${PW}@h`);
      const code = await reportError(e, t.io, verbose ? { out } : undefined);
      expect(code).toBe(1);
      expect(t.stderr()).toContain('internal error: boom at');
      expect(secrets.leaks(t.stderr())).toBe(false);
    }
  });

  it('a thrown non-Error value is not printed raw', async () => {
    const t = io({ CACS_ACCESS_TOKEN: TOKEN });
    const code = await reportError({ token: TOKEN, toString: () => TOKEN }, t.io, undefined);
    expect(code).toBe(1);
    expect(t.stderr()).toContain('internal error: a non-Error value was thrown');
    expect(secrets.leaks(t.stderr())).toBe(false);
  });

  it("a CacsError's message, hint and (with -v) its cause's stack", async () => {
    const t = io({ CACS_ACCESS_TOKEN: TOKEN });
    // The context main() makes: the env token is registered from the start.
    const ctx = await createContext(t.io, { verbose: true }, new AbortController().signal);
    const cause = new Error(`socket said ${Buffer.from(`u:${TOKEN}`).toString('base64')}`);
    const e = new FailureError(`failed: ${TOKEN}`, { hint: `try ${TOKEN.slice(-10)}`, cause });
    expect(await reportError(e, t.io, ctx)).toBe(1);
    expect(t.stderr()).toContain('socket said');
    expect(secrets.leaks(t.stderr())).toBe(false);
  });

  it("commander's errors: URL credentials and a token pasted as an argument", async () => {
    const env = isolatedEnv({ CACS_ACCESS_TOKEN: TOKEN });
    const a = await runCli(['--timeout', `http://u:${PW}@h`, 'config', 'show'], { env });
    expect(a.code).toBe(2);
    expect(a.stderr).toContain("argument 'http://***@h' is invalid");
    const b = await runCli([TOKEN], { env });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('unknown command');
    for (const r of [a, b]) expect(secrets.leaks(r.stderr + r.stdout)).toBe(false);
  });
});

describe('URL credentials', () => {
  it('config show masks a password in baseUrl (text and --json)', async () => {
    const env = isolatedEnv({ CACS_ACCESS_TOKEN: TOKEN });
    for (const extra of [[], ['--json']]) {
      const r = await runCli(
        ['config', 'show', ...extra, '--base-url', `https://user:${PW}@cacs.example.com/x`],
        { env },
      );
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('https://***@cacs.example.com/x');
      expect(secrets.leaks(r.stdout + r.stderr)).toBe(false);
    }
  });

  it('a password in the base URL is masked when a server echoes it (Basic authorization)', async () => {
    const server = await startScriptedServer([
      (req, res) =>
        json(200, {
          result: 'error',
          message: `Header #authorization# ${req.headers.authorization ?? ''} does not match. ${decodeURIComponent(PW)}`,
        })(req, res, ''),
    ]);
    try {
      const url = server.url.replace('http://', `http://user:${PW}@`);
      const r = await runCli(
        ['report', '--base-url', url, '--campaign', 'C', '--from', '2026-01-01', '-v'],
        { env: isolatedEnv({ CACS_ACCESS_TOKEN: TOKEN }) },
      );
      expect(r.code).not.toBe(0);
      expect(server.seen[0]?.headers.authorization).toMatch(/^Basic /);
      expect(r.stderr).toContain('Header #authorization#');
      expect(secrets.leaks(r.stdout + r.stderr)).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('the -v trace of an answer that echoes the token JSON-escaped (review, session 21)', () => {
  const escaped = (s: string) =>
    [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  /** stderr with JSON's \uXXXX escapes read, as anyone reading the trace can. */
  const unescaped = (text: string) =>
    text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  const raw =
    (body: string): Script =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    };

  /** `cacs report -v` of one day against a server giving `answer`, with `token` as the token. */
  async function traceReport(answer: string, token: string, more: string[] = []) {
    const server = await startScriptedServer([raw(answer)]);
    const env = isolatedEnv({ CACS_ACCESS_TOKEN: token });
    try {
      return await runCli(
        ['report', '--base-url', server.url, '--campaign', 'C', '--from', '2026-01-01'].concat(
          ['--to', '2026-01-01', '-v'],
          more,
        ),
        { env },
      );
    } finally {
      await server.close();
      fs.rmSync(env.HOME!, { recursive: true, force: true });
    }
  }

  it('an import answer: the trace masks it, the answer is still shown', async () => {
    const server = await startScriptedServer([
      raw(`{"result":"error","message":"Header #access_token# ${escaped(TOKEN)} is wrong"}`),
    ]);
    try {
      const env = isolatedEnv({ CACS_ACCESS_TOKEN: TOKEN, CACS_CAMPAIGN: 'C' });
      const dir = tempDir('cacs-trace-');
      try {
        fs.writeFileSync(`${dir}/a.csv`, 'phone\n0912345678\n');
        const r = await runCli(['--base-url', server.url, 'import', 'a.csv', '-v'], {
          env,
          cwd: dir,
        });
        expect(r.stderr).toMatch(/< 200 in \d+ ms: .*Header #access_token# \*\*\* is wrong/);
        expect(secrets.leaks(unescaped(r.stdout + r.stderr))).toBe(false);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(env.HOME!, { recursive: true, force: true });
      }
    } finally {
      await server.close();
    }
  });

  it('a report answer (its records read a batch at a time): the trace masks it too', async () => {
    const record = `{"campaign_id":1,"campaign_name":"C","campaign_lead_id":1,"ref_id":"","phone_number":"0912345678","lead_name":"${escaped(TOKEN)}","call":0,"data":[]}`;
    const r = await traceReport(
      `{"result":"success","message":"Have 1 records found","records":[${record}]}`,
      TOKEN,
      ['--format', 'json'],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/< 200 in \d+ ms: .*"lead_name":"\*\*\*"/);
    expect(secrets.leaks(unescaped(r.stdout + r.stderr))).toBe(false);
  });

  it("readEscapes reads JSON's escapes as JSON does, left to right", () => {
    expect(readEscapes('a\\u0074b\\/c')).toBe('atb/c');
    // An escaped backslash, then the letters u0074; a quote, a newline.
    expect(readEscapes('\\\\u0074 \\" \\n')).toBe('\\u0074 " \n');
    expect(readEscapes('\\ud83d\\ude00')).toBe('\u{1F600}');
    expect(readEscapes('no escapes')).toBe('no escapes');
    // Every text JSON.stringify writes reads back to itself.
    for (const text of ['Sec"ret\\Tok9', 'tab\there', '\u0001\u001f', 'ký tự/…'])
      expect(readEscapes(JSON.stringify(text).slice(1, -1))).toBe(text);
  });

  it('a token holding a quote and a backslash, echoed in its JSON form: masked in the trace', async () => {
    const token = 'Sec"ret\\Tok9-quoted';
    const r = await traceReport(
      `{"result":"success","message":"Have 0 records found a=${JSON.stringify(token).slice(1, -1)}","records":[]}`,
      token,
    );
    expect(r.stderr).toMatch(/< 200 in \d+ ms: .*a=\*\*\*/);
    expect(new Secrets([token]).leaks(readEscapes(r.stdout + r.stderr))).toBe(false);
    expect(r.stdout + r.stderr).not.toContain('Tok9-quoted');
  });

  it('a report record echoing a token with a quote: written masked, not "a body cacs cannot read" (review, session 22)', async () => {
    const token = 'abcdefghij"klmnopqrst';
    for (const echoed of [token, token.slice(4)]) {
      const record = `{"campaign_id":1,"campaign_name":"C","campaign_lead_id":1,"ref_id":"","phone_number":"0912345678","lead_name":${JSON.stringify(echoed)},"call":0,"data":[]}`;
      const r = await traceReport(
        `{"result":"success","message":"Have 1 records found","records":[${record}]}`,
        token,
        ['--format', 'json'],
      );
      expect(r.code, r.stderr).toBe(0);
      const written = JSON.parse(r.stdout) as Array<{ lead_name: string }>;
      expect(written[0]!.lead_name).toContain('***');
      expect(new Secrets([token]).leaks(readEscapes(r.stdout + r.stderr))).toBe(false);
    }
  });
});
