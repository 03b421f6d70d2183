/**
 * The one formatting module (src/text.ts): counts, plurals, percentages, durations and sizes,
 * and the two faces that show a report's summary (the terminal view and the HTML page) writing
 * the same figure the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Chalk } from 'chalk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../src/api/spec.js';
import { resolveRange } from '../../src/report/dates.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { summarize } from '../../src/report/summary.js';
import { renderSummary } from '../../src/report/summary-view.js';
import {
  formatBytes,
  formatCount,
  formatDuration,
  formatPercent,
  formatProgress,
  formatSeconds,
  plural,
} from '../../src/text.js';

/** `formatDuration`'s text back to milliseconds, and the parts it was made of. */
function readDuration(text: string): { ms: number; seconds?: number } {
  let m = /^(\d+) ms$/.exec(text);
  if (m) return { ms: Number(m[1]) };
  m = /^(\d+\.\d) s$/.exec(text);
  if (m) return { ms: Number(m[1]) * 1000 };
  m = /^(\d+) min (\d+) s$/.exec(text);
  if (m) return { ms: (Number(m[1]) * 60 + Number(m[2])) * 1000, seconds: Number(m[2]) };
  throw new Error(`not a duration: ${text}`);
}

/** `formatSeconds`'s text back to seconds, and its minutes and seconds parts. */
function readSeconds(text: string): { s: number; parts: number[] } {
  let m = /^(\d+(?:\.\d)?) s$/.exec(text);
  if (m) return { s: Number(m[1]), parts: [] };
  m = /^(\d+) min(?: (\d+) s)?$/.exec(text);
  if (m) {
    const r = Number(m[2] ?? 0);
    return { s: Number(m[1]) * 60 + r, parts: [r] };
  }
  m = /^([\d,]+) h(?: (\d+) min)?$/.exec(text);
  if (m) {
    const min = Number(m[2] ?? 0);
    return { s: Number(m[1]!.replace(/,/g, '')) * 3600 + min * 60, parts: [min] };
  }
  throw new Error(`not a duration: ${text}`);
}

describe('plural', () => {
  it('the noun agrees with its count: 1 day, not 1 days (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
        const text = plural(n, 'day');
        expect(text).toBe(`${formatCount(n)} ${n === 1 ? 'day' : 'days'}`);
      }),
    );
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(0, 'day')).toBe('0 days');
    expect(plural(1234, 'attempt')).toBe('1,234 attempts');
    expect(plural(2, 'batch', 'batches')).toBe('2 batches');
  });
});

describe('formatPercent', () => {
  it('one decimal, no space; "–" without a value', () => {
    expect(formatPercent(0.4231)).toBe('42.3%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('–');
  });

  it('shares of one whole read back to within rounding and add up to 100% (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1 }), (counts) => {
        const total = counts.reduce((a, b) => a + b, 0);
        fc.pre(total > 0);
        const shown = counts.map((c) => formatPercent(c / total));
        for (const [i, text] of shown.entries()) {
          expect(text).toMatch(/^\d{1,3}\.\d%$/);
          expect(Math.abs(Number.parseFloat(text) - (counts[i]! / total) * 100)).toBeLessThan(
            0.0500001,
          );
        }
        // Each is off by at most half a tenth, so together by at most that many halves.
        const sum = shown.reduce((a, t) => a + Number.parseFloat(t), 0);
        expect(Math.abs(sum - 100)).toBeLessThanOrEqual(counts.length * 0.05 + 1e-9);
      }),
    );
  });

  it('a progress line floors to a whole percent: 100% only when everything is done', () => {
    expect(formatProgress(0, 3)).toBe('0%');
    expect(formatProgress(2, 3)).toBe('66%');
    expect(formatProgress(999, 1000)).toBe('99%');
    expect(formatProgress(1000, 1000)).toBe('100%');
    expect(formatProgress(0, 0)).toBe('100%');
    expect(formatProgress(0.456, 1)).toBe('45%');
  });
});

describe('formatDuration (milliseconds)', () => {
  it.each([
    [0, '0 ms'],
    [1, '1 ms'],
    [999, '999 ms'],
    [999.4, '999 ms'],
    [999.6, '1.0 s'],
    [1000, '1.0 s'],
    [1049, '1.0 s'],
    [59_900, '59.9 s'],
    [59_949, '59.9 s'],
    [59_960, '1 min 0 s'],
    [60_000, '1 min 0 s'],
    [61_500, '1 min 2 s'],
    [119_600, '2 min 0 s'],
    [3_725_000, '62 min 5 s'],
  ])('%d ms → %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('reads back to within its rounding; never 1000 ms, 60.0 s or 60 s in a minute (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e8, noNaN: true }), (ms) => {
        const text = formatDuration(ms);
        const back = readDuration(text);
        const unit = text.endsWith(' ms') ? 0.5 : text.includes('min') ? 500 : 50;
        expect(Math.abs(back.ms - ms)).toBeLessThanOrEqual(unit + 1e-6);
        expect(text).not.toMatch(/^1000 ms$|^60\.0 s$/);
        if (back.seconds !== undefined) expect(back.seconds).toBeLessThan(60);
      }),
    );
  });

  it('grows with its input (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(readDuration(formatDuration(lo)).ms).toBeLessThanOrEqual(
            readDuration(formatDuration(hi)).ms,
          );
        },
      ),
    );
  });
});

