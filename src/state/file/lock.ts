/**
 * One run at a time: a lock file holding the owner's pid and a random token (an import's journal
 * and campaign, a report bookmark).
 *
 * - Taking it is atomic with its content: the text is written to a temporary file (the
 *   atomic-write helper) and hard-linked to the lock name, which fails with EEXIST when the lock
 *   exists. A lock is therefore never seen empty while its holder is starting.
 * - A lock is held while its pid is alive. This process's own pid holds it too when this process
 *   took it (a second acquire here fails); the same pid left by an earlier process (pid reuse
 *   after a reboot or in a new container) is stale.
 * - An empty or unreadable lock (left by an older cacs, or written by something else) is judged
 *   by its age: held for STALE_UNREADABLE_MS after its last change, stale after.
 * - A stale lock is taken over without a race: it is renamed to a unique name first (only one
 *   of two contenders can do that), and the renamed file is checked to be the very file judged
 *   stale (same inode, same content) before it is deleted; if another run's fresh lock was moved
 *   instead, it is put back.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { t } from '../../messages/index.js';
import { writeFileAtomicSync } from '../../atomic-write.js';
import { machineParts, processGone, releaseOnExit } from '../../cleanup.js';
import { stateWriteError } from './state-write.js';
import { LockedError } from '../../errors.js';
import type { LockHolder, LockedMessage, StateLock } from '../types.js';

export type { LockedMessage };

/** How long an empty or garbled lock file counts as held (its writer may still be starting). */
export const STALE_UNREADABLE_MS = 10_000;

/** Lock files this process holds, by path, with the token written in each. */
const held = new Map<string, string>();

export type Lock = StateLock;

interface Seen {
  text: string;
  ino: number;
  dev: number;
  mtimeMs: number;
}

