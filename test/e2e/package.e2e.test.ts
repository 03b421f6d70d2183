/**
 * cacs as a package: `npm pack`, install the tarball (with its dependencies) into a project of
 * its own, then from there run the README's "Use it from Node" example (import `cacs` and
 * `cacs/emulator`, import leads, fetch a report) and type-check a TypeScript consumer against
 * the shipped .d.ts. And the README's install: `npm install -g` of a fresh checkout (no
 * node_modules, no dist/) and of the tarball `npm pack` makes in it, each into a prefix of its
 * own, then the installed `cacs` imports into an emulator. Skipped, saying why, only when npm
 * cannot reach the registry.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { isolatedEnv, tempDir } from '../helpers/cli.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|ERR_SOCKET|network/i;

/** The first ```js block of the README's "Use it from Node" section. */
function readmeExample(readme: string): string {
  const section = readme.split(/^## Use it from Node$/m)[1]?.split(/^## /m)[0];
  const code = section?.match(/^```js\n([\s\S]*?)^```$/m)?.[1];
  if (code === undefined) throw new Error('README: no js example under "## Use it from Node"');
  return code;
}

const CONSUMER_TS = `
import {
  CacsClient,
  CacsError,
  ExitCode,
  UsageError,
  ApiError,
  createClient,
  planReport,
  runImport,
  runReport,
  streamReport,
  type CallAttempt,
  type CallRecord,
  type ImportRow,
  type ImportSummary,
  type Lead,
  type ReportResult,
} from 'cacs';
import { startEmulator, type RunningEmulator } from 'cacs/emulator';

export async function main(): Promise<number> {
  const emu: RunningEmulator = await startEmulator({ port: 0 });
  const client: CacsClient = createClient({ baseUrl: emu.url, token: emu.token });
  const other = new CacsClient({ baseUrl: emu.url, token: emu.token, timeoutMs: 5_000 });
  const controller = new AbortController();
  const summary: ImportSummary = await runImport({
    file: 'leads.csv',
    campaignKey: 'summer',
    client: other,
    serviceUrl: emu.url,
    batchSize: 100,
    rows: 'data',
    maxRows: 100,
    signal: controller.signal,
    onProgress: (p) => {
      if (p.phase === 'sending') void p.progress;
      else void p.rowsRead;
    },
  });
  const report: ReportResult = await runReport({ client, campaignKey: 'summer', from: '7d', status: ['ANSWERED'] });
  const first: CallRecord | undefined = report.records[0];
  const rows: ImportRow[] = [...(summary.rejectedRows ?? []), ...(summary.skippedRows ?? [])];
  const name: string | undefined = rows[0]?.values['name'];
  const cut: boolean = summary.rowsTruncated?.rejected ?? false;
  const stream = await streamReport({ client, campaignKey: 'summer', from: '7d' });
  for await (const record of stream.records) void (record satisfies CallRecord);
  void stream.attempts;
  // @ts-expect-error rows is 'files', 'data' or 'both'
  await runImport({ file: 'leads.csv', campaignKey: 'summer', rows: 'none' });
  void name;
  void cut;
  const attempt: CallAttempt | undefined = first?.data[0];
  const lead: Lead = { phone_number: '0912345678', name: 'An' };
  const plan = planReport({ from: '2026-01-01', to: '2026-03-01', windowDays: 31 });
  const n: number = plan.requests + report.requests + summary.imported;
  try {
    await runReport({ client, campaignKey: 'summer', from: 'nonsense' });
  } catch (e) {
    if (e instanceof UsageError || e instanceof ApiError) void e.hint;
    if (e instanceof CacsError && e.exitCode === ExitCode.USAGE) return 2;
  }
  // @ts-expect-error campaignKey is required
  await runImport({ file: 'leads.csv', client });
  // @ts-expect-error the summary has no such field
  void summary.nonsense;
  void attempt;
  void lead;
  await emu.close();
  return n;
}
`;

describe('the packed package', () => {
  let tmp: string;
  let project: string;
  let skipped: string | undefined;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-package-'));
    project = path.join(tmp, 'consumer');
    fs.mkdirSync(project);
    let t = Date.now();
    // dist/ is the build of the current source (the vitest global setup): no prepare script.
    const packed = await run(
      NPM,
      ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    const tarball = path.join(
      tmp,
      (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename,
    );
    timings.pack = Date.now() - t;
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'cacs-consumer', private: true, type: 'module' }, null, 2),
    );
    t = Date.now();
    try {
      await run(NPM, ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], {
        cwd: project,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
    } catch (e) {
      const text = `${(e as { stderr?: string }).stderr ?? ''}${(e as Error).message}`;
      if (!NETWORK.test(text)) throw e;
      skipped = `npm install could not reach the registry for cacs's dependencies: ${text.split('\n').find((l) => NETWORK.test(l))}`;
    }
    timings.install = Date.now() - t;
  }, 180_000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs the README example: import cacs and cacs/emulator, an import, a report', async (ctx) => {
    if (skipped) ctx.skip(skipped);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    fs.writeFileSync(path.join(project, 'example.mjs'), readmeExample(readme));
    const t = Date.now();
    const { stdout, stderr } = await run(process.execPath, ['example.mjs'], { cwd: project });
    timings.example = Date.now() - t;
    // Nothing from the library on stderr; one JSON line on stdout, as the README says.
    expect(stderr).toBe('');
    const printed = JSON.parse(stdout.trim()) as Record<string, unknown>;
    expect(printed).toEqual({
      imported: 2,
      rejected: 1,
      rejectedRows: [[4, 'Bad row']],
      exitCode: 3,
      leads: ['0912345678', '0987654312'],
      requests: 1,
    });
    expect(readme).toContain(`It prints \`${JSON.stringify(printed)}\``);
    // It is the installed package that ran, not this work tree.
    const installed = fs.realpathSync(path.join(project, 'node_modules', 'cacs'));
    expect(installed.startsWith(fs.realpathSync(project))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist', 'emulator', 'index.d.ts'))).toBe(true);
  }, 180_000);

  it('type-checks a TypeScript consumer against the shipped .d.ts', async (ctx) => {
    if (skipped) ctx.skip(skipped);
    fs.writeFileSync(path.join(project, 'consumer.ts'), CONSUMER_TS);
    fs.writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          exactOptionalPropertyTypes: true,
          noEmit: true,
          skipLibCheck: false,
          // The consumer has no @types/node of its own: this repository's.
          typeRoots: [path.join(ROOT, 'node_modules', '@types')],
          types: ['node'],
        },
        files: ['consumer.ts'],
      }),
    );
    const t = Date.now();
    const result = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], {
      cwd: project,
    }).catch((e: { stdout?: string; stderr?: string }) => e);
    timings.tsc = Date.now() - t;
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
    // A mistake is caught: the check is real.
    fs.writeFileSync(
      path.join(project, 'consumer.ts'),
      `import { runReport } from 'cacs';\nawait runReport({ campaignKey: 1 });\nexport {};\n`,
    );
    const bad = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], {
      cwd: project,
    }).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? '',
    );
    expect(bad).toMatch(/error TS/);
  }, 180_000); // tsc alone takes 30 s on a loaded 2-core machine

  afterAll(() => {
    if (process.env.CACS_TEST_TIMINGS) console.log('package test timings (ms):', timings);
  });
});

