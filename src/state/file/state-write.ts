/**
 * A write to the state folder (CACS_STATE_DIR: ledgers, journals, locks, history, bookmarks)
 * that fails — a full disk, a state folder that is a file, a read-only mount, a folder of
 * another user — is a `write_failed` error (exit 1) naming the folder, why, and what to do;
 * never an "internal error: ENOSPC". One place says it for every state file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertCanCreateIn, checkWhenMade, freeSpace } from '../../atomic-write.js';
import { CacsError, FailureError, UsageError } from '../../errors.js';
import { t } from '../../messages/index.js';
import { formatBytes } from '../../text.js';
import { modeText, ownerName, replaceableBy, trustedOwner } from '../../owners.js';

/** Room asked for when the state folder is full: ample for the records of a large import. */
export const STATE_ROOM = 16_000_000;

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** A state folder write failed (exit 1, `write_failed`). */
export class StateWriteError extends FailureError {
  constructor(
    message: string,
    hint: string,
    /** The errno code behind it (ENOSPC, EROFS, ENOTDIR…). */
    readonly code: string,
    /** The folder the write was in. */
    readonly folder: string,
  ) {
    super(message, { hint, category: 'write_failed' });
    this.name = 'StateWriteError';
  }
}

/** Why writing in `folder` failed with `code`, and what to do, in words. */
export function describeStateFailure(
  folder: string,
  code: string,
): { why: string; hint: string; code: string } {
  if (FULL.has(code)) {
    const free = freeSpace(existingAncestor(folder));
    return {
      code,
      why: t('state.write.diskFull'),
      hint:
        free === undefined
          ? t('state.write.diskFull.hint', { room: formatBytes(STATE_ROOM), folder })
          : t('state.write.diskFull.free.hint', {
              room: formatBytes(STATE_ROOM),
              folder,
              free: formatBytes(free),
            }),
    };
  }
  // What the folder's path runs into: a file where a folder should be, a read-only mount, a
  // folder this user may not write. Recursive mkdir reports some of these as ENOENT.
  const at = existingAncestor(folder);
  let real = code;
  try {
    if (!fs.statSync(at).isDirectory()) real = 'ENOTDIR';
  } catch {
    // gone meanwhile: keep the code as it came
  }
  if (real !== 'ENOTDIR') {
    try {
      // A probe file (created and removed), not access(2), which answers for the real user id.
      assertCanCreateIn(at);
    } catch (e) {
      const c = (e as { code?: string }).code;
      if (c === 'EROFS' || c === 'EACCES' || c === 'EPERM') real = c;
    }
  }
  switch (real) {
    case 'ENOTDIR':
      return {
        code: real,
        why: t('state.write.notFolder', { folder: at }),
        hint: t('state.write.notFolder.hint', { folder: at }),
      };
    case 'EROFS':
      return {
        code: real,
        why: t('state.write.readOnly', { folder: at }),
        hint: t('state.write.readOnly.hint'),
      };
    case 'ENOENT':
      // Its parent is there and the folder still cannot be made: a link to nothing, or a place
      // such as /proc that holds no folders (makeDirs).
      return {
        code: real,
        why: t('state.write.cannotMake', { folder }),
        hint: t('state.write.cannotMake.hint'),
      };
    case 'ELOOP':
      // A link at the name of a state file (openAppend, noFollow writes never follow one).
      return {
        code: real,
        why: t('state.write.link', { folder }),
        hint: t('state.write.link.hint', { folder }),
      };
    case 'EFTYPE':
      // A named pipe or a device there (noFollow writes never write into one).
      return {
        code: real,
        why: t('state.write.special', { folder }),
        hint: t('state.write.special.hint', { folder }),
      };
    case 'EACCES':
    case 'EPERM':
      return {
        code: real,
        why: t('state.write.denied', { folder: at }),
        hint: t('state.write.denied.hint', { folder: at }),
      };
    default:
      return {
        code: real,
        why: t('state.write.failed', { code: real }),
        hint: t('state.write.failed.hint'),
      };
  }
}

