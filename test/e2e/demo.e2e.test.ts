/**
 * `npm run demo` (scripts/demo.js) leaves nothing behind: its /tmp/cacs-demo-* folder goes when
 * it ends, when it is interrupted (Ctrl-C) and when it is killed (SIGTERM). Run as a real
 * process with TMPDIR pointing at a folder of the test's own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

const DEMO = path.join(ROOT, 'scripts', 'demo.js');

/** Start the demo; resolves its exit code and output; `when` sends a signal once a line shows. */
function runDemo(
  tmp: string,
  when?: { after: RegExp; signal: NodeJS.Signals },
): Promise<{ code: number | null; out: string; sawFolder: string | undefined }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEMO], {
      env: { PATH: process.env.PATH, HOME: tmp, TMPDIR: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let sent = false;
    let sawFolder: string | undefined;
    const onData = (c: Buffer) => {
      out += c.toString('utf8');
      const folder = /working folder (\S+)/.exec(out);
      if (folder && sawFolder === undefined) {
        sawFolder = folder[1]!;
        // The folder exists while the demo runs.
        expect(fs.existsSync(sawFolder)).toBe(true);
      }
      if (when && !sent && when.after.test(out)) {
        sent = true;
        child.kill(when.signal);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, sawFolder });
    });
  });
}

const leftovers = (tmp: string) => fs.readdirSync(tmp).filter((f) => f.startsWith('cacs-demo-'));

describe('npm run demo', () => {
  it('removes its working folder when it is done', async () => {
    const tmp = tempDir('cacs-demo-test-');
    const r = await runDemo(tmp);
    expect(r.code).toBe(0);
    expect(r.out).toContain('working folder removed');
    expect(r.sawFolder?.startsWith(tmp)).toBe(true);
    expect(leftovers(tmp)).toEqual([]);
  }, 120_000);

  it('removes it on Ctrl-C (SIGINT) while a command runs, and exits 130', async () => {
    const tmp = tempDir('cacs-demo-test-');
    const r = await runDemo(tmp, { after: /\$ cacs import/, signal: 'SIGINT' });
    expect(r.code).toBe(130);
    expect(r.out).toContain('SIGINT: stopping the demo');
    expect(r.sawFolder).toBeDefined();
    expect(leftovers(tmp)).toEqual([]);
  }, 120_000);

  it('removes it when killed (SIGTERM) between commands or during one', async () => {
    for (const after of [/working folder/, /\$ cacs report/]) {
      const tmp = tempDir('cacs-demo-test-');
      const r = await runDemo(tmp, { after, signal: 'SIGTERM' });
      expect(r.code).toBe(130);
      expect(leftovers(tmp)).toEqual([]);
    }
  }, 120_000);
});
