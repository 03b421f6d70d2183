/**
 * What the sending pass needs from a journal. Leads are identified by their input line, which
 * does not change with the batch size, the column mapping or the normalisation options, so a
 * rerun with other options still never resends a row an earlier run settled.
 */

export type RangeOutcome =
  | { state: 'done'; imported: number; skipped: number }
  | { state: 'rejected'; code: string; reason: string }
  | { state: 'uncertain'; reason: string }
  /** Provably not processed (refused as a whole, split, or never answered): send again next time. */
  | { state: 'failed'; reason: string };

/** What earlier runs settled for a line. */
export type PreviousState = 'done' | 'rejected' | 'uncertain';

export interface EarlierRuns {
  /** When the journal was started. */
  since: Date;
  imported: number;
  skipped: number;
  /** Lines the service refused one by one, with its reason. */
  rejected: Map<number, { code: string; reason: string }>;
}

export interface DeliveryJournal {
  previous(line: number): PreviousState | undefined;
  /** Durably mark a batch in flight before its request is sent; returns its id. */
  begin(lines: readonly number[]): Promise<number>;
  /** Record the outcome after the answer (or its absence). */
  finish(id: number, outcome: RangeOutcome): Promise<void>;
  /** Totals from earlier runs (undefined on a first run). */
  earlier?: EarlierRuns;
  /** Every line earlier runs settled, with its state (before this run sends anything). */
  forEachSettled?(fn: (line: number, state: PreviousState) => void): void;
}

/** No journal: a dry run, or tests of the pipeline alone. */
export const NO_JOURNAL: DeliveryJournal = {
  previous: () => undefined,
  begin: async () => 0,
  finish: async () => {},
};