function look(file: string): Seen | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') return undefined;
    if (code !== 'ELOOP') throw e;
    // A symlink in place of the lock: never followed; judged like an unreadable lock.
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    return st && { text: '', ino: st.ino, dev: st.dev, mtimeMs: st.mtimeMs };
  }
  try {
    const st = fs.fstatSync(fd);
    const buf = Buffer.alloc(Math.min(st.size, 256));
    const n = st.size > 0 ? fs.readSync(fd, buf, 0, buf.length, 0) : 0;
    return {
      text: buf.subarray(0, n).toString('utf8'),
      ino: st.ino,
      dev: st.dev,
      mtimeMs: st.mtimeMs,
    };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * "<pid> <token> <host>.<boot>.<ns>\n" (cleanup.ts machineParts; older versions wrote
 * "<pid> <token>\n" and "<pid>\n"). The token is random hex, led by `<command>-` when the
 * holder is no import (`reconcile-…`, `forget-…`, `prune-…`): older versions read it as the
 * opaque word it always was.
 */
function parse(text: string): { pid: number; token: string; machine?: string } | undefined {
  const m = /^(\d{1,10})(?:[ \t]+(\S+))?(?:[ \t]+(\S+))?\s*$/.exec(text);
  if (!m) return undefined;
  const pid = Number(m[1]);
  if (!(pid > 0)) return undefined;
  return { pid, token: m[2] ?? '', ...(m[3] !== undefined ? { machine: m[3] } : {}) };
}

/** What runs hold a lock for, besides an import (the lock file's token says which). */
const HOLDERS: readonly string[] = ['reconcile', 'forget', 'prune'] satisfies LockHolder[];

/** The holder a token names; undefined for an import's (or an older version's) token. */
function holderOf(token: string): LockHolder | undefined {
  const dash = token.indexOf('-');
  const word = dash > 0 ? token.slice(0, dash) : '';
  return HOLDERS.includes(word) ? (word as LockHolder) : undefined;
}

/** The command a holder runs, as its refusal names it. */
function commandOf(holder: LockHolder): string {
  return t(`state.lock.holder.${holder}`);
}

type Verdict =
  { held: true; pid?: number; elsewhere?: boolean; holder?: LockHolder } | { held: false };

function judge(file: string, seen: Seen, now: number): Verdict {
  const owner = parse(seen.text);
  if (!owner) {
    // Empty or garbled: judged by its age, not at once.
    return now - seen.mtimeMs < STALE_UNREADABLE_MS ? { held: true } : { held: false };
  }
  const where = owner.machine?.split('.');
  if (where?.length === 3) {
    const me = machineParts();
    // Taken on another machine (a state folder shared over the network) or in another pid
    // namespace: its pid means nothing here, so it is never judged stale by it. (Judged by pid,
    // a second machine took a live run's campaign lock: two imports in one campaign; review.)
    if (where[0] !== me.host || where[2] !== me.ns)
      return { held: true, pid: owner.pid, elsewhere: true, ...holding(owner.token) };
    // Taken before this machine's last boot: its process is gone.
    if (where[1] !== me.boot) return { held: false };
  }
  if (owner.pid === process.pid) {
    // Ours if this process took it (and still holds it): a second acquire must fail.
    return held.get(file) === owner.token && owner.token !== ''
      ? { held: true, pid: owner.pid, ...holding(owner.token) }
      : { held: false };
  }
  return processGone(owner.pid)
    ? { held: false }
    : { held: true, pid: owner.pid, ...holding(owner.token) };
}

function holding(token: string): { holder?: LockHolder } {
  const holder = holderOf(token);
  return holder ? { holder } : {};
}

/**
 * Import wording: "another cacs run (pid 123) is importing leads.csv right now"; for a lock
 * another command holds, that command ("another cacs run (pid 123, cacs reconcile) holds the lock
 * needed for importing into campaign summer": it said "is importing" then).
 */
function importLockedError(
  what: string,
  pid: number | undefined,
  holder: LockHolder | undefined,
): LockedError {
  if (holder !== undefined && pid !== undefined && pid !== process.pid) {
    const command = commandOf(holder);
    return new LockedError(t('state.lock.command.other', { pid, command, what }), {
      hint: t('state.lock.other.hint', { pid }),
    });
  }
  if (pid === process.pid) {
    return new LockedError(t('state.lock.import.self', { what }), {
      hint: t('state.lock.import.self.hint'),
    });
  }
  if (pid === undefined) {
    return new LockedError(t('state.lock.import.starting', { what }), {
      hint: t('state.lock.import.starting.hint', { seconds: STALE_UNREADABLE_MS / 1000 }),
    });
  }
  return new LockedError(t('state.lock.import.other', { pid, what }), {
    hint: t('state.lock.other.hint', { pid }),
  });
}

/**
 * A campaign's lock refused: "another cacs run (pid 123) is running cacs reconcile on campaign
 * summer right now" when another command holds it, else the import's wording with `what`.
 */
export function campaignLocked(what: string, campaign: string): LockedMessage {
  return (pid, holder) =>
    holder !== undefined && pid !== undefined && pid !== process.pid
      ? new LockedError(
          t('state.lock.campaign.command', {
            pid,
            command: commandOf(holder),
            campaign,
          }),
          { hint: t('state.lock.other.hint', { pid }) },
        )
      : importLockedError(what, pid, undefined);
}

/**
 * Move the stale lock `seen` out of the way. If the file moved is not the one judged stale
 * (another run took the lock meanwhile), it is put back.
 */
function removeStale(file: string, seen: Seen): void {
  const aside = `${file}.stale-${randomBytes(8).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return; // another run moved it first
    throw e;
  }
  let moved: Seen | undefined;
  try {
    moved = look(aside);
  } catch {
    moved = undefined;
  }
  const same =
    moved !== undefined &&
    moved.ino === seen.ino &&
    moved.dev === seen.dev &&
    moved.text === seen.text &&
    moved.mtimeMs === seen.mtimeMs;
  if (!same) {
    // Another run took the lock between our look and our rename: give it back.
    try {
      fs.linkSync(aside, file);
    } catch {
      // a third run holds the name now; nothing more can be done safely
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Take the lock `file`. `what` names the thing locked in the import's wording ("another cacs run
 * (pid 123) is importing leads.csv right now"); `locked` replaces that wording. `holder`: the
 * command taking it when it is no import, written in the lock for the runs it keeps out.
 */
export function acquireLock(
  file: string,
  what: string,
  locked: LockedMessage = (pid, other) => importLockedError(what, pid, other),
  holder?: LockHolder,
): Lock {
  if (held.has(file)) throw locked(process.pid);
  const token = `${holder ? `${holder}-` : ''}${randomBytes(12).toString('hex')}`;
  const me = machineParts();
  const text = `${process.pid} ${token} ${me.host}.${me.boot}.${me.ns}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      // Content and name appear together: link() of a complete temporary file.
      writeFileAtomicSync(file, text, { mode: 0o600, noClobber: true, durable: false });
      held.set(file, token);
      const release = () => {
        forget();
        if (held.get(file) !== token) return;
        held.delete(file);
        try {
          if (look(file)?.text === text) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      // A second Ctrl-C (the process stops at once) lets go of it too.
      const forget = releaseOnExit(release);
      return { release };
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST')
        throw stateWriteError(
          e,
          path.dirname(file),
          t('state.lock.file', { name: path.basename(file) }),
        );
    }
    const seen = look(file);
    if (!seen) continue; // released meanwhile: try again
    const verdict = judge(file, seen, Date.now());
    if (verdict.held && verdict.elsewhere === true)
      throw new LockedError(t('state.lock.elsewhere', { pid: verdict.pid ?? '?', file }), {
        hint: t('state.lock.elsewhere.hint', { file }),
      });
    if (verdict.held) throw locked(verdict.pid, verdict.holder);
    // Stale: its process is gone (or it stayed unreadable too long). Move it away, try again.
    removeStale(file, seen);
  }
  throw new LockedError(t('state.lock.notTaken', { file }), {
    hint: t('state.lock.notTaken.hint'),
  });
}
