/**
 * The report's run as named stages of the library (issue 23 item 3): plan range, finish, and
 * the write stage's failure as one typed stop, each returning data. Words without flags: the
 * CLI adds `-o` when it renders (test/e2e/write-targets.e2e.test.ts sees that on /dev/full).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExitCode,
  ReportOutputError,
  ReportWriteError,
  askedStatuses,
  bookmarkStage,
  finishRunStage,
  finishStage,
  outputStage,
  writeStage,
  openBookmark,
  planRangeStage,
  planReport,
  writeStop,
} from '../../src/index.js';
import { setLanguage } from '../../src/messages/index.js';
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

describe('a bookmark let go of (review, session 18)', () => {
  it('plan() or commit() after release() is refused, saying so, and the bookmark is not written', async () => {
    const stateDir = tempDir();
    const key = { name: 'nightly', campaignKey: 'C1', serviceUrl: 'http://127.0.0.1:9', stateDir };
    const b = await openBookmark(key);
    b.plan({ from: '2026-11-01', to: '2026-11-10', settleMs: 0, now: NOW });
    await b.release();
    await expect(b.commit({ leads: 1, attempts: 1 })).rejects.toThrow(
      'bookmark commit() after release(): open it again',
    );
    expect(() => b.plan({ from: '2026-11-01', now: NOW })).toThrow(
      'bookmark plan() after release(): open it again',
    );
    const again = await openBookmark(key);
    try {
      expect(again.state).toBeUndefined();
    } finally {
      await again.release();
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
    // In Vietnamese, the kind of target in Vietnamese too (review, session 21: "là device").
    setLanguage('vi');
    try {
      const vi = writeStop({
        error: errno('ENOSPC'),
        name: '/dev/full',
        target: 'device',
        wroteSomething: false,
      });
      expect(vi.hint).toMatch(/^\/dev\/full là thiết bị, được ghi trực tiếp/);
      const viPipe = writeStop({
        error: errno('EPIPE'),
        name: 'p',
        target: 'pipe',
        wroteSomething: true,
      });
      expect(viPipe.hint).toMatch(/^p là đường ống có tên, /);
    } finally {
      setLanguage('en');
    }
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

describe('report stages of the run: output, write, finish, bookmark (issue 23 item 3)', () => {
  const range = planReport({
    from: '2026-11-01',
    to: '2026-11-10',
    now: NOW,
    timeZone: 'Asia/Ho_Chi_Minh',
  }).range;

  it('output: the name filled and checked, the format from its extension; no folder is a ReportOutputError', async () => {
    const cwd = tempDir();
    const base = { cwd, range, now: NOW, timeZone: 'Asia/Ho_Chi_Minh', stdoutIsTTY: false };
    const out = await outputStage({
      ...base,
      output: 'calls-{from}.csv',
      bookmarked: false,
      empty: false,
    });
    expect(out).toEqual({
      output: {
        name: 'calls-20261101-000000.csv',
        file: path.join(cwd, 'calls-20261101-000000.csv'),
        target: expect.objectContaining({ kind: 'file', exists: false }),
      },
      format: 'csv',
      keepExisting: false,
      noRange: false,
    });
    expect((await outputStage({ ...base, bookmarked: false, empty: false })).format).toBe('json');
    await expect(
      outputStage({ ...base, output: 'no/such/folder/x.csv', bookmarked: false, empty: false }),
    ).rejects.toBeInstanceOf(ReportOutputError);
  });

  it('output: a bookmarked run never replaces a file; with nothing new it keeps it', async () => {
    const cwd = tempDir();
    fs.writeFileSync(path.join(cwd, 'x.csv'), 'earlier\n');
    const base = { cwd, range, now: NOW, timeZone: 'UTC', stdoutIsTTY: false, output: 'x.csv' };
    const refused = outputStage({ ...base, bookmarked: true, empty: false });
    await expect(refused).rejects.toThrow(
      'x.csv: the file exists, and a bookmarked report never replaces one',
    );
    const kept = await outputStage({ ...base, bookmarked: true, empty: true });
    expect(kept.keepExisting).toBe(true);
    expect(kept.noRange).toBe(false);
    // A name made of the range, with nothing new: no file at all (its start after its end).
    for (const output of ['c-{from}-{to}.csv', 'c-{to}.csv', 'c-{from}.csv']) {
      const none = await outputStage({ ...base, output, bookmarked: true, empty: true });
      expect(none, output).toMatchObject({ noRange: true, keepExisting: true });
      const fetched = await outputStage({ ...base, output, bookmarked: true, empty: false });
      expect(fetched.noRange, output).toBe(false);
    }
    // {date} too: an empty calls-{date}.csv would make the day's later run exit 2 (it never
    // replaces a file).
    expect(
      (await outputStage({ ...base, output: 'c-{date}.csv', bookmarked: true, empty: true }))
        .noRange,
    ).toBe(true);
    // Braces doubled are braces, not a placeholder: a fixed name.
    const literal = { ...base, output: 'c-{{from}}.csv', bookmarked: true, empty: true };
    expect((await outputStage(literal)).noRange).toBe(false);
  });

  it('write: a file complete or not at all; kept as it is; a failure is one typed stop without a flag', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'r.csv');
    const signal = new AbortController().signal;
    const to = { file, name: 'r.csv', target: undefined };
    expect(await writeStage('a,b\n', { to, signal })).toEqual({ wroteSomething: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('a,b\n');
    expect(await writeStage('new\n', { to, signal, keepExisting: true })).toEqual({
      wroteSomething: false,
    });
    expect(fs.readFileSync(file, 'utf8')).toBe('a,b\n');
    const failed = writeStage(
      async () => {
        throw errno('ENOSPC');
      },
      { to, signal },
    );
    await expect(failed).rejects.toBeInstanceOf(ReportWriteError);
    const e = (await failed.catch((x: unknown) => x)) as ReportWriteError;
    expect(e.reportStop).toEqual(
      writeStop({ error: errno('ENOSPC'), name: 'r.csv', target: 'file', wroteSomething: false }),
    );
    expect(e.exitCode).toBe(ExitCode.FAILURE);
    expect(fs.readFileSync(file, 'utf8')).toBe('a,b\n');
  });

  it('finish: the range line; in Vietnamese its dates and counts as Vietnamese readers write them', () => {
    const input = {
      leads: 1234,
      notFound: 0,
      statusGroups: [undefined],
      statuses: ['ANSWERED'],
      range,
      empty: false,
      requests: 3,
      split: 1,
      attempts: 1,
      output: 'r.csv',
      wrote: 'report' as const,
    };
    expect(finishRunStage(input).rangeLine).toBe(
      'range: 2026-11-01 00:00:00 → 2026-11-10 23:59:59 Asia/Ho_Chi_Minh (service clock) · 3 requests (1 split: answers too large) · 1,234 leads, 1 attempt · written to r.csv',
    );
    expect(finishRunStage({ ...input, empty: true, output: undefined }).rangeLine).toBe(
      'range: nothing new · 3 requests (1 split: answers too large) · 1,234 leads, 1 attempt',
    );
    try {
      setLanguage('vi');
      expect(finishRunStage(input).rangeLine).toBe(
        'khoảng thời gian: 01/11/2026 00:00:00 → 10/11/2026 23:59:59 Asia/Ho_Chi_Minh (giờ của dịch vụ) · 3 yêu cầu (1 được chia nhỏ: câu trả lời quá lớn) · 1.234 khách hàng, 1 lượt gọi · đã ghi vào r.csv',
      );
    } finally {
      setLanguage('en');
    }
  });

  it('bookmark: moved to the end of the range, or, with nothing new, says why it stays', async () => {
    const stateDir = tempDir();
    const handle = await openBookmark({
      name: 'nightly',
      campaignKey: 'C1',
      serviceUrl: 'http://127.0.0.1:9',
      stateDir,
    });
    try {
      const planned = handle.plan({ from: '2026-11-01', to: '2026-11-10', now: NOW });
      const base = { bookmark: handle, range: planned.range, run: {}, settleMs: 3_600_000 };
      expect(await bookmarkStage({ ...base, empty: false, toGiven: true })).toBe(
        'bookmark "nightly" now covers up to 2026-11-10 23:59:59 (service clock, Asia/Ho_Chi_Minh); its next run starts at 2026-11-11 00:00:00',
      );
      const again = handle.plan({ to: '2026-11-10', now: NOW });
      expect(again.empty).toBe(true);
      // Without its end given: a sentence no face words otherwise (CLI_WORDS).
      expect(
        await bookmarkStage({ ...base, range: again.range, empty: true, toGiven: false }),
      ).toBe(
        'nothing new to fetch: bookmark "nightly" covers up to 2026-11-10 23:59:59 (service clock), and calls after 2026-11-10 23:59:59 (now − 1h) are left to settle; the bookmark is unchanged',
      );
    } finally {
      await handle.release();
    }
  });
});
