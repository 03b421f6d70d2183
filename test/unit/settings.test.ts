import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError } from '../../src/errors.js';
import { validateConfig } from '../../src/config/schema.js';
import {
  loadConfigFiles,
  looselyProtectedTokenFiles,
  type LoadedConfigFile,
} from '../../src/config/files.js';
import { requireBaseUrl, requireCampaign, resolveSettings } from '../../src/config/settings.js';
import { requireToken } from '../../src/config/token.js';
import { Secrets } from '../../src/secrets.js';
import { isolatedEnv, tempDir } from '../helpers/cli.js';

function file(
  scope: LoadedConfigFile['scope'],
  raw: unknown,
  p = `/cfg/${scope}.yaml`,
): LoadedConfigFile {
  const { config, problems } = validateConfig(raw);
  if (!config) throw new Error(problems.join('; '));
  return { path: p, scope, config };
}

describe('precedence: flags > env > profile > project > user > defaults', () => {
  const user = file('user', {
    baseUrl: 'https://user.example',
    timezone: 'UTC',
    import: { batchSize: 100 },
    profiles: { p: { timeout: 1111 } },
  });
  const project = file('project', {
    baseUrl: 'https://project.example',
    import: { batchSize: 200, concurrency: 3 },
    profiles: { p: { baseUrl: 'https://profile.example' } },
  });

  it.each([
    ['defaults only', [], {}, new Map(), 'baseUrl', undefined, 'not set'],
    ['default batch size', [], {}, new Map(), 'import.batchSize', 500, 'default'],
    [
      'user config over defaults',
      [user],
      {},
      new Map(),
      'timezone',
      'UTC',
      'user config /cfg/user.yaml',
    ],
    [
      'project over user',
      [user, project],
      {},
      new Map(),
      'baseUrl',
      'https://project.example',
      'project config /cfg/project.yaml',
    ],
    [
      'project over user (nested)',
      [user, project],
      {},
      new Map(),
      'import.batchSize',
      200,
      'project config /cfg/project.yaml',
    ],
    [
      'profile over project',
      [user, project],
      { CACS_PROFILE: 'p' },
      new Map(),
      'baseUrl',
      'https://profile.example',
      'profile p in /cfg/project.yaml',
    ],
    [
      'user profile over project base',
      [user, project],
      {},
      new Map([['profile', 'p']]),
      'timeout',
      1111,
      'profile p in /cfg/user.yaml',
    ],
    [
      'env over profile',
      [user, project],
      { CACS_PROFILE: 'p', CACS_BASE_URL: 'https://env.example' },
      new Map(),
      'baseUrl',
      'https://env.example',
      'env CACS_BASE_URL',
    ],
    [
      'flag over env',
      [user, project],
      { CACS_BASE_URL: 'https://env.example' },
      new Map([['baseUrl', 'https://flag.example']]),
      'baseUrl',
      'https://flag.example',
      'flag --base-url',
    ],
    [
      'command flag over config',
      [user, project],
      {},
      new Map([['import.batchSize', 50]]),
      'import.batchSize',
      50,
      'flag --batch-size',
    ],
  ] as const)('%s', (_name, files, env, flags, key, value, source) => {
    const r = resolveSettings({ files: [...files], env, flags: new Map(flags) });
    const get = (k: string): unknown =>
      k
        .split('.')
        .reduce<unknown>(
          (o, part) => (o as Record<string, unknown> | undefined)?.[part],
          r.settings,
        );
    expect(get(key)).toEqual(value);
    expect(r.sources.get(key) ?? 'not set').toBe(source);
  });

  it('serviceTimezone defaults to Asia/Ho_Chi_Minh, and timezone to serviceTimezone', () => {
    const none = resolveSettings({ files: [], env: {}, flags: new Map() });
    expect([none.settings.serviceTimezone, none.settings.timezone]).toEqual([
      'Asia/Ho_Chi_Minh',
      'Asia/Ho_Chi_Minh',
    ]);
    expect(none.sources.get('serviceTimezone')).toBe('default');
    expect(none.sources.get('timezone')).toBe('default (serviceTimezone)');
    const f = file('project', {
      serviceTimezone: 'UTC',
      profiles: { paris: { timezone: 'Europe/Paris' }, tokyo: { serviceTimezone: 'Asia/Tokyo' } },
    });
    const base = resolveSettings({ files: [f], env: {}, flags: new Map() });
    expect([base.settings.serviceTimezone, base.settings.timezone]).toEqual(['UTC', 'UTC']);
    const paris = resolveSettings({ files: [f], env: { CACS_PROFILE: 'paris' }, flags: new Map() });
    expect([paris.settings.serviceTimezone, paris.settings.timezone]).toEqual([
      'UTC',
      'Europe/Paris',
    ]);
    expect(paris.sources.get('timezone')).toBe('profile paris in /cfg/project.yaml');
    const tokyo = resolveSettings({
      files: [f],
      env: { CACS_PROFILE: 'tokyo' },
      flags: new Map([['timezone', 'Europe/Paris']]),
    });
    expect([tokyo.settings.serviceTimezone, tokyo.settings.timezone]).toEqual([
      'Asia/Tokyo',
      'Europe/Paris',
    ]);
    expect(tokyo.sources.get('serviceTimezone')).toBe('profile tokyo in /cfg/project.yaml');
    expect(tokyo.sources.get('timezone')).toBe('flag --tz');
  });

  it('merges campaign aliases across files and resolves an alias to its key', () => {
    const a = file('user', { campaigns: { summer: 'SUMMER2026' } });
    const b = file('project', { campaigns: { winter: 'WINTER2026' }, defaultCampaign: 'winter' });
    const { settings, sources } = resolveSettings({ files: [a, b], env: {}, flags: new Map() });
    expect(settings.campaigns).toEqual({ summer: 'SUMMER2026', winter: 'WINTER2026' });
    expect(requireCampaign(settings)).toEqual({ key: 'WINTER2026', alias: 'winter' });
    expect(sources.get('campaign')).toBe('project config /cfg/project.yaml (defaultCampaign)');
    const env = resolveSettings({
      files: [a, b],
      env: { CACS_CAMPAIGN: 'summer' },
      flags: new Map(),
    });
    expect(requireCampaign(env.settings).key).toBe('SUMMER2026');
    const raw = resolveSettings({
      files: [a, b],
      env: {},
      flags: new Map([['campaign', 'RAWKEY']]),
    });
    expect(requireCampaign(raw.settings)).toEqual({ key: 'RAWKEY' });
  });

  it('treats accessToken and accessTokenCommand as one setting: the higher layer wins', async () => {
    const u = file('user', { accessToken: 'from-user' });
    const p = file('project', { accessTokenCommand: 'echo from-command' });
    const r = resolveSettings({ files: [u, p], env: {}, flags: new Map() });
    expect(r.settings.token).toEqual({
      kind: 'command',
      command: 'echo from-command',
      timeoutMs: 30_000,
    });
    expect(await requireToken(r.settings, { PATH: process.env.PATH })).toBe('from-command');
    const e = resolveSettings({
      files: [u, p],
      env: { CACS_ACCESS_TOKEN: 'from-env' },
      flags: new Map(),
    });
    expect(await requireToken(e.settings, {})).toBe('from-env');
  });

  it('names an unknown profile and lists the known ones', () => {
    expect(() =>
      resolveSettings({ files: [user], env: {}, flags: new Map([['profile', 'nope']]) }),
    ).toThrow(/flag --profile: no profile named "nope"/);
    expect(() =>
      resolveSettings({ files: [user], env: { CACS_PROFILE: 'nope' }, flags: new Map() }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/env CACS_PROFILE: no profile named "nope"/) as unknown,
        hint: 'Known profiles: p.',
      }),
    );
  });

  it('rejects bad flag and env values naming them', () => {
    expect(() =>
      resolveSettings({ files: [], env: {}, flags: new Map([['report.windowDays', 40]]) }),
    ).toThrow(/--window-days: expected a whole number from 1 to 31/);
    expect(() =>
      resolveSettings({ files: [], env: { CACS_BASE_URL: 'not a url' }, flags: new Map() }),
    ).toThrow(/CACS_BASE_URL: not a URL/);
  });
});

