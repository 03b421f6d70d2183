/**
 * What the library's summaries take unless told otherwise (summarize, the HTML page, the fetch
 * stage): called numbers compared as the import normalises them (one subscriber, one key), and
 * the answer rate per carrier, the network of the normalised number (issue 25).
 */
import { CARRIERS, carrierOf } from '../leads/carrier.js';
import { normalizePhone } from '../leads/normalize.js';
import type { SummaryOptions } from './summary.js';

/** A called number's key for the summary: normalised as the import normalises phone numbers. */
export const subscriber = (phone: string): string => normalizePhone(phone).value;

export const summaryDefaults: Required<
  Pick<SummaryOptions, 'numberKey' | 'carrierOf' | 'carrierOrder'>
> = {
  numberKey: subscriber,
  carrierOf: (phone) => carrierOf(subscriber(phone)),
  carrierOrder: CARRIERS,
};
