/**
 * Strings to dense numbers (0, 1, 2…) in flat memory, for the `--join` index of a lead file of
 * a million rows: the strings' UTF-8 bytes one after another in one growing buffer, their ends
 * in a Uint32Array, and an open-addressing table of Int32 ids — about 8 bytes per key beyond
 * its bytes, where a Map of strings takes 60–100. Exact: a key is found only by its own bytes
 * (a hash picks where to look, never decides).
 */
const EMPTY = -1;

export class KeyTable {
  private bytes = Buffer.alloc(1 << 16);
  private used = 0;
  /** ends[i]: where key i's bytes end (key i starts at ends[i - 1], or 0). */
  private ends = new Uint32Array(1 << 12);
  private table = new Int32Array(1 << 12).fill(EMPTY);
  private count = 0;
  private scratch = Buffer.alloc(256);

  /** How many keys. */
  get size(): number {
    return this.count;
  }

  /** Bytes held (the buffers' lengths), for a memory budget. */
  get byteSize(): number {
    return this.bytes.length + this.ends.byteLength + this.table.byteLength;
  }

  /** The key's id, added when new. */
  add(key: string): number {
    const len = this.encode(key);
    const found = this.probe(len);
    if (found >= 0) return this.table[found]!;
    const id = this.count;
    if (this.used + len > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + len));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.scratch.copy(this.bytes, this.used, 0, len);
    this.used += len;
    if (id >= this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[id] = this.used;
    this.table[-found - 1] = id;
    this.count++;
    if (this.count * 2 > this.table.length) this.grow();
    return id;
  }

  /** Key `id`'s text. */
  keyOf(id: number): string {
    return this.bytes.toString('utf8', id === 0 ? 0 : this.ends[id - 1]!, this.ends[id]!);
  }

  /** The key's id, or -1 when it is not held. */
  get(key: string): number {
    const at = this.probe(this.encode(key));
    return at >= 0 ? this.table[at]! : EMPTY;
  }

  /** The key's bytes in `scratch`; returns their length. */
  private encode(key: string): number {
    // At most 3 bytes a UTF-16 unit.
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.alloc(key.length * 3);
    return this.scratch.write(key, 0, 'utf8');
  }

  /** The table slot holding scratch's key (≥ 0), else -(the free slot it would go in) - 1. */
  private probe(len: number): number {
    const mask = this.table.length - 1;
    let i = hashBytes(this.scratch, len) & mask;
    for (;;) {
      const id = this.table[i]!;
      if (id === EMPTY) return -i - 1;
      const start = id === 0 ? 0 : this.ends[id - 1]!;
      if (
        this.ends[id]! - start === len &&
        this.bytes.compare(this.scratch, 0, len, start, start + len) === 0
      )
        return i;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (let id = 0; id < this.count; id++) {
      const start = id === 0 ? 0 : this.ends[id - 1]!;
      let i = hashBytes(this.bytes, this.ends[id]!, start) & mask;
      while (table[i] !== EMPTY) i = (i + 1) & mask;
      table[i] = id;
    }
    this.table = table;
  }
}

/** FNV-1a over bytes [start, end), mixed at the end. */
function hashBytes(buf: Uint8Array, end: number, start = 0): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}
