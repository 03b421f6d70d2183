/**
 * The report's run as named stages of the library (issue 23 item 3): plan range, finish, and
 * the write stage's failure as one typed stop, each returning data. Words without flags: the
 * CLI adds `-o` when it renders (test/e2e/write-targets.e2e.test.ts sees that on /dev/full).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExitCode,
  askedStatuses,
  finishStage,
  openBookmark,
  planRangeStage,
  planReport,
  writeStop,
} from '../../src/index.js';
import { tempDir } from '../helpers/tmp.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('report stage: plan range', () => {
  it('without a bookmark: the plan planReport makes, nothing empty, no notes', () => {
    const options = { from: '2026-11-01', to: '2026-11-10', status: 'BUSY', now: NOW };
    expect(planRangeStage(options)).toEqual({
      plan: planReport(options),
      empty: false,
      notes: [],
    });
  });

  it('with a bookmark: the range its first run asks for; its next run starts after it', async () => {
    const stateDir = tempDir();
    const key = {
      name: 'nightly',
      campaignKey: 'C1',
      serviceUrl: 'http://127.0.0.1:9',
      stateDir,
    };
    const first = await openBookmark(key);
    try {
      const stage = planRangeStage({
        bookmark: first,
        from: '2026-11-01',
        to: '2026-11-10',
        settleMs: 0,
        now: NOW,
      });
      expect(stage.empty).toBe(false);
      expect(stage.plan.range.from).toMatchObject({ y: 2026, mo: 11, d: 1 });
      expect(stage.notes).toEqual([]);
      first.commit({ leads: 0, attempts: 0 });
    } finally {
      first.release();
    }
    const next = await openBookmark(key);
    try {
      const stage = planRangeStage({ bookmark: next, to: '2026-11-10', settleMs: 0, now: NOW });
      // Nothing after the first run's end up to the same `to`: no request to make.
      expect(stage.empty).toBe(true);
    } finally {
      next.release();
    }
  });
});

describe('report stage: finish', () => {
  it('says which statuses asked for matched nothing (case aside) and an unknown ref_id', () => {
    expect(
      finishStage({
        refId: 'R1',
        leads: 0,
        notFound: 2,
        statusGroups: ['ANSWERED,busy', 'Voicemail'],
        statuses: ['BUSY', 'BUSY', 'NO ANSWER'],
      }),
    ).toEqual({
      refIdNotFound: true,
      unmatchedStatuses: ['ANSWERED', 'Voicemail'],
      statuses: ['BUSY', 'NO ANSWER'],
    });
    expect(
      finishStage({ refId: 'R1', leads: 1, notFound: 2, statusGroups: [undefined], statuses: [] }),
    ).toEqual({ refIdNotFound: false, unmatchedStatuses: [], statuses: [] });
    expect(
      finishStage({ leads: 0, notFound: 3, statusGroups: [], statuses: [] }).refIdNotFound,
    ).toBe(false);
  });

  it('property: an unmatched status was asked for, and no answer holds it in any case', () => {
    const status = fc.stringMatching(/^[A-Za-z ]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(status, { maxLength: 6 }),
        fc.array(status, { maxLength: 6 }),
        (a, s) => {
          const groups = a.length > 0 ? [a.join(',')] : [undefined];
          const { unmatchedStatuses } = finishStage({
            leads: s.length,
            notFound: 0,
            statusGroups: groups,
            statuses: s,
          });
          const held = new Set(s.map((x) => x.toLowerCase()));
          const asked = askedStatuses(groups);
          for (const u of unmatchedStatuses) {
            expect(asked.get(u.toLowerCase())).toBe(u);
            expect(held.has(u.toLowerCase())).toBe(false);
          }
          // Every asked status is either matched or said.
          expect(
            unmatchedStatuses.length + [...asked.keys()].filter((k) => held.has(k)).length,
          ).toBe(asked.size);
        },
      ),
    );
  });
});

describe('report stage: write, its failure as one typed stop', () => {
  it('a file: nothing was written, the reason in words, exit 1', () => {
    const stop = writeStop({
      error: errno('ENOSPC'),
      name: 'calls.csv',
      target: 'file',
      wroteSomething: false,
    });
    expect(stop).toEqual({
      code: 'failure',
      exitCode: ExitCode.FAILURE,
      message: 'calls.csv: could not write the report (no space left)',
      hint: 'Nothing was written. Check the disk space and permissions, then run again.',
      remedies: [],
    });
  });

  it('a device or pipe written directly: says whether what it received is incomplete', () => {
    const device = writeStop({
      error: errno('ENOSPC'),
      name: '/dev/full',
      target: 'device',
      wroteSomething: false,
    });
    expect(device.hint).toBe(
      '/dev/full is a device, written directly: what it received is nothing. Check what reads it, then run again.',
    );
    const pipe = writeStop({
      error: errno('EPIPE'),
      name: 'out.fifo',
      target: 'pipe',
      wroteSomething: true,
    });
    expect(pipe.message).toBe('out.fifo: could not write the report (the reader closed the pipe)');
    expect(pipe.hint).toMatch(
      /^out\.fifo is a pipe, written directly: what it received is incomplete\./,
    );
  });

  it('a bookmarked run: the bookmark is not moved; a file that appeared is named so', () => {
    const appeared = writeStop({
      error: errno('EEXIST'),
      name: 'calls.csv',
      target: 'file',
      wroteSomething: false,
      bookmark: 'nightly',
    });
    expect(appeared.message).toBe(
      'calls.csv: the file appeared while the report was fetched; a bookmarked report never replaces one',
    );
    expect(appeared.hint).toBe(
      'Nothing was written and bookmark "nightly" was not moved: the next run fetches this range again.',
    );
    // Without a bookmark, EEXIST is a write failure like another.
    expect(
      writeStop({ error: errno('EEXIST'), name: 'x', target: 'file', wroteSomething: false })
        .message,
    ).toBe('x: could not write the report (EEXIST)');
  });

  it('an unknown error code is named as is, an error without one by its message; never a flag', () => {
    const odd = writeStop({
      error: errno('EWEIRD'),
      name: 'a',
      target: 'file',
      wroteSomething: false,
    });
    expect(odd.message).toBe('a: could not write the report (EWEIRD)');
    const plain = writeStop({
      error: new Error('disk said no'),
      name: 'a',
      target: 'descriptor',
      wroteSomething: false,
    });
    expect(plain.message).toBe('a: could not write the report (disk said no)');
    for (const s of [odd, plain]) expect(`${s.message} ${s.hint}`).not.toMatch(/(^|\s)-{1,2}[a-z]/);
  });
});
