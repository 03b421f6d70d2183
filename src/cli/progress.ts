/**
 * Progress lines for a terminal: a rate measured over the last seconds of real work, an ETA
 * from it, and lines that fit the terminal's width. Pure: the caller gives the time (the
 * context's clock), so tests drive it step by step.
 */
import {
  t,
  formatCount,
  formatEta,
  formatPerSecond,
  formatProgress,
  formatSize,
} from '../index.js';

export interface RateMeterOptions {
  /** The rate is measured over (at least) this much of the latest time (default 10 s). */
  windowMs?: number;
  /** No rate before this much time since start() (default 2 s). */
  minMs?: number;
  /** No rate before this many samples with progress since start(), and the window spans at least this many (default 2). */
  minSamples?: number;
}

interface Sample {
  t: number;
  done: number;
}

/**
 * Units per second over a sliding window of (time, units done) samples, ending *now*: a stall
 * lowers the rate as it goes on, a burst of answers after one raises it again. Until enough
 * time has passed and enough samples came, there is no rate (undefined).
 */
export class RateMeter {
  private readonly windowMs: number;
  private readonly minMs: number;
  private readonly minSamples: number;
  /** samples[0] is the start, or the oldest sample the window may still need. */
  private samples: Sample[] = [];
  private startedAt: number | undefined;
  private progressSamples = 0;

  constructor(opts: RateMeterOptions = {}) {
    this.windowMs = opts.windowMs ?? 10_000;
    this.minMs = opts.minMs ?? 2_000;
    this.minSamples = opts.minSamples ?? 2;
  }

  /** The measured period begins (the first request leaves, the file's first byte is read). */
  start(t: number, done = 0): void {
    this.startedAt = t;
    this.samples = [{ t, done }];
    this.progressSamples = 0;
  }

  get started(): boolean {
    return this.startedAt !== undefined;
  }

  /** Units done so far at time t (a count that only grows; a smaller one starts again). */
  sample(t: number, done: number): void {
    if (this.startedAt === undefined) this.start(t, 0);
    const last = this.samples[this.samples.length - 1]!;
    if (done < last.done) {
      this.start(t, done);
      return;
    }
    if (done === last.done) return;
    this.samples.push({ t: Math.max(t, last.t), done });
    this.progressSamples++;
  }

  /** When the latest progress came, or the start before any (undefined before start()). */
  get lastChangeAt(): number | undefined {
    return this.startedAt === undefined ? undefined : this.samples[this.samples.length - 1]!.t;
  }

  /** Units per second as of `now`, or undefined while there is not enough to say. */
  rate(now: number): number | undefined {
    if (this.startedAt === undefined) return undefined;
    if (now - this.startedAt < this.minMs || this.progressSamples < this.minSamples)
      return undefined;
    const s = this.samples;
    // The latest sample at or before the window's start, but never so late that fewer than
    // minSamples samples come after it.
    let anchor = 0;
    for (let i = s.length - 1; i >= 0; i--) {
      if (s[i]!.t <= now - this.windowMs) {
        anchor = i;
        break;
      }
    }
    anchor = Math.max(0, Math.min(anchor, s.length - 1 - this.minSamples));
    if (anchor > 0) {
      // Older samples are never needed again: the anchor only moves forward.
      this.samples = s.slice(anchor);
      anchor = 0;
    }
    const from = this.samples[anchor]!;
    const last = this.samples[this.samples.length - 1]!;
    const secs = (now - from.t) / 1000;
    if (!(secs > 0)) return undefined;
    return (last.done - from.done) / secs;
  }

  /** Milliseconds left for `remaining` units at the current rate, or undefined. */
  eta(now: number, remaining: number): number | undefined {
    if (remaining <= 0) return 0;
    const r = this.rate(now);
    return r === undefined || r <= 0 ? undefined : (remaining / r) * 1000;
  }
}

/** The first candidate that fits in `width` columns (a spinner glyph and a space go before it). */
export function fitLine(candidates: readonly string[], width: number): string {
  const room = Math.max(1, width - 3);
  for (const c of candidates) if ([...c].length <= room) return c;
  const last = [...candidates[candidates.length - 1]!];
  return last.length <= room ? last.join('') : `${last.slice(0, Math.max(0, room - 1)).join('')}…`;
}

