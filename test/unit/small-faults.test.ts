/** Issue 13, item 12: small ones (an empty campaign key, the journal key of a base URL). */
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalServiceUrl } from '../../src/net.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { importEnv, processedPhones, write } from '../helpers/import.js';

const emus: RunningEmulator[] = [];
afterAll(async () => {
  for (const e of emus) await e.close();
});

describe('--campaign ""', () => {
  it.each([[''], ['   ']])('%j is a usage error (exit 2), nothing sent', async (key) => {
    const emu = await startEmulator({ port: 0 });
    emus.push(emu);
    const cwd = tempDir();
    const file = write(cwd, 'l.csv', 'phone\n0912345678\n');
    const r = await runCli(['import', file, '--campaign', key], { env: importEnv(emu), cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/campaign|no campaign given/);
    expect(emu.store.importRequests).toBe(0);
  });
});

describe('the journal keys the service address in one form', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/?x=1#frag', 'http://127.0.0.1:8787'],
    ['HTTP://User:pw@LOCALHOST:80/', 'http://localhost'],
    ['https://Api.Example.com:443/cacs//', 'https://api.example.com/cacs'],
    ['https://api.example.com.:8443/cacs', 'https://api.example.com:8443/cacs'],
  ])('%s → %s', (given, key) => {
    expect(canonicalServiceUrl(new URL(given))).toBe(key);
  });

  it('a rerun with the address written another way sends nothing again', async () => {
    const emu = await startEmulator({ port: 0 });
    emus.push(emu);
    const cwd = tempDir();
    const file = write(cwd, 'l.csv', 'phone\n0912345678\n0912345679\n');
    const env = importEnv(emu);
    const first = await runCli(['import', file, '--base-url', emu.url], { env, cwd });
    expect(first.code, first.stderr).toBe(0);
    for (const url of [`${emu.url}/`, `${emu.url}/?x=1`, `${emu.url.toUpperCase()}#f`]) {
      const again = await runCli(['import', file, '--base-url', url, '--json'], { env, cwd });
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, alreadyImported: 2 });
    }
    expect(processedPhones(emu)).toEqual(['0912345678', '0912345679']);
    // The journal (not only the ledger) keys the address in one form: with the ledger's lead
    // memory waived, the file's journal still resumes.
    const repeat = await runCli(
      ['import', file, '--base-url', `${emu.url}/?y=2`, '--allow-repeat'],
      {
        env,
        cwd,
      },
    );
    expect(repeat.code, repeat.stderr).toBe(0);
    expect(repeat.stderr).toContain('resuming');
    expect(processedPhones(emu)).toEqual(['0912345678', '0912345679']);
  });
});
