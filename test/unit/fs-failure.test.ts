/**
 * The CLI's last word on a file system failure no command worded (src/cli/outcome.ts
 * fileSystemFailure): a failure naming the path and what to do (exit 1), not "internal error …
 * report it". Found by a review (session 17): `reconcile` on a state folder whose ledgers were
 * another user's said "internal error: EACCES".
 */
import { describe, expect, it } from 'vitest';
import { errorOutcome, fileSystemFailure } from '../../src/cli/outcome.js';
import { ExitCode, UsageError } from '../../src/errors.js';

function sysError(code: string, path?: string): NodeJS.ErrnoException {
  const e = new Error(`${code}: something, open '${path ?? ''}'`) as NodeJS.ErrnoException;
  e.code = code;
  if (path !== undefined) e.path = path;
  e.syscall = 'open';
  return e;
}

describe('fileSystemFailure', () => {
  it('permission denied: the path, who may not, and what to do', () => {
    const f = fileSystemFailure(sysError('EACCES', '/srv/state/ledgers/x.json'));
    expect(f?.exitCode).toBe(ExitCode.FAILURE);
    expect(f?.message).toBe(
      '/srv/state/ledgers/x.json: this user may not read or write it (permission denied)',
    );
    expect(f?.hint).toBe(
      'Give this user access to /srv/state/ledgers/x.json (or run cacs as its owner), then run the same command.',
    );
    expect(fileSystemFailure(sysError('EPERM', '/p'))?.message).toContain('permission denied');
  });

  it('a read-only mount, a full disk, anything else with a path', () => {
    expect(fileSystemFailure(sysError('EROFS', '/mnt/ro/f'))?.message).toBe(
      '/mnt/ro/f is on a read-only file system',
    );
    expect(fileSystemFailure(sysError('ENOSPC', '/full/f'))?.message).toBe(
      '/full/f: the disk is full',
    );
    const other = fileSystemFailure(sysError('EISDIR', '/a/dir'));
    expect(other?.message).toBe('/a/dir: EISDIR');
    expect(other?.hint).toBe('Check the disk and the folder, then run the same command.');
  });

  it('left alone: no path, no errno code, a CacsError, not an Error', () => {
    expect(fileSystemFailure(sysError('EACCES'))).toBeUndefined();
    expect(fileSystemFailure(new TypeError('x is not a function'))).toBeUndefined();
    expect(fileSystemFailure(new UsageError('bad flag'))).toBeUndefined();
    expect(fileSystemFailure('EACCES')).toBeUndefined();
  });

  it('the JSON outcome says failure, not internal', () => {
    const { exitCode, error } = errorOutcome(sysError('EACCES', '/s/l.json'), 'reconcile');
    expect(exitCode).toBe(1);
    expect(error.code).toBe('failure');
    expect(error.message).toContain('/s/l.json: this user may not read or write it');
  });
});
