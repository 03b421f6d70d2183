/** The program's commands, options and arguments as the completion scripts need them. */
import type { Argument, Command, Option } from 'commander';

export type ValueKind = 'none' | 'required' | 'optional';

export interface OptionSpec {
  long?: string;
  short?: string;
  description: string;
  value: ValueKind;
  /** The value's name from the flags, e.g. `file` for `-o, --output <file>`. */
  valueName: string;
  choices?: readonly string[];
  files: boolean;
  repeatable: boolean;
  /** Values read at completion time with `cacs __complete <kind>` (aliases, profiles…). */
  dynamic?: DynamicKind;
}

/** What `cacs __complete` offers (completion/values.ts). */
export type DynamicKind = 'campaigns' | 'profiles' | 'statuses';

/**
 * Options whose values come from the settings or the state folder, by flag and value name
 * (`emulator --campaign <key[=name]>` is a campaign the emulator makes up: not these).
 * `statuses` is a comma-separated list: each item after a comma completes too.
 */
const DYNAMIC: Readonly<Record<string, DynamicKind>> = {
  '--campaign <key|alias>': 'campaigns',
  '--profile <name>': 'profiles',
  '--status <a,b>': 'statuses',
};

export interface ArgSpec {
  name: string;
  required: boolean;
  variadic: boolean;
  choices?: readonly string[];
  files: boolean;
}

export interface CommandSpec {
  name: string;
  aliases: string[];
  description: string;
  /** Command names from the program down, e.g. ['cacs', 'config', 'show']. */
  path: string[];
  /** This command's options followed by those inherited from its parents (deduplicated). */
  options: OptionSpec[];
  /** Options declared on this command itself. */
  ownOptions: OptionSpec[];
  args: ArgSpec[];
  commands: CommandSpec[];
}

export const FILE_VALUE = /(^|[^a-z])(file|files|path|paths|dir|directory|folder)([^a-z]|$)/i;

function valueNameOf(flags: string): string {
  const m = /[<[]([^>\]]*)[>\]]/.exec(flags);
  return (m?.[1] ?? 'value').replace(/\.\.\.$/, '');
}

function optionSpec(opt: Option): OptionSpec {
  const value: ValueKind = opt.required ? 'required' : opt.optional ? 'optional' : 'none';
  const valueName = valueNameOf(opt.flags);
  const spec: OptionSpec = {
    description: opt.description,
    value,
    valueName,
    files: value !== 'none' && !opt.argChoices && FILE_VALUE.test(valueName),
    repeatable: opt.variadic || /\brepeatable\b/i.test(opt.description),
  };
  if (opt.long !== undefined) spec.long = opt.long;
  if (opt.short !== undefined) spec.short = opt.short;
  if (opt.argChoices) spec.choices = opt.argChoices;
  const dynamic = opt.long !== undefined ? DYNAMIC[`${opt.long} <${valueName}>`] : undefined;
  if (dynamic !== undefined) spec.dynamic = dynamic;
  return spec;
}

function argSpec(arg: Argument): ArgSpec {
  const spec: ArgSpec = {
    name: arg.name(),
    required: arg.required,
    variadic: arg.variadic,
    files: !arg.argChoices && FILE_VALUE.test(arg.name()),
  };
  if (arg.argChoices) spec.choices = arg.argChoices;
  return spec;
}

export function flagsOf(o: OptionSpec): string[] {
  return [o.short, o.long].filter((f): f is string => f !== undefined);
}

function mergeOptions(own: OptionSpec[], inherited: OptionSpec[]): OptionSpec[] {
  const seen = new Set(own.flatMap(flagsOf));
  return [...own, ...inherited.filter((o) => !flagsOf(o).some((f) => seen.has(f)))];
}

export function describe(cmd: Command, path: string[], inherited: OptionSpec[]): CommandSpec {
  const help = cmd.createHelp();
  // A command run by default (`cacs history` runs `history list`) takes that command's options.
  const fallbackName = (cmd as { _defaultCommandName?: string })._defaultCommandName;
  const fallback = cmd.commands.find((c) => c.name() === fallbackName);
  const ownOptions = mergeOptions(
    help.visibleOptions(cmd).map(optionSpec),
    fallback ? fallback.createHelp().visibleOptions(fallback).map(optionSpec) : [],
  );
  const options = mergeOptions(ownOptions, inherited);
  // visibleCommands() also returns commander's implicit `help` command, not in cmd.commands.
  const visible = help.visibleCommands(cmd);
  const siblingNames = visible.map((c) => c.name());
  const commands = visible.map((sub) => {
    const spec = describe(sub, [...path, sub.name()], options);
    if (!cmd.commands.includes(sub)) {
      // The implicit help command: `cacs help <command>`.
      spec.args = spec.args.map((a) => ({ ...a, files: false, choices: siblingNames }));
    }
    return spec;
  });
  return {
    name: cmd.name(),
    aliases: cmd.aliases(),
    description: cmd.description(),
    path,
    options,
    ownOptions,
    args: cmd.registeredArguments.map(argSpec),
    commands,
  };
}

export function walk(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(walk)];
}

/** A POSIX single-quoted word (bash, zsh). */
export function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function identifier(path: string[]): string {
  return `_${path.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;
}
