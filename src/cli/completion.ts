/**
 * Shell completion scripts (bash, zsh, fish), generated from the commander program itself so
 * that they never drift from the real commands and flags.
 *
 * What is completed:
 * - command and subcommand names (and aliases); the implicit `help` command completes the
 *   names of its sibling commands;
 * - each command's flags plus the flags of its parents (commander accepts a parent's options
 *   after a subcommand), including -h/--help;
 * - the value of an option declared with `.choices()` (e.g. `--format`);
 * - file names for options whose value is named like a file (`<file>`, `<path>`, `<dir>`) and
 *   for positional arguments named that way (`import <file>`);
 * - the choices of a positional argument declared with `.choices()` (`completion <shell>`).
 * Any other option value completes to nothing.
 */
import type { Argument, Command, Option } from 'commander';

export type Shell = 'bash' | 'zsh' | 'fish';

export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

type ValueKind = 'none' | 'required' | 'optional';

interface OptionSpec {
  long?: string;
  short?: string;
  description: string;
  value: ValueKind;
  /** The value's name from the flags, e.g. `file` for `-o, --output <file>`. */
  valueName: string;
  choices?: readonly string[];
  files: boolean;
  repeatable: boolean;
}

interface ArgSpec {
  name: string;
  required: boolean;
  variadic: boolean;
  choices?: readonly string[];
  files: boolean;
}

interface CommandSpec {
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

const FILE_VALUE = /(^|[^a-z])(file|files|path|paths|dir|directory|folder)([^a-z]|$)/i;

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

function flagsOf(o: OptionSpec): string[] {
  return [o.short, o.long].filter((f): f is string => f !== undefined);
}

function mergeOptions(own: OptionSpec[], inherited: OptionSpec[]): OptionSpec[] {
  const seen = new Set(own.flatMap(flagsOf));
  return [...own, ...inherited.filter((o) => !flagsOf(o).some((f) => seen.has(f)))];
}

function describe(cmd: Command, path: string[], inherited: OptionSpec[]): CommandSpec {
  const help = cmd.createHelp();
  const ownOptions = help.visibleOptions(cmd).map(optionSpec);
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

function walk(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(walk)];
}

/** The completion script for `shell`, built from `program`'s commands and options. */
export function completionScript(program: Command, shell: Shell): string {
  const spec = describe(program, [program.name()], []);
  switch (shell) {
    case 'bash':
      return bashScript(spec);
    case 'zsh':
      return zshScript(spec);
    case 'fish':
      return fishScript(spec);
    default:
      throw new Error(`unknown shell: ${String(shell)}`);
  }
}

/** A POSIX single-quoted word (bash, zsh). */
function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function identifier(path: string[]): string {
  return `_${path.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;
}

// ---------------------------------------------------------------------------------------------
// bash

function bashScript(root: CommandSpec): string {
  const prog = root.name;
  const fn = identifier([prog]);
  const all = walk(root);

  const specArms = all.map((c) => {
    const flags = c.options.flatMap(flagsOf);
    const vflags = c.options.filter((o) => o.value === 'required').flatMap(flagsOf);
    const oflags = c.options.filter((o) => o.value === 'optional').flatMap(flagsOf);
    const cmds = c.commands.flatMap((s) => [s.name, ...s.aliases]);
    const words = [...new Set(c.args.flatMap((a) => a.choices ?? []))];
    const files = c.args.some((a) => a.files) ? 1 : 0;
    return [
      `    ${sq(c.path.join(' '))})`,
      `      ${fn}_flags=${sq(flags.join(' '))}`,
      `      ${fn}_vflags=${sq(vflags.join(' '))}`,
      `      ${fn}_oflags=${sq(oflags.join(' '))}`,
      `      ${fn}_cmds=${sq(cmds.join(' '))}`,
      `      ${fn}_argwords=${sq(words.join(' '))}`,
      `      ${fn}_argfiles=${files}`,
      '      ;;',
    ].join('\n');
  });

  const valueArms: string[] = [];
  for (const c of all) {
    const key = c.path.join(' ');
    const plain: string[] = [];
    for (const o of c.options) {
      if (o.value === 'none') continue;
      const patterns = flagsOf(o).map((f) => sq(`${key} ${f}`));
      if (o.choices) {
        valueArms.push(`    ${patterns.join('|')}) ${fn}_words ${sq(o.choices.join(' '))} ;;`);
      } else if (o.files) {
        valueArms.push(`    ${patterns.join('|')}) ${fn}_files ;;`);
      } else {
        plain.push(...patterns);
      }
    }
    if (plain.length > 0) valueArms.push(`    ${plain.join('|')}) ;;`);
  }

  return `# bash completion for ${prog}, generated by \`${prog} completion bash\`.
# Install it for your user:
#   ${prog} completion bash > ~/.local/share/bash-completion/completions/${prog}
# or load it from ~/.bashrc:
#   source <(${prog} completion bash)

# Sets the ${fn}_* variables for a command path such as '${prog} config'.
${fn}_spec() {
  ${fn}_flags='' ${fn}_vflags='' ${fn}_oflags='' ${fn}_cmds='' ${fn}_argwords='' ${fn}_argfiles=0
  case "$1" in
${specArms.join('\n')}
  esac
}

