import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEAD_FIELDS, type LeadField } from '../../src/api/spec.js';
import { putField } from '../../src/leads/prepare.js';

describe('putField (a lead built with one named store per field)', () => {
  it('sets each lead field under its own name, and nothing else', () => {
    for (const field of LEAD_FIELDS) {
      const lead: Record<string, string> = {};
      putField(lead, field, `v-${field}`);
      expect(lead).toEqual({ [field]: `v-${field}` });
    }
  });

  it('builds the same lead as `lead[field] = value`, keys in the order put', () => {
    const entry = fc.tuple(fc.constantFrom(...LEAD_FIELDS), fc.string());
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: ([f]) => f, maxLength: 18 }), (entries) => {
        const expected: Record<string, string> = {};
        const lead: Record<string, string> = {};
        for (const [field, value] of entries as Array<[LeadField, string]>) {
          expected[field] = value;
          putField(lead, field, value);
        }
        expect(Object.keys(lead)).toEqual(Object.keys(expected));
        expect(JSON.stringify(lead)).toBe(JSON.stringify(expected));
      }),
    );
  });
});
