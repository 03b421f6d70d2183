/**
 * The library's messages come from the message module (issue 23 item 4): said in another
 * language's catalog when one is chosen (setLanguage), in English otherwise — the exit codes'
 * help prose, a configuration's problems, a file that cannot be written, the settings' and the
 * service's hints. A stand-in catalog (a few ids in capitals) shows each message is the
 * catalog's, not a literal in the module; real files and a real named pipe where a file is
 * written.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AtomicFile } from '../../src/atomic-write.js';
import { requireCampaign, type Settings } from '../../src/config/settings.js';
import { ConfigError, exitCodeHelp, exitCodesSentence } from '../../src/errors.js';
import { sidecarWriteError } from '../../src/leads/rejects.js';
import { setFaceWords, setLanguage, t, type MessageId } from '../../src/messages/index.js';
import { tempDir } from '../helpers/tmp.js';

/** A catalog that says a few library messages in capitals (English for the rest). */
const SHOUTING: Partial<Record<MessageId, string>> = {
  'cli.exitCode.OK.help': 'EVERYTHING DONE',
  'cli.exitCode.import.USAGE': 'BAD INPUT',
  'cli.exitCodes.sentence': 'EXIT CODES: {codes}.',
  'config.problems.other': '{file}: {count} PROBLEMS:\n{problems}',
  'config.problems.hint': 'FIX THE FILE.',
  'write.pipeWithoutReader': '{file}: NO READER',
  'leads.sidecar.cannotWrite': 'CANNOT WRITE {file} IN {dir} ({why})',
  'leads.sidecar.why.ENOTDIR': 'NOT A FOLDER',
  'config.campaign.missing': 'NO CAMPAIGN',
};

afterEach(() => {
  setLanguage('en');
  setFaceWords({});
});

describe("the library's messages are the message module's", () => {
  it("the exit codes: the help table and a command's sentence", () => {
    const english = exitCodesSentence('import');
    expect(english).toMatch(/^Exit codes: 0 done, 2 bad input \(nothing sent\), 3 /);
    expect(exitCodeHelp()[0]).toEqual([0, 'everything asked for was done']);

    setLanguage('en', SHOUTING);
    expect(exitCodeHelp()[0]).toEqual([0, 'EVERYTHING DONE']);
    expect(exitCodesSentence('import')).toMatch(/^EXIT CODES: 0 done, 2 BAD INPUT, 3 /);
  });

  it("a configuration's problems, counted", () => {
    const one = new ConfigError('cacs.yaml', ['a: wrong']);
    expect(one.message).toBe('cacs.yaml: a problem in the configuration:\n  - a: wrong');
    const two = new ConfigError('cacs.yaml', ['a: wrong', 'b: wrong']);
    expect(two.message).toBe(
      'cacs.yaml: 2 problems in the configuration:\n  - a: wrong\n  - b: wrong',
    );

    setLanguage('en', SHOUTING);
    const said = new ConfigError('cacs.yaml', ['a: wrong', 'b: wrong']);
    expect(said.message).toBe('cacs.yaml: 2 PROBLEMS:\n  - a: wrong\n  - b: wrong');
    expect(said.hint).toBe('FIX THE FILE.');
  });

  it('a named pipe nothing reads, and a sidecar whose folder is a file', () => {
    const dir = tempDir('cacs-catalog-');
    const fifo = path.join(dir, 'out.pipe');
    execFileSync('mkfifo', [fifo]);
    const open = () => {
      try {
        AtomicFile.open(fifo).discard();
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error('opened a pipe without a reader');
    };
    expect(open()).toBe(`${fifo} is a named pipe that nothing is reading`);
    const notDir = Object.assign(new Error('ENOTDIR'), { code: 'ENOTDIR' });
    const file = path.join(dir, 'leads.csv', 'out.csv');
    expect(sidecarWriteError(file, notDir).message).toBe(
      `cannot write out.csv in ${path.dirname(file)} (not a folder)`,
    );

    setLanguage('en', SHOUTING);
    expect(open()).toBe(`${fifo}: NO READER`);
    expect(sidecarWriteError(file, notDir).message).toBe(
      `CANNOT WRITE out.csv IN ${path.dirname(file)} (NOT A FOLDER)`,
    );
    fs.rmSync(fifo);
  });

  it('the settings: no campaign given', () => {
    const settings = { campaigns: {} } as unknown as Settings;
    setLanguage('en', SHOUTING);
    expect(() => requireCampaign(settings)).toThrow('NO CAMPAIGN');
    expect(t('config.campaign.missing')).toBe('NO CAMPAIGN');
  });
});
