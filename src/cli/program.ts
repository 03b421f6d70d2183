/**
 * Commander wiring only: the global flags and the program's help; each command's flags are
 * declared beside its run function (commands/<name>-flags.ts) and registered here, with a lazy
 * import of its run() so that `cacs --version` and `cacs <cmd> --help` load nothing heavy.
 */
import { Argument, Command, Help, type OptionValues } from '@commander-js/extra-typings';
import type { Command as PlainCommand } from 'commander';
import { t, ENV, Secrets, VERSION, envValue, exitCodeHelp } from '../index.js';
import type { Context, IO } from './context.js';
import { defineImport } from './commands/import-flags.js';
import { defineReport } from './commands/report-flags.js';
import {
  defineHistoryList,
  defineHistoryShow,
  defineHistoryFind,
} from './commands/history-flags.js';
import { defineStateMigrate, defineStateStatus } from './commands/state-flags.js';
import { defineForget, defineStatePrune } from './commands/forget-flags.js';
import { defineReconcile } from './commands/reconcile-flags.js';
import { defineConfigShow, defineConfigPath, defineConfigInit } from './commands/config-flags.js';
import { defineEmulator } from './commands/emulator-flags.js';
import { defineGlobals, type GlobalOptions } from './flags.js';
import { useCliWords } from './render/advice.js';
import { fitLine, wrapHelp } from './render/wrap.js';
import { commanderError, helpExtra, helpTitle, helpUsage } from './commander-words.js';

type Run<O> = (opts: O, ctx: Context, args: string[]) => Promise<number>;

function exitCodesHelp(): string {
  return [
    t('cli.help.exitCodes'),
    ...exitCodeHelp().map(([code, text]) => `  ${String(code).padEnd(4)} ${text}`),
  ].join('\n');
}

