import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { stateStatus } from '../../src/index.js';
import { closedPort } from '../helpers/servers.js';
import {
  MASK,
  MIN_RUN,
  NeedleIndex,
  Secrets,
  maskLooseCredentials,
  maskUrlCredentials,
} from '../../src/secrets.js';

const TOKEN = 'SENTINEL-tok-3f9a8b7c6d5e';

describe('Secrets.scrub', () => {
  const s = new Secrets([TOKEN]);
  it.each([
    ['whole', `token ${TOKEN} refused`],
    ['a 10-character prefix', `token ${TOKEN.slice(0, 10)}… refused`],
    ['a run from the middle', `x${TOKEN.slice(5, 5 + MIN_RUN)}y`],
    ['base64', Buffer.from(TOKEN).toString('base64')],
    ['base64 after a prefix', Buffer.from(`Bearer ${TOKEN}`).toString('base64')],
    ['base64url after a prefix', Buffer.from(`u:${TOKEN}`).toString('base64url')],
    ['percent-encoded', `?t=${encodeURIComponent(TOKEN)}`],
    ['in a JSON string', JSON.stringify({ message: `#${TOKEN}#` })],
  ])('masks the token %s', (_what, text) => {
    const out = s.scrub(text);
    expect(out).toContain('***');
    expect(out).not.toContain(TOKEN.slice(0, MIN_RUN));
    expect(s.leaks(text)).toBe(true);
  });

  it('leaves ordinary text alone', () => {
    for (const t of [
      'cacs emulator on http://127.0.0.1:8787',
      'SENTINEL-',
      'emulator-token is not this one',
      '3f9a8b7',
    ])
      expect(s.scrub(t)).toBe(t);
  });

  it('masks URL credentials anywhere', () => {
    expect(maskUrlCredentials('--base-url http://user:pw@example.com:8/x and https://a@b')).toBe(
      '--base-url http://***@example.com:8/x and https://***@b',
    );
    expect(new Secrets().scrub('http://u:p@h/')).toBe('http://***@h/');
  });

  it('masks what may be credentials in a text given as a URL that is not one (review, session 22)', () => {
    expect(maskLooseCredentials('http//user:pw@x y')).toBe('http//***@x y');
    expect(maskLooseCredentials('//user:pw@h ost')).toBe('//***@h ost');
    expect(maskLooseCredentials('http:/user:pw@h ost')).toBe('http:/***@h ost');
    expect(maskLooseCredentials('user:p//w@a@h x')).toBe('user:***@h x');
    expect(maskLooseCredentials('ht tp://u:p@h')).toBe('***@h');
    expect(maskLooseCredentials('no at sign here')).toBe('no at sign here');
    expect(maskLooseCredentials('http//@x')).toBe('http//@x');
    // Whatever the prefix, the password never shows (nor the user).
    fc.assert(
      fc.property(
        fc.constantFrom('', 'http//', 'https:', 'http:/', '//', 'ht tp://', 'x://a//'),
        fc.stringMatching(/^[a-z0-9._~-]{1,12}$/),
        // No `*`: a password of stars cannot be told from the mask (CI, session 24: `a:*@`).
        fc.stringMatching(/^[a-z0-9:/?#%!$&'()+,;= ._~-]{1,20}$/),
        fc.stringMatching(/^[A-Z ]{0,10}$/),
        (prefix, user, pw, rest) => {
          const out = maskLooseCredentials(`${prefix}${user}:${pw}@${rest}`);
          expect(out).not.toContain(`${user}:${pw}`);
          expect(out.endsWith(`***@${rest}`)).toBe(true);
        },
      ),
    );
  });

  it('a --base-url, CACS_BASE_URL or config baseUrl that is not a URL is quoted without its password', async () => {
    const cwd = tempDir('cacs-loose-url-');
    const bad = 'http//op:Pw-4471zz@host x';
    fs.writeFileSync(path.join(cwd, 'cfg.yaml'), `baseUrl: "${bad}"\n`);
    for (const [argv, extra] of [
      [['config', 'show', '--base-url', bad], {}],
      [['config', 'show'], { CACS_BASE_URL: bad }],
      [['--config', 'cfg.yaml', 'config', 'show'], {}],
    ] as const) {
      const r = await runCli([...argv], { env: isolatedEnv({ ...extra }), cwd });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain('not a URL: "http//***@host x"');
      expect(`${r.stdout}${r.stderr}`).not.toContain('Pw-4471zz');
    }
  });

  it('does not scrub short values', () => {
    expect(new Secrets(['abc']).scrub('abc abc')).toBe('abc abc');
  });

  it('no run of MIN_RUN token characters survives, whatever surrounds it (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', minLength: 6, maxLength: 50 }),
        fc.string(),
        fc.string(),
        fc.nat(),
        (token, before, after, at) => {
          const sec = new Secrets([token]);
          const i = at % Math.max(1, token.length - MIN_RUN + 1);
          const piece = token.slice(i, i + MIN_RUN);
          const out = sec.scrub(`${before}${piece}${after}`);
          expect(out.includes(token)).toBe(false);
          if (piece.length === MIN_RUN) expect(sec.leaks(`${before}${piece}${after}`)).toBe(true);
        },
      ),
    );
  });
});

