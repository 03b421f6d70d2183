/**
 * recordsProblem (src/api/answers.ts): the first thing wrong with a report answer's records, in
 * words. Found by a review (session 17): a record without campaign_lead_id was said as
 * "record 1 has no campaign_lead_id (a undefined)".
 */
import { describe, expect, it } from 'vitest';
import { recordsProblem } from '../../src/api/answers.js';

describe('recordsProblem', () => {
  it('names what is missing as absent, and a wrong kind as its kind', () => {
    expect(recordsProblem([{ data: [] }])).toBe('record 1 has no campaign_lead_id (absent)');
    expect(recordsProblem([{ campaign_lead_id: true }])).toBe(
      'record 1 has no campaign_lead_id (a boolean)',
    );
    expect(recordsProblem([{ campaign_lead_id: null }])).toBe(
      'record 1 has no campaign_lead_id (null)',
    );
    expect(recordsProblem('x')).toBe('records is a string, not a list');
    expect(recordsProblem([{ campaign_lead_id: 7, data: [] }])).toBeUndefined();
  });
});
