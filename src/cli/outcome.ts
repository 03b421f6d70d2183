/**
 * What a `--json` run prints when it does not end well: one JSON object on stdout with
 * `exitCode` and `error: { code, message, hint? }` (README, "JSON on failure"), whatever
 * stopped it — commander's own errors, a setting, the service, Ctrl-C. stderr keeps the
 * human message; this is the same outcome for scripts.
 */
import type { Command } from 'commander';
import { CommanderError } from 'commander';
import { CacsError, ConfigError, ExitCode, type ErrorCategory } from '../errors.js';
import type { ImportSummary } from '../index.js';
import { formatCount, plural } from '../text.js';
import { stopHint } from './render/advice.js';

/** `error.code`: the category of a thrown error, or of an outcome that is not one (3, 5). */
export type OutcomeCode = ErrorCategory | 'partial' | 'rejected' | 'uncertain';

export interface JsonError {
  code: OutcomeCode;
  message: string;
  hint?: string;
  /** A config file's problems, one per entry (`config` only). */
  problems?: string[];
}

/** Commander's message without its `error: ` prefix, on one line. */
function commanderMessage(e: CommanderError): string {
  return e.message
    .replace(/^error:\s*/, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** The exit code and `error` member of a failed run's JSON object. */
export function errorOutcome(e: unknown, command: string): { exitCode: number; error: JsonError } {
  if (e instanceof CommanderError) {
    return {
      exitCode: ExitCode.USAGE,
      error: {
        code: 'usage',
        message: commanderMessage(e),
        hint: `Run ${command} --help for usage.`,
      },
    };
  }
  if (e instanceof CacsError) {
    // A thrown error is a stop too: the same shape an import returns, rendered the same way.
    const stop = e.stop;
    const hint = stopHint(stop);
    return {
      exitCode: stop.exitCode,
      error: {
        code: stop.code,
        message: stop.message,
        ...(hint !== undefined ? { hint } : {}),
        ...(e instanceof ConfigError ? { problems: e.problems } : {}),
      },
    };
  }
  const err = e instanceof Error ? e : undefined;
  return {
    exitCode: ExitCode.FAILURE,
    error: {
      code: 'internal',
      message: `internal error: ${err ? err.message : typeof e === 'string' ? e : 'a non-Error value was thrown'}`,
      hint: 'Run again with --verbose for details, and report it if it persists.',
    },
  };
}

/** An option of `cmd` or of a command above it, by any of its flags. */
function findOption(cmd: Command, flag: string) {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const o = c.options.find((x) => x.long === flag || x.short === flag);
    if (o) return o;
  }
  return undefined;
}

/**
 * The command a command line runs when it has `--json` (before any `--`) and that command
 * takes `--json`; otherwise undefined. Read from the words alone, so it answers for command
 * lines commander refuses too (an unknown option, a missing argument).
 */
export function jsonCommand(program: Command, argv: readonly string[]): Command | undefined {
  const end = argv.indexOf('--');
  const words = end < 0 ? argv : argv.slice(0, end);
  if (!words.includes('--json')) return undefined;
  let cmd = program;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.startsWith('-') && w !== '-') {
      const o = w.includes('=') ? undefined : findOption(cmd, w);
      if (o?.required) i++; // its value
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (sub) cmd = sub;
  }
  // `cacs history --json` runs history's default command (list).
  const fallback = (cmd as { _defaultCommandName?: string })._defaultCommandName;
  if (cmd.commands.length > 0 && fallback !== undefined)
    cmd = cmd.commands.find((c) => c.name() === fallback) ?? cmd;
  return cmd.options.some((o) => o.long === '--json') ? cmd : undefined;
}

/** `cacs history list`: a command's full name, for "run … --help". */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * The `error` member of `cacs import --json`: null when everything asked for was done,
 * otherwise what the exit code says, in the words stderr uses.
 */
export function importError(s: ImportSummary): JsonError | null {
  if (s.exitCode === ExitCode.OK) return null;
  // An import that stopped early: the library's stop, as it is.
  if (s.stop !== undefined) {
    const hint = stopHint(s.stop);
    return { code: s.stop.code, message: s.stop.message, ...(hint !== undefined ? { hint } : {}) };
  }
  if (s.exitCode === ExitCode.UNCERTAIN) {
    const uncertain = s.uncertain + s.uncertainEarlier;
    return {
      code: 'uncertain',
      message: `${plural(uncertain, 'lead')} may or may not have been imported (no definite answer came); they were not resent`,
      hint: `Settle them with cacs reconcile (it looks for them in the campaign; list: ${s.uncertainFile ?? s.skippedFile ?? 'the uncertain file'}); rerun with --retry-uncertain only for those it does not find.`,
    };
  }
  const fix = s.rejectsFile
    ? { hint: `Fix the rows in ${s.rejectsFile} and import that file again.` }
    : {};
  if (s.exitCode === ExitCode.USAGE && s.rejected > 0) {
    const byService = s.requests > 0;
    return {
      code: 'rejected',
      message: `${s.rejected === 1 ? 'the row was' : `every row (${formatCount(s.rejected)}) was`} rejected${byService ? ' (the service refused the leads it was sent)' : ''}: nothing ${s.dryRun ? 'would be' : 'was'} ${byService ? 'imported' : 'sent'}`,
      ...fix,
    };
  }
  if (s.exitCode === ExitCode.PARTIAL) {
    return { code: 'partial', message: partialMessage(s), ...fix };
  }
  return { code: 'failure', message: `the import ended with exit code ${s.exitCode}` };
}

/**
 * What a partial import did, each part as it happened: "4 rows rejected; 0 leads imported, 9
 * imported earlier (not sent again)" — never "the rest was imported" when nothing was.
 */
export function partialMessage(s: ImportSummary): string {
  const problems = [
    ...(s.rejected > 0 ? [`${plural(s.rejected, 'row')} rejected`] : []),
    ...(s.serviceSkipped > 0 ? [`${plural(s.serviceSkipped, 'lead')} skipped by the service`] : []),
  ];
  const byDesign = s.suppressed + s.duplicates + otherSkips(s);
  const done = [
    s.dryRun
      ? `${plural(s.valid, 'lead')} would be sent`
      : `${plural(s.imported, 'lead')} imported`,
    ...(s.alreadyImported > 0
      ? [`${formatCount(s.alreadyImported)} imported earlier (not sent again)`]
      : []),
    ...(byDesign > 0 ? [`${formatCount(byDesign)} not sent by design`] : []),
  ];
  return `${problems.join(', ')}; ${done.join(', ')}`;
}

/** Rows held back by design under codes other than those the summary counts on their own. */
function otherSkips(s: ImportSummary): number {
  const counted = new Set(['already_imported', 'uncertain_earlier', 'suppressed', 'duplicate']);
  return Object.entries(s.skippedByCode)
    .filter(([code]) => !counted.has(code))
    .reduce((sum, [, n]) => sum + n, 0);
}
