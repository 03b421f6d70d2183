/**
 * What a report answer says, taken at its word or not (issue 22, item 9), over real HTTP with a
 * scripted server: a count that disagrees with the records, a token echoed JSON-escaped, a lead
 * listed with no attempt (`data: []`), and an answer that starts with a UTF-8 byte order mark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { createClient, runReport } from '../../src/index.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { readWithEtree } from '../helpers/xlsx-read.js';
import {
  json,
  jsonEscapes,
  raw,
  startScriptedServer,
  type ScriptedServer,
} from '../helpers/servers.js';

const TOKEN = 'tok-SECRET-9f8e7d6c5b4a';

const attempt = (lead: number, time: string) => ({
  session: `s${lead}-${time}`,
  wait_time: 3,
  talk_time: 20,
  phone_number: `09000000${String(lead).padStart(2, '0')}`,
  date_time: time,
  status: 'ANSWERED',
  retry: 0,
  key_press: '1',
});
const record = (lead: number, data: unknown[], extra: Record<string, unknown> = {}) => ({
  campaign_id: 7,
  campaign_name: 'Autumn',
  campaign_lead_id: lead,
  ref_id: `R${lead}`,
  phone_number: `09000000${String(lead).padStart(2, '0')}`,
  lead_name: `Lead ${lead}`,
  call: data.length,
  data,
  ...extra,
});
const answer = (records: unknown[], count = records.length) => ({
  result: 'success',
  message: `Have ${count} records found`,
  records,
});
const FIVE = [1, 2, 3, 4, 5].map((i) => record(i, [attempt(i, '2026-11-20 09:00:00')]));

const servers: ScriptedServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function serve(...scripts: Parameters<typeof startScriptedServer>[0]) {
  const s = await startScriptedServer(scripts);
  servers.push(s);
  return s;
}

/** A working folder (with `config` as its .cacsrc.json) and the environment for `server`. */
function workIn(server: ScriptedServer, config?: unknown) {
  const cwd = tempDir();
  const env = isolatedEnv({
    CACS_BASE_URL: server.url,
    CACS_ACCESS_TOKEN: TOKEN,
    CACS_CAMPAIGN: 'AUTUMN',
  });
  dirs.push(cwd, env.HOME!);
  if (config !== undefined)
    fs.writeFileSync(path.join(cwd, '.cacsrc.json'), JSON.stringify(config));
  return { cwd, env };
}

function cli(server: ScriptedServer, args: string[], config?: unknown) {
  const { cwd, env } = workIn(server, config);
  const run = runCli(['report', '--from', '2026-11-20', '--to', '2026-11-20', ...args], {
    env,
    cwd,
  });
  return { cwd, run };
}

const libraryReport = (server: ScriptedServer) =>
  runReport({
    client: createClient({ baseUrl: server.url, token: TOKEN }),
    campaignKey: 'AUTUMN',
    from: '2026-11-20',
    to: '2026-11-20',
  });

