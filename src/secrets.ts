/**
 * Secrets that must never be printed or written (the access token), in every form a server or a
 * library may echo them: whole, any run of at least MIN_RUN characters of it (a truncated echo
 * such as its first 10 characters), base64 / base64url (a Basic header echoed back), and
 * percent-encoded. URL credentials (`http://user:pw@host`) are masked in any text.
 */

/** A run of this many characters of a secret is masked wherever it appears. */
export const MIN_RUN = 10;
/** Secrets shorter than this are not scrubbed: masking them would mangle ordinary words. */
export const MIN_SECRET = 6;
export const MASK = '***';

/**
 * A URL's credentials: a user without a password (`token@`), or `user:password@` where the
 * password may hold `/`, `?`, `#` or `@` written as they are (not percent-encoded), up to the
 * last `@` before a space or a quote. A URL with a port and an `@` later in it
 * (`http://host:8080/a@b`) is masked too: more than needed, never less.
 */
const URL_CREDENTIALS =
  /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#@:"'<>]*:[^\s"'<>]*|[^\s/?#@"'<>]*)@/gi;

/** `http://user:pw@host/…` → `http://***@host/…` (any number of URLs in a text). */
export function maskUrlCredentials(text: string): string {
  // Most texts (a report answer of megabytes) hold no URL at all: no regex pass for them.
  if (!text.includes('://')) return text;
  return text.replace(URL_CREDENTIALS, `$1${MASK}@`);
}

/**
 * Whether the bytes hold `://`. Searched as `//` and the byte before it checked: a `:` starts
 * a search at nearly every member of a JSON answer, a `/` hardly ever (a twentieth of the time
 * on a report answer).
 */
function holdsScheme(buf: Buffer): boolean {
  for (let at = buf.indexOf('//', 1); at !== -1; at = buf.indexOf('//', at + 1))
    if (buf[at - 1] === 0x3a) return true;
  return false;
}

/** The stable middle of base64 texts that contain `bytes` at any alignment. */
function base64Forms(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let pad = 0; pad < 3; pad++) {
    const b64 = Buffer.concat([Buffer.alloc(pad), bytes]).toString('base64');
    // Characters touched by the padding bytes or by what follows are not stable: drop them.
    const start = Math.ceil((pad * 4) / 3);
    const end = Math.floor(((pad + bytes.length) * 4) / 3);
    const core = b64.slice(start, end);
    if (core.length >= MIN_RUN) {
      out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return out;
}

export class Secrets {
  private readonly values = new Set<string>();
  /** Whole forms (encodings) to replace. */
  private forms: string[] = [];

  constructor(values: Iterable<string> = []) {
    for (const v of values) this.add(v);
  }

  get size(): number {
    return this.values.size;
  }

  add(value: string): void {
    if (value.length < MIN_SECRET || this.values.has(value)) return;
    this.values.add(value);
    const forms = new Set<string>([value, encodeURIComponent(value)]);
    for (const f of base64Forms(Buffer.from(value, 'utf8'))) forms.add(f);
    this.forms = [...new Set([...this.forms, ...forms])].sort((a, b) => b.length - a.length);
    this.needleCache = undefined;
  }

  /** The text with every form of every secret, and any URL credentials, masked. */
  scrub(text: string): string {
    if (text === '') return text;
    let out = maskUrlCredentials(text);
    if (this.values.size === 0) return out;
    for (const f of this.forms) if (out.includes(f)) out = out.split(f).join(MASK);
    for (const v of this.values) out = maskRuns(out, v);
    return out;
  }

  /**
   * Whether the bytes (UTF-8 text) certainly hold nothing scrub() would mask: no URL scheme
   * (`://`), no whole form of a secret, and none of the MIN_RUN/2-character pieces of a secret
   * that any masked run must contain (see maskRuns). Searched natively in the bytes, so a report
   * answer of megabytes that holds no secret is not scrubbed piece by piece. A `false` only
   * means "scrub it".
   */
  absentFrom(bytes: Uint8Array): boolean {
    const buf = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (holdsScheme(buf)) return false;
    for (const needle of this.needles) if (buf.includes(needle)) return false;
    return true;
  }

  /** UTF-8 bytes absentFrom() looks for: every form, and every aligned piece of each secret. */
  private get needles(): Buffer[] {
    if (this.needleCache !== undefined) return this.needleCache;
    const out = new Set<string>(this.forms);
    const k = MIN_RUN >> 1;
    for (const v of this.values)
      if (v.length >= MIN_RUN)
        for (let off = 0; off + k <= v.length; off += k) out.add(v.slice(off, off + k));
    // A needle that holds another is found whenever that one is: one pass over the bytes fewer
    // (the whole secret holds its pieces).
    const all = [...out];
    const needed = all.filter((t) => !all.some((o) => o !== t && t.includes(o)));
    this.needleCache = needed.map((t) => Buffer.from(t, 'utf8'));
    return this.needleCache;
  }

  private needleCache: Buffer[] | undefined;

  /** Whether the text holds a secret in any form scrub() masks. */
  leaks(text: string): boolean {
    return this.scrub(text) !== maskUrlCredentials(text);
  }
}

/**
 * Mask every run of at least MIN_RUN consecutive characters of `secret` found in `text`. Any such
 * run holds one of the secret's pieces of MIN_RUN/2 characters that start at a multiple of
 * MIN_RUN/2, so only those pieces are searched for (a few scans, even of a large answer), and
 * each hit is widened to the whole run it belongs to.
 */
function maskRuns(text: string, secret: string): string {
  // Shorter secrets are masked whole, with the other forms.
  if (secret.length < MIN_RUN || text.length < MIN_RUN) return text;
  const k = MIN_RUN >> 1;
  let covered: Uint8Array | undefined;
  for (let off = 0; off + k <= secret.length; off += k) {
    const seed = secret.slice(off, off + k);
    for (let at = text.indexOf(seed); at !== -1; at = text.indexOf(seed, at + 1)) {
      let back = 0;
      while (at - back > 0 && off - back > 0 && text[at - back - 1] === secret[off - back - 1])
        back++;
      let fwd = 0;
      while (
        at + k + fwd < text.length &&
        off + k + fwd < secret.length &&
        text[at + k + fwd] === secret[off + k + fwd]
      )
        fwd++;
      if (back + k + fwd < MIN_RUN) continue;
      covered ??= new Uint8Array(text.length);
      covered.fill(1, at - back, at + k + fwd);
    }
  }
  if (!covered) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (covered[i]) {
      out += MASK;
      while (i < text.length && covered[i]) i++;
    } else {
      const start = i;
      while (i < text.length && !covered[i]) i++;
      out += text.slice(start, i);
    }
  }
  return out;
}
