/**
 * `cacs history`'s table when runs went to several services (found by the operator walk: at 60
 * columns the table ran past the width and every row wrapped; at 80 the service column was cut
 * to `127.0.0.…`, hiding the port, the only part that differed; a rejects file's run showed as
 * `ngay1.c….csv`). Synthetic runs, the table as the CLI prints it; and `history show`, whose
 * counts left out the leads the service skipped and the blank rows (a real import over HTTP).
 */
import fs from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { historyTable } from '../../src/cli/commands/history.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, phoneOf, write } from '../helpers/import.js';
import { setLanguage } from '../../src/messages/index.js';
import type { RunRecord } from '../../src/state/types.js';

afterEach(() => setLanguage('en'));

const emulators = emulatorPool();
const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function run(i: number, baseUrl: string, file: string, imported: number): RunRecord {
  return {
    k: 'start',
    n: i + 1,
    pid: 4242,
    id: `r20261126-2158${String(i).padStart(2, '0')}-17853${i}`,
    started: `2026-11-26T14:5${i}:00.000Z`,
    file: `/tmp/work/${file}`,
    campaign: 'summer',
    baseUrl,
    end: {
      ended: `2026-11-26T14:5${i}:30.000Z`,
      total: imported,
      imported,
      rejected: 0,
      skipped: 0,
      uncertain: 0,
      exitCode: 0,
      rejectsFile: null,
      skippedFile: null,
      uncertainFile: null,
      uncertainLines: [],
    },
  };
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe("history table, a team's runs on a shared store (DESIGN: every operator's runs, host and user)", () => {
  const by = (r: RunRecord, user: string | undefined, host: string | undefined): RunRecord => ({
    ...r,
    ...(user !== undefined ? { user } : {}),
    ...(host !== undefined ? { host } : {}),
  });
  const url = 'http://127.0.0.1:8788/';
  const team = [
    by(run(3, url, 'ca-chieu.csv', 40), 'lan', 'may-02'),
    by(run(2, url, 'ca-sang.csv', 35), 'minh', 'may-01'),
    by(run(1, url, 'ca-sang.csv', 12), 'minh', undefined),
    by(run(0, url, 'ngay1.csv', 6), 'lan', 'may-02'),
  ];

  for (const lang of ['en', 'vi'] as const)
    it(`names who ran each run (user@host) and fits 60, 80 and 120 columns (${lang})`, () => {
      setLanguage(lang);
      for (const width of [60, 80, 120]) {
        const text = historyTable(team, width);
        expect(widest(text), text).toBeLessThanOrEqual(width);
        expect(text).toMatch(lang === 'en' ? /\bby\b/ : /người/);
        if (width === 120) {
          expect(text).toContain('lan@may-02');
          expect(text).toContain('minh@may-01');
          // A run whose host is unknown: the user alone.
          expect(text.split('\n').some((l) => / minh +\d/.test(l) || /\bminh\b(?!@)/.test(l))).toBe(
            true,
          );
        }
      }
    });

  it('one operator (or a file store, which keeps no names): no column for it', () => {
    const alone = team.map((r) => by(r, 'lan', 'may-02'));
    expect(historyTable(alone, 120)).not.toMatch(/\bby\b|lan@/);
    const unnamed = team.map(({ user: _u, host: _h, ...r }) => r);
    expect(historyTable(unnamed, 120)).not.toMatch(/\bby\b|—  *\d/);
  });
});

describe('history table, runs to two services on one host', () => {
  const runs = [
    run(3, 'http://127.0.0.1:41891/', 'ngay1.csv.rejects.csv', 6),
    run(2, 'http://127.0.0.1:8788/', 'round2.csv', 6),
    run(1, 'http://127.0.0.1:41891/', 'big2.csv', 2600),
    run(0, 'http://127.0.0.1:8788/', 'ngay1.csv', 6),
  ];

  for (const lang of ['en', 'vi'] as const)
    it(`fits 60, 80 and 120 columns and names each service by its port, whole (${lang})`, () => {
      setLanguage(lang);
      for (const width of [60, 80, 120]) {
        const text = historyTable(runs, width);
        expect(widest(text), text).toBeLessThanOrEqual(width);
        const rows = text.split('\n').filter((l) => /178530|178531|178532|178533/.test(l));
        expect(rows).toHaveLength(4);
        expect(rows.filter((l) => / :41891 /.test(l))).toHaveLength(2);
        expect(rows.filter((l) => / :8788 /.test(l))).toHaveLength(2);
        expect(text).not.toContain('127.0.0');
      }
    });

  it("a list's kind stays in a cut file name when there is room for it", () => {
    const text = historyTable(runs, 120);
    expect(text).toContain('ngay1.csv.rejects.csv');
    // 80 columns leave the file 12 characters beside full dates: its kind without `.csv` (was
    // `bao-cao….csv`). Runs of two years keep their full dates.
    const lastYear = {
      ...run(4, 'http://a.example/', 'a.csv', 1),
      started: '2025-12-31T10:00:00Z',
    };
    const one = [run(3, 'http://a.example/', 'bao-cao-thang-11.csv.rejects.csv', 6), lastYear];
    expect(historyTable(one, 80)).toMatch(/ bao….rejects {2}/);
    expect(historyTable(one, 80)).not.toMatch(/\.cs…|….csv/);
    // With the room, the kind whole.
    expect(
      historyTable(
        [run(3, 'http://a.example/', 'bao-cao-thang-11-chi-nhanh-ha-noi.csv.rejects.csv', 6)],
        200,
      ),
    ).toContain('bao-cao-thang-11-chi-nhanh-ha-noi.csv.rejects.csv');
  });

  it('a narrow terminal: runs of one year say it once, in the clock line, and the file name gets its 5 characters (en, vi)', () => {
    const runs3 = [
      run(1, 'http://a.example/', 'big-campaign-list.csv', 12),
      run(2, 'http://a.example/', 'leads-november.xlsx', 11),
    ];
    // The clock is passed, never kept from an earlier call (the tests run commands in-process:
    // a history command's zone leaked into this table; third review, session 12).
    expect(historyTable(runs3, 60, 'Asia/Ho_Chi_Minh').split('\n')[0]).toBe(
      'times: Asia/Ho_Chi_Minh (UTC+07:00), all in 2026',
    );
    const at60 = historyTable(runs3, 60);
    expect(widest(at60)).toBeLessThanOrEqual(60);
    expect(at60.split('\n')[0]).toBe('times: UTC (UTC+00:00), all in 2026');
    expect(at60).toMatch(/^11-26 14:51 {2}178531 {2}big-cam\S*….csv /m);
    expect(at60).not.toContain('2026-11-26');
    // Wide enough for every name: dates in full, the clock line as before.
    const at120 = historyTable(runs3, 120);
    expect(at120.split('\n')[0]).toBe('times: UTC (UTC+00:00)');
    expect(at120).toMatch(/^2026-11-26 14:51 {2}178531 {2}big-campaign-list.csv /m);
    // Two years: full dates, however narrow.
    const two = [
      ...runs3,
      { ...runs3[0]!, id: 'r20251231-100000-178539', started: '2025-12-31T10:00:00Z' },
    ];
    const narrowTwo = historyTable(two, 60);
    expect(narrowTwo.split('\n')[0]).toBe('times: UTC (UTC+00:00)');
    expect(narrowTwo).toMatch(/^2025-12-31 10:00 /m);
    // Vietnamese: dd/mm, the year first in the clock line.
    setLanguage('vi');
    const vi60 = historyTable(runs3, 60);
    expect(widest(vi60)).toBeLessThanOrEqual(60);
    expect(vi60.split('\n')[0]).toBe('năm 2026, giờ theo: UTC (UTC+00:00)');
    expect(vi60).toMatch(/^26\/11 14:51 {2}178531 /m);
  });

  it('services the short names would not tell apart (http and https of one host): whole addresses', () => {
    const text = historyTable(
      [
        run(1, 'http://cacs.example.vn/', 'a.csv', 1),
        run(0, 'https://cacs.example.vn/', 'b.csv', 1),
      ],
      200,
    );
    expect(text).toContain('http://cacs.example.vn/');
    expect(text).toContain('https://cacs.example.vn/');
  });

  it('services on different hosts with one port: the host alone', () => {
    const text = historyTable(
      [
        run(1, 'https://cacs-a.example.vn/', 'a.csv', 1),
        run(0, 'https://cacs-b.example.vn/', 'b.csv', 1),
      ],
      120,
    );
    expect(text).toContain('cacs-a.example.vn');
    expect(text).toContain('cacs-b.example.vn');
  });
});

describe('cacs history show: the counts add up to the rows (operator walk)', () => {
  it('leads the service skipped (it held them already) and blank rows have lines of their own; --json gives both', async () => {
    const emu = await emulators.start();
    const env = importEnv(emu);
    const cwd = tempDir('cacs-history-show-');
    made.push(cwd, env.HOME!);
    // The leads are in the campaign already (another state folder imported them): the service
    // counts them and imports none.
    write(cwd, 'sk.csv', 'phone,name\n0914000001,An\n,\n0914000002,Bình\n');
    const other = { ...env, CACS_STATE_DIR: `${env.CACS_STATE_DIR!}-other` };
    made.push(other.CACS_STATE_DIR);
    expect((await runCli(['import', 'sk.csv'], { env: other, cwd })).code).toBe(0);
    const r = await runCli(['import', 'sk.csv', '--json'], { env, cwd });
    const summary = JSON.parse(r.stdout) as {
      serviceSkipped: number;
      blank: number;
      runId: string;
    };
    expect(summary).toMatchObject({ serviceSkipped: 2, blank: 1 });
    const list = await runCli(['history', '--json'], { env, cwd });
    const id = (JSON.parse(list.stdout) as { runs: Array<{ id: string }> }).runs[0]!.id;
    const show = await runCli(['history', 'show', id], { env, cwd });
    expect(show.stdout).toContain('rows      3: imported 0, rejected 0, skipped 0, uncertain 0');
    expect(show.stdout).toContain(
      '          2 sent but not imported by the service (it holds those leads already)',
    );
    expect(show.stdout).toContain('          1 blank row, skipped');
    const json = await runCli(['history', 'show', id, '--json'], { env, cwd });
    expect(JSON.parse(json.stdout).run).toMatchObject({ rows: 3, serviceSkipped: 2, blank: 1 });
  });
});

describe('cacs history show: a run that stopped early says what it never sent (operator walk)', () => {
  it('the leads not sent have a line of their own (en, vi) and a member in --json', async () => {
    const emu = await emulators.start();
    const env = importEnv(emu);
    const cwd = tempDir('cacs-history-notsent-');
    made.push(cwd, env.HOME!);
    write(cwd, 'n.csv', 'phone\n0914000001\n0914000002\n0914000003\n');
    // A campaign the service does not know: the first request is refused, nothing is sent.
    const r = await runCli(['import', 'n.csv', '--campaign', 'nope', '--json'], { env, cwd });
    expect(r.code).toBe(4);
    const summary = JSON.parse(r.stdout) as { notSent: number; runId: string };
    expect(summary.notSent).toBe(3);
    const show = await runCli(['history', 'show', summary.runId], { env, cwd });
    expect(show.stdout).toContain('rows      3: imported 0, rejected 0, skipped 0, uncertain 0');
    // (Wrapped to the width, indented under the counts.)
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(show.stdout)).toContain(
      ' 3 not sent: the run stopped before sending them; a later run of this import sends them',
    );
    const vi = await runCli(['history', 'show', summary.runId, '--lang', 'vi'], { env, cwd });
    expect(flat(vi.stdout)).toContain(
      ' 3 chưa gửi: lượt chạy dừng trước khi gửi các khách hàng này; một lượt chạy sau',
    );
    const json = await runCli(['history', 'show', summary.runId, '--json'], { env, cwd });
    expect(JSON.parse(json.stdout).run).toMatchObject({ rows: 3, imported: 0, notSent: 3 });
    // A run that sent everything says nothing of the kind, and its --json has 0.
    const ok = await runCli(['import', 'n.csv', '--json'], { env, cwd });
    const done = JSON.parse(ok.stdout) as { runId: string };
    const shown = await runCli(['history', 'show', done.runId], { env, cwd });
    expect(shown.stdout).not.toContain('not sent');
    const okJson = await runCli(['history', 'show', done.runId, '--json'], { env, cwd });
    expect(JSON.parse(okJson.stdout).run).toMatchObject({ notSent: 0 });
  });
});

