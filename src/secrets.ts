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
 * A text given as a URL that is not one (`http//user:pw@host`, a space in it), as a message may
 * quote it: whatever may be credentials masked — after a leading scheme and its `:` or slashes
 * (`http://`, `http//`, `http:/`; else after any leading slashes) up to the text's last `@`. No
 * URL parser can say where the user and the password are in such a text, so more is masked than
 * needed, never less (review, session 22: `http//user:pw@x y` was quoted whole).
 */
export function maskLooseCredentials(text: string): string {
  const at = text.lastIndexOf('@');
  if (at === -1) return text;
  const from = (/^[a-z][a-z0-9+.-]*(?::\/*|\/\/+)/i.exec(text) ?? /^\/*/.exec(text)!)[0].length;
  return from >= at ? text : `${text.slice(0, from)}${MASK}${text.slice(at)}`;
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

/** Whether this machine stores a Uint32 little-endian (its low half is the word's first 2 bytes). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Byte strings searched for in one pass over a buffer, each at least SHORTEST bytes long (a
 * Secrets's needles: MIN_RUN/2 characters or more). Any place a needle starts at covers one of
 * the next 4 offsets that are a multiple of 4 (counted from the buffer's memory, so that a
 * Uint32Array reads them), with the byte after it: so only every 4th pair of bytes is looked up,
 * in a table of the pairs at offsets 0–3 of each needle, and the needles holding such a pair
 * there are compared whole. A needle shorter than SHORTEST is searched for as before, with its
 * own pass (buf.includes).
 *
 * One pass where there was one per needle: a 365-day report's 12 answers (18 MB) were searched in
 * ≈ 21 ms for the bench's 14-character token and ≈ 30 ms for a 50-character one, now in 8–11 and
 * 10–16 ms. test/unit/secrets.test.ts compares it with buf.includes, at every offset.
 */
export class NeedleIndex {
  static readonly SHORTEST = 5;
  /** 1 where the pair of bytes (first | second << 8) is at offset 0–3 of some needle. */
  private readonly pairs = new Uint8Array(65_536);
  /** For each such pair: the needles holding it, and where. */
  private readonly at = new Map<number, Array<{ needle: Buffer; offset: number }>>();
  private readonly short: Buffer[] = [];

  constructor(needles: readonly Buffer[]) {
    for (const needle of needles) {
      if (needle.length < NeedleIndex.SHORTEST) {
        this.short.push(needle);
        continue;
      }
      for (let offset = 0; offset <= 3; offset++) {
        const pair = needle[offset]! | (needle[offset + 1]! << 8);
        this.pairs[pair] = 1;
        let list = this.at.get(pair);
        if (list === undefined) this.at.set(pair, (list = []));
        list.push({ needle, offset });
      }
    }
  }

  /**
   * Whether any needle is in `buf`. The offsets looked at are `head`, `head` + 4, … (their memory
   * addresses multiples of 4): a needle of SHORTEST bytes or more starting at `s` covers the first
   * of them at or after `s` (at most 3 further on, with the byte after it), and one starting
   * before `head` covers `head` itself. `words: false` reads them byte by byte (as a big-endian
   * machine does), `true` a Uint32 at a time.
   */
  foundIn(buf: Buffer, words = LITTLE_ENDIAN): boolean {
    for (const needle of this.short) if (buf.includes(needle)) return true;
    if (this.at.size === 0) return false;
    const head = (4 - (buf.byteOffset & 3)) & 3;
    let i = head;
    if (words && buf.length - head >= 4) {
      const count = (buf.length - head) >> 2;
      const w = new Uint32Array(buf.buffer, buf.byteOffset + head, count);
      const pairs = this.pairs;
      for (let k = 0; k < count; k++)
        if (pairs[w[k]! & 0xffff] !== 0 && this.startsNear(buf, head + 4 * k)) return true;
      i = head + 4 * count;
    }
    for (; i < buf.length; i += 4) if (this.startsNear(buf, i)) return true;
    return false;
  }

  /** Whether a needle holding the pair of bytes at `i` (at its offset 0–3) is in `buf` there. */
  private startsNear(buf: Buffer, i: number): boolean {
    if (i + 1 >= buf.length) return false;
    const list = this.at.get(buf[i]! | (buf[i + 1]! << 8));
    if (list === undefined) return false;
    for (const { needle, offset } of list) {
      const start = i - offset;
      if (start < 0 || start + needle.length > buf.length) continue;
      let k = 0;
      while (k < needle.length && buf[start + k] === needle[k]) k++;
      if (k === needle.length) return true;
    }
    return false;
  }
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
    // As a JSON answer that echoes it holds it (a `"` or `\\` escaped; `/` too, as PHP writes
    // it): masked whole before the runs of its characters, which would leave an escape's
    // backslash dangling and the answer no JSON (review, session 22).
    const escaped = JSON.stringify(value).slice(1, -1);
    forms.add(escaped);
    forms.add(escaped.replace(/\//g, '\\/'));
    for (const f of base64Forms(Buffer.from(value, 'utf8'))) forms.add(f);
    this.forms = [...new Set([...this.forms, ...forms])].sort((a, b) => b.length - a.length);
    this.needleCache = undefined;
    this.indexCache = undefined;
  }

  /**
   * The text with every whole form of every secret masked, and nothing else changed (no URL
   * credentials, no runs of a secret's characters): for the rows of a lead file copied into a
   * list, which are the user's own data (review, session 16).
   */
  scrubWhole(text: string): string {
    if (this.values.size === 0 || text === '') return text;
    let out = text;
    for (const f of this.forms) if (out.includes(f)) out = out.split(f).join(MASK);
    return out;
  }

  /** The text with every form of every secret, and any URL credentials, masked. */
  scrub(text: string): string {
    if (text === '') return text;
    const out = maskUrlCredentials(text);
    if (this.values.size === 0) return out;
    return maskRuns(out, this.forms, this.values);
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
    return !this.needleIndex.foundIn(buf);
  }

  /** The needles' index, made once per set of secrets. */
  private get needleIndex(): NeedleIndex {
    return (this.indexCache ??= new NeedleIndex(this.needles));
  }

  private indexCache: NeedleIndex | undefined;

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
 * Mask every whole form of the secrets, and every run of at least MIN_RUN consecutive characters
 * of a secret, found in `text` (see masked for where a masked stretch ends). Any such run holds
 * one of the secret's pieces of MIN_RUN/2 characters that start at a multiple of MIN_RUN/2, so
 * only those pieces are searched for (a few scans, even of a large answer), and each hit is
 * widened to the whole run it belongs to.
 */
function maskRuns(text: string, forms: readonly string[], secrets: Iterable<string>): string {
  let covered: Uint8Array | undefined;
  // Every whole form first (every secret of any length).
  for (const f of forms)
    for (let at = text.indexOf(f); at !== -1; at = text.indexOf(f, at + f.length)) {
      covered ??= new Uint8Array(text.length);
      covered.fill(1, at, at + f.length);
    }
  for (const secret of secrets) covered = coverRuns(text, secret, covered);
  if (!covered) return text;
  return masked(text, covered);
}

/**
 * A run with bare quotes inside, in a JSON text: [s, e) once its end quotes are taken out
 * ([from, to) before), cut into `parts` between them. The quotes are left out, and the parts
 * outside a JSON string too — if what the run then shows (its end quotes included) is nowhere
 * MIN_RUN characters in a row; else all of [s, e) is masked.
 */
function splitAtQuotes(
  covered: Uint8Array,
  [from, s, e, to]: readonly [number, number, number, number],
  parts: readonly [number, number][],
  inString: (at: number) => boolean,
): void {
  covered.fill(0, s, e);
  for (const [a, b] of parts) if (inString(a)) covered.fill(1, a, b);
  let shown = 0;
  for (let j = from; j < to && shown < MIN_RUN; j++) shown = covered[j] ? 0 : shown + 1;
  if (shown >= MIN_RUN) covered.fill(1, s, e);
}

/** `covered` (made when needed) with every run of MIN_RUN or more of `secret`'s characters. */
function coverRuns(
  text: string,
  secret: string,
  covered: Uint8Array | undefined,
): Uint8Array | undefined {
  // Shorter secrets are masked whole, with the other forms.
  if (secret.length < MIN_RUN || text.length < MIN_RUN) return covered;
  const k = MIN_RUN >> 1;
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
  return covered;
}

/**
 * Whether a text is JSON: an object or array that parses whole. Not its first character alone
 * (second review, session 24: `[401] invalid access_token Zq7wK2pX"***"yH3jL6dF` showed most of
 * a token: a message starting with `[` taken for JSON); asked only of a text holding a secret.
 */
function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}

/** The text with each run of covered characters written as MASK. */
function masked(text: string, covered: Uint8Array): string {
  // A run never splits a backslash escape (`\"` of a JSON text): the escaping backslash before a
  // run, and the character a run's last backslash escapes, are masked with it — else the text
  // left would hold `\***` or `***\x`, no JSON any more. Nor does it take a quote that is not
  // escaped: in a JSON text that is a string's own delimiter (a `"` of the secret is written
  // `\"` there), and masking it broke the string (`"v":"***}`). In a JSON text (an object or
  // array that parses), a run across such a quote is masked in its parts, and a part outside a
  // string (`}` after a string's closing quote: the text's own structure, CI seed -145014654)
  // is left as it is — unless what the run then shows of the secret would be MIN_RUN
  // characters together: then all but its end quotes go (a whole form of a secret too: with a
  // bare quote inside, it spans the text's structure — in a string its quotes are escaped). In
  // a text that is no JSON (a message quoting a token with a `"` in it) a run is masked whole
  // but for its end quotes (review, session 24: `Zq7wK2pX"***"yH3jL6dF` showed most of a token).
  const json = /^\uFEFF?\s*[[{]/.test(text) && parsesAsJson(text);
  const escaping = (i: number) => {
    let n = 0;
    while (i - n >= 0 && text.charCodeAt(i - n) === 92) n++;
    return n % 2 === 1;
  };
  const bareQuote = (i: number) => text.charCodeAt(i) === 34 && !(i > 0 && escaping(i - 1));
  // Whether a place is inside a JSON string (odd count of bare quotes before it); runs come in
  // order, so the count goes on from where it was last asked.
  let seen = 0;
  let quotes = 0;
  const inString = (at: number) => {
    for (; seen < at; seen++) if (bareQuote(seen)) quotes++;
    return quotes % 2 === 1;
  };
  // The runs as found, each judged on its own: an escape a run takes in may make it touch the
  // next, which must still have its quotes taken out (CI, session 24: `\\"},"…` masked a
  // string's closing quote when the run before took in the `\` before it).
  const runs: number[] = [];
  for (let i = 0; i < text.length; i++)
    if (covered[i] && !(i > 0 && covered[i - 1])) {
      let e = i;
      while (e < text.length && covered[e]) e++;
      runs.push(i, e);
      i = e;
    }
  for (let r = 0; r < runs.length; r += 2) {
    const i = runs[r]!;
    const to = runs[r + 1]!;
    let s = i;
    let e = to;
    while (s < e && bareQuote(s)) covered[s++] = 0;
    while (e > s && bareQuote(e - 1)) covered[--e] = 0;
    const parts: [number, number][] = [];
    for (let a = s, j = s; j <= e; j++)
      if (j === e || bareQuote(j)) {
        if (a < j) parts.push([a, j]);
        a = j + 1;
      }
    // Shorter than MIN_RUN, a run is a short secret's whole form: none of it is shown.
    if (json && parts.length > 1 && to - i >= MIN_RUN)
      splitAtQuotes(covered, [i, s, e, to], parts, inString);
    for (const [a, b] of parts) {
      if (!covered[a]) continue;
      if (a > 0 && escaping(a - 1)) covered[a - 1] = 1;
      if (text.charCodeAt(b - 1) === 92 && escaping(b - 1) && b < text.length) covered[b] = 1;
    }
  }
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
