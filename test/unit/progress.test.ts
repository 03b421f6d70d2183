/** Progress lines: the measured rate, the ETA, and lines that fit the terminal (pure, clock given). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ImportProgress,
  RateMeter,
  checkingLine,
  fitLine,
  readingLine,
  sendingLine,
} from '../../src/cli/progress.js';
import { UNKNOWN, formatEta, formatPerSecond as formatRate, formatSize } from '../../src/text.js';

describe('RateMeter', () => {
  it('says nothing before 2 s and before 2 samples with progress', () => {
    const m = new RateMeter();
    expect(m.rate(0)).toBeUndefined();
    m.start(0);
    m.sample(100, 4000); // one batch, 0.1 s in: 40,000/s would be a lie
    expect(m.rate(100)).toBeUndefined();
    expect(m.rate(3000)).toBeUndefined(); // 3 s, but one sample
    m.sample(3100, 8000);
    expect(m.rate(3100)).toBeCloseTo(8000 / 3.1, 5);
    const early = new RateMeter();
    early.start(0);
    early.sample(100, 10);
    early.sample(200, 20);
    early.sample(300, 30);
    expect(early.rate(300)).toBeUndefined(); // many samples, 0.3 s
    expect(early.eta(300, 100)).toBeUndefined();
  });

  it('measures a steady rate over the last seconds, and a stall lowers it as it lasts', () => {
    const m = new RateMeter();
    m.start(0);
    for (let t = 1; t <= 30; t++) m.sample(t * 1000, t * 500); // 500 leads/s
    expect(m.rate(30_000)).toBeCloseTo(500, 5);
    expect(m.eta(30_000, 5000)).toBeCloseTo(10_000, 0);
    // No answer for 10 s: the rate falls, the ETA grows.
    const r40 = m.rate(40_000)!;
    const r50 = m.rate(50_000)!;
    expect(r40).toBeLessThan(500);
    expect(r50).toBeLessThan(r40);
    expect(m.eta(50_000, 5000)!).toBeGreaterThan(m.eta(40_000, 5000)!);
    // A slower period after a fast one: the window forgets the fast part.
    for (let t = 51; t <= 80; t++) m.sample(t * 1000, 15_000 + (t - 50) * 100);
    expect(m.rate(80_000)).toBeCloseTo(100, 5);
  });

  it('keeps at least two samples in the window when answers are rarer than the window', () => {
    const m = new RateMeter({ windowMs: 10_000 });
    m.start(0);
    m.sample(30_000, 500);
    m.sample(60_000, 1000);
    m.sample(90_000, 1500);
    expect(m.rate(90_000)).toBeCloseTo(1000 / 60, 5);
  });

  it('starts again when the count goes down (a reader that started over)', () => {
    const m = new RateMeter();
    m.start(0);
    m.sample(1000, 100);
    m.sample(2000, 200);
    m.sample(3000, 50);
    expect(m.rate(3000)).toBeUndefined();
  });

  it('a property: the rate is never negative and never above the fastest stretch', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 1000 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 0, max: 20_000 }),
        (steps, extra) => {
          const m = new RateMeter();
          m.start(0);
          let t = 0;
          let done = 0;
          let fastest = 0;
          for (const [dt, dn] of steps) {
            t += dt;
            done += dn;
            fastest = Math.max(fastest, (dn * 1000) / dt);
            m.sample(t, done);
          }
          const r = m.rate(t + extra);
          if (r === undefined) return;
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(fastest + 1e-9);
        },
      ),
    );
  });
});

describe('formatting', () => {
  it('rates and ETAs for people', () => {
    expect(formatRate(undefined)).toBe(UNKNOWN);
    expect(formatRate(0.04)).toBe('0.0');
    expect(formatRate(3.46)).toBe('3.5');
    expect(formatRate(56.4)).toBe('56');
    expect(formatRate(12345.6)).toBe('12,346');
    expect(formatEta(undefined)).toBe(UNKNOWN);
    expect(formatEta(392)).toBe('1 s');
    expect(formatEta(45_200)).toBe('46 s');
    expect(formatEta(125_000)).toBe('2 min 5 s');
    expect(formatEta(725_000)).toBe('12 min');
    expect(formatEta(4_830_000)).toBe('1 h 20 min');
    expect(formatSize(900)).toBe('900 bytes');
    expect(formatSize(51_230)).toBe('51.2 kB');
    expect(formatSize(512_300)).toBe('512 kB');
    expect(formatSize(26_697_162)).toBe('26.7 MB');
    expect(formatSize(266_948_047)).toBe('267 MB');
    expect(formatSize(1_200_000_000)).toBe('1.2 GB');
  });

  it('lines fit the width: the rate goes first, then the words, the percentage last', () => {
    const v = { sent: 4000, total: 200_000, rejected: 3, rate: 1234, etaMs: 158_000 };
    expect(sendingLine(v, 120)).toBe(
      'Importing 4,000/200,000 leads (2%) · 1,234 leads/s · ETA 2 min 38 s · 3 rejected',
    );
    expect(sendingLine(v, 60)).toBe('4,000/200,000 (2%) · 1,234 leads/s · ETA 2 min 38 s');
    expect(sendingLine(v, 40)).toBe('4,000/200,000 (2%) · ETA 2 min 38 s');
    expect(sendingLine(v, 24)).toBe('2% · ETA 2 min 38 s');
    expect(sendingLine(v, 10)).toBe('2%');
    expect(sendingLine({ ...v, rate: undefined, etaMs: undefined }, 120)).toBe(
      'Importing 4,000/200,000 leads (2%) · — leads/s · ETA — · 3 rejected',
    );
    expect(
      checkingLine({ rows: 507_904, fraction: 0.451, size: 260_000_000, etaMs: 3100 }, 120),
    ).toBe('Checking every row: 507,904 read (45% of 260 MB) · ETA 4 s');
    expect(
      checkingLine({ rows: 507_904, fraction: 0.451, size: 260_000_000, etaMs: 3100 }, 45),
    ).toBe('Checking: 507,904 read (45%) · ETA 4 s');
    expect(
      checkingLine({ rows: 507_904, fraction: 0.451, size: 260_000_000, etaMs: 3100 }, 30),
    ).toBe('Checking: 45% · ETA 4 s');
    expect(
      checkingLine({ rows: 507_904, fraction: undefined, size: undefined, etaMs: 1 }, 120),
    ).toBe('Checking every row: 507,904 read…');
    expect(readingLine('stdin', 12_500_000, 120)).toBe('Reading stdin: 12.5 MB so far…');
  });

  it('a property: every line fits any width of 4 or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 200 }),
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }),
        fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }), { nil: undefined }),
        (width, a, b, rate, eta) => {
          const total = Math.max(a, b);
          const lines = [
            sendingLine({ sent: Math.min(a, b), total, rejected: a % 7, rate, etaMs: eta }, width),
            checkingLine({ rows: a, fraction: b / 1e7, size: total, etaMs: eta }, width),
            readingLine('stdin', a, width),
          ];
          for (const l of lines) expect([...l].length).toBeLessThanOrEqual(width - 3);
        },
      ),
    );
    expect(fitLine(['a very long line that cannot fit'], 10)).toBe('a very…');
  });
});

describe('ImportProgress', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, set: (ms: number) => (t = ms) };
  };

  it('shows — until 2 s of sending and 2 batches, then the rate and ETA of what this run sends', () => {
    const c = clock();
    const p = new ImportProgress(c.now, 120);
    // The preflight's time is not sending time.
    c.set(0);
    p.update({ phase: 'preflight', rowsRead: 200_000, size: 10_000_000, fraction: 1 });
    c.set(30_000);
    const start = p.update({ phase: 'sending', total: 1000, progress: { sent: 0, rejected: 0 } });
    expect(start).toContain('0/1,000 leads (0%) · — leads/s · ETA —');
    c.set(30_100);
    expect(p.update({ phase: 'sending', total: 1000, progress: { sent: 100, rejected: 0 } })).toBe(
      'Importing 100/1,000 leads (10%) · — leads/s · ETA —',
    );
    c.set(31_000);
    expect(p.update({ phase: 'sending', total: 1000, progress: { sent: 200, rejected: 0 } })).toBe(
      'Importing 200/1,000 leads (20%) · — leads/s · ETA —',
    );
    c.set(32_000);
    expect(p.update({ phase: 'sending', total: 1000, progress: { sent: 400, rejected: 1 } })).toBe(
      'Importing 400/1,000 leads (40%) · 200 leads/s · ETA 3 s · 1 rejected',
    );
    // 20 s without an answer: the rate falls (measured from the second-latest batch on:
    // 300 leads over 21.9 s), the line says so, and no one can say when it ends.
    c.set(40_000);
    expect(p.line()).toBe('Importing 400/1,000 leads (40%) · 40 leads/s · ETA 15 s · 1 rejected');
    c.set(52_000);
    expect(p.line()).toBe(
      'Importing 400/1,000 leads (40%) · 14 leads/s · ETA — · 1 rejected · no answer for 20 s',
    );
    // At 60 columns the words go first.
    expect(
      new ImportProgress(c.now, 60).update({
        phase: 'sending',
        total: 1000,
        progress: { sent: 0, rejected: 0 },
      }),
    ).toBe('Importing 0/1,000 leads (0%) · — leads/s · ETA —');
  });

  it('the preflight: % of the file and an ETA once it has seen 2 s; no % without a size', () => {
    const c = clock();
    const p = new ImportProgress(c.now, 120);
    const size = 100_000_000;
    expect(p.update({ phase: 'preflight', rowsRead: 0, size, fraction: 0 })).toBe(
      'Checking every row: 0 read (0% of 100 MB) · ETA —',
    );
    c.set(1000);
    p.update({ phase: 'preflight', rowsRead: 50_000, size, fraction: 0.1 });
    c.set(2000);
    expect(p.update({ phase: 'preflight', rowsRead: 100_000, size, fraction: 0.2 })).toBe(
      'Checking every row: 100,000 read (20% of 100 MB) · ETA 8 s',
    );
    const q = new ImportProgress(c.now, 120);
    expect(q.update({ phase: 'preflight', rowsRead: 16_384, size: 0 })).toBe(
      'Checking every row: 16,384 read…',
    );
    expect(q.update({ phase: 'reading', name: 'stdin', bytes: 3_000_000 })).toBe(
      'Reading stdin: 3 MB so far…',
    );
  });
});
