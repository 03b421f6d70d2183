/**
 * The import's stop: why a run ended early and what to do about it, built once from what the
 * send stage knows (the same precedence as the exit code: the journal, Ctrl-C, the service,
 * the input). Every face renders this one value (src/cli/render/advice.ts).
 */
import { ExitCode, type Remedy, type Stop } from '../../errors.js';
import { InputChangedError } from '../../input/bytes.js';
import { t, tCount } from '../../messages/index.js';
import type { SendResult } from '../send.js';

export type { Stop };

/** The stop of a run whose send stage ended early, or undefined. */
export function importStop(send: SendResult | undefined): Stop | undefined {
  if (send === undefined) return undefined;
  const { journalError, fatal, inputError } = send;
  if (journalError) {
    const own = (journalError as { hint?: string }).hint;
    return {
      code: 'write_failed',
      exitCode: ExitCode.FAILURE,
      message: t('import.stop.stopped', { reason: journalError.message }),
      hint: own ?? t('import.stop.stateFolder.hint'),
      remedies: own !== undefined ? ['follow_hint'] : ['fix_state_folder', 'run_again'],
    };
  }
  if (send.interrupted) {
    // Leads of this run sent without an answer are neither imported nor "not sent" (an
    // operator walk, session 22: 200 of them were left out of the sentence).
    const uncertain = send.uncertainWhy.size;
    const counts = {
      imported: tCount('count.lead', send.imported),
      notSent: tCount('count.lead', send.notSent),
    };
    return {
      code: 'interrupted',
      exitCode: ExitCode.INTERRUPTED,
      message:
        uncertain > 0
          ? t('import.stop.interrupted.uncertain', {
              ...counts,
              uncertain: tCount('count.lead', uncertain),
            })
          : t('import.stop.interrupted', counts),
      hint: t('import.stop.interrupted.hint'),
      remedies: ['run_again'],
    };
  }
  if (fatal) {
    // The failure's own advice (a proxy asking for credentials…), except for refusals.
    const own = fatal.hint !== undefined && !fatal.refused;
    const remedies: Remedy[] = own
      ? ['follow_hint']
      : fatal.exitCode === ExitCode.REFUSED
        ? ['check_access', 'run_again']
        : ['run_again'];
    return {
      code: fatal.category,
      exitCode: fatal.exitCode,
      message: t('import.stop.stopped', { reason: fatal.message }),
      hint: own
        ? t('import.stop.ownHint.hint', { hint: fatal.hint! })
        : fatal.exitCode === ExitCode.REFUSED
          ? t('import.stop.refused.hint')
          : t('import.stop.runAgainLater.hint'),
      remedies,
    };
  }
  if (inputError) {
    const changed = inputError instanceof InputChangedError;
    return {
      code: 'input_changed',
      exitCode: ExitCode.FAILURE,
      message: t('import.stop.stopped', { reason: inputStopReason(send, inputError) }),
      hint: changed ? t('import.stop.inputChanged.hint') : t('import.stop.inputUnreadable.hint'),
      remedies: changed ? ['import_when_complete'] : ['make_readable', 'run_again'],
    };
  }
  return undefined;
}

/**
 * A list (rejects, skipped, uncertain) that could not be written once the run had sent leads:
 * exit 1 (not 2: leads were sent), the list's own reason and advice.
 */
export function listsStop(e: Error): Stop {
  const own = (e as { hint?: string }).hint;
  return {
    code: 'write_failed',
    exitCode: ExitCode.FAILURE,
    message: t('import.stop.listUnwritten', { reason: e.message }),
    ...(own !== undefined ? { hint: own } : {}),
    remedies: own !== undefined ? ['follow_hint'] : ['run_again'],
  };
}

/** Why reading the input stopped the run, in words. */
function inputStopReason(send: SendResult, e: Error): string {
  return e instanceof InputChangedError
    ? t('import.stop.inputChanged', { reason: e.message, sent: tCount('count.lead', send.sent) })
    : t('import.stop.inputUnreadable', { reason: e.message });
}

/**
 * The summary's older fields for the same stop (`stoppedBecause`, `stoppedCode`,
 * `stoppedHint`), kept for library callers: as before, absent for an interrupted run.
 */
export function stoppedFields(
  send: SendResult | undefined,
  stop: Stop | undefined,
): { stoppedBecause?: string; stoppedCode?: Stop['code']; stoppedHint?: string } {
  if (!send || !stop) return {};
  const reason = send.journalError
    ? send.journalError.message
    : send.fatal
      ? send.fatal.message
      : send.inputError
        ? inputStopReason(send, send.inputError)
        : undefined;
  if (reason === undefined) return {};
  // An interrupted run that also failed: the failure is said as before, the stop is Ctrl-C.
  const cause = stop.code === 'interrupted' ? importStop({ ...send, interrupted: false }) : stop;
  return {
    stoppedBecause: reason,
    ...(cause ? { stoppedCode: cause.code } : {}),
    ...(cause?.hint !== undefined ? { stoppedHint: cause.hint } : {}),
  };
}
