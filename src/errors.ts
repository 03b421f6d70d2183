/**
 * Error classes and exit codes. Everything below src/cli throws these; only src/cli/main.ts
 * turns them into a message and a process exit code.
 */
import { t, tCount, type MessageId } from './messages/index.js';

/**
 * The exit codes, once (DESIGN.md "Exit codes"): {@link ExitCode} is made from this table, and
 * so is every list of them in the help — `cacs --help` lists each row's `help`, and a command's
 * help ends with the codes it can exit with ({@link COMMAND_EXIT_CODES}), each in a few words
 * (`brief`, unless the command says it its own way). Each text is a message id (the CLI's help
 * prose: src/messages/en-lib-files.ts), said in the current language when the help is made.
 */
export const EXIT_CODES = [
  {
    name: 'OK',
    code: 0,
    help: 'cli.exitCode.OK.help',
    brief: 'cli.exitCode.OK.brief',
  },
  {
    name: 'FAILURE',
    code: 1,
    help: 'cli.exitCode.FAILURE.help',
    brief: 'cli.exitCode.FAILURE.brief',
  },
  {
    name: 'USAGE',
    code: 2,
    help: 'cli.exitCode.USAGE.help',
    brief: 'cli.exitCode.USAGE.brief',
  },
  {
    name: 'PARTIAL',
    code: 3,
    help: 'cli.exitCode.PARTIAL.help',
    brief: 'cli.exitCode.PARTIAL.brief',
  },
  {
    name: 'REFUSED',
    code: 4,
    help: 'cli.exitCode.REFUSED.help',
    brief: 'cli.exitCode.REFUSED.brief',
  },
  {
    name: 'UNCERTAIN',
    code: 5,
    help: 'cli.exitCode.UNCERTAIN.help',
    brief: 'cli.exitCode.UNCERTAIN.brief',
  },
  {
    name: 'VIOLATIONS',
    code: 6,
    help: 'cli.exitCode.VIOLATIONS.help',
    brief: 'cli.exitCode.VIOLATIONS.brief',
  },
  {
    name: 'INTERRUPTED',
    code: 130,
    help: 'cli.exitCode.INTERRUPTED.help',
    brief: 'cli.exitCode.INTERRUPTED.brief',
  },
] as const;

type ExitCodeRow = (typeof EXIT_CODES)[number];
export type ExitCodeName = ExitCodeRow['name'];

/**
 * The exit codes by name: OK 0, FAILURE 1 (service unreachable, unexpected answer, internal
 * error), USAGE 2 (usage or input error, or an import whose every row was rejected; nothing
 * imported), PARTIAL 3 (some leads rejected), REFUSED 4 (token or campaign key refused),
 * UNCERTAIN 5 (some batches' outcome unknown; nothing resent), VIOLATIONS 6 (a report's
 * compliance check found calls outside its rules, `--fail-on-violations`), INTERRUPTED 130
 * (SIGINT/SIGTERM; the journal is saved).
 */
export const ExitCode = Object.freeze(
  Object.fromEntries(EXIT_CODES.map((r) => [r.name, r.code])),
) as { readonly [R in ExitCodeRow as R['name']]: R['code'] };
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The table printed by `cacs --help`: each code and what it means. */
export function exitCodeHelp(): Array<[ExitCode, string]> {
  return EXIT_CODES.map((r) => [r.code, t(r.help)]);
}

/** A command's own words for an exit code (the ids of en-lib-files.ts), none with a placeholder. */
type ExitCodeWords = Exclude<Extract<MessageId, `cli.exitCode.${string}`>, 'cli.exitCode.one'>;

/**
 * The codes each command's help lists, in its order, with the command's own words where the
 * row's `brief` does not say it well enough.
 */
export const COMMAND_EXIT_CODES: Readonly<
  Record<'import' | 'report' | 'reconcile', ReadonlyArray<[ExitCodeName, ExitCodeWords?]>>
