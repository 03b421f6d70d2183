/**
 * Two runs finishing one list name at once (two operators, one `--rejects` name): the second
 * must keep the first's file and go beside it, never replace it (review, session 21: two dry
 * runs with one `--rejects` name lost one run's rows 2 times in 40).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomicSync } from '../../src/atomic-write.js';
import { SidecarWriter } from '../../src/leads/rejects.js';
import { WrittenFiles, type SidecarKind } from '../../src/leads/written-files.js';
import type { WrittenRecord, WrittenRecords } from '../../src/state/types.js';
import { tempDir } from '../helpers/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function records(): WrittenRecords {
  const m = new Map<string, WrittenRecord>();
  return {
    get: (f) => m.get(f),
    put: (f, r) => void m.set(f, r),
    remove: (f) => void m.delete(f),
    where: 'memory',
    list: () => [...m.keys()],
  } as WrittenRecords;
}

/** Another run's file lands at the name right after the `landAfter`-th claim said it was free. */
class Racing extends WrittenFiles {
  claims = 0;
  constructor(
    private readonly landAfter: number,
    private readonly other: string,
  ) {
    super(records(), false, undefined, '/in/leads.csv');
  }
  override claim(file: string, kind?: SidecarKind, raced?: string) {
    const c = super.claim(file, kind, raced);
    if (++this.claims === this.landAfter) fs.writeFileSync(c.path, this.other);
    return c;
  }
}

describe('a list name taken by another run while this one finishes', () => {
  it.each([
    ['between the claim at commit and the rename', 2],
    ['while the list was written (before the claim at commit)', 1],
  ])('%s: the other file is kept, this one goes beside it, and it says so', (_when, landAfter) => {
    const dir = tempDir('cacs-sidecar-race-');
    dirs.push(dir);
    const file = path.join(dir, 'shared.csv');
    const notes: string[] = [];
    const written = new Racing(
      landAfter,
      "line,code,reason,phone\n3,phone_format,the other run's,12\n",
    );
    const w = new SidecarWriter(file, ['phone'], ',', false, 'rejects', undefined, written, (n) =>
      notes.push(n),
    );
    w.add(2, 'phone_format', 'this run', ['11111']);
    const at = w.commit();
    expect(at).toBe(path.join(dir, 'shared-2.csv'));
    expect(fs.readFileSync(file, 'utf8')).toContain("the other run's");
    expect(fs.readFileSync(at!, 'utf8')).toContain('this run');
    expect(notes.join('\n')).toContain('shared-2.csv');
    // Found at a name that was free a moment ago: another run's, not "cacs did not write it".
    expect(notes.join('\n')).toContain(
      landAfter === 2 ? 'another run wrote it at the same moment' : 'cacs did not write it',
    );
    // No temporary file left beside them.
    expect(fs.readdirSync(dir).sort()).toEqual(['shared-2.csv', 'shared.csv']);
  });
});

describe('the other run recorded its list before this one claims again (review, session 21)', () => {
  it('its file reads as a list cacs wrote for this very input: still kept, this one goes beside it', () => {
    const dir = tempDir('cacs-sidecar-race-own-');
    dirs.push(dir);
    const file = path.join(dir, 'shared.csv');
    const shared = records();
    const notes: string[] = [];
    // Run A: the same input, the same records (one state folder), finishing between B's claim
    // at commit and B's link: its file is in place and recorded as cacs's own.
    const a = new WrittenFiles(shared, false, undefined, '/in/leads.csv');
    class Racing extends WrittenFiles {
      claims = 0;
      override claim(f: string, kind?: SidecarKind, raced?: string) {
        const c = super.claim(f, kind, raced);
        if (++this.claims === 2) {
          const w = new SidecarWriter(f, ['phone'], ',', false, 'rejects', undefined, a);
          w.add(3, 'phone_format', "run A's row", ['22222']);
          w.commit();
        }
        return c;
      }
    }
    const b = new Racing(shared, false, undefined, '/in/leads.csv');
    const w = new SidecarWriter(file, ['phone'], ',', false, 'rejects', undefined, b, (n) =>
      notes.push(n),
    );
    w.add(2, 'phone_format', "run B's row", ['11111']);
    const at = w.commit();
    expect(at).toBe(path.join(dir, 'shared-2.csv'));
    expect(fs.readFileSync(file, 'utf8')).toContain("run A's row");
    expect(fs.readFileSync(at!, 'utf8')).toContain("run B's row");
    expect(notes.join('\n')).toContain('another run wrote it at the same moment');
    expect(fs.readdirSync(dir).sort()).toEqual(['shared-2.csv', 'shared.csv']);
  });
});

