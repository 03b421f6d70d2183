/**
 * Deterministic synthetic call attempts for emulated leads.
 *
 * Attempts are never stored: they are recomputed from (seed, campaign id, campaign_lead_id,
 * importedAt) whenever a report asks, so state files stay small and the same inputs always
 * give the same attempts. Shape of a lead's history:
 * - 1 to 3 attempts, on a schedule that starts at the import: the first in the very second the
 *   lead is imported (the dialer calls new leads at once), each later one 5 minutes to 8 hours
 *   after the previous, so every attempt lies within {@link MAX_ATTEMPT_SPAN_MS} (20 h) of the
 *   import.
 * - Only the last attempt can be ANSWERED (probability 0.6); the others are NO ANSWER, BUSY,
 *   FAILED or CONGESTION. talk_time > 0 only when ANSWERED; key_press is '' or a digit.
 * - The schedule may run past the emulator's clock: the report handler returns only attempts
 *   whose time has come (time ≤ the moment of the request), so a lead's later attempts appear
 *   as time passes and no report ever shows a call in the future.
 */

/** The service's zone, Asia/Ho_Chi_Minh: UTC+7 all year (no DST). */
export const SERVICE_UTC_OFFSET_MS = 7 * 3_600_000;
/** Every synthetic attempt lies within this span after its lead's import. */
export const MAX_ATTEMPT_SPAN_MS = 20 * 3_600_000;
export const ATTEMPT_STATUSES = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'CONGESTION'] as const;

/** One attempt entry exactly as the emulator's report returns it. */
export interface AttemptEntry {
  session: string;
  wait_time: number;
  talk_time: number;
  phone_number: string;
  date_time: string;
  status: string;
  retry: number;
  key_press: string;
}

export interface GeneratedAttempt {
  /** Epoch milliseconds (whole seconds) of the attempt. */
  time: number;
  entry: AttemptEntry;
}

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a over the parts joined with '|': a 32-bit seed derived from several values. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193);
  }
  return h >>> 0;
}

/** Format epoch ms as 'yyyy-mm-dd HH:mm:ss' in the service's zone. */
export function formatServiceTime(ms: number): string {
  return new Date(ms + SERVICE_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Parse 'yyyy-mm-dd' (00:00:00) or 'yyyy-mm-dd HH:mm:ss' as a service-zone time (epoch ms). */
export function parseServiceTime(value: string): number {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = value.split(/[- :]/).map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) - SERVICE_UTC_OFFSET_MS;
}

const NOT_ANSWERED: ReadonlyArray<[status: string, weight: number]> = [
  ['NO ANSWER', 0.5],
  ['BUSY', 0.25],
  ['FAILED', 0.15],
  ['CONGESTION', 0.1],
];

/** Range of wait_time (seconds) per status. */
const WAIT_SECONDS: Readonly<Record<string, [number, number]>> = {
  ANSWERED: [2, 25],
  'NO ANSWER': [20, 45],
  BUSY: [0, 5],
  FAILED: [0, 0],
  CONGESTION: [0, 3],
};

export function generateAttempts(
  seed: number,
  campaignId: number,
  campaignLeadId: number,
  importedAt: Date,
  phoneNumber: string,
): GeneratedAttempt[] {
  const importedMs = importedAt.getTime();
  const rng = mulberry32(hashSeed(seed, campaignId, campaignLeadId, importedMs));
  const int = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
  const hex = () => int(0, 0xffffffff).toString(16).padStart(8, '0');
  const notAnswered = () => {
    let r = rng();
    for (const [status, weight] of NOT_ANSWERED) if ((r -= weight) < 0) return status;
    return 'NO ANSWER';
  };

  const count = int(1, 3);
  // The import's second: the first call's date_time is the import time, never later than a
  // request that follows the import.
  let time = Math.floor(importedMs / 1000) * 1000;
  const attempts: GeneratedAttempt[] = [];
  for (let retry = 0; retry < count; retry++) {
    if (retry > 0) time += int(300, 8 * 3600) * 1000;
    const status = retry === count - 1 && rng() < 0.6 ? 'ANSWERED' : notAnswered();
    const answered = status === 'ANSWERED';
    const [wMin, wMax] = WAIT_SECONDS[status] ?? [0, 0];
    const id = hex() + hex() + hex() + hex();
    attempts.push({
      time,
      entry: {
        session: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`,
        wait_time: int(wMin, wMax),
        talk_time: answered ? int(5, 600) : 0,
        phone_number: phoneNumber,
        date_time: formatServiceTime(time),
        status,
        retry,
        key_press: answered && rng() < 0.3 ? String(int(0, 9)) : '',
      },
    });
  }
  return attempts;
}
