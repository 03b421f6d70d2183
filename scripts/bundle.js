#!/usr/bin/env node
/**
 * Bundles the command line (dist/cli/main.js and what it imports, the packages included) into
 * dist/bundle/: `cli.js` and the chunks it loads, each command's code in chunks of its own that
 * are loaded only when the command runs, as the separate modules were. bin/cacs.js runs it.
 *
 * Why: a cacs process spent most of its start-up finding, reading and compiling about 250
 * modules one by one (Node 20 keeps no compile cache). The same code in a few dozen chunks
 * starts in about a third less CPU time and 13 MB less memory (README, Performance). The library
 * (dist/index.js, `import … from 'cacs'`) stays the separate modules tsc writes: a consumer's
 * bundler and types see them as before.
 *
 * Left out of the bundle, loaded from node_modules as before:
 * - cosmiconfig (and so TypeScript, which its loader for .ts config files requires);
 * - pg (loaded by src/state/pg/connection.ts with createRequire only when a PostgreSQL state is
 *   used) and pg-native, which pg asks for only when told to.
 *
 * dist/version.js reads the version from package.json beside dist/ when loaded; in the bundle
 * it is the version package.json held when the bundle was made (scripts/build.js rebuilds when
 * package.json changes), and dist/bundle/version.js holds the same for `cacs --version`.
 *
 * dist/bundle/modules.json lists each chunk's modules (relative to the package: dist/… and
 * node_modules/…), so a test can tell which modules a command loads by the chunks it loads.
 *
 *   node scripts/bundle.js   (run by scripts/build.js after tsc)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const out = path.join(dist, 'bundle');
const version = path.join(dist, 'version.js');
/** The catalogs the bundle holds flat (see cacs-flat-catalogs): file → the name it exports. */
const CATALOG_FILES = new Map([
  [path.join(dist, 'messages', 'en.js'), 'en'],
  [path.join(dist, 'messages', 'vi.js'), 'vi'],
]);

/** The version in package.json now: what the bundle and dist/bundle/version.js hold. */
function bundledVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}

