/**
 * `cacs config show`'s table (src/cli/render/settings-table.ts), as the text it writes: a source
 * that would run past a terminal's edge goes under its value, or indented when it would not fit
 * there either, and stays put when neither helps; widths are display columns (a combining mark
 * none, a CJK character two, colour codes none); off a terminal, one line a setting.
 */
import { describe, expect, it } from 'vitest';
import { settingsTable, type SettingLine } from '../../src/cli/render/settings-table.js';

const plainDim = (s: string) => s;
const ansiDim = (s: string) => `\x1b[2m${s}\x1b[22m`;
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
/** Display columns, counted here by hand rules: marks none, CJK ideographs two. */
const cols = (s: string) =>
  [...strip(s).normalize('NFD')].reduce(
    (n, ch) => n + (/\p{M}/u.test(ch) ? 0 : /\p{Script=Han}/u.test(ch) ? 2 : 1),
    0,
  );
const lines = (s: string) => s.replace(/\n$/, '').split('\n');

const row = (key: string, value: string, source: string, placeholder = false): SettingLine => ({
  key,
  value,
  source,
  placeholder,
});

const usual = [
  row('baseUrl', '(not set)', 'not set', true),
  row('timezone', 'Asia/Ho_Chi_Minh', 'default (serviceTimezone)'),
  row('timeout', '30000', 'default'),
  row('report.windowDays', '31', 'default'),
];

describe('settingsTable', () => {
  it('off a terminal: one line a setting, the sources in one column after the longest value', () => {
    expect(settingsTable(usual, Infinity, plainDim)).toBe(
      [
        'baseUrl            (not set)         not set',
        'timezone           Asia/Ho_Chi_Minh  default (serviceTimezone)',
        'timeout            30000             default',
        'report.windowDays  31                default',
        '',
      ].join('\n'),
    );
  });

  it('a source that would run past the edge goes under its value; the others stay beside theirs', () => {
    const out = lines(settingsTable(usual, 50, ansiDim));
    expect(out.map(strip)).toEqual([
      'baseUrl            (not set)         not set',
      'timezone           Asia/Ho_Chi_Minh',
      '                   default (serviceTimezone)',
      'timeout            30000             default',
      'report.windowDays  31                default',
    ]);
    // Colour codes take no room.
    for (const l of out) expect(cols(l)).toBeLessThanOrEqual(50);
  });

  it('a source too long to stand under its value is indented by 4, and stays beside it when even that is too long', () => {
    // 70 columns: more than the 61 left under the value at 80, less than the 76 left at 4.
    const folder = 'chien-dich-thang-11-chi-nhanh-ha-noi'.slice(0, 12);
    const source = `project config /srv/cacs/…/${folder}/.cacsrc.json (defaultCampaign)`;
    expect(cols(source)).toBe(70);
    const rows = [...usual, row('campaign', 'summer', source)];
    const at80 = lines(settingsTable(rows, 80, plainDim));
    const i = at80.findIndex((l) => l.startsWith('campaign '));
    expect(at80[i]).toBe('campaign           summer');
    expect(at80[i + 1]).toBe(`    ${source}`);
    for (const l of at80) expect(cols(l)).toBeLessThanOrEqual(80);
    // At 60 no line can hold it: one line, as off a terminal (a second would only add one).
    const at60 = lines(settingsTable(rows, 60, plainDim));
    expect(at60.find((l) => l.startsWith('campaign '))).toMatch(/^campaign {11}summer +project /);
  });

  it('never takes more of the screen than one line a setting would, at any width; a line moved is never cut', () => {
    const rows = [
      ...usual,
      row('stateDir', '/home/operator/.local/state/cacs-centre-1', 'default'),
      row('campaign', 'summer', 'project config /srv/cacs/…/.cacsrc.json (defaultCampaign)'),
    ];
    const screen = (text: string, width: number) =>
      lines(text).reduce((n, l) => n + Math.max(1, Math.ceil(cols(l) / width)), 0);
    for (const width of [20, 30, 40, 50, 60, 70, 80, 100, 120]) {
      const text = settingsTable(rows, width, plainDim);
      const oneLine = settingsTable(rows, Infinity, plainDim);
      expect(screen(text, width), `${width} columns:\n${text}`).toBeLessThanOrEqual(
        screen(oneLine, width),
      );
      const out = lines(text);
      out.forEach((l, k) => {
        // A line of its own (a source moved) fits, and so does the line it was moved from.
        if (l.startsWith(' ')) {
          expect(cols(l), l).toBeLessThanOrEqual(width);
          expect(cols(out[k - 1]!), out[k - 1]).toBeLessThanOrEqual(width);
        }
      });
    }
    // A name and value longer than the terminal stay one line with their source.
    const at50 = lines(settingsTable(rows, 50, plainDim));
    expect(at50.find((l) => l.startsWith('stateDir '))).toMatch(/cacs-centre-1 +default$/);
  });

  it('counts display columns: decomposed Vietnamese as composed, CJK characters as two', () => {
    const nfc = 'chiến-dịch-hè-khuyến-mãi';
    const nfd = nfc.normalize('NFD');
    expect(nfd.length).toBeGreaterThan(nfc.length);
    const composed = settingsTable(
      [row('campaign', nfc, 'env CACS_CAMPAIGN'), ...usual],
      80,
      plainDim,
    );
    const decomposed = settingsTable(
      [row('campaign', nfd, 'env CACS_CAMPAIGN'), ...usual],
      80,
      plainDim,
    );
    // The same layout: the sources' column where it is for the composed text.
    expect(decomposed.normalize('NFC')).toBe(composed);
    // 23 CJK characters are 46 columns: with `env CACS_CAMPAIGN` beside them the row is 88.
    const wide = '夏季促销活动客户名单夏季促销活动客户名单夏季';
    const out = lines(
      settingsTable([row('campaign', wide, 'env CACS_CAMPAIGN'), ...usual], 80, plainDim),
    );
    expect(out[0]).toBe(`campaign           ${wide}`);
    expect(out[1]).toBe(`${' '.repeat(19)}env CACS_CAMPAIGN`);
    for (const l of out) expect(cols(l)).toBeLessThanOrEqual(80);
  });
});