describe('the note of a second try names the file kept for its own reason (review, session 21)', () => {
  it('the user\'s own file at the name stays "cacs did not write it" when -2 was the name raced', () => {
    const dir = tempDir('cacs-sidecar-race-note-');
    dirs.push(dir);
    const file = path.join(dir, 'leads.csv.rejects.csv');
    fs.writeFileSync(file, 'my own notes\n');
    const notes: string[] = [];
    const written = new WrittenFiles(records(), false, undefined, '/in/leads.csv');
    const w = new SidecarWriter(file, ['phone'], ',', false, 'rejects', undefined, written, (n) =>
      notes.push(n),
    );
    w.add(2, 'phone_format', 'this run', ['11111']);
    // Another run's list lands at -2 between the claim at commit and the link.
    const real = fs.linkSync.bind(fs);
    let calls = 0;
    const link = vi.spyOn(fs, 'linkSync').mockImplementation((from, to) => {
      if (++calls === 1) fs.writeFileSync(to, "another run's list\n");
      real(from, to);
    });
    try {
      expect(w.commit()).toBe(path.join(dir, 'leads.csv.rejects-3.csv'));
    } finally {
      link.mockRestore();
    }
    expect(notes.join('\n')).toContain(`kept ${file} (cacs did not write it)`);
    expect(notes.join('\n')).not.toContain('another run wrote it at the same moment');
    expect(fs.readFileSync(file, 'utf8')).toBe('my own notes\n');
    expect(fs.readFileSync(path.join(dir, 'leads.csv.rejects-2.csv'), 'utf8')).toBe(
      "another run's list\n",
    );
  });
});

describe('a second try at the numbered name beside a file that appeared (review, session 21)', () => {
  it('goes to that numbered name, not back to the name the list was opened at', () => {
    const dir = tempDir('cacs-sidecar-retry-');
    dirs.push(dir);
    const file = path.join(dir, 'shared.csv');
    const notes: string[] = [];
    const written = new WrittenFiles(records(), false, undefined, '/in/leads.csv');
    const w = new SidecarWriter(file, ['phone'], ',', false, 'rejects', undefined, written, (n) =>
      notes.push(n),
    );
    // Opened at shared.csv (free then); a file of someone else's lands there before the commit.
    w.add(2, 'phone_format', 'this run', ['11111']);
    fs.writeFileSync(file, 'mine\n');
    // The first link (at shared-2.csv) finds the name taken, by a file gone again at once.
    const real = fs.linkSync.bind(fs);
    let calls = 0;
    const link = vi.spyOn(fs, 'linkSync').mockImplementation((from, to) => {
      if (++calls === 1)
        throw Object.assign(new Error(`EEXIST: file already exists, link -> ${String(to)}`), {
          code: 'EEXIST',
        });
      real(from, to);
    });
    try {
      expect(w.commit()).toBe(path.join(dir, 'shared-2.csv'));
    } finally {
      link.mockRestore();
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('mine\n');
    expect(fs.readFileSync(path.join(dir, 'shared-2.csv'), 'utf8')).toContain('this run');
    expect(fs.readdirSync(dir).sort()).toEqual(['shared-2.csv', 'shared.csv']);
  });
});

describe('a folder on a file system without hard links (a FAT stick, some network shares)', () => {
  it.each(['EPERM', 'ENOTSUP'])(
    'link(2) failing with %s: the list is still written (renamed into place), no temporary file left',
    (code) => {
      const dir = tempDir('cacs-sidecar-nolink-');
      dirs.push(dir);
      const file = path.join(dir, 'leads.csv.rejects.csv');
      const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
        throw Object.assign(new Error(`${code}: operation not permitted, link`), { code });
      });
      try {
        const written = new WrittenFiles(records(), true, undefined, '/in/leads.csv');
        const w = new SidecarWriter(file, ['phone'], ',', false, 'rejects', undefined, written);
        w.add(2, 'phone_format', 'bad', ['11111']);
        expect(w.commit()).toBe(file);
        expect(link).toHaveBeenCalled();
      } finally {
        link.mockRestore();
      }
      expect(fs.readFileSync(file, 'utf8')).toContain('phone_format');
      expect(fs.readdirSync(dir)).toEqual(['leads.csv.rejects.csv']);
    },
  );

  it('a write that must not replace anything (a bookmarked report, config init): written when the name is free, EEXIST when it is not', () => {
    const dir = tempDir('cacs-noclobber-nolink-');
    dirs.push(dir);
    const target = path.join(dir, 'calls-2026-11-27.csv');
    const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
      throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
    });
    try {
      writeFileAtomicSync(target, 'first\n', { noClobber: true });
      expect(() => writeFileAtomicSync(target, 'second\n', { noClobber: true })).toThrow(
        expect.objectContaining({ code: 'EEXIST' }),
      );
    } finally {
      link.mockRestore();
    }
    expect(fs.readFileSync(target, 'utf8')).toBe('first\n');
    expect(fs.readdirSync(dir)).toEqual(['calls-2026-11-27.csv']);
  });
});
