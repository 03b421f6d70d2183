/**
 * The manager's views (issue 25 item 4, and the answer rate per carrier): the grouping of long
 * ranges shared by the terminal view and the HTML page (report/periods.ts), the page's hook for
 * a join or recycle run's counts, the per-carrier figures against a count made here, and both
 * views said in Vietnamese through the catalog. The page in a real browser:
 * test/e2e/html.browser.test.ts.
 */
import { Chalk } from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src/api/spec.js';
import { summarize } from '../../src/index.js';
import { setLanguage } from '../../src/messages/index.js';
import { vi } from '../../src/messages/vi.js';
import { resolveRange } from '../../src/report/dates.js';
import {
  HTML_MAX_PERIODS,
  renderHtmlReport,
  type HtmlReportOptions,
} from '../../src/report/html.js';
import { groupDays, mondayOf } from '../../src/report/periods.js';
import type { DayCount } from '../../src/report/summary.js';
import { renderSummary, textWidth } from '../../src/report/summary-view.js';

const NOW = new Date('2026-11-21T03:00:00Z');

afterEach(() => setLanguage('en'));

/** `n` consecutive days from `first`, one attempt each. */
function days(first: string, n: number): DayCount[] {
  const t0 = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({
    day: new Date(t0 + i * 86_400_000).toISOString().slice(0, 10),
    attempts: 1,
    statuses: { ANSWERED: 1 },
  }));
}

function rec(id: number, phone: string, statuses: string[], hour = 9): CallRecord {
  return {
    campaign_id: 1,
    campaign_name: 'Chiến dịch hè',
    campaign_lead_id: id,
    ref_id: `KH-${id}`,
    phone_number: phone,
    lead_name: `Khách ${id}`,
    call: statuses.length,
    data: statuses.map((status, i) => ({
      session: `s${id}-${i}`,
      wait_time: 5,
      talk_time: status === 'ANSWERED' ? 30 : 0,
      phone_number: phone,
      date_time: `2026-11-02 ${String(hour).padStart(2, '0')}:${String(i).padStart(2, '0')}:00`,
      status,
      retry: i,
      key_press: '',
    })),
  } as CallRecord;
}

function options(extra: Partial<HtmlReportOptions> = {}): HtmlReportOptions {
  return {
    campaign: 'summer',
    range: resolveRange('2026-11-01', '2026-11-20', { now: NOW, timeZone: 'Asia/Ho_Chi_Minh' }),
    generatedAt: NOW,
    generator: 'cacs test',
    ...extra,
  };
}

describe('groupDays: days, else weeks from Monday, else months (one rule for both views)', () => {
  it('keeps the days up to the limit, then weeks, then months, every attempt counted once', () => {
    expect(groupDays(days('2026-01-01', 31), 31).unit).toBe('day');
    expect(groupDays(days('2026-01-01', 32), 31).unit).toBe('week');
    expect(groupDays(days('2026-01-01', HTML_MAX_PERIODS), HTML_MAX_PERIODS).unit).toBe('day');
    const weeks = groupDays(days('2026-01-01', HTML_MAX_PERIODS + 1), HTML_MAX_PERIODS);
    expect(weeks.unit).toBe('week');
    // 2026-01-01 is a Thursday: its week starts on Monday 2025-12-29, and holds 4 of the days.
    expect(weeks.periods[0]).toMatchObject({
      key: '2025-12-29',
      from: '2026-01-01',
      to: '2026-01-04',
      attempts: 4,
    });
    expect(weeks.periods.slice(1, -1).every((p) => p.attempts === 7)).toBe(true);
    expect(weeks.periods.reduce((n, p) => n + p.attempts, 0)).toBe(HTML_MAX_PERIODS + 1);
    const months = groupDays(days('2025-01-01', 500), HTML_MAX_PERIODS);
    expect(months.unit).toBe('month');
    expect(months.periods.map((p) => p.key).slice(0, 3)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(months.periods[1]!.attempts).toBe(28);
    expect(months.periods.reduce((n, p) => n + p.statuses.ANSWERED!, 0)).toBe(500);
  });

  it('finds the Monday of any day', () => {
    for (let i = 0; i < 14; i++) {
      const day = new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10);
      const monday = mondayOf(day);
      expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
      const back = (Date.parse(day) - Date.parse(monday)) / 86_400_000;
      expect(back >= 0 && back < 7).toBe(true);
    }
  });
});

