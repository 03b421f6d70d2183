/**
 * Where a report goes (`cacs report -o`), checked before any request: a file in an existing,
 * writable folder (written atomically later), or a pipe or device that can be written
 * (atomic-write.ts writeTargetOf decides which). Messages name the output as the caller names
 * it, and no flag (the CLI prefixes `-o`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertCanCreateIn, writeTargetOf, type WriteTarget } from '../atomic-write.js';
import { CacsError, UsageError } from '../errors.js';
import { t } from '../messages/index.js';

/**
 * What writing the report to `file` will be; a UsageError `<name>: <why>` (name: as the caller
 * names it, default `file`) when it cannot be written: a folder, a folder that does not exist
 * or cannot be written, a pipe or device without write permission, or what writeTargetOf
 * refuses; with `reads` (a file the report reads: `--join`'s lead file), that same file —
 * named again, through a symlink or by a hard link — which writing would replace.
 */
export function checkReportOutput(file: string, name: string = file, reads?: string): WriteTarget {
  let target: WriteTarget;
  try {
    target = writeTargetOf(file);
  } catch (e) {
    if (e instanceof CacsError)
      throw new UsageError(
        t('report.output.refused', { name, reason: e.message }),
        e.hint ? { hint: e.hint } : {},
      );
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw new UsageError(t('report.output.isFolder', { name }));
    if (code === 'ENOTDIR' || code === 'EACCES')
      throw new UsageError(t('report.output.noFolder', { name, dir: path.dirname(file) }), {
        hint: t('report.output.noFolder.hint'),
      });
    throw new UsageError(
      t('report.output.cannotWrite', { name, reason: code ?? (e as Error).message }),
    );
  }
  if (reads !== undefined && isSameFile(target.path, reads))
    throw new UsageError(t('report.output.isInput', { name, file: reads }), {
      hint: t('report.output.isInput.hint'),
    });
  if (target.kind === 'direct') {
    try {
      fs.accessSync(target.path, fs.constants.W_OK);
    } catch {
      throw new UsageError(
        t('report.output.cannotWrite', { name, reason: t('report.output.permissionDenied') }),
      );
    }
    return target;
  }
  const dir = path.dirname(target.path);
  let isFolder = false;
  try {
    isFolder = fs.statSync(dir).isDirectory();
    if (!isFolder) throw new Error('not a folder');
    assertCanCreateIn(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // A folder that is there but this user may not write in: said so, not "create it first".
    if (isFolder && (code === 'EACCES' || code === 'EPERM'))
      throw new UsageError(t('report.output.folderDenied', { name, dir }), {
        hint: t('report.output.folderDenied.hint', { dir }),
      });
    // …or one on a read-only mount (review, session 16).
    if (isFolder && code === 'EROFS')
      throw new UsageError(t('report.output.readOnly', { name, dir }), {
        hint: t('report.output.readOnly.hint'),
      });
    throw new UsageError(t('report.output.noFolder', { name, dir }), {
      hint: t('report.output.noFolder.hint'),
    });
  }
  return target;
}

/** Whether two paths are one file: the same real path, or the same inode (a hard link). */
function isSameFile(a: string, b: string): boolean {
  try {
    if (fs.realpathSync(a) === fs.realpathSync(b)) return true;
    const sa = fs.statSync(a);
    const sb = fs.statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    // Either does not exist (yet): not one file.
    return false;
  }
}
