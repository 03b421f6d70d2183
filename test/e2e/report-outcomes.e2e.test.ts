/**
 * `cacs report --join` and `--recycle` over real HTTP: against a purpose-built server whose raw
 * records the test writes (every outcome column checked against an independent Python
 * computation from those records, test/helpers/outcomes_reference.py), and against the
 * emulator after a real import (NOT_IMPORTED from that import's history; xlsx in → xlsx out read
 * back with openpyxl; the recycle file imported for real with zero rejects).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runOutcomes, runReport, createClient } from '../../src/index.js';
import { OUTCOME_COLUMNS } from '../../src/report/join/columns.js';
import { BIN, isolatedEnv, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { PYTHON, readWithEtree } from '../helpers/xlsx-read.js';
import {
  startOutcomesServer,
  type OutcomesServer,
  type RawRecord,
} from '../helpers/outcomes-server.js';

const REFERENCE = path.join(ROOT, 'test', 'helpers', 'outcomes_reference.py');

/** Python (one with openpyxl when there is one: test/helpers/xlsx-read.ts). */
function python(code: string, args: string[] = [], input?: string): string {
  const r = spawnSync(PYTHON.openpyxl ?? PYTHON.any ?? 'python3', ['-c', code, ...args], {
    encoding: 'utf8',
    ...(input !== undefined ? { input } : {}),
  });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout;
}

/** A CSV read back by Python's csv module (an independent reader). */
function readCsv(file: string): string[][] {
  return JSON.parse(
    python(
      'import csv,json,sys; print(json.dumps(list(csv.reader(open(sys.argv[1], encoding="utf-8-sig", newline="")))))',
      [file],
    ),
  ) as string[][];
}

const A = (date_time: string, status: string, talk_time = 0) => ({ date_time, status, talk_time });

/** The raw records the purpose-built server serves. */
const RECORDS: RawRecord[] = [
  {
    campaign_lead_id: 101,
    ref_id: 'R1',
    phone_number: '0912345678',
    lead_name: 'An',
    attempts: [A('2026-11-10 09:00:00', 'NO ANSWER'), A('2026-11-11 10:00:00', 'ANSWERED', 35)],
  },
  {
    campaign_lead_id: 102,
    ref_id: null,
    phone_number: '0362345678',
    lead_name: 'Bình',
    attempts: [A('2026-11-10 08:30:00', 'BUSY'), A('2026-11-12 09:00:00', 'NO ANSWER', 0)],
  },
  {
    campaign_lead_id: 103,
    ref_id: 'R3',
    phone_number: '0987111222',
    lead_name: 'Chi',
    attempts: [A('2026-11-10 11:00:00', 'NO ANSWER')],
  },
  {
    // ref R9 and the phone of the row with ref R4: both have a ref_id, they differ: no match.
    campaign_lead_id: 104,
    ref_id: 'R9',
    phone_number: '0912000111',
    lead_name: 'Dũng',
    attempts: [A('2026-11-13 09:00:00', 'ANSWERED', 12)],
  },
  {
    campaign_lead_id: 105,
    ref_id: null,
    phone_number: '0912345679',
    lead_name: 'Em',
    attempts: [A('2026-11-14 09:00:00', 'BUSY'), A('2026-11-14 15:00:00', 'ANSWERED', 61)],
  },
  {
    // No ref_id: it matches the row with ref R6 by its (Excel-damaged) phone.
    campaign_lead_id: 106,
    ref_id: null,
    phone_number: '0912345680',
    lead_name: 'Giang',
    attempts: [A('2026-11-15 09:00:00', 'FAILED')],
  },
  {
    campaign_lead_id: 107,
    ref_id: 'R7',
    phone_number: '0977000000',
    lead_name: 'Not in the file',
    attempts: [A('2026-11-15 10:00:00', 'ANSWERED', 5)],
  },
  {
    // Its only attempt is before the range: the row is NOT_CALLED.
    campaign_lead_id: 108,
    ref_id: 'R8',
    phone_number: '0933444555',
    lead_name: 'Hà',
    attempts: [A('2026-10-01 09:00:00', 'ANSWERED', 40)],
  },
  {
    // The same phone as lead 101, another ref: adds up for a row of that phone without ref_id.
    campaign_lead_id: 109,
    ref_id: 'R1b',
    phone_number: '0912345678',
    lead_name: 'An again',
    attempts: [A('2026-11-16 09:00:00', 'NO ANSWER'), A('2026-11-17 09:00:00', 'BUSY', 0)],
  },
  {
    // A ref_id the file gives to people of different phones (review, session 19): matched by
    // ref_id and phone together, never added up across them.
    campaign_lead_id: 110,
    ref_id: 'N/A',
    phone_number: '0914000201',
    lead_name: 'Khoa',
    attempts: [A('2026-11-18 09:00:00', 'ANSWERED', 30)],
  },
  {
    campaign_lead_id: 111,
    ref_id: 'N/A',
    phone_number: '0914000202',
    lead_name: 'Lan',
    attempts: [A('2026-11-18 10:00:00', 'BUSY')],
  },
  {
    // The shared N/A with the number of a row of another ref_id (R4's): in no row.
    campaign_lead_id: 112,
    ref_id: 'N/A',
    phone_number: '0912000111',
    lead_name: 'Dũng?',
    attempts: [A('2026-11-19 09:00:00', 'ANSWERED', 9)],
  },
  {
    // D1: one row with a number, one with none (the same customer, typed without it; fixed and
    // imported with another number): not shared, both rows match it by ref_id.
    campaign_lead_id: 113,
    ref_id: 'D1',
    phone_number: '0914000302',
    lead_name: 'Phúc',
    attempts: [A('2026-11-19 10:00:00', 'NO ANSWER')],
  },
];

/** The lead file: every written form of a phone, a ref_id column, columns cacs does not know. */
const ROWS: Array<{ name: string; phone: string; note: string; ref: string }> = [
  { name: 'An', phone: '0912345678', note: 'plain', ref: 'R1' },
  { name: 'Bình', phone: '01662345678', note: 'legacy 11 digits', ref: '' },
  { name: 'Chi', phone: '84987111222', note: '84 prefix', ref: 'R3' },
  { name: 'Dũng', phone: '0912 000 111', note: 'other ref', ref: 'R4' },
  { name: 'Em', phone: '+84 91 234 5679', note: '+84 spaced', ref: '' },
  { name: 'Giang', phone: '912345680', note: 'excel', ref: 'R6' },
  { name: 'Hà', phone: '0933.444.555', note: 'dotted', ref: 'R8' },
  { name: 'An (no ref)', phone: '091.234.5678', note: 'dotted', ref: '' },
  { name: 'Nobody', phone: '0084 90 111 2222', note: '0084', ref: '' },
  { name: 'Khoa', phone: '0914000201', note: 'shared ref', ref: 'N/A' },
  { name: 'Lan', phone: '0914 000 202', note: 'shared ref', ref: 'N/A' },
  { name: 'Minh', phone: 'abc', note: 'shared ref - no number', ref: 'N/A' },
  { name: 'Phúc', phone: '0914000301', note: 'ref with a number', ref: 'D1' },
  { name: 'Phúc', phone: '', note: 'the same ref - no number', ref: 'D1' },
];

