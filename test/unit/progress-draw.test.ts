/**
 * When the import's progress line is drawn (importProgressDrawer), on fake timers and the clock
 * they drive: the last event of a burst shows within DRAW_EVERY_MS (not at the next
 * once-a-second refresh), and a steady stream is not drawn more often than once every
 * DRAW_EVERY_MS (plus the refresh).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAW_EVERY_MS,
  ImportProgress,
  REFRESH_MS,
  importProgressDrawer,
  type ImportProgressEvent,
} from '../../src/cli/progress.js';

const WIDTH = 100;
const sending = (sent: number, total = 100_000): ImportProgressEvent => ({
  phase: 'sending',
  total,
  progress: { sent, rejected: 0 },
});

/** What a spinner shows: the drawn lines, each drawn only when its text changes (as ora's is). */
function screen() {
  const drawn: string[] = [];
  return {
    drawn,
    draw: (line: string) => {
      if (drawn.at(-1) !== line) drawn.push(line);
    },
    get shown() {
      return drawn.at(-1);
    },
  };
}

/** The line an up-to-date view gives for these events at the current time. */
function lineFor(events: Array<[number, ImportProgressEvent]>): string {
  let clock = 0;
  const view = new ImportProgress(() => clock, WIDTH);
  for (const [t, e] of events) {
    clock = t;
    view.take(e);
  }
  clock = Date.now();
  return view.line()!;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('import progress: when the line is drawn', () => {
  it("a burst's last event shows within DRAW_EVERY_MS, not at the next refresh", () => {
    const s = screen();
    const p = importProgressDrawer(() => Date.now(), WIDTH, s.draw);
    const events: Array<[number, ImportProgressEvent]> = [];
    const at = (ms: number, e: ImportProgressEvent) => {
      vi.advanceTimersByTime(ms - Date.now()); // what is due meanwhile runs, as it would

      events.push([ms, e]);
      p.event(e);
    };
    at(0, sending(0));
    at(150, sending(500)); // drawn: more than DRAW_EVERY_MS since the last draw
    at(160, sending(1000)); // too soon: not drawn now
    at(170, sending(1500)); // the burst's last event
    expect(s.shown).toContain('500/');
    // The answers stop. Within DRAW_EVERY_MS of the last draw, the line says 1,500.
    vi.advanceTimersByTime(150 + DRAW_EVERY_MS - 170);
    expect(s.shown).toContain('1,500/');
    expect(s.shown).toBe(lineFor(events));
    p.stop();
  });

  it('a burst in the preflight: its last row count shows within DRAW_EVERY_MS too', () => {
    const s = screen();
    const p = importProgressDrawer(() => Date.now(), WIDTH, s.draw);
    const check = (rows: number): ImportProgressEvent => ({
      phase: 'preflight',
      rowsRead: rows,
      size: 1_000_000,
      fraction: rows / 10_000,
    });
    for (let i = 1; i <= 20; i++) {
      vi.advanceTimersByTime(3);
      p.event(check(i * 100));
    }
    vi.advanceTimersByTime(DRAW_EVERY_MS);
    expect(s.shown).toContain('2,000');
    p.stop();
  });

  it('nothing is drawn after stop(), even an event left waiting', () => {
    const s = screen();
    const p = importProgressDrawer(() => Date.now(), WIDTH, s.draw);
    p.event(sending(0));
    vi.advanceTimersByTime(10);
    p.event(sending(700)); // not drawn yet
    p.stop();
    expect(vi.getTimerCount()).toBe(0); // the refresh and the waiting draw are both gone
    const drawn = s.drawn.length;
    vi.advanceTimersByTime(REFRESH_MS * 3);
    expect(s.drawn.length).toBe(drawn);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a phase change draws at once and takes the place of a waiting draw', () => {
    let calls = 0;
    const p = importProgressDrawer(
      () => Date.now(),
      WIDTH,
      () => calls++,
    );
    p.event({ phase: 'reading', name: 'stdin', bytes: 1000 }); // drawn
    vi.advanceTimersByTime(10);
    p.event({ phase: 'reading', name: 'stdin', bytes: 2000 }); // waits
    vi.advanceTimersByTime(10);
    p.event({ phase: 'preflight', rowsRead: 0, size: 2000, fraction: 0 }); // drawn at once
    expect(calls).toBe(2);
    vi.advanceTimersByTime(DRAW_EVERY_MS * 2);
    expect(calls).toBe(2);
    p.stop();
  });

  it('a steady stream (an event every 10 ms for 20 s) is drawn at most once per DRAW_EVERY_MS, plus the refresh', () => {
    const s = screen();
    let calls = 0;
    const p = importProgressDrawer(
      () => Date.now(),
      WIDTH,
      (line) => {
        calls++;
        s.draw(line);
      },
    );
    const DURATION = 20_000;
    for (let t = 0; t <= DURATION; t += 10) {
      p.event(sending(t * 5, 1_000_000));
      vi.advanceTimersByTime(10); // the next event comes 10 ms later; timers due meanwhile run
    }
    p.stop();
    // Today's rule: one draw per DRAW_EVERY_MS from events, and one a second from the refresh.
    expect(calls).toBeLessThanOrEqual(DURATION / DRAW_EVERY_MS + 1 + DURATION / REFRESH_MS);
    expect(s.drawn.length).toBeGreaterThanOrEqual(DURATION / DRAW_EVERY_MS / 2);
  });
});
