#!/usr/bin/env node
// npm's `prepare` script: build dist/ from src/ with TypeScript (a dev dependency).
//
// After `npm ci` in a checkout (and for `npm pack` after it) TypeScript is in node_modules.
// `npm install -g /path/to/cacs` links the folder and installs none of its dependencies, and
// `npm pack` in a fresh clone has none either: when the folder has no node_modules at all, this
// script first runs `npm ci` there (the versions package-lock.json pins, dev dependencies
// included), as a newcomer would have, then builds. A node_modules without TypeScript (e.g.
// `npm install --omit=dev`) is left as it is, with a message saying what to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** The build's tools (dev dependencies): TypeScript, and rolldown for the command line's bundle. */
const tools = [tsc, path.join(root, 'node_modules', 'rolldown', 'package.json')];

function run(command, args, env = process.env) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (r.error) {
    console.error(`cacs: ${command} could not be started: ${r.error.message}`);
    return 1;
  }
  return r.status ?? 1;
}

if (!tools.every((f) => fs.existsSync(f))) {
  if (fs.existsSync(path.join(root, 'node_modules'))) {
    console.error(
      `cacs: TypeScript and rolldown (dev dependencies) are not both in ${path.join(root, 'node_modules')}, ` +
        `so dist/ cannot be built: run \`npm ci\` in ${root} first.`,
    );
    process.exit(1);
  }
  console.error(
    `cacs: ${root} has no node_modules yet: installing its dependencies (npm ci) to build dist/.`,
  );
  // Inside `npm install -g` its settings (global, prefix, omit…) reach this npm through
  // npm_config_* variables: those are dropped, and the ones that matter set on the line.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^npm_config_(global|location|prefix|omit|include|production|only|dev)$/i.test(k),
    ),
  );
  const installed = run(
    NPM,
    [
      'ci',
      '--prefix',
      root,
      '--global=false',
      '--include=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
    ],
    env,
  );
  if (installed !== 0) {
    console.error(`cacs: \`npm ci\` failed in ${root}; dist/ was not built.`);
    process.exit(installed);
  }
}
// The build (scripts/build.js) is skipped when dist/ is already the build of this source (its
// stamp says so): `npm pack` right after `npm install -g .` or `npm ci` does not build twice.
process.exit(run(process.execPath, [path.join(root, 'scripts', 'build.js'), '--if-stale']));
