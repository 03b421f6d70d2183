/**
 * Commander's own words — its usage errors ("error: unknown option '--x'") and the titles of
 * its help ("Usage:", "Options:") — in the current language (issue 27). In English they are
 * commander's, byte for byte; in another language each known form is said through the
 * catalog with the same names and values in it (flag and command names are never translated),
 * and a form commander adds later stays as commander wrote it.
 */
import { currentLanguage, t } from '../index.js';

/** "'--a', '--b'" → "--a, --b" unchanged: the quoted values commander lists stay as written. */
function suggestion(rest: string): string {
  const one = /^\n\(Did you mean (.+)\?\)$/.exec(rest);
  if (!one) return rest;
  const many = /^one of (.+)$/.exec(one[1]!);
  return `\n${
    many
      ? t('cli.commander.didYouMeanOneOf', { suggestions: many[1]! })
      : t('cli.commander.didYouMean', { suggestion: one[1]! })
  }`;
}

/** The reason commander appends to an invalid value: "Allowed choices are a, b." or a parser's own. */
function reason(rest: string): string {
  const choices = /^ Allowed choices are (.+)\.$/.exec(rest);
  if (choices) return ` ${t('cli.commander.allowedChoices', { choices: choices[1]! })}`;
  // A parser's own reason (the catalog's, in this language) starts a sentence after commander's
  // full stop: "… không hợp lệ. Dùng một trong , ; tab |" (it read "… không hợp lệ. dùng …").
  return rest.replace(/^(\s+)(\p{Ll})/u, (_m, space: string, c: string) => space + c.toUpperCase());
}

/** Each form commander's errors take, and its words in the catalog. */
const ERRORS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [
    /^error: unknown option '([^']*)'([\s\S]*)$/,
    (m) => t('cli.commander.unknownOption', { flag: m[1]! }) + suggestion(m[2]!),
  ],
  [
    /^error: unknown command '([^']*)'([\s\S]*)$/,
    (m) => t('cli.commander.unknownCommand', { command: m[1]! }) + suggestion(m[2]!),
  ],
  [
    /^error: missing required argument '([^']*)'$/,
    (m) => t('cli.commander.missingArgument', { name: m[1]! }),
  ],
  [
    /^error: option '([^']*)' argument missing$/,
    (m) => t('cli.commander.optionMissingArgument', { flags: m[1]! }),
  ],
  [
    /^error: required option '([^']*)' not specified$/,
    (m) => t('cli.commander.requiredOption', { flags: m[1]! }),
  ],
  [
    /^error: (.+) cannot be used with (.+)$/,
    (m) => t('cli.commander.conflictingOption', { option: m[1]!, other: m[2]! }),
  ],
  [
    /^error: too many arguments for '([^']*)'\. Expected (\d+) arguments? but got (\d+)\.$/,
    (m) => t('cli.commander.tooManyArguments.for', { command: m[1]!, expected: m[2]!, got: m[3]! }),
  ],
  [
    /^error: too many arguments\. Expected (\d+) arguments? but got (\d+)\.$/,
    (m) => t('cli.commander.tooManyArguments', { expected: m[1]!, got: m[2]! }),
  ],
  [
    /^error: option '([^']*)' argument '([\s\S]*)' is invalid\.([\s\S]*)$/,
    (m) => t('cli.commander.invalidOption', { flags: m[1]!, value: m[2]! }) + reason(m[3]!),
  ],
  [
    /^error: command-argument value '([\s\S]*)' is invalid for argument '([^']*)'\.([\s\S]*)$/,
    (m) => t('cli.commander.invalidArgument', { value: m[1]!, name: m[2]! }) + reason(m[3]!),
  ],
];

/**
 * A message commander prints on stderr (its errors, and the CLI's own through `cmd.error`), in
 * the current language. English: as given.
 */
export function commanderError(text: string): string {
  if (currentLanguage() === 'en') return text;
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const end = text.endsWith('\n') ? '\n' : '';
  for (const [form, say] of ERRORS) {
    const m = form.exec(body);
    if (m) return say(m) + end;
  }
  // The CLI's own errors through cmd.error come from the catalog already; only the label.
  return body.replace(/^error: /, `${t('cli.label.error')} `) + end;
}

/** The titles of commander's help. */
const TITLES: Readonly<Record<string, Parameters<typeof t>[0]>> = {
  'Usage:': 'cli.commander.usage',
  'Options:': 'cli.commander.options',
  'Global Options:': 'cli.commander.globalOptions',
  'Commands:': 'cli.commander.commands',
  'Arguments:': 'cli.commander.arguments',
};

/** A title of commander's help ("Usage:"), in the current language. */
export function helpTitle(title: string): string {
  const id = TITLES[title];
  return currentLanguage() === 'en' || id === undefined ? title : t(id as 'cli.commander.usage');
}

/** The "(choices: …, default: …)" commander adds to a description, in the current language. */
export function helpExtra(description: string): string {
  if (currentLanguage() === 'en') return description;
  return description.replace(/\((choices|default): (.*)\)$/, (whole, _key: string, _rest: string) =>
    whole
      .slice(1, -1)
      .split(/, (?=(?:choices|default|preset|env): )/)
      .map((part) => {
        const [, key, value] = /^(choices|default|preset|env): ([\s\S]*)$/.exec(part) ?? [];
        if (key === 'choices') return t('cli.commander.choices', { choices: value! });
        if (key === 'default') return t('cli.commander.default', { value: value! });
        return part;
      })
      .join(', ')
      .replace(/^/, '(')
      .concat(')'),
  );
}

/**
 * Commander's usage ("cacs import [options] <file>") and a subcommand's term in the list of
 * commands, with its `[options]` and `[command]` in the current language (issue 27); the
 * command's own name and its arguments' names are never translated.
 */
export function helpUsage(usage: string): string {
  if (currentLanguage() === 'en') return usage;
  return usage
    .split(' ')
    .map((word) => {
      if (word === '[options]') return t('cli.habits.usage.options');
      if (word === '[command]') return t('cli.habits.usage.command');
      return word;
    })
    .join(' ');
}