function leadCsv(): string {
  return (
    'Họ tên,Số điện thoại,Ghi chú,Mã khách hàng\n' +
    ROWS.map((r) => [r.name, r.phone, r.note, r.ref].join(',')).join('\n') +
    '\n'
  );
}

/** The call_status of ROWS' rows, in order, for the controlled server's records. */
const STATUSES_OF_ROWS = [
  'ANSWERED',
  'NO ANSWER',
  'NO ANSWER',
  'NOT_CALLED',
  'ANSWERED',
  'FAILED',
  'NOT_CALLED',
  'BUSY',
  'NOT_CALLED',
  'ANSWERED',
  'BUSY',
  'NOT_CALLED',
  'NO ANSWER',
  'NO ANSWER',
];

const FROM = '2026-11-01';
const TO = '2026-11-30';

function reference(records: RawRecord[], rows: Array<{ phone: string; ref: string }>) {
  return JSON.parse(
    python(
      fs.readFileSync(REFERENCE, 'utf8'),
      [],
      JSON.stringify({
        records,
        rows,
        from: `${FROM} 00:00:00`,
        to: `${TO} 23:59:59`,
        answered: ['ANSWERED'],
      }),
    ),
  ) as Array<[string, number, string | null, string | null, number, string, string | null]>;
}

