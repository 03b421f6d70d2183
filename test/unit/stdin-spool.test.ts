/**
 * Stdin, and pipes or devices given by name, are spooled within bounds (DESIGN.md "Limits
 * against hostile or broken answers"): a size cap (import.stdinLimit, CACS_STDIN_LIMIT), an early
 * binary check and a free-space check, each exit 2 with the temp copy removed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseSize } from '../../src/config/schema.js';
import { InterruptedError, UsageError } from '../../src/errors.js';
import { inspectInput } from '../../src/input/inspect.js';
import { DEFAULT_SPOOL_LIMIT, spoolStdin } from '../../src/input/stdin.js';
import { formatBytes } from '../../src/text.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

async function usageError(p: Promise<unknown>): Promise<UsageError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

/** An endless stream of one chunk repeated; `read()` tells how many bytes were taken. */
function endless(chunk: Buffer): { stream: Readable; read: () => number } {
  let n = 0;
  const stream = new Readable({
    read() {
      n += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, read: () => n };
}

describe('the stdin spool is bounded', () => {
  it('has a documented default cap of 1 GiB', () => {
    expect(formatBytes(DEFAULT_SPOOL_LIMIT)).toBe('1 GiB');
  });

  it('stops at once on NUL bytes (e.g. /dev/zero), leaving no temp file', async () => {
    const root = tempDir();
    const zero = endless(Buffer.alloc(64 * 1024));
    const e = await usageError(spoolStdin(zero.stream, { dir: root }));
    expect(e.message).toBe(
      'stdin: looks like a binary file (it contains NUL bytes), not CSV or JSON',
    );
    expect(zero.read()).toBeLessThan(1024 * 1024);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('finds a NUL in the first bytes however they are split', async () => {
    const root = tempDir();
    const e = await usageError(
      spoolStdin(Readable.from([Buffer.from('p'), Buffer.from([0x68, 0]), Buffer.from('one\n')]), {
        dir: root,
      }),
    );
    expect(e.message).toMatch(/^stdin: looks like a binary file/);
    await usageError(spoolStdin(Readable.from([Buffer.from([0x41, 0])]), { dir: root }));
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('lets UTF-16 (BOM or --encoding) and zip/xlsx signatures through', async () => {
    const root = tempDir();
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('phone\n0912345678\n', 'utf16le'),
    ]);
    const a = await spoolStdin(Readable.from([utf16]), { dir: root });
    expect(fs.readFileSync(a.path)).toEqual(utf16);
    a.cleanup();
    const bare = Buffer.from('phone\n0912345678\n', 'utf16le');
    const b = await spoolStdin(Readable.from([bare]), { dir: root, encoding: 'utf-16le' });
    b.cleanup();
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);
    const c = await spoolStdin(Readable.from([zip]), { dir: root });
    c.cleanup();
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('stops as soon as the input passes the limit, leaving no temp file', async () => {
    const root = tempDir();
    const lines = endless(Buffer.from('0912345678\n'.repeat(100)));
    const e = await usageError(spoolStdin(lines.stream, { dir: root, limit: 4096 }));
    expect(e.message).toBe(
      'stdin: more than 4 KiB, the most cacs keeps of an input read through a pipe',
    );
    expect(e.hint).toBe('Import the file by name (cacs import leads.csv).');
    const named = await usageError(
      spoolStdin(endless(Buffer.from('0912345678\n')).stream, {
        dir: root,
        limit: 4096,
        raiseLimit: 'SOME_ENV=<size>',
      }),
    );
    expect(named.hint).toBe(
      'Import the file by name (cacs import leads.csv), or raise the limit with SOME_ENV=<size>.',
    );
    expect(lines.read()).toBeLessThan(64 * 1024);
    expect(fs.readdirSync(root)).toEqual([]);
    // Exactly the limit is kept.
    const ok = await spoolStdin(Readable.from([Buffer.alloc(4096, 0x61)]), {
      dir: root,
      limit: 4096,
    });
    expect(fs.statSync(ok.path).size).toBe(4096);
    ok.cleanup();
  });

  it('refuses to start, or stops, when the folder would keep too little free space', async () => {
    const root = tempDir();
    const MiB = 1024 * 1024;
    const before = await usageError(
      spoolStdin(Readable.from(['phone\n']), { dir: root, freeSpace: () => 10 * MiB }),
    );
    expect(before.message).toBe(
      `stdin: only 10 MiB free in ${root}; cacs needs at least 64 MiB free there to keep a copy of the input`,
    );
    expect(before.hint).toMatch(/TMPDIR/);
    expect(fs.readdirSync(root)).toEqual([]);

    // Plenty at first; then, after 16 MiB, only 70 MiB left: the next MiB would leave < 64.
    let calls = 0;
    const lines = endless(Buffer.alloc(MiB, 0x61));
    const during = await usageError(
      spoolStdin(lines.stream, {
        dir: root,
        freeSpace: () => (calls++ === 0 ? 1000 * MiB : 64.5 * MiB),
      }),
    );
    expect(during.message).toMatch(
      new RegExp(
        `^stdin: not enough free space in ${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: 15 MiB of the input copied, 64\\.5 MiB left free \\(cacs leaves at least 64 MiB\\)$`,
      ),
    );
    expect(lines.read()).toBeLessThan(20 * MiB);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('stops at once on Ctrl-C, even while the pipe sends nothing (exit 130)', async () => {
    const root = tempDir();
    const silent = new Readable({ read() {} });
    silent.push('phone\n0912345678\n');
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    let err: unknown;
    try {
      await spoolStdin(silent, { dir: root, signal: ac.signal });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as InterruptedError).message).toBe(
      'interrupted while reading stdin: nothing was sent',
    );
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('Ctrl-C while the spool file is being opened: the same error, nothing thrown elsewhere, nothing left', async () => {
    const root = tempDir();
    const silent = new Readable({ read() {} });
    const ac = new AbortController();
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      // spoolStdin runs up to its first await (opening the spool file), then the abort comes.
      const spooled = spoolStdin(silent, { dir: root, signal: ac.signal });
      ac.abort();
      const err = await spooled.then(
        () => undefined,
        (e: unknown) => e,
      );
      await new Promise((r) => setImmediate(r));
      expect(err).toBeInstanceOf(InterruptedError);
      expect(uncaught).toEqual([]);
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('CACS_STDIN_LIMIT and import.stdinLimit set the cap for `cacs import -`', async () => {
    const csv = `phone\n${Array.from({ length: 200 }, (_, i) => `091234${String(i).padStart(4, '0')}\n`).join('')}`;
    const env = isolatedEnv({ CACS_STDIN_LIMIT: '1KiB' });
    const r = await runCli(['import', '-', '--dry-run'], { env, stdin: csv });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'stdin: more than 1 KiB, the most cacs keeps of an input read through a pipe',
    );

    const bad = await runCli(['import', '-', '--dry-run'], {
      env: isolatedEnv({ CACS_STDIN_LIMIT: 'lots' }),
      stdin: csv,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/CACS_STDIN_LIMIT: expected a size in bytes/);

    const cwd = tempDir();
    fs.writeFileSync(path.join(cwd, '.cacsrc.json'), '{"import": {"stdinLimit": 2000}}');
    const cfg = await runCli(['import', '-', '--dry-run'], { cwd, stdin: csv });
    expect(cfg.code).toBe(2);
    expect(cfg.stderr).toContain('stdin: more than 2 kB');
    const big = await runCli(['import', '-', '--dry-run', '--json'], {
      env: isolatedEnv({ CACS_STDIN_LIMIT: '1MB' }),
      cwd,
      stdin: csv,
    });
    expect(big.code).toBe(0);
    expect(JSON.parse(big.stdout).total).toBe(200);
  });

  it('parses sizes: bytes, binary and decimal units', () => {
    expect(parseSize(1000)).toBe(1000);
    expect(parseSize('1000')).toBe(1000);
    expect(parseSize('1GiB')).toBe(1024 ** 3);
    expect(parseSize('1G')).toBe(1024 ** 3);
    expect(parseSize('1.5 gb')).toBe(1_500_000_000);
    expect(parseSize('500MB')).toBe(500_000_000);
    expect(parseSize('64k')).toBe(65_536);
    for (const bad of ['', 'lots', '-1', '0', '1 XB', 0, 1.5, true])
      expect(parseSize(bad)).toBe(undefined);
  });
});

describe('inputs that are not regular files', () => {
  it('/dev/zero is refused at once as binary, not "empty"', async () => {
    const r = await runCli(['import', '/dev/zero', '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/dev/zero: looks like a binary file (it contains NUL bytes)');
    const n = await runCli(['import', '/dev/null', '--dry-run']);
    expect(n.code).toBe(2);
    expect(n.stderr).toContain('/dev/null: the file is empty');
  });

  it('a named pipe (FIFO, as from <(…)) is read like stdin', async () => {
    const dir = tempDir();
    const fifo = path.join(dir, 'leads.fifo');
    await new Promise<void>((resolve, reject) => {
      const p = spawn('mkfifo', [fifo]);
      p.on('error', reject);
      p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mkfifo: ${code}`))));
    });
    // A separate process writes it, as a shell would.
    const writer = spawn('sh', [
      '-c',
      'printf "phone\\n0912345678\\n0912345679\\n" > "$1"',
      'sh',
      fifo,
    ]);
    const r = await runCli(['import', fifo, '--dry-run', '--json'], { cwd: dir });
    writer.kill();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: fifo, total: 2 });
    // The library's inspectInput, which is given no spooled copy, names what it is.
    const e = await usageError(inspectInput(fifo, 'leads.fifo', {}));
    expect(e.message).toBe('leads.fifo: is a pipe (FIFO), not a lead file');
    const d = await usageError(inspectInput('/dev/null', '/dev/null', {}));
    expect(d.message).toBe('/dev/null: is a character device, not a lead file');
  });
});
