/**
 * Undecodable bytes are exit 2 with the file and line in every encoding, never sent as `�`
 * (review, session 16): `--encoding utf-8` (any spelling of UTF-8's name) reads as strictly as
 * the default; a byte a legacy code page has no character for, a lone UTF-16 surrogate and a
 * UTF-16 file cut inside a character are refused. Excel's `sep=;` first line is said as such; a
 * do-not-call list in another encoding is told to be saved as UTF-8 (lists take no encoding).
 * Python's codecs agree on which bytes are undecodable (checked where python3 is there).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const HEADER = Buffer.from('phone,name\n');
/** "Nguyễn Văn An" as windows-1258 writes it (ê = 0xEA, ă = 0xE3; the tone a combining mark). */
const CP1258_ROW = Buffer.from([
  ...Buffer.from('0912345678,Nguy'),
  0xea,
  0xde, // combining tilde in windows-1258
  ...Buffer.from('n V'),
  0xe3,
  ...Buffer.from('n An\n'),
]);

async function dry(dir: string, file: string, args: string[] = []) {
  const r = await runCli(['import', file, '--dry-run', '--json', ...args], {
    env: isolatedEnv(),
    cwd: dir,
  });
  return { ...r, json: JSON.parse(r.stdout) as Record<string, unknown> };
}

function write(dir: string, name: string, bytes: Buffer): string {
  fs.writeFileSync(path.join(dir, name), bytes);
  return name;
}

/** Whether Python's codec refuses these bytes (undefined: no python3 here). */
function pythonRefuses(bytes: Buffer, codec: string): boolean | undefined {
  const r = spawnSync(
    '/usr/bin/python3',
    ['-c', `import sys; sys.stdin.buffer.read().decode(${JSON.stringify(codec)})`],
    { input: bytes },
  );
  if (r.error) return undefined;
  return r.status !== 0;
}

describe('undecodable bytes are exit 2, whatever the encoding', () => {
  it('--encoding utf-8, UTF-8, UTF8, unicode-1-1-utf-8: strict, as the default', async () => {
    const dir = tempDir();
    const f = write(dir, 'leads.csv', Buffer.concat([HEADER, CP1258_ROW]));
    for (const label of [undefined, 'utf-8', 'UTF-8', 'UTF8', 'utf8', 'unicode-1-1-utf-8']) {
      const r = await dry(dir, f, label === undefined ? [] : ['--encoding', label]);
      expect(r.code, String(label)).toBe(2);
      expect(r.json.error).toMatchObject({ message: 'leads.csv:2: the file is not valid UTF-8' });
    }
    // Read as what it is, it is fine.
    const ok = await dry(dir, f, ['--encoding', 'windows-1258']);
    expect(ok.code).toBe(0);
    expect(ok.json).toMatchObject({ valid: 1 });
  });

  it('a byte windows-1258 has no character for (0x81 on line 3): exit 2 naming the line', async () => {
    const dir = tempDir();
    const bytes = Buffer.concat([
      HEADER,
      CP1258_ROW,
      Buffer.from('0912345679,B'),
      Buffer.from([0x81]),
      Buffer.from('\n'),
    ]);
    expect(pythonRefuses(bytes, 'cp1258') ?? true).toBe(true);
    const f = write(dir, 'leads.csv', bytes);
    const r = await dry(dir, f, ['--encoding', 'windows-1258']);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatchObject({
      message: 'leads.csv:3: the file has bytes that are not windows-1258 text',
    });
  });

  it('UTF-16 with a BOM: a lone surrogate, or a file cut inside a character, is exit 2', async () => {
    const dir = tempDir();
    const text = (s: string) => Buffer.from(s, 'utf16le');
    const bom = Buffer.from([0xff, 0xfe]);
    const lone = Buffer.concat([
      bom,
      text('phone,name\n0912345678,An\n0912345679,B'),
      Buffer.from([0x00, 0xd8]), // a high surrogate with no low one after it
      text('\n'),
    ]);
    expect(pythonRefuses(lone, 'utf-16') ?? true).toBe(true);
    const r1 = await dry(dir, write(dir, 'lone.csv', lone));
    expect(r1.code).toBe(2);
    expect(r1.json.error).toMatchObject({
      message: 'lone.csv:3: the file has bytes that are not utf-16le text',
    });
    const odd = Buffer.concat([bom, text('phone,name\n0912345678,An\n'), Buffer.from([0x41])]);
    expect(pythonRefuses(odd, 'utf-16') ?? true).toBe(true);
    const r2 = await dry(dir, write(dir, 'odd.csv', odd));
    expect(r2.code).toBe(2);
    expect(String((r2.json.error as { message: string }).message)).toMatch(
      /^odd\.csv:3: the file has bytes that are not utf-16le text$/,
    );
    // The same file whole reads.
    const whole = Buffer.concat([bom, text('phone,name\n0912345678,An\n')]);
    const r3 = await dry(dir, write(dir, 'whole.csv', whole));
    expect(r3.code).toBe(0);
  });
});