describe('the answer rate per carrier', () => {
  // Each number's network written out by hand (the independent reference).
  const leads: Array<[string, string, string[]]> = [
    ['0961234567', 'Viettel', ['ANSWERED', 'BUSY']],
    ['84 366 234 567', 'Viettel', ['NO ANSWER']],
    ['01662345679', 'Viettel', ['ANSWERED']],
    ['0901234567', 'MobiFone', ['NO ANSWER', 'NO ANSWER', 'answered']],
    ['+84912345678', 'VinaPhone', ['FAILED']],
    ['0559123456', 'Reddi', ['ANSWERED']],
    ['0612345678', 'unknown', ['ANSWERED', 'BUSY', 'BUSY']],
    ['', 'unknown', ['BUSY']],
  ];
  const records = leads.map(([phone, , statuses], i) => rec(i + 1, phone, statuses));

  it('summarize counts leads, attempts and answers per network, in the plan order', () => {
    const order = [
      'Viettel',
      'MobiFone',
      'VinaPhone',
      'Vietnamobile',
      'Gmobile',
      'Reddi',
      'Itel',
      'unknown',
    ];
    const expected = order
      .map((carrier) => {
        const mine = leads.filter(([, c]) => c === carrier);
        const attempts = mine.flatMap(([, , s]) => s);
        const answered = attempts.filter((s) => s.toUpperCase() === 'ANSWERED').length;
        const leadsAnswered = mine.filter(([, , s]) =>
          s.some((x) => x.toUpperCase() === 'ANSWERED'),
        ).length;
        return {
          carrier,
          leads: mine.length,
          attempts: attempts.length,
          answered,
          rate: attempts.length === 0 ? null : answered / attempts.length,
          leadsAnswered,
          leadRate: mine.length === 0 ? null : leadsAnswered / mine.length,
        };
      })
      .filter((c) => c.leads > 0);
    expect(summarize(records).carriers).toEqual(expected);
  });

  it('is shown in the terminal view, with "unknown or unallocated", in 40 columns too', () => {
    const s = summarize(records);
    for (const columns of [80, 40]) {
      const text = renderSummary(s, { colors: new Chalk({ level: 0 }), columns });
      expect(text).toContain('Answer rate by carrier');
      expect(text).toMatch(/unknown or unallocated +4 +25\.0%/);
      expect(text).toMatch(/Viettel +4 +50\.0%/);
      for (const line of text.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(columns);
    }
  });

  it('is a table on the page, with no style attribute (the CSP forbids them)', () => {
    const html = renderHtmlReport(
      records,
      options({
        summary: {
          carrierOf: (p) => (p.startsWith('09') ? 'Viettel' : 'unknown'),
          carrierOrder: ['Viettel', 'unknown'],
        },
      }),
    );
    expect(
      [
        ...html.matchAll(/<tr data-carrier="([^"]+)" data-leads="(\d+)" data-attempts="(\d+)"/g),
      ].map((m) => m.slice(1)),
    ).toEqual([
      ['Viettel', '2', '5'],
      ['unknown', '6', '8'],
    ]);
    expect(html).not.toMatch(/\sstyle=/);
    // Without a carrier function (summary.ts's own default) there is no carrier section.
    expect(renderHtmlReport(records, options())).not.toContain('id="carriers"');
  });
});

