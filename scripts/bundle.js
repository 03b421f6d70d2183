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
 *   used) and pg-native, which pg asks for only when told to;
 * - dist/version.js, which reads the version from package.json next to dist/ (import.meta.url):
 *   the chunks import it as ../version.js.
 *
 * dist/bundle/modules.json lists each chunk's modules (relative to the package: dist/… and
 * node_modules/…), so a test can tell which modules a command loads by the chunks it loads.
 *
 *   node scripts/bundle.js   (run by scripts/build.js after tsc)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const out = path.join(dist, 'bundle');
const version = path.join(dist, 'version.js');

fs.rmSync(out, { recursive: true, force: true });
const result = await build({
  input: { cli: path.join(dist, 'cli', 'main.js') },
  platform: 'node',
  external: [/^cosmiconfig($|\/)/, /^typescript($|\/)/, /^pg($|\/)/, /^pg-native($|\/)/],
  plugins: [
    {
      name: 'cacs-version',
      resolveId(id, importer) {
        if (importer !== undefined && id.startsWith('.')) {
          if (path.resolve(path.dirname(importer), id) === version)
            return { id: '../version.js', external: true };
        }
        return null;
      },
    },
  ],
  output: {
    dir: out,
    format: 'esm',
    entryFileNames: '[name].js',
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
