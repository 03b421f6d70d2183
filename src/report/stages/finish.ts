/**
 * The report's last stage, finish: what a person is told once the output is complete, as data
 * (a face words it): whether a ref_id asked for is unknown to the service in the range, which
 * statuses asked for matched no call attempt, and the statuses the answers held, as the
 * service spells them.
 */

export interface FinishStageInput {
  /** The ref_id filter of the run, if any. */
  refId?: string;
  /** Leads written, and windows the service answered "Data is not found" for. */
  leads: number;
  notFound: number;
  /** The status groups of the plan (undefined: every status). */
  statusGroups: ReadonlyArray<string | undefined>;
  /** The statuses of the call attempts the answers held. */
  statuses: Iterable<string>;
}

export interface FinishStage {
  /** A ref_id was asked for, and the service has no data for it in this range. */
  refIdNotFound: boolean;
  /** Statuses asked for (as asked) that no call attempt in the range has. */
  unmatchedStatuses: string[];
  /** The statuses the answers held, each once (for completion lists and the like). */
  statuses: string[];
}

/** The statuses a plan asks for, by their lower-case form (empty: every status). */
export function askedStatuses(
  statusGroups: ReadonlyArray<string | undefined>,
): Map<string, string> {
  const asked = new Map<string, string>();
  for (const g of statusGroups)
    for (const st of g?.split(',') ?? []) asked.set(st.toLowerCase(), st);
  return asked;
}

export function finishStage(input: FinishStageInput): FinishStage {
  const statuses = [...new Set(input.statuses)];
  const matched = new Set(statuses.map((st) => st.toLowerCase()));
  return {
    refIdNotFound: input.refId !== undefined && input.leads === 0 && input.notFound > 0,
    unmatchedStatuses: [...askedStatuses(input.statusGroups)]
      .filter(([key]) => !matched.has(key))
      .map(([, st]) => st),
    statuses,
  };
}