describe('config validation', () => {
  it('lists every problem at once', () => {
    const { problems } = validateConfig({
      baseUrl: 'ftp://x',
      batchsize: 10,
      import: { batchSize: 0, columns: { phone: 'Phone', name: 3 } },
      report: { format: 'xml', windowDays: 32 },
      timezone: 'Mars/Olympus',
      serviceTimezone: 'Asia/Saigon_Beach',
      allowInsecureHttp: 'yes',
      accessToken: 'x'.repeat(51),
      profiles: { a: { nested: true }, b: 'no' },
    });
    expect(problems).toEqual([
      'baseUrl: must be an http:// or https:// URL',
      'batchsize: unknown key (known here: accessToken, accessTokenCommand, accessTokenCommandTimeout, allowInsecureHttp, baseUrl, campaigns, compliance, defaultCampaign, import, language, report, serviceTimezone, state, stateDir, stateSchema, stateUrl, timeout, timezone)',
      'import.batchSize: expected a whole number from 1 to 100000, got number 0',
      'import.columns.phone: not a lead field (fields: phone_number, name, contact_name, company, email, address, home_phone, ref_id, field01, field02, field03, field04, field05, field06, field07, field08, field09, field10)',
      'import.columns.name: expected a non-empty string, got number 3',
      'report.format: expected one of csv, json, ndjson, table, xlsx, html, got string "xml"',
      'report.windowDays: expected a whole number from 1 to 31, got number 32',
      'timezone: unknown time zone "Mars/Olympus"',
      'serviceTimezone: unknown time zone "Asia/Saigon_Beach"',
      'allowInsecureHttp: expected true or false, got string "yes"',
      'accessToken: must be at most 50 characters',
      'profiles.a.nested: unknown key (known here: accessToken, accessTokenCommand, accessTokenCommandTimeout, allowInsecureHttp, baseUrl, campaigns, compliance, defaultCampaign, import, language, report, serviceTimezone, state, stateDir, stateSchema, stateUrl, timeout, timezone)',
      'profiles.b: expected a mapping of settings, got string "no"',
    ]);
  });

  it('names every unknown key, refuses lists where mappings belong, checks the token pair alongside', () => {
    const KNOWN =
      'accessToken, accessTokenCommand, accessTokenCommandTimeout, allowInsecureHttp, baseUrl, campaigns, compliance, defaultCampaign, import, language, report, serviceTimezone, state, stateDir, stateSchema, stateUrl, timeout, timezone';
    expect(
      validateConfig({
        zeta: 1,
        alpha: 2,
        accessToken: 'a',
        accessTokenCommand: 'b',
        import: [1, 2],
        campaigns: { a: '', b: 'k'.repeat(33) },
        profiles: { p: { baseUrl: 3, profiles: {}, report: { format: 'csv', zz: 1, yy: 2 } } },
      }).problems,
    ).toEqual([
      `zeta: unknown key (known here: ${KNOWN})`,
      `alpha: unknown key (known here: ${KNOWN})`,
      'import: expected a mapping, got a list',
      'campaigns.a: expected a non-empty string, got string ""',
      'campaigns.b: must be at most 32 characters',
      'accessToken and accessTokenCommand: set one, not both',
      'profiles.p.profiles: profiles cannot be nested',
      'profiles.p.baseUrl: expected a non-empty string, got number 3',
      'profiles.p.report.zz: unknown key (known here: answeredStatuses, bom, concurrency, countMismatch, flatten, format, memoryBudget, recycleStatuses, windowDays)',
      'profiles.p.report.yy: unknown key (known here: answeredStatuses, bom, concurrency, countMismatch, flatten, format, memoryBudget, recycleStatuses, windowDays)',
    ]);
    expect(validateConfig([1]).problems).toEqual([
      'the file must hold a mapping of settings, got a list',
    ]);
    expect(validateConfig({ profiles: { a: [] } }).problems).toEqual([
      'profiles.a: expected a mapping of settings, got a list',
    ]);
  });

  it('one problem per key, the first check it fails; a token is never echoed', () => {
    expect(
      validateConfig({
        accessToken: ' '.repeat(60),
        baseUrl: 'not a url',
        import: { phonePattern: '(', stdinLimit: 'lots', batchSize: 1.5 },
      }).problems,
    ).toEqual([
      'accessToken: expected a non-empty string, got string',
      'baseUrl: not a URL: "not a url"',
      'import.phonePattern: not a valid regular expression: Invalid regular expression: /(/: Unterminated group',
      'import.stdinLimit: expected a size in bytes such as 1073741824, "1GiB" or "500MB", got string "lots"',
      'import.batchSize: expected a whole number from 1 to 100000, got number 1.5',
    ]);
  });

  it('import.placeholderNumbers is a list of numbers (text, or YAML numbers); homePhonePattern a regex', () => {
    expect(
      validateConfig({
        import: { placeholderNumbers: '0911111222', homePhonePattern: '[' },
      }).problems,
    ).toEqual([
      'import.placeholderNumbers: expected a list of phone numbers, got string "0911111222"',
      'import.homePhonePattern: not a valid regular expression: Invalid regular expression: /[/: Unterminated character class',
    ]);
    const ok = validateConfig({ import: { placeholderNumbers: ['0911111222', 911111333] } });
    expect(ok.problems).toEqual([]);
    expect(ok.config?.base.get('import.placeholderNumbers')).toEqual(['0911111222', '911111333']);
  });

  it('refuses a file that sets both accessToken and accessTokenCommand', () => {
    expect(validateConfig({ accessToken: 'a', accessTokenCommand: 'b' }).problems).toEqual([
      'accessToken and accessTokenCommand: set one, not both',
    ]);
  });

  it.each(['.cacsrc.ts', 'cacs.config.ts', '.cacsrc.mts'])(
    'does not look for %s (TypeScript: an installed cacs cannot read it, and stopped every command; operator walk)',
    async (name) => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, name), "export default { defaultCampaign: 'WINTER2026' };\n");
      fs.writeFileSync(
        path.join(dir, '.cacsrc.json'),
        JSON.stringify({ defaultCampaign: 'SUMMER2026' }),
      );
      const files = await loadConfigFiles({ cwd: dir, env: isolatedEnv() });
      expect(files.map((f) => path.basename(f.path))).toEqual(['.cacsrc.json']);
      fs.rmSync(path.join(dir, '.cacsrc.json'));
      expect(await loadConfigFiles({ cwd: dir, env: isolatedEnv() })).toEqual([]);
    },
  );

  it('loads a broken file as one ConfigError naming the file (exit 2)', async () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '.cacsrc.json'),
      JSON.stringify({ baseUrl: 3, report: { windowDays: 99 } }),
    );
    const err = await loadConfigFiles({ cwd: dir, env: isolatedEnv() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).exitCode).toBe(2);
    expect((err as ConfigError).message).toContain(path.join(dir, '.cacsrc.json'));
    expect((err as ConfigError).problems).toHaveLength(2);
  });

  it('reports unparseable YAML as a usage error naming the file', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.cacsrc.yaml'), 'baseUrl: [unclosed\n');
    const err = await loadConfigFiles({ cwd: dir, env: isolatedEnv() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(/cannot read the configuration/);
    expect((err as Error).message).toContain(path.join(dir, '.cacsrc.yaml'));
  });

  const TOKEN = 'SENTINEL-cfg-8d2e4f6a1b';
  it.each([
    [
      '.cacsrc.yaml',
      `timezone: UTC\naccessToken: "${TOKEN}\nbaseUrl: [x\n`,
      ', line 4, column 1: unexpected end of the stream within a double quoted scalar',
    ],
    [
      '.cacsrc.yml',
      `timezone: UTC\naccessToken: ${TOKEN}\n  bad: indent\n`,
      ', line 3, column 6: bad indentation of a mapping entry',
    ],
    [
      '.cacsrc.json',
      `{\n  "timezone": "UTC",\n  "accessToken": "${TOKEN}" "baseUrl": 1\n}\n`,
      `, line 3, column ${21 + TOKEN.length}: Expected ',' or '}' after property value in JSON`,
    ],
    ['.cacsrc.json', `{"accessToken": ${TOKEN}}`, ": Unexpected token 'S'"],
    [
      '.cacsrc.cjs',
      `module.exports = {\n  accessToken: ${TOKEN.replace(/-/g, '_')},\n};\n`,
      ', line 2, column 16: ReferenceError',
    ],
  ])(
    'a syntax error in %s prints the place and the reason, no line of the file',
    async (name, text, expected) => {
      const dir = tempDir();
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      const err = (await loadConfigFiles({ cwd: dir, env: isolatedEnv() }).catch(
        (e: unknown) => e,
      )) as UsageError;
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toBe(`cannot read the configuration ${file}${expected}`);
      expect(err.hint).toMatch(/its lines are not printed/);
      expect(err.cause).toBeUndefined();
      const secrets = new Secrets([TOKEN, TOKEN.replace(/-/g, '_')]);
      expect(secrets.leaks(`${err.message}\n${err.hint}`)).toBe(false);
      expect(err.message).not.toMatch(/accessToken|\|/);
    },
  );
});

