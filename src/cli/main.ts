/**
 * The one place that turns what a command did into a message and an exit code.
 */
import { CommanderError } from 'commander';
import {
  CacsError,
  ENV,
  ExitCode,
  FailureError,
  OutputClosedError,
  envValue,
  loadConfigFiles,
  looselyProtectedTokenFiles,
  removeAllNow,
  resolveSettings,
  type FlatConfig,
  type LoadedConfigFile,
  asLanguage,
  chooseLanguage,
  setLanguage,
  t,
  type Language,
} from '../index.js';
import { Output, processIO, type Context, type IO } from './context.js';
import { commandPath, errorOutcome, fileSystemFailure, jsonCommand } from './outcome.js';
import type { GlobalOptions } from './flags.js';
import { buildProgram } from './program.js';
import { useCliWords } from './render/advice.js';

/**
 * The process's own streams, terminal and clock: what main() uses when given no IO. Exported
 * with main() so that the bundle's entry (dist/bundle/cli.js) has it too, for a caller that
 * runs the command line on a clock of its own (the tests' shifted clock: test/helpers/privacy.ts).
 */
export { processIO };

/**
 * What the language choice needs of the command line before commander reads it (commander's
 * help and errors are already in the chosen language): --lang, --config, --profile, and whether
 * help is asked for. Up to `--`; `--lang=vi` and `--lang vi` alike. A --lang value cacs does not
 * speak is left to commander, which refuses it (exit 2, naming the flag).
 */
export function scanArgv(argv: readonly string[]): {
  lang?: Language;
  config?: string;
  profile?: string;
  help: boolean;
  /** The command's words (`['config', 'init']`), the global options and their values left out. */
  command: string[];
} {
  const end = argv.indexOf('--');
  const args = end < 0 ? argv : argv.slice(0, end);
  const found: {
    lang?: Language;
    config?: string;
    profile?: string;
    help: boolean;
    command: string[];
  } = { help: args.length === 0, command: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') found.help = true;
    // The global options that take a value: that value is not a command word.
    if (/^--(base-url|timeout)$/.test(arg)) i++;
    else if (!arg.startsWith('-') && found.command.length < 2) found.command.push(arg);
    const m = /^--(lang|config|profile)(?:=([\s\S]*))?$/.exec(arg);
    if (!m) continue;
    const value = m[2] ?? args[++i];
    if (value === undefined) continue;
    if (m[1] === 'lang') {
      const lang = asLanguage(value);
      if (lang !== undefined) found.lang = lang;
    } else if (m[1] === 'config') found.config = value;
    else found.profile = value;
  }
  if (found.command[0] === 'help') found.help = true;
  return found;
}

/**
 * Commands that read no settings, so the language choice does not read the config files for
 * them either: `config init` writes a config file (one that is a pipe must never be opened for
 * reading: it would wait for a writer forever), `completion` prints a script.
 */
function readsNoSettings(command: readonly string[]): boolean {
  return (command[0] === 'config' && command[1] === 'init') || command[0] === 'completion';
}

/**
 * Choose the language before anything is printed (DESIGN.md "Language"): --lang, else config
 * `language` (the files are read once, here, and handed to the command's settings), else
 * LC_ALL, LC_MESSAGES, LANG, else English. Help is not worth reading the config files for
 * (start-up stays light): it follows --lang and the environment. A config that cannot be read
 * leaves the choice to the environment; the command that reads its settings says why.
 */
