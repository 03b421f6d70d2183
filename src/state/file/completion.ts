/**
 * The file store's completion list (state/types.ts CompletionList): the call statuses seen in
 * earlier reports, `<state>/completion/statuses.json` (folder 0700, file 0600, written
 * atomically). cli/completion/values.ts decides what goes in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeDirs, writeFileAtomicSync } from '../../atomic-write.js';
import type { CompletionList } from '../types.js';

export class FileCompletionList implements CompletionList {
  readonly where: string;

  constructor(stateDir: string) {
    this.where = path.join(stateDir, 'completion', 'statuses.json');
  }

  read(): unknown {
    try {
      return JSON.parse(fs.readFileSync(this.where, 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  }

  write(value: unknown): void {
    makeDirs(path.dirname(this.where));
    writeFileAtomicSync(this.where, `${JSON.stringify(value)}\n`, {
      mode: 0o600,
      noFollow: true,
    });
  }
}