describe('finding config files', () => {
  it('finds the project file upward from the working directory and the user file', async () => {
    const env = isolatedEnv();
    const userDir = path.join(env.XDG_CONFIG_HOME!, 'cacs');
    fs.mkdirSync(userDir, { recursive: true });
    fs.writeFileSync(path.join(userDir, 'config.yaml'), 'timezone: UTC\n');
    const root = tempDir();
    fs.writeFileSync(path.join(root, '.cacsrc'), 'baseUrl: https://p.example\n');
    const deep = path.join(root, 'a', 'b');
    fs.mkdirSync(deep, { recursive: true });
    const files = await loadConfigFiles({ cwd: deep, env });
    expect(files.map((f) => [f.scope, f.path])).toEqual([
      ['user', path.join(userDir, 'config.yaml')],
      ['project', path.join(root, '.cacsrc')],
    ]);
  });

  it('reads package.json#cacs', async () => {
    const root = tempDir();
    fs.writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'x', cacs: { defaultCampaign: 'summer' } }),
    );
    const files = await loadConfigFiles({ cwd: root, env: isolatedEnv() });
    expect(files[0]?.config.base.get('defaultCampaign')).toBe('summer');
  });

  it('--config replaces the search; a missing file is a usage error', async () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'other.json'), JSON.stringify({ timeout: 5000 }));
    const files = await loadConfigFiles({
      cwd: root,
      env: isolatedEnv(),
      explicitPath: 'other.json',
    });
    expect(files.map((f) => f.scope)).toEqual(['explicit']);
    await expect(
      loadConfigFiles({ cwd: root, env: isolatedEnv(), explicitPath: 'nope.json' }),
    ).rejects.toThrow('--config nope.json: no such file');
  });

  it('flags a token file that others can read', async () => {
    const root = tempDir();
    const f = path.join(root, '.cacsrc.json');
    fs.writeFileSync(f, JSON.stringify({ accessToken: 'secret' }), { mode: 0o644 });
    fs.chmodSync(f, 0o644);
    const files = await loadConfigFiles({ cwd: root, env: isolatedEnv() });
    expect(looselyProtectedTokenFiles(files)).toEqual([f]);
    fs.chmodSync(f, 0o600);
    expect(looselyProtectedTokenFiles(files)).toEqual([]);
  });
});

