/** Flag value parsers: what each flag holds once commander has parsed it. */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import {
  delimiterArg,
  emulatorCampaignArg,
  refIdArg,
  regexArg,
  timeZoneArg,
} from '../../src/cli/flag-values.js';

describe('--delimiter', () => {
  it.each([
    [',', ','],
    ['comma', ','],
    [';', ';'],
    ['Semicolon', ';'],
    ['tab', '\t'],
    ['TAB', '\t'],
    ['\\t', '\t'],
    ['\t', '\t'],
    ['|', '|'],
    ['pipe', '|'],
  ])('%j is the character %j', (value, char) => {
    expect(delimiterArg(value)).toBe(char);
  });

  it.each(['x', '', ',;', 'constructor', '__proto__', 'toString'])('refuses %j', (value) => {
    expect(() => delimiterArg(value)).toThrow(new InvalidArgumentError('use one of , ; tab |'));
  });
});

describe('--ref-id', () => {
  it('counts characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(32);
    expect(refIdArg(emoji)).toBe(emoji);
    expect(() => refIdArg(`${emoji}x`)).toThrow(InvalidArgumentError);
  });
});

describe('--tz', () => {
  it('keeps a known zone as given and refuses an unknown one', () => {
    expect(timeZoneArg('Europe/Paris')).toBe('Europe/Paris');
    expect(() => timeZoneArg('Mars/Base')).toThrow(/^unknown time zone\n/);
  });
});

describe('--phone-pattern', () => {
  it('keeps the source of a valid regular expression', () => {
    expect(regexArg('^0\\d{9}$')).toBe('^0\\d{9}$');
    expect(() => regexArg('[')).toThrow(/^not a valid regular expression: /);
  });
});

describe("the emulator's --campaign", () => {
  it('collects KEY and KEY=Name, in order, trimmed', () => {
    const one = emulatorCampaignArg(' summer ');
    const two = emulatorCampaignArg('winter = Winter leads', one);
    expect(two).toEqual([{ key: 'summer' }, { key: 'winter', name: 'Winter leads' }]);
    expect(emulatorCampaignArg('spring=', two).at(-1)).toEqual({ key: 'spring' });
    expect(one).toEqual([{ key: 'summer' }]);
  });

  it.each(['', '=Name', ' =x', 'C'.repeat(33)])('refuses %j', (value) => {
    expect(() => emulatorCampaignArg(value)).toThrow(
      new InvalidArgumentError('a campaign key is 1 to 32 characters'),
    );
  });
});