${fn}_words() {
  local IFS=$' \\t\\n'
  COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

${fn}_files() {
  local line
  compopt -o filenames 2>/dev/null
  COMPREPLY=()
  while IFS= read -r line; do
    COMPREPLY+=("$line")
  done < <(compgen -f -- "$cur")
}

# Completes the value of option $2 of command path $1; fails if $2 takes no value there.
${fn}_value() {
  case "$1 $2" in
${valueArms.join('\n')}
    *) return 1 ;;
  esac
  return 0
}

${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd=${sq(prog)} word pending='' skip=0 opts_done=0 i
  local ${fn}_flags ${fn}_vflags ${fn}_oflags ${fn}_cmds ${fn}_argwords ${fn}_argfiles
  COMPREPLY=()
  ${fn}_spec "$cmd"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    # '--format=csv' arrives as '--format' '=' 'csv' when '=' is in COMP_WORDBREAKS.
    if [[ $word == '=' && -n $pending ]]; then
      skip=1
      continue
    fi
    if ((skip == 1)); then
      skip=0 pending=''
      continue
    fi
    if ((skip == 2)); then
      skip=0 pending=''
      [[ $word != -* ]] && continue
    fi
    if ((!opts_done)) && [[ $word == -?* ]]; then
      if [[ $word == -- ]]; then
        opts_done=1
      elif [[ " $${fn}_vflags " == *" $word "* ]]; then
        skip=1 pending=$word
      elif [[ " $${fn}_oflags " == *" $word "* ]]; then
        skip=2 pending=$word
      fi
      continue
    fi
    if [[ " $${fn}_cmds " == *" $word "* ]]; then
      cmd="$cmd $word"
      ${fn}_spec "$cmd"
    fi
  done

  [[ $cur == '=' ]] && return 0
  if ((skip == 1)) || { ((skip == 2)) && [[ $cur != -* ]]; }; then
    ${fn}_value "$cmd" "$pending" && return 0
  fi
  if ((!opts_done)) && [[ $cur == -* ]]; then
    ${fn}_words "$${fn}_flags"
  elif [[ -n $${fn}_cmds ]]; then
    ${fn}_words "$${fn}_cmds"
  elif [[ -n $${fn}_argwords ]]; then
    ${fn}_words "$${fn}_argwords"
  elif ((${fn}_argfiles)); then
    ${fn}_files
  fi
  return 0
}

complete -F ${fn} ${prog}
`;
}

// ---------------------------------------------------------------------------------------------
// zsh

/** Text inside an _arguments `[description]` or a `:message:` part. */
function zshSpecText(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/([\\[\]:])/g, '\\$1');
}

/** A word inside an _arguments `(a b c)` action. */
function zshActionWord(s: string): string {
  return s.replace(/([^A-Za-z0-9_.,@%+=/-])/g, '\\$1');
}

function zshValueAction(choices: readonly string[] | undefined, files: boolean): string {
  if (choices) return `(${choices.map(zshActionWord).join(' ')})`;
  return files ? '_files' : ' ';
}

function zshOptionSpecs(o: OptionSpec): string[] {
  const flags = flagsOf(o);
  const exclusion = flags.length > 1 && !o.repeatable ? `(${flags.join(' ')})` : '';
  const star = o.repeatable ? '*' : '';
  const desc = `[${zshSpecText(o.description)}]`;
  const value =
    o.value === 'none'
      ? ''
      : `${o.value === 'optional' ? '::' : ':'}${zshSpecText(o.valueName)}:${zshValueAction(
          o.choices,
          o.files,
        )}`;
  return flags.map((f) => {
    const long = f.startsWith('--');
    const suffix = o.value === 'none' ? '' : o.value === 'optional' ? '=-' : long ? '=' : '+';
    return sq(`${exclusion}${star}${f}${suffix}${desc}${value}`);
  });
}

function zshArgSpecs(args: ArgSpec[]): string[] {
  return args.map((a, i) => {
    const position = a.variadic ? '*' : String(i + 1);
    const colon = a.required ? ':' : '::';
    return sq(`${position}${colon}${zshSpecText(a.name)}:${zshValueAction(a.choices, a.files)}`);
  });
}

function zshFunction(c: CommandSpec): string {
  const fn = identifier(c.path);
  const specs = c.options.flatMap(zshOptionSpecs);
  const lines = (items: string[], indent: string) =>
    items.map((s) => `${indent}${s} \\`).join('\n');
  if (c.commands.length === 0) {
    const all = [...specs, ...zshArgSpecs(c.args)];
    return `${fn}() {
  _arguments -s -S \\
${lines(all, '    ')}
    && return 0
  return 1
}`;
  }
  const described = c.commands.flatMap((s) =>
    [s.name, ...s.aliases].map((n) => sq(`${n.replace(/:/g, '\\:')}:${s.description}`)),
  );
  const arms = c.commands.map(
    (s) => `        ${[s.name, ...s.aliases].map(sq).join('|')}) ${identifier(s.path)} && ret=0 ;;`,
  );
  return `${fn}() {
  local curcontext="$curcontext" state line ret=1
  typeset -A opt_args
  _arguments -C -s -S \\
${lines(specs, '    ')}
    '1: :->cmds' \\
    '*:: :->args' \\
    && ret=0
  case $state in
    cmds)
      local -a commands
      commands=(
${described.map((d) => `        ${d}`).join('\n')}
      )
      _describe -t commands ${sq(`${c.path.join(' ')} command`)} commands && ret=0
      ;;
    args)
      curcontext="\${curcontext%:*:*}:${c.path.join('-')}-$line[1]:"
      case $line[1] in