describe('cacs history show at 60 columns: a count stays beside its word (operator walk)', () => {
  it('"uncertain 600" is not broken across lines (en, vi)', async () => {
    // Every batch's answer is lost after the service took it: all 600 leads uncertain, and the
    // counts line is "rows 600: imported 0, rejected 0, skipped 0, uncertain 600" (63 wide).
    const emu = await emulators.start({ faults: { dropAfterRate: 1 } });
    const env = importEnv(emu);
    const cwd = tempDir('cacs-history-wrap-');
    made.push(cwd, env.HOME!);
    write(cwd, 'u.csv', `phone\n${Array.from({ length: 600 }, (_, i) => phoneOf(i)).join('\n')}\n`);
    const r = await runCli(['import', 'u.csv', '--json'], { env, cwd });
    expect(r.code).toBe(5);
    const id = (JSON.parse(r.stdout) as { runId: string }).runId;
    for (const [lang, pair] of [
      ['en', 'uncertain 600'],
      ['vi', 'chưa rõ 600'],
    ] as const) {
      const show = await runCli(['history', 'show', id, '--lang', lang], { env, cwd, columns: 60 });
      const lines = show.stdout.split('\n');
      expect(lines.some((l) => l.includes(pair))).toBe(true);
      for (const l of lines) expect(l).not.toContain('\u00a0');
      for (const l of lines.filter((x) => !x.includes('/')))
        expect([...l].length).toBeLessThanOrEqual(60);
    }
  });
});

