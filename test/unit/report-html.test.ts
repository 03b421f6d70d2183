/**
 * The HTML report (src/report/html.ts): escaping, number and duration formats, axes, status
 * colours, the page's parts, the table's cap — and `cacs report --format html` over real HTTP
 * against the emulator. The page in a real browser: test/e2e/html.browser.test.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src/api/spec.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { resolveRange } from '../../src/report/dates.js';
import {
  HTML_STATUS_SERIES,
  HTML_TABLE_ROWS,
  bucketLabel,
  escapeHtml,
  niceAxis,
  renderHtmlReport,
  statusSeries,
  type HtmlReportOptions,
} from '../../src/report/html.js';
import { summarize } from '../../src/report/summary.js';
import { formatFor } from '../../src/report/write.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { setLanguage } from '../../src/messages/index.js';

const NOW = new Date('2026-11-21T03:00:00Z');

function rec(id: number, attempts: Array<[string, string | null, number?]>, name = `Khách ${id}`) {
  return {
    campaign_id: 1,
    campaign_name: 'Chiến dịch hè',
    campaign_lead_id: id,
    ref_id: `KH-${id}`,
    phone_number: `09${String(10_000_000 + id)}`,
    lead_name: name,
    call: attempts.length,
    data: attempts.map(([date_time, status, talk], i) => ({
      session: `s${id}-${i}`,
      wait_time: 5,
      talk_time: talk ?? 0,
      phone_number: `09${String(10_000_000 + id)}`,
      date_time,
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

/** The entities escapeHtml writes, decoded. */
function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
  );
}