export function buildProgram(
  io: IO,
  run: { exitCode: number; command?: string; usage?: string },
  makeContext: (globals: GlobalOptions) => Promise<Context>,
): PlainCommand {
  // The library's messages whose remedy is a flag say the flag (render/advice.ts).
  useCliWords();
  const argvSecrets = new Secrets([envValue(io.env, ENV.accessToken) ?? '']);
  const helpWidth = io.columns ?? 80;
  /** Between the start and the end of a help text (any command's: the root sees them all). */
  let helping = false;
  const program = defineGlobals(
    new Command('cacs')
      .description(t('cli.help.program'))
      .version(VERSION, '--version', t('cli.help.version'))
      .helpOption('-h, --help', t('cli.help.help'))
      // Before the commands are added: they take this help command (in the current language).
      .helpCommand('help [command]', t('cli.help.helpCommand')),
  )
    .showSuggestionAfterError(true)
    .showHelpAfterError(t('cli.usage.seeHelp.short', { command: 'cacs' }))
    .configureOutput({
      // Help, its prose included, is broken at word boundaries to the terminal's width.
      getOutHelpWidth: () => helpWidth,
      getErrHelpWidth: () => helpWidth,
      writeOut: (s) => io.stdout.write(helping ? wrapHelp(s, helpWidth) : s),
      // Commander's errors quote the arguments: URL credentials and a token pasted as an
      // argument by mistake are masked there too.
      writeErr: (s) => io.stderr.write(argvSecrets.scrub(helping ? wrapHelp(s, helpWidth) : s)),
      // Commander's own errors in the current language (English: as commander wrote them), on a
      // terminal broken at word boundaries to its width, as cacs's own errors are (a word was
      // cut in two at 60 columns: "… is invalid. ex / pected a whole number").
      outputError: (s, write) => {
        const text = commanderError(s);
        const width = io.columns;
        write(
          io.stderrIsTTY && width !== undefined && width > 20
            ? text
                .split('\n')
                .map((l) => fitLine(l, width))
                .join('\n')
            : text,
        );
      },
    })
    .configureHelp({
      styleTitle: helpTitle,
      styleUsage: helpUsage,
      styleSubcommandTerm: helpUsage,
      // Two columns down to a description 20 wide (commander's 40 ran term and description
      // together on a 60-column terminal: `find [options] <phone|ref_id> lượt chạy nào…`).
      minWidthToWrap: 20,
      optionDescription(option) {
        return helpExtra(Help.prototype.optionDescription.call(this, option));
      },
      argumentDescription(argument) {
        return helpExtra(Help.prototype.argumentDescription.call(this, argument));
      },
    })
    .exitOverride()
    .addHelpText('after', t('cli.help.program.after', { exitCodes: exitCodesHelp() }))
    .on('beforeAllHelp', () => (helping = true))
    .on('afterAllHelp', () => (helping = false));

  // The same object as commander's own Command, for callers that need nothing of the inferred
  // flag types (main.ts parses argv, completion.ts walks the tree).
  const plain = program as unknown as PlainCommand;

  /** Run a command's lazily loaded run() with its flags as commander parsed them. */
  const attach = <A extends unknown[], O extends OptionValues, G extends OptionValues>(
    cmd: Command<A, O, G>,
    load: () => Promise<Run<O>>,
  ): void => {
    cmd.action(async () => {
      // What a second Ctrl-C says depends on the command (main.ts).
      run.command = cmd.name();
      const ctx = await makeContext(program.opts());
      const fn = await load();
      run.exitCode = await fn(cmd.opts(), ctx, cmd.args);
    });
  };

  attach(
    defineImport(program),
    async () => (await import('./commands/import.js')).runImportCommand,
  );

  const report = defineReport(program);
  attach(report, async () => (await import('./commands/report.js')).runReportCommand);
  // Reports choose their data format with --format: --json is a natural guess, so say so.
  suggestForUnknownOption(report as unknown as PlainCommand, { '--json': '--format json' });

  const history = program
    .command('history')
    .description(t('cli.help.history'))
    .addHelpText('after', t('cli.help.history.after'));
  attach(
    defineHistoryList(history),
    async () => (await import('./commands/history.js')).runHistoryList,
  );
  attach(
    defineHistoryShow(history),
    async () => (await import('./commands/history.js')).runHistoryShow,
  );
  attach(
    defineHistoryFind(history),
    async () => (await import('./commands/history.js')).runHistoryFind,
  );

  // pg (issue 24): where state lives; a state folder copied into PostgreSQL.
  const state = program
    .command('state')
    .description(t('cli.help.state'))
    .addHelpText('after', t('cli.help.state.after'));
  attach(
    defineStateStatus(state),
    async () => (await import('./commands/state.js')).runStateStatus,
  );
  attach(
    defineStateMigrate(state),
    async () => (await import('./commands/state.js')).runStateMigrate,
  );
  // privacy (issue 26): retention, and erasing people.
  attach(
    defineStatePrune(state),
    async () => (await import('./commands/state-prune.js')).runStatePrune,
  );
  attach(defineForget(program), async () => (await import('./commands/forget.js')).runForget);

  attach(
    defineReconcile(program),
    async () => (await import('./commands/reconcile.js')).runReconcileCommand,
  );

  const config = program
    .command('config')
    .description(t('cli.help.config'))
    .addHelpText('after', t('cli.help.config.after'));
  attach(
    defineConfigShow(config),
    async () => (await import('./commands/config.js')).runConfigShow,
  );
  attach(
    defineConfigPath(config),
    async () => (await import('./commands/config.js')).runConfigPath,
  );
  attach(
    defineConfigInit(config),
    async () => (await import('./commands/config.js')).runConfigInit,
  );

  attach(defineEmulator(program), async () => (await import('./commands/emulator.js')).runEmulator);

  program
    .command('completion')
    .description(t('cli.help.completion'))
    .addArgument(
      new Argument('<shell>', t('cli.help.completion.shell')).choices(['bash', 'zsh', 'fish']),
    )
    .addHelpText('after', t('cli.help.completion.after'))
    .action(async (shell) => {
      const { completionScript } = await import('./completion.js');
      io.stdout.write(completionScript(plain, shell));
      run.exitCode = 0;
    });

  // Completion of values that live in the settings and the state folder (campaign aliases,
  // profiles, statuses seen): called by the completion scripts, never shown in help.
  program
    .command('__complete', { hidden: true })
    .argument('<kind>', t('cli.help.complete.kind'))
    .action(async (kind: string) => {
      const { completeValues } = await import('./completion/values.js');
      io.stdout.write(await completeValues(kind, io, program.opts()));
      run.exitCode = 0;
    });

  // A usage error names the help of the command it is about (cacs report --help), not the
  // program's.
  const pointToHelp = (cmd: PlainCommand, path: string) => {
    cmd.showHelpAfterError(t('cli.usage.seeHelp.short', { command: path }));
    // Which command refused the line (for the JSON of a --json run: main.ts).
    cmd.exitOverride((err) => {
      if (err.code === 'commander.executeSubCommandAsync') return;
      run.usage = path;
      throw err;
    });
    for (const sub of cmd.commands) pointToHelp(sub, `${path} ${sub.name()}`);
  };
  pointToHelp(plain, plain.name());

  return plain;
}

/**
 * Unknown options that are a known confusion get their own suggestion instead of commander's
 * (`cacs report --json`: "did you mean --format json?"); any other goes to commander's.
 */
function suggestForUnknownOption(cmd: PlainCommand, suggestions: Record<string, string>): void {
  const c = cmd as PlainCommand & { unknownOption(flag: string): void };
  const original = c.unknownOption.bind(c);
  c.unknownOption = (flag: string) => {
    const instead = suggestions[flag];
    if (instead === undefined) return original(flag);
    c.error(t('cli.usage.didYouMean', { flag, instead }), {
      code: 'commander.unknownOption',
      exitCode: 1,
    });
  };
}