describe('history find --help', () => {
  it('names every member of its --json object (it left out erased: operator walk)', async () => {
    const help = await runCli(['history', 'find', '--help']);
    const listed = /\{ ([a-z, ]+) \}/i.exec(help.stdout.replace(/\s+/g, ' '))?.[1]?.split(', ');
    const dir = tempDir();
    const found = await runCli(['history', 'find', '0912345678', '--json'], {
      env: { HOME: dir, CACS_STATE_DIR: dir, PATH: process.env.PATH },
      cwd: dir,
    });
    const keys = Object.keys(JSON.parse(found.stdout) as object).sort();
    expect(listed?.slice().sort()).toEqual(keys);
  });
});

describe('cacs history --campaign: none into that campaign is not "none at all" (review, session 18)', () => {
  it('says which campaign has none, and how to list the others', async () => {
    const emu = await emulators.start();
    const env = importEnv(emu);
    const cwd = tempDir('cacs-history-campaign-');
    made.push(cwd, env.HOME!);
    write(cwd, 'a.csv', 'phone\n0914000101\n');
    expect((await runCli(['import', 'a.csv'], { env, cwd })).code).toBe(0);
    const r = await runCli(['history', '--campaign', 'nope'], { env, cwd });
    expect(r.code).toBe(0);
    const said = r.stdout + r.stderr;
    expect(said).toContain(`no import into campaign nope recorded in ${env.CACS_STATE_DIR!}`);
    expect(said).not.toContain('no imports recorded');
  });
});