/**
 * A state file cacs appends to (a ledger, a journal) is never a link: an error with code ELOOP
 * (state.write.link) when one stands at its name. Checked before the file is read, cut (a torn
 * last record) or opened, in a folder only this user or root may change (assertStateFolderTrusted):
 * defence in depth, with openAppend.
 */
export function refuseLink(file: string): void {
  if (fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true)
    throw Object.assign(new Error(`${file} is a link`), { code: 'ELOOP' });
}

/** A state file opened to append to, made 0600 when missing, never through a link (ELOOP). */
export function openAppend(file: string): Promise<fs.promises.FileHandle> {
  const c = fs.constants;
  return fs.promises.open(file, c.O_WRONLY | c.O_APPEND | c.O_CREAT | (c.O_NOFOLLOW ?? 0), 0o600);
}

/**
 * The write_failed error for a failed write of `what` ("the campaign's lock") in the state
 * folder `folder`; CacsErrors and errors without an errno code pass through unchanged.
 */
export function stateWriteError(e: unknown, folder: string, what: string): unknown {
  if (e instanceof CacsError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code) || code === 'EEXIST') return e;
  const d = describeStateFailure(folder, code);
  return new StateWriteError(
    t('state.write.cannot', { what, folder, why: d.why }),
    d.hint,
    d.code,
    folder,
  );
}

/**
 * The error for a failed read of `what` in the state folder `folder` (a folder of another user:
 * permission denied) — exit 1 naming the folder and what to do, never "internal error: EACCES";
 * CacsErrors and errors without an errno code pass through unchanged.
 */
export function stateReadError(e: unknown, folder: string, what: string): unknown {
  if (e instanceof CacsError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return e;
  const denied = code === 'EACCES' || code === 'EPERM';
  return new FailureError(
    t('state.read.cannot', {
      what,
      folder,
      why: denied ? t('state.read.denied') : t('state.read.failed', { code }),
    }),
    {
      hint: denied ? t('state.read.denied.hint', { folder }) : t('state.read.failed.hint'),
    },
  );
}

/**
 * The names in the state folder `dir` (none when it does not exist yet). A folder that cannot be
 * listed (another user's: permission denied) is a read error naming it, not "nothing there":
 * `fs.existsSync` says false for a path it may not look at, and a ledger folder taken for empty
 * made `history find` say "never sent" and `forget` "nothing held".
 */
export function stateEntries(dir: string, what: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') return [];
    throw stateReadError(e, dir, what);
  }
}

/** Run a state write, its failure turned into a StateWriteError (see stateWriteError). */
export function writingState<T>(folder: string, what: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    throw stateWriteError(e, folder, what);
  }
}

/** `dir`, or its nearest parent that exists (the root at worst). */
function existingAncestor(dir: string): string {
  let at = path.resolve(dir);
  for (;;) {
    try {
      fs.lstatSync(at);
      return at;
    } catch {
      const up = path.dirname(at);
      if (up === at) return at;
      at = up;
    }
  }
}

/**
 * The state folder must be this user's (or root's), and no other user may change it: one another
 * user owns or may write lets them make cacs send leads again (a ledger moved away), bring back
 * erased people, learn the ledger's secret, or write over a file of the runner's through a link
 * at a state file's name (review, session 23: root's import into a state folder `nobody` could
 * write truncated a file of root's and resent leads). Checked when a store opens: the folder
 * (a link judged by its own owner and by what it leads to), each folder in it, and every folder
 * above it, where it really is (another user's, or world-writable without the sticky bit: the
 * state folder could be moved out and another put in), with no other user's link on the way.
 * A folder not there yet is checked when makeDirs first makes it (checkWhenMade). Group write is
 * left alone (a user's own group) — except run as root, where the group is others too, as for a
 * configuration; POSIX only. Exit 2 naming the folder.
 */
