/**
 * The report's stop: a report whose compliance check found violations ends with exit 6 (when
 * the caller asks for that), built once here from the summary; every face renders this value
 * (the CLI words its hint with its flags).
 */
import { ExitCode, type Stop } from '../errors.js';
import { t } from '../messages/index.js';
import { plural } from '../text.js';
import type { ReportSummary } from './summary.js';

/** The stop of a report whose compliance check found violations, or undefined when none. */
export function complianceStop(summary: Pick<ReportSummary, 'compliance'>): Stop | undefined {
  const k = summary.compliance;
  if (k.violations === 0) return undefined;
  const parts = [
    k.outsideHours.attempts > 0
      ? t('report.stop.violations.outsideHours', {
          attempts: plural(k.outsideHours.attempts, 'attempt'),
          callHours: k.rules.callHours,
        })
      : '',
    k.overLimit.numbers > 0
      ? t('report.stop.violations.overLimit', {
          numbers: plural(k.overLimit.numbers, 'number'),
          times: plural(k.rules.maxCallsPer24h, 'time'),
        })
      : '',
    k.suppressed.attempts > 0
      ? t('report.stop.violations.suppressed', { calls: plural(k.suppressed.attempts, 'call') })
      : '',
    k.callsAfterErasure.attempts > 0
      ? t('report.stop.violations.afterErasure', {
          calls: plural(k.callsAfterErasure.attempts, 'call'),
        })
      : '',
  ].filter((p) => p !== '');
  return {
    code: 'failure',
    exitCode: ExitCode.VIOLATIONS,
    message: t('report.stop.violations', {
      violations: plural(k.violations, 'violation'),
      parts: parts.join('; '),
    }),
    hint: t('report.stop.violations.hint'),
    remedies: [],
  };
}