describe('cacs report --join against a server whose records the test controls', () => {
  let server: OutcomesServer;
  let dir: string;
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    server = await startOutcomesServer(RECORDS);
    dir = tempDir('cacs-join-');
    fs.writeFileSync(path.join(dir, 'khach-hang.csv'), leadCsv());
    env = isolatedEnv({
      CACS_BASE_URL: server.url,
      CACS_ACCESS_TOKEN: server.token,
      CACS_CAMPAIGN: 'OUT',
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('-o naming the lead file itself, a symlink to it or a hard link to it: exit 2 before any request, the file untouched (found by an audit)', async () => {
    const lead = path.join(dir, 'khach-hang.csv');
    const before = fs.readFileSync(lead);
    const mode = fs.statSync(lead).mode;
    fs.symlinkSync('khach-hang.csv', path.join(dir, 'lead-link.csv'));
    fs.linkSync(lead, path.join(dir, 'lead-hard.csv'));
    try {
      for (const o of ['khach-hang.csv', './khach-hang.csv', 'lead-link.csv', 'lead-hard.csv']) {
        for (const extra of [[], ['--recycle']]) {
          const r = await runCli(
            ['report', '--join', 'khach-hang.csv', ...extra, '--from', FROM, '--to', TO, '-o', o],
            { env, cwd: dir },
          );
          expect(r.code, `${o} ${extra.join(' ')}: ${r.stderr}`).toBe(2);
          expect(r.stderr).toContain(`-o ${o}: is the lead file this report reads`);
          expect(fs.readFileSync(lead)).toEqual(before);
          expect(fs.statSync(lead).mode).toBe(mode);
        }
      }
    } finally {
      fs.rmSync(path.join(dir, 'lead-link.csv'));
      fs.rmSync(path.join(dir, 'lead-hard.csv'));
    }
  });

  it('appends every outcome column, each equal to an independent computation from the raw records', async () => {
    const r = await runCli(
      ['report', '--join', 'khach-hang.csv', '--from', FROM, '--to', TO, '-o', 'out.csv'],
      { env, cwd: dir },
    );
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    const out = readCsv(path.join(dir, 'out.csv'));
    const input = readCsv(path.join(dir, 'khach-hang.csv'));
    expect(out[0]).toEqual([...input[0]!, ...OUTCOME_COLUMNS]);
    expect(out.length).toBe(input.length);
    const expected = reference(RECORDS, ROWS);
    out.slice(1).forEach((row, i) => {
      // The original cells, untouched, in order.
      expect(row.slice(0, 4)).toEqual(input[i + 1]);
      const [status, attempts, first, last, talk, answered, lead] = expected[i]!;
      expect(row.slice(4, 11), `row ${i + 1} (${ROWS[i]!.phone})`).toEqual([
        status,
        String(attempts),
        first ?? '',
        last ?? '',
        String(talk),
        answered,
        lead ?? '',
      ]);
    });
    // Every written form matched (legacy, 84, +84, 0084 aside: nobody has that number).
    const statuses = out.slice(1).map((row) => row[4]);
    expect(statuses).toEqual(STATUSES_OF_ROWS);
    // ref_id wins: the row with R4 does not take R9's record of the same phone.
    expect(out[4]![10]).toBe('');
    // Carriers from the numbering plan.
    expect(out[1]![11]).toBe('VinaPhone');
    expect(out[2]![11]).toBe('Viettel');
    // Records of leads no row matches (R7, R9) are counted, not written.
    expect(r.stderr).toMatch(/3 leads of the report are not in khach-hang\.csv/);
  });

  it("blank rows (Excel's empty lines, ,,,) stay in place with no outcome, counted on their own; --recycle counts them as left out", async () => {
    const lines = leadCsv().trimEnd().split('\n');
    // A blank row after the header and one in the middle.
    lines.splice(1, 0, ',,,');
    lines.splice(5, 0, ',,,');
    fs.writeFileSync(path.join(dir, 'blank.csv'), `${lines.join('\n')}\n`);
    const r = await runCli(
      [
        'report',
        '--join',
        'blank.csv',
        '--from',
        FROM,
        '--to',
        TO,
        '-o',
        'blank-out.csv',
        '--html',
        'blank.html',
      ],
      { env, cwd: dir },
    );
    expect(r.code).toBe(0);
    // The page's rows add up to the file's rows: the blank ones counted on their own.
    const page = fs.readFileSync(path.join(dir, 'blank.html'), 'utf8');
    const counts = Object.fromEntries(
      [
        ...page.matchAll(/<tr data-count="([^"]+)"><td>[^<]*<\/td><td class="n">([\d,]+)<\/td>/g),
      ].map((m) => [m[1]!, Number(m[2]!.replace(/,/g, ''))]),
    );
    expect(counts.blank).toBe(2);
    const parts = Object.entries(counts)
      .filter(
        ([k]) =>
          ['called', 'not-called', 'blank', 'erased'].includes(k) || k.startsWith('not-imported:'),
      )
      .reduce((n, [, v]) => n + v, 0);
    expect(parts).toBe(counts.rows);
    const out = readCsv(path.join(dir, 'blank-out.csv'));
    expect(out).toHaveLength(lines.length);
    for (const i of [1, 5]) expect(out[i]).toEqual(Array(4 + OUTCOME_COLUMNS.length).fill(''));
    // The other rows as without the blank ones (NOT_CALLED three times: no blank row among them).
    const without = out.filter((_, i) => i !== 1 && i !== 5).slice(1);
    expect(without.map((row) => row[4])).toEqual(STATUSES_OF_ROWS);
    expect(r.stderr).toMatch(
      /16 rows written to blank-out\.csv: 10 called, 4 not called, 0 not imported/,
    );
    expect(r.stderr).toContain('2 rows are blank (no lead): written with no outcome');
    // In Vietnamese the range's dates are day-first, as every other date it writes.
    const vi = await runCli(
      ['report', '--join', 'blank.csv', '--from', FROM, '--to', TO, '-o', 'blank-vi.csv'],
      { env: { ...env, LANG: 'vi_VN.UTF-8' }, cwd: dir },
    );
    expect(vi.stderr).toMatch(/khoảng thời gian: 01\/11\/2026 00:00:00 → 30\/11\/2026 23:59:59/);
    // --recycle: the rows it leaves out add up to the file's rows.
    const rec = await runCli(
      [
        'report',
        '--join',
        'blank.csv',
        '--recycle',
        '--from',
        FROM,
        '--to',
        TO,
        '-o',
        'blank-r2.csv',
        '--html',
        'blank-r2.html',
      ],
      { env, cwd: dir, now: () => new Date('2026-12-31T00:00:00Z') },
    );
    expect(rec.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'blank-r2.html'), 'utf8')).toMatch(
      /<tr data-count="blank"><td>blank rows left out \(no lead\)<\/td><td class="n">2<\/td>/,
    );
    expect(rec.stderr).toContain('2 left out: blank rows (no lead)');
    const written = Number(/(\d+) leads? to call again/.exec(rec.stderr)?.[1]);
    const left = [...rec.stderr.matchAll(/^ {2}(\d+) left out/gm)].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
    expect(written + left).toBe(lines.length - 1);
  });

  it.skipIf(PYTHON.any === undefined)(
    "xlsx out: the sheet is named in the user's language (Leads; Khách hàng in Vietnamese)",
    async () => {
      for (const [lang, name] of [
        ['en_US.UTF-8', 'Leads'],
        ['vi_VN.UTF-8', 'Khách hàng'],
      ] as const) {
        const out = `sheet-${lang}.xlsx`;
        const r = await runCli(
          ['report', '--join', 'khach-hang.csv', '--from', FROM, '--to', TO, '-o', out],
          { env: { ...env, LANG: lang }, cwd: dir },
        );
        expect(r.code).toBe(0);
        expect(readWithEtree(path.join(dir, out)).sheets.map((sh) => sh.name)).toEqual([name]);
      }
    },
  );

  it('an input that already has an outcome column is exit 2, nothing fetched', async () => {
    fs.writeFileSync(path.join(dir, 'joined.csv'), 'phone,call_status\n0912345678,BUSY\n');
    const r = await runCli(['report', '--join', 'joined.csv', '--from', FROM, '-o', 'x.csv'], {
      env,
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/call_status/);
    expect(fs.existsSync(path.join(dir, 'x.csv'))).toBe(false);
  });

  it('JSON and NDJSON out: the same rows, counts as numbers', async () => {
    const r = await runCli(
      ['report', '--join', 'khach-hang.csv', '--from', FROM, '--to', TO, '-o', 'out.json'],
      { env, cwd: dir },
    );
    expect(r.code).toBe(0);
    const rows = JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    expect(rows).toHaveLength(ROWS.length);
    expect(rows[0]).toMatchObject({
      'Số điện thoại': '0912345678',
      call_status: 'ANSWERED',
      call_attempts: 2,
      talk_time_total: 35,
      campaign_lead_id: '101',
    });
    expect(rows[3]).toMatchObject({ call_status: 'NOT_CALLED', first_call_at: null });
    const n = await runCli(
      ['report', '--join', 'khach-hang.csv', '--from', FROM, '--to', TO, '-o', 'out.ndjson'],
      { env, cwd: dir },
    );
    expect(n.code).toBe(0);
    const lines = fs.readFileSync(path.join(dir, 'out.ndjson'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(rows);
  });

  it("--html: the page of the same range with the run's counts, each equal to what the written file holds (join and recycle)", async () => {
    const count = (html: string, key: string) => {
      const m = new RegExp(
        `<tr data-count="${key}"><td>[^<]*</td><td class="n">([\\d,]+)</td>`,
      ).exec(html);
      return m === null ? undefined : Number(m[1]!.replace(/,/g, ''));
    };
    const r = await runCli(
      [
        'report',
        '--join',
        'khach-hang.csv',
        '--from',
        FROM,
        '--to',
        TO,
        '-o',
        'paged.csv',
        '--html',
        'page.html',
      ],
      { env, cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/HTML report written to page\.html/);
    const html = fs.readFileSync(path.join(dir, 'page.html'), 'utf8');
    expect(html).toMatch(/<section id="outcomes">/);
    expect(html).toMatch(/Written back into khach-hang\.csv/);
    // Independently, from the file written beside it.
    const out = readCsv(path.join(dir, 'paged.csv'));
    const header = out[0]!;
    const col = (name: string) => out.slice(1).map((row) => row[header.indexOf(name)]!);
    const status = col('call_status');
    expect(count(html, 'rows')).toBe(out.length - 1);
    expect(count(html, 'not-called')).toBe(status.filter((s) => s === 'NOT_CALLED').length);
    expect(count(html, 'called')).toBe(
      status.filter((s) => s !== 'NOT_CALLED' && !s.startsWith('NOT_IMPORTED:')).length,
    );
    expect(count(html, 'answered')).toBe(col('answered').filter((a) => a === 'yes').length);
    const notInFile = /(\d+) leads? of the report (?:is|are) not in khach-hang\.csv/.exec(r.stderr);
    expect(count(html, 'not-in-file')).toBe(notInFile === null ? 0 : Number(notInFile[1]));
    // The rest of the page is the report's page for the same range: the figures are there.
    expect(html).toMatch(/<section id="compliance">/);
    // The lead file is the same bytes with and without --html.
    const plain = await runCli(
      ['report', '--join', 'khach-hang.csv', '--from', FROM, '--to', TO, '-o', 'plain.csv'],
      { env, cwd: dir },
    );
    expect(plain.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'plain.csv'))).toEqual(
      fs.readFileSync(path.join(dir, 'paged.csv')),
    );

    // A recycle run: its written leads and each rule's count.
    const now = () => new Date('2026-11-15T08:00:00Z');
    const rec = await runCli(
      [
        'report',
        '--join',
        'khach-hang.csv',
        '--recycle',
        '--from',
        FROM,
        '--to',
        '2026-11-14',
        '--max-attempts',
        '2',
        '-o',
        'round2.csv',
        '--html',
        'round2.html',
      ],
      { env, cwd: dir, now },
    );
    expect(rec.code).toBe(0);
    const page2 = fs.readFileSync(path.join(dir, 'round2.html'), 'utf8');
    expect(page2).toMatch(/Next round: round2\.csv/);
    expect(count(page2, 'written')).toBe(readCsv(path.join(dir, 'round2.csv')).length - 1);
    expect(count(page2, 'excluded:max-attempts')).toBe(
      Number(/(\d+) leads? left out: --max-attempts reached/.exec(rec.stderr)?.[1] ?? 1),
    );

    // A recycle run without a lead file: the page too.
    const bare = await runCli(
      [
        'report',
        '--recycle',
        '--from',
        FROM,
        '--to',
        '2026-11-14',
        '-o',
        'bare.csv',
        '--html',
        'bare.html',
      ],
      { env, cwd: dir, now },
    );
    expect(bare.code).toBe(0);
    const page3 = fs.readFileSync(path.join(dir, 'bare.html'), 'utf8');
    expect(page3).toMatch(/Next round: bare\.csv/);
    expect(count(page3, 'written')).toBe(readCsv(path.join(dir, 'bare.csv')).length - 1);

    // --html must name a page, and not the -o file.
    for (const bad of [
      ['--html', 'page.csv'],
      ['--format', 'csv', '-o', 'same.html', '--html', 'same.html'],
    ]) {
      const e = await runCli(
        [
          'report',
          '--join',
          'khach-hang.csv',
          '--from',
          FROM,
          '--to',
          TO,
          ...(bad[0] === '--format' ? [] : ['-o', 'x.csv']),
          ...bad,
        ],
        { env, cwd: dir },
      );
      expect(e.code).toBe(2);
      expect(e.stderr).toMatch(/--html/);
    }

    // A device or a named pipe is written as it is, whatever its name (review, session 21).
    const fifo = path.join(dir, 'page-pipe');
    execFileSync('mkfifo', [fifo]);
    const piped = new Promise<string>((resolve, reject) =>
      fs.readFile(fifo, 'utf8', (err, text) => (err ? reject(err) : resolve(text))),
    );
    for (const html of ['/dev/null', fifo]) {
      const r = await runCli(
        [
          'report',
          '--join',
          'khach-hang.csv',
          '--from',
          FROM,
          '--to',
          TO,
          '-o',
          'dev.csv',
          '--html',
          html,
        ],
        { env, cwd: dir },
      );
      expect(r.code, r.stderr).toBe(0);
    }
    expect(await piped).toMatch(/^<!DOCTYPE html>/i);
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);

    // A device that fails: said in words, naming the output, as a report's is; nothing else
    // written (review, session 21: "internal error: ENOSPC").
    const range = ['report', '--join', 'khach-hang.csv', '--from', FROM, '--to', TO];
    if (fs.existsSync('/dev/full')) {
      const full = await runCli([...range, '-o', 'full.csv', '--html', '/dev/full'], {
        env,
        cwd: dir,
      });
      expect(full.code).toBe(1);
      expect(full.stderr).toContain('--html /dev/full: could not write the report (no space left)');
      expect(full.stderr).toContain('/dev/full is a device, written directly');
      expect(full.stderr).not.toContain('internal error');
      expect(fs.existsSync(path.join(dir, 'full.csv'))).toBe(false);
      const rows = await runCli([...range, '-o', '/dev/full', '--format', 'csv'], {
        env,
        cwd: dir,
      });
      expect(rows.code).toBe(1);
      expect(rows.stderr).toContain('-o /dev/full: could not write the report (no space left)');
    }
    // The page where the rows go, by another name: refused before anything is asked (the page
    // was written after the rows into one file). A real process: stdout is its descriptor 1.
    const mixed = path.join(dir, 'mixed.txt');
    for (const [more, said] of [
      [['--html', '/dev/stdout'], 'is where the rows go (stdout)'],
      [
        ['-o', '/dev/stdout', '--format', 'csv', '--html', '/dev/fd/1'],
        'names the same file as -o',
      ],
    ] as const) {
      const fd = fs.openSync(mixed, 'w');
      try {
        const r = spawnSync(process.execPath, [BIN, ...range, ...more], {
          env,
          cwd: dir,
          stdio: ['ignore', fd, 'pipe'],
          encoding: 'utf8',
        });
        expect(r.status, r.stderr).toBe(2);
        expect(r.stderr).toContain(said);
      } finally {
        fs.closeSync(fd);
      }
      expect(fs.readFileSync(mixed, 'utf8')).toBe('');
    }
    // A link to the -o file, not there yet (the page would have taken its place).
    fs.symlinkSync('out5.csv', path.join(dir, 'p5.html'));
    const dangling = await runCli([...range, '-o', 'out5.csv', '--html', 'p5.html'], {
      env,
      cwd: dir,
    });
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toContain('--html p5.html names the same file as -o');
    expect(fs.existsSync(path.join(dir, 'out5.csv'))).toBe(false);
    // The same through a folder link: out/ is real/.
    fs.mkdirSync(path.join(dir, 'real'));
    fs.symlinkSync('real', path.join(dir, 'out'));
    fs.symlinkSync('real/calls.csv', path.join(dir, 'page2.html'));
    const viaFolder = await runCli([...range, '-o', 'out/calls.csv', '--html', 'page2.html'], {
      env,
      cwd: dir,
    });
    expect(viaFolder.code).toBe(2);
    expect(viaFolder.stderr).toContain('--html page2.html names the same file as -o');
    expect(fs.readdirSync(path.join(dir, 'real'))).toEqual([]);

    // One row: "1 row written", not "1 rows".
    const [head, first] = fs.readFileSync(path.join(dir, 'khach-hang.csv'), 'utf8').split('\n');
    fs.writeFileSync(path.join(dir, 'one.csv'), `${head}\n${first}\n`);
    const one = await runCli(
      ['report', '--join', 'one.csv', '--from', FROM, '--to', TO, '-o', 'one-out.csv'],
      { env, cwd: dir },
    );
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/^1 row written to one-out\.csv: /m);
  });

  it('recycle rules at their boundaries: exactly --min-gap ago is in, exactly --max-attempts is out', async () => {
    // Now: 2026-11-14 15:00:00 + 24h on the service's clock (UTC+7) → Em's last call is exactly 24h ago.
    const now = () => new Date('2026-11-15T08:00:00Z');
    const r = await runCli(
      [
        'report',
        '--join',
        'khach-hang.csv',
        '--recycle',
        '--from',
        FROM,
        '--to',
        '2026-11-14',
        '--min-gap',
        '24h',
        '--max-attempts',
        '2',
        '-o',
        'round2.csv',
      ],
      { env, cwd: dir, now },
    );
    expect(r.code).toBe(0);
    const out = readCsv(path.join(dir, 'round2.csv'));
    // Bình: 2 attempts (BUSY, NO ANSWER) = --max-attempts 2: out. Chi: 1 NO ANSWER: in.
    // An (no ref): 2 attempts in range up to 11-14 (NO ANSWER, ANSWERED): answered: out.
    expect(out.slice(1).map((row) => row[0])).toEqual(['Chi']);
    expect(r.stderr).toMatch(/1 lead to call again/);
    expect(r.stderr).toMatch(/left out: --max-attempts reached/);
    // Em's last status is ANSWERED; with every status recycled, the gap rule decides.
    fs.writeFileSync(
      path.join(dir, '.cacsrc.yaml'),
      'report:\n  recycleStatuses: [ANSWERED, BUSY, "NO ANSWER", FAILED]\n',
    );
    try {
      const at = (iso: string) => () => new Date(iso);
      const args = [
        'report',
        '--join',
        'khach-hang.csv',
        '--recycle',
        '--from',
        FROM,
        '--to',
        '2026-11-14',
        '--min-gap',
        '24h',
        '-o',
        'gap.csv',
      ];
      const exactly = await runCli(args, { env, cwd: dir, now: at('2026-11-15T08:00:00Z') });
      expect(exactly.code).toBe(0);
      expect(readCsv(path.join(dir, 'gap.csv')).map((row) => row[0])).toContain('Em');
      const early = await runCli(args, { env, cwd: dir, now: at('2026-11-15T07:59:59Z') });
      expect(early.code).toBe(0);
      expect(readCsv(path.join(dir, 'gap.csv')).map((row) => row[0])).not.toContain('Em');
      expect(early.stderr).toMatch(/left out: last call less than --min-gap ago/);
      // --max-attempts 3: Bình's 2 attempts are fewer: in.
      const three = await runCli([...args.slice(0, -2), '--max-attempts', '3', '-o', 'gap.csv'], {
        env,
        cwd: dir,
        now: at('2026-11-20T00:00:00Z'),
      });
      expect(three.code).toBe(0);
      expect(readCsv(path.join(dir, 'gap.csv')).map((row) => row[0])).toContain('Bình');
    } finally {
      fs.rmSync(path.join(dir, '.cacsrc.yaml'));
    }
  });

  it.each([
    [['--html', 'page.html'], '--html works only with --join or --recycle'],
    [['--summary', '--suppress', 'nosuch.txt'], '--suppress works only with --recycle'],
    [['--max-attempts', '3'], '--max-attempts works only with --recycle'],
    [['--min-gap', '2d'], '--min-gap works only with --recycle'],
    [
      ['--join', 'khach-hang.csv', '--max-attempts', '3'],
      '--max-attempts works only with --recycle',
    ],
    [['--recycle', '--sheet', '2'], '--sheet works only with --join'],
    [['--map', 'phone_number=Mobile'], '--map works only with --join'],
  ])(
    'a lead-file flag without what it is for: %j is exit 2 before any request, nothing written (operator walk)',
    async (extra, message) => {
      const before = fs.readdirSync(dir).sort();
      const r = await runCli(['report', '--from', FROM, '--to', TO, ...extra, '-o', 'plain.csv'], {
        env,
        cwd: dir,
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(fs.readdirSync(dir).sort()).toEqual(before);
      const vi = await runCli(
        ['report', '--lang', 'vi', '--from', FROM, '--to', TO, ...extra, '-o', 'plain.csv'],
        { env, cwd: dir },
      );
      expect(vi.code).toBe(2);
      expect(vi.stderr).toContain('chỉ dùng được cùng');
    },
  );

  it('a bad --min-gap is exit 2 naming the flag', async () => {
    const r = await runCli(
      ['report', '--join', 'khach-hang.csv', '--recycle', '--min-gap', '3 weeks', '-o', 'r.csv'],
      { env, cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--min-gap "3 weeks"/);
  });

  it('the library returns the rows as data', async () => {
    const client = createClient({ baseUrl: server.url, token: server.token });
    const result = await runOutcomes({
      client,
      campaignKey: 'OUT',
      join: { file: path.join(dir, 'khach-hang.csv') },
      from: FROM,
      to: TO,
      stateDir: tempDir('cacs-state-'),
    });
    expect(result.rows).toHaveLength(ROWS.length);
    expect(result.rows![0]!.slice(4)).toEqual([
      'ANSWERED',
      2,
      '2026-11-10 09:00:00',
      '2026-11-11 10:00:00',
      35,
      'yes',
      '101',
      'VinaPhone',
    ]);
    expect(result.notInFile).toBe(3);
  });

  it('runReport({ join }) and runReport({ recycle }) are runOutcomes (issue 25 item 5)', async () => {
    const client = createClient({ baseUrl: server.url, token: server.token });
    const common = { client, campaignKey: 'OUT', from: FROM, to: TO };
    const join = { file: path.join(dir, 'khach-hang.csv') };
    const stateDir = tempDir('cacs-state-');
    const viaReport = await runReport({ ...common, join, stateDir });
    const viaOutcomes = await runOutcomes({ ...common, join, stateDir });
    expect(viaReport.rows).toEqual(viaOutcomes.rows);
    expect(viaReport.notInFile).toBe(viaOutcomes.notInFile);
    const recycle = {};
    const recycledViaReport = await runReport({ ...common, recycle, stateDir });
    const recycledViaOutcomes = await runOutcomes({ ...common, recycle, stateDir });
    expect(recycledViaReport.rows).toEqual(recycledViaOutcomes.rows);
    // Without join or recycle it is the plain report: records, not rows.
    const plain = await runReport(common);
    expect(plain.records.length).toBeGreaterThan(0);
  });
});

describe('cacs report --join after a real import (the emulator)', () => {
  let emu: RunningEmulator;
  let dir: string;
  let env: Record<string, string | undefined>;
  const later = () => new Date(Date.now() + 2 * 86_400_000);
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      seed: 5,
      campaigns: [{ key: 'summer' }, { key: 'round2' }],
    });
    dir = tempDir('cacs-join-emu-');
    env = isolatedEnv({ CACS_BASE_URL: emu.url, CACS_ACCESS_TOKEN: emu.token });
  });
  afterAll(async () => {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rows the import rejected or skipped are NOT_IMPORTED:<code>; --from comes from the history; the recycle file imports with zero rejects', async () => {
    const phones = Array.from({ length: 30 }, (_, i) => `09${String(55_000_000 + i)}`);
    const csv =
      'name,phone,ref_id\n' +
      phones
        .map((p, i) => `Khách ${i},${i % 3 === 0 ? `+84 ${p.slice(1)}` : p},KH${i}`)
        .join('\n') +
      '\nBroken,12345,KHX\nTwice,' +
      phones[1] +
      ',\n';
    fs.writeFileSync(path.join(dir, 'leads.csv'), csv);
    const imp = await runCli(['import', 'leads.csv', '--campaign', 'summer'], { env, cwd: dir });
    expect(imp.code).toBe(3);
    const r = await runCli(
      ['report', '--campaign', 'summer', '--join', 'leads.csv', '-o', 'out.csv'],
      {
        env,
        cwd: dir,
        now: later,
      },
    );
    expect(r.stderr).toMatch(/when the file was first imported/);
    expect(r.code).toBe(0);
    const out = readCsv(path.join(dir, 'out.csv'));
    expect(out).toHaveLength(33);
    expect(out[31]!.slice(3, 4)).toEqual(['NOT_IMPORTED:phone_format']);
    // The row skipped as a duplicate is the same customer as the row it repeats (the same
    // phone): the report has that lead, so the row shows its outcome, not NOT_IMPORTED.
    expect(out[32]!.slice(3)).toEqual(out[2]!.slice(3));
    expect(out[32]![3]).not.toMatch(/^NOT_IMPORTED/);
    // Every other row against the raw records of the same range (cacs report --format json).
    const raw = await runCli(
      ['report', '--campaign', 'summer', '--from', '7d', '--format', 'json', '-o', 'raw.json'],
      { env, cwd: dir, now: later },
    );
    expect(raw.code).toBe(0);
    const records = (
      JSON.parse(fs.readFileSync(path.join(dir, 'raw.json'), 'utf8')) as Array<{
        campaign_lead_id: number;
        ref_id: string | null;
        phone_number: string;
        data: Array<{ date_time: string; status: string; talk_time: number }>;
      }>
    ).map((rec) => ({
      campaign_lead_id: rec.campaign_lead_id,
      ref_id: rec.ref_id,
      phone_number: rec.phone_number,
      lead_name: '',
      attempts: rec.data.map((a) => ({
        date_time: a.date_time,
        status: a.status,
        talk_time: Number(a.talk_time),
      })),
    }));
    const rows = out.slice(1, 31).map((row) => ({ phone: row[1]!, ref: row[2]! }));
    const expected = JSON.parse(
      python(
        fs.readFileSync(REFERENCE, 'utf8'),
        [],
        JSON.stringify({ records, rows, from: '0000', to: '9999', answered: ['ANSWERED'] }),
      ),
    ) as unknown[][];
    out.slice(1, 31).forEach((row, i) => {
      const [status, attempts, first, last, talk, answered, lead] = expected[i]!;
      expect(row.slice(3, 10)).toEqual([
        status,
        String(attempts),
        first ?? '',
        last ?? '',
        String(talk),
        answered,
        lead ?? '',
      ]);
    });

    // The recycle file: imported for real into another campaign, zero rejects.
    const rec = await runCli(
      [
        'report',
        '--campaign',
        'summer',
        '--join',
        'leads.csv',
        '--recycle',
        '--min-gap',
        '0',
        '-o',
        'round2.csv',
      ],
      { env, cwd: dir, now: later },
    );
    expect(rec.code).toBe(0);
    const round2 = readCsv(path.join(dir, 'round2.csv'));
    const notAnswered = out
      .slice(1, 31)
      .filter((row) => row[3] !== 'ANSWERED' && row[3] !== 'NOT_CALLED');
    expect(round2.length - 1).toBe(notAnswered.length);
    expect(round2[0]).toEqual(['name', 'phone', 'ref_id']);
    expect(notAnswered.length).toBeGreaterThan(0);
    {
      const again = await runCli(['import', 'round2.csv', '--campaign', 'round2', '--json'], {
        env,
        cwd: dir,
      });
      expect(again.code).toBe(0);
      const summary = JSON.parse(again.stdout) as { imported: number; rejected: number };
      expect(summary.rejected).toBe(0);
      expect(summary.imported).toBe(notAnswered.length);
    }
  });

  it.skipIf(PYTHON.openpyxl === undefined)(
    'xlsx in → xlsx out: phones stay text, times are date cells, counts numbers (openpyxl)',
    async () => {
      const input = path.join(dir, 'khach.xlsx');
      python(
        `
import openpyxl, sys
wb = openpyxl.Workbook(); ws = wb.active; ws.title = 'Danh sach'
ws.append(['Họ tên', 'SĐT', 'Ghi chú'])
for i in range(12):
    ws.append(['Khách %d' % i, '09%d' % (66000000 + i), 'x'])
ws.append(['Excel', 966000012, 'number cell'])
wb.save(sys.argv[1])
`,
        [input],
      );
      const imp = await runCli(
        ['import', 'khach.xlsx', '--campaign', 'summer', '--ignore-unmapped'],
        {
          env,
          cwd: dir,
        },
      );
      expect([0, 3]).toContain(imp.code);
      const r = await runCli(
        ['report', '--campaign', 'summer', '--join', 'khach.xlsx', '-o', 'out.xlsx'],
        {
          env,
          cwd: dir,
          now: later,
        },
      );
      expect(r.stderr).not.toMatch(/error/);
      expect(r.code).toBe(0);
      const cells = JSON.parse(
        python(
          `
import openpyxl, sys, json
ws = openpyxl.load_workbook(sys.argv[1]).active
rows = []
for row in ws.iter_rows():
    rows.append([[type(c.value).__name__, str(c.value) if c.value is not None else None] for c in row])
print(json.dumps(rows))
`,
          [path.join(dir, 'out.xlsx')],
        ),
      ) as Array<Array<[string, string | null]>>;
      expect(cells[0]!.map((c) => c[1])).toEqual(['Họ tên', 'SĐT', 'Ghi chú', ...OUTCOME_COLUMNS]);
      expect(cells).toHaveLength(14);
      for (const row of cells.slice(1)) {
        expect(row[1]![0]).toBe('str');
        expect(row[4]![0]).toBe('int');
        if (row[3]![1] !== 'NOT_CALLED') expect(row[6]![0]).toBe('datetime');
      }
      expect(cells[1]![1]![1]).toBe('0966000000');
    },
  );

  it('rows held back by a do-not-call list stay NOT_IMPORTED:suppressed and are never recycled, though their numbers were imported from another file (review)', async () => {
    const sub = path.join(dir, 'dnc');
    fs.mkdirSync(sub);
    const phones = Array.from({ length: 12 }, (_, i) => `09560001${String(i).padStart(2, '0')}`);
    fs.writeFileSync(
      path.join(sub, 'a.csv'),
      `name,phone,ref_id\n${phones.map((p, i) => `A${i},${p},A${i}`).join('\n')}\n`,
    );
    expect(
      (await runCli(['import', 'a.csv', '--campaign', 'summer'], { env, cwd: sub })).code,
    ).toBe(0);
    fs.writeFileSync(path.join(sub, 'dnc.csv'), `phone\n${phones.join('\n')}\n`);
    fs.writeFileSync(
      path.join(sub, 'b.csv'),
      `name,phone,ref_id\n${phones.map((p, i) => `B${i},${p},`).join('\n')}\n`,
    );
    await runCli(['import', 'b.csv', '--campaign', 'summer', '--suppress', 'dnc.csv'], {
      env,
      cwd: sub,
    });
    // The report holds leads of these numbers (a.csv's): what would override a refusal.
    const ofA = await runCli(
      ['report', '--campaign', 'summer', '--join', 'a.csv', '-o', 'a-out.csv'],
      { env, cwd: sub, now: later },
    );
    expect(ofA.code).toBe(0);
    expect(
      readCsv(path.join(sub, 'a-out.csv'))
        .slice(1)
        .some((row) => row[9] !== ''),
    ).toBe(true);
    const joined = await runCli(
      ['report', '--campaign', 'summer', '--join', 'b.csv', '-o', 'out.csv'],
      { env, cwd: sub, now: later },
    );
    expect(joined.code).toBe(0);
    for (const row of readCsv(path.join(sub, 'out.csv')).slice(1))
      expect(row[3]).toBe('NOT_IMPORTED:suppressed');
    const rec = await runCli(
      [
        'report',
        '--campaign',
        'summer',
        '--join',
        'b.csv',
        '--recycle',
        '--min-gap',
        '90m',
        '-o',
        'r2.csv',
      ],
      { env, cwd: sub, now: later },
    );
    expect(rec.code).toBe(0);
    const r2 = fs.existsSync(path.join(sub, 'r2.csv'))
      ? fs.readFileSync(path.join(sub, 'r2.csv'), 'utf8')
      : '';
    for (const p of phones) expect(r2).not.toContain(p);
  });

  it('a row rejected at import, fixed in the rejects file and imported from it, has its call status, not NOT_IMPORTED (found by the operator walk)', async () => {
    const sub = path.join(dir, 'fixed');
    fs.mkdirSync(sub);
    fs.writeFileSync(
      path.join(sub, 'ngay1.csv'),
      'name,phone,ref_id\nAn,0956000001,KF1\nĐoàn Văn Hậu,09O5123457,KF2\n',
    );
    const first = await runCli(['import', 'ngay1.csv', '--campaign', 'summer'], { env, cwd: sub });
    expect(first.code).toBe(3);
    const rejects = path.join(sub, 'ngay1.csv.rejects.csv');
    fs.writeFileSync(
      rejects,
      fs.readFileSync(rejects, 'utf8').replace(',09O5123457,', ',0905123457,'),
    );
    const second = await runCli(['import', 'ngay1.csv.rejects.csv', '--campaign', 'summer'], {
      env,
      cwd: sub,
    });
    expect(second.code, second.stderr).toBe(0);
    // The file imported again (a rerun): the row, still bad in it, is in its new rejects list.
    const rerun = await runCli(['import', 'ngay1.csv', '--campaign', 'summer'], { env, cwd: sub });
    expect(rerun.stderr).toContain('ngay1.csv.rejects-2.csv');
    const r = await runCli(
      ['report', '--campaign', 'summer', '--join', 'ngay1.csv', '-o', 'out.csv'],
      { env, cwd: sub, now: later },
    );
    expect(r.code).toBe(0);
    const out = readCsv(path.join(sub, 'out.csv'));
    // Matched by its ref_id: the lead the rejects file imported.
    expect(out[2]![3]).not.toMatch(/^NOT_IMPORTED/);
    expect(out[2]![9]).not.toBe('');
    expect(r.stderr).toMatch(/0 not imported/);
  });
});