describe('escapeHtml', () => {
  it('leaves no markup character and decodes back to the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const e = escapeHtml(s);
        expect(e).not.toMatch(/[<>"']/);
        expect(e.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
        const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
        expect(unescape(e)).toBe(s.replace(controls, '\ufffd'));
      }),
    );
  });

  it('escapes the hostile cases and keeps Vietnamese text', () => {
    expect(escapeHtml('</style>')).toBe('&lt;/style&gt;');
    expect(escapeHtml(`<script>alert("x")</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(escapeHtml(`a & b 'c'`)).toBe('a &amp; b &#39;c&#39;');
    expect(escapeHtml('Nguyễn Thị Ánh')).toBe('Nguyễn Thị Ánh');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });
});

describe('formats', () => {
  it('labels the talk-time buckets with their units', () => {
    const s = summarize([]);
    expect(s.talkTimeBuckets.map(bucketLabel)).toEqual([
      '< 30 s',
      '30 s – 1 min',
      '1–2 min',
      '2–5 min',
      '5–10 min',
      '10–20 min',
      '≥ 20 min',
    ]);
  });

  it('niceAxis: from 0 to at least the largest value, in equal whole steps of 1, 2, 2.5 or 5 × 10^k', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 2, max: 6 }),
        (max, count) => {
          const { top, ticks } = niceAxis(max, count);
          expect(top).toBeGreaterThanOrEqual(max);
          expect(ticks[0]).toBe(0);
          expect(ticks.at(-1)).toBe(top);
          const step = ticks[1]! - ticks[0]!;
          expect(Number.isInteger(step)).toBe(true);
          ticks.forEach((t, i) => expect(t).toBe(i * step));
          expect(ticks.length).toBeLessThanOrEqual(2 * count + 1);
          const mantissa = step / 10 ** Math.floor(Math.log10(step));
          expect([1, 2, 2.5, 5]).toContain(mantissa);
        },
      ),
    );
    expect(niceAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceAxis(45, 4).ticks).toEqual([0, 20, 40, 60]);
    expect(niceAxis(225, 5).ticks).toEqual([0, 50, 100, 150, 200, 250]);
  });
});

describe('statusSeries', () => {
  it('puts the answered statuses first, gives each status a colour of its own, and groups the rest', () => {
    const statuses = Array.from({ length: 14 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    const records = [
      rec(
        1,
        statuses.flatMap((s, i) =>
          Array.from({ length: 20 - i }, () => ['2026-11-02 09:00:00', s] as [string, string]),
        ),
      ),
      rec(2, [['2026-11-02 09:00:00', 'ANSWERED']]),
    ];
    const summary = summarize(records);
    const { series, of } = statusSeries(summary);
    expect(series.length).toBe(HTML_STATUS_SERIES);
    expect(series[0]!.label).toBe('ANSWERED');
    expect(series.slice(1, -1).map((s) => s.label)).toEqual(statuses.slice(0, 8));
    expect(series.at(-1)!.label).toBe('other (6 statuses)');
    expect(of('S13')).toBe(series.at(-1));
    expect(new Set(series.map((s) => s.colour)).size).toBe(series.length);
    expect(series.map((s) => s.index)).toEqual([...series.keys()]);
  });

  it('keeps the usual colours for the usual statuses, whatever their order', () => {
    const a = statusSeries(
      summarize([
        rec(1, [
          ['2026-11-02 09:00:00', 'BUSY'],
          ['2026-11-02 10:00:00', 'BUSY'],
          ['2026-11-02 11:00:00', 'ANSWERED'],
        ]),
      ]),
    );
    const b = statusSeries(summarize([rec(1, [['2026-11-02 09:00:00', 'BUSY']])]));
    expect(a.of('BUSY').colour).toBe(b.of('BUSY').colour);
    expect(a.of('ANSWERED').colour).not.toBe(a.of('BUSY').colour);
    // An attempt without a status is drawn as "(none)".
    const c = statusSeries(summarize([rec(1, [['2026-11-02 09:00:00', null]])]));
    expect(c.series.map((s) => s.label)).toEqual(['(none)']);
    expect(c.of('')).toBe(c.series[0]);
  });
});

describe('renderHtmlReport', () => {
  const records = [
    rec(1, [
      ['2026-11-02 09:00:00', 'NO ANSWER'],
      ['2026-11-02 19:00:00', 'ANSWERED', 95],
    ]),
    rec(2, [['2026-11-04 10:30:00', 'BUSY']], `<script>alert(1)</script> & "q" 'x'`),
    rec(3, [['2026-11-04 11:00:00', '</style><script>alert(2)</script>']]),
    rec(4, [['2026-11-05 08:00:00', 'ANSWERED', 700]]),
    rec(5, [['2026-11-05 08:10:00', 'ANSWERED', 20]]),
  ];

  it("writes its dates as the page's language does: title, chart labels, per-day table, footer (vi: dd/mm/yyyy; session 12)", () => {
    const en = renderHtmlReport(records, options());
    expect(en).toContain('2026-11-01 → 2026-11-20');
    expect(en).toMatch(/>11-02</);
    expect(en).toMatch(/<td>2026-11-02<\/td>/);
    setLanguage('vi');
    try {
      const vi = renderHtmlReport(records, options());
      expect(vi.startsWith('<!doctype html>\n<html lang="vi">')).toBe(true);
      expect(vi).toContain('01/11/2026 → 20/11/2026');
      expect(vi).toMatch(/>02\/11</);
      expect(vi).toMatch(/<td>02\/11\/2026<\/td>/);
      expect(vi).toContain('21/11/2026 10:00');
      // No ISO date a person reads, but for the attempts' own date_time (the service's data,
      // under its spec name, as in the CSV: the leads and the compliance tables).
      const text = vi.replace(/<[^>]*>/g, ' ').replace(/\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\b/g, '');
      expect(/.{0,40}\b2026-11-\d\d\b.{0,20}/s.exec(text)?.[0]).toBeUndefined();
    } finally {
      setLanguage('en');
    }
  });

  it('labels a week by its first day in the range, not the Monday before it (second review, session 12)', () => {
    // 2026-11-01 is a Sunday; 92 days are grouped into weeks from Monday.
    const long = [
      rec(1, [['2026-11-01 09:00:00', 'ANSWERED', 30]]),
      rec(2, [['2027-01-31 09:00:00', 'BUSY']]),
    ];
    const range = resolveRange('2026-11-01', '2027-01-31', {
      now: new Date('2027-02-01T03:00:00Z'),
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    const en = renderHtmlReport(long, options({ range }));
    const labels = (html: string) =>
      [...html.matchAll(/<text x="[\d.]+" y="\d+" text-anchor="middle">([^<]+)<\/text>/g)].map(
        (m) => m[1],
      );
    expect(labels(en)[0]).toBe('11-01');
    expect(en).not.toContain('>10-26<');
    expect(en).toContain('<td>2026-11-01 – 2026-11-01</td>');
    setLanguage('vi');
    try {
      expect(labels(renderHtmlReport(long, options({ range })))[0]).toBe('01/11');
    } finally {
      setLanguage('en');
    }
  });

  it('is one self-contained page whose CSP admits only its own style element', () => {
    const html = renderHtmlReport(records, options());
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`,
    );
    // One style element, no script, nothing that loads: no src, no href but the empty icon.
    expect(html.match(/<style/gi)).toHaveLength(1);
    expect(html.match(/<\/style/gi)).toHaveLength(1);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\ssrc=/i);
    expect(html.match(/href=/g)).toEqual(['href=']);
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
    // Vietnamese intact, hostile text escaped.
    expect(html).toContain('Chiến dịch hè');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;x&#39;');
    expect(html).toContain('&lt;/style&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('titles the page with the campaign and the range, both zones when they differ', () => {
    const same = renderHtmlReport(records, options());
    expect(same).toContain(
      '<title>Call report · Chiến dịch hè (summer) · 2026-11-01 → 2026-11-20</title>',
    );
    expect(same).toContain(
      '<p class="range" id="range">2026-11-01 00:00:00 → 2026-11-20 23:59:59 Asia/Ho_Chi_Minh</p>',
    );
    const paris = renderHtmlReport(
      records,
      options({
        range: resolveRange('2026-11-01', '2026-11-20', {
          now: NOW,
          timeZone: 'Europe/Paris',
          serviceTimeZone: 'Asia/Ho_Chi_Minh',
        }),
      }),
    );
    expect(paris).toContain(
      '2026-11-01 00:00:00 → 2026-11-20 23:59:59 Europe/Paris (service: 2026-11-01 06:00:00 → 2026-11-21 05:59:59 Asia/Ho_Chi_Minh)',
    );
    expect(paris).toContain("Days and hours below are on the service's clock (Asia/Ho_Chi_Minh)");
    expect(paris).toContain('Made 2026-11-21 04:00 (Europe/Paris) by cacs test.');
  });

  it('draws a stack per day (empty days too), 24 hour bars and a bar per talk-time bucket', () => {
    const html = renderHtmlReport(records, options());
    const days = [...html.matchAll(/<g class="day" data-day="([^"]+)" data-attempts="(\d+)">/g)];
    expect(days.map((m) => [m[1], Number(m[2])])).toEqual([
      ['2026-11-02', 2],
      ['2026-11-03', 0],
      ['2026-11-04', 2],
      ['2026-11-05', 2],
    ]);
    // 11-02: NO ANSWER + ANSWERED; 11-04: BUSY + the hostile one; 11-05: ANSWERED twice.
    expect(html.match(/<rect class="seg /g)).toHaveLength(5);
    expect(html.match(/<g class="hour" /g)).toHaveLength(24);
    expect(html.match(/<g class="bucket" /g)).toHaveLength(7);
    expect(html).toMatch(/<g class="hour" data-hour="8" data-attempts="2" data-answered="2">/);
    // Talk times 95, 700, 20: one each in < 30 s, 1–2 min, 10–20 min.
    expect(
      [...html.matchAll(/<g class="bucket" data-attempts="(\d+)">/g)].map((m) => m[1]),
    ).toEqual(['1', '0', '1', '0', '0', '1', '0']);
  });

  it('lists the leads with the --flatten leads columns, capped with a note; figures count all', () => {
    const html = renderHtmlReport(records, options({ maxRows: 3 }));
    const rows = html.slice(html.indexOf('<table class="leads">')).match(/<tr><td/g);
    expect(rows).toHaveLength(3);
    expect(html).toContain(
      'The table shows the first 3 of 5 leads (by campaign_lead_id); 2 are left out. The figures and charts above count every lead.',
    );
    expect(html).toContain('<code>--format csv</code>');
    expect(html).toMatch(/<small>Leads<\/small><b>5<\/b>/);
    expect(html).toMatch(/<small>Call attempts<\/small><b>6<\/b>/);
    expect(html).toContain(
      '<th class="n">campaign_id</th><th>campaign_name</th><th class="n">campaign_lead_id</th><th>ref_id</th><th>phone_number</th><th>lead_name</th><th class="n">call</th><th class="n">attempts</th><th>last_status</th><th>last_date_time</th><th class="n">total_talk_time</th>',
    );
    // Lead 1: two attempts, last ANSWERED at 19:00, 1m35s of talk.
    expect(html).toMatch(
      /<tr><td class="n">1<td>Chiến dịch hè<td class="n">1<td>KH-1<td>0910000001<td>Khách 1<td class="n">2<td class="n">2<td><i class="sw k\d+"><\/i>ANSWERED<td>2026-11-02 19:00:00<td class="n">1m35s<\/tr>/,
    );
    const all = renderHtmlReport(records, options());
    expect(all).toContain('<p class="muted" id="table-note">All 5 leads.</p>');
    expect(HTML_TABLE_ROWS).toBe(5000);
  });

  it('reads the records once, and says so when there is nothing to show', () => {
    let reads = 0;
    const once: Iterable<CallRecord> = {
      [Symbol.iterator]() {
        if (++reads > 1) throw new Error('read twice');
        return records[Symbol.iterator]();
      },
    };
    expect(() => renderHtmlReport(once, options())).not.toThrow();
    const empty = renderHtmlReport([], options());
    expect(empty).toContain('No dated call attempt in this range: nothing to chart.');
    expect(empty).toContain('No lead has a call attempt in this range.');
    expect(empty).toMatch(/<small>Leads<\/small><b>0<\/b>/);
    expect(empty).not.toContain('<svg');
  });

  it('shows the compliance block: rules, counts, samples, and "not checked" without a list', () => {
    const html = renderHtmlReport(records, options());
    // 19:00 is outside 08:00-17:00.
    expect(html).toContain('<b>08:00-17:00</b>');
    expect(html).toContain('1 attempt outside the permitted hours');
    expect(html).toContain('<td>0910000001</td><td>2026-11-02 19:00:00</td><td>ANSWERED</td>');
    // Lead 1's number was called twice within 24 hours.
    expect(html).toContain(
      '1 number called more than 1 time in 24 hours (2 calls in their busiest 24 hours)',
    );
    expect(html).toContain('not checked (no do-not-call list is configured)');
    const checked = renderHtmlReport(
      records,
      options({
        summary: {
          suppressed: (p) => (p === '0910000004' ? 'dnc.csv' : undefined),
          suppressionLists: ['dnc.csv'],
          compliance: { callHours: '07:00-20:00', maxCallsPer24h: 2 },
        },
      }),
    );
    expect(checked).toContain('do-not-call lists: dnc.csv.');
    expect(checked).toContain('1 attempt to 1 number on a do-not-call list');
    expect(checked).toContain(
      '<td>0910000004</td><td>2026-11-05 08:00:00</td><td>ANSWERED</td><td>dnc.csv</td>',
    );
    expect(checked).toContain('0 attempts outside the permitted hours');
  });

  it('says when a status filter limits what is counted, with the filtered columns', () => {
    const html = renderHtmlReport(records, options({ statusFilter: ['ANSWERED', '<b>'] }));
    expect(html).toContain(
      'Only attempts with status ANSWERED, &lt;b&gt;: every figure, chart and row counts those',
    );
    expect(html).toContain('<th class="n">matching_attempts</th>');
  });
});

describe('cacs report --format html', () => {
  let emu: RunningEmulator;
  let dir: string;
  const env = () =>
    isolatedEnv({
      CACS_BASE_URL: emu.url,
      CACS_ACCESS_TOKEN: 'emulator-token',
      CACS_CAMPAIGN: 'summer',
    });
  const run = (args: string[], tty = false) =>
    runCli(['report', '--from', '2026-11-01', '--to', '2026-11-20', ...args], {
      env: env(),
      cwd: dir,
      now: () => NOW,
      tty,
    });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 4 });
    for (let i = 0; i < 30; i++) {
      emu.store.addLead(
        'summer',
        {
          phone_number: `09${String(12345600 + i)}`,
          name: `Nguyễn Thị Ánh ${i}`,
          ref_id: `KH-${i}`,
        },
        new Date(Date.UTC(2026, 10, 1 + (i % 15), 2 + (i % 9))),
      );
    }
    dir = tempDir();
  });
  afterAll(() => emu.close());

  it('-o report.html writes the page (mode 0600) and -o .htm too', async () => {
    const r = await run(['-o', 'report.html']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/30 leads, \d+ attempts · written to report\.html/);
    const file = path.join(dir, 'report.html');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const html = fs.readFileSync(file, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(
      '<title>Call report · Summer campaign (summer) · 2026-11-01 → 2026-11-20</title>',
    );
    expect(html).toContain('Nguyễn Thị Ánh 7');
    expect(html.match(/<tr><td class="n">1<td>Summer campaign/g)).toHaveLength(30);
    expect(html).toMatch(/<meta name="generator" content="cacs \d+\.\d+\.\d+">/);
    const htm = await run(['-o', 'Report.HTM']);
    expect(htm.code, htm.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'Report.HTM'), 'utf8').length).toBeGreaterThan(1000);
  });

  it('--summary -o summary.html writes the same page (the summary with charts)', async () => {
    const r = await run(['--summary', '-o', 'summary.html']);
    expect(r.code, r.stderr).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'summary.html'), 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<svg');
    const plain = await run(['-o', 'plain.html']);
    expect(plain.code).toBe(0);
    // The same page, but for the moment it was made.
    const strip = (t: string) => t.replace(/<meta name="generated"[^>]*>|Generated [^<]*/g, '');
    expect(strip(html)).toBe(strip(fs.readFileSync(path.join(dir, 'plain.html'), 'utf8')));
  });

  it('writes the page to stdout with --format html, on a terminal too (it is text)', async () => {
    const pipe = await run(['--format', 'html']);
    expect(pipe.code, pipe.stderr).toBe(0);
    expect(pipe.stdout.startsWith('<!doctype html>')).toBe(true);
    expect(pipe.stdout.endsWith('</html>\n')).toBe(true);
    const tty = await run(['--format', 'html'], true);
    expect(tty.code, tty.stderr).toBe(0);
    // The same page: only the time it was made could differ, and the clock is fixed.
    expect(tty.stdout).toBe(pipe.stdout);
  });

  it('refuses --flatten, --bom and a mismatched extension with the flag to use (exit 2)', async () => {
    const flat = await run(['--format', 'html', '--flatten', 'attempts']);
    expect(flat.code).toBe(2);
    expect(flat.stderr).toContain(
      'error: --flatten is for CSV, xlsx and table reports; the HTML page lists one row per lead',
    );
    expect(flat.stderr).toContain(
      'Leave out --flatten; for a row per attempt use --format csv or xlsx.',
    );
    const bom = await run(['-o', 'x.html', '--bom']);
    expect(bom.code).toBe(2);
    expect(bom.stderr).toContain('--bom is for CSV reports; this one is html');
    const mismatch = await run(['-o', 'x.html', '--format', 'csv']);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain('-o x.html names a html file but --format is csv');
    expect(mismatch.stderr).toContain('Use --format html for .html, or -o x.csv for csv.');
    expect(fs.existsSync(path.join(dir, 'x.html'))).toBe(false);
    expect(formatFor('calls.html', undefined, false)).toBe('html');
    expect(formatFor('calls.htm', undefined, false)).toBe('html');
  });

  it('names html in the help and accepts it as the configured format', async () => {
    const help = await runCli(['report', '--help'], { env: env() });
    expect(help.stdout).toContain('"xlsx", "html"');
    const cfg = path.join(dir, 'html.json');
    fs.writeFileSync(cfg, JSON.stringify({ report: { format: 'html' } }));
    const r = await runCli(
      ['report', '--config', cfg, '--from', '2026-11-01', '--to', '2026-11-20'],
      { env: env(), cwd: dir, now: () => NOW },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('<!doctype html>')).toBe(true);
  });
});
