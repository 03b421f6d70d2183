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
import { CacsError, createClient, reconcile, runImport, runReport } from '../../src/index.js';
import { requireBaseUrl, requireCampaign, type Settings } from '../../src/config/settings.js';
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
    // The library's way to list runs, not the CLI's command (review, session 18).
    expect(none.hint).toBe('List runs with listHistory().');
    const other = await thrown(elsewhere());
    expect(other.message).toBe(
      `run ${runId} imported into campaign summer at ${emu!.url}, not winter at ${emu!.url}`,
    );
    expect(other.hint).toBe('Reconcile campaign summer instead.');
    // Another service's address (review, session 18: the hint did not say which, nor the flag).
    const second = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    try {
      const there = createClient({ baseUrl: second.url, token: second.token });
      const atOther = () =>
        reconcile({ client: there, stateDir, campaignKey: 'summer', run: runId });
      const away = await thrown(atOther());
      expect(away.message).toBe(
        `run ${runId} imported into campaign summer at ${emu!.url}, not summer at ${second.url}`,
      );
      expect(away.hint).toBe(
        `Reconcile campaign summer at ${emu!.url} instead (a client made with that base URL).`,
      );
      for (const text of [none.message, none.hint!, other.message, other.hint!, away.hint!])
        expect(FLAG.test(text)).toBe(false);

      useCliWords();
      const missingCli = await thrown(missing());
      expect(missingCli.message).toBe('--run: no run r1999 in the history');
      expect(missingCli.hint).toBe('List runs with: cacs history');
      const cli = await thrown(elsewhere());
      expect(cli.message).toBe(`--run: ${other.message}`);
      expect(cli.hint).toBe('Give --campaign summer.');
      expect((await thrown(atOther())).hint).toBe(
        `Give --campaign summer --base-url ${emu!.url} (or the profile that has that address).`,
      );
    } finally {
      await second.close();
    }
  });

  it('a rejects file where a file is in the way: chosen in words, or with --rejects', async () => {
    const file = write('leads.csv', 'phone_number,name\n12345,Bad\n');
    // Its "folder" is a file: cacs cannot write there (root or not).
    const rejectsPath = path.join(file, 'out.csv');
    emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const attempt = () =>
      runImport({ client, file, rejectsPath, campaignKey: 'summer', stateDir: false });
    const e = await thrown(attempt());
    expect(e.message).toBe(`cannot write out.csv in ${path.dirname(rejectsPath)} (not a folder)`);
    expect(e.hint).toBe(
      'Make the folder writable, or choose a rejects file in a folder you can write to.',
    );
    expect(FLAG.test(e.hint!)).toBe(false);

    useCliWords();
    const cli = await thrown(attempt());
    expect(cli.message).toBe(e.message);
    expect(cli.hint).toBe(
      'Make the folder writable, or give --rejects <file> in a folder you can write to.',
    );
  });

  it('every numbered rejects name kept: move them, or choose another rejects file', async () => {
    const file = write('leads.csv', 'phone_number,name\n12345,Bad\n');
    // Files cacs did not write, at the rejects name and every numbered name beside it.
    write('leads.csv.rejects.csv', 'mine\n');
    for (let n = 2; n <= 99; n++) write(`leads.csv.rejects-${n}.csv`, 'mine\n');
    const attempt = () => runImport({ file, campaignKey: 'summer', dryRun: true, stateDir: false });
    const e = await thrown(attempt());
    expect(e.message).toBe(
      `${path.join(dir, 'leads.csv.rejects.csv')} is kept (cacs did not write it), and so are leads.csv.rejects-2.csv to leads.csv.rejects-99.csv`,
    );
    expect(e.hint).toBe('Move the lists you still need elsewhere, or choose another rejects file.');

    useCliWords();
    expect((await thrown(attempt())).hint).toBe(
      'Move the lists you still need elsewhere, or give --rejects <file>.',
    );
    expect(fs.readFileSync(path.join(dir, 'leads.csv.rejects.csv'), 'utf8')).toBe('mine\n');
  });

  it('a campaign the service refuses: check the campaign given, or --campaign', async () => {
    emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    const client = createClient({ baseUrl: emu.url, token: emu.token });
    const attempt = () => thrown(runReport({ client, campaignKey: 'autumn', from: '1d' }));
    const e = await attempt();
    expect(e.hint).toBe(
      'Check the campaign given, CACS_CAMPAIGN or the campaigns aliases in your config; the key is case-sensitive.',
    );

    useCliWords();
    expect((await attempt()).hint).toBe(
      'Check --campaign, CACS_CAMPAIGN or the campaigns aliases in your config; the key is case-sensitive.',
    );
  });

  it("a report's range: the library names its options from, to and the zones; the CLI its flags", async () => {
    // Review, session 18: runReport({ from: 'xx' }) said `--from "xx": …` to a library caller.
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 't' });
    const attempt = (o: {
      from: string;
      to?: string;
      timeZone?: string;
      serviceTimeZone?: string;
    }) =>
      thrown(
        runReport({ client, campaignKey: 'summer', now: new Date('2026-11-22T00:00:00Z'), ...o }),
      );
    const bad = await attempt({ from: 'xx' });
    expect(bad.message).toBe('from "xx": not a date or time cacs understands');
    expect((await attempt({ from: '2026-11-01', to: 'yy' })).message).toBe(
      'to "yy": not a date or time cacs understands',
    );
    const reversed = await attempt({ from: '2026-12-01' });
    expect(reversed.message).toMatch(/^from \(2026-12-01 00:00:00\) is later than to \(/);
    expect(reversed.hint).toBe(
      "'to' defaults to now in Asia/Ho_Chi_Minh: give 'to', or an earlier 'from'.",
    );
    // The zone named is the one given (timeZone defaults to serviceTimeZone).
    expect((await attempt({ from: '1d', serviceTimeZone: 'Mars/X' })).message).toBe(
      'serviceTimeZone "Mars/X": unknown time zone',
    );
    expect((await attempt({ from: '1d', timeZone: 'Mars/Y' })).message).toBe(
      'timeZone "Mars/Y": unknown time zone',
    );
    for (const e of [bad, reversed]) {
      expect(FLAG.test(e.message)).toBe(false);
      expect(FLAG.test(e.hint!)).toBe(false);
    }

    useCliWords();
    expect((await attempt({ from: 'xx' })).message).toBe(
      '--from "xx": not a date or time cacs understands',
    );
    const cli = await attempt({ from: '2026-12-01' });
    expect(cli.message).toMatch(/^--from \(2026-12-01 00:00:00\) is later than --to \(/);
    expect(cli.hint).toBe(
      '--to defaults to now in Asia/Ho_Chi_Minh; give --to, or an earlier --from.',
    );
  });

  it('settings: no campaign, an empty or too long one, no address, plain http', () => {
    const base = { campaigns: { empty: ' ' } } as unknown as Settings;
    const cases: Array<[() => unknown, string]> = [
      [
        () => requireCampaign(base),
        'Give --campaign <key|alias>, set CACS_CAMPAIGN, or put defaultCampaign in a config file.',
      ],
      [
        () => requireCampaign({ ...base, campaign: 'empty' }),
        'Give --campaign <key|alias> with the key the service operator gave you (or set CACS_CAMPAIGN).',
      ],
      [
        () => requireCampaign({ ...base, campaign: 'x'.repeat(300) }),
        'Check --campaign, or the alias in campaigns: (known aliases: empty).',
      ],
      [
        () => requireBaseUrl(base),
        'Give --base-url <url>, set CACS_BASE_URL, or put baseUrl in a config file (cacs config init).',
      ],
      [
        () => requireBaseUrl({ ...base, baseUrl: 'http://example.com' }),
        'Use https://, or pass --insecure-http (config allowInsecureHttp: true) if you really mean it.',
      ],
    ];
    const hintOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(CacsError);
        return (e as CacsError).hint!;
      }
      throw new Error('not thrown');
    };
    const lib = cases.map(([f]) => hintOf(f));
    expect(lib.filter((h) => FLAG.test(h))).toEqual([]);
    expect(lib[0]).toBe(
      'Name a campaign (its key or an alias), set CACS_CAMPAIGN, or put defaultCampaign in a config file.',
    );

    useCliWords();
    expect(cases.map(([f]) => hintOf(f))).toEqual(cases.map(([, cli]) => cli));
  });

  it('an input: its encoding or sheet named in words, or with --encoding and --sheet', async () => {
    // "Hà Nội" in windows-1258 bytes: not UTF-8.
    const latin = path.join(dir, 'leads-1258.csv');
    fs.writeFileSync(
      latin,
      Buffer.concat([Buffer.from('phone_number,name\n0912345678,H'), Buffer.from([0xe0, 0x0a])]),
    );
    const csv = write('leads.csv', 'phone_number,name\n0912345678,An\n');
    const wide = write('wide.csv', 'phone_number,name\n0912345678,An,Hà Nội\n');
    const dry = { campaignKey: 'summer', dryRun: true, stateDir: false } as const;
    const attempts = [
      () => thrown(runImport({ ...dry, file: latin })),
      () => thrown(runImport({ ...dry, file: csv, encoding: 'klingon' })),
      () => thrown(runImport({ ...dry, file: csv, sheet: '2' })),
      () => thrown(runImport({ ...dry, file: wide })),
    ];
    const lib: CacsError[] = [];
    for (const attempt of attempts) lib.push(await attempt());
    expect(lib[0]!.hint).toBe(
      'Give its encoding, e.g. windows-1258 (Vietnamese Windows) or windows-1252, or save it as UTF-8.',
    );
    expect(lib[1]!.message).toBe('encoding klingon: unknown encoding');
    expect(lib[2]!.message).toBe(`a sheet was named, but ${csv} is not an Excel (.xlsx) file`);
    expect(lib[3]!.message).toBe(`${wide}:2: this row has 3 values but the header has 2 columns`);
    expect(lib[3]!.hint).toBe(
      'Columns are split on ","; if that is wrong, give the right delimiter. Values containing "," must be quoted.',
    );
    for (const e of lib) expect(FLAG.test(e.message) || FLAG.test(e.hint ?? '')).toBe(false);

    useCliWords();
    const cli: CacsError[] = [];
    for (const attempt of attempts) cli.push(await attempt());
    expect(cli[0]!.hint).toBe(
      'Pass its encoding, e.g. --encoding windows-1258 (Vietnamese Windows) or --encoding windows-1252, or save it as UTF-8.',
    );
    expect(cli[1]!.message).toBe('--encoding klingon: unknown encoding');
    expect(cli[2]!.message).toBe(`--sheet: ${csv} is not an Excel (.xlsx) file`);
    expect(cli[3]!.hint).toBe(
      'Columns are split on ","; if that is wrong, pass --delimiter. Values containing "," must be quoted.',
    );
  });

  it('an old 11-digit mobile, not normalised: the reason says to normalise, or --no-normalize', async () => {
    const file = write('leads.csv', 'phone_number,name\n01621234567,An\n');
    const attempt = async () => {
      const s = await runImport({
        file,
        campaignKey: 'summer',
        dryRun: true,
        stateDir: false,
        normalize: false,
        rows: 'data',
      });
      expect(s.rejectedRows).toHaveLength(1);
      return s.rejectedRows![0]!.reason;
    };
    expect(await attempt()).toBe(
      'phone_number "01621234567" is an old 11-digit mobile number (0162 became 032 in 2018); import it with normalisation on to convert it',
    );
    useCliWords();
    expect(await attempt()).toBe(
      'phone_number "01621234567" is an old 11-digit mobile number (0162 became 032 in 2018); import without --no-normalize to convert it',
    );
  });
});

