/**
 * Vitest setup file (runs in each test file's worker): what test/helpers/tmp.ts made for the
 * file is removed when the file ends, whatever its tests did. With CACS_TEST_CPU=<file>, each
 * test file also appends a line to that file: its name and the CPU time it took in ms, in its
 * worker (selfMs, from this setup to its end; processMs, the worker's since it started, which
 * counts the files before it in a shared unit worker) and in the child processes it waited for
 * (childrenMs): where the suite's time goes, whatever else the machine runs (see README,
 * Development).
 *
 * Each test starts in English, in the library's own words (no face's wording): the unit files
 * share their worker processes and so the message module's settings, which a CLI run in-process
 * (runCli) changes for the rest of the process; a test that asserts the CLI's words sets them
 * itself (useCliWords, or a CLI run).
 */
import fs from 'node:fs';
import { afterAll, beforeEach, expect } from 'vitest';
import { loadCatalog, setFaceWords, setLanguage } from '../src/messages/index.js';
import { removeTempDirs } from './helpers/tmp.js';

// The Vietnamese catalog is loaded when the language is first chosen (the CLI's setLanguage,
// src/lazy.ts): loaded here once, so that a test may switch to it with the synchronous
// setLanguage('vi') of the message module.
await loadCatalog('vi');

// Before the file's own top-level code too: a file that builds something at load (the
// completion scripts, a program's help) sees English, not what the last file in a shared
// worker left (the e2e files share their workers as well).
setLanguage('en');
setFaceWords({});

beforeEach(() => {
  setLanguage('en');
  setFaceWords({});
});

/** This process's CPU time and its waited-for children's, in ms (Linux: /proc/self/stat). */
function cpuMs(): { self: number; children: number } {
  const self = process.cpuUsage();
  let children = 0;
  try {
    // Fields after the command name: state is field 3; cutime and cstime are fields 16 and 17.
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    // Not Linux: children unknown.
  }
  return { self: (self.user + self.system) / 1000, children };
}

const cpuLog = process.env.CACS_TEST_CPU;
const started = cpuLog ? cpuMs() : undefined;

afterAll(() => {
  const left = removeTempDirs();
  if (cpuLog && started) {
    const now = cpuMs();
    const line = {
      file: expect.getState().testPath,
      pid: process.pid,
      selfMs: Math.round(now.self - started.self),
      processMs: Math.round(now.self),
      childrenMs: Math.round(now.children - started.children),
    };
    fs.appendFileSync(cpuLog, `${JSON.stringify(line)}\n`);
  }
  if (left.length > 0)
    throw new Error(`temporary folders that could not be removed: ${left.join(', ')}`);
});
