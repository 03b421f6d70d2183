/**
 * cacs as a package: `npm pack` (once per run for the package tests), install the tarball (with its dependencies) into a project of
 * its own, then from there run the README's "Use it from Node" example (import `cacs` and
 * `cacs/emulator`, import leads, fetch a report) and type-check a TypeScript consumer against
 * the shipped .d.ts. Skipped, saying why, only when npm cannot reach the registry. The README's
 * `npm install -g` is test/e2e/package-install.e2e.test.ts.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedTarball } from '../helpers/npm-install.js';

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
  // @ts-expect-error campaignKey is a string
  await runReport({ client, campaignKey: 1 });
  // @ts-expect-error the summary has no such field
  void summary.nonsense;
  void attempt;
  void lead;
  await emu.close();
  return n;
}
`;

/**
 * Every declaration file under `dir` with `// @ts-nocheck` put first: tsc still reads them and
 * checks every use of their types from elsewhere (cacs's .d.ts, the consumer), but not their
 * own insides.
 */
function declarationsNotChecked(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.d\.[cm]?ts$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, `// @ts-nocheck\n${fs.readFileSync(file, 'utf8')}`);
  }
}

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
    const tarball = await packedTarball();
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
  }, 600_000);

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
  }, 600_000);

  it('type-checks a TypeScript consumer against the shipped .d.ts', async (ctx) => {
    if (skipped) ctx.skip(skipped);
    fs.writeFileSync(path.join(project, 'consumer.ts'), CONSUMER_TS);
    // What is checked is cacs's .d.ts (all of them, with every use they make of their
    // dependencies' types) and the consumer against them. The insides of the largest third-party
    // declarations are not: valibot's (a dependency) and @types/node's with its undici-types
    // (this repository's: the consumer has none of its own), two thirds of the check's time,
    // valibot's own tests' and DefinitelyTyped's business. Copies, with `// @ts-nocheck` first.
    const types = path.join(project, 'types');
    fs.cpSync(path.join(ROOT, 'node_modules', '@types', 'node'), path.join(types, 'node'), {
      recursive: true,
    });
    fs.cpSync(
      path.join(ROOT, 'node_modules', 'undici-types'),
      path.join(types, 'node', 'node_modules', 'undici-types'),
      { recursive: true },
    );
    declarationsNotChecked(types);
    declarationsNotChecked(path.join(project, 'node_modules', 'valibot'));
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
          // TypeScript's own lib.*.d.ts are not what is checked here (cacs's .d.ts and its
          // dependencies' are): a sixth of the check's time.
          skipDefaultLibCheck: true,
          // The consumer has no @types/node of its own: this repository's (the copy above).
          typeRoots: [types],
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
    // No output: no error, and every @ts-expect-error above met its error (an unused one is an
    // error itself), so a mistake is caught and the check is real, in one tsc run.
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 600_000); // tsc alone: about 10 s of CPU, over 60 s at load 18 on 2 cores

  afterAll(() => {
    if (process.env.CACS_TEST_TIMINGS) console.log('package test timings (ms):', timings);
  });
});