describe('a count that disagrees with the records', () => {
  it('"Have 50 records found" with 5 records, twice: exit 1 naming the window and both numbers', async () => {
    const s = await serve(json(200, answer(FIVE, 50)));
    const { cwd, run } = cli(s, ['-o', 'out.json']);
    const r = await run;
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `the service's answer for 2026-11-20 00:00:00 → 2026-11-20 23:59:59 says "Have 50 records found" but lists 5, asked twice`,
    );
    expect(r.stderr).toContain('report.countMismatch');
    expect(s.seen).toHaveLength(2);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('"Have -2 records found": a count that contradicts the records too, not "no count" (review, session 22)', async () => {
    const s = await serve(json(200, answer(FIVE, -2)));
    const { cwd, run } = cli(s, ['-o', 'out.json']);
    const r = await run;
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('says "Have -2 records found" but lists 5, asked twice');
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('"Have 2 records found" with 5: the library throws an ApiError (exit 1)', async () => {
    const s = await serve(json(200, answer(FIVE, 2)));
    const err = await libraryReport(s).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).exitCode).toBe(1);
    expect((err as ApiError).message).toContain('says "Have 2 records found" but lists 5');
  });

  it('a miscount once, then a right answer: the window is asked again and written', async () => {
    const s = await serve(json(200, answer(FIVE, 50)), json(200, answer(FIVE)));
    const result = await libraryReport(s);
    expect(result.records).toHaveLength(5);
    expect(result.recounted).toBe(1);
    expect(s.seen).toHaveLength(2);
  });

  it('report.countMismatch: warn writes the records as listed, with a warning', async () => {
    const s = await serve(json(200, answer(FIVE, 50)));
    const { cwd, run } = cli(s, ['-o', 'out.json'], { report: { countMismatch: 'warn' } });
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /says "Have 50 records found" but lists 5, asked twice; written as listed/,
    );
    const out = JSON.parse(fs.readFileSync(path.join(cwd, 'out.json'), 'utf8')) as unknown[];
    expect(out).toHaveLength(5);
  });

  it('an answer that says no count ("OK"): written as listed, with one warning saying so', async () => {
    // Review, session 17: a success whose message has no count was taken without a word.
    const s = await serve(json(200, { result: 'success', message: 'OK', records: FIVE }));
    const { cwd, run } = cli(s, ['-o', 'out.json']);
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      '1 of 1 answers did not say how many records they hold (one said "OK", not "Have <n> records found"): their records are kept as listed, unchecked against a count',
    );
    const out = JSON.parse(fs.readFileSync(path.join(cwd, 'out.json'), 'utf8')) as unknown[];
    expect(out).toHaveLength(5);
    // The library tells onWarning, once for the report.
    const warnings: string[] = [];
    const result = await runReport({
      client: createClient({ baseUrl: s.url, token: TOKEN }),
      campaignKey: 'AUTUMN',
      from: '2026-11-18',
      to: '2026-11-20',
      windowDays: 1,
      onWarning: (w) => warnings.push(w),
    });
    expect(result.records).toHaveLength(5);
    expect(warnings).toEqual([expect.stringMatching(/^3 of 3 answers did not say/)]);
  });

  it('a service that ignores --status: the attempts of other statuses are kept as sent, with one warning', async () => {
    // Review, session 17: every status was written without a word.
    const s = await serve(json(200, answer(FIVE)));
    const { cwd, run } = cli(s, ['-o', 'out.json', '--status', 'CONNECTED,BUSY']);
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      '5 attempts have a status that was not asked for ("ANSWERED" (5); asked: CONNECTED,BUSY): the service may not have applied the status filter; they are kept as sent',
    );
    expect(JSON.parse(fs.readFileSync(path.join(cwd, 'out.json'), 'utf8'))).toHaveLength(5);
    expect(JSON.parse(s.seen[0]!.body).status).toBe('CONNECTED,BUSY');
    // The status asked for, in another case or with blanks: the same status, no warning.
    const same = await cli(s, ['-o', 'out.json', '--status', ' answered']).run;
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).not.toContain('not asked for');
  });

  it('report.countMismatch takes only error or warn', async () => {
    const s = await serve(json(200, answer(FIVE)));
    const r = await cli(s, [], { report: { countMismatch: 'ignore' } }).run;
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/countMismatch.*expected one of error, warn/);
  });
});

