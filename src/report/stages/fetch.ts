/**
 * The report's fetch stage, between output and write: which of the three ways the records are
 * fetched, and a refused campaign key explained. Data only: progress goes to `onProgress` (the
 * command draws its spinner from it), and the one way it stops on its own is a typed stop.
 *
 * - `summary` (a summary in any format but the HTML page): the records streamed
 *   (streamReport) and summarised one at a time, none kept;
 * - `prepared` (CSV, JSON, NDJSON, xlsx: a `lead` format given): each lead made into text as the
 *   answers come, in memory or spilled past `memoryBudget` (prepareReport);
 * - `records` (the table and the HTML page, written from all the records): runReport.
 *
 * A campaign key the service refuses, when it came from an alias, stops with `campaignRefused`:
 * the alias and the key it was read as, for the caller to say where the alias came from (the
 * command names its flag and the config file). Any other failure is thrown as it is.
 */
import { ApiError } from '../../api/errors.js';
import type { CallRecord } from '../../api/spec.js';
import type {
  PreparedReportResult,
  ReportOptions,
  ReportResult,
  ReportStream,
} from '../service.js';
import type { ReportSummary, SummaryOptions } from '../summary.js';
import { summaryDefaults } from '../summary-defaults.js';
import type { LeadFormat } from '../write.js';

export interface FetchStageInput {
  /** The report's options (client, campaign key, plan, concurrency, signal, callbacks). */
  report: ReportOptions;
  /** The campaign as the settings gave it: its key, and the alias it was named by. */
  campaign: { key: string; alias?: string };
  /** A summary, not the records (the HTML page is written from the records: not here). */
  summary?: SummaryOptions;
  /** How each lead is written (CSV, JSON, NDJSON, xlsx): the records are not kept. */
  lead?: LeadFormat;
  /** prepareReport's memory budget (setting report.memoryBudget). */
  memoryBudget?: number;
}

/** The report summarised as it came: the stream's counts, and the summary. */
export interface FetchedSummary extends Omit<ReportStream, 'records'> {
  path: 'summary';
  summary: ReportSummary;
}

/** The report made ready to write in the `lead` format. Always `dispose()` it. */
export interface FetchedPrepared {
  path: 'prepared';
  prepared: PreparedReportResult;
}

/** Every record of the report, merged. */
export interface FetchedRecords {
  path: 'records';
  result: ReportResult;
}

/**
 * The service refused the campaign key, and the key came from an alias: `error` is the
 * service's refusal as it was thrown; say that `alias` was read as `key`.
 */
export interface CampaignRefused {
  path: 'stop';
  stop: 'campaignRefused';
  error: ApiError;
  alias: string;
  key: string;
}

export type FetchStage = FetchedSummary | FetchedPrepared | FetchedRecords | CampaignRefused;

/** Whether `e` is the service refusing the campaign key (its `campaign_key` parameter). */
export function refusesCampaignKey(e: unknown): e is ApiError {
  return e instanceof ApiError && e.refused && e.service?.param === 'campaign_key';
}

/**
 * Fetches the report the way `input` asks for (summary, prepared, records): see the module's
 * comment. A refused campaign key named by an alias returns the `campaignRefused` stop.
 */
export async function fetchStage(input: FetchStageInput): Promise<FetchStage> {
  const service = await import('../service.js');
  try {
    if (input.summary !== undefined) {
      const { records, ...stream } = await service.streamReport(input.report);
      const { summarize } = await import('../summary.js');
      // Each record is summarised as it is handed out, and let go of. Every day of the range is
      // a row of "attempts per day", called or not.
      const summary = await summarize(records as AsyncIterable<CallRecord>, {
        ...summaryDefaults,
        ...input.summary,
        range: { from: stream.from, to: stream.to },
      });
      return { path: 'summary', ...stream, summary };
    }
    if (input.lead !== undefined) {
      const prepared = await service.prepareReport(
        {
          ...input.report,
          ...(input.memoryBudget !== undefined ? { memoryBudget: input.memoryBudget } : {}),
        },
        input.lead,
      );
      return { path: 'prepared', prepared };
    }
    return { path: 'records', result: await service.runReport(input.report) };
  } catch (e) {
    if (!refusesCampaignKey(e) || input.campaign.alias === undefined) throw e;
    return {
      path: 'stop',
      stop: 'campaignRefused',
      error: e,
      alias: input.campaign.alias,
      key: input.campaign.key,
    };
  }
}
