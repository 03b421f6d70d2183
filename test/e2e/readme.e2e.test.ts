/**
 * The README documents every command and flag that --help shows, and every exit code; its
 * quickstart, followed literally, leaves the checkout as it was.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { exitCodeHelp } from '../../src/errors.js';
import { BIN, ROOT, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

function flagsOf(help: string): string[] {
  const options = help.split(/\nOptions:\n/)[1]?.split(/\n\n/)[0] ?? '';
  return [...options.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)]
    .map((m) => m[1]!)
    .filter((f) => f !== '--help');
}

describe('README and --help agree', () => {
  it.each([
    [[]],
    [['import']],
    [['report']],
    [['emulator']],
    [['config', 'show']],
    [['config', 'init']],
    [['history', 'list']],
    [['history', 'show']],
    [['history', 'find']],
    [['reconcile']],
  ])('every flag of cacs %j is in the README', async (command) => {
    const r = await runCli([...command, '--help']);
    const flags = flagsOf(r.stdout);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) {
      expect(README, `${flag} of ${command.join(' ') || 'cacs'}`).toMatch(
        new RegExp(`(?:[\`/[]|, )${flag}\\b`),
      );
    }
  });

  it('every command is in the README', async () => {
    const r = await runCli(['--help']);
    const commands = [
      ...(r.stdout.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '').matchAll(/^\s{2}(\w+)/gm),
    ]
      .map((m) => m[1]!)
      .filter((c) => c !== 'help');
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const c of commands) expect(README).toContain(`cacs ${c}`);
  });

  it('the exit code table matches', () => {
    for (const [code] of exitCodeHelp())
      expect(README).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
  });
});

/** Every file under dir, relative to it (node_modules, dist and .git left out). */
function filesUnder(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git'].includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p, base));
    else out.push(path.relative(base, p));
  }
  return out;
}

describe('README quickstart', () => {
  it('followed literally (in the checkout), imports and reports and leaves no file in the checkout', async () => {
    const block = README.split(/^## Quickstart against the emulator$/m)[1]?.match(
      /^```sh\n([\s\S]*?)^```$/m,
    )?.[1];
    expect(block).toBeDefined();
    const lines = block!
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter((l) => l !== '');
    // Terminal 1 is this emulator; terminal 2 runs the rest in a shell, in the checkout.
    expect(lines[0]).toBe('cacs emulator');
    const emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    const tmp = tempDir('cacs-quickstart-');
    const before = filesUnder(path.join(ROOT, 'examples'));
    try {
      const script = [
        `cacs() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }`,
        ...lines
          .slice(1)
          .flatMap((l) => [
            l.replaceAll('http://127.0.0.1:8787', emu.url).replaceAll('emulator-token', emu.token),
            'echo "exit $?" >&2',
          ]),
        'echo "work $work" >&2',
      ].join('\n');
      const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
        (resolve, reject) => {
          const child = spawn('bash', ['-c', script], {
            cwd: ROOT,
            env: isolatedEnv({ TMPDIR: tmp }) as NodeJS.ProcessEnv,
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
          child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
          child.on('error', reject);
          child.on('close', (code) => resolve({ code, stdout, stderr }));
        },
      );
      // export, the scratch copy, the import (rows rejected on purpose: 3), the report.
      expect(
        [...r.stderr.matchAll(/^exit (\d+)$/gm)].map((m) => Number(m[1])),
        r.stderr,
      ).toEqual([0, 0, 3, 0]);
      expect(r.stderr).toMatch(/imported\s+10/);
      expect(r.stdout).toContain('0912345678');
      // The sidecars went beside the copy, in the scratch folder under TMPDIR.
      const work = /^work (.+)$/m.exec(r.stderr)?.[1];
      expect(work?.startsWith(fs.realpathSync(tmp)) || work?.startsWith(tmp)).toBe(true);
      expect(fs.readdirSync(work!).sort()).toEqual([
        'leads.csv',
        'leads.csv.rejects.csv',
        'leads.csv.skipped.csv',
      ]);
    } finally {
      await emu.close();
      const after = filesUnder(path.join(ROOT, 'examples'));
      // Whatever the quickstart left in the checkout is removed, and the test fails.
      for (const f of after.filter((x) => !before.includes(x)))
        fs.rmSync(path.join(ROOT, 'examples', f), { force: true });
      expect(after).toEqual(before);
    }
  }, 120_000);
});