describe('createClient checks the address as the CLI does (found by an operator walk)', () => {
  it('refuses plain http to another host (the token would travel unencrypted), an ftp:// or a non-URL address, before any request', () => {
    for (const baseUrl of ['http://192.0.2.1:9', 'http://cacs.example.com'])
      expect(() => createClient({ baseUrl, token: 'secret-token-42' })).toThrow(
        /refusing plain http:\/\/ to .*the access token would travel unencrypted/,
      );
    expect(() => createClient({ baseUrl: 'ftp://x', token: 't' })).toThrow(
      'baseUrl: must be an http:// or https:// URL',
    );
    expect(() => createClient({ baseUrl: 'not a url', token: 't' })).toThrow(/baseUrl: not a URL/);
    // As the CLI's --insecure-http: allowed when asked; https and this machine always.
    expect(
      createClient({ baseUrl: 'http://cacs.example.com', token: 't', allowInsecureHttp: true }),
    ).toBeDefined();
    for (const baseUrl of [
      'https://cacs.example.com',
      'http://127.0.0.1:8787',
      'http://localhost:1',
    ])
      expect(createClient({ baseUrl, token: 't' })).toBeDefined();
  });
});

describe('a bookmark name and a status filter: the option in the library, the flag in the CLI (review, session 18)', () => {
  it('openBookmark says name, the CLI --bookmark', async () => {
    const { openBookmark, checkBookmarkName } = await import('../../src/index.js');
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'tok-1' });
    const e = await thrown(
      openBookmark({ name: 'my report', campaignKey: 'summer', client, stateDir: dir }),
    );
    expect(e.message).toBe('name "my report": not a bookmark name');
    expect(() => checkBookmarkName('my report', '--bookmark')).toThrow(
      '--bookmark "my report": not a bookmark name',
    );
  });
});