describe('history table: file names in decomposed Unicode or wide characters (display columns)', () => {
  // A name as macOS writes it: every accent a combining mark after its letter.
  const nfc = 'khách-hàng-tháng-mười-một-chi-nhánh-hà-nội.csv';
  const nfd = nfc.normalize('NFD');
  const cjk = '夏季促销活动客户名单.csv';
  const url = 'http://127.0.0.1:8788/';
  const runs = [run(1, url, nfd, 2), run(2, url, 'leads.csv', 1), run(3, url, cjk, 4)];
  /** Columns a line takes: marks none, CJK ideographs two. */
  const cols = (l: string) =>
    [...l].reduce((n, ch) => n + (/\p{M}/u.test(ch) ? 0 : /\p{Script=Han}/u.test(ch) ? 2 : 1), 0);

  it.each([60, 80, 120])(
    'at %i columns: every row the same width up to the campaign, no line past the width, names cut between whole letters',
    (width) => {
      const text = historyTable(runs, width, 'Asia/Ho_Chi_Minh');
      const lines = text.trimEnd().split('\n');
      const rows = lines.filter((l) => /^\d\d-\d\d \d\d:\d\d|^\d{4}-/.test(l));
      expect(rows).toHaveLength(3);
      for (const l of lines) expect(cols(l), l).toBeLessThanOrEqual(width);
      // The campaign column starts at the same column in every row (and under its header).
      const campaignAt = rows.map((l) => cols(l.slice(0, l.indexOf('summer'))));
      expect(new Set(campaignAt).size, text).toBe(1);
      const header = lines.find((l) => l.includes('campaign'))!;
      expect(cols(header.slice(0, header.indexOf('campaign')))).toBe(campaignAt[0]);
      // A cut name ends in whole letters: composed, it is the start of the composed name.
      const shown = rows[0]!.split(/ {2,}/)[2]!;
      const [before] = shown.normalize('NFC').split('…');
      expect(nfc.startsWith(before!), shown).toBe(true);
      expect(/\p{M}/u.test([...shown][0]!)).toBe(false);
    },
  );
});
