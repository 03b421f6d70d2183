/**
 * Performance guards that need no clock: start-up loads no heavy module, and memory does not
 * grow with the number of rows (figures and timings live in bench/, see the README).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, isolatedEnv, tempDir } from '../helpers/cli.js';
import { emulatorPool } from '../helpers/import.js';
import { configMayBeFound } from '../../src/config/files.js';

const PRELOAD = path.join(ROOT, 'test', 'helpers', 'record-imports.mjs');
const HEAVY = [
  'got',
  'cosmiconfig',
  'csv-parse',
  'csv-stringify',
  'ora',
  'iconv-lite',
  'js-yaml',
  'fflate',
  'hpagent',
];

/** What each chunk of the command line's bundle holds (scripts/bundle.js writes it). */
const BUNDLE = path.join(ROOT, 'dist', 'bundle');
const chunks = JSON.parse(fs.readFileSync(path.join(BUNDLE, 'modules.json'), 'utf8')) as Record<
  string,
  { modules: string[] }
>;

/**
 * The modules a cacs process loads, relative to the package (dist/…, node_modules/…): each
 * file it loads, and for a chunk of the bundle the modules in that chunk.
 */
function loadedUrls(args: string[], extraEnv: Record<string, string> = {}): string[] {
  const log = path.join(tempDir(), 'imports.log');
  const r = spawnSync(process.execPath, ['--import', PRELOAD, BIN, ...args], {
    env: { ...isolatedEnv(extraEnv), CACS_IMPORT_LOG: log } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  const files = fs
    .readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter((u) => u.startsWith('file:'))
    .map((u) => fileURLToPath(u));
  return files.flatMap((f) => {
    // dist/bundle/version.js is the version alone (for `cacs --version`), not a chunk.
    if (path.dirname(f) !== BUNDLE || path.basename(f) === 'version.js')
      return [path.relative(ROOT, f).split(path.sep).join('/')];
    const chunk = chunks[path.basename(f)];
    expect(chunk, `${f} is not in dist/bundle/modules.json`).toBeDefined();
    return chunk?.modules ?? [];
  });
}

function loadedPackages(args: string[]): string[] {
  const urls = loadedUrls(args);
  return [
    ...new Set(
      urls
        .map((u) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1])
        .filter((p): p is string => p !== undefined),
    ),
  ];
}

describe('start-up', () => {
  it('cacs --version loads no package and no command (bin/cacs.js answers it)', () => {
    const urls = loadedUrls(['--version']);
    expect(urls).toEqual(['bin/cacs.js', 'dist/bundle/version.js']);
  });

  it.each([[['--help']], [['import', '--help']], [['report', '--help']]])(
    'cacs %j loads no heavy module',
    (args) => {
      const loaded = loadedPackages(args);
      expect(loaded).toContain('commander');
      for (const heavy of HEAVY) expect(loaded).not.toContain(heavy);
    },
  );

  it('the Vietnamese catalog is loaded when Vietnamese is spoken, not in English', () => {
    const vietnamese = (urls: string[]) => urls.filter((u) => /messages\/vi[.-]/.test(u));
    expect(vietnamese(loadedUrls(['import', '--help'], { LANG: 'en_US.UTF-8' }))).toEqual([]);
    expect(vietnamese(loadedUrls(['import', '--help'], { LANG: 'vi_VN.UTF-8' }))).toContain(
      'dist/messages/vi.js',
    );
  });
});

describe('start-up of a command that asks the service', () => {
  const emulators = emulatorPool();

  /** The built-in modules a cacs process loaded, and the TLS sockets it made. */
  async function builtins(
    args: string[],
    cwd: string,
  ): Promise<{
    modules: string[];
    tlsSockets: number;
    listFormats: number;
    cosmiconfig: boolean;
    noConfig: boolean;
  }> {
    const emu = await emulators.start();
    const log = path.join(tempDir(), 'builtins.json');
    const imports = path.join(tempDir(), 'imports.log');
    const env = isolatedEnv();
    // Not spawnSync: the emulator answers from this process.
    const child = spawn(process.execPath, ['--import', PRELOAD, BIN, ...args], {
      cwd,
      env: {
        ...env,
        CACS_BUILTINS_LOG: log,
        CACS_IMPORT_LOG: imports,
        CACS_BASE_URL: emu.url,
        CACS_ACCESS_TOKEN: 'emulator-token',
        CACS_CAMPAIGN: 'summer',
        CACS_STATE_DIR: path.join(cwd, 'state'),
      } as NodeJS.ProcessEnv,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    // A child that never ends is killed before the test's own timeout, so that it fails saying
    // so and leaves no process behind (session 17: one stayed, waiting on the module-loading
    // hooks' thread, after its test timed out).
    const stuck = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const code = await new Promise<number | null>((r) => child.on('close', r)).finally(() =>
      clearTimeout(stuck),
    );
    expect(code, `${stderr}\n(killed after 90 s: ${child.signalCode === 'SIGKILL'})`).toBe(0);
    return {
      ...(JSON.parse(fs.readFileSync(log, 'utf8')) as {
        modules: string[];
        tlsSockets: number;
        listFormats: number;
      }),
      cosmiconfig: fs.readFileSync(imports, 'utf8').includes('/node_modules/cosmiconfig/'),
      // No config file in the folder, above it, in the user's folder: nothing for a search to
      // find (false too when a folder above the temporary one holds a place it reads).
      noConfig: !configMayBeFound(cwd, path.join(env.XDG_CONFIG_HOME!, 'cacs'), cwd),
    };
  }

  // got loads http2-wrapper (node:http2, and a TLS socket made when loaded to learn a class:
  // the system's root certificates read, ≈ 30 ms) and commander node:child_process; the bundle
  // loads them when first used (scripts/bundle.js), which a request over http:// never does.
  // got's argument checks (@sindresorhus/is) made two Intl.ListFormat objects when loaded: the
  // first Intl object initialises ICU (≈ 15 ms before an import's first request); the bundle
  // makes them for a failed check's message only.
  it.each([
    ['report', ['report', '--from', '2025-01-01', '--to', '2025-01-02', '--format', 'csv']],
    ['import', ['import', 'leads.csv']],
  ])(
    'cacs %s over http:// loads no node:http2, node:child_process or cosmiconfig, makes no TLS socket and no list format',
    async (_, args) => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, 'leads.csv'), 'phone,name\n0901234567,Lan\n');
      const { modules, tlsSockets, listFormats, cosmiconfig, noConfig } = await builtins(args, dir);
      expect(modules).toContain('NativeModule http');
      expect(modules).not.toContain('NativeModule http2');
      expect(modules).not.toContain('NativeModule child_process');
      expect(tlsSockets).toBe(0);
      expect(listFormats).toBe(0);
      // Nor cosmiconfig (≈ 12 ms), when there is no config file to find.
      if (noConfig) expect(cosmiconfig).toBe(false);
    },
  );
});