describe('Secrets.scrub on a JSON text that echoes a token with " or \\ (review, session 22)', () => {
  const tokens = ['abcdefghij"klmnopqrst', 'abcdefghij\\klmnopqrst', 'a/b"c\\d/efghijklmnop'];
  it.each(tokens)('%s: whole, or a run of it, leaves JSON that parses, masked', (token) => {
    const s = new Secrets([token]);
    for (const echoed of [token, token.slice(3), token.slice(0, -3), `zz${token.slice(8)}`]) {
      for (const text of [
        JSON.stringify({ lead_name: echoed, n: 1 }),
        // As PHP writes JSON: `/` escaped too.
        JSON.stringify({ lead_name: echoed, n: 1 }).replace(/\//g, '\\/'),
      ]) {
        const out = s.scrub(text);
        const parsed = JSON.parse(out) as { lead_name: string; n: number };
        expect(parsed.n).toBe(1);
        expect(parsed.lead_name).toContain('***');
        expect(s.leaks(parsed.lead_name)).toBe(false);
      }
    }
  });

  it('never leaves a broken escape, whatever the JSON around a token (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: MIN_RUN, maxLength: 30 }),
        fc.string({ maxLength: 8 }),
        fc.string({ maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        (token, before, after, a, b) => {
          const s = new Secrets([token]);
          const from = a % token.length;
          const to = from + ((b % (token.length - from)) + 1);
          const text = JSON.stringify({ v: `${before}${token.slice(from, to)}${after}` });
          expect(() => JSON.parse(s.scrub(text))).not.toThrow();
        },
      ),
      {
        numRuns: 2000,
        // A token of spaces and a quote: a run ended on the JSON string's own closing quote.
        // And the whole token so (its raw form) ending on that quote.
        examples: [
          ['           "', '', '', 0, 229701284],
          ['            "', '', '', 0, 1973466415],
          // A run going on past that quote into the text's own `}` (CI, seed -145014654).
          ['            "}', '', '', 258057716, 2063597543],
        ],
      },
    );
  });

  it('a token with quotes in a text that is no JSON: masked whole (review, session 24)', () => {
    const quoted = 'Zq7wK2pX"mN4vB8rT"yH3jL6dF';
    const s = new Secrets([quoted, 'abc"defg']);
    expect(s.scrub(`invalid access_token ${quoted}`)).toBe('invalid access_token ***');
    expect(s.scrub('x abc"defg y')).toBe('x *** y');
    expect(s.scrub(`invalid access_token ${quoted.slice(0, 20)}`)).toBe('invalid access_token ***');
    // A message that starts as JSON does but is none (second review).
    expect(s.scrub(`[401] invalid access_token ${quoted}`)).toBe('[401] invalid access_token ***');
    expect(s.scrub(`{"a":1} ${quoted}`)).toBe('{"a":1} ***');
    // In a JSON text, the whole token unescaped (a service that does not escape): masked in its
    // parts, what is shown between them under MIN_RUN characters — here none.
    expect(s.scrub(`{"m":"bad ${quoted}"}`)).toBe('{"m":"bad ***"}');
  });

  it('what a run leaves shown counts its end quotes: never MIN_RUN of a token in a row (review, session 24)', () => {
    const s = new Secrets(['"       ,"ZZZZZZZZZZ']);
    const out = s.scrub('["q"       ,"ZZZZZZZZZZ"]');
    expect(s.leaks(out.replaceAll(MASK, '\u0000'))).toBe(false);
    expect(out).not.toContain('"       ,"');
  });

  it('masks runs across string delimiters in their parts, shows no MIN_RUN of a token (property)', () => {
    // Tokens of JSON's own characters, echoed in several strings of one text.
    const unit = fc.constantFrom('"', '\\', '}', ' ', ',', 'a', ':', '{', '/', '[');
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: MIN_RUN, maxLength: 24 }),
        fc.string({ maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        (token, before, a, b) => {
          const s = new Secrets([token]);
          const from = a % token.length;
          const v = `${before}${token.slice(from, from + ((b % (token.length - from)) + 1))}`;
          const out = s.scrub(JSON.stringify([{ v, w: v }, v, { x: 1 }]));
          expect(() => JSON.parse(out)).not.toThrow();
          expect(s.leaks(out.replaceAll(MASK, '\u0000'))).toBe(false);
        },
      ),
      {
        numRuns: 3000,
        // A token whose whole raw form spans a string's end (`\",{//  {[["}`): split as any run.
        examples: [
          ['",{//  {[["}', '', 0, 11],
          // A run that takes in the `\` of an escaped `\\` and so touches the next run, whose
          // leading quote (a string's end) must still be left (seed hunt, session 24).
          ['"},"[}a{://:a{/\\""""""', '', 1153811608, 1848668033],
        ],
      },
    );
  });
});

