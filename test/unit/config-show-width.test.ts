/**
 * `cacs config show` on a terminal fits its width: a row whose source would run past it has
 * the source on a line of its own under the value (the terminal cut `default
 * (serviceTimezone)` anywhere at 80 columns, and every row at 60); on a narrow terminal the
 * values' column narrows first. Off a terminal every setting stays one line.
 */
import { describe, expect, it } from 'vitest';
import { isolatedEnv, runCli } from '../helpers/cli.js';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const lines = (s: string) => plain(s).replace(/\n$/, '').split('\n');
const visible = (l: string) => [...l].length;

/** A state folder of a set length, so that the test does not depend on TMPDIR's. */
const STATE_41 = '/srv/cacs/operators/state-of-the-centre-1';

async function show(columns: number, tty: boolean, extra: string[] = [], stateDir = STATE_41) {
  const r = await runCli(['config', 'show', ...extra], {
    tty,
    columns,
    env: isolatedEnv({ CACS_STATE_DIR: stateDir, NO_COLOR: '1', TZ: 'Asia/Ho_Chi_Minh' }),
  });
  expect(r.code, r.stderr).toBe(0);
  return lines(r.stdout);
}

describe('cacs config show on a terminal', () => {
  it.each([
    ['en', 80],
    ['vi', 80],
    ['vi', 60],
    ['en', 60],
  ])(
    '--lang %s at %i columns: no line runs past the width; a source that would goes under its value',
    async (lang, columns) => {
      // At 60 columns the 41-character folder cannot stand beside its key: a shorter one.
      const out = await show(
        columns,
        true,
        ['--lang', lang],
        columns < 80 ? '/srv/cacs/st' : STATE_41,
      );
      for (const l of out) expect(visible(l), l).toBeLessThanOrEqual(columns);
      const at = out.findIndex((l) => l.startsWith('timezone '));
      expect(at).toBeGreaterThanOrEqual(0);
      // The zone's source, `default (serviceTimezone)`, is under the value, where the value starts.
      const valueAt = out[at]!.indexOf('Asia/Ho_Chi_Minh');
      const next = out[at + 1]!;
      expect(next.slice(0, valueAt).trim()).toBe('');
      expect(next.slice(valueAt)).toMatch(/\(serviceTimezone\)$/);
      // Rows whose source fits stay on one line, their sources in one column.
      const timeout = out.find((l) => l.startsWith('timeout '))!;
      expect(timeout).toMatch(/^timeout +30000 +\S/);
    },
  );
});

describe('cacs config show off a terminal', () => {
  it('keeps every setting on one line, its source beside it, whatever COLUMNS says', async () => {
    const out = await show(60, false, ['--lang', 'en']);
    expect(out.find((l) => l.startsWith('timezone '))).toMatch(
      /^timezone +Asia\/Ho_Chi_Minh +default \(serviceTimezone\)$/,
    );
    expect(out.find((l) => l.startsWith('stateDir '))).toMatch(
      new RegExp(`^stateDir +${STATE_41} +env CACS_STATE_DIR$`),
    );
    // One line a setting: every line starts with a setting's name.
    for (const l of out) expect(l).toMatch(/^[a-zA-Z][\w.]* +\S/);
  });
});
