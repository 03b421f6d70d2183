/**
 * Why a file could not be written or cleaned, as words of the catalog chosen by a stable code:
 * shared by the lists' writers (leads/rejects.ts) and `cacs forget`'s receipt, whose `--json`
 * says them in English whatever the language (a JSON value never changes with it).
 */
import { t, type MessageId } from './index.js';

type Say = (id: MessageId) => string;
const sayNow = t as Say;

/** Errno codes that mean "this folder cannot take the file", not a bug in cacs: why, said. */
export const CANNOT_WRITE = {
  EACCES: 'leads.sidecar.why.EACCES',
  EPERM: 'leads.sidecar.why.EPERM',
  EROFS: 'leads.sidecar.why.EROFS',
  ENOTDIR: 'leads.sidecar.why.ENOTDIR',
  ENOENT: 'leads.sidecar.why.ENOENT',
  EISDIR: 'leads.sidecar.why.EISDIR',
  ENOSPC: 'leads.sidecar.why.ENOSPC',
  EDQUOT: 'leads.sidecar.why.EDQUOT',
  EFBIG: 'leads.sidecar.why.EFBIG',
  EIO: 'leads.sidecar.why.EIO',
} as const satisfies Record<string, MessageId>;

/** Why a file could not be written, in words ("permission denied", "disk full"…). */
export function cannotWriteWhy(e: unknown, say: Say = sayNow): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && Object.hasOwn(CANNOT_WRITE, code))
    return say(CANNOT_WRITE[code as keyof typeof CANNOT_WRITE]);
  return code ?? (e instanceof Error ? e.message : String(e));
}

/**
 * The words for a forget receipt's `notCleaned` code: a write's errno code (`EACCES`…),
 * `not_utf8` (a list saved again in another encoding) or `unreadable` (no longer a list cacs
 * can read, yet holding one of the numbers).
 */
export function notCleanedReason(code: string, say: Say = sayNow): string {
  if (code === 'not_utf8') return say('privacy.notCleaned.encoding');
  if (code === 'unreadable') return say('privacy.notCleaned.unreadable');
  return cannotWriteWhy({ code }, say);
}
