import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exitCodeForService } from '../../src/api/errors.js';
import {
  isServiceDate,
  messages,
  parseImportMessage,
  parseRecordsMessage,
  parseServiceMessage,
} from '../../src/api/spec.js';

/** Every message of spec section 7, verbatim, with the code, parameter and exit code cacs gives it. */
const SPEC_MESSAGES: Array<[string, string, string | undefined, number]> = [
  ['Missing header #access_token#. Please check it again', 'missing_header', 'access_token', 4],
  [
    'Header #access_token# does not match. Please check it again',
    'header_mismatch',
    'access_token',
    4,
  ],
  [
    'Missing parameter #campaign_key#. Please check it again',
    'missing_parameter',
    'campaign_key',
    4,
  ],
  [
    'Parameter #campaign_key# does not match. Please check it again',
    'parameter_mismatch',
    'campaign_key',
    4,
  ],
  ['Parameter #data# is wrong format. Please check it again', 'wrong_format', 'data', 1],
  [
    'Parameter #phone_number# is wrong format. Please check it again',
    'wrong_format',
    'phone_number',
    1,
  ],
  [
    'Missing parameter #start_date# or #end_date#. Please check it again',
    'missing_dates',
    undefined,
    2,
  ],
  [
    'Parameter #start_date# is wrong format. Please check it again',
    'wrong_format',
    'start_date',
    2,
  ],
  [
    'Parameter #start_date# is over maximum length. Please check it again',
    'over_max_length',
    'start_date',
    2,
  ],
  ['Parameter #end_date# is wrong format. Please check it again', 'wrong_format', 'end_date', 2],
  [
    'Parameter #end_date# is over maximum length. Please check it again',
    'over_max_length',
    'end_date',
    2,
  ],
  [
    'Parameter #start_date# or #end_date#  is wrong format#. Please check it again',
    'dates_wrong_format',
    undefined,
    2,
  ],
  [
    'Parameter #start_date# is larger than #end_date##. Please check it again',
    'start_after_end',
    undefined,
    2,
  ],
  ['Invalid time. Over 31 days', 'range_too_long', undefined, 2],
];

describe('service messages (spec section 7)', () => {
  it.each(SPEC_MESSAGES)('%s', (text, code, param, exit) => {
    const parsed = parseServiceMessage(text);
    expect(parsed.code).toBe(code);
    expect(parsed.param).toBe(param);
    expect(exitCodeForService(parsed)).toBe(exit);
  });

  it('the message builders produce the exact spec texts', () => {
    const built = [
      messages.missingHeader('access_token'),
      messages.headerMismatch('access_token'),
      messages.missingParameter('campaign_key'),
      messages.parameterMismatch('campaign_key'),
      messages.wrongFormat('data'),
      messages.wrongFormat('phone_number'),
      messages.missingDates(),
      messages.wrongFormat('start_date'),
      messages.overMaxLength('start_date'),
      messages.wrongFormat('end_date'),
      messages.overMaxLength('end_date'),
      messages.datesWrongFormat(),
      messages.startAfterEnd(),
      messages.over31Days(),
    ];
    expect(built).toEqual(SPEC_MESSAGES.map(([t]) => t));
  });

  it('recognises "Data is not found with <ref_id>" and keeps the id', () => {
    expect(parseServiceMessage('Data is not found with KH-001. Please check it again')).toEqual({
      code: 'ref_id_not_found',
      refId: 'KH-001',
    });
    expect(parseServiceMessage(messages.refIdNotFound('a b.c'))).toEqual({
      code: 'ref_id_not_found',
      refId: 'a b.c',
    });
  });

  it('tolerates surrounding white space and reports unknown texts as unknown', () => {
    expect(parseServiceMessage('  Invalid time. Over 31 days \n').code).toBe('range_too_long');
    expect(parseServiceMessage('Something else entirely').code).toBe('unknown');
    expect(exitCodeForService({ code: 'unknown' })).toBe(1);
  });

  it('any parameter name round-trips through the builders', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_0-9]{1,20}$/), (name) => {
        expect(parseServiceMessage(messages.wrongFormat(name))).toEqual({
          code: 'wrong_format',
          param: name,
        });
        expect(parseServiceMessage(messages.overMaxLength(name))).toEqual({
          code: 'over_max_length',
          param: name,
        });
      }),
    );
  });
});

describe('success messages', () => {
  it('reads both import forms', () => {
    expect(parseImportMessage('7 leads were imported')).toEqual({ imported: 7 });
    expect(parseImportMessage('7/10 leads were imported')).toEqual({ imported: 7, total: 10 });
    expect(parseImportMessage(' 0 / 3 leads were imported')).toEqual({ imported: 0, total: 3 });
    expect(parseImportMessage('1 lead was imported')).toEqual({ imported: 1 });
    expect(parseImportMessage('imported')).toBeUndefined();
  });

  it('round-trips any counts', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (s, t) => {
        expect(parseImportMessage(messages.imported(s, t))).toEqual({ imported: s, total: t });
        expect(parseImportMessage(messages.imported(s))).toEqual({ imported: s });
      }),
    );
  });

  it('reads the record count', () => {
    expect(parseRecordsMessage('Have 12 records found')).toBe(12);
    expect(parseRecordsMessage('Have 0 records found')).toBe(0);
    expect(parseRecordsMessage('Have -2 records found')).toBe(-2);
    expect(parseRecordsMessage('nothing')).toBeUndefined();
  });
});

describe('service dates', () => {
  it.each([
    ['2026-01-31', true],
    ['2026-01-31 23:59:59', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30 00:00:00', false],
    ['2026-13-01', false],
    ['2026-01-01 24:00:00', false],
    ['2026-1-1', false],
    ['2026-01-01T00:00:00', false],
  ])('%s → %s', (value, ok) => {
    expect(isServiceDate(value)).toBe(ok);
  });
});
