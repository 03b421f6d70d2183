/**
 * The terminal table at any width (issue 18, item 8) and what a status filter does to per-lead
 * figures (item 7): columns chosen by width, cells cut with …, REF ID shown, units on wait and
 * talk, counts said once; filtered figures named for what they are; a status that matched
 * nothing warned about; --flatten refused where it cannot apply.
 */
import fc from 'fast-check';
import { Chalk } from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src/api/spec.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import {
  formatSecondsCell as formatSeconds,
  layoutColumns,
  renderTable,
} from '../../src/report/write.js';
import { isolatedEnv, runCli } from '../helpers/cli.js';
import { setLanguage } from '../../src/messages/index.js';

const plain = new Chalk({ level: 0 });

function record(id: number, name: string, attempts: Array<[string, string, number, number]>) {
  return {
    campaign_id: 1,
    campaign_name: 'Summer',
    campaign_lead_id: id,
    ref_id: `KH-${String(id).padStart(6, '0')}`,
    phone_number: `09${String(10_000_000 + id).slice(-8)}`,
    lead_name: name,
    call: attempts.length,
    data: attempts.map(([date_time, status, wait_time, talk_time], i) => ({
      session: `s${id}-${i}`,
      wait_time,
      talk_time,
      phone_number: `09${String(10_000_000 + id).slice(-8)}`,
      date_time,
      status,
      retry: i,
      key_press: '',
    })),
  } satisfies CallRecord;
}

const RECORDS: CallRecord[] = [
  record(7, 'Nguyễn Thị Ánh Hồng Phương Thảo', [
    ['2026-11-20 09:15:02', 'NO ANSWER', 31, 0],
    ['2026-11-20 14:40:10', 'ANSWERED', 4, 303],
  ]),
  record(12, 'Trần\u001b[31m Văn\rBình', [['2026-11-21 08:00:00', 'CONGESTION', 0, 0]]),
  record(1234567, '', []),
];

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe('formatSeconds', () => {
  it.each([
    [0, '0s'],
    [42, '42s'],
    [59.6, '1m00s'],
    [303, '5m03s'],
    [3599, '59m59s'],
    [3600, '1h00m'],
    [7501, '2h05m'],
    ['17', '17s'],
    ['', ''],
    [null, ''],
    ['n/a', 'n/a'],
  ])('%s → %s', (v, out) => expect(formatSeconds(v)).toBe(out));
});