describe('Secrets.absentFrom', () => {
  const s = new Secrets([TOKEN, 'ab+/cd?é&x y']);
  const pieces = fc.oneof(
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom(
      TOKEN,
      TOKEN.slice(3, 3 + MIN_RUN),
      Buffer.from(`x${TOKEN}`).toString('base64'),
      encodeURIComponent('ab+/cd?é&x y'),
      'http://u:p@h/',
      'ab+/cd?é&x y',
    ),
  );

  it('says "absent" only of text that scrub() leaves as it is (property)', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        if (s.absentFrom(Buffer.from(text, 'utf8'))) expect(s.scrub(text)).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds each form of a secret in bytes, at any offset of a larger buffer', () => {
    for (const form of [
      TOKEN,
      TOKEN.slice(7, 7 + MIN_RUN),
      Buffer.from(`Bearer ${TOKEN}`).toString('base64'),
      'see https://user:pw@example.com/x',
    ]) {
      const bytes = Buffer.from(`${'é'.repeat(70_000)}${form}${'a'.repeat(10)}`, 'utf8');
      expect(s.absentFrom(bytes.subarray(3))).toBe(false);
    }
    expect(s.absentFrom(Buffer.from('{"records":[{"name":"Nguyễn Văn An"}]}'))).toBe(true);
    expect(new Secrets([]).absentFrom(Buffer.from('plain'))).toBe(true);
  });

  it('sees `://` wherever it is, however many `/` and `:` are around it (property)', () => {
    // `://` is searched as `//` with a `:` before it: at the start, the end, within `///`.
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(':', '/', 'a', 'é'), { maxLength: 12 }),
        fc.nat(3),
        (chars, skip) => {
          const bytes = Buffer.from(`${'x'.repeat(skip)}${chars.join('')}`, 'utf8').subarray(skip);
          expect(new Secrets([]).absentFrom(bytes)).toBe(!bytes.includes('://'));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe('NeedleIndex (absentFrom in one pass)', () => {
  // Few letters, so needles overlap, repeat and nearly match; needles of 1–12 bytes (those under
  // SHORTEST are searched for on their own); the buffer a view at any offset of a larger one,
  // so that every alignment of its memory is met.
  const letter = fc.constantFrom('a', 'b', 'ab', 'é', '\u0000');
  const needle = fc
    .array(letter, { minLength: 1, maxLength: 8 })
    .map((l) => Buffer.from(l.join('')));
  it('finds what buf.includes finds, whatever the alignment, read by words or by bytes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(needle, { minLength: 1, maxLength: 5 }),
        fc.array(fc.oneof(letter, fc.constantFrom('x', 'ba', 'bb')), { maxLength: 40 }),
        fc.nat(7),
        fc.nat(41),
        fc.nat(4),
        (needles, hay, skip, plantAt, which) => {
          // Half the time one of the needles is planted somewhere in the text.
          let text = hay.join('');
          if (plantAt % 2 === 0) {
            const at = Math.min(plantAt >> 1, text.length);
            text = text.slice(0, at) + needles[which % needles.length]!.toString() + text.slice(at);
          }
          const whole = Buffer.concat([Buffer.alloc(skip, 0x7a), Buffer.from(text)]);
          const buf = whole.subarray(skip);
          const index = new NeedleIndex(needles);
          const want = needles.some((n) => buf.includes(n));
          expect(index.foundIn(buf, true)).toBe(want);
          expect(index.foundIn(buf, false)).toBe(want);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('finds a long needle at every offset of a buffer at every alignment', () => {
    const n = Buffer.from('emula');
    const index = new NeedleIndex([n, Buffer.from('tor-token-0123456789')]);
    for (let align = 0; align < 4; align++)
      for (let at = 0; at <= 20; at++) {
        const whole = Buffer.alloc(align + 25, 0x2e);
        n.copy(whole, align + at);
        const buf = whole.subarray(align);
        expect(index.foundIn(buf, true)).toBe(true);
        expect(index.foundIn(buf, false)).toBe(true);
        expect(index.foundIn(buf.subarray(0, at + 4), true)).toBe(false);
      }
    expect(new NeedleIndex([]).foundIn(Buffer.from('anything'))).toBe(false);
  });
});

describe('a state URL whose password holds / # ? or @ as written (not percent-encoded)', () => {
  it.each([
    'Wr0ng/Pw-secret',
    'Wr0ng#Pw-secret',
    'Wr0ng?Pw-secret',
    'Wr0ng@Pw-secret',
    // Digits first: the URL parser takes `cacs:2024` for a host and a port (the review).
    '2024#Hanoi-secret',
    '5432/ab@cd-secret',
  ])(
    'never shows %s: config show, state status, import (text, --json, --verbose)',
    async (secret) => {
      const port = await closedPort();
      const cwd = tempDir();
      fs.writeFileSync(path.join(cwd, 'leads.csv'), 'phone\n0912345678\n');
      const env = isolatedEnv({
        CACS_BASE_URL: 'http://127.0.0.1:9',
        CACS_ACCESS_TOKEN: 'token-for-the-test',
        CACS_STATE_URL: `postgres://cacsadmin:${secret}@127.0.0.1:${port}/postgres`,
      });
      const runs = [
        ['config', 'show'],
        ['config', 'show', '--json'],
        ['state', 'status'],
        ['import', 'leads.csv', '--campaign', 'c'],
        ['import', 'leads.csv', '--campaign', 'c', '--json'],
        ['import', 'leads.csv', '--campaign', 'c', '--verbose'],
      ];
      for (const argv of runs) {
        const r = await runCli(argv, { env, cwd });
        const said = `${r.stdout}\n${r.stderr}`;
        for (const part of [secret, secret.slice(0, 8), secret.slice(6)])
          expect(said, argv.join(' ')).not.toContain(part);
        if (argv[0] !== 'config') expect(r.code, argv.join(' ')).not.toBe(0);
      }
      // The library too: its errors name the database with the password masked.
      const e = await stateStatus({ state: env.CACS_STATE_URL! }).then(
        () => new Error('no error'),
        (x: unknown) => x as Error,
      );
      for (const part of [secret, secret.slice(0, 8), secret.slice(6)])
        expect(e.message).not.toContain(part);
    },
  );
});

// Review, session 17: `config show`'s table printed a state URL's `?password=` (its --json and
// every other output masked it).
describe('a state URL with its password as a query parameter', () => {
  it.each(['env', 'config file'])('config show masks it (%s)', async (where) => {
    const secret = 'S3cr3t-Pw_xyz-17';
    const cwd = tempDir();
    const url = `postgres://cacs@127.0.0.1:1/cacs?sslmode=disable&password=${secret}`;
    const file = path.join(cwd, 'cacs.yaml');
    fs.writeFileSync(file, `stateUrl: "${url}"\n`);
    const env = isolatedEnv(where === 'env' ? { CACS_STATE_URL: url } : {});
    const extra = where === 'env' ? [] : ['--config', file];
    for (const argv of [
      [...extra, 'config', 'show'],
      [...extra, 'config', 'show', '--json'],
      [...extra, '--lang', 'vi', 'config', 'show'],
    ]) {
      const r = await runCli(argv, { env, cwd });
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout, argv.join(' ')).toContain('password=***');
      for (const part of [secret, secret.slice(0, 8), secret.slice(6)])
        expect(`${r.stdout}\n${r.stderr}`, argv.join(' ')).not.toContain(part);
    }
  });
});

describe("Secrets.scrubWhole (a lead file's own rows copied into a list)", () => {
  it('masks the token whole, in its forms; leaves pieces of it and URL credentials as they were', () => {
    const token = 'Qz7tokenAbc-4xk9Wv2Lp8';
    const s = new Secrets([token]);
    expect(s.scrubWhole(`Lead ${token} twice`)).toBe('Lead *** twice');
    const b64 = Buffer.from(token).toString('base64');
    expect(s.scrubWhole(`x ${b64} y`)).not.toContain(b64);
    // A user's own text that shares 5+ characters with the token, or holds a URL with a
    // password, is data, not a leak of the token: kept.
    expect(s.scrubWhole('Qz7tokenAbc Street')).toBe('Qz7tokenAbc Street');
    expect(s.scrubWhole('see https://a:b@example.vn/x')).toBe('see https://a:b@example.vn/x');
    expect(new Secrets([]).scrubWhole(`Lead ${token}`)).toBe(`Lead ${token}`);
  });
});