describe('one lead given two phone numbers (session 24: merged without a word)', () => {
  /** Lead 1 with `first` in the answer for 2026-11-19, `second` in the one for 2026-11-20. */
  const byDay =
    (first: string, second: string): Parameters<typeof startScriptedServer>[0][number] =>
    (req, res, body) => {
      const day19 = (JSON.parse(body) as { start_date: string }).start_date.startsWith(
        '2026-11-19',
      );
      const time = day19 ? '2026-11-19 09:00:00' : '2026-11-20 09:00:00';
      const r = record(1, [attempt(1, time)], { phone_number: day19 ? first : second });
      json(200, answer([r, record(2, [attempt(2, time)])]))(req, res, body);
    };
  const twoDays = (s: ScriptedServer, onWarning: (w: string) => void) =>
    runReport({
      client: createClient({ baseUrl: s.url, token: TOKEN }),
      campaignKey: 'AUTUMN',
      from: '2026-11-19',
      to: '2026-11-20',
      windowDays: 1,
      onWarning,
    });

  it('keeps the first (the oldest window) and says so once, naming the lead', async () => {
    const s = await serve(byDay('0900000001', '0911111111'));
    const warnings: string[] = [];
    const result = await twoDays(s, (w) => warnings.push(w));
    expect(s.seen).toHaveLength(2);
    expect(result.records.map((r) => r.phone_number)).toEqual(['0900000001', '0900000002']);
    expect(result.records[0]!.data).toHaveLength(2);
    expect(warnings).toEqual([
      'the service gave lead 1 (and perhaps others) a different phone number in another of its records; the report keeps the first one given (the oldest window)',
    ]);
  });

  it.each(['+84 900 000 001', '900000001', '0084900000001', '+84 (0) 900 000 001', '84900000001'])(
    'one number written two ways (0900000001, %s) is the same number: no warning',
    async (other) => {
      const s = await serve(byDay('0900000001', other));
      const warnings: string[] = [];
      await twoDays(s, (w) => warnings.push(w));
      expect(warnings).toEqual([]);
    },
  );

  it.each([
    ['in memory', {}, []],
    ['spilled to disk, each window a run', { report: { memoryBudget: 1 } }, []],
    ['--join, in memory', {}, ['--join', 'leads.csv']],
    // The join makes no text: its spilled runs are merged when it reads them (review).
    ['--join, spilled to disk', { report: { memoryBudget: 1 } }, ['--join', 'leads.csv']],
  ])('cacs report says so on stderr, %s', async (_, config, join) => {
    const s = await serve(byDay('0900000001', '0911111111'));
    const { cwd, env } = workIn(s, config);
    const args = ['report', '--from', '2026-11-19', '--to', '2026-11-20', '--window-days', '1'];
    if (join.length > 0) {
      fs.writeFileSync(path.join(cwd, 'leads.csv'), 'phone,name\n0900000001,An\n0900000002,Bo\n');
      const r = await runCli([...args, ...join, '-o', 'joined.csv'], { env, cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.match(/a different phone number/g)).toHaveLength(1);
      expect(fs.readFileSync(path.join(cwd, 'joined.csv'), 'utf8')).toContain('0900000001,An,');
      return;
    }
    const r = await runCli([...args, '-o', 'out.json'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/a different phone number/g)).toHaveLength(1);
    expect(r.stderr).toContain('lead 1 (and perhaps others)');
    const out = JSON.parse(fs.readFileSync(path.join(cwd, 'out.json'), 'utf8')) as Array<{
      phone_number: string;
    }>;
    expect(out.map((x) => x.phone_number)).toEqual(['0900000001', '0900000002']);
    const vi = await runCli([...args, '--lang', 'vi', '-o', 'out.json'], { env, cwd });
    expect(vi.stderr).toContain('dịch vụ trả về cho lead 1 (có thể cả lead khác)');
  });
});

describe('a token echoed JSON-escaped in a record', () => {
  const escaped = jsonEscapes(TOKEN);
  const body = JSON.stringify(answer([record(1, [attempt(1, '2026-11-20 09:00:00')])])).replace(
    '"Lead 1"',
    `"Lead 1 ${escaped.join('')}"`,
  );

  it('is masked in out.json and on stdout', async () => {
    const s = await serve(raw(200, body, { 'content-type': 'application/json' }));
    const file = cli(s, ['-o', 'out.json']);
    const r1 = await file.run;
    expect(r1.code, r1.stderr).toBe(0);
    const written = fs.readFileSync(path.join(file.cwd, 'out.json'), 'utf8');
    expect(written).not.toContain(TOKEN);
    expect(written).toContain('Lead 1 ***');
    for (const format of ['json', 'csv', 'ndjson']) {
      const r = await cli(s, ['--format', format]).run;
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Lead 1 ***');
      expect(r.stdout + r.stderr).not.toContain(TOKEN);
    }
  });
});

describe('a token echoed JSON-escaped in an answer cacs cannot read', () => {
  const escaped = jsonEscapes(TOKEN);
  // Wholly escaped, and partly (the first half plain: the text's scrub then masks only pieces).
  const half = Math.floor(TOKEN.length / 2);
  const bodies = [
    `{"m":"x ${escaped.join('')} y","records":[`,
    `{"m":"x ${TOKEN.slice(0, half)}${escaped.slice(half).join('')} y","records":[`,
  ];

  it.each(bodies)('is masked in the error that quotes the body: %s', async (body) => {
    const s = await serve(raw(200, body, { 'content-type': 'application/json' }));
    const client = createClient({ baseUrl: s.url, token: TOKEN });
    const e = await client
      .callResults({ campaign_key: 'AUTUMN', start_date: '2026-11-20', end_date: '2026-11-20' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    const message = (e as ApiError).message;
    expect(message).toMatch(/cannot read|could not read|unreadable/i);
    expect(message).not.toContain(TOKEN);
    // Neither escaped nor in pieces: no run of five of its characters, in either form.
    for (let i = 0; i + 5 <= TOKEN.length; i++) {
      expect(message).not.toContain(TOKEN.slice(i, i + 5));
      expect(message).not.toContain(escaped.slice(i, i + 5).join(''));
    }
    const r = await cli(s, ['--format', 'json']).run;
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stdout + r.stderr).not.toContain(escaped.slice(0, 5).join(''));
  });
});

describe('a lead listed with no attempt (data: [])', () => {
  const records = [record(1, [attempt(1, '2026-11-20 09:00:00')]), record(2, [], { call: 0 })];

  it('is kept, with call 0 and no attempt, in every format', async () => {
    const s = await serve(json(200, answer(records)));
    const run = async (args: string[]) => {
      const { cwd, run } = cli(s, args);
      const r = await run;
      expect(r.code, r.stderr).toBe(0);
      return { ...r, cwd };
    };
    const asJson = JSON.parse((await run(['--format', 'json'])).stdout) as Array<{
      campaign_lead_id: number;
      call: number;
      data: unknown[];
    }>;
    expect(asJson.map((x) => [x.campaign_lead_id, x.call, x.data.length])).toEqual([
      [1, 1, 1],
      [2, 0, 0],
    ]);
    const ndjson = (await run(['--format', 'ndjson'])).stdout.trim().split('\n');
    expect(JSON.parse(ndjson[1]!)).toMatchObject({ campaign_lead_id: 2, call: 0, data: [] });
    // CSV attempts: one row with the attempt columns empty.
    const csv = (await run(['--format', 'csv'])).stdout.trim().split(/\r?\n/);
    expect(csv).toHaveLength(3);
    expect(csv[2]).toBe('7,Autumn,2,R2,0900000002,Lead 2,0,,,,,,,,');
    const leads = (await run(['--format', 'csv', '--flatten', 'leads'])).stdout
      .trim()
      .split(/\r?\n/);
    expect(leads[2]).toBe('7,Autumn,2,R2,0900000002,Lead 2,0,0,,,0');
    expect((await run(['--format', 'table'])).stdout).toContain('0900000002');
    const xlsx = await run(['-o', 'out.xlsx']);
    expect(JSON.stringify(readWithEtree(path.join(xlsx.cwd, 'out.xlsx')))).toContain('0900000002');
    const html = await run(['-o', 'out.html']);
    expect(fs.readFileSync(path.join(html.cwd, 'out.html'), 'utf8')).toContain('0900000002');
    const summary = JSON.parse((await run(['--summary', '--format', 'json'])).stdout) as {
      leads: number;
      attempts: number;
    };
    expect(summary).toMatchObject({ leads: 2, attempts: 1 });
  });
});

describe('an answer that starts with a UTF-8 byte order mark', () => {
  it('is read: a report', async () => {
    const s = await serve(
      raw(200, `\uFEFF${JSON.stringify(answer(FIVE))}`, { 'content-type': 'application/json' }),
    );
    const result = await libraryReport(s);
    expect(result.records).toHaveLength(5);
  });

  it('is read: an import', async () => {
    const s = await serve(
      raw(
        200,
        `\uFEFF${JSON.stringify({ result: 'success', message: '1/1 leads were imported' })}`,
        {
          'content-type': 'application/json',
        },
      ),
    );
    const client = createClient({ baseUrl: s.url, token: TOKEN });
    const r = await client.importLeads('AUTUMN', [{ phone_number: '0912345678' }]);
    expect(r).toMatchObject({ imported: 1, skipped: 0, unparsedMessage: false });
  });
});