fs.rmSync(out, { recursive: true, force: true });
const result = await build({
  input: { cli: path.join(dist, 'cli', 'main.js') },
  platform: 'node',
  external: [/^cosmiconfig($|\/)/, /^typescript($|\/)/, /^pg($|\/)/, /^pg-native($|\/)/],
  plugins: [
    {
      // dist/version.js reads package.json beside dist/ when loaded (import.meta.url, which a
      // chunk does not share): the bundle holds the version read now instead.
      name: 'cacs-version',
      load(id) {
        if (id !== version) return null;
        return `export const VERSION = ${JSON.stringify(bundledVersion())};\n`;
      },
    },
    {
      // got loads http2-wrapper, which loads node:http2 and its own modules when loaded, one of
      // which makes a TLS socket to learn a class: that builds a TLS context (the system's root
      // certificates), about 40 ms of every import's and report's start-up in all, for the
      // `http2` option cacs never sets. The bundle's http2-wrapper loads them the first time
      // one of its exports is read (over https:// without http2, never).
      name: 'cacs-lazy-http2-wrapper',
      async transform(code, id) {
        if (!/[\\/]http2-wrapper[\\/]source[\\/]index\.js$/.test(id)) return null;
        const exportsAt = code.indexOf('module.exports = {');
        if (!code.startsWith("'use strict';\n") || exportsAt < 0)
          throw new Error(`bundle: ${id} is no longer laid out as expected`);
        const names = [
          ...Object.keys(await import('node:http2')).filter((k) => k !== 'default'),
          ...[
            'ClientRequest',
            'IncomingMessage',
            'Agent',
            'globalAgent',
            'request',
            'get',
            'auto',
            'proxies',
            'validateHeaderName',
            'validateHeaderValue',
          ],
        ];
        const body = code
          .slice("'use strict';\n".length, exportsAt)
          .concat('loaded = {', code.slice(exportsAt + 'module.exports = {'.length));
        return `'use strict';
let loaded;
function load() {
  if (loaded !== undefined) return loaded;
${body}
  return loaded;
}
for (const name of ${JSON.stringify([...new Set(names)])})
  Object.defineProperty(module.exports, name, { enumerable: true, get: () => load()[name] });
`;
      },
    },
    {
      // @sindresorhus/is (got's argument checks) makes two Intl.ListFormat objects when loaded,
      // for the message of a failed check: the first Intl object of a process initialises ICU,
      // ≈ 15 ms of every import's time before its first request and of every report's
      // start-up (nothing else of an import or a report over http:// uses Intl). The bundle's
      // makes them the first time such a message is written.
      name: 'cacs-lazy-list-format',
      transform(code, id) {
        if (!/[\\/]@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/.test(id)) return null;
        const eager = [
          "const andFormatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });",
          "const orFormatter = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });",
        ];
        if (!eager.every((line) => code.includes(line)))
          throw new Error(`bundle: ${id} no longer makes its list formats as expected`);
        const lazy = (name, type) =>
          `let ${name}Made;\nconst ${name} = { format: (list) => (${name}Made ??= new Intl.ListFormat('en', { style: 'long', type: '${type}' })).format(list) };`;
        return code
          .replace(eager[0], lazy('andFormatter', 'conjunction'))
          .replace(eager[1], lazy('orFormatter', 'disjunction'));
      },
    },
    {
      // The message catalogs are written one file per area, spread into one object (en.ts,
      // vi.ts): made so at load, about 1,700 properties copied one spread at a time, ≈ 9 ms of
      // every start-up. The bundle holds each catalog as the object those files make, read
      // with JSON.parse (V8 reads a large literal faster as JSON): the same ids, texts and
      // order, as every value is a string (checked here).
      name: 'cacs-flat-catalogs',
      async load(id) {
        const name = CATALOG_FILES.get(id);
        if (name === undefined) return null;
        const catalog = (await import(pathToFileURL(id).href))[name];
        if (catalog === null || typeof catalog !== 'object' || Object.keys(catalog).length < 100)
          throw new Error(`bundle: ${id} no longer exports its catalog as ${name}`);
        for (const [key, text] of Object.entries(catalog))
          if (typeof text !== 'string') throw new Error(`bundle: ${id}: ${key} is not a text`);
        return `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(catalog))});\n`;
      },
    },
    {
      // commander loads node:child_process (about 7 ms of every start-up) for executable
      // subcommands, which cacs has none of: the bundle loads it the first time it is used.
      name: 'cacs-lazy-child-process',
      transform(code, id) {
        if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
        const eager = "const childProcess = require('node:child_process');";
        if (!code.includes(eager))
          throw new Error(`bundle: ${id} no longer loads node:child_process as expected`);
        return code.replace(
          eager,
          "let childProcessModule;\nconst childProcess = { spawn: (...args) => (childProcessModule ??= require('node:child_process')).spawn(...args) };",
        );
      },
    },
  ],
  // cacs's own modules do nothing when loaded but define things (no module is imported for its
  // effects; test/unit/layers.test.ts): one whose exports a chunk does not use is left out of
  // it, so a command loads what it uses of the library's door (src/index.ts) and no more.
  treeshake: { moduleSideEffects: (id) => !id.startsWith(`${dist}${path.sep}`) },
  output: {
    dir: out,
    format: 'esm',
    entryFileNames: '[name].js',
    // The start-up's facts that the HTTP client uses too (the version, the secrets scrubber) in
    // a chunk of their own: left to itself rolldown puts them in one chunk with the client and
    // the library's own functions, which every start-up would then load
    // (test/e2e/guards.e2e.test.ts).
    codeSplitting: {
      groups: [{ name: 'facts', test: /[\\/]dist[\\/](secrets|version)\.js$/ }],
    },
    chunkFileNames: '[name]-[hash].js',
  },
  logLevel: 'warn',
});

/** A module id as the manifest names it: relative to the package, with forward slashes. */
const relative = (id) => path.relative(root, id).split(path.sep).join('/');
const chunks = {};
for (const o of result.output) {
  if (o.type !== 'chunk') continue;
  chunks[o.fileName] = {
    imports: o.imports,
    dynamicImports: o.dynamicImports,
    modules: o.moduleIds.filter((id) => path.isAbsolute(id)).map(relative),
  };
}
fs.writeFileSync(path.join(out, 'modules.json'), `${JSON.stringify(chunks, null, 1)}\n`);
// `cacs --version` alone (bin/cacs.js's fast path, without the bundle) prints the same version
// as the bundle holds.
fs.writeFileSync(
  path.join(out, 'version.js'),
  `export const VERSION = ${JSON.stringify(bundledVersion())};\n`,
);
