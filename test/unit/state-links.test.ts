/**
 * A link at the name of a state file cacs appends to (a ledger, a journal) is never followed
 * (session 24, defence in depth: the state folder itself is checked to be the user's or root's,
 * state-distrust.e2e.test.ts). Before, the ledger was cut and appended to through the link, and
 * a journal without one complete record was truncated to 0 bytes through it: the file it named
 * — any file of the runner's — was changed. Now the run stops (exit 1, write_failed) naming the
 * folder, before anything is sent; the file the link names is left as it was.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomicSync } from '../../src/atomic-write.js';
import { ledgerFile } from '../../src/state/file/ledger.js';
import { describeStateFailure } from '../../src/state/file/state-write.js';
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

const ledgerOf = (emu: { url: string }, env: Record<string, string | undefined>) =>
  ledgerFile({
    stateDir: env.CACS_STATE_DIR!,
    baseUrl: canonicalServiceUrl(new URL(emu.url)),
    campaignKey: 'summer',
  });

describe('a link at the name of a state file', () => {
  it('the ledger: the import stops before sending (exit 1), the file the link names unchanged', async () => {
    const { emu, dir, env, victim } = await setup();
    write(dir, 'a.csv', CSV('0912345001'));
    expect((await runCli(['import', 'a.csv'], { env, cwd: dir })).code).toBe(0);
    const ledger = ledgerOf(emu, env);
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

  it("the ledger's description (.json): the import stops before sending, the file it names unchanged", async () => {
    const { emu, dir, env, victim } = await setup();
    write(dir, 'a.csv', CSV('0912345001'));
    expect((await runCli(['import', 'a.csv'], { env, cwd: dir })).code).toBe(0);
    const meta = ledgerOf(emu, env).replace(/\.ledger$/, '.json');
    linkInPlace(meta, victim);
    const before = emu.store.received.length;
    write(dir, 'b.csv', CSV('0912345002'));
    const r = await runCli(['import', 'b.csv'], { env, cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`a link stands in ${path.dirname(meta)} where a file`);
    expect(emu.store.received.length).toBe(before);
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me\n'.repeat(10));
  });

  it.each(['ledger', 'journal'])(
    'cacs forget with a link at the %s: stops (exit 1), the file the link names unchanged',
    async (which) => {
      const { emu, dir, env, victim } = await setup();
      write(dir, 'a.csv', CSV('0912345001', '0912345002'));
      expect((await runCli(['import', 'a.csv'], { env, cwd: dir })).code).toBe(0);
      const journals = path.join(env.CACS_STATE_DIR!, 'journals');
      const file =
        which === 'ledger'
          ? ledgerOf(emu, env)
          : path.join(
              journals,
              fs.readdirSync(journals).find((f) => f.endsWith('.jsonl'))!,
            );
      // What the link names: a copy of the file (its records, or the number in a CSV).
      const content =
        which === 'ledger' ? fs.readFileSync(file) : Buffer.from('name,phone\nAn,0912345001\n');
      fs.writeFileSync(victim, content);
      fs.chmodSync(victim, 0o644);
      linkInPlace(file, victim);
      const r = await runCli(['forget', '0912345001'], { env, cwd: dir });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`a link stands in ${path.dirname(file)} where a file`);
      expect(fs.readFileSync(victim).equals(content)).toBe(true);
      expect(fs.statSync(victim).mode & 0o777).toBe(0o644);
    },
  );

  it('a state file written whole (noFollow): a link is refused (ELOOP), a named pipe too (EFTYPE), each said in words', () => {
    const dir = tempDir('cacs-state-links-');
    cleanup.push(dir);
    const victim = write(dir, 'precious.txt', 'keep me\n');
    const link = path.join(dir, 'bookmark.json');
    fs.symlinkSync(victim, link);
    expect(() => writeFileAtomicSync(link, 'x', { noFollow: true })).toThrow(
      expect.objectContaining({ code: 'ELOOP' }),
    );
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me\n');
    const pipe = path.join(dir, 'statuses.json');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    // Refused before it is opened: no reader, and no hang.
    expect(() => writeFileAtomicSync(pipe, 'x', { noFollow: true })).toThrow(
      expect.objectContaining({ code: 'EFTYPE' }),
    );
    expect(fs.statSync(pipe).isFIFO()).toBe(true);
    // A regular file or a new name: written as before.
    writeFileAtomicSync(path.join(dir, 'new.json'), 'x', { noFollow: true });
    writeFileAtomicSync(victim, 'y', { noFollow: true });
    expect(fs.readFileSync(victim, 'utf8')).toBe('y');
    expect(describeStateFailure(dir, 'ELOOP').why).toBe(
      `a link stands in ${dir} where a file of cacs should be`,
    );
    expect(describeStateFailure(dir, 'EFTYPE').why).toBe(
      `something that is no file (a named pipe, a device) stands in ${dir} where a file of cacs should be`,
    );
  });

  it('a link in the state folder to a named pipe is refused (exit 2) before anything opens it; one that cannot be followed is passed over (third review)', async () => {
    const { emu, dir, env } = await setup();
    write(dir, 'a.csv', CSV('0912345001'));
    expect((await runCli(['import', 'a.csv'], { env, cwd: dir })).code).toBe(0);
    const stateDir = env.CACS_STATE_DIR!;
    // A stray link nothing can follow (a name too long): every command goes on, as before.
    fs.symlinkSync('a'.repeat(300), path.join(stateDir, 'stray'));
    expect((await runCli(['history'], { env, cwd: dir })).code).toBe(0);
    // The same process again, after a pipe appeared in a folder it listed: listed again.
    const pipe = path.join(dir, 'fifo');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const runs = path.join(stateDir, 'history', 'runs.jsonl');
    fs.renameSync(runs, `${runs}.bak`);
    fs.symlinkSync(pipe, runs);
    // Were it opened, `history` would hang here (no writer ever comes).
    const r = await runCli(['history'], { env, cwd: dir });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${runs} is no file or folder`);
    fs.rmSync(runs);
    fs.renameSync(`${runs}.bak`, runs);
    expect((await runCli(['history'], { env, cwd: dir })).code).toBe(0);
    // A pipe put straight into the ledgers' folder, between two runs of one process.
    const ledgers = path.dirname(ledgerOf(emu, env));
    expect(spawnSync('mkfifo', [path.join(ledgers, 'x.ledger')]).status).toBe(0);
    const again = await runCli(['history'], { env, cwd: dir });
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toContain('x.ledger is no file or folder');
  });
});
