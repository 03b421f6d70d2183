/**
 * `cacs report --format html` opened in a real browser: Chromium from Debian's packages
 * (/usr/bin/chromium, or CACS_CHROMIUM), driven by playwright-core, which never downloads a
 * browser. Reports come from the emulator over real HTTP (and, for hostile statuses, from a
 * scripted server); every figure the page shows is checked against counts computed here from
 * the JSON report of the same range. Screenshots are kept under test/artifacts/ (git-ignored).
 * Without a browser the tests skip, and say so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ROOT, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { json as jsonReply, startScriptedServer } from '../helpers/servers.js';

// What the callbacks given to evaluate() use of the page (the project compiles without the DOM
// library, so they are declared here, for this file only).
declare const document: { documentElement: { style: Record<string, string> }; body: unknown };
declare function getComputedStyle(e: unknown): {
  backgroundColor: string;
  color: string;
  fill: string;
};
declare function requestAnimationFrame(callback: () => void): number;
type SVGRectElement = { getBBox(): { height: number } };

const CHROMIUM = process.env.CACS_CHROMIUM ?? '/usr/bin/chromium';
const HAVE_BROWSER = fs.existsSync(CHROMIUM);
if (!HAVE_BROWSER) {
  console.warn(
    `html.browser.test.ts: SKIPPED — no Chromium at ${CHROMIUM} (apt-get install chromium, or set CACS_CHROMIUM)`,
  );
}
const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');

// 2026-11-21 10:00 in Ho Chi Minh City.
const NOW = new Date('2026-11-21T03:00:00Z');
const DAY = 86_400_000;
/** 2026-08-01 01:00 in Ho Chi Minh City (UTC+7). */
const START = Date.UTC(2026, 6, 31, 18, 0, 0);
const DAYS = 40;
const PER_DAY = 130;
/** The table's cap, written out: a change in the code cannot pass unnoticed. */
const CAP = 5000;
/** Talk-time bucket bounds (seconds), written out independently of summary.ts. */
const BOUNDS = [30, 60, 120, 300, 600, 1200];

const HOSTILE_NAME = `<script>alert("name")</script> & 'Nguyễn Thị Ánh' </style>`;

interface Attempt {
  date_time: string;
  status: string | null;
  talk_time: number | string;
}
interface JsonRecord {
  campaign_lead_id: number;
  lead_name: string | null;
  phone_number: string;
  data: Attempt[];
}

async function launch(): Promise<BrowserContext> {
  const profile = tempDir('cacs-chromium-');
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    // Chromium leaves .org.chromium.Chromium.* folders in TMPDIR: in one of the test's own.
    env: { ...process.env, TMPDIR: tempDir('cacs-chromium-tmp-') },
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1200, height: 900 },
  });
}

interface Opened {
  page: Page;
  consoleErrors: string[];
  pageErrors: string[];
  requests: string[];
  dialogs: string[];
}

