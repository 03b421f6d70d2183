/**
 * Which clock a time the CLI prints is on (issue 27 item 5), for the lines of files other work
 * owns: the report's range line says when its times are the service's clock too.
 */
import { t } from '../../messages/index.js';

/**
 * " (service clock)" after the report's range when the user's zone is the service's, so its one
 * range is on both clocks (when they differ, the range line names the service's range itself).
 */
export function rangeClockNote(range: { timeZone: string; serviceTimeZone: string }): string {
  return range.timeZone === range.serviceTimeZone ? ` ${t('cli.habits.range.serviceClock')}` : '';
}
