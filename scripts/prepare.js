#!/usr/bin/env node
// npm's `prepare` script: build dist/ from src/ with TypeScript.
//
// In a checkout after `npm ci` (and for `npm pack`) TypeScript is one of the dev dependencies
// in node_modules. `npm install -g /path/to/cacs` installs only the runtime dependencies of the
// folder before it runs this script, so TypeScript is not there: it is then installed into a
// private temporary folder (the versions package-lock.json pins), used for this one build and
// removed, and the checkout's own node_modules stays as npm made it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, opts = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

/** The version package-lock.json pins for a dev dependency, else package.json's range. */
function pinned(name) {
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    const v = lock.packages?.[`node_modules/${name}`]?.version;
    if (typeof v === 'string') return v;
  } catch {
    // No lock file: the range below.
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return pkg.devDependencies[name];
}

const localTsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (fs.existsSync(localTsc)) {
  process.exit(run(process.execPath, [localTsc, '-p', 'tsconfig.build.json']));
}

console.error(
  'cacs: TypeScript is not installed here (npm installs only the runtime dependencies of a folder); ' +
    'installing it into a temporary folder to build dist/.',
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-prepare-'));
let code = 1;
try {
  // This script runs inside `npm install -g`: its settings (global, prefix, omit…) reach the
  // nested npm through npm_config_* variables, so the ones that matter are set on the line.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^npm_config_(global|location|prefix|omit|include|production|only)$/i.test(k),
    ),
  );
  code = run(
    NPM,
    [
      'install',
      '--prefix',
      work,
      '--global=false',
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `typescript@${pinned('typescript')}`,
      `@types/node@${pinned('@types/node')}`,
    ],
    { cwd: work, env },
  );
  if (code === 0) {
    code = run(process.execPath, [
      path.join(work, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.build.json',
      '--typeRoots',
      path.join(work, 'node_modules', '@types'),
    ]);
  } else {
    console.error(
      'cacs: could not install TypeScript to build dist/. From the checkout, run `npm ci` (it builds ' +
        'dist/), then `npm install -g .` again.',
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(code);
