/**
 * The report's write stage: the output, complete or not at all, to a file (atomically: a
 * temporary file renamed into place), to a pipe or a device written directly, or to a stream
 * (stdout). With a bookmark: a file is never replaced (noClobber), the run is recorded as pending
 * just before the rename (bookmark.ts), and a stream is flushed before the bookmark may move.
 * A failure is one typed stop, built here ({@link writeStop}); a face only words where the
 * output went (the CLI: `-o`).
 */
import { CacsError, InterruptedError, OutputClosedError, type Stop } from '../../errors.js';
import { t } from '../../messages/index.js';
import type { WriteTarget } from '../../atomic-write.js';
import type { BookmarkHandle, BookmarkRunInfo } from '../bookmark.js';
import { streamSink, type Sink } from '../sink.js';
import { writeStop } from './write-stop.js';

/** The output could not be written: the stop, as the library words it (where it went: `name`). */
export class ReportWriteError extends CacsError {
  constructor(readonly reportStop: Stop) {
    super(reportStop.message, reportStop.exitCode, {
      category: reportStop.code,
      ...(reportStop.hint !== undefined ? { hint: reportStop.hint } : {}),
      remedies: reportStop.remedies,
    });
  }
}

/** Where the write stage puts the output. */
export type WriteStageTarget =
  | { stream: NodeJS.WritableStream }
  /** `name`: the output as the caller's user named it; `target`: checkReportOutput's answer. */
  | { file: string; name: string; target: WriteTarget | undefined };

export interface WriteStageOptions {
  to: WriteStageTarget;
  signal: AbortSignal;
  /** The bookmark of a bookmarked run (its lock held). */
  bookmark?: Pick<BookmarkHandle, 'key' | 'prepare' | 'abandon'>;
  /** A bookmarked run with nothing new: no pending run is recorded. */
  empty?: boolean;
  /** Nothing new, and the file of this name is an earlier run's: nothing is written. */
  keepExisting?: boolean;
  /** What the bookmark records of this run when it is pending. */
  run?: BookmarkRunInfo;
  /** A line for a person while writing (the stream closed before a bookmarked report was out). */
  onWarning?: (message: string) => void;
}

export interface WriteStage {
  /** Whether any byte reached the output. */
  wroteSomething: boolean;
}

/** Resolves once everything written to `stream` before has been handed to the OS. */
function flushed(stream: NodeJS.WritableStream, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if ((stream as { destroyed?: boolean }).destroyed) return reject(new OutputClosedError());
    // A reader that stopped reading must not keep a Ctrl-C waiting.
    const onAbort = () => reject(new InterruptedError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    stream.write('', (err?: Error | null) => {
      signal.removeEventListener('abort', onAbort);
      if (!err) return resolve();
      reject((err as { code?: string }).code === 'EPIPE' ? new OutputClosedError() : err);
    });
  });
}

/** Writes the report (`write`: its text, or a function writing it to a sink). */
export async function writeStage(
  write: string | ((sink: Sink) => Promise<void>),
  options: WriteStageOptions,
): Promise<WriteStage> {
  const { to, signal, bookmark } = options;
  const result: WriteStage = { wroteSomething: false };
  if (options.keepExisting === true) return result;
  const toStream = 'stream' in to;
  // Ctrl-C while the report is written stops the writing: a file is left unwritten.
  const interruptible = (sink: Sink): Sink => ({
    write: (chunk) => {
      if (signal.aborted) return Promise.reject(new InterruptedError(t('api.report.interrupted')));
      result.wroteSomething = true;
      return sink.write(chunk);
    },
  });
  const into = (sink: Sink) => {
    const out = interruptible(sink);
    return typeof write === 'string' ? out.write(write) : write(out);
  };
  if (toStream) {
    try {
      await into(streamSink(to.stream, signal));
      // Every byte handed to the OS before the bookmark moves.
      if (bookmark !== undefined) await flushed(to.stream, signal);
    } catch (e) {
      // Part of it may have gone out already: say so, rather than "no report was written".
      if (e instanceof InterruptedError && result.wroteSomething)
        throw new InterruptedError(
          bookmark !== undefined
            ? t('report.run.interrupted.stdout.bookmark', { bookmark: bookmark.key.name })
            : t('report.run.interrupted.stdout'),
        );
      if (bookmark !== undefined && e instanceof OutputClosedError)
        options.onWarning?.(t('report.run.stdoutClosed', { bookmark: bookmark.key.name }));
      throw e;
    }
    return result;
  }
  const direct = to.target?.kind === 'direct' ? to.target : undefined;
  try {
    const { writeFileAtomic } = await import('../write.js');
    await writeFileAtomic(
      to.file,
      into,
      bookmark === undefined || options.empty === true
        ? {}
        : {
            noClobber: direct === undefined,
            beforeCommit: (temp) => bookmark.prepare(options.run ?? {}, temp),
          },
    );
  } catch (e) {
    await bookmark?.abandon();
    if (e instanceof InterruptedError) {
      if (direct !== undefined && result.wroteSomething)
        throw new InterruptedError(t('report.run.interrupted.direct', { output: to.name }));
      throw e;
    }
    if (e instanceof CacsError) throw e;
    throw new ReportWriteError(
      writeStop({
        error: e,
        name: to.name,
        target: direct?.what ?? 'file',
        wroteSomething: result.wroteSomething,
        ...(bookmark !== undefined ? { bookmark: bookmark.key.name } : {}),
      }),
    );
  }
  return result;
}
