/**
 * Breaking lines for a terminal (src/cli/render/wrap.ts) and Output's use of it: on a terminal
 * no line of stderr is wider than the terminal unless one word is, no word is cut in two, the
 * words stay in order; off a terminal, and for coloured lines a view laid out, nothing changes.
 */
import { PassThrough, Readable } from 'node:stream';
import { Chalk } from 'chalk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Output, widthOf, type IO } from '../../src/cli/context.js';
import { fitLine, wrapItems, wrapWords } from '../../src/cli/render/wrap.js';

const word = fc.stringMatching(/^[a-zđăâêôơưáàảãạ0-9/.:-]{1,14}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 40 }).map((w) => w.join(' '));

function io(tty: boolean, columns: number) {
  const err = new PassThrough();
  let text = '';
  err.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const value: IO = {
    stdout: new PassThrough(),
    stderr: err,
    stdin: Readable.from([]),
    env: {},
    cwd: process.cwd(),
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    stdinIsTTY: false,
    columns,
  };
  return { io: value, stderr: () => text };
}

describe('fitLine', () => {
  it('keeps every word whole and in order, each line within the width (property)', () => {
    fc.assert(
      fc.property(
        sentence,
        fc.integer({ min: 21, max: 120 }),
        fc.integer({ min: 0, max: 10 }),
        (text, width, lead) => {
          const lines = fitLine(text, width, lead).split('\n');
          expect(lines.join(' ').split(/ +/).filter(Boolean)).toEqual(text.split(' '));
          lines.forEach((l, i) => {
            const used = (i === 0 ? lead : 0) + l.length;
            // Only a word longer than a line may pass the width.
            if (used >= width) expect(l.trim().includes(' ')).toBe(false);
          });
        },
      ),
    );
  });

  it('a first word too long beside the prefix stands alone; the words after it go below', () => {
    // fast-check's counterexample (seed -102270878): ":" stayed beside the prefix, 9 + 14 ≥ 21.
    expect(fitLine('abcdefghijkl :', 21, 9)).toBe('abcdefghijkl\n  :');
    expect(fitLine('abcdefghijkl', 21, 9)).toBe('abcdefghijkl');
  });

  it('leaves a line that fits, or one a view laid out in colours, as it is', () => {
    expect(fitLine('short line', 40)).toBe('short line');
    const coloured = `  rejected   4   \u001b[2m${'word '.repeat(30)}\u001b[22m`;
    expect(fitLine(coloured, 40)).toBe(coloured);
  });

  it('breaks a line all in one colour (the dim range line) at spaces, each line in its colour', () => {
    const text =
      'khoảng: 2026-11-26 00:00:00 → 2026-11-26 23:59:59 Asia/Ho_Chi_Minh (giờ của dịch vụ) · 1 yêu cầu';
    const lines = fitLine(`\u001b[2m${text}\u001b[22m`, 80).split('\n');
    expect(lines.length).toBe(2);
    for (const l of lines) {
      expect(l).toMatch(/^\u001b\[2m.*\u001b\[22m$/);
      expect(l.replace(/\u001b\[[0-9;]*m/g, '').length).toBeLessThan(80);
    }
    expect(lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, '').trim()).join(' ')).toBe(text);
  });

  it('indents later lines under an indented line', () => {
    const lines = fitLine(`    ${'lorem ipsum '.repeat(8).trim()}`, 40).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]!.startsWith('    lorem')).toBe(true);
    for (const l of lines.slice(1)) expect(l.startsWith('      ')).toBe(true);
  });

  it('keeps a first word too long for the first line beside the prefix', () => {
    const long = 'x'.repeat(50);
    expect(fitLine(`${long} tail`, 40, 9).split('\n')[0]).toBe(long);
  });
});