export interface SendingView {
  sent: number;
  /** What this run has to send (leads earlier runs settled are not counted). */
  total: number;
  rejected: number;
  /** Leads per second, undefined while there is not enough to say. */
  rate: number | undefined;
  etaMs: number | undefined;
  /** How long no batch has been settled, when that is long enough to say. */
  waitingMs?: number;
}

/** "Importing 4,000/200,000 leads (2%) · 1,234 leads/s · ETA 2 min 43 s · 3 rejects", fitted. */
export function sendingLine(v: SendingView, width: number): string {
  const pct = formatProgress(v.sent, v.total);
  const counts = `${formatCount(v.sent)}/${formatCount(v.total)}`;
  const eta = t('cli.progress.eta', { eta: formatEta(v.etaMs) });
  const rate = t('cli.progress.rate', { rate: formatPerSecond(v.rate) });
  const rejects =
    v.rejected > 0 ? t('cli.progress.rejected', { count: formatCount(v.rejected) }) : '';
  const waiting =
    v.waitingMs !== undefined
      ? t('cli.progress.waiting', { duration: formatEta(v.waitingMs) })
      : '';
  const importing = { counts, pct, rate, eta };
  return fitLine(
    [
      t('cli.progress.importing', { ...importing, more: `${rejects}${waiting}` }),
      t('cli.progress.importing', { ...importing, more: waiting }),
      `${counts} (${pct}) · ${rate} · ${eta}${waiting}`,
      `${counts} (${pct}) · ${eta}${waiting}`,
      `${counts} (${pct}) · ${eta}`,
      `${pct} · ${eta}`,
      pct,
    ],
    width,
  );
}

export interface CheckingView {
  rows: number;
  /** Share of the file read (0..1), undefined when the size is not known. */
  fraction: number | undefined;
  /** The file's size in bytes. */
  size: number | undefined;
  etaMs: number | undefined;
}

/** "Checking every row: 507,904 read (45% of 260 MB) · ETA 3 s", fitted; no % without a size. */
export function checkingLine(v: CheckingView, width: number): string {
  const rows = formatCount(v.rows);
  if (v.fraction === undefined || v.size === undefined || !(v.size > 0))
    return fitLine(
      [t('cli.progress.checking', { rows }), t('cli.progress.checking.short', { rows }), rows],
      width,
    );
  const pct = formatProgress(v.fraction, 1);
  const eta = t('cli.progress.eta', { eta: formatEta(v.etaMs) });
  return fitLine(
    [
      t('cli.progress.checking.share', { rows, pct, size: formatSize(v.size), eta }),
      t('cli.progress.checking.share.short', { rows, pct, eta }),
      t('cli.progress.checking.shareOnly', { pct, eta }),
      `${pct} · ${eta}`,
      pct,
    ],
    width,
  );
}

/** "Reading stdin: 12.5 MB…": a pipe has no size, so only what came so far. */
export function readingLine(name: string, bytes: number, width: number): string {
  const got = formatSize(bytes);
  return fitLine(
    [t('cli.progress.reading', { name, got }), t('cli.progress.reading.short', { got }), got],
    width,
  );
}

/** What the import shows, phase by phase (the library's ImportPhase, and the stdin copy). */
export type ImportProgressEvent =
  | { phase: 'reading'; name: string; bytes: number }
  | { phase: 'preflight'; rowsRead: number; size: number; fraction?: number }
  | {
      phase: 'sending';
      total: number;
      progress: { sent: number; rejected: number };
    };

/** No answer for this long while sending is said on the line. */
export const WAITING_AFTER_MS = 15_000;

/**
 * The import's progress line from its events and the clock: the preflight's share of the file
 * and ETA, then leads sent of what this run has to send, with a rate over the last seconds of
 * sending. `line()` may be called at any time (a timer), so a stall shows as it goes on.
 */
export class ImportProgress {
  private readonly checking = new RateMeter();
  private readonly sending = new RateMeter();
  private last: ImportProgressEvent | undefined;

  constructor(
    private readonly now: () => number,
    private readonly width: number,
  ) {}

