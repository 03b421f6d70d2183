/**
 * stdout that cannot be written (`> /dev/full`, an I/O error): one worded line and exit 1, never
 * an uncaught error and its stack (review, session 21: `cacs report > /dev/full` printed an
 * ENOSPC stack; `--version` too). A reader that went away (`| head`) is still no error.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { BIN, isolatedEnv, tempDir } from '../helpers/cli.js';

const FULL = '/dev/full';

/**
 * A real cacs process, waited for without blocking this one (the emulator answers from here):
 * its stdout is `stdout` (a descriptor), its stderr read.
 */
function run(
  args: string[],
  opts: { env: Record<string, string | undefined>; cwd: string; stdout: number | 'ignore' },
  command: string[] = [process.execPath, BIN],
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), ...args], {
      env: opts.env as NodeJS.ProcessEnv,
      cwd: opts.cwd,
      stdio: ['ignore', opts.stdout, 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe.skipIf(!fs.existsSync(FULL))('stdout to /dev/full', () => {
  let emu: RunningEmulator;
  let env: Record<string, string | undefined>;
  let dir: string;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    env = isolatedEnv({
      CACS_BASE_URL: emu.url,
      CACS_ACCESS_TOKEN: emu.token,
      CACS_CAMPAIGN: 'summer',
    });
    dir = tempDir('cacs-stdout-full-');
    fs.writeFileSync(`${dir}/j.csv`, 'phone,name\n0912000001,An\n');
    const imported = await run(['import', 'j.csv', '-q'], { env, cwd: dir, stdout: 'ignore' });
    expect(imported.status, imported.stderr).toBe(0);
  });
  afterAll(async () => {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(env.HOME!, { recursive: true, force: true });
  });

  const toFull = async (args: string[]) => {
    const fd = fs.openSync(FULL, 'w');
    try {
      return await run(args, { env, cwd: dir, stdout: fd });
    } finally {
      fs.closeSync(fd);
    }
  };

  it.each([
    [['--version'], 'could not write to stdout (no space left)'],
    [['--help'], 'could not write to stdout (no space left)'],
    [['report', '--from', 'today'], 'stdout: could not write the report (no space left)'],
    [
      ['report', '--from', 'today', '--join', 'j.csv'],
      'stdout: could not write the report (no space left)',
    ],
    [
      ['report', '--from', 'today', '--lang', 'vi'],
      'stdout: không ghi được báo cáo (hết dung lượng đĩa)',
    ],
  ])('%j: exit 1, said in one line, no stack', async (args, said) => {
    const r = await toFull(args);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain(said);
    expect(r.stderr).not.toMatch(/\n\s+at |internal error|lỗi nội bộ/);
  });

  it('--version in Vietnamese (LANG): said in Vietnamese with its hint; stderr broken too: exit 1, nothing thrown', async () => {
    const full = fs.openSync(FULL, 'w');
    const vi = await run(['--version'], {
      env: { ...env, LANG: 'vi_VN.UTF-8' },
      cwd: dir,
      stdout: full,
    }).finally(() => fs.closeSync(full));
    expect(vi.status).toBe(1);
    expect(vi.stderr).toContain('không ghi được ra stdout (hết dung lượng đĩa)');
    expect(vi.stderr).toContain('Hãy kiểm tra nơi nhận đầu ra');
    const both = await new Promise<number | null>((resolve, reject) => {
      const fd = fs.openSync(FULL, 'w');
      const child = spawn(process.execPath, [BIN, '--version'], {
        env: env as NodeJS.ProcessEnv,
        stdio: ['ignore', fd, fd],
      });
      child.on('error', reject);
      child.on('close', (status) => {
        fs.closeSync(fd);
        resolve(status);
      });
    });
    expect(both).toBe(1);
  });

  it('a command ending with its own code (3: a row rejected) keeps it and warns its --json line was lost', async () => {
    fs.writeFileSync(`${dir}/b.csv`, 'phone,name\n0912000002,An\nabc,Bad\n');
    const r = await toFull(['import', 'b.csv', '--json']);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain(
      'could not write to stdout (no space left): what was printed there is incomplete; the exit code (3) is the command',
    );
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
  });

  it('a reader that went away is no error (exit 0)', async () => {
    // `set -o pipefail` is not in every sh: cacs's own status is written by a subshell.
    const r = await run(
      [
        '-c',
        `{ "${process.execPath}" "${BIN}" report --from today; echo $? > status; } | head -c 1 >/dev/null`,
      ],
      { env, cwd: dir, stdout: 'ignore' },
      ['sh'],
    );
    expect(r.status).toBe(0);
    expect(fs.readFileSync(`${dir}/status`, 'utf8').trim()).toBe('0');
    expect(r.stderr).not.toMatch(/error/);
  });
});
