/**
 * Whether a path is in a folder, links resolved: state/entries.ts isStateFile asks it, so that
 * no output of a report and no list of an import lands on cacs's own state files.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether `target` (a file, there or not) is in `folder` or below it, symlinks resolved on both
 * sides (the part of `target` that exists): a report written into cacs's state folder replaced
 * its ledgers and erasures (review, session 19).
 */
export function isInsideFolder(target: string, folder: string): boolean {
  const real = (p: string, links = 0): string => {
    let at = path.resolve(p);
    const rest: string[] = [];
    for (;;) {
      try {
        return path.join(fs.realpathSync.native(at), ...rest.reverse());
      } catch {
        // A link to what is not there yet (a write through it makes its target): followed
        // (review, session 19: `-o out.ndjson`, a link to <state>/ledgers/new.ndjson, wrote there).
        const link = links < 40 ? linkTarget(at) : undefined;
        if (link !== undefined) return real(path.join(link, ...rest.reverse()), links + 1);
        const up = path.dirname(at);
        if (up === at) return path.resolve(p);
        rest.push(path.basename(at));
        at = up;
      }
    }
  };
  const rel = path.relative(real(folder), real(target));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** Where the link at `p` points (resolved from its folder), or undefined if `p` is no link. */
function linkTarget(p: string): string | undefined {
  try {
    return fs.lstatSync(p).isSymbolicLink()
      ? path.resolve(path.dirname(p), fs.readlinkSync(p))
      : undefined;
  } catch {
    return undefined;
  }
}