async function chooseAndSetLanguage(
  argv: readonly string[],
  io: IO,
): Promise<{ files?: Promise<LoadedConfigFile[]> }> {
  const scanned = scanArgv(argv);
  let files: Promise<LoadedConfigFile[]> | undefined;
  let config: Language | undefined;
  if (
    scanned.lang === undefined &&
    !scanned.help &&
    !argv[0]?.startsWith('__') &&
    !readsNoSettings(scanned.command)
  ) {
    // Until the files say otherwise, the locale's language: what reading them finds wrong is
    // written in it (a broken file cannot say its own language).
    await setLanguage(chooseLanguage({ env: io.env }).language);
    files = loadConfigFiles({
      cwd: io.cwd,
      env: io.env,
      ...(scanned.config !== undefined ? { explicitPath: scanned.config } : {}),
    });
    files.catch(() => undefined);
    try {
      const flags: FlatConfig = new Map();
      if (scanned.profile !== undefined) flags.set('profile', scanned.profile);
      config = (await resolveSettings({ files: await files, env: io.env, flags })).settings
        .language;
    } catch (e) {
      // The command reading its settings says what is wrong — in the language a broken file
      // states, if it states one: the files are read again in it, so that their problems are
      // said in it (they are worded as they are found).
      const stated = (e as { statedLanguage?: unknown }).statedLanguage;
      const language = typeof stated === 'string' ? asLanguage(stated) : undefined;
      if (language !== undefined) {
        config = language;
        await setLanguage(language);
        files = loadConfigFiles({
          cwd: io.cwd,
          env: io.env,
          ...(scanned.config !== undefined ? { explicitPath: scanned.config } : {}),
        });
        files.catch(() => undefined);
      }
    }
  }
  await setLanguage(chooseLanguage({ flag: scanned.lang, config, env: io.env }).language);
  return files === undefined ? {} : { files };
}

/** Global flags that are settings, as dotted keys. */
function globalFlags(g: GlobalOptions): FlatConfig {
  const flags: FlatConfig = new Map();
  if (g.baseUrl !== undefined) flags.set('baseUrl', g.baseUrl);
  if (g.timeout !== undefined) flags.set('timeout', g.timeout);
  if (g.insecureHttp === true) flags.set('allowInsecureHttp', true);
  if (g.profile !== undefined) flags.set('profile', g.profile);
  // --lang is the language setting's flag: `config show` names it as the source in effect
  // (review, session 16: it named the config file while --lang en was spoken).
  if (g.lang !== undefined) flags.set('language', g.lang);
  return flags;
}

/** Chalk is loaded when a command runs, not for --help or --version. */
async function newOutput(
  io: IO,
  opts: ConstructorParameters<typeof Output>[2] = {},
): Promise<Output> {
  const { Chalk } = await import('chalk');
  const out = new Output(io, Chalk, opts);
  // The token from the environment is masked from the first line on, before any command
  // reads it (a config file's token is added when the settings are loaded).
  const envToken = envValue(io.env, ENV.accessToken);
  if (envToken !== undefined) out.addSecret(envToken);
  // The state URL's password (CACS_STATE_URL) is a secret like the token.
  addUrlPassword(out, envValue(io.env, ENV.stateUrl));
  return out;
}

/** The password of a URL (a state URL: postgres://user:password@host/db), as a secret. */
function addUrlPassword(out: Output, url: string | undefined): void {
  if (url === undefined) return;
  try {
    const u = new URL(url);
    for (const p of [u.password, u.searchParams.get('password') ?? ''])
      if (p !== '') {
        out.addSecret(p);
        out.addSecret(decodeURIComponent(p));
      }
  } catch {
    // not a URL: the settings refuse it
  }
}

export async function createContext(
  io: IO,
  globals: GlobalOptions,
  signal: AbortSignal,
  /** The config files main() read to choose the language (the same --config). */
  read?: Promise<LoadedConfigFile[]>,
): Promise<Context> {
  const out = await newOutput(io, globals);
  let files: Promise<LoadedConfigFile[]> | undefined;
  // Settings (and cosmiconfig behind them) are loaded when a command asks for them: the start-up
  // door's loadConfigFiles and resolveSettings load them on their first call.
  return {
    io,
    out,
    globals,
    signal,
    now: io.now ?? (() => new Date()),
    async settings(commandFlags = new Map()) {
      if (!files) {
        files = (
          read ??
          loadConfigFiles({
            cwd: io.cwd,
            env: io.env,
            ...(globals.config !== undefined ? { explicitPath: globals.config } : {}),
          })
        ).then(async (loaded) => {
          for (const f of await looselyProtectedTokenFiles(loaded)) {
            out.warn(t('cli.tokenFileReadable', { file: f }));
          }
          return loaded;
        });
      }
      const flags = new Map([...globalFlags(globals), ...commandFlags]);
      const resolved = await resolveSettings({ files: await files, env: io.env, flags });
      if (resolved.settings.token?.kind === 'value') out.addSecret(resolved.settings.token.value);
      addUrlPassword(out, resolved.settings.stateUrl);
      return resolved;
    },
  };
}