${arms.join('\n')}
      esac
      ;;
  esac
  return ret
}`;
}

function zshScript(root: CommandSpec): string {
  const prog = root.name;
  const fn = identifier([prog]);
  const functions = walk(root).map(zshFunction);
  return `#compdef ${prog}
# zsh completion for ${prog}, generated by \`${prog} completion zsh\`.
# Install it into the first folder of your $fpath (then start a new shell):
#   ${prog} completion zsh > "\${fpath[1]}/${fn}"
# or load it from ~/.zshrc, after compinit:
#   source <(${prog} completion zsh)

${functions.join('\n\n')}

if [[ $zsh_eval_context[-1] == loadautofunc || $funcstack[1] == ${fn} ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${prog}
fi
`;
}

// ---------------------------------------------------------------------------------------------
// fish

/** A fish single-quoted string. */
function fq(s: string): string {
  return `'${s.replace(/[\\']/g, '\\$&')}'`;
}

/** One word of a `complete -a` list (the list is tokenized again by fish). */
function fishWord(s: string): string {
  return s.replace(/([^A-Za-z0-9_.,@%+=/:-])/g, '\\$1');
}

function fishOption(prog: string, condition: string | undefined, o: OptionSpec): string {
  const parts = [`complete -c ${prog}`];
  if (condition !== undefined) parts.push(`-n ${fq(condition)}`);
  if (o.short !== undefined) {
    if (o.short.startsWith('--')) parts.push(`-l ${o.short.slice(2)}`);
    else parts.push(`-s ${o.short.slice(1)}`);
  }
  if (o.long !== undefined) parts.push(`-l ${o.long.slice(2)}`);
  if (o.value !== 'none') {
    if (o.choices) parts.push(`-x -a ${fq(o.choices.map(fishWord).join(' '))}`);
    else if (o.files) parts.push('-r -F');
    else parts.push('-x');
  }
  if (o.description) parts.push(`-d ${fq(o.description.replace(/\s+/g, ' '))}`);
  return parts.join(' ');
}

function fishScript(root: CommandSpec): string {
  const prog = root.name;
  const out: string[] = [
    `# fish completion for ${prog}, generated by \`${prog} completion fish\`.`,
    '# Install it for your user:',
    `#   ${prog} completion fish > ~/.config/fish/completions/${prog}.fish`,
    '',
    '# No file names unless asked for below.',
    `complete -c ${prog} -f`,
    '',
    '# Global options',
    ...root.options.map((o) => fishOption(prog, undefined, o)),
  ];
  const globalFlags = new Set(root.options.flatMap(flagsOf));

  const visit = (c: CommandSpec, condition: string | undefined) => {
    if (c !== root) {
      out.push('', `# ${c.path.join(' ')}`);
      // Options of this command and of its parents other than the program's global ones.
      for (const o of c.options) {
        const global = flagsOf(o).every((f) => globalFlags.has(f));
        if (global && (!c.ownOptions.includes(o) || o.long === '--help')) continue;
        out.push(fishOption(prog, condition, o));
      }
    }
    const names = c.commands.flatMap((s) => [s.name, ...s.aliases]);
    if (names.length > 0) {
      const listCondition =
        c === root
          ? '__fish_use_subcommand'
          : `${condition}; and not __fish_seen_subcommand_from ${names.join(' ')}`;
      for (const s of c.commands) {
        for (const n of [s.name, ...s.aliases]) {
          out.push(
            `complete -c ${prog} -n ${fq(listCondition)} -a ${fq(fishWord(n))} -d ${fq(
              s.description.replace(/\s+/g, ' '),
            )}`,
          );
        }
      }
    } else if (c !== root) {
      const choices = [...new Set(c.args.flatMap((a) => a.choices ?? []))];
      if (choices.length > 0) {
        out.push(
          `complete -c ${prog} -n ${fq(condition ?? '')} -a ${fq(choices.map(fishWord).join(' '))}`,
        );
      } else if (c.args.some((a) => a.files)) {
        out.push(`complete -c ${prog} -n ${fq(condition ?? '')} -F`);
      }
    }
    for (const s of c.commands) {
      const seen = `__fish_seen_subcommand_from ${[s.name, ...s.aliases].join(' ')}`;
      visit(s, condition === undefined ? seen : `${condition}; and ${seen}`);
    }
  };
  visit(root, undefined);
  return `${out.join('\n')}\n`;
}
