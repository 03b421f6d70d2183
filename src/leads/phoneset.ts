/**
 * Dedupe by phone number with flat memory: digits-only numbers of up to 14 digits are kept as
 * doubles in an open-addressing table (16 bytes per number with the first line), not as
 * strings in a Map. Longer or non-digit keys (wider phone patterns) fall back to a Map.
 */
const EMPTY = -1;

/** The most room made before any number is added: 2^19 places (6 MB), 262,144 numbers. */
const MOST_SLOTS_AHEAD = 1 << 19;

export class PhoneSet {
  private keys: Float64Array;
  private lines: Uint32Array;
  private size = 0;
  private readonly other = new Map<string, number>();

  /**
   * `expected`: about how many numbers will be added (an input's size over a short row), so
   * that the table is not grown (every number placed again) three times on the way: up to
   * MOST_SLOTS_AHEAD places are made at once, and the table grows as before beyond them.
   */
  constructor(expected = 0) {
    let slots = 1 << 16;
    while (slots < MOST_SLOTS_AHEAD && slots < expected * 2) slots *= 2;
    this.keys = new Float64Array(slots).fill(EMPTY);
    this.lines = new Uint32Array(slots);
  }

  /** Places in the table now (for tests). */
  get capacity(): number {
    return this.keys.length;
  }

  /** Add a number; returns the line it was first seen on if it was already there. */
  addOrGet(phone: string, line: number): number | undefined {
    // The number's value, read digit by digit (no pattern test, no Number()): exact, as it
    // has at most 14 digits.
    const n = phone.length;
    let value = n > 0 && n <= 14 ? 0 : -1;
    for (let i = 0; i < n && value >= 0; i++) {
      const d = phone.charCodeAt(i) - 48;
      value = d >= 0 && d <= 9 ? value * 10 + d : -1;
    }
    if (value < 0) {
      const seen = this.other.get(phone);
      if (seen === undefined) this.other.set(phone, line);
      return seen;
    }
    // Leading zeros matter ("0912…" ≠ "912…"): fold the length into the key.
    const key = value * 16 + n;
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let i = hash(key) & mask;
    for (;;) {
      const k = this.keys[i]!;
      if (k === EMPTY) {
        this.keys[i] = key;
        this.lines[i] = line;
        this.size++;
        return undefined;
      }
      if (k === key) return this.lines[i];
      i = (i + 1) & mask;
    }
  }

  get count(): number {
    return this.size + this.other.size;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldLines = this.lines;
    this.keys = new Float64Array(oldKeys.length * 2).fill(EMPTY);
    this.lines = new Uint32Array(oldKeys.length * 2);
    const mask = this.keys.length - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const k = oldKeys[j]!;
      if (k === EMPTY) continue;
      let i = hash(k) & mask;
      while (this.keys[i] !== EMPTY) i = (i + 1) & mask;
      this.keys[i] = k;
      this.lines[i] = oldLines[j]!;
    }
  }
}

function hash(key: number): number {
  // Mix the low and high 32 bits (keys are below 2^58, exact in a double).
  const lo = (key % 4294967296) | 0;
  const hi = Math.floor(key / 4294967296) | 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
