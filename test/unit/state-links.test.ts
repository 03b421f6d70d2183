/**
 * A link at the name of a state file cacs appends to (a ledger, a journal) is never followed
 * (session 24, defence in depth: the state folder itself is checked to be the user's or root's,
 * state-distrust.e2e.test.ts). Before, the ledger was cut and appended to through the link, and
 * a journal without one complete record was truncated to 0 bytes through it: the file it named
 * — any file of the runner's — was changed. Now the run stops (exit 1, write_failed) naming the
 * folder, before anything is sent; the file the link names is left as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerFile } from '../../src/state/file/ledger.js';
import { canonicalServiceUrl } from '../../src/net.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, write } from '../helpers/import.js';

const emulators = emulatorPool();
const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const CSV = (...phones: string[]) => `phone,name\n${phones.map((p) => `${p},An`).join('\n')}\n`;

async function setup(faults = {}) {
  const emu = await emulators.start({ faults });
  const dir = tempDir('cacs-state-links-');
  const env = importEnv(emu);
  cleanup.push(dir, env.HOME!);
  // Any file of the runner's, which the link names.
  const victim = write(dir, 'precious.txt', 'keep me\n'.repeat(10));
  return { emu, dir, env, victim };
}

/** Replace `file` with a link to `target`. */
function linkInPlace(file: string, target: string): void {
  fs.rmSync(file);
  fs.symlinkSync(target, file);
}

describe('a link at the name of a state file', () => {
  it('the ledger: the import stops before sending (exit 1), the file the link names unchanged', async () => {
    const { emu, dir, env, victim } = await setup();
    write(dir, 'a.csv', CSV('0912345001'));
    expect((await runCli(['import', 'a.csv'], { env, cwd: dir })).code).toBe(0);
    const ledger = ledgerFile({
      stateDir: env.CACS_STATE_DIR!,
      baseUrl: canonicalServiceUrl(new URL(emu.url)),
      campaignKey: 'summer',
    });
    linkInPlace(ledger, victim);
    const before = emu.store.received.length;
    write(dir, 'b.csv', CSV('0912345002'));
    const r = await runCli(['import', 'b.csv'], { env, cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `a link stands in ${path.dirname(ledger)} where a file of cacs should be`,
    );
    expect(r.stderr).toContain('cacs never writes its state through a link');
    expect(r.stderr).not.toContain('internal error');
    expect(emu.store.received.length).toBe(before);
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me\n'.repeat(10));
    expect(fs.lstatSync(ledger).isSymbolicLink()).toBe(true);
  });

  it('an open journal: the rerun stops before sending (exit 1), the file the link names unchanged', async () => {
    const faults = { dropAfterRate: 1 };
    const { emu, dir, env, victim } = await setup(faults);
    write(dir, 'a.csv', CSV('0912345001', '0912345002'));
    expect((await runCli(['import', 'a.csv'], { env, cwd: dir })).code).toBe(5);
    faults.dropAfterRate = 0;
    const journals = path.join(env.CACS_STATE_DIR!, 'journals');
    const open = fs.readdirSync(journals).filter((f) => f.endsWith('.jsonl'));
    expect(open).toHaveLength(1);
    const journal = path.join(journals, open[0]!);
    // A file with no complete line: what the journal's first-record check would truncate.
    fs.writeFileSync(victim, 'no newline here');
    linkInPlace(journal, victim);
    const before = emu.store.received.length;
    const r = await runCli(['import', 'a.csv', '--retry-uncertain'], { env, cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`a link stands in ${journals} where a file of cacs should be`);
    expect(emu.store.received.length).toBe(before);
    expect(fs.readFileSync(victim, 'utf8')).toBe('no newline here');
  });
});
