/**
 * The report's stop: a report whose compliance check found violations ends with exit 6 (when
 * the caller asks for that), built once here from the summary; every face renders this value
 * (the CLI words its hint with its flags).
 */
import { ExitCode, type Stop } from '../errors.js';
import { t, tCount } from '../messages/index.js';
import type { ReportSummary } from './summary.js';

/** The stop of a report whose compliance check found violations, or undefined when none. */
export function complianceStop(summary: Pick<ReportSummary, 'compliance'>): Stop | undefined {
  const k = summary.compliance;
  if (k.violations === 0) return undefined;
  const parts = [
    k.outsideHours.attempts > 0
      ? t('report.stop.violations.outsideHours', {
          attempts: tCount('count.attempt', k.outsideHours.attempts),
          callHours: k.rules.callHours,
        })
      : '',
    k.overLimit.numbers > 0
      ? t('report.stop.violations.overLimit', {
          numbers: tCount('count.number', k.overLimit.numbers),
          times: tCount('count.time', k.rules.maxCallsPer24h),
        })
      : '',
    k.suppressed.attempts > 0
      ? t('report.stop.violations.suppressed', {
          calls: tCount('count.call', k.suppressed.attempts),
        })
      : '',
    k.callsAfterErasure.attempts > 0
      ? t('report.stop.violations.afterErasure', {
          calls: tCount('count.call', k.callsAfterErasure.attempts),
        })
      : '',
  ].filter((p) => p !== '');
  return {
    code: 'failure',
    exitCode: ExitCode.VIOLATIONS,
    message: t('report.stop.violations', {
      violations: tCount('count.violation', k.violations),
      parts: parts.join('; '),
    }),
    hint: t('report.stop.violations.hint'),
    remedies: [],
  };
}