describe('the table at any width', () => {
  it('at 80 columns shows every column, REF ID included, with units and no footer', () => {
    const t = renderTable(RECORDS, { flatten: 'attempts', colors: plain, columns: 80 });
    const lines = t.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LEAD\s+REF ID\s+PHONE\s+NAME\s+DATE\/TIME\s+STATUS\s+WAIT\s+TALK$/);
    // Squeezed, a time loses its year first.
    expect(lines[2]).toMatch(/ 11-20 14:40\s+ANSWERED\s+4s\s+5m03s$/);
    expect(lines[1]).toContain('KH-000007');
    const wide = renderTable(RECORDS, { flatten: 'attempts', colors: plain, columns: 120 });
    expect(wide.split('\n')[2]).toMatch(/ 2026-11-20 14:40\s+ANSWERED\s+4s\s+5m03s$/);
    expect(wide).toContain('Nguyễn Thị Ánh Hồng Phương Thảo');
    expect(lines).toHaveLength(5); // header, 3 attempts, the lead without attempts
    expect(t).not.toMatch(/leads?, \d+/);
    expect(widest(t)).toBeLessThanOrEqual(79);
  });

  it('at 60 columns no row wraps: columns are squeezed and dropped, cells cut with …', () => {
    const t = renderTable(RECORDS, { flatten: 'attempts', colors: plain, columns: 60 });
    expect(widest(t)).toBeLessThanOrEqual(59);
    const header = t.split('\n')[0]!;
    // WAIT and LEAD (the service's own id) go first; REF ID, the operator's, stays longer.
    expect(header).not.toMatch(/LEAD|WAIT/);
    expect(header).toMatch(/REF ID.*PHONE.*NAME.*DATE\/TIME.*STATUS/);
    expect(t).toMatch(/Nguyễn[^\n]*…/);
    // Control characters from the service never reach the terminal.
    expect(t).not.toMatch(/[\u0000-\u001f\u007f-\u009f](?<!\n)/);
  });

  it('fits every width from 10 to 200, for both views, keeping PHONE and STATUS longest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 200 }), fc.boolean(), (columns, leads) => {
        const t = renderTable(RECORDS, {
          flatten: leads ? 'leads' : 'attempts',
          colors: plain,
          columns,
        });
        expect(widest(t)).toBeLessThanOrEqual(Math.max(columns - 1, 10));
        if (columns >= 40) expect(t.split('\n')[0]).toMatch(/PHONE.*(STATUS|LAST)/);
      }),
    );
  });

  it('in Vietnamese: headers in Vietnamese, times day-first (20/11/2026 14:40, cut to 20/11 14:40), minutes as ph; the statuses as the service wrote them', () => {
    setLanguage('vi');
    const wide = renderTable(RECORDS, { flatten: 'attempts', colors: plain, columns: 120 });
    expect(wide.split('\n')[0]).toMatch(
      /^KH\s+REF ID\s+SĐT\s+HỌ TÊN\s+NGÀY GIỜ\s+TRẠNG THÁI\s+CHỜ\s+ĐÀM THOẠI$/,
    );
    expect(wide.split('\n')[2]).toMatch(/ 20\/11\/2026 14:40\s+ANSWERED\s+4s\s+5ph03s$/);
    const narrow = renderTable(RECORDS, { flatten: 'attempts', colors: plain, columns: 80 });
    expect(narrow.split('\n')[2]).toMatch(/ 20\/11 14:40\s+ANSWERED\s+4s\s+5ph03s$/);
    expect(widest(narrow)).toBeLessThanOrEqual(79);
    const leads = renderTable(RECORDS, { flatten: 'leads', colors: plain, columns: 120 });
    expect(leads.split('\n')[0]).toMatch(/LƯỢT GỌI\s+KẾT QUẢ CUỐI\s+GỌI CUỐI\s+ĐÀM THOẠI$/);
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 200 }), fc.boolean(), (columns, byLead) => {
        const t = renderTable(RECORDS, {
          flatten: byLead ? 'leads' : 'attempts',
          colors: plain,
          columns,
        });
        expect(widest(t)).toBeLessThanOrEqual(Math.max(columns - 1, 10));
      }),
    );
  });

  it('drops columns in rank order and gives the spare width to NAME', () => {
    const cols = [
      { title: 'A', width: 10, min: 5, rank: 9 },
      { title: 'B', width: 10, min: 5, rank: 1 },
      { title: 'N', width: 10, min: 4, rank: 5, max: 30 },
    ];
    expect(layoutColumns(cols, 100).map((c) => [c.title, c.shown])).toEqual([
      ['A', 10],
      ['B', 10],
      ['N', 30],
    ]);
    // 10+10+10+4 = 34 > 29: N squeezed first.
    expect(layoutColumns(cols, 30).map((c) => [c.title, c.shown])).toEqual([
      ['A', 10],
      ['B', 10],
      ['N', 5],
    ]);
    // Minimums 5+5+4+4 = 18 > 15: B (lowest rank) goes.
    expect(layoutColumns(cols, 16).map((c) => c.title)).toEqual(['A', 'N']);
  });

  it('the leads view names a filtered view for what it is', () => {
    const all = renderTable(RECORDS, { flatten: 'leads', colors: plain, columns: 120 });
    expect(all.split('\n')[0]).toMatch(/CALLS\s+LAST STATUS\s+LAST CALL\s+TALK$/);
    expect(all).toMatch(/5m03s/);
    const filtered = renderTable(RECORDS, {
      flatten: 'leads',
      colors: plain,
      columns: 120,
      filtered: true,
    });
    expect(filtered.split('\n')[0]).toMatch(/MATCHING\s+LAST MATCHING\s+LAST CALL\s+TALK$/);
  });
});