describe("Excel's sep= line, and a do-not-call list in windows-1258", () => {
  it('"sep=;" first: exit 2 saying what the line is', async () => {
    const dir = tempDir();
    const f = write(
      dir,
      'leads.csv',
      Buffer.from('sep=;\r\nSố điện thoại;Họ tên\r\n0912345678;Nguyễn Văn An\r\n'),
    );
    const r = await runCli(['import', f, '--dry-run'], { env: isolatedEnv(), cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'leads.csv: the first line is Excel\'s "sep=;" line, not the header row',
    );
  });

  it('a list in windows-1258 is told to be saved as UTF-8, not given an encoding it cannot take', async () => {
    const dir = tempDir();
    write(dir, 'leads.csv', Buffer.from('phone,name\n0912345678,An\n'));
    write(
      dir,
      'dnc.csv',
      Buffer.concat([Buffer.from('S'), Buffer.from([0xf4]), Buffer.from(';Ly do\n0912345678;x\n')]),
    );
    const r = await runCli(['import', 'leads.csv', '--dry-run', '--suppress', 'dnc.csv'], {
      env: isolatedEnv(),
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('dnc.csv:1: the file is not valid UTF-8');
    expect(r.stderr).toContain('Save the list as UTF-8');
    expect(r.stderr).not.toContain('--encoding');
  });
});

describe('a header row ending with a delimiter (phone;name;), as exports often write it', () => {
  it('read while every row leaves the unnamed column empty; a value there is exit 2 naming its line', async () => {
    const dir = tempDir();
    const ok = write(dir, 'ok.csv', Buffer.from('phone;name;\n0912345678;An;\n12;Bad;\n'));
    const r = await dry(dir, ok);
    expect(r.code).toBe(3);
    expect(r.json).toMatchObject({ valid: 1, rejected: 1 });
    // The list repeats the input's columns, the unnamed one too.
    expect(fs.readFileSync(path.join(dir, 'ok.csv.rejects.csv'), 'utf8').split('\n')[0]).toBe(
      'line;code;reason;phone;name;',
    );
    const bad = write(
      dir,
      'bad.csv',
      Buffer.from('phone;name;\n0912345678;An;\n0912345679;B;oops\n'),
    );
    const r2 = await dry(dir, bad);
    expect(r2.code).toBe(2);
    expect(r2.json.error).toMatchObject({
      message: 'bad.csv:3: column 3 has no header, but this row has a value in it',
    });
    // A column without a header between two named ones is still refused at once.
    const middle = write(dir, 'middle.csv', Buffer.from('phone;;name\n0912345678;;An\n'));
    const r3 = await dry(dir, middle);
    expect(r3.code).toBe(2);
    expect(r3.json.error).toMatchObject({ message: 'middle.csv: column 2 has no header' });
  });
});
