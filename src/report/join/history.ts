/**
 * What cacs's history says of a lead file (part of the join's plan stage), through the state
 * interface only: when its first lead was imported into the campaign (the default `--from`),
 * and which of its rows were rejected or skipped then (`NOT_IMPORTED:<code>`), read from the
 * rejects and skipped files the latest import of this very file (same content, campaign and
 * service) wrote — only while they are still the bytes cacs wrote.
 */
import { inspectInput } from '../../input/inspect.js';
import { openRows } from '../../input/rows.js';
import { isRejectsHeader } from '../../leads/rejects.js';
import { WrittenFiles } from '../../leads/written-files.js';
import { t } from '../../messages/index.js';
import type { RunRecord, StateStore } from '../../state/types.js';

export interface FileHistory {
  /** The runs that imported this file into the campaign, oldest first. */
  runs: RunRecord[];
  /** When the first of them started (ISO 8601), if any. */
  firstImportAt: string | undefined;
  /** Input line → the code it was rejected or skipped with. */
  notImported: Map<number, string>;
  /** Lines for a person (a sidecar that could not be used). */
  notes: string[];
}

/** Codes a rerun of the same file gives rows its own earlier run imported. */
const RERUN_CODES = new Set(['already_imported', 'uncertain_earlier']);

export async function fileHistory(
  store: StateStore,
  which: { serviceUrl: string; campaignKey: string; inputHash: string },
): Promise<FileHistory> {
  const runs = (await store.readHistory())
    .filter(
      (r) =>
        r.inputHash === which.inputHash &&
        r.campaign === which.campaignKey &&
        r.baseUrl === which.serviceUrl,
    )
    .sort((a, b) => (a.started < b.started ? -1 : a.started > b.started ? 1 : 0));
  const notImported = new Map<number, string>();
  const notes: string[] = [];
  const ended = runs.filter((r) => r.end !== undefined);
  const latest = ended[ended.length - 1];
  if (latest?.end !== undefined) {
    // A rerun holds back the rows its own earlier run imported: those codes are no refusal.
    const rerun = ended.length > 1;
    const written = new WrittenFiles(store.written, true);
    for (const file of [latest.end.rejectsFile, latest.end.skippedFile]) {
      if (file === null) continue;
      const status = written.status(file);
      if (status === 'absent') {
        notes.push(t('outcomes.join.sidecarGone', { file }));
        continue;
      }
      if (status !== 'own') {
        notes.push(t('outcomes.join.sidecarChanged', { file }));
        continue;
      }
      await readCodes(file, (line, code) => {
        if (rerun && RERUN_CODES.has(code)) return;
        if (!notImported.has(line)) notImported.set(line, code);
      });
    }
  }
  return { runs, firstImportAt: runs[0]?.started, notImported, notes };
}

/** The line and code of each row of a rejects or skipped file. */
async function readCodes(file: string, fn: (line: number, code: string) => void): Promise<void> {
  const info = await inspectInput(file, file, { format: 'csv' });
  // A list `cacs forget` emptied holds its header only: no codes, no error.
  const source = await openRows(info, { noRowsOk: true });
  try {
    if (!isRejectsHeader(source.headers)) return;
    await source.each((row) => {
      const line = Number(row.values[0]);
      const code = row.values[1] ?? '';
      if (Number.isSafeInteger(line) && code !== '') fn(line, code);
    });
  } finally {
    await source.close?.();
  }
}
