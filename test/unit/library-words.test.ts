/**
 * The library says what to do in words and typed remedies, never by a flag of the command line
 * (issue 23 item 3): an import whose rejects file is its input, a lead an earlier run left
 * uncertain (the reason in the skipped list), reconcile's run that is not in the history or
 * went to another campaign. The CLI words the same messages with its flags (render/advice.ts
 * useCliWords, which program.ts calls before a command runs). Over real HTTP against the
 * emulator, with real files and a real state folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { CacsError, createClient, reconcile, runImport } from '../../src/index.js';
import { setFaceWords } from '../../src/messages/index.js';
import { useCliWords } from '../../src/cli/render/advice.js';

/** A flag of the command line, as a message would name it. */
const FLAG = /(^|[\s(])--[a-z]/;

let emu: RunningEmulator | undefined;
let dir: string;

beforeEach(() => {
  // The library's own words, whatever a CLI run in this process set before.
  setFaceWords({});
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-words-'));
});

afterEach(async () => {
  setFaceWords({});
  await emu?.close();
  emu = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** The error `p` rejects with (a CacsError, or the test fails). */
async function thrown(p: Promise<unknown>): Promise<CacsError> {
  const e: unknown = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(CacsError);
  return e as CacsError;
}

/** An import into `summer` whose answers are lost: its lead is left uncertain. */
async function leaveUncertain() {
  emu = await startEmulator({
    port: 0,
    campaigns: [{ key: 'summer' }, { key: 'winter' }],
    faults: { dropAfterRate: 1 },
  });
  const client = createClient({ baseUrl: emu.url, token: emu.token });
  const stateDir = path.join(dir, 'state');
  const file = write('leads.csv', 'phone_number,name\n0912345678,An\n');
  const first = await runImport({ client, stateDir, file, campaignKey: 'summer', rows: 'data' });
  expect(first.uncertain).toBe(1);
  return { client, stateDir, file, runId: first.runId! };
}

describe('library messages name no flag; the CLI words them with its flags', () => {
  it('a rejects file that is the input: the rejects file, and the remedy as an id', async () => {
    const file = write('leads.csv', 'phone_number,name\n0912345678,An\n');
    const attempt = () =>
      runImport({ file, rejectsPath: file, campaignKey: 'summer', dryRun: true, stateDir: false });
    const e = await thrown(attempt());
    expect(e.message).toBe(`the rejects file would overwrite the file being imported (${file})`);
    expect(e.hint).toBe('Choose another file for the rejects, or rename the input.');
    expect(e.remedies).toEqual(['choose_rejects_file']);
    expect(FLAG.test(e.message) || FLAG.test(e.hint!)).toBe(false);

    useCliWords();
    const cli = await thrown(attempt());
    expect(cli.message).toBe(`--rejects would overwrite the file being imported (${file})`);
    expect(cli.hint).toBe('Choose another file with --rejects, or rename the input.');
  });

  it('a lead an earlier run left uncertain: the skipped reason says how to resend it, in words', async () => {
    const { client, stateDir, file } = await leaveUncertain();
    const again = () => runImport({ client, stateDir, file, campaignKey: 'summer', rows: 'data' });
    const lib = await again();
    expect(lib.skippedRows).toHaveLength(1);
    const reason = lib.skippedRows![0]!.reason;
    expect(reason).toMatch(
      /resend it only if it is not there \(an import that retries uncertain leads\)$/,
    );
    expect(FLAG.test(reason)).toBe(false);

    useCliWords();
    const cli = await again();
    expect(cli.skippedRows![0]!.reason).toMatch(
      /resend it only if it is not there \(--retry-uncertain\)$/,
    );
  });

  it("reconcile's run: not in the history, or into another campaign, said without --run", async () => {
    const { client, stateDir, runId } = await leaveUncertain();
    const missing = () => reconcile({ client, stateDir, campaignKey: 'summer', run: 'r1999' });
    const elsewhere = () => reconcile({ client, stateDir, campaignKey: 'winter', run: runId });

    const none = await thrown(missing());
    expect(none.message).toBe('no run r1999 in the history');
    const other = await thrown(elsewhere());
    expect(other.message).toBe(
      `run ${runId} imported into campaign summer at ${emu!.url}, not winter at ${emu!.url}`,
    );
    expect(other.hint).toBe("Reconcile campaign summer instead (and at that service's address).");
    for (const text of [none.message, none.hint!, other.message, other.hint!])
      expect(FLAG.test(text)).toBe(false);

    useCliWords();
    expect((await thrown(missing())).message).toBe('--run: no run r1999 in the history');
    const cli = await thrown(elsewhere());
    expect(cli.message).toBe(`--run: ${other.message}`);
    expect(cli.hint).toBe("Give --campaign summer (and that service's address).");
  });
});
