/**
 * One representation of failure: an import that stops early returns one typed stop (code,
 * message, hint, remedies) built by the library, and the library names no CLI flag — the
 * remedies that are flags (`--restart`, `--allow-repeat`) are ids the CLI words. Over real
 * HTTP against the emulator, with a real state folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { CacsError, ExitCode, createClient, runImport } from '../../src/index.js';
import { flagsFor } from '../../src/cli/render/advice.js';

let emu: RunningEmulator | undefined;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-stop-'));
});

afterEach(async () => {
  await emu?.close();
  emu = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

function leads(): string {
  const file = path.join(dir, 'leads.csv');
  fs.writeFileSync(file, 'phone_number,name\n0912345678,An\n0987654312,Binh\n');
  return file;
}

/** No text the library wrote for a person names a flag of the command line. */
function expectNoFlag(text: string | undefined): void {
  expect(text ?? '').not.toMatch(/(^|\s|\()--[a-z]/);
}

describe('an import that stops early', () => {
  it('returns one typed stop: a refused token is code refused, with its advice as remedies', async () => {
    emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    const client = createClient({ baseUrl: emu.url, token: 'not-the-token' });
    const s = await runImport({
      file: leads(),
      campaignKey: 'summer',
      client,
      stateDir: path.join(dir, 'state'),
    });
    expect(s.exitCode).toBe(ExitCode.REFUSED);
    expect(s.stop).toEqual({
      code: 'refused',
      exitCode: ExitCode.REFUSED,
      message: expect.stringMatching(/^stopped: /) as string,
      hint: 'Nothing more was sent. Check the token and campaign (cacs config show), then run the same command again.',
      remedies: ['check_access', 'run_again'],
    });
    // The older fields say the same stop.
    expect(s.stop!.message).toBe(`stopped: ${s.stoppedBecause}`);
    expect(s.stoppedCode).toBe('refused');
    expect(s.stoppedHint).toBe(s.stop!.hint);
    expectNoFlag(s.stop!.message);
    expectNoFlag(s.stop!.hint);
  });

  it('a run that did what it could has no stop', async () => {
    emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const s = await runImport({ file: leads(), campaignKey: 'summer', client, stateDir: false });
    expect(s.exitCode).toBe(ExitCode.OK);
    expect(s.stop).toBeUndefined();
  });

  it('leads sent earlier: what sends them again is remedies, worded as flags by the CLI alone', async () => {
    emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const file = leads();
    const stateDir = path.join(dir, 'state');
    await runImport({ file, campaignKey: 'summer', client, stateDir });
    const again = await runImport({ file, campaignKey: 'summer', client, stateDir });
    expect(again.sentEarlier?.ledger).toBe(2);
    // This file's journal knows the run too: both the journal and the ledger are set aside.
    expect(again.sentEarlier?.resend).toEqual(['restart', 'allow_repeat']);
    expect(flagsFor(again.sentEarlier!.resend)).toEqual(['--restart', '--allow-repeat']);
    // A copy of the file under another name: only the ledger holds it back.
    const copy = path.join(dir, 'copy.csv');
    fs.writeFileSync(copy, 'phone_number,name\n0912345678,An\n');
    const other = await runImport({ file: copy, campaignKey: 'summer', client, stateDir });
    expect(other.sentEarlier?.resend).toEqual(['allow_repeat']);
  });

  it('a thrown CacsError is the same shape: error.stop', () => {
    const e = new CacsError('the lock is held', ExitCode.FAILURE, {
      category: 'locked',
      hint: 'Wait for it.',
      remedies: ['run_again'],
    });
    expect(e.stop).toEqual({
      code: 'locked',
      exitCode: 1,
      message: 'the lock is held',
      hint: 'Wait for it.',
      remedies: ['run_again'],
    });
  });
});