> = {
  import: [
    ['OK'],
    ['USAGE', 'cli.exitCode.import.USAGE'],
    ['PARTIAL'],
    ['REFUSED'],
    ['UNCERTAIN'],
    ['FAILURE'],
    ['INTERRUPTED'],
  ],
  report: [['OK'], ['USAGE'], ['REFUSED'], ['VIOLATIONS'], ['FAILURE'], ['INTERRUPTED']],
  reconcile: [
    ['OK', 'cli.exitCode.reconcile.OK'],
    ['UNCERTAIN', 'cli.exitCode.reconcile.UNCERTAIN'],
    ['USAGE'],
    ['REFUSED'],
    ['FAILURE', 'cli.exitCode.reconcile.FAILURE'],
    ['INTERRUPTED'],
  ],
};

/** A command's "Exit codes: 0 done, 2 …, 130 interrupted." sentence, on one line. */
export function exitCodesSentence(command: keyof typeof COMMAND_EXIT_CODES): string {
  const parts = COMMAND_EXIT_CODES[command].map(([name, words]) => {
    const row = EXIT_CODES.find((r) => r.name === name)!;
    return t('cli.exitCode.one', { code: row.code, words: t(words ?? row.brief) });
  });
  return t('cli.exitCodes.sentence', { codes: parts.join(', ') });
}

/**
 * What went wrong, as a stable word for scripts: `cacs … --json` prints it as `error.code`
 * (README, "JSON on failure"). The exit code says how bad; the category says what kind.
 * - `usage`: the command line or an input file (exit 2);
 * - `config`: a setting: config file, environment, profile, token source, or one missing (2);
 * - `refused`: the service refused the token or the campaign key (4);
 * - `unreachable`: no usable answer from the service: connection, DNS, TLS, proxy, timeout,
 *   or it stayed unavailable (HTTP 429/503) through the retries (1);
 * - `unexpected_answer`: the service answered something cacs cannot take as an answer (1);
 * - `locked`: another run holds the journal's or the campaign's lock (1);
 * - `write_failed`: a file or folder cacs must write could not be written (disk full…) (1);
 * - `input_changed`: the input changed (or became unreadable) while it was imported (1);
 * - `failure`: another failure the message describes (1);
 * - `interrupted`: Ctrl-C or SIGTERM (130);
 * - `internal`: a bug: not a CacsError at all (1).
 * Outcomes that are not thrown have theirs too: `partial` (3) and `uncertain` (5).
 */
export type ErrorCategory =
  | 'usage'
  | 'config'
  | 'refused'
  | 'unreachable'
  | 'unexpected_answer'
  | 'locked'
  | 'write_failed'
  | 'input_changed'
  | 'failure'
  | 'interrupted'
  | 'internal';

/**
 * What a person can do about a stop, as a stable id. The library never words a remedy that
 * is a flag of the command line (`--restart`, `--allow-repeat`, `--retry-uncertain`): it
 * names the remedy, and each face (src/cli/render/advice.ts) turns it into its own words.
 * - `run_again`: run the same import again (what was imported is not sent twice);
 * - `check_access`: check the token and the campaign key;
 * - `fix_state_folder`: make the state folder writable;
 * - `import_when_complete`: import the file again once it is complete;
 * - `make_readable`: make the input readable again;
 * - `follow_hint`: do what the hint says (the failure's own advice, e.g. a proxy's);
 * - `restart`: set aside what this file's journal recorded (CLI `--restart`);
 * - `allow_repeat`: send leads the campaign's ledger says were imported (CLI `--allow-repeat`);
 * - `retry_uncertain`: resend leads an earlier run left uncertain (CLI `--retry-uncertain`);
 * - `choose_rejects_file`: write the rejected rows to another file (CLI `--rejects`).
 */
export type Remedy =
  | 'run_again'
  | 'check_access'
  | 'fix_state_folder'
  | 'import_when_complete'
  | 'make_readable'
  | 'follow_hint'
  | 'restart'
  | 'allow_repeat'
  | 'retry_uncertain'
  | 'choose_rejects_file';

/**
 * A run that stopped, as data: built once, in the library, by whoever knows why (a thrown
 * CacsError has one: `error.stop`; an import that stopped early returns one in its summary).
 * Each face renders it (the CLI as `stopped: …` and a hint line, or as `--json`'s `error`).
 */