describe('Output on a terminal', () => {
  const text =
    'giữ lại /tmp/tmp-lead/try/kh.csv.rejects.csv (do một lần nhập thật ghi, và lần chạy thử không bao giờ thay thế nó)';

  it('breaks a long info, warning and error at word boundaries', () => {
    const t = io(true, 60);
    const out = new Output(t.io, Chalk);
    out.info(text);
    out.warn(text);
    out.error(text, text);
    const said = t.stderr().replace(/\u001b\[[0-9;]*m/g, '');
    const lines = said.trimEnd().split('\n');
    for (const l of lines) expect(l.length).toBeLessThan(60);
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    expect(words(said)).toEqual([
      ...words(text),
      'warning:',
      ...words(text),
      'error:',
      ...words(text),
      ...words(text),
    ]);
  });

  it('keeps lines whole off a terminal (logs, pipes)', () => {
    const t = io(false, 60);
    const out = new Output(t.io, Chalk);
    out.warn(text);
    expect(t.stderr()).toBe(`warning: ${text}\n`);
  });
});

/**
 * The two word-wrappers the CLI had before they shared one loop (wrap.ts's wrapWords, and the
 * import summary's own `wrap` in cli/commands/import.ts), copied as they were: the shared
 * versions must give the same lines, so the output stays byte-identical.
 */
function oldWrapWords(text: string, width: number, indent = 2): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ (?=[^ ])/)) {
    const room = lines.length === 0 ? width : width - indent;
    if (
      line.trim() !== '' &&
      line.length + 1 + word.length > room &&
      (word.length <= width - indent || / /.test(line.trim()))
    ) {
      lines.push(line.trimEnd());
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line.trimEnd());
  return lines.map((l, i) => (i === 0 ? l : ' '.repeat(indent) + l));
}

function oldImportWrap(
  text: string,
  first: number,
  indent: number,
  width: number | undefined,
): string[] {
  if (width === undefined || first + text.length <= width) return [text];
  const items = text.split(' · ');
  const pieces =
    items.length > 1 ? items.map((item, i) => (i < items.length - 1 ? `${item} ·` : item)) : [];
  const lines: string[] = [];
  let line = '';
  let room = width - first;
  const put = (piece: string) => {
    if (line !== '' && line.length + 1 + piece.length > room) {
      lines.push(line);
      line = piece;
      room = width - indent;
    } else {
      line = line === '' ? piece : `${line} ${piece}`;
    }
  };
  for (const piece of pieces.length > 0 ? pieces : text.split(' ')) {
    if (pieces.length > 0 && piece.length > width - indent) piece.split(' ').forEach(put);
    else put(piece);
  }
  if (line !== '') lines.push(line);
  return lines;
}

describe('one word-wrapper (import.ts uses wrap.ts)', () => {
  // Words, runs of spaces, list separators: what labels, paddings and "a 1 · b 2" lists hold.
  const piece = fc.oneof(
    word,
    fc.constantFrom(' ', '  ', ' · ', '   '),
    fc.stringMatching(/^x{20,70}$/),
  );
  const text = fc.array(piece, { minLength: 1, maxLength: 30 }).map((p) => p.join(' '));

  it("wrapItems gives the import summary's old lines, byte for byte (property)", () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 12 }),
        fc.option(fc.integer({ min: 20, max: 130 }), { nil: undefined }),
        (t, first, indent, width) => {
          expect(wrapItems(t, first, indent, width)).toEqual(
            oldImportWrap(t, first, indent, width),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('wrapWords gives its old lines, byte for byte (property)', () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 10, max: 130 }),
        fc.integer({ min: 0, max: 12 }),
        (t, width, indent) => {
          expect(wrapWords(t, width, indent)).toEqual(oldWrapWords(t, width, indent));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('import.ts has no word-wrapper of its own', async () => {
    const fs = await import('node:fs');
    const src = fs.readFileSync(
      new URL('../../src/cli/commands/import.ts', import.meta.url),
      'utf8',
    );
    expect(src).not.toMatch(/function wrap\b/);
    expect(src).toMatch(/from '\.\.\/render\/wrap\.js'/);
  });
});

describe('the width written to (widthOf)', () => {
  it("a terminal's width when it has one; a terminal of 0 columns, or none, takes COLUMNS, else 80 (review, session 16)", () => {
    expect(widthOf(120, {})).toBe(120);
    expect(widthOf(120, { COLUMNS: '60' })).toBe(120);
    // `script` and some job runners make a pseudo-terminal of 0 columns: every cell was `…`.
    expect(widthOf(0, {})).toBe(80);
    expect(widthOf(0, { COLUMNS: '100' })).toBe(100);
    expect(widthOf(undefined, { COLUMNS: '60' })).toBe(60);
    expect(widthOf(undefined, {})).toBe(80);
    for (const bad of ['', '0', '-5', 'wide', '72.5'])
      expect(widthOf(undefined, { COLUMNS: bad })).toBe(80);
  });
});
