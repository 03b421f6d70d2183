#!/usr/bin/env node
// npm run demo: start the emulator on a free port, import examples/leads.csv, show the summary,
// print a report of the imported leads as a table, and stop the emulator.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist', 'emulator', 'index.js');
if (!fs.existsSync(dist)) {
  console.error('cacs is not built yet: run `npm ci` (or `npm run build`) first.');
  process.exit(1);
}
const { startEmulator } = await import(dist);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cacs-demo-'));
// The working folder goes on every way out: done, failed, thrown, Ctrl-C, kill.
const removeWork = () => fs.rmSync(work, { recursive: true, force: true });
process.on('exit', removeWork);
let emulator;
/** The cacs command running now, if any. */
let child;
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await emulator?.close().catch(() => {});
  removeWork();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) return;
    console.log(`\n${signal}: stopping the demo; the working folder is removed.`);
    // A command still running ends first, so nothing writes into the folder after it is
    // removed. Ctrl-C on a terminal reaches it too (its own handler stops it; a second SIGINT
    // would cut its requests short), so only other signals are passed on.
    if (child && child.exitCode === null && child.signalCode === null) {
      child.once('exit', () => void stop(130));
      if (signal !== 'SIGINT') child.kill(signal);
    } else {
      void stop(130);
    }
  });
}

try {
  emulator = await startEmulator({
    port: 0,
    campaigns: [{ key: 'summer', name: 'Summer campaign' }],
  });
} catch (e) {
  console.error(`The emulator did not start: ${e instanceof Error ? e.message : String(e)}`);
  await stop(1);
}

const env = {
  ...process.env,
  CACS_BASE_URL: emulator.url,
  CACS_ACCESS_TOKEN: emulator.token,
  CACS_CAMPAIGN: 'summer',
  CACS_STATE_DIR: path.join(work, 'state'),
  XDG_CONFIG_HOME: path.join(work, 'config'),
};
// Asynchronous: the emulator runs in this process and must keep answering.
const cacs = (args) => {
  console.log(`\n$ cacs ${args.join(' ')}`);
  return new Promise((resolve) => {
    child = spawn(process.execPath, [path.join(root, 'bin', 'cacs.js'), ...args], {
      cwd: work,
      env,
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
};

let failed = false;
try {
  console.log(`Emulator running at ${emulator.url} (campaign "summer"); working folder ${work}`);
  // A copy, so the rejects and skipped files written beside it stay out of the repository.
  fs.copyFileSync(path.join(root, 'examples', 'leads.csv'), path.join(work, 'leads.csv'));
  const imported = await cacs(['import', 'leads.csv', '--campaign', 'summer']);
  if (stopping) await new Promise(() => {}); // a signal handler is finishing
  if (imported === 3)
    console.log(
      '(exit code 3: a few rows of the example file are rejected on purpose; see the rejects file above)',
    );
  else if (imported !== 0) failed = true;
  const reported = await cacs([
    'report',
    '--campaign',
    'summer',
    // The emulator places each lead's first call the second it is imported (later ones
    // follow over the next hours), so today's report already shows them.
    '--from',
    'today',
    '--format',
    'table',
  ]);
  if (stopping) await new Promise(() => {});
  if (reported !== 0) failed = true;
} catch (e) {
  console.error(`The demo failed: ${e instanceof Error ? e.message : String(e)}`);
  failed = true;
} finally {
  if (!stopping) {
    await emulator.close();
    removeWork();
  }
}
console.log(
  '\nEmulator stopped and the working folder removed. Next: read the README, or try `cacs emulator` and the commands it prints.',
);
process.exit(failed ? 1 : 0);