/** Whether a process runs (a zombie waiting for a parent that never reaps it does not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('required values', () => {
  const base = (extra: Record<string, unknown>, flags = new Map<string, unknown>()) =>
    resolveSettings({ files: [file('project', extra)], env: {}, flags }).settings;

  it('asks for a base URL and refuses plain http to a remote host', () => {
    expect(() => requireBaseUrl(base({}))).toThrow(/no service address is set/);
    expect(() => requireBaseUrl(base({ baseUrl: 'http://cacs.example.com' }))).toThrow(
      /refusing plain http:\/\/ to cacs.example.com/,
    );
    expect(
      requireBaseUrl(base({ baseUrl: 'http://cacs.example.com', allowInsecureHttp: true })).host,
    ).toBe('cacs.example.com');
    for (const host of ['127.0.0.1:8787', 'localhost', '[::1]:9', '127.1.2.3']) {
      expect(requireBaseUrl(base({ baseUrl: `http://${host}` })).protocol).toBe('http:');
    }
  });

  it('explains a missing token and never reads one from argv', async () => {
    await expect(requireToken(base({}), {})).rejects.toThrow(/no access token is set/);
  });

  it('reports a failing accessTokenCommand by its exit status only, never its output', async () => {
    const s = base({ accessTokenCommand: 'echo leaked-token; echo oops leaked-token >&2; exit 3' });
    const err = (await requireToken(s, { PATH: process.env.PATH }).catch((e: unknown) => e)) as
      UsageError | undefined;
    expect(err).toBeInstanceOf(UsageError);
    expect(err!.message).toBe('accessTokenCommand failed (exit status 3)');
    expect(err!.hint).toMatch(/Run the command by hand/);
    expect(`${err!.message} ${err!.hint}`).not.toMatch(/leaked|oops/);
  });

  it('names a signal that killed the token command', async () => {
    const s = base({ accessTokenCommand: 'kill -9 $$' });
    await expect(requireToken(s, { PATH: process.env.PATH })).rejects.toThrow(
      'accessTokenCommand failed (killed by SIGKILL)',
    );
  });

  it.skipIf(process.platform === 'win32')(
    'stops a token command at its timeout, its whole process group, without blocking',
    async () => {
      const dir = tempDir();
      const pidFile = path.join(dir, 'pid');
      const s = base({
        // The shell's child outlives the shell unless the group is killed.
        accessTokenCommand: `sleep 30 & echo $! > ${pidFile}; echo leaked >&2; wait`,
        accessTokenCommandTimeout: 300,
      });
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 20);
      const err = await requireToken(s, { PATH: process.env.PATH }).catch((e: unknown) => e);
      clearInterval(ticker);
      expect(ticks).toBeGreaterThan(5); // the event loop ran meanwhile
      expect((err as Error).message).toBe(
        'accessTokenCommand did not finish within 0.3 s; it was stopped',
      );
      expect((err as UsageError).hint).toMatch(/accessTokenCommandTimeout/);
      const pid = Number(fs.readFileSync(pidFile, 'utf8'));
      // The sleep is gone too: wait for it to go (a group kill takes a moment to land).
      while (alive(pid)) await new Promise((r) => setTimeout(r, 10));
      expect(alive(pid)).toBe(false);
    },
  );

  it('takes the token command timeout from the config, 30 s by default', () => {
    const s = base({ accessTokenCommand: 'x', accessTokenCommandTimeout: 1500 });
    expect(s.token).toEqual({ kind: 'command', command: 'x', timeoutMs: 1500 });
    expect(validateConfig({ accessTokenCommandTimeout: 5 }).problems).toEqual([
      'accessTokenCommandTimeout: expected a whole number from 100 to 600000, got number 5',
    ]);
  });

  it('never echoes a wrong-typed accessToken value', () => {
    expect(validateConfig({ accessToken: 123456789012345 }).problems).toEqual([
      'accessToken: expected a non-empty string, got number',
    ]);
  });

  it('rejects a campaign key over 32 characters', () => {
    expect(() => requireCampaign(base({ defaultCampaign: 'k'.repeat(33) }))).toThrow(/at most 32/);
  });
});