describe('the page: hook for a join or recycle run, hours without calls', () => {
  const records = [
    rec(1, '0961234567', ['ANSWERED', 'NO ANSWER'], 9),
    rec(2, '0901234567', ['BUSY'], 14),
  ];

  it('writes the counts a join and a recycle run give, and nothing without them', () => {
    const html = renderHtmlReport(
      records,
      options({
        outcomes: {
          join: {
            file: 'khach-hang.xlsx',
            rows: 1200,
            called: 1000,
            answered: 420,
            notCalled: 150,
            notImported: { phone_format: 30, already_imported: 20 },
            notInFile: 7,
          },
          recycle: {
            file: 'round2.csv',
            written: 480,
            excluded: { answered: 420, 'min-gap': 100 },
          },
        },
      }),
    );
    const counts = Object.fromEntries(
      [
        ...html.matchAll(/<tr data-count="([^"]+)"><td>([^<]*)<\/td><td class="n">([^<]+)<\/td>/g),
      ].map((m) => [m[1], [m[2], m[3]]]),
    );
    expect(counts).toEqual({
      rows: ['rows in the file', '1,200'],
      called: ['rows whose lead was called', '1,000'],
      answered: ['rows whose lead answered', '420'],
      'not-called': ['rows not called (NOT_CALLED)', '150'],
      'not-imported:already_imported': ['rows not imported (already_imported)', '20'],
      'not-imported:phone_format': ['rows not imported (phone_format)', '30'],
      'not-in-file': ['leads called but not in the file (not written)', '7'],
      written: ['leads written for the next round', '480'],
      'excluded:answered': ['leads left out by the rule answered', '420'],
      'excluded:min-gap': ['leads left out by the rule min-gap', '100'],
    });
    expect(html).toContain('Written back into khach-hang.xlsx');
    expect(html).toContain('Next round: round2.csv');
    expect(renderHtmlReport(records, options())).not.toContain('id="outcomes"');
  });

  it('marks the 22 hours without calls "no calls", never 0%', () => {
    const html = renderHtmlReport(records, options());
    expect(html.match(/<rect class="nocalls"/g)).toHaveLength(22);
    expect(html.match(/>no calls<\/text>/g)).toHaveLength(22);
    expect(html.match(/<circle class="rate"/g)).toHaveLength(2);
    expect(html).toContain('data-rate="50"');
    // Under the hours: the rate where there were calls (14:00: 0% of 1, a real 0%), else –.
    const labels = [...html.matchAll(/<text class="rl"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(labels.filter((l) => l === '–')).toHaveLength(22);
    expect([labels[9], labels[14]]).toEqual(['50%', '0%']);
  });
});

describe('a range without leads (session 12: the views said "0.00 per lead")', () => {
  it('the terminal view and the page say – per lead, as for the rates; the JSON keeps 0', () => {
    const s = summarize([]);
    expect(s.attemptsPerLead).toBe(0);
    const text = renderSummary(s, { colors: new Chalk({ level: 0 }), columns: 80 });
    expect(text).toMatch(/Attempts +0 · – per lead/);
    expect(text).not.toContain('0.00');
    const html = renderHtmlReport([], options());
    expect(html).not.toContain('0.00');
    expect(html).toContain('– per lead');
    // With leads, the ratio as before.
    const one = summarize([
      {
        campaign_id: 1,
        campaign_name: 'C',
        campaign_lead_id: 1,
        ref_id: 'KH-1',
        phone_number: '0912345678',
        lead_name: 'An',
        call: 1,
        data: [],
      } as unknown as CallRecord,
    ]);
    expect(renderSummary(one, { colors: new Chalk({ level: 0 }), columns: 80 })).toMatch(
      /Attempts +0 · 0\.00 per lead/,
    );
  });
});

describe('in Vietnamese (the catalog)', () => {
  const records = [rec(1, '0961234567', ['ANSWERED', 'NO ANSWER']), rec(2, '0412345678', ['BUSY'])];

  it('says the page and the terminal view in Vietnamese', () => {
    setLanguage('en', vi);
    const s = summarize(records);
    const html = renderHtmlReport(records, options({ summary: { carrierOf: () => 'unknown' } }));
    expect(html).toContain('Báo cáo cuộc gọi');
    expect(html).toContain('Tỷ lệ bắt máy theo nhà mạng');
    expect(html).toContain('không rõ hoặc chưa cấp');
    expect(html).toContain('không có cuộc gọi');
    for (const english of ['Call report', 'Figures', 'no calls', 'Answer rate', 'Compliance'])
      expect(html).not.toContain(english);
    const text = renderSummary(s, { colors: new Chalk({ level: 0 }), columns: 40 });
    expect(text).toContain('Tóm tắt kết quả cuộc gọi');
    expect(text).toContain('Tỷ lệ bắt máy theo nhà mạng');
    expect(text).not.toContain('|');
    for (const line of text.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(40);
  });
});