describe('formatSeconds (the summary: terminal view and HTML page)', () => {
  it.each([
    [0, '0 s'],
    [12, '12 s'],
    [1.5, '1.5 s'],
    [59.9, '59.9 s'],
    [59.96, '1 min'],
    [60, '1 min'],
    [102, '1 min 42 s'],
    [303, '5 min 3 s'],
    [3599.6, '1 h'],
    [7500, '2 h 5 min'],
    [25_920, '7 h 12 min'],
    [4_442_700, '1,234 h 5 min'],
  ])('%d s → %s', (s, text) => expect(formatSeconds(s)).toBe(text));

  it('says "–" without a value', () => {
    expect(formatSeconds(null)).toBe('–');
    expect(formatSeconds(Number.NaN)).toBe('–');
  });

  it('reads back to within its rounding; no part reaches 60 (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (s) => {
        const text = formatSeconds(s);
        const back = readSeconds(text);
        const unit = text.includes(' h') ? 60 : text.includes('min') ? 0.5 : 0.05;
        expect(Math.abs(back.s - s)).toBeLessThanOrEqual(unit + 1e-6);
        for (const p of back.parts) expect(p).toBeLessThan(60);
      }),
    );
  });
});

describe('formatBytes', () => {
  it('limits exactly, in the unit they were given in', () => {
    expect(formatBytes(1024 ** 3)).toBe('1 GiB');
    expect(formatBytes(64 * 1024 ** 2)).toBe('64 MiB');
    expect(formatBytes(1e6)).toBe('1 MB');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1500)).toBe('1,500 bytes');
  });
});

describe('one module for every face', () => {
  const SRC = path.resolve(import.meta.dirname, '../../src');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? files(p) : e.name.endsWith('.ts') ? [p] : [];
    });

  it('no other module defines its own count, plural, percentage, duration or size formatter', () => {
    const own =
      /\bfunction (formatCount|plural|formatPercent|formatRate|formatDuration|formatSeconds|formatEta|formatSize|formatBytes)\b/;
    const found = files(SRC)
      .filter((f) => path.relative(SRC, f) !== 'text.ts')
      .filter((f) => own.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(found).toEqual([]);
  });

  it('the terminal view and the HTML page write the same shares and durations the same way', () => {
    const attempt = (id: number, i: number, status: string, talk: number) => ({
      session: `s${id}-${i}`,
      wait_time: 3 + id,
      talk_time: talk,
      phone_number: `09${String(10_000_000 + id)}`,
      date_time: `2026-11-${String(10 + (id % 5)).padStart(2, '0')} 09:${String(10 + i).padStart(2, '0')}:00`,
      status,
      retry: i,
      key_press: '',
    });
    const records = Array.from({ length: 7 }, (_, k) => {
      const id = k + 1;
      const data =
        id % 3 === 0
          ? [attempt(id, 0, 'NO ANSWER', 0)]
          : [attempt(id, 0, 'BUSY', 0), attempt(id, 1, 'ANSWERED', 60 * id + 3)];
      return {
        campaign_id: 1,
        campaign_name: 'Chiến dịch hè',
        campaign_lead_id: id,
        ref_id: `KH-${id}`,
        phone_number: `09${String(10_000_000 + id)}`,
        lead_name: `Khách ${id}`,
        call: data.length,
        data,
      } as CallRecord;
    });
    const s = summarize(records);
    const terminal = renderSummary(s, { colors: new Chalk({ level: 0 }), columns: 200 });
    const html = renderHtmlReport(records, {
      campaign: 'summer',
      range: resolveRange('2026-11-01', '2026-11-20', {
        now: new Date('2026-11-21T03:00:00Z'),
        timeZone: 'Asia/Ho_Chi_Minh',
      }),
      generatedAt: new Date('2026-11-21T03:00:00Z'),
      generator: 'cacs test',
    });
    const figures = [
      formatPercent(s.answered.rate),
      formatPercent(s.answered.leadRate),
      ...s.statuses.map((x) => formatPercent(x.share)),
      formatSeconds(s.talkTime.median),
      formatSeconds(s.talkTime.p90),
      formatSeconds(s.talkTime.total),
      formatSeconds(s.waitTime.median),
    ];
    // Talk times of 1 min 3 s… show that a minute's seconds are not padded on either face.
    expect(figures).toContain('4 min 3 s');
    for (const f of figures) {
      expect(terminal).toContain(f);
      expect(html).toContain(f);
    }
    expect(terminal).not.toMatch(/\d %/);
    expect(html).not.toMatch(/\d %|min 0\d s/);
  });
});
