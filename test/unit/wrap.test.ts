/**
 * Breaking lines for a terminal (src/cli/render/wrap.ts) and Output's use of it: on a terminal
 * no line of stderr is wider than the terminal unless one word is, no word is cut in two, the
 * words stay in order; off a terminal, and for coloured lines a view laid out, nothing changes.
 */
import { PassThrough, Readable } from 'node:stream';
import { Chalk } from 'chalk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Output, type IO } from '../../src/cli/context.js';
import { fitLine } from '../../src/cli/render/wrap.js';

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

  it('leaves a line that fits, or one with colour codes, as it is', () => {
    expect(fitLine('short line', 40)).toBe('short line');
    const coloured = `\u001b[33m${'word '.repeat(30)}\u001b[39m`;
    expect(fitLine(coloured, 40)).toBe(coloured);
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
