/**
 * The library's options checked as the command line checks its flags (review, session 16): an
 * option no function knows and a value of the wrong kind are a UsageError naming the function
 * and the option, before anything is read or sent — not ignored (`bacthSize` ran with 500), not
 * a TypeError from inside (`from: 20261127` was `input.trim is not a function`).
 */
import { describe, expect, it } from 'vitest';
import {
  UsageError,
  createClient,
  runImport,
  runOutcomes,
  runReport,
  streamReport,
} from '../../src/index.js';

/** A client to a port nothing listens on: a request would fail as an ApiError, not a UsageError. */
const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'x'.repeat(12) });

/** The message of the UsageError `f` throws, or 'no error'. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  return 'no error';
}

async function usage(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UsageError);
  return (e as Error).message;
}

describe('runImport', () => {
  const base = { file: 'nowhere.csv', campaignKey: 'summer', client, dryRun: true };

  it('an unknown option is named, with the option it is nearest to', async () => {
    expect(await usage(runImport({ ...base, bacthSize: 10 } as never))).toBe(
      'runImport: unknown option bacthSize (did you mean batchSize?)',
    );
    expect(await usage(runImport({ ...base, output: 'x.csv' } as never))).toBe(
      'runImport: unknown option output',
    );
  });

  it('values of the wrong kind, every one said at once', async () => {
    const message = await usage(
      runImport({
        ...base,
        dryRun: 'false',
        rows: 'all',
        campaignKey: 42,
        stateDir: 5,
        placeholderNumbers: '0900000000',
      } as never),
    );
    expect(message).toBe(
      'runImport: campaignKey: expected a string, not 42; dryRun: expected true or false, not "false"; rows: expected one of both, data, files, not "all"; stateDir: expected a string or false, not 5; placeholderNumbers: expected a list of strings, not "0900000000"',
    );
  });

  it('not an object, a missing campaignKey, an unknown time zone', async () => {
    expect(await usage(runImport(null as never))).toBe(
      'runImport: expected an object of options, not null',
    );
    expect(await usage(runImport({ file: 'a.csv', dryRun: true } as never))).toBe(
      'runImport: campaignKey is required',
    );
    expect(await usage(runImport({ ...base, timeZone: 'Mars/Base' }))).toBe(
      'runImport: timeZone "Mars/Base": unknown time zone',
    );
  });
});

describe('runReport, streamReport, runOutcomes', () => {
  const base = { client, campaignKey: 'summer', from: '2026-11-20' };

  it("the CLI's options are no library options; a typo is named", async () => {
    expect(await usage(runReport({ ...base, format: 'csv', output: 'out.csv' } as never))).toBe(
      'runReport: unknown option format; unknown option output',
    );
    expect(await usage(streamReport({ ...base, statuss: 'BUSY' } as never))).toBe(
      'streamReport: unknown option statuss (did you mean status?)',
    );
    expect(
      await usage(runOutcomes({ ...base, join: { file: 'x.csv' }, recylce: {} } as never)),
    ).toBe('runOutcomes: unknown option recylce (did you mean recycle?)');
    expect(
      await usage(runReport({ ...base, join: { file: 'x.csv' }, windowDay: 7 } as never)),
    ).toBe('runReport: unknown option windowDay (did you mean windowDays?)');
  });

  it('values of the wrong kind, and what is required, before any request', async () => {
    expect(
      await usage(
        runReport({ ...base, from: 20261127, status: 5, refId: 7, now: '2026-01-01' } as never),
      ),
    ).toBe(
      'runReport: from: expected a string, not 20261127; status: expected a string or a list of strings, not 5; refId: expected a string, not 7; now: expected a valid Date, not "2026-01-01"',
    );
    expect(await usage(runReport({ campaignKey: 'summer', from: 'today' } as never))).toBe(
      'runReport: client is required',
    );
    expect(await usage(runReport({ ...base, countMismatch: 'ignore' } as never))).toBe(
      'runReport: countMismatch: expected one of error, warn, not "ignore"',
    );
    expect(await usage(runReport(undefined as never))).toBe(
      'runReport: expected an object of options, not undefined',
    );
  });
});

// Review, session 17: the other functions took any option — `forgetLeads({ statedir })` erased
// from the default store, `queries: '0912…'` was read a character at a time, `createClient`
// without a token was a TypeError, `setLanguage('fr')` was taken.
describe('forgetLeads, reconcile, the history, createClient, setLanguage', () => {
  it('forgetLeads: a misspelt stateDir is refused before anything is erased; queries must be a list', async () => {
    const { forgetLeads } = await import('../../src/index.js');
    expect(
      await usage(forgetLeads({ queries: ['0912345678'], statedir: '/nowhere' } as never)),
    ).toBe('forgetLeads: unknown option statedir (did you mean stateDir?)');
    expect(await usage(forgetLeads({ queries: '0912345678' } as never))).toBe(
      'forgetLeads: queries: expected a list of strings, not "0912345678"',
    );
    expect(await usage(forgetLeads({} as never))).toBe('forgetLeads: queries is required');
  });

  it('reconcile and the history functions name what they do not know', async () => {
    const { reconcile, listHistory, showHistoryRun, findInHistory } =
      await import('../../src/index.js');
    expect(
      await usage(
        reconcile({ campaignKey: 'summer', client, runn: 'x', concurrency: 'x' } as never),
      ),
    ).toBe(
      'reconcile: unknown option runn (did you mean run?); concurrency: expected a number, not "x"',
    );
    // The report's spelling of the zone is known too (review, session 18).
    expect(
      await usage(reconcile({ campaignKey: 'summer', client, serviceTimeZone: 5 } as never)),
    ).toBe('reconcile: serviceTimeZone: expected a string, not 5');
    expect(await usage(listHistory({ limitt: 2 } as never))).toBe(
      'listHistory: unknown option limitt (did you mean limit?)',
    );
    expect(await usage(showHistoryRun({} as never))).toBe('showHistoryRun: id is required');
    expect(await usage(findInHistory({ query: 5 } as never))).toBe(
      'findInHistory: query: expected a string, not 5',
    );
  });

  it('createClient: the token is required and options are checked', () => {
    expect(thrown(() => createClient({ baseUrl: 'http://127.0.0.1:9' } as never))).toBe(
      'createClient: token is required',
    );
    expect(thrown(() => createClient({ baseUrl: 'http://127.0.0.1:9', token: '' }))).toBe(
      'createClient: token is required',
    );
    expect(
      thrown(() =>
        createClient({ baseUrl: 'http://127.0.0.1:9', token: 'x', timeOut: 5 } as never),
      ),
    ).toBe('createClient: unknown option timeOut (did you mean timeoutMs?)');
  });

  it('a client shows no token when printed or serialised', async () => {
    const { inspect } = await import('node:util');
    const token = 'SENTINEL-client-9f8e7d6c';
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', token });
    expect(inspect(c)).toBe("CacsClient { baseUrl: 'http://127.0.0.1:9/', token: '***' }");
    expect(inspect({ nested: c }, { depth: 5 })).not.toContain(token);
    expect(JSON.stringify({ c })).toBe('{"c":{"baseUrl":"http://127.0.0.1:9/","token":"***"}}');
    // Nor spread, listed or read as a property (review, session 18: `{ ...client }` held it three
    // times, `inspect(client, { customInspect: false })` four, `client.token` was it).
    expect(JSON.stringify({ ...c })).not.toContain(token);
    expect(inspect(c, { customInspect: false, showHidden: true, depth: 9 })).not.toContain(token);
    expect(
      Object.values(c)
        .map((v) => inspect(v, { depth: 9 }))
        .join(),
    ).not.toContain(token);
    expect((c as unknown as Record<string, unknown>).token).toBeUndefined();
    expect((c as unknown as Record<string, unknown>).opts).toBeUndefined();
    // A password in the address is masked the same way.
    const p = createClient({ baseUrl: 'http://u:PASS-9f8e@127.0.0.1:9', token });
    expect(inspect(p, { customInspect: false, showHidden: true, depth: 9 })).not.toContain(
      'PASS-9f8e',
    );
  });

  it('setLanguage refuses a language cacs does not speak', async () => {
    const { setLanguage, currentLanguage } = await import('../../src/index.js');
    expect(await usage(setLanguage('fr' as never))).toBe(
      'setLanguage: language: expected one of en, vi, not "fr"',
    );
    expect(await usage(setLanguage('VI' as never))).toContain('not "VI"');
    expect(currentLanguage()).toBe('en');
  });
});

describe('review, session 18: what the library still took unchecked', () => {
  const base = { baseUrl: 'http://127.0.0.1:9', token: 'tok-123' };

  it('createClient: a token no header can carry, named by position and never shown', () => {
    // It failed as "the connection broke … (ERR_INVALID_CHAR)" after six tries.
    expect(thrown(() => createClient({ ...base, token: 'ab\ncd' }))).toBe(
      'the access token has a control character (a line break, a tab…) at character 3',
    );
    expect(thrown(() => createClient({ ...base, token: 'tök€n' }))).toBe(
      'the access token has a character outside ASCII at character 2: a header cannot carry it as written',
    );
    expect(thrown(() => createClient({ ...base, token: 'x'.repeat(51) }))).toBe(
      'the access token is longer than the 50 characters the service takes',
    );
    expect(thrown(() => createClient({ ...base, token: ' tok' }))).toBe(
      'the access token starts or ends with a space',
    );
    expect(thrown(() => createClient({ ...base, token: '   ' }))).toBe('the access token is blank');
    expect(thrown(() => createClient({ ...base, token: 'x'.repeat(50) }))).toBe('no error');
    expect(thrown(() => createClient({ ...base, token: 'a b-c_d.e~!' }))).toBe('no error');
  });

  it('createClient: timeoutMs, limits and retry within what the client can use; nested keys checked', () => {
    // -1 or Infinity ended the process from inside got; 1e9 overflowed a timer.
    for (const timeoutMs of [-1, 0, 99, Infinity, 1e9, 1.5, NaN])
      expect(thrown(() => createClient({ ...base, timeoutMs }))).toBe(
        'createClient: timeoutMs: expected a whole number from 100 to 3600000',
      );
    expect(thrown(() => createClient({ ...base, timeoutMs: 100 }))).toBe('no error');
    expect(thrown(() => createClient({ ...base, limits: { importAnswerBytes: -1 } }))).toBe(
      `createClient: limits.importAnswerBytes: expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
    );
    expect(
      thrown(() => createClient({ ...base, limits: { reportAnswerBytes: 0, minReportRate: 0 } })),
    ).toMatch(/^createClient: limits.reportAnswerBytes: .*; limits.minReportRate: /);
    expect(thrown(() => createClient({ ...base, retry: { attempts: 1 } as never }))).toBe(
      'createClient.retry: unknown option attempts',
    );
    expect(thrown(() => createClient({ ...base, retry: { maxAttempts: -1 } }))).toBe(
      'createClient: retry.maxAttempts: expected a whole number from 1 to 100',
    );
    expect(thrown(() => createClient({ ...base, retry: { maxAttempts: 'x' } as never }))).toBe(
      'createClient.retry: maxAttempts: expected a number, not "x"',
    );
    expect(
      thrown(() =>
        createClient({ ...base, limits: { interruptGraceMs: 0 }, retry: { maxAttempts: 1 } }),
      ),
    ).toBe('no error');
  });

  it('pruneState: a misspelt dryRun or a retention that is not a whole number of days is refused before anything is removed', async () => {
    const { pruneState } = await import('../../src/index.js');
    // `dryrun: true` pruned for real: the next import sent the ledger's numbers again.
    expect(
      await usage(pruneState({ stateDir: '/nowhere', retentionDays: 30, dryrun: true } as never)),
    ).toBe('pruneState: unknown option dryrun (did you mean dryRun?)');
    for (const retentionDays of [0, -1, 0.5, NaN])
      expect(await usage(pruneState({ stateDir: '/nowhere', retentionDays }))).toBe(
        'pruneState: retentionDays: expected a whole number from 1 to 36500',
      );
    expect(await usage(pruneState({ stateDir: '/nowhere', retentionDays: '30' } as never))).toBe(
      'pruneState: retentionDays: expected a number, not "30"',
    );
    expect(await usage(pruneState({ stateDir: '/nowhere' } as never))).toBe(
      'pruneState: retentionDays is required',
    );
  });

  it('openBookmark, resetBookmark and summarize name what they do not know', async () => {
    const { openBookmark, resetBookmark, summarize } = await import('../../src/index.js');
    const b = { name: 'daily', campaignKey: 'summer', client };
    expect(await usage(openBookmark({ ...b, statedir: '/x' } as never))).toBe(
      'openBookmark: unknown option statedir (did you mean stateDir?)',
    );
    expect(await usage(resetBookmark({ campaignKey: 'summer' } as never))).toBe(
      'resetBookmark: name is required',
    );
    expect(thrown(() => summarize([], { complience: {} } as never))).toBe(
      'summarize: unknown option complience (did you mean compliance?)',
    );
    expect(summarize([], { answeredStatuses: ['ANSWERED'] }).leads).toBe(0);
  });

  it('forgetLeads: a campaign without the service address is refused (it erased in every campaign); nobody to forget is said in words', async () => {
    const { forgetLeads } = await import('../../src/index.js');
    expect(
      await usage(
        forgetLeads({ stateDir: '/nowhere', queries: ['0912345678'], campaignKey: 'summer' }),
      ),
    ).toBe('campaignKey needs the service address (baseUrl) to know which ledger it means');
    const nobody = await usage(forgetLeads({ stateDir: '/nowhere', queries: [] }));
    expect(nobody).toBe(
      'nobody to forget: give phone numbers or ref_ids (queries), or lists (files)',
    );
  });
});

describe('startEmulator: its port checked, and one in use said in words (review, session 18)', () => {
  it('a port in use is a UsageError naming it; -1 and "abc" are refused', async () => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const first = await startEmulator({ port: 0 });
    try {
      const e = await startEmulator({ port: first.port }).then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(UsageError);
      expect((e as Error).message).toBe(`port ${first.port} on 127.0.0.1 is already in use`);
      expect((e as UsageError).hint).toBe('Pick another port, or port 0 for any free one.');
    } finally {
      await first.close();
    }
    for (const port of [-1, 65_536, 1.5])
      expect(await usage(startEmulator({ port }))).toBe(
        'startEmulator: port: expected a whole number from 0 to 65535',
      );
    expect(await usage(startEmulator({ port: 'abc' as never }))).toBe(
      'startEmulator: port: expected a whole number from 0 to 65535',
    );
  });
});

describe('runImport and runReport: a campaign key the service cannot take, an input limit below 1 (review, session 18)', () => {
  it('are refused before anything is read or sent; NaN is said as NaN', async () => {
    const b = { file: 'nowhere.csv', client, dryRun: true } as const;
    expect(await usage(runImport({ ...b, dryRun: false, campaignKey: '' }))).toBe(
      'the campaign key is empty',
    );
    expect(await usage(runImport({ ...b, campaignKey: 'x'.repeat(33) }))).toBe(
      `campaign key "${'x'.repeat(33)}" is 33 characters; the service allows at most 32`,
    );
    expect(await usage(runReport({ client, campaignKey: '  ', from: '1d' }))).toBe(
      'the campaign key is empty',
    );
    expect(await usage(runImport({ ...b, campaignKey: 'summer', inputLimit: -5 }))).toBe(
      `runImport: inputLimit: expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
    );
    expect(await usage(runImport({ ...b, campaignKey: 'summer', batchSize: NaN }))).toBe(
      'runImport: batchSize NaN: expected a whole number from 1 to 100000',
    );
  });
});

describe('review, session 22: option names of Object.prototype, a client that is none, reconcile', () => {
  it('constructor, toString, valueOf, __proto__ (from JSON.parse) are unknown options, not a TypeError', async () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const opts = { client, campaignKey: 'hc', from: 'today', [key]: 1 };
      expect(await usage(runReport(opts as never))).toContain(`runReport: unknown option ${key}`);
      expect(
        await usage(
          runImport({ file: 'x.csv', campaignKey: 'c', dryRun: true, [key]: 1 } as never),
        ),
      ).toContain(`unknown option ${key}`);
    }
    const parsed = JSON.parse('{"file":"x.csv","campaignKey":"c","dryRun":true,"__proto__":1}');
    expect(await usage(runImport(parsed as never))).toContain('unknown option __proto__');
  });

  it('a client that is no client (`{}`) is said so, before any request', async () => {
    const msg = await usage(runReport({ client: {} as never, campaignKey: 'hc', from: 'today' }));
    expect(msg).toContain('client');
    expect(msg).toContain('a client made by createClient()');
  });

  it('reconcile: concurrency within the report range (1 to 64)', async () => {
    const { reconcile } = await import('../../src/index.js');
    for (const concurrency of [0, -1, 1.5, 1000])
      expect(
        await usage(
          reconcile({ client, campaignKey: 'hc', stateDir: '/nonexistent', concurrency }),
        ),
      ).toContain('concurrency');
  });

  it('createClient: a base URL holding the token is said with the token masked', () => {
    const token = 'S3cr3t-T0ken_abc';
    const msg = thrown(() => createClient({ baseUrl: `not a url ${token}`, token }));
    expect(msg).toContain('not a URL');
    expect(msg).not.toContain(token);
    expect(msg).toContain('***');
    // No scheme's `//`, so no URL parser sees credentials: the password is masked all the same.
    const loose = thrown(() => createClient({ baseUrl: 'http//user:pw-9z@x y', token }));
    expect(loose).toContain('not a URL: "http//***@x y"');
    expect(loose).not.toContain('pw-9z');
  });
});