describe("the bundle's got", () => {
  it('still says what a failed argument check expected, in a list ("…, or `undefined`")', () => {
    // The list formats are made when such a message is first written (scripts/bundle.js).
    const script = `
      import fs from 'node:fs';
      import path from 'node:path';
      const bundle = ${JSON.stringify(BUNDLE)};
      const manifest = JSON.parse(fs.readFileSync(path.join(bundle, 'modules.json'), 'utf8'));
      const chunk = Object.keys(manifest).find((c) =>
        manifest[c].modules.some((m) => m.includes('node_modules/@sindresorhus/is/')));
      const mod = await import(path.join(bundle, chunk));
      const got = Object.values(mod).find((v) =>
        typeof v === 'function' && typeof v.stream === 'function' && typeof v.extend === 'function');
      got.stream('http://127.0.0.1:9/', { method: 'POST', body: 123 })
        .on('error', (e) => process.stdout.write(e.message));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: isolatedEnv() as NodeJS.ProcessEnv,
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^Option 'body': Expected values which are `string`, `Buffer`, .*, or `undefined`\. Received values of type `number`\.$/,
    );
  });
});

describe('completion values', () => {
  it.each([[['__complete', 'campaigns']], [['__complete', 'statuses']]])(
    'cacs %j reads settings only: nothing of the network, the input or the terminal',
    (args) => {
      const urls = loadedUrls(args);
      const loaded = loadedPackages(args);
      for (const p of ['got', 'hpagent', 'ora', 'chalk', 'csv-parse', 'fflate', 'iconv-lite'])
        expect(loaded).not.toContain(p);
      // Constants (api/spec, report/formats, report/rules, input/types: no imports of their own)
      // are fine; the client, inputs and deliveries are not.
      const heavy =
        /^dist\/(api\/(?!spec\.js)|report\/(?!formats\.js|rules\.js)|delivery\/|input\/(?!types\.js)|leads\/)/;
      expect(urls.filter((u) => heavy.test(u))).toEqual([]);
    },
  );
});

describe('memory', () => {
  /**
   * Memory still held after a full GC at the end of a dry run (RSS also counts garbage V8 has
   * not collected yet, which the bench reports). Only the dedupe table may grow with the rows.
   */
  function retainedAfterDryRun(rows: number, extra: string[] = []): number {
    const dir = tempDir();
    const file = path.join(dir, 'leads.csv');
    const lines = ['phone,name,address'];
    for (let i = 0; i < rows; i++)
      lines.push(`09${String(10_000_000 + i)},Nguyễn Văn ${i},${i} Lý Thường Kiệt Hà Nội`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const script = `
      const { main } = await import(${JSON.stringify(path.join(BUNDLE, 'cli.js'))});
      const code = await main(['import', ${JSON.stringify(file)}, '--dry-run', '-q', ...${JSON.stringify(extra)}]);
      globalThis.gc(); globalThis.gc();
      const m = process.memoryUsage();
      process.stdout.write(JSON.stringify({ code, bytes: m.heapUsed + m.arrayBuffers }));`;
    const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      cwd: dir,
      env: isolatedEnv() as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    const out = JSON.parse(r.stdout) as { code: number; bytes: number };
    expect(out.code, r.stderr).toBe(0);
    return out.bytes;
  }

  it('retains no memory per row without dedupe', () => {
    const small = retainedAfterDryRun(20_000, ['--no-dedupe']);
    const large = retainedAfterDryRun(200_000, ['--no-dedupe']);
    expect(large - small).toBeLessThan(2 * 1024 * 1024);
  }, 120_000);

  it('retains at most the dedupe table (≤ 64 bytes per row) with dedupe', () => {
    const small = retainedAfterDryRun(20_000);
    const large = retainedAfterDryRun(200_000);
    expect(large - small).toBeLessThan(64 * 180_000);
  }, 120_000);

  const emulators = emulatorPool();

  /**
   * Memory held after a full GC halfway through sending a real import (the library's runImport
   * in a process of its own, the emulator in this one), with a state folder: the ledger and
   * the journal are written as in any real run.
   */
  async function retainedWhileSending(rows: number): Promise<number> {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = path.join(dir, 'leads.csv');
    const lines = ['phone,name,address'];
    for (let i = 0; i < rows; i++)
      lines.push(`09${String(10_000_000 + i)},Nguyễn Văn ${i},${i} Lý Thường Kiệt Hà Nội`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const script = `
      const { createClient, runImport } = await import(${JSON.stringify(path.join(ROOT, 'dist', 'index.js'))});
      const client = createClient({ baseUrl: ${JSON.stringify(emu.url)}, token: 'emulator-token' });
      let bytes;
      const s = await runImport({
        file: ${JSON.stringify(file)}, campaignKey: 'summer', client,
        stateDir: ${JSON.stringify(path.join(dir, 'state'))}, batchSize: 500, concurrency: 4,
        onProgress: (p) => {
          if (bytes === undefined && p.phase === 'sending' && p.progress.sent >= p.total / 2) {
            globalThis.gc(); globalThis.gc();
            const m = process.memoryUsage();
            bytes = m.heapUsed + m.arrayBuffers;
          }
        },
      });
      process.stdout.write(JSON.stringify({ imported: s.imported, bytes }));`;
    const child = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      cwd: dir,
      env: isolatedEnv() as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code, stderr).toBe(0);
    const out = JSON.parse(stdout) as { imported: number; bytes: number };
    expect(out.imported).toBe(rows);
    return out.bytes;
  }

  it('retains no memory per lead while sending: the dedupe set and the ledger table are let go after the preflight', async () => {
    const small = await retainedWhileSending(20_000);
    const large = await retainedWhileSending(200_000);
    // Before: both tables lived on (+10 MB, 56 bytes per lead). Left (+1.4 MB): the journal's
    // byte per line, the preflight's bits, and code V8 compiled in the longer run.
    expect(large - small).toBeLessThan(20 * 180_000);
  }, 180_000);
});
