/**
 * What a `--json` run prints when it does not end well: one JSON object on stdout with
 * `exitCode` and `error: { code, message, hint? }` (README, "JSON on failure"), whatever
 * stopped it — commander's own errors, a setting, the service, Ctrl-C. stderr keeps the
 * human message; this is the same outcome for scripts.
 */
import type { Command } from 'commander';
import { CommanderError } from 'commander';
import {
  t,
  tCount,
  CacsError,
  ConfigError,
  ExitCode,
  FailureError,
  formatCount,
  type ErrorCategory,
  type ImportSummary,
} from '../index.js';
import { stopHint } from './render/advice.js';
import { commanderError } from './commander-words.js';

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
  // In the run's language, as stderr says it (review, session 18: `--json` carried commander's
  // English, "unknown option '--bogus'", beside a Vietnamese stderr), without its label.
  const label = t('cli.label.error');
  let text = commanderError(e.message).trim();
  for (const prefix of [label, 'error:'])
    if (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * A file system failure that no command words itself (a file or folder of another user, a
 * read-only mount, a full disk): a failure naming the path and what to do (exit 1), not an
 * "internal error … report it" — the machine, not cacs, is at fault. Anything else: undefined.
 */
export function fileSystemFailure(e: unknown): FailureError | undefined {
  if (e instanceof CacsError || !(e instanceof Error)) return undefined;
  const { code, path } = e as NodeJS.ErrnoException;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code) || typeof path !== 'string')
    return undefined;
  const denied = code === 'EACCES' || code === 'EPERM';
  const message = denied
    ? t('cli.fs.denied', { path })
    : code === 'EROFS'
      ? t('cli.fs.readOnly', { path })
      : code === 'ENOSPC' || code === 'EDQUOT'
        ? t('cli.fs.full', { path })
        : t('cli.fs.failed', { path, code });
  return new FailureError(message, {
    hint: denied ? t('cli.fs.denied.hint', { path }) : t('cli.fs.failed.hint'),
    cause: e,
  });
}

/** The exit code and `error` member of a failed run's JSON object. */
export function errorOutcome(e: unknown, command: string): { exitCode: number; error: JsonError } {
  e = fileSystemFailure(e) ?? e;
  if (e instanceof CommanderError) {
    return {
      exitCode: ExitCode.USAGE,
      error: {
        code: 'usage',
        message: commanderMessage(e),
        hint: t('cli.usage.seeHelp', { command }),
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
      message: t('cli.internal', {
        message: err ? err.message : typeof e === 'string' ? e : t('cli.internal.nonError'),
      }),
      hint: t('cli.internal.hint'),
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
      message: tCount('cli.import.uncertain', uncertain),
      hint: t('cli.import.uncertain.hint', {
        list: s.uncertainFile ?? s.skippedFile ?? t('cli.import.uncertain.noList'),
      }),
    };
  }
  const fix = s.rejectsFile
    ? { hint: t('cli.import.fixRejects.hint', { file: s.rejectsFile }) }
    : {};
  if (s.exitCode === ExitCode.USAGE && s.rejected > 0) {
    // Refused by the service (nothing imported), or by the checks (nothing sent, or would be).
    const why = s.requests > 0 ? 'service' : s.dryRun ? 'dryRun' : 'sent';
    return {
      code: 'rejected',
      message:
        s.rejected === 1
          ? t(`cli.import.rejected.one.${why}`)
          : t(`cli.import.rejected.all.${why}`, { count: formatCount(s.rejected) }),
      ...fix,
    };
  }
  if (s.exitCode === ExitCode.PARTIAL) {
    return { code: 'partial', message: partialMessage(s), ...fix };
  }
  return { code: 'failure', message: t('cli.import.endedWith', { code: s.exitCode }) };
}

/**
 * What a partial import did, each part as it happened: "4 rows rejected; 0 leads imported, 9
 * imported earlier (not sent again)" — never "the rest was imported" when nothing was.
 */
export function partialMessage(s: ImportSummary): string {
  const problems = [
    ...(s.rejected > 0 ? [tCount('cli.import.part.rejected', s.rejected)] : []),
    ...(s.serviceSkipped > 0 ? [tCount('cli.import.part.serviceSkipped', s.serviceSkipped)] : []),
  ];
  const byDesign = s.suppressed + s.duplicates + otherSkips(s);
  const done = [
    s.dryRun
      ? tCount('cli.import.part.wouldSend', s.valid)
      : tCount('cli.import.part.imported', s.imported),
    ...(s.alreadyImported > 0
      ? [t('cli.import.part.importedEarlier', { count: formatCount(s.alreadyImported) })]
      : []),
    ...(byDesign > 0 ? [t('cli.import.part.byDesign', { count: formatCount(byDesign) })] : []),
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
