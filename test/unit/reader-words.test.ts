/**
 * Issue 27: a setting's source and the service's wall-clock dates as a Vietnamese reader writes
 * them in the human views (config show, the summary's compliance rules and per-day rows); the
 * stored and JSON forms stay as they are.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { describeSource } from '../../src/source-label.js';
import { setLanguage } from '../../src/messages/index.js';
import { formatWallDate } from '../../src/text.js';

afterEach(() => setLanguage('en'));

describe('describeSource', () => {
  const sources = [
    'default',
    'default (serviceTimezone)',
    'flag --campaign',
    'env CACS_CAMPAIGN',
    'user config /home/a/.config/cacs/config.yaml',
    'project config /work/.cacsrc.yaml (defaultCampaign)',
    'profile night in /work/.cacsrc.yaml',
    '--config /tmp/x.yaml',
    'user config /a.yaml + project config /b.yaml + flag --suppress',
  ];

  it('is the stored form itself in English', () => {
    for (const s of sources) expect(describeSource(s)).toBe(s);
  });

  it('says the words in Vietnamese, keeping flag, variable, key and file names', () => {
    setLanguage('vi');
    expect(sources.map(describeSource)).toEqual([
      'mặc định',
      'mặc định (serviceTimezone)',
      'cờ --campaign',
      'biến môi trường CACS_CAMPAIGN',
      'cấu hình người dùng /home/a/.config/cacs/config.yaml',
      'cấu hình dự án /work/.cacsrc.yaml (defaultCampaign)',
      'hồ sơ night trong /work/.cacsrc.yaml',
      '--config /tmp/x.yaml',
      'cấu hình người dùng /a.yaml + cấu hình dự án /b.yaml + cờ --suppress',
    ]);
  });
});

describe('formatWallDate', () => {
  const forms = ['2026-11-25', '2026-11-25 14:05', '2026-11-25 14:05:09', '2026-11', 'T2', ''];

  it('is unchanged in English', () => {
    for (const f of forms) expect(formatWallDate(f)).toBe(f);
  });

  it('writes dd/mm/yyyy and mm/yyyy in Vietnamese, and leaves anything else alone', () => {
    setLanguage('vi');
    expect(forms.map(formatWallDate)).toEqual([
      '25/11/2026',
      '25/11/2026 14:05',
      '25/11/2026 14:05:09',
      '11/2026',
      'T2',
      '',
    ]);
  });
});
