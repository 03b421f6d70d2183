/**
 * The report's write stage, when it fails: the output could not be written. Built once here,
 * from what the write knows (the error, where the output went, whether anything reached it, the
 * bookmark of the run); every face renders this value (the CLI prefixes its `-o`).
 */
import { ExitCode, type Stop } from '../../errors.js';
import { t, type MessageId } from '../../messages/index.js';

/** The ids of the errno words: messages without placeholders. */
type WriteErrorId = Extract<MessageId, `report.write.error.${string}`>;

/** Why writing failed, in words (an operator does not read errno codes). */
const WRITE_ERRORS: Readonly<Record<string, WriteErrorId>> = {
  ENOSPC: 'report.write.error.ENOSPC',
  EDQUOT: 'report.write.error.EDQUOT',
  EFBIG: 'report.write.error.EFBIG',
  EIO: 'report.write.error.EIO',
  EACCES: 'report.write.error.EACCES',
  EPERM: 'report.write.error.EPERM',
  EROFS: 'report.write.error.EROFS',
  ENXIO: 'report.write.error.ENXIO',
  EPIPE: 'report.write.error.EPIPE',
};

/** What the write stage knows when writing the output failed. */
export interface WriteFailure {
  /** The error the write threw (not a CacsError: those are stops already). */
  error: unknown;
  /** The output as the caller names it. */
  name: string;
  /**
   * Where it went: a file (written atomically: nothing was written) or, written directly, a
   * pipe, a device or a descriptor.
   */
  target: 'file' | 'pipe' | 'device' | 'descriptor';
  /** Whether any byte reached a target written directly. */
  wroteSomething: boolean;
  /** The bookmark of the run, not moved (a bookmarked report never replaces a file). */
  bookmark?: string;
}

/** The reason of a failed write, in words: its errno code's, else the code, else the message. */
export function writeErrorReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const id = WRITE_ERRORS[code];
    return id !== undefined ? t(id) : code;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What a target written directly is, in words. */
const DIRECT_WHAT = {
  file: 'report.write.what.file',
  pipe: 'report.write.what.pipe',
  device: 'report.write.what.device',
  descriptor: 'report.write.what.descriptor',
} as const;

/** The stop of a report whose output could not be written (exit 1). */
export function writeStop(failure: WriteFailure): Stop {
  const { name, target, bookmark } = failure;
  const code = (failure.error as { code?: unknown } | null)?.code;
  const message =
    code === 'EEXIST' && bookmark !== undefined
      ? t('report.write.appeared', { name })
      : t('report.write.failed', { name, reason: writeErrorReason(failure.error) });
  const hint =
    target !== 'file'
      ? t(
          failure.wroteSomething
            ? 'report.write.direct.partial.hint'
            : 'report.write.direct.none.hint',
          {
            name,
            // In the message's language (review, session 21: Vietnamese said "là device").
            what: t(DIRECT_WHAT[target]),
          },
        )
      : bookmark !== undefined
        ? t('report.write.bookmark.hint', { bookmark })
        : t('report.write.hint');
  return { code: 'failure', exitCode: ExitCode.FAILURE, message, hint, remedies: [] };
}
