/** `cacs report --format html`: the settings and flags the page is made with. */
import {
  VERSION,
  writeHtmlReport,
  type CallRecord,
  type HtmlOutcomeCounts,
  type ReportRange,
  type Sink,
  type SummaryOptions,
} from '../../index.js';

/** Who made a page (its generator line). */
export function pageGenerator(): string {
  return `cacs ${VERSION}`;
}

/** Hands the records out once, each let go of as it is read (the list empties as it goes). */
function* handOut(records: CallRecord[]): Generator<CallRecord> {
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    (records as Array<CallRecord | undefined>)[i] = undefined;
    yield record;
  }
  records.length = 0;
}

/** The writer of the page for `records` (runReport's, in lead order), read once. */
export async function htmlReportWriter(
  records: CallRecord[],
  p: {
    /** Answered statuses, compliance rules, do-not-call lists (as for --summary). */
    summary: SummaryOptions;
    campaign: string;
    range: ReportRange;
    statusFilter: readonly string[];
    refId: string | undefined;
    now: Date;
    /** What a --join or --recycle run counted, for the page's "Lead file outcomes" section. */
    outcomes?: HtmlOutcomeCounts;
  },
): Promise<(sink: Sink) => Promise<void>> {
  return (sink) =>
    writeHtmlReport(handOut(records), sink, {
      campaign: p.campaign,
      range: p.range,
      statusFilter: p.statusFilter,
      ...(p.refId !== undefined ? { refId: p.refId } : {}),
      summary: p.summary,
      generatedAt: p.now,
      generator: pageGenerator(),
      ...(p.outcomes !== undefined ? { outcomes: p.outcomes } : {}),
    });
}