/**
 * What stopping at once (a second Ctrl-C) means, per command, in the language of the moment.
 * Exported for tests.
 */
export const STOPPED_AT_ONCE: Readonly<Record<string, string>> = {
  get import() {
    return t('cli.stoppedAtOnce.import');
  },
  get report() {
    return t('cli.stoppedAtOnce.report');
  },
  get reconcile() {
    return t('cli.stoppedAtOnce.reconcile');
  },
  get emulator() {
    return t('cli.stoppedAtOnce.emulator');
  },
};

/**
 * `cacs --version` (bin/cacs.js prints it without loading the command graph) whose stdout could
 * not be written: said as every other command says it, in the user's language (config files
 * and LANG read as for any command), exit 1.
 */
export async function versionNotWritten(
  e: NodeJS.ErrnoException,
  argv: string[],
  io: IO = processIO(),
): Promise<number> {
  io.stderr.on('error', () => {});
  useCliWords();
  try {
    await chooseAndSetLanguage(argv, io);
  } catch {
    // the locale's language, or English
  }
  return reportError(await stdoutFailure(e), io, undefined);
}

/** stdout could not be written (`> /dev/full`): what the command's end says (exit 1). */
async function stdoutFailure(e: NodeJS.ErrnoException): Promise<FailureError> {
  const { writeErrorReason } = await import('../index.js');
  return new FailureError(t('cli.stdout.failed', { reason: writeErrorReason(e) }), {
    hint: t('cli.stdout.failed.hint'),
  });
}

/** Run the CLI with these arguments; resolves to the exit code (never calls process.exit). */
export async function main(argv: string[], io: IO = processIO()): Promise<number> {
  const controller = new AbortController();
  let ctx: Context | undefined;
  let interrupts = 0;
  const run: { exitCode: number; command?: string; usage?: string } = { exitCode: 0 };
  /** The command, when this is a --json run (every outcome then prints one JSON object). */
  let json: string | undefined;
  const onSignal = (sig: NodeJS.Signals) => {
    interrupts += 1;
    if (interrupts > 1) {
      // A person pressed Ctrl-C (SIGINT); a service manager sends SIGTERM.
      const signal = sig === 'SIGINT' ? 'Ctrl-C' : sig;
      const stopped = t('cli.stoppedAtOnce', {
        signal,
        what: STOPPED_AT_ONCE[run.command ?? ''] ?? t('cli.stoppedAtOnce.other'),
      });
      // Broken to the terminal's width as every other line (the Output does it).
      if (ctx !== undefined) {
        io.stderr.write('\n');
        ctx.out.notice(`${stopped}.`);
      } else io.stderr.write(`\n${stopped}.\n`);
      if (json !== undefined && ctx !== undefined && !ctx.out.jsonWritten) {
        // Written at once (stdout to a pipe or a file is synchronous), before the exit.
        ctx.out.json({
          ...ctx.known,
          exitCode: ExitCode.INTERRUPTED,
          error: { code: 'interrupted', message: stopped },
        });
      }
      removeAllNow();
      process.exit(ExitCode.INTERRUPTED);
    }
    // The terminal echoed ^C where the cursor was: what is said next starts on a line of its own
    // (a warning broken to the width from column 0 was cut mid-word after the ^C: review,
    // session 18). A spinner redraws its own line, so not while one is drawing.
    if (sig === 'SIGINT' && io.stderrIsTTY && ctx !== undefined && !ctx.out.spinning)
      io.stderr.write('\n');
    // The running command says what stopping means for it (see ctx.signal).
    controller.abort(sig);
  };
  // A reader that goes away (`cacs report | head`, or `2>&1 | head` for stderr) is not an
  // error worth a stack trace, nor a reason to change the exit code of what was done.
  // Any other failure of stdout (`> /dev/full`, an I/O error) is no stack trace either: the
  // command writing there says it (a report's "could not write"), and one that finished anyway
  // ends with exit 1 saying so below (review, session 21: an uncaught ENOSPC and its stack).
  let stdoutFailed: NodeJS.ErrnoException | undefined;
  const onStdoutError = (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') stdoutFailed ??= e;
  };
  // Nothing can be said where stderr fails.
  const onStderrError = () => {};
  if (io.handleSignals) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    io.stdout.on('error', onStdoutError);
    io.stderr.on('error', onStderrError);
  }
  // --pretty (with --json): the JSON object indented, whoever prints it (the command or, on a
  // failure, this function).
  const end = argv.indexOf('--');
  const pretty = (end < 0 ? argv : argv.slice(0, end)).includes('--pretty');
  // The CLI's words from the start: an error made while the language is chosen (a config file
  // that cannot be read) is said as every later one is (its remedy naming the flag).
  useCliWords();
  const { files: read } = await chooseAndSetLanguage(argv, io);
  const program = buildProgram(io, run, async (globals) => {
    ctx = await createContext(io, globals, controller.signal, read);
    ctx.out.pretty = pretty;
    return ctx;
  });
  const jsonCmd = jsonCommand(program, argv);
  if (jsonCmd) json = commandPath(jsonCmd);
  try {
    let code: number;
    try {
      await program.parseAsync(argv, { from: 'user' });
      code = run.exitCode;
    } catch (e) {
      // A line commander refused points to the help of the command that refused it.
      code = await reportError(
        e,
        io,
        ctx,
        json === undefined ? undefined : (run.usage ?? json),
        pretty,
      );
    }
    // A write's failure is told after the write: let it arrive.
    if (io.handleSignals) await new Promise<void>((resolve) => setImmediate(resolve));
    if (stdoutFailed !== undefined && code === ExitCode.OK)
      return await reportError(await stdoutFailure(stdoutFailed), io, ctx, undefined, pretty);
    // A command that ended otherwise keeps its code (3 partial, 5 uncertain… say more than 1),
    // and the output it lost is said too (its --json line, say); a failure (1) said its own.
    if (
      stdoutFailed !== undefined &&
      code !== ExitCode.FAILURE &&
      code !== ExitCode.INTERRUPTED &&
      ctx !== undefined
    ) {
      const { writeErrorReason } = await import('../index.js');
      ctx.out.warn(t('cli.stdout.failed.kept', { reason: writeErrorReason(stdoutFailed), code }));
    }
    return code;
  } finally {
    if (io.handleSignals) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}

