/**
 * The rules of flag values, declared once, as commander parsers (`.argParser()`): each turns what
 * was typed into the flag's final value, or throws commander's InvalidArgumentError. Commander
 * then prints "error: option '<flag>' argument '<value>' is invalid. <reason>" and main.ts exits
 * with 2 (usage), before any command runs. Light on purpose: program.ts loads this for --help.
 */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import {
  t,
  LIMITS,
  delimiterChoices,
  isValidTimeZone,
  parseDelimiter,
  type Delimiter,
} from '../index.js';

/** A whole number within bounds. */
export function intArg(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()))
      throw new InvalidArgumentError(t('cli.flagValue.wholeNumber', { min, max }));
    const n = Number(value);
    if (n < min || n > max)
      throw new InvalidArgumentError(t('cli.flagValue.wholeNumber', { min, max }));
    return n;
  };
}

/** A number within bounds. */
export function floatArg(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new InvalidArgumentError(t('cli.flagValue.number', { min, max }));
    }
    return n;
  };
}

/** A repeatable flag: every value, in order. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The CSV delimiters cacs reads (and detects when --delimiter is not given). */
export type CsvDelimiter = Delimiter;

/** --delimiter: the character itself, or its name (tab, comma, semicolon, pipe; any case). */
export function delimiterArg(value: string): CsvDelimiter {
  const d = parseDelimiter(value);
  if (d === undefined) throw new InvalidArgumentError(delimiterChoices());
  return d;
}

/** --ref-id: at most the service's length, in characters (code points). */
export function refIdArg(value: string): string {
  if ([...value].length > LIMITS.refId)
    throw new InvalidArgumentError(t('cli.flagValue.refId', { max: LIMITS.refId }));
  return value;
}

/** --tz: an IANA time zone this Node knows. */
export function timeZoneArg(value: string): string {
  if (!isValidTimeZone(value)) {
    throw new InvalidArgumentError(
      `${t('cli.flagValue.timeZone')}\n${t('report.unknownTimeZone.hint')}`,
    );
  }
  return value;
}

/** A regular expression's source (kept as text: the emulator compiles it). */
export function regexArg(value: string): string {
  try {
    new RegExp(value);
  } catch (e) {
    throw new InvalidArgumentError(t('cli.flagValue.regex', { reason: (e as Error).message }));
  }
  return value;
}

export interface EmulatorCampaign {
  key: string;
  name?: string;
}

/** The emulator's --campaign KEY or KEY=Name, repeatable: every campaign, in order. */
export function emulatorCampaignArg(
  value: string,
  previous: EmulatorCampaign[] = [],
): EmulatorCampaign[] {
  const i = value.indexOf('=');
  const key = (i < 0 ? value : value.slice(0, i)).trim();
  const name = i < 0 ? undefined : value.slice(i + 1).trim();
  if (key === '' || key.length > LIMITS.campaignKey) {
    throw new InvalidArgumentError(t('cli.flagValue.campaignKey', { max: LIMITS.campaignKey }));
  }
  return [...previous, name ? { key, name } : { key }];
}