/** A fresh checkout of this work tree: its tracked and new files as they are now, nothing else. */
async function freshCheckout(dest: string): Promise<void> {
  const listed = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  for (const f of listed.stdout.split('\0')) {
    if (f === '' || !fs.existsSync(path.join(ROOT, f))) continue;
    fs.mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(dest, f));
  }
  fs.chmodSync(path.join(dest, 'bin', 'cacs.js'), 0o755);
}

describe('npm install -g, as the README says', () => {
  const npmEnv = {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  let tmp: string;
  let skipped: string | undefined;

  /** npm with the test's settings; a registry that cannot be reached skips the test. */
  async function npm(args: string[], cwd: string): Promise<void> {
    try {
      await run(NPM, args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
    } catch (e) {
      const text = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}${(e as Error).message}`;
      if (!NETWORK.test(text)) throw new Error(`npm ${args.join(' ')} failed:\n${text}`);
      skipped = `npm could not reach the registry: ${text.split('\n').find((l) => NETWORK.test(l))}`;
    }
  }

  /** The installed cacs: --version, then an import of the example file into an emulator. */
  async function useInstalled(prefix: string): Promise<void> {
    const cacs = path.join(prefix, 'bin', 'cacs');
    const version = await run(cacs, ['--version']);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.stdout).toBe(`${pkg.version}\n`);
    const emu = await startEmulator({ port: 0, campaigns: [{ key: 'summer' }] });
    try {
      const cwd = tempDir('cacs-global-use-');
      fs.copyFileSync(path.join(ROOT, 'examples', 'leads.csv'), path.join(cwd, 'leads.csv'));
      const env = isolatedEnv({ CACS_BASE_URL: emu.url, CACS_ACCESS_TOKEN: emu.token });
      const r = await run(cacs, ['import', 'leads.csv', '--campaign', 'summer'], {
        cwd,
        env: env as NodeJS.ProcessEnv,
      }).then(
        (x) => ({ code: 0, ...x }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(r.code, r.stderr).toBe(3); // rows of the example file are rejected on purpose
      expect(r.stderr).toMatch(/imported\s+10\b/);
      expect(emu.store.leads('summer')).toHaveLength(10);
    } finally {
      await emu.close();
    }
  }

  beforeAll(async () => {
    tmp = tempDir('cacs-global-');
    await freshCheckout(path.join(tmp, 'cacs'));
  });

  it('from a fresh checkout: npm install -g /path/to/cacs (no npm ci before it)', async (ctx) => {
    const checkout = path.join(tmp, 'cacs');
    expect(fs.existsSync(path.join(checkout, 'node_modules'))).toBe(false);
    expect(fs.existsSync(path.join(checkout, 'dist'))).toBe(false);
    const prefix = path.join(tmp, 'prefix-folder');
    await npm(['install', '-g', checkout, '--prefix', prefix], tmp);
    if (skipped) ctx.skip(skipped);
    await useInstalled(prefix);
  }, 900_000);

  it('from the tarball npm pack makes in the checkout: npm install -g ./cacs-x.y.z.tgz', async (ctx) => {
    if (skipped) ctx.skip(skipped);
    const checkout = path.join(tmp, 'cacs');
    const packed = path.join(tmp, 'packed');
    fs.mkdirSync(packed);
    await npm(['pack', '--pack-destination', packed], checkout);
    if (skipped) ctx.skip(skipped);
    const [tarball] = fs.readdirSync(packed).filter((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const prefix = path.join(tmp, 'prefix-tarball');
    await npm(['install', '-g', path.join(packed, tarball!), '--prefix', prefix], tmp);
    if (skipped) ctx.skip(skipped);
    // A copy: it does not need the checkout any more.
    fs.rmSync(checkout, { recursive: true, force: true });
    await useInstalled(prefix);
  }, 900_000);
});