  /** Take an event; returns the line to show. */
  update(e: ImportProgressEvent): string {
    return this.render(this.take(e));
  }

  /** Take an event without making its line (not drawn now: line() makes it when needed); returns now. */
  take(e: ImportProgressEvent): number {
    const t = this.now();
    if (e.phase === 'preflight' && e.fraction !== undefined && e.size > 0) {
      // Measured in bytes (the share of the file), from the first event on.
      if (!this.checking.started) this.checking.start(t, 0);
      this.checking.sample(t, e.fraction * e.size);
    } else if (e.phase === 'sending') {
      // The first sending event (nothing sent yet) starts the clock: the preflight's time
      // is not sending time.
      if (!this.sending.started) this.sending.start(t, e.progress.sent);
      else this.sending.sample(t, e.progress.sent);
    }
    this.last = e;
    return t;
  }

  /** The line for the latest event as of now (undefined before any event). */
  line(): string | undefined {
    return this.last ? this.render(this.now()) : undefined;
  }

  private render(now: number): string {
    const e = this.last!;
    if (e.phase === 'reading') return readingLine(e.name, e.bytes, this.width);
    if (e.phase === 'preflight') {
      const known = e.fraction !== undefined && e.size > 0;
      return checkingLine(
        {
          rows: e.rowsRead,
          fraction: known ? e.fraction : undefined,
          size: known ? e.size : undefined,
          etaMs: known ? this.checking.eta(now, (1 - e.fraction!) * e.size) : undefined,
        },
        this.width,
      );
    }
    const { sent, rejected } = e.progress;
    const since = this.sending.lastChangeAt;
    const quiet = since === undefined ? undefined : now - since;
    // While no answer comes, the rate keeps falling, but no one can say when it will end.
    const waiting = quiet !== undefined && quiet >= WAITING_AFTER_MS && sent < e.total;
    return sendingLine(
      {
        sent,
        total: e.total,
        rejected,
        rate: this.sending.rate(now),
        etaMs: waiting ? undefined : this.sending.eta(now, e.total - sent),
        ...(waiting ? { waitingMs: quiet } : {}),
      },
      this.width,
    );
  }
}

/** Lines drawn at once at most this often (the spinner draws the latest text anyway). */
export const DRAW_EVERY_MS = 100;
/** The line is worked out again this often, so that a stall shows while it lasts. */
export const REFRESH_MS = 1000;

/**
 * The import's progress line, drawn through `draw`: each event updates it (drawn at once at
 * most every DRAW_EVERY_MS of `now`, and whenever the phase changes), and a timer works it out
 * again every REFRESH_MS, so the rate falls and "no answer for …" shows during a stall. An
 * event too soon to draw is drawn once DRAW_EVERY_MS have passed since the last draw (a
 * trailing draw): the last event of a burst shows then, not at the next refresh.
 */
export function importProgressDrawer(
  now: () => number,
  width: number,
  draw: (line: string) => void,
): { event(e: ImportProgressEvent): void; stop(): void } {
  const view = new ImportProgress(now, width);
  let drawnAt = -Infinity;
  let phase: string | undefined;
  let stopped = false;
  /** The trailing draw, while an event waits to be drawn. */
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const drawNow = (t: number) => {
    if (trailing !== undefined) clearTimeout(trailing);
    trailing = undefined;
    drawnAt = t;
    // The line is made only to be drawn (hundreds of events a second while checking rows).
    draw(view.line()!);
  };
  const timer = setInterval(() => {
    const line = view.line();
    if (line !== undefined && !stopped) draw(line);
  }, REFRESH_MS);
  timer.unref();
  return {
    event(e) {
      if (stopped) return;
      const t = view.take(e);
      if (e.phase !== phase || t - drawnAt >= DRAW_EVERY_MS) {
        phase = e.phase;
        drawNow(t);
      } else if (trailing === undefined) {
        trailing = setTimeout(
          () => {
            trailing = undefined;
            if (!stopped) drawNow(now());
          },
          Math.max(0, DRAW_EVERY_MS - (t - drawnAt)),
        );
        trailing.unref();
      }
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (trailing !== undefined) clearTimeout(trailing);
      trailing = undefined;
    },
  };
}
