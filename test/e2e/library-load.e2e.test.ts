/**
 * Importing the library is cheap (README "Performance": a command's start loads src/index.ts):
 * `import 'cacs'` loads the errors, defaults, constants, the client class and the report's plan,
 * and no service. Each service is loaded by the function that needs it, on its first call. No
 * clock: a child process imports dist/index.js with a module hook that records every URL it
 * resolves (test/helpers/record-imports.mjs), and the test names what must not be among them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, isolatedEnv, tempDir } from '../helpers/cli.js';

const PRELOAD = path.join(ROOT, 'test', 'helpers', 'record-imports.mjs');
const INDEX = pathToFileURL(path.join(ROOT, 'dist', 'index.js')).href;

/** Packages a plain `import 'cacs'` must not load (got loads on the client's first request). */
const HEAVY_PACKAGES = [
  'got',
  'csv-parse',
  'csv-stringify',
  'fflate',
  'iconv-lite',
  'hpagent',
  'valibot',
  'cosmiconfig',
  'commander',
  'ora',
  'chalk',
];

/**
 * cacs's own services, loaded on first call: the import, reconcile and the history; the
 * report's fetching, merging and writers (CSV, xlsx, HTML), bookmarks; the state store; the
 * readers of input files and do-not-call lists; the settings (the CLI's); the CLI itself.
 */
const HEAVY_MODULES = [
  'delivery/import.js',
  'delivery/send.js',
  'delivery/reconcile.js',
  'delivery/history.js',
  'report/service.js',
  'report/fetch.js',
  'report/merge.js',
  'report/prepared.js',
  'report/spill.js',
  'report/write.js',
  'report/xlsx.js',
  'report/zip.js',
  'report/html.js',
  'report/summary-view.js',
  'report/bookmark.js',
  'state/index.js',
  'state/file/',
  'input/rows.js',
  'input/csv.js',
  'input/stdin.js',
  'input/xlsx/',
  'leads/prepare.js',
  'leads/suppress.js',
  'config/settings.js',
  'config/files.js',
  'csv-writer.js',
  'atomic-write.js',
  'cli/',
];

/** Every module URL a node process running `code` (an ES module) resolves. */
function loadedBy(code: string): string[] {
  const log = path.join(tempDir(), 'imports.log');
  const r = spawnSync(
    process.execPath,
    ['--import', PRELOAD, '--input-type=module', '--eval', code],
    {
      env: { ...isolatedEnv(), CACS_IMPORT_LOG: log } as NodeJS.ProcessEnv,
      encoding: 'utf8',
    },
  );
  expect(r.status, r.stderr).toBe(0);
  return fs.readFileSync(log, 'utf8').trim().split('\n');
}

const distModule = (url: string) =>
  url.startsWith(pathToFileURL(path.join(ROOT, 'dist')).href + '/')
    ? url.slice(pathToFileURL(path.join(ROOT, 'dist')).href.length + 1)
    : undefined;

function heavyIn(urls: readonly string[]): string[] {
  const packages = new Set(
    urls.map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter((p) => p),
  );
  const own = new Set(urls.map(distModule).filter((m): m is string => m !== undefined));
  return [
    ...HEAVY_PACKAGES.filter((p) => packages.has(p)),
    ...[...own].filter((m) =>
      HEAVY_MODULES.some((h) => (h.endsWith('/') ? m.startsWith(h) : m === h)),
    ),
  ];
}

describe("import 'cacs' loads no service", () => {
  it('dist/index.js loads the light modules only', () => {
    const urls = loadedBy(`await import(${JSON.stringify(INDEX)});`);
    // The record is of this very import (not an empty log).
    expect(urls.map(distModule)).toEqual(
      expect.arrayContaining(['index.js', 'errors.js', 'report/plan.js']),
    );
    expect(heavyIn(urls)).toEqual([]);
  });

  it('the synchronous functions (createClient, planReport, summarize) load no service either', () => {
    const urls = loadedBy(
      `const cacs = await import(${JSON.stringify(INDEX)});
       cacs.createClient({ baseUrl: 'http://127.0.0.1:9', token: 't' });
       const plan = cacs.planReport({ from: '2026-11-01', to: '2026-11-30' });
       cacs.summarize([]);
       if (plan.requests !== 1) throw new Error('plan: ' + JSON.stringify(plan));`,
    );
    expect(heavyIn(urls)).toEqual([]);
  });

  it('a service loads on its first call (the record sees dynamic imports)', () => {
    const state = tempDir();
    const urls = loadedBy(
      `const cacs = await import(${JSON.stringify(INDEX)});
       const runs = await cacs.listHistory({ stateDir: ${JSON.stringify(state)} });
       if (runs.length !== 0) throw new Error('runs: ' + runs.length);`,
    );
    expect(heavyIn(urls)).toEqual(
      expect.arrayContaining(['delivery/history.js', 'state/index.js']),
    );
    expect(heavyIn(urls)).not.toContain('report/service.js');
  });
});
