/**
 * A batch that provably did not go (the service refused the token, so nothing was processed)
 * gives its leads back the state the ledger held before the run: a lead retried with
 * --retry-uncertain stays uncertain, one sent again with --allow-repeat stays accepted. Making
 * them "not imported" let the next plain run send them again (found by an audit). Over real
 * HTTP against the emulator, with the file store.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, processedPhones, write } from '../helpers/import.js';

const emulators = emulatorPool();
const LEADS = 'phone,name\n0911000001,An\n0911000002,Bình\n';

describe('a batch that did not go gives the ledger back what it held', () => {
  it('--retry-uncertain refused: the leads stay uncertain; the next plain run sends nothing', async () => {
    // Every request processed, its answer lost: the first run leaves both leads uncertain.
    // (The emulator reads its faults object on each request: cleared below.)
    const faults = { dropAfterRate: 1 };
    const emu = await emulators.start({ faults });
    const cwd = tempDir();
    const env = importEnv(emu);
    const f = write(cwd, 'x.csv', LEADS);
    const first = await importJson([f, '--timeout', '2000'], env, cwd);
    expect(first.code).toBe(5);
    const sent = processedPhones(emu).length;
    expect(sent).toBe(2);
    faults.dropAfterRate = 0;
    // The retry is refused as a whole (wrong token): provably not processed.
    const refused = await importJson(
      [f, '--retry-uncertain'],
      { ...env, CACS_ACCESS_TOKEN: 'not-the-token' },
      cwd,
    );
    expect(refused.code).toBe(4);
    expect(processedPhones(emu).length).toBe(sent);
    // A plain run: they are still uncertain, held back; nothing is sent again.
    const plain = await importJson([f], env, cwd);
    expect(plain.summary.imported).toBe(0);
    expect(plain.summary.uncertainEarlier).toBe(2);
    expect(processedPhones(emu).length).toBe(sent);
  });

  it('--allow-repeat refused: the leads stay accepted; another file with them sends nothing', async () => {
    const emu = await emulators.start();
    const cwd = tempDir();
    const env = importEnv(emu);
    const f = write(cwd, 'x.csv', LEADS);
    expect((await importJson([f], env, cwd)).summary.imported).toBe(2);
    const refused = await importJson(
      [f, '--allow-repeat', '--restart'],
      { ...env, CACS_ACCESS_TOKEN: 'not-the-token' },
      cwd,
    );
    expect(refused.code).toBe(4);
    const sent = processedPhones(emu).length;
    const g = write(cwd, 'r.csv', LEADS);
    const other = await importJson([g], env, cwd);
    expect(other.summary.imported).toBe(0);
    expect(other.summary.alreadyImported).toBe(2);
    expect(processedPhones(emu).length).toBe(sent);
  });
});
