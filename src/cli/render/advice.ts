/**
 * The CLI's words for the library's stops and remedies: the library says what can be done
 * (`Remedy` ids) without naming a flag; this is the one place that turns them into flags.
 */
import type { Remedy, Stop } from '../../index.js';

/** The flag of the command line that carries out a remedy, where one does. */
const FLAG_OF: Partial<Record<Remedy, string>> = {
  restart: '--restart',
  allow_repeat: '--allow-repeat',
};

/** The flags that carry out these remedies, in their order. */
export function flagsFor(remedies: readonly Remedy[]): string[] {
  return remedies.flatMap((r) => (FLAG_OF[r] !== undefined ? [FLAG_OF[r]] : []));
}

/** A stop's hint line as the CLI prints it (stderr and `--json`'s `error.hint`). */
export function stopHint(stop: Stop): string | undefined {
  return stop.hint;
}