/**
 * Print what went wrong (scrubbed) and return the exit code; with `json` (the command of a
 * --json run), also the JSON object of the outcome on stdout, unless the command printed its
 * own. Exported for tests.
 */
export async function reportError(
  e: unknown,
  io: IO,
  ctx: Pick<Context, 'out' | 'known'> | undefined,
  json?: string,
  pretty = false,
): Promise<number> {
  if (e instanceof OutputClosedError) return ExitCode.OK;
  if (e instanceof CommanderError) {
    // Commander has already printed its message (through the scrubbing writeErr of
    // program.ts). --help and --version end with 0; help shown because a command is missing
    // (commander.help with exit code 1) is a usage error.
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return ExitCode.OK;
    if (e.code === 'commander.help' && e.exitCode === 0) return ExitCode.OK;
    if (json !== undefined) {
      const out = ctx?.out ?? (await newOutput(io));
      out.pretty ||= pretty;
      if (!out.jsonWritten) out.json(errorOutcome(e, json));
    }
    return ExitCode.USAGE;
  }
  // A file system failure nothing worded (permission denied, a read-only mount…): said as such.
  e = fileSystemFailure(e) ?? e;
  // Every line below goes through Output, which masks the token (in every form) and URL
  // credentials; nothing prints an error object as is, only its message and, with -v, its stack.
  const out = ctx?.out ?? (await newOutput(io));
  out.pretty ||= pretty;
  if (json !== undefined && !out.jsonWritten) {
    const { exitCode, error } = errorOutcome(e, json);
    out.json({ ...ctx?.known, exitCode, error });
  }
  if (e instanceof CacsError) {
    out.error(e.message, e.hint);
    if (out.verbose && e.cause instanceof Error) out.debug(e.cause.stack ?? e.cause.message);
    return e.exitCode;
  }
  const err = e instanceof Error ? e : undefined;
  out.error(
    t('cli.internal', {
      message: err ? err.message : typeof e === 'string' ? e : t('cli.internal.nonError'),
    }),
    out.verbose ? undefined : t('cli.internal.hint'),
  );
  if (out.verbose && err?.stack) out.debug(err.stack);
  return ExitCode.FAILURE;
}