describe('cacs report: status filters and --flatten', () => {
  let emu: RunningEmulator;
  const NOW = new Date('2026-11-21T03:00:00Z');
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 11 });
    for (let i = 0; i < 40; i++) {
      emu.store.addLead(
        'summer',
        { phone_number: `09${String(23456700 + i)}`, name: `Khách ${i}`, ref_id: `KH-${i}` },
        new Date(Date.UTC(2026, 10, 1 + (i % 10), 2)),
      );
    }
  });
  afterAll(() => emu.close());
  const run = (args: string[], tty = false) =>
    runCli(['report', '--from', '2026-11-01', '--to', '2026-11-20', ...args], {
      env: isolatedEnv({
        CACS_BASE_URL: emu.url,
        CACS_ACCESS_TOKEN: 'emulator-token',
        CACS_CAMPAIGN: 'summer',
        NO_COLOR: '1',
      }),
      now: () => NOW,
      tty,
    });

  it('--flatten with json or ndjson is exit 2 before any request', async () => {
    emu.store.reportRequests.length = 0;
    for (const format of ['json', 'ndjson']) {
      const r = await run(['--flatten', 'leads', '--format', format]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `--flatten is for CSV, xlsx and table reports; this one is ${format}`,
      );
    }
    expect(emu.store.reportRequests).toHaveLength(0);
  });

  it('with --status the leads view names its columns for the matching attempts, and says so', async () => {
    const r = await run(['--status', 'NO ANSWER', '--flatten', 'leads', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'campaign_id,campaign_name,campaign_lead_id,ref_id,phone_number,lead_name,call,matching_attempts,last_matching_status,last_matching_date_time,matching_talk_time',
    );
    expect(r.stderr).toContain('with --status the service answers only the matching attempts');
    const rows = r.stdout.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.includes(',NO ANSWER,'))).toBe(true);
    // Without a filter the DESIGN.md columns stay as they were, and no note.
    const all = await run(['--flatten', 'leads', '--format', 'csv']);
    expect(all.stdout.split('\n')[0]).toMatch(
      /,attempts,last_status,last_date_time,total_talk_time$/,
    );
    expect(all.stderr).not.toContain('matching attempts');
  });

  it('warns when an asked status matched no attempt (exit 0), and only then', async () => {
    const bogus = await run(['--status', 'BOGUS,ANSWERED', '--format', 'json']);
    expect(bogus.code).toBe(0);
    expect(bogus.stderr).toContain('warning: no call attempt in this range has status "BOGUS"');
    expect(bogus.stderr).not.toMatch(/status[^\n]*"ANSWERED"/);
    const ok = await run(['--status', 'ANSWERED', '--format', 'table'], true);
    expect(ok.code).toBe(0);
    expect(ok.stderr).not.toContain('warning');
  });
});

describe('cacs report: a long answer shows a sign of life', () => {
  it('the spinner counts the bytes received while one large answer arrives', async () => {
    const { startScriptedServer } = await import('../helpers/servers.js');
    const record = (i: number) =>
      JSON.stringify({
        campaign_id: 1,
        campaign_name: 'S',
        campaign_lead_id: i,
        ref_id: `KH-${i}`,
        phone_number: '0912345678',
        lead_name: 'x'.repeat(200),
        call: 0,
        data: [],
      });
    const server = await startScriptedServer([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"result":"success","message":"2000 records","records":[');
        let i = 0;
        // 2,000 records of ~300 bytes over ~1 s: several spinner frames see the count grow.
        const timer = setInterval(() => {
          const part: string[] = [];
          for (let k = 0; k < 100; k++, i++) part.push(record(i));
          res.write((i > 100 ? ',' : '') + part.join(','));
          if (i >= 2000) {
            clearInterval(timer);
            res.end(']}');
          }
        }, 50);
      },
    ]);
    try {
      const r = await runCli(
        ['report', '--from', '2026-11-01', '--to', '2026-11-20', '--format', 'json'],
        {
          env: isolatedEnv({
            CACS_BASE_URL: server.url,
            CACS_ACCESS_TOKEN: 'emulator-token',
            CACS_CAMPAIGN: 'summer',
          }),
          now: () => new Date('2026-11-21T03:00:00Z'),
          tty: true,
        },
      );
      expect(r.stderr).toMatch(/Fetching 0\/1 windows… [\d.,]+ (kB|KiB|MB|MiB|bytes) received/);
      expect(r.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});
