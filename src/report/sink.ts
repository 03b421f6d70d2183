/**
 * Where a report's bytes go: a Sink, and one on a stream (stdout, a pipe) that waits for
 * 'drain'. Light on purpose: the library's entry point exports them (write.ts re-exports them).
 */
import { FailureError, InterruptedError, OutputClosedError } from '../errors.js';
import { t } from '../messages/index.js';
import { writeErrorReason } from './stages/write-stop.js';

export interface Sink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/**
 * A sink on a stream that waits for 'drain'. With a signal, an abort (Ctrl-C) ends that wait
 * with `interrupted`: a reader that stopped reading must not keep the run alive.
 */
export function streamSink(stream: NodeJS.WritableStream, signal?: AbortSignal): Sink {
  const closed = () => (stream as { destroyed?: boolean }).destroyed === true;
  const interrupted = () => new InterruptedError(t('api.report.interrupted'));
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        if (closed()) return reject(new OutputClosedError());
        if (signal?.aborted) return reject(interrupted());
        const fail = (err?: Error | null) => {
          if (!err) return;
          const code = (err as { code?: unknown }).code;
          if (code === 'EPIPE') return reject(new OutputClosedError());
          // `> /dev/full`, an I/O error: said in words, not as an internal error (review,
          // session 21).
          // A file system's or device's refusal names its system call; a stream's own
          // ERR_… (written after its end: a bug) stays what it is.
          if (
            typeof code !== 'string' ||
            typeof (err as { syscall?: unknown }).syscall !== 'string'
          )
            return reject(err);
          reject(
            new FailureError(
              t('report.write.failed', {
                name: stream === process.stdout ? 'stdout' : t('report.write.stream'),
                reason: writeErrorReason(err),
              }),
              { hint: t('report.write.stream.hint'), cause: err },
            ),
          );
        };
        const ok = stream.write(chunk, fail);
        if (ok) return resolve();
        const done = () => {
          stream.off('drain', onDrain);
          stream.off('close', onClose);
          signal?.removeEventListener('abort', onAbort);
        };
        const onDrain = () => {
          done();
          resolve();
        };
        const onClose = () => {
          done();
          reject(new OutputClosedError());
        };
        const onAbort = () => {
          done();
          reject(interrupted());
        };
        stream.once('drain', onDrain);
        stream.once('close', onClose);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}
