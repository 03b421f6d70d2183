/**
 * Lines that count say "1 day", "1 run", not "1 days", "1 runs" (found by an operator walk):
 * the prune receipt's title (a retention of 1 day) in both languages.
 */
import { describe, expect, it } from 'vitest';
import { renderPrune } from '../../src/cli/commands/state-prune.js';
import { setLanguage } from '../../src/messages/index.js';

const report = (retentionDays: number, dryRun: boolean) => ({
  cutoff: '2026-11-25T00:00:00.000Z',
  ledgerRecords: 0,
  keptUncertain: 0,
  journals: 0,
  keptUnfinished: [],
  runs: 0,
  retentionDays,
  dryRun,
  files: [],
  tempFolders: [],
  store: { kind: 'file' as const, location: '/s' },
});

describe('counted lines', () => {
  it('the prune title: 1 day, 30 days; dry run too', () => {
    expect(renderPrune(report(1, false))[0]).toContain('older than 1 day (before');
    expect(renderPrune(report(30, false))[0]).toContain('older than 30 days (before');
    expect(renderPrune(report(1, true))[0]).toContain('would prune what is older than 1 day (');
    setLanguage('vi');
    expect(renderPrune(report(1, false))[0]).toContain('cũ hơn 1 ngày');
  });
});