export function assertStateFolderTrusted(
  dir: string,
  me: number | null = process.geteuid?.() ?? null,
): void {
  if (me === null) return;
  const foreign = (at: string, uid: number) =>
    new UsageError(t('state.folder.foreign', { dir, at, owner: ownerName(uid) }), {
      hint: t('state.folder.distrusted.hint'),
      category: 'config',
    });
  /** The folder at `at` as it is judged (undefined: not there, or no folder: said later). */
  const judge = (at: string): fs.Stats | undefined => {
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(at, { throwIfNoEntry: false });
      if (st?.isSymbolicLink() === true) {
        if (!trustedOwner(st.uid, me)) throw foreign(at, st.uid);
        st = fs.statSync(at, { throwIfNoEntry: false });
      }
    } catch (e) {
      if (e instanceof UsageError) throw e;
      return undefined;
    }
    if (st === undefined || !st.isDirectory()) return undefined;
    if (!trustedOwner(st.uid, me)) throw foreign(at, st.uid);
    if ((st.mode & 0o002) !== 0)
      throw new UsageError(t('state.folder.writable', { dir, at, mode: modeText(st) }), {
        hint: t('state.folder.writable.hint'),
        category: 'config',
      });
    // Run as root, its group is others too (as for a configuration: a member could move root's
    // ledgers away and have leads sent again).
    if (me === 0 && (st.mode & 0o020) !== 0)
      throw new UsageError(t('state.folder.group', { dir, at, mode: modeText(st) }), {
        hint: t('state.folder.group.hint', { at }),
        category: 'config',
      });
    return st;
  };
  const root = path.resolve(dir);
  // Each folder on the way, as given (a link there that another user owns could be pointed
  // elsewhere later) and as it really is (another user's folder, or one any user may write
  // without the sticky bit, could have the state folder moved out and another put in).
  let existing = root;
  for (let p = root; ;) {
    if (fs.existsSync(p)) {
      existing = p;
      break;
    }
    const up = path.dirname(p);
    if (up === p) return;
    p = up;
  }
  /** A folder above the state folder: another could be put in place of what is in it. */
  const above = (p: string, up: fs.Stats) => {
    if (!trustedOwner(up.uid, me)) throw foreign(p, up.uid);
    if (replaceableBy(up, 0o002))
      throw new UsageError(
        t('state.folder.parentWritable', { dir: root, parent: p, mode: modeText(up) }),
        {
          hint: t('state.folder.distrusted.hint'),
          category: 'config',
        },
      );
    if (me === 0 && replaceableBy(up, 0o020))
      throw new UsageError(
        t('state.folder.parentGroup', { dir: root, parent: p, mode: modeText(up) }),
        { hint: t('state.folder.group.hint', { at: p }), category: 'config' },
      );
  };
  /**
   * The path `given` resolved one link at a time, as the kernel does: every link met is the
   * user's or root's, and every folder passed through (a link's own folder included, and every
   * folder above one a link leads to) is judged by `above` — but the last, when `last` is the
   * state folder or one in it (judged by `judge`). Review, session 24: a link judged only where
   * it led could sit in a folder others may write (`nobody` swapped it: leads sent again), or
   * lead on to another user's link in such a folder.
   */
  const walk = (given: string, last: boolean) => {
    let pending = given.split('/').filter((c) => c !== '');
    let cur = '/';
    above(cur, fs.statSync(cur));
    for (let hops = 0; pending.length > 0;) {
      const c = pending.shift()!;
      if (c === '.') continue;
      if (c === '..') {
        cur = path.dirname(cur);
        continue;
      }
      const next = path.join(cur, c);
      const st = fs.lstatSync(next, { throwIfNoEntry: false });
      if (st === undefined) return; // not there (yet): nothing further to judge
      if (st.isSymbolicLink()) {
        if (!trustedOwner(st.uid, me)) throw foreign(next, st.uid);
        if (++hops > 40) return; // a loop: said by whatever opens it (ELOOP)
        const target = fs.readlinkSync(next);
        if (path.isAbsolute(target)) cur = '/';
        pending = [...target.split('/').filter((x) => x !== ''), ...pending];
        continue;
      }
      if (!st.isDirectory()) return; // said by the read or write that needs it
      if (pending.length > 0 || !last) above(next, st);
      cur = next;
    }
  };
  try {
    walk(existing, existing === root);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    return; // unreadable on the way: said by the read or write that needs it
  }
  if (existing !== root) {
    // Not there yet: judged when a write makes it, before anything is written in it (checked as
    // missing and made later, another user could make it first in a shared /tmp — review,
    // session 23: won in 6 of 40 tries, then their link at the ledger's name was followed).
    checkWhenMade(root, (made) => assertStateFolderTrusted(made, me));
    return;
  }
  const top = judge(root);
  if (top === undefined) return;
  let inside: fs.Dirent[];
  try {
    inside = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return; // unreadable: said by the read that needs it
  }
  // The folders in it, judged; their listings read only when one of them (or the state folder)
  // changed since this process last read them (`cacs report` opens the store four times: with
  // 100,000 lists' records, each listing cost ≈ 0.1 s — third review).
  const folders: string[] = [];
  let seen = `${top.ctimeMs}:${top.mtimeMs}`;
  for (const entry of inside) {
    const at = path.join(root, entry.name);
    if (entry.isSymbolicLink()) {
      try {
        walk(at, true);
      } catch (e) {
        // Refused: the link that led there named too (else nothing says why a folder outside
        // the state folder is judged — third review).
        if (e instanceof UsageError)
          throw new UsageError(t('state.folder.viaLink', { problem: e.message, link: at }), {
            ...(e.hint !== undefined ? { hint: e.hint } : {}),
            category: 'config',
          });
        // A link that cannot be followed (another user's folder, a name too long): no folder
        // of cacs's, passed over as before (third review: it stopped every command).
        continue;
      }
    }
    if (entry.isDirectory() || entry.isSymbolicLink()) {
      const st = judge(at);
      if (st !== undefined) {
        folders.push(at);
        seen += `|${entry.name}:${st.ino}:${st.ctimeMs}:${st.mtimeMs}`;
      } else if (entry.isSymbolicLink()) refuseSpecialLink(at);
    } else if (!entry.isFile()) throw special(at);
  }
  if (listed.get(root) === seen) return;
  for (const at of folders) refuseSpecial(at);
  listed.set(root, seen);
}