/** Opens `file` in a new page, recording console errors, page errors, requests and dialogs. */
async function open(ctx: BrowserContext, file: string): Promise<Opened> {
  const page = await ctx.newPage();
  const o: Opened = { page, consoleErrors: [], pageErrors: [], requests: [], dialogs: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') o.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => o.pageErrors.push(e.message));
  page.on('request', (r) => o.requests.push(r.url()));
  page.on('dialog', (d) => {
    o.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return o;
}

function bucketOf(talk: number): number {
  let i = 0;
  while (i < BOUNDS.length && talk >= BOUNDS[i]!) i++;
  return i;
}

function statusOf(a: Attempt): string {
  return a.status === null || a.status === '' ? '(none)' : a.status;
}

describe.skipIf(!HAVE_BROWSER)('cacs report --format html in Chromium', () => {
  let emu: RunningEmulator;
  let ctx: BrowserContext;
  let dir: string;
  let records: JsonRecord[];
  let file: string;
  let opened: Opened;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    emu = await startEmulator({ port: 0, seed: 5 });
    let k = 0;
    for (let d = 0; d < DAYS; d++) {
      for (let j = 0; j < PER_DAY; j++) {
        const name =
          k === 7 ? HOSTILE_NAME : k % 11 === 0 ? `Trần Văn Đức "${k}" & co` : `Khách ${k}`;
        emu.store.addLead(
          'summer',
          { phone_number: `09${String(10_000_000 + k)}`, name, ref_id: `KH-${k}` },
          new Date(START + d * DAY + j * 7 * 60_000),
        );
        k++;
      }
    }
    dir = tempDir('cacs-html-');
    const env = isolatedEnv({
      CACS_BASE_URL: emu.url,
      CACS_ACCESS_TOKEN: 'emulator-token',
      CACS_CAMPAIGN: 'summer',
    });
    const range = ['--from', '2026-08-01', '--to', '2026-09-15'];
    const json = await runCli(['report', ...range, '--format', 'json'], {
      env,
      cwd: dir,
      now: () => NOW,
    });
    expect(json.code, json.stderr).toBe(0);
    records = JSON.parse(json.stdout) as JsonRecord[];
    const html = await runCli(['report', ...range, '-o', 'report.html'], {
      env,
      cwd: dir,
      now: () => NOW,
    });
    expect(html.code, html.stderr).toBe(0);
    file = path.join(dir, 'report.html');
    ctx = await launch();
    opened = await open(ctx, file);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await emu?.close();
  });

  it('loads without console or page errors and requests nothing but itself', async () => {
    const { page } = opened;
    expect(opened.consoleErrors).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.dialogs).toEqual([]);
    expect(opened.requests).toEqual([pathToFileURL(file).href]);
    // No script, image, frame or link to anything: the CSP forbids loads, and the page needs none.
    expect(await page.locator('script, img, iframe, object, embed, a[href]').count()).toBe(0);
    const csp = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
    // The style element matched its hash: the page is styled (a card has a background).
    const bg = await page
      .locator('.card')
      .first()
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'report-html.png') });
    await page.screenshot({ path: path.join(ARTIFACTS, 'report-html-full.png'), fullPage: true });
    // The README's picture (docs/report-html.png is a copy): the page as 1000 pixels wide shows
    // it, at three quarters of its size, down to the first two charts.
    const readme = await ctx.newPage();
    await readme.setViewportSize({ width: 750, height: 1200 });
    await readme.goto(pathToFileURL(file).href);
    await readme.evaluate(() => {
      document.documentElement.style.zoom = '0.75';
    });
    const hour = await readme.locator('#per-hour').boundingBox();
    await readme.screenshot({
      path: path.join(ARTIFACTS, 'report-html-readme.png'),
      clip: { x: 0, y: 0, width: 750, height: Math.ceil(hour!.y + hour!.height + 8) },
    });
    await readme.close();
    // Three screenshots, one of the full page: slow on a loaded machine.
  }, 120_000);

  it('shows the campaign, the range and the figures of the JSON report', async () => {
    const { page } = opened;
    expect(await page.title()).toBe(
      'Call report · Summer campaign (summer) · 2026-08-01 → 2026-09-15',
    );
    expect(await page.locator('#range').textContent()).toBe(
      '2026-08-01 00:00:00 → 2026-09-15 23:59:59 Asia/Ho_Chi_Minh',
    );
    const attempts = records.reduce((n, r) => n + r.data.length, 0);
    const answered = records.flatMap((r) => r.data).filter((a) => a.status === 'ANSWERED').length;
    const cards = await page.locator('#figures .card').allTextContents();
    const fmt = (n: number) => n.toLocaleString('en-US');
    expect(cards.find((c) => c.startsWith('Leads'))).toContain(fmt(records.length));
    expect(cards.find((c) => c.startsWith('Call attempts'))).toContain(fmt(attempts));
    expect(cards.find((c) => c.startsWith('Answer rate'))).toContain(
      `${((answered / attempts) * 100).toFixed(1)}%`,
    );
  });

  it('draws one stack per day with one segment per status, in the status colours', async () => {
    const { page } = opened;
    // Expected, from the JSON: every calendar day of the range (2026-08-01 → 2026-09-15), days
    // with no attempt as empty stacks (issue 22 item 8: a 7-day range shows 7 days).
    const perDay = new Map<string, Map<string, number>>();
    for (const a of records.flatMap((r) => r.data)) {
      const day = a.date_time.slice(0, 10);
      const m = perDay.get(day) ?? new Map<string, number>();
      m.set(statusOf(a), (m.get(statusOf(a)) ?? 0) + 1);
      perDay.set(day, m);
    }
    const expected: Array<{ day: string; segments: Record<string, number> }> = [];
    for (let t = Date.parse('2026-08-01'); t <= Date.parse('2026-09-15'); t += DAY) {
      const day = new Date(t).toISOString().slice(0, 10);
      expected.push({ day, segments: Object.fromEntries(perDay.get(day) ?? []) });
    }
    const drawn = await page.locator('svg#per-day g.day').evaluateAll((gs) =>
      gs.map((g) => ({
        day: g.getAttribute('data-day')!,
        segments: [...g.querySelectorAll('rect.seg')].map((r) => ({
          status: r.getAttribute('data-status')!,
          count: Number(r.getAttribute('data-count')),
          height: (r as unknown as SVGRectElement).getBBox().height,
          fill: getComputedStyle(r).fill,
        })),
      })),
    );
    expect(drawn.length).toBe(expected.length);
    expect(drawn.length).toBeGreaterThanOrEqual(DAYS);
    expect(
      drawn.map((d) => ({
        day: d.day,
        segments: Object.fromEntries(d.segments.map((s) => [s.status, s.count])),
      })),
    ).toEqual(expected);
    // Heights drawn in proportion to the counts: the same pixels per attempt everywhere.
    const all = drawn.flatMap((d) => d.segments);
    const perAttempt = all[0]!.height / all[0]!.count;
    for (const s of all) expect(s.height).toBeCloseTo(s.count * perAttempt, 0);
    // One colour per status, the legend's.
    const legend = await page
      .locator('#status-legend li')
      .evaluateAll((lis) =>
        lis.map((li) => [
          li.textContent!,
          getComputedStyle(li.querySelector('.sw')!).backgroundColor,
        ]),
      );
    const statuses = new Set(records.flatMap((r) => r.data.map(statusOf)));
    // The legend's order is fixed, whatever the counts: answered, then the usual statuses in
    // this order, then any other by name, then (none).
    const fixed = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'];
    const expectedOrder = [
      ...fixed.filter((s) => statuses.has(s)),
      ...[...statuses].filter((s) => !fixed.includes(s) && s !== '(none)').sort(),
      ...(statuses.has('(none)') ? ['(none)'] : []),
    ];
    expect(legend.map(([s]) => s)).toEqual(expectedOrder);
    const colour = new Map(legend as Array<[string, string]>);
    expect(new Set(colour.values()).size).toBe(statuses.size);
    for (const s of all) expect(s.fill).toBe(colour.get(s.status));
  });

  it('draws 24 hours: bars as tall as their attempts, the answered part, the rate as dots', async () => {
    const { page } = opened;
    const hours = Array.from({ length: 24 }, () => ({ attempts: 0, answered: 0 }));
    for (const a of records.flatMap((r) => r.data)) {
      const h = hours[Number(a.date_time.slice(11, 13))]!;
      h.attempts++;
      if (a.status === 'ANSWERED') h.answered++;
    }
    const drawn = await page.locator('svg#per-hour g.hour').evaluateAll((gs) =>
      gs.map((g) => ({
        attempts: Number(g.getAttribute('data-attempts')),
        answered: Number(g.getAttribute('data-answered')),
        bar: g.querySelector('rect.bar')?.getBBox().height ?? null,
        ans: g.querySelector('rect.ans')?.getBBox().height ?? null,
        cy: g.querySelector('circle.rate')?.getAttribute('cy') ?? null,
        noCalls: g.querySelector('rect.nocalls') !== null,
        label: g.querySelector('text.nc')?.textContent ?? null,
      })),
    );
    expect(drawn.length).toBe(24);
    expect(drawn.map(({ attempts, answered }) => ({ attempts, answered }))).toEqual(hours);
    // Volume: the same pixels per attempt in every hour (an hour of a few calls is a short bar).
    const busiest = hours.reduce((m, h, i) => (h.attempts > hours[m]!.attempts ? i : m), 0);
    const perAttempt = drawn[busiest]!.bar! / hours[busiest]!.attempts;
    hours.forEach((h, i) => {
      const d = drawn[i]!;
      if (h.attempts === 0) {
        expect(d.noCalls).toBe(true);
        expect(d.label).toBe('no calls');
        expect(d.bar).toBeNull();
        expect(d.cy).toBeNull();
      } else {
        expect(d.noCalls).toBe(false);
        expect(d.bar!).toBeCloseTo(h.attempts * perAttempt, 0);
        expect(d.ans!).toBeCloseTo(h.answered * perAttempt, 0);
      }
    });
    // The rate: a dot on the right-hand 0–100% axis (its labels' positions), one per hour with calls.
    const axis = await page
      .locator('svg#per-hour text.ra')
      .evaluateAll((ts) => ts.map((x) => Number(x.getAttribute('y'))));
    const [y0, y100] = [axis[0]!, axis.at(-1)!];
    hours.forEach((h, i) => {
      if (h.attempts === 0) return;
      expect(Number(drawn[i]!.cy)).toBeCloseTo(y0 - (h.answered / h.attempts) * (y0 - y100), 1);
    });
    const labels = await page.locator('svg#per-hour text.rl').allTextContents();
    expect(labels).toEqual(
      hours.map((h) =>
        h.attempts === 0 ? '–' : `${Math.round((h.answered / h.attempts) * 100)}%`,
      ),
    );
    expect(await page.locator('#hour-legend li').allTextContents()).toEqual([
      'answered',
      'not answered',
      'answer rate (the dot grows with the calls)',
      'no calls',
    ]);
  });

  it('draws one talk-time bar per bucket with the JSON report’s counts', async () => {
    const { page } = opened;
    const counts = Array.from({ length: BOUNDS.length + 1 }, () => 0);
    for (const a of records.flatMap((r) => r.data)) {
      if (a.status === 'ANSWERED') counts[bucketOf(Number(a.talk_time))]!++;
    }
    const bars = await page.locator('svg#talk-time g.bucket').evaluateAll((gs) =>
      gs.map((g) => ({
        attempts: Number(g.getAttribute('data-attempts')),
        height: g.querySelector('rect.bar')!.getBBox().height,
      })),
    );
    expect(await page.locator('svg#talk-time rect.bar').count()).toBe(7);
    expect(bars.map((b) => b.attempts)).toEqual(counts);
    const max = Math.max(...counts);
    const tallest = bars[counts.indexOf(max)]!.height;
    bars.forEach((b) => expect(b.height).toBeCloseTo((b.attempts / max) * tallest, 0));
  });

  it('caps the table of leads with a note, and shows names exactly as the service gave them', async () => {
    const { page } = opened;
    expect(records.length).toBe(DAYS * PER_DAY);
    expect(await page.locator('table.leads tbody tr').count()).toBe(CAP);
    const note = await page.locator('#table-note').textContent();
    expect(note).toContain(`the first 5,000 of ${records.length.toLocaleString('en-US')} leads`);
    expect(note).toContain(`${(records.length - CAP).toLocaleString('en-US')} are left out`);
    expect(note).toContain('--format csv');
    const headers = await page.locator('table.leads thead th').allTextContents();
    expect(headers).toEqual([
      'campaign_id',
      'campaign_name',
      'campaign_lead_id',
      'ref_id',
      'phone_number',
      'lead_name',
      'call',
      'attempts',
      'last_status',
      'last_date_time',
      'total_talk_time',
    ]);
    // Rows in lead order; the hostile and Vietnamese names are text, exactly.
    const ids = await page.locator('table.leads tbody tr td:nth-child(3)').allTextContents();
    expect(ids.map(Number)).toEqual(records.slice(0, CAP).map((r) => r.campaign_lead_id));
    const names = await page.locator('table.leads tbody tr td:nth-child(6)').allTextContents();
    expect(names).toEqual(records.slice(0, CAP).map((r) => r.lead_name));
    expect(names).toContain(HOSTILE_NAME);
    expect(names).toContain('Trần Văn Đức "11" & co');
    expect(opened.dialogs).toEqual([]);
  });

  it('follows the dark colour scheme, and prints dark on white', async () => {
    const { page } = opened;
    const colours = () =>
      page.evaluate(() => {
        const s = getComputedStyle(document.body);
        return { bg: s.backgroundColor, fg: s.color };
      });
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await colours();
    await page.screenshot({ path: path.join(ARTIFACTS, 'report-html-dark.png') });
    await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
    const print = await colours();
    const detailsShown = await page.locator('details').first().isVisible();
    await page.emulateMedia({ colorScheme: 'light', media: 'screen' });
    const light = await colours();
    const lum = (c: string) => {
      const [r, g, b] = c.match(/\d+/g)!.map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    expect(lum(light.bg)).toBeGreaterThan(0.9);
    expect(lum(light.fg)).toBeLessThan(0.3);
    expect(lum(dark.bg)).toBeLessThan(0.2);
    expect(lum(dark.fg)).toBeGreaterThan(0.7);
    expect(lum(print.bg)).toBeGreaterThan(0.9);
    expect(lum(print.fg)).toBeLessThan(0.3);
    expect(detailsShown).toBe(false);
  });

  it('escapes statuses, names and campaign names from the service (</style>, <script>, &, quotes)', async () => {
    const statuses = [
      '</style>',
      '<script>alert("status")</script>',
      `a & b "q" 'x'`,
      'KHÔNG NGHE MÁY',
      'ANSWERED',
    ];
    const record = (id: number, status: string, name: string) => ({
      campaign_id: 9,
      campaign_name: '</title><script>alert("campaign")</script>',
      campaign_lead_id: id,
      ref_id: `R${id}`,
      phone_number: `09000000${String(id).padStart(2, '0')}`,
      lead_name: name,
      call: 1,
      data: [
        {
          session: `s${id}`,
          wait_time: 3,
          talk_time: 42,
          phone_number: `09000000${String(id).padStart(2, '0')}`,
          date_time: `2026-11-20 ${String(8 + id).padStart(2, '0')}:00:00`,
          status,
          retry: 0,
          key_press: '<b>1</b>',
        },
      ],
    });
    const hostile = statuses.map((s, i) =>
      record(i + 1, s, i === 0 ? '<img src=x onerror=alert(1)>' : `Lê Thị "${i}"`),
    );
    const s = await startScriptedServer([
      jsonReply(200, {
        result: 'success',
        message: `Have ${hostile.length} records found`,
        records: hostile,
      }),
    ]);
    try {
      const r = await runCli(
        ['report', '--from', '2026-11-20', '--to', '2026-11-20', '-o', 'hostile.htm'],
        {
          env: isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' }),
          cwd: dir,
          now: () => NOW,
        },
      );
      expect(r.code, r.stderr).toBe(0);
      const o = await open(ctx, path.join(dir, 'hostile.htm'));
      const { page } = o;
      expect(o.consoleErrors).toEqual([]);
      expect(o.pageErrors).toEqual([]);
      expect(o.dialogs).toEqual([]);
      expect(o.requests).toEqual([pathToFileURL(path.join(dir, 'hostile.htm')).href]);
      expect(await page.locator('script, img, #statuses b').count()).toBe(0);
      expect(await page.title()).toBe(
        'Call report · </title><script>alert("campaign")</script> (c) · 2026-11-20',
      );
      // Fixed order: answered first, then the other statuses by name.
      expect(await page.locator('#status-legend li').allTextContents()).toEqual([
        'ANSWERED',
        ...statuses.filter((x) => x !== 'ANSWERED').sort(),
      ]);
      expect(await page.locator('table.leads tbody td:nth-child(9)').allTextContents()).toEqual(
        statuses,
      );
      expect(await page.locator('table.leads tbody td:nth-child(6)').first().textContent()).toBe(
        '<img src=x onerror=alert(1)>',
      );
      expect(await page.locator('#statuses').textContent()).toContain('<b>1</b>');
      // The style survived a status named </style>: the page is still styled.
      const bg = await page
        .locator('.card')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor);
      expect(bg).not.toBe('rgba(0, 0, 0, 0)');
      await page.screenshot({
        path: path.join(ARTIFACTS, 'report-html-hostile.png'),
        fullPage: true,
      });
      await page.close();
    } finally {
      await s.close();
    }
  });

  it('shows volume beside the rate, hours without calls as "no calls", and the answer rate per carrier (page and --summary JSON)', async () => {
    // Each number's network, written out by hand from the numbering plan (not from carrier.ts).
    const phones: Array<[string, string]> = [
      ['0961234567', 'Viettel'],
      ['0361234567', 'Viettel'],
      ['01662345678', 'Viettel'], // the old 11-digit form of 0366 234 5678
      ['0901234567', 'MobiFone'],
      ['+84 91 234 5678', 'VinaPhone'],
      ['0871234567', 'Itel'],
      ['0921234567', 'Vietnamobile'],
      ['0591234567', 'Gmobile'],
      ['0412345678', 'unknown'], // in no allocated mobile range
    ];
    // 4 calls at 09:00, all answered; 40 at 14:00, 10 answered; no call in any other hour.
    const attempts = Array.from({ length: 44 }, (_, k) => ({
      lead: k % phones.length,
      hour: k < 4 ? 9 : 14,
      status: k < 4 || k % 4 === 0 ? 'ANSWERED' : 'NO ANSWER',
      k,
    }));
    const records = phones.map(([phone], i) => ({
      campaign_id: 9,
      campaign_name: 'Carriers',
      campaign_lead_id: i + 1,
      ref_id: `R${i}`,
      phone_number: phone,
      lead_name: `Khách ${i}`,
      call: 1,
      data: attempts
        .filter((a) => a.lead === i)
        .map((a) => ({
          session: `s${a.k}`,
          wait_time: 3,
          talk_time: a.status === 'ANSWERED' ? 40 : 0,
          phone_number: phone,
          date_time: `2026-11-20 ${String(a.hour).padStart(2, '0')}:${String(a.k).padStart(2, '0')}:00`,
          status: a.status,
          retry: 0,
          key_press: '',
        })),
    }));
    // The independent count: per network, leads, attempts, answered attempts.
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
        const mine = records.filter((_, i) => phones[i]![1] === carrier);
        const data = mine.flatMap((r) => r.data);
        const answered = data.filter((a) => a.status === 'ANSWERED').length;
        return {
          carrier,
          leads: mine.length,
          attempts: data.length,
          answered,
          rate: data.length === 0 ? null : answered / data.length,
          leadsAnswered: mine.filter((r) => r.data.some((a) => a.status === 'ANSWERED')).length,
        };
      })
      .filter((c) => c.leads > 0);
    const s = await startScriptedServer([
      jsonReply(200, {
        result: 'success',
        message: `Have ${records.length} records found`,
        records,
      }),
    ]);
    try {
      const env = isolatedEnv({ CACS_BASE_URL: s.url, CACS_ACCESS_TOKEN: 't', CACS_CAMPAIGN: 'c' });
      const range = ['--from', '2026-11-20', '--to', '2026-11-20'];
      const summary = await runCli(['report', ...range, '--summary', '--format', 'json'], {
        env,
        cwd: dir,
        now: () => NOW,
      });
      expect(summary.code, summary.stderr).toBe(0);
      const carriers = (JSON.parse(summary.stdout) as { carriers: Array<Record<string, unknown>> })
        .carriers;
      expect(
        carriers.map(({ carrier, leads, attempts, answered, rate, leadsAnswered }) => ({
          carrier,
          leads,
          attempts,
          answered,
          rate,
          leadsAnswered,
        })),
      ).toEqual(expected);
      const view = await runCli(['report', ...range, '--summary', '--format', 'table'], {
        env,
        cwd: dir,
        now: () => NOW,
      });
      expect(view.stdout).toContain('Answer rate by carrier');
      expect(view.stdout).toMatch(/unknown or unallocated +\d+ +\d+\.\d%/);

      const r = await runCli(['report', ...range, '-o', 'carriers.html'], {
        env,
        cwd: dir,
        now: () => NOW,
      });
      expect(r.code, r.stderr).toBe(0);
      const o = await open(ctx, path.join(dir, 'carriers.html'));
      const { page } = o;
      expect(o.consoleErrors).toEqual([]);
      expect(o.pageErrors).toEqual([]);
      // Hours: 9 and 14 drawn as bars, 4 and 40 attempts: the 4-call hour a tenth as tall,
      // though every call in it was answered; its rate dot at 100%, 14:00's at 25%.
      const hours = await page.locator('svg#per-hour g.hour').evaluateAll((gs) =>
        gs.map((g) => ({
          bar: g.querySelector('rect.bar')?.getBBox().height ?? 0,
          rate: g.querySelector('circle.rate')?.getAttribute('data-rate') ?? null,
          noCalls: g.querySelector('text.nc')?.textContent ?? null,
        })),
      );
      expect(hours[14]!.bar).toBeGreaterThan(0);
      expect(hours[9]!.bar / hours[14]!.bar).toBeCloseTo(4 / 40, 2);
      expect([hours[9]!.rate, hours[14]!.rate]).toEqual(['100', '25']);
      const quiet = hours.flatMap((h, i) => (i === 9 || i === 14 ? [] : [h]));
      expect(quiet.every((h) => h.noCalls === 'no calls' && h.rate === null)).toBe(true);
      // "No calls" is visible where nothing was called, and no bar says 0%.
      const band = page.locator('svg#per-hour g.hour[data-hour="3"] rect.nocalls');
      expect(await band.isVisible()).toBe(true);
      expect((await band.boundingBox())!.height).toBeGreaterThan(50);
      expect(await page.locator('svg#per-hour text.rl').allTextContents()).not.toContain('0%');
      // The carriers' table: the independent count, its rate as the page writes it.
      const rows = await page.locator('#carriers tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          carrier: tr.getAttribute('data-carrier'),
          leads: Number(tr.getAttribute('data-leads')),
          attempts: Number(tr.getAttribute('data-attempts')),
          answered: Number(tr.getAttribute('data-answered')),
          cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
        })),
      );
      expect(
        rows.map(({ carrier, leads, attempts, answered }) => ({
          carrier,
          leads,
          attempts,
          answered,
        })),
      ).toEqual(
        expected.map(({ carrier, leads, attempts, answered }) => ({
          carrier,
          leads,
          attempts,
          answered,
        })),
      );
      rows.forEach((row, i) => {
        const e = expected[i]!;
        expect(row.cells[0]).toBe(e.carrier === 'unknown' ? 'unknown or unallocated' : e.carrier);
        expect(row.cells[5]).toBe(`${((e.answered / e.attempts) * 100).toFixed(1)}%`);
      });
      await page.screenshot({
        path: path.join(ARTIFACTS, 'report-html-carriers.png'),
        fullPage: true,
      });
      await page.close();
    } finally {
      await s.close();
    }
  });

  // A year of 20 leads a day: past 62 days (weekly charts) and past the table's cap, as a year of
  // 100 a day is; that page's load time, at 36,500 leads, is bench/responsiveness.js's.
  it('renders a 365-day report of 20 leads a day: charted per week, no error (its load time: bench/responsiveness.js)', async () => {
    const big = await startEmulator({ port: 0, seed: 7 });
    try {
      // 20 leads a day, 2025-11-21 to 2026-11-20, imported between 08:00 and 15:55.
      const first = Date.UTC(2025, 10, 21, 1, 0, 0);
      let k = 0;
      for (let d = 0; d < 365; d++) {
        for (let j = 0; j < 20; j++) {
          big.store.addLead(
            'summer',
            { phone_number: `09${String(10_000_000 + k)}`, name: `Khách ${k}`, ref_id: `KH-${k}` },
            new Date(first + d * DAY + j * 25 * 60_000),
          );
          k++;
        }
      }
      const r = await runCli(
        ['report', '--from', '2025-11-21', '--to', '2026-11-20', '-o', 'year.html'],
        {
          env: isolatedEnv({
            CACS_BASE_URL: big.url,
            CACS_ACCESS_TOKEN: 'emulator-token',
            CACS_CAMPAIGN: 'summer',
          }),
          cwd: dir,
          now: () => NOW,
        },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('7,300 leads');
      const yearFile = path.join(dir, 'year.html');
      {
        const page = await ctx.newPage();
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        await page.goto(pathToFileURL(yearFile).href, { waitUntil: 'load' });
        await page.locator('svg#talk-time').waitFor({ state: 'visible' });
        // Two animation frames: the charts have been painted.
        await page.evaluate(
          () =>
            new Promise<void>((res) =>
              requestAnimationFrame(() => requestAnimationFrame(() => res())),
            ),
        );
        expect(errors).toEqual([]);
        // Over 62 days the chart groups by week from Monday (as the terminal view does past
        // 31 rows): weeks counted here from the calendar, their attempts from the JSON report.
        expect(await page.locator('svg#per-day g.day').count()).toBe(0);
        const json = await runCli(
          ['report', '--from', '2025-11-21', '--to', '2026-11-20', '--format', 'json'],
          {
            env: isolatedEnv({
              CACS_BASE_URL: big.url,
              CACS_ACCESS_TOKEN: 'emulator-token',
              CACS_CAMPAIGN: 'summer',
            }),
            cwd: dir,
            now: () => NOW,
          },
        );
        const perWeek = new Map<string, number>();
        for (let t = Date.parse('2025-11-21'); t <= Date.parse('2026-11-20'); t += DAY) {
          const d = new Date(t);
          const monday = new Date(t - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
          perWeek.set(monday, 0);
        }
        for (const r of JSON.parse(json.stdout) as JsonRecord[]) {
          for (const a of r.data) {
            const t = Date.parse(`${a.date_time.slice(0, 10)}T00:00:00Z`);
            const monday = new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY)
              .toISOString()
              .slice(0, 10);
            perWeek.set(monday, perWeek.get(monday)! + 1);
          }
        }
        const weeks = await page
          .locator('svg#per-day g.week')
          .evaluateAll((gs) =>
            gs.map((g) => [g.getAttribute('data-week')!, Number(g.getAttribute('data-attempts'))]),
          );
        expect(weeks).toEqual([...perWeek]);
        expect(weeks.length).toBe(53);
        expect(await page.locator('figure figcaption').first().textContent()).toBe(
          'Attempts per week (from Monday), by status',
        );
        expect(await page.locator('table.leads tbody tr').count()).toBe(CAP);
        await page.screenshot({ path: path.join(ARTIFACTS, 'report-html-year.png') });
        await page.close();
      }
    } finally {
      await big.close();
    }
  }, 120_000);
});
