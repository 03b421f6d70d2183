/**
 * The file store's sidecar records (state/types.ts WrittenRecords): one small JSON file per
 * sidecar list cacs wrote, `<state>/sidecars/<hash of its absolute path>.json` (0600, written
 * atomically), holding the list's size, salted hash and path (never its rows).
 * leads/written-files.ts decides what they mean.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../atomic-write.js';
import type { WrittenRecord, WrittenRecords } from '../types.js';

export class FileWrittenRecords implements WrittenRecords {
  readonly where: string;

  constructor(stateDir: string) {
    this.where = path.join(stateDir, 'sidecars');
  }

  private recordFile(file: string): string {
    const key = createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 32);
    return path.join(this.where, `${key}.json`);
  }

  get(file: string): WrittenRecord | undefined {
    try {
      const r = JSON.parse(
        fs.readFileSync(this.recordFile(file), 'utf8'),
      ) as Partial<WrittenRecord>;
      if (
        r.v === 1 &&
        typeof r.size === 'number' &&
        typeof r.salt === 'string' &&
        typeof r.sha256 === 'string'
      )
        return {
          v: 1,
          size: r.size,
          salt: r.salt,
          sha256: r.sha256,
          real: r.real === true,
          ...(typeof r.input === 'string' ? { input: r.input } : {}),
          ...(typeof r.content === 'string' ? { content: r.content } : {}),
        };
    } catch {
      // No record (or a damaged one): cacs cannot tell it wrote the file.
    }
    return undefined;
  }

  put(file: string, rec: WrittenRecord): void {
    // With the list's path (the history names the same files): `cacs forget` finds a dry run's
    // lists through it.
    writeFileAtomicSync(
      this.recordFile(file),
      `${JSON.stringify({ ...rec, file: path.resolve(file) })}\n`,
      { mode: 0o600, noFollow: true },
    );
  }

  list(): string[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.where).filter((n) => /^[0-9a-f]{32}\.json$/.test(n));
    } catch {
      return [];
    }
    const out: string[] = [];
    for (const n of names.sort()) {
      try {
        const r = JSON.parse(fs.readFileSync(path.join(this.where, n), 'utf8')) as {
          file?: unknown;
        };
        if (typeof r.file === 'string' && path.join(this.where, n) === this.recordFile(r.file))
          out.push(r.file);
      } catch {
        // A damaged record: not listed.
      }
    }
    return out;
  }

  remove(file: string): void {
    fs.rmSync(this.recordFile(file), { force: true });
  }
}