describe('erased people never come back (issue 26)', () => {
  let emu: RunningEmulator;
  let dir: string;
  let env: Record<string, string | undefined>;
  const later = () => new Date(Date.now() + 2 * 86_400_000);
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 7, campaigns: [{ key: 'autumn' }] });
    dir = tempDir('cacs-join-erased-');
    env = isolatedEnv({ CACS_BASE_URL: emu.url, CACS_ACCESS_TOKEN: emu.token });
  });
  afterAll(async () => {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('import, forget one number: --recycle leaves it out (counted as erased), --join writes ERASED with no outcome', async () => {
    const phones = Array.from({ length: 20 }, (_, i) => `09${String(66_000_000 + i)}`);
    fs.writeFileSync(
      path.join(dir, 'leads.csv'),
      'name,phone\n' + phones.map((p, i) => `Khách ${i},${p}`).join('\n') + '\n',
    );
    const imp = await runCli(['import', 'leads.csv', '--campaign', 'autumn'], { env, cwd: dir });
    expect(imp.code).toBe(0);
    const join = (out: string) =>
      runCli(['report', '--campaign', 'autumn', '--join', 'leads.csv', '-o', out], {
        env,
        cwd: dir,
        now: later,
      });
    const recycle = (out: string) =>
      runCli(
        [
          'report',
          '--campaign',
          'autumn',
          '--join',
          'leads.csv',
          '--recycle',
          '--min-gap',
          '0',
        ].concat(['-o', out]),
        { env, cwd: dir, now: later },
      );
    expect((await join('before.csv')).code).toBe(0);
    const before = readCsv(path.join(dir, 'before.csv'));
    expect((await recycle('r-before.csv')).code).toBe(0);
    const recycledBefore = readCsv(path.join(dir, 'r-before.csv')).slice(1);
    expect(recycledBefore.length).toBeGreaterThan(0);
    // Forget a person the recycle file held, written in another form.
    const victim = recycledBefore[0]![1]!;
    const forget = await runCli(['forget', `+84 ${victim.slice(1)}`], { env, cwd: dir });
    expect(forget.code).toBe(0);

    const r = await recycle('r-after.csv');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/1 left out: erased by cacs forget/);
    const recycledAfter = readCsv(path.join(dir, 'r-after.csv')).slice(1);
    expect(recycledAfter.map((row) => row[1])).toEqual(
      recycledBefore.map((row) => row[1]).filter((p) => p !== victim),
    );

    const j = await join('after.csv');
    expect(j.code).toBe(0);
    expect(j.stderr).toMatch(/1 row is of a person erased by cacs forget/);
    const after = readCsv(path.join(dir, 'after.csv'));
    expect(after).toHaveLength(before.length);
    const header = after[0]!;
    after.slice(1).forEach((row, i) => {
      const was = before[i + 1]!;
      expect(row.slice(0, 2)).toEqual(was.slice(0, 2));
      if (row[1] !== victim) {
        expect(row).toEqual(was);
        return;
      }
      const cell = (name: string) => row[header.indexOf(name)];
      expect(cell('call_status')).toBe('ERASED');
      for (const name of [
        'call_attempts',
        'first_call_at',
        'last_call_at',
        'talk_time_total',
        'answered',
        'campaign_lead_id',
      ])
        expect(cell(name)).toBe('');
      expect(cell('carrier')).toBe(was[header.indexOf('carrier')]);
    });
  });

  it("an erased person's calls reach no row through their ref_id, and a row an import would refuse is never recycled (review, session 19)", async () => {
    // The person, imported from one file; their typo'd row in another file, with their ref_id
    // (unique there, so it matches by ref_id), never imported.
    fs.writeFileSync(
      path.join(dir, 'good.csv'),
      'name,phone,ref_id\nTâm,0966100040,R40\nUyên,0966100041,R41\n',
    );
    expect(
      (await runCli(['import', 'good.csv', '--campaign', 'autumn'], { env, cwd: dir })).code,
    ).toBe(0);
    fs.writeFileSync(
      path.join(dir, 'typo.csv'),
      'name,phone,ref_id\nTâm typo,abc0966100040,R40\nUyên typo,12345,R41\n',
    );
    const run = (args: string[], out: string) =>
      runCli(
        [
          'report',
          '--campaign',
          'autumn',
          '--join',
          'typo.csv',
          '--from',
          '7d',
          ...args,
          '-o',
          out,
        ],
        {
          env,
          cwd: dir,
          now: later,
        },
      );
    // Before any erasure: both typo rows have their person's calls (matched by ref_id), and
    // neither is recycled, whatever its status: an import would refuse their numbers.
    const first = await run([], 'typo-before.csv');
    expect(first.code, first.stderr).toBe(0);
    const before = readCsv(path.join(dir, 'typo-before.csv'));
    const status = before[0]!.indexOf('call_status');
    expect(before[1]![status]).not.toBe('NOT_CALLED');
    expect(before[2]![status]).not.toBe('NOT_CALLED');
    const rec = await run(['--recycle', '--min-gap', '0'], 'typo-r.csv');
    expect(rec.code, rec.stderr).toBe(0);
    expect(readCsv(path.join(dir, 'typo-r.csv'))).toHaveLength(1);
    expect(rec.stderr).toMatch(/2 left out: an import would refuse their phone numbers/);

    expect((await runCli(['forget', '0966100040'], { env, cwd: dir })).code).toBe(0);
    expect((await run([], 'typo-after.csv')).code).toBe(0);
    const after = readCsv(path.join(dir, 'typo-after.csv'));
    // Nothing of the erased person's calls on the row that shares their ref_id.
    expect(after[1]!.slice(status)).toEqual([
      'NOT_CALLED',
      '0',
      '',
      '',
      '0',
      'no',
      '',
      after[1]![status + 7]!,
    ]);
    expect(after[2]).toEqual(before[2]);
  });

  it('forgetting the only rejected row leaves the rejects list a header: --join still runs (review, session 16)', async () => {
    const sub = path.join(dir, 'only-reject');
    fs.mkdirSync(sub);
    fs.writeFileSync(
      path.join(sub, 'leads.csv'),
      'phone,name,home_phone\n0967100011,An,\n0967100012,Binh,\n0967100013,Chi,12ab\n',
    );
    const imp = await runCli(['import', 'leads.csv', '--campaign', 'autumn'], { env, cwd: sub });
    expect(imp.code).toBe(3);
    const forget = await runCli(['forget', '0967100013'], { env, cwd: sub });
    expect(forget.code).toBe(0);
    const rejects = fs.readFileSync(path.join(sub, 'leads.csv.rejects.csv'), 'utf8');
    expect(rejects.trim().split('\n')).toHaveLength(1); // the header alone
    const j = await runCli(
      ['report', '--campaign', 'autumn', '--join', 'leads.csv', '-o', 'joined.csv'],
      { env, cwd: sub, now: later },
    );
    expect(j.stderr).not.toContain('only a header row');
    expect(j.code).toBe(0);
    const joined = readCsv(path.join(sub, 'joined.csv'));
    expect(joined).toHaveLength(4);
  });
});

