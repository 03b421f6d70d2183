/**
 * `cacs state status` as a person reads it: every value starts in one column, in both languages
 * (found by an operator walk: "bookmarks: 2" stood one column right of the others).
 */
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

describe('cacs state status', () => {
  it.each(['en', 'vi'])('lines its values up under one another (%s)', async (lang) => {
    const dir = tempDir();
    const r = await runCli(['state', 'status', '--lang', lang], {
      env: { HOME: dir, CACS_STATE_DIR: dir, PATH: process.env.PATH },
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    // Where each line's value starts: after its label, the colon and the spaces.
    const starts = lines.map((l) => /^[^:]+:\s+/u.exec(l)?.[0].length);
    expect(new Set(starts).size, r.stdout).toBe(1);
  });
});