export interface Stop {
  /** What kind of stop, as a stable word (`--json`'s `error.code`). */
  code: ErrorCategory;
  exitCode: ExitCode;
  /** Why, in a whole sentence without flags. */
  message: string;
  /** What to do about it, in words without flags. */
  hint?: string;
  /** The same advice as ids, for a face that words it its own way (may be empty). */
  remedies: readonly Remedy[];
}

export interface CacsErrorOptions {
  /** What the user can do about it: printed on a second line. */
  hint?: string;
  /** The hint's advice as ids (see Remedy). */
  remedies?: readonly Remedy[];
  cause?: unknown;
  /** What kind of failure (default: by the error's class and exit code). */
  category?: ErrorCategory;
}

/** The category an exit code means when nothing more precise is known. */
function categoryOfExit(exitCode: ExitCode): ErrorCategory {
  switch (exitCode) {
    case ExitCode.USAGE:
      return 'usage';
    case ExitCode.REFUSED:
      return 'refused';
    case ExitCode.INTERRUPTED:
      return 'interrupted';
    default:
      return 'failure';
  }
}

/** Base class: a message meant for a person, an exit code, and an optional hint. */
export class CacsError extends Error {
  readonly exitCode: ExitCode;
  readonly hint?: string;
  /** What kind of failure, as a stable word (see ErrorCategory). */
  readonly category: ErrorCategory;
  /** What can be done about it, as ids (see Remedy); empty when only the hint says. */
  readonly remedies: readonly Remedy[];

  constructor(message: string, exitCode: ExitCode, options: CacsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.exitCode = exitCode;
    if (options.hint !== undefined) this.hint = options.hint;
    this.category = options.category ?? categoryOfExit(exitCode);
    this.remedies = options.remedies ?? [];
  }

  /** This error as a stop: the one shape every face renders. */
  get stop(): Stop {
    return {
      code: this.category,
      exitCode: this.exitCode,
      message: this.message,
      ...(this.hint !== undefined ? { hint: this.hint } : {}),
      remedies: this.remedies,
    };
  }
}

/** Bad flag, bad date, unreadable or malformed file, missing setting: exit 2, nothing sent. */
export class UsageError extends CacsError {
  constructor(message: string, options: CacsErrorOptions = {}) {
    super(message, ExitCode.USAGE, options);
  }
}

/** Problems in a configuration file: all listed at once. */
export class ConfigError extends UsageError {
  readonly problems: string[];
  /**
   * The `language` the file states, read from it as it is (the file's other problems aside):
   * the CLI says the problems in it (review, session 18: `language: vi` in a file with another
   * problem was not heeded, and the problem said in English).
   */
  readonly statedLanguage: string | undefined;
  constructor(file: string, problems: string[], statedLanguage?: string) {
    super(
      tCount('config.problems', problems.length, {
        file,
        problems: problems.map((problem) => t('config.problems.item', { problem })).join('\n'),
      }),
      {
        hint: t('config.problems.hint'),
        category: 'config',
      },
    );
    this.problems = problems;
    this.statedLanguage = statedLanguage;
  }
}

/** Failure: unreachable service, unexpected answer, internal error (exit 1). */
export class FailureError extends CacsError {
  constructor(message: string, options: CacsErrorOptions = {}) {
    super(message, ExitCode.FAILURE, options);
  }
}

/** Another run holds the journal's lock (exit 1). */
export class LockedError extends FailureError {
  constructor(message: string, options: CacsErrorOptions = {}) {
    super(message, { category: 'locked', ...options });
  }
}

/** SIGINT/SIGTERM (exit 130). */
export class InterruptedError extends CacsError {
  constructor(message = t('error.interrupted'), options: CacsErrorOptions = {}) {
    super(message, ExitCode.INTERRUPTED, options);
  }
}

/** The reader of stdout went away (`cacs report … | head`): stop quietly. */
export class OutputClosedError extends CacsError {
  constructor() {
    super(t('error.outputClosed'), ExitCode.OK);
  }
}