/** State folders whose listings this process read, with what their folders were then. */
const listed = new Map<string, string>();

function special(at: string): UsageError {
  return new UsageError(t('state.folder.special', { at }), {
    hint: t('state.folder.special.hint'),
    category: 'config',
  });
}

/** A link that leads to a named pipe, socket or device (asked of the file system, not opened). */
function refuseSpecialLink(at: string): void {
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(at, { throwIfNoEntry: false });
  } catch {
    return; // cannot be followed: said by the read or write that needs it
  }
  if (st !== undefined && !st.isFile() && !st.isDirectory()) throw special(at);
}

/**
 * A named pipe, socket or device in the state folder (or in a folder in it): every read or write
 * of it would block or go astray (review, session 24: a pipe at a ledger's name hung the import
 * where no Ctrl-C could stop it), nor a link to one (third review: `history/runs.jsonl` a link
 * to a pipe hung `cacs history`). Judged from the folder's listing and the links' targets'
 * kinds, no entry opened.
 */
function refuseSpecial(folder: string): void {
  let inside: fs.Dirent[];
  try {
    inside = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // unreadable: said by the read that needs it
  }
  for (const entry of inside) {
    const at = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) refuseSpecialLink(at);
    else if (!entry.isFile() && !entry.isDirectory()) throw special(at);
  }
}