describe("the summary's compliance block counts calls after an erasure (issue 26)", () => {
  let server: OutcomesServer;
  let dir: string;
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    server = await startOutcomesServer(RECORDS);
    dir = tempDir('cacs-erased-summary-');
    env = isolatedEnv({
      CACS_BASE_URL: server.url,
      CACS_ACCESS_TOKEN: server.token,
      CACS_CAMPAIGN: 'OUT',
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('callsAfterErasure: the attempts to an erased number made after its erasure (service clock)', async () => {
    const summary = async () => {
      const r = await runCli(
        ['report', '--from', '2026-11-01', '--to', '2026-11-30', '--summary', '--format', 'json'],
        { env, cwd: dir },
      );
      expect(r.code).toBe(0);
      return (
        JSON.parse(r.stdout) as {
          compliance: {
            callsAfterErasure: { checked: boolean; attempts: number; numbers: number };
            violations: number;
          };
        }
      ).compliance;
    };
    const before = await summary();
    expect(before.callsAfterErasure).toEqual({ checked: false, attempts: 0, numbers: 0 });
    // Erased at 10:30 on 2026-11-11, service clock (UTC+7), written in another form.
    const erasedAt = '2026-11-11 10:30:00';
    const forget = await runCli(['forget', '+84 912 345 678'], {
      env,
      cwd: dir,
      now: () => new Date('2026-11-11T03:30:00Z'),
    });
    expect(forget.code).toBe(0);
    const after = await summary();
    // Independently: the raw attempts of that number later than the erasure.
    const expected = RECORDS.filter((r) => r.phone_number === '0912345678')
      .flatMap((r) => r.attempts)
      .filter((a) => a.date_time > erasedAt).length;
    expect(expected).toBe(2);
    expect(after.callsAfterErasure).toEqual({ checked: true, attempts: expected, numbers: 1 });
    expect(after.violations).toBe(before.violations + expected);
  });

  it('callsAfterErasure in the terminal summary and on the HTML page, English and Vietnamese; nothing shown while nobody is erased', async () => {
    const dir2 = tempDir('cacs-erased-view-');
    const env2 = { ...env, CACS_STATE_DIR: path.join(dir2, 'state') };
    const range = ['--from', '2026-11-01', '--to', '2026-11-30'];
    const view = async (lang: string) => {
      const r = await runCli(
        ['--lang', lang, 'report', ...range, '--summary', '--format', 'table'],
        {
          env: env2,
          cwd: dir2,
        },
      );
      expect(r.code).toBe(0);
      return r.stdout;
    };
    const page = async (lang: string) => {
      const file = path.join(dir2, `page-${lang}.html`);
      fs.rmSync(file, { force: true });
      const r = await runCli(['--lang', lang, 'report', ...range, '-o', file], {
        env: env2,
        cwd: dir2,
      });
      expect(r.code).toBe(0);
      const html = fs.readFileSync(file, 'utf8');
      return /<li data-finding="after-erasure">(.*?)<\/li>/.exec(html)?.[1];
    };
    try {
      // Nobody erased: no line, no finding (nothing to check).
      expect(await view('en')).not.toMatch(/erased|erasure/i);
      expect(await page('en')).toBeUndefined();
      const forget = await runCli(['forget', '0912345678'], {
        env: env2,
        cwd: dir2,
        now: () => new Date('2026-11-11T03:30:00Z'),
      });
      expect(forget.code).toBe(0);
      const en = await view('en');
      expect(en).toMatch(/✗ No calls to erased numbers after their erasure/);
      expect(en).toMatch(/2 calls\s+to 1 erased number\s+after its erasure/);
      expect(en).toMatch(/2 after an erasure/);
      const vi = await view('vi');
      expect(vi).toMatch(/✗ Không gọi đến số đã xoá sau khi xoá/);
      expect(vi).toMatch(/2 cuộc gọi\s+đến 1 số đã xoá\s+sau khi xoá/);
      expect(vi).toMatch(/2 sau khi xoá/);
      expect(await page('en')).toMatch(/2 calls to 1 number after cacs forget erased them/);
      expect(await page('vi')).toMatch(/2 cuộc gọi đến 1 số sau khi cacs forget đã xoá/);
    } finally {
      fs.rmSync(dir2, { recursive: true, force: true });
    }
  });
});
