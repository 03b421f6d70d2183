/**
 * makeDirs (src/atomic-write.ts): folders made as `fs.mkdirSync(…, { recursive: true })` makes
 * them, without Node's endless loop where a parent exists but cannot hold the child (review,
 * session 18: `CACS_STATE_DIR=/proc/x cacs import …` spun at 100 % CPU, deaf to Ctrl-C, until
 * killed with SIGKILL). On the real file system, and through the CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirs } from '../../src/atomic-write.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

const code = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code;
  }
};

describe('makeDirs', () => {
  it('makes every missing folder, 0700, and takes one that is there', () => {
    const root = tempDir();
    const deep = path.join(root, 'a', 'b', 'c');
    makeDirs(deep);
    for (const d of ['a', 'a/b', 'a/b/c'])
      expect(fs.statSync(path.join(root, d)).mode & 0o777).toBe(0o700);
    makeDirs(deep);
    makeDirs(root);
    // Through a link to a folder.
    fs.symlinkSync(path.join(root, 'a'), path.join(root, 'link'));
    makeDirs(path.join(root, 'link', 'b', 'd'));
    expect(fs.statSync(path.join(root, 'a', 'b', 'd')).isDirectory()).toBe(true);
  });

  it('a file in the way, or a parent that is a file: EEXIST / ENOTDIR, as Node says', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'f'), '');
    expect(code(() => makeDirs(path.join(root, 'f')))).toBe('EEXIST');
    expect(code(() => makeDirs(path.join(root, 'f', 'x', 'y')))).toBe('ENOTDIR');
  });

  it('a link to nothing: ENOENT at once (Node looped)', () => {
    const root = tempDir();
    fs.symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    expect(code(() => makeDirs(path.join(root, 'dangling', 'state')))).toBe('ENOENT');
    expect(code(() => makeDirs(path.join(root, 'dangling')))).toBe('ENOENT');
  });

  it.skipIf(!fs.existsSync('/proc/self'))(
    'a place that holds no folders (/proc): ENOENT at once (Node looped)',
    () => {
      expect(code(() => makeDirs('/proc/cacs-no-such/state'))).toBe('ENOENT');
      expect(code(() => makeDirs('/proc/cacs-no-such'))).toBe('ENOENT');
    },
  );

  it.skipIf(!fs.existsSync('/proc/self'))(
    'cacs import with its state folder under /proc: exit 1 naming it and what to do',
    async () => {
      const cwd = tempDir();
      fs.writeFileSync(path.join(cwd, 'one.csv'), 'phone_number\n0912345678\n');
      const r = await runCli(['import', 'one.csv', '--campaign', 'summer', '--dry-run'], {
        cwd,
        env: isolatedEnv({
          CACS_BASE_URL: 'http://127.0.0.1:9',
          CACS_ACCESS_TOKEN: 'tok-123',
          CACS_STATE_DIR: '/proc/cacs-no-such',
        }),
      });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(
        'cannot be made there (a link that points to nothing, or a place such as /proc that holds no folders)',
      );
      expect(r.stderr).toContain(
        'Point CACS_STATE_DIR (or the stateDir setting) at an ordinary folder',
      );
    },
  );
});
