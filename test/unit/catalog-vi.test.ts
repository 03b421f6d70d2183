/**
 * The catalog work's Vietnamese (src/messages/vi-catalog*.ts) says every message of its English
 * (src/messages/en-catalog*.ts), with the same placeholders, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { enCatalog } from '../../src/messages/en-catalog.js';
import { placeholdersOf } from '../../src/messages/index.js';
import { viCatalog } from '../../src/messages/vi-catalog.js';

describe('the Vietnamese of the catalog work', () => {
  it('has each English id, with the same placeholders, and no other id', () => {
    const en = enCatalog as Readonly<Record<string, string>>;
    const problems: string[] = [];
    for (const [id, text] of Object.entries(en)) {
      const vi = viCatalog[id];
      if (vi === undefined) problems.push(`${id}: missing`);
      else if (placeholdersOf(vi).join() !== placeholdersOf(text).join())
        problems.push(
          `${id}: {${placeholdersOf(vi).join(', ')}} for {${placeholdersOf(text).join(', ')}}`,
        );
    }
    for (const id of Object.keys(viCatalog)) if (!(id in en)) problems.push(`${id}: not English`);
    expect(problems).toEqual([]);
  });
});
