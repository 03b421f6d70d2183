/**
 * The two endpoints as pure functions: (headers, raw body) → reply. Validation follows
 * cacs-api-spec.md section 7 with the exact texts of `messages`; errors are HTTP 200 with
 * {"result":"error","message":…}. The order of checks is data (tables of parameters and of lead
 * rules), not a wall of ifs; the choices made for the spec's open points are listed in server.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  LEAD_FIELDS,
  LEAD_MAX_LENGTH,
  LIMITS,
  isLeadField,
  isServiceDate,
  messages,
  type Lead,
} from '../api/spec.js';
import { MAX_ATTEMPT_SPAN_MS, generateAttempts, parseServiceTime } from './generator.js';
import type { AttemptEntry } from './generator.js';
import type { EmulatorCampaign, EmulatorStore } from './store.js';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body's UTF-8 bytes, when already encoded (memoised answers). */
  bytes?: Buffer;
}

export interface HandlerContext {
  store: EmulatorStore;
  token: string;
  seed: number;
  phonePattern: RegExp;
  maxBatch: number | undefined;
  messageStyle: 'ratio' | 'count';
  skipExisting: boolean;
  attemptsStyle: 'window' | 'all';
  now: () => Date;
}

export interface EmulatorRecord {
  campaign_id: number;
  campaign_name: string;
  campaign_lead_id: number;
  ref_id: string;
  phone_number: string;
  lead_name: string;
  call: number;
  data: AttemptEntry[];
}

export const jsonReply = (status: number, value: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
});

export const htmlReply = (status: number, title: string, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n</body>\r\n</html>\r\n`,
});

const serviceError = (message: string) => jsonReply(200, { result: 'error', message });
/** Whether s has more than max characters (code points, as the spec counts lengths). */
function longerThan(s: string, max: number): boolean {
  if (s.length <= max) return false; // never more characters than UTF-16 units
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n > max;
}
const absent = (v: unknown) => v === undefined || v === null || v === '';

// ---------------------------------------------------------------------------------------------
// Parameters: each group is checked stage by stage (missing, type, length, format), so e.g. a
// missing end_date is reported before an over-long start_date.

interface Param {
  name: string;
  max: number;
  /** Message when absent; optional parameters have none. */
  missing?: string;
  valid?: (value: string) => boolean;
  /** Message when `valid` fails (default: wrong format). */
  invalid?: string;
}

type Stage = (p: Param, v: unknown) => string | undefined;
const STAGES: readonly Stage[] = [
  (p, v) => (absent(v) ? p.missing : undefined),
  (p, v) => (!absent(v) && typeof v !== 'string' ? messages.wrongFormat(p.name) : undefined),
  (p, v) =>
    typeof v === 'string' && longerThan(v, p.max) ? messages.overMaxLength(p.name) : undefined,
  (p, v) =>
    typeof v === 'string' && v !== '' && p.valid && !p.valid(v)
      ? (p.invalid ?? messages.wrongFormat(p.name))
      : undefined,
];

function checkParams(body: Record<string, unknown>, params: readonly Param[]): string | undefined {
  for (const stage of STAGES) {
    for (const p of params) {
      const message = stage(p, body[p.name]);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

const campaignParam = (ctx: HandlerContext): Param => ({
  name: 'campaign_key',
  max: LIMITS.campaignKey,
  missing: messages.missingParameter('campaign_key'),
  valid: (key) => ctx.store.campaign(key) !== undefined,
  invalid: messages.parameterMismatch('campaign_key'),
});

const dateParam = (name: string): Param => ({
  name,
  max: LIMITS.date,
  missing: messages.missingDates(),
  valid: isServiceDate,
});

function checkAuth(headers: IncomingHttpHeaders, token: string): string | undefined {
  const raw = headers['access_token'];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (absent(given)) return messages.missingHeader('access_token');
  return given === token ? undefined : messages.headerMismatch('access_token');
}

/** undefined when the body is not valid JSON; {} for an empty or non-object body. */
function parseBody(raw: string): Record<string, unknown> | undefined {
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return isObject(value) ? value : {};
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Import

/** Rules over the leads of a request, in order; each is applied to every lead before the next. */
const LEAD_RULES: ReadonlyArray<
  (lead: Record<string, unknown>, phone: RegExp) => string | undefined
> = [
  ({ phone_number: p }, re) =>
    typeof p === 'string' && /^\d+$/.test(p) && re.test(p)
      ? undefined
      : messages.wrongFormat('phone_number'),
  (lead) => {
    for (const f of LEAD_FIELDS) {
      const v = lead[f];
      if (typeof v === 'string' && longerThan(v, LEAD_MAX_LENGTH[f]))
        return messages.overMaxLength(f);
    }
    return undefined;
  },
  ({ home_phone: h }) =>
    typeof h === 'string' && !/^\d*$/.test(h) ? messages.wrongFormat('home_phone') : undefined,
  (lead) => {
    for (const k in lead)
      if (!isLeadField(k) || typeof lead[k] !== 'string') return messages.wrongFormat('data');
    return undefined;
  },
];

function checkLeads(data: unknown, phone: RegExp): string | undefined {
  if (!Array.isArray(data) || data.length === 0 || !data.every(isObject)) {
    return messages.wrongFormat('data');
  }
  for (const rule of LEAD_RULES) {
    for (const lead of data) {
      const message = rule(lead, phone);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

export function handleImport(
  ctx: HandlerContext,
  headers: IncomingHttpHeaders,
  raw: string,
): Reply {
  const body = parseBody(raw);
  const refusal =
    checkAuth(headers, ctx.token) ??
    (body ? checkParams(body, [campaignParam(ctx)]) : messages.wrongFormat('data'));
  if (refusal !== undefined) return serviceError(refusal);

  const { campaign_key: key, data } = body as { campaign_key: string; data: unknown };
  if (Array.isArray(data) && ctx.maxBatch !== undefined && data.length > ctx.maxBatch) {
    return htmlReply(413, '413 Request Entity Too Large');
  }
  const invalid = checkLeads(data, ctx.phonePattern);
  if (invalid !== undefined) return serviceError(invalid);

  const leads = data as Lead[];
  const imported = ctx.store.importLeads(key, leads, ctx.now(), ctx.skipExisting);
  const message =
    ctx.messageStyle === 'count'
      ? messages.imported(imported)
      : messages.imported(imported, leads.length);
  return jsonReply(200, { result: 'success', message });
}

// ---------------------------------------------------------------------------------------------
// Report

export function handleReport(
  ctx: HandlerContext,
  headers: IncomingHttpHeaders,
  raw: string,
): Reply {
  const body = parseBody(raw) ?? {};
  ctx.store.reportRequests.push({ at: ctx.now(), body });
  const refusal =
    checkAuth(headers, ctx.token) ??
    checkParams(body, [campaignParam(ctx)]) ??
    checkParams(body, [dateParam('start_date'), dateParam('end_date')]) ??
    checkRange(body.start_date as string, body.end_date as string) ??
    checkParams(body, [
      { name: 'status', max: LIMITS.status },
      { name: 'ref_id', max: LIMITS.refId },
    ]);
  if (refusal !== undefined) return serviceError(refusal);

  const { campaign_key, start_date, end_date, status, ref_id } = body as Record<
    string,
    string | undefined
  >;
  const campaign = ctx.store.campaign(campaign_key ?? '') as EmulatorCampaign;
  const statuses = (status ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
  const refId = ref_id || undefined;
  const start = parseServiceTime(start_date ?? '');
  const end = parseServiceTime(end_date ?? '');
  const memo = reportMemo(ctx.store);
  const key = JSON.stringify([campaign.key, start, end, statuses, refId, ctx.attemptsStyle]);
  const version = ctx.store.leads(campaign.key).length;
  const now = ctx.now().getTime();
  const known = memo.entries.get(key);
  if (known !== undefined && known.version === version && now < known.until) return known.reply;
  const selection: Selection = {
    start,
    end,
    statuses: statuses.length > 0 ? new Set(statuses) : undefined,
    refId,
    now,
  };
  const records = selectRecords(ctx, campaign, selection);
  const reply =
    refId !== undefined && records.length === 0
      ? serviceError(messages.refIdNotFound(refId))
      : jsonReply(200, {
          result: 'success',
          message: messages.recordsFound(records.length),
          records,
        });
  reply.bytes = Buffer.from(reply.body);
  remember(memo, key, { version, until: selection.nextAttempt ?? Infinity, reply });
  return reply;
}

/**
 * Report answers, memoised per query while the campaign's leads are unchanged (leads are only
 * ever added, so their count is the version) and until the next attempt the answer left out
 * because its time had not come (attempts depend on nothing else): a repeated query costs the
 * emulator nothing, so its answer leaves after the configured latency rather than after
 * re-serialising megabytes. Bounded by total size; the oldest entry goes first.
 */
interface MemoEntry {
  version: number;
  /** The answer holds until this instant (epoch ms): the time of the next attempt to appear. */
  until: number;
  reply: Reply;
}
interface Memo {
  entries: Map<string, MemoEntry>;
  bytes: number;
}
const MEMO_MAX_BYTES = 128 * 1024 * 1024;
const memos = new WeakMap<object, Memo>();

function reportMemo(store: object): Memo {
  let memo = memos.get(store);
  if (memo === undefined) {
    memo = { entries: new Map(), bytes: 0 };
    memos.set(store, memo);
  }
  return memo;
}

function remember(memo: Memo, key: string, entry: MemoEntry): void {
  const size = (e: MemoEntry) => e.reply.bytes?.length ?? 0;
  const old = memo.entries.get(key);
  if (old !== undefined) {
    memo.entries.delete(key);
    memo.bytes -= size(old);
  }
  if (size(entry) > MEMO_MAX_BYTES) return;
  for (const [k, e] of memo.entries) {
    if (memo.bytes + size(entry) <= MEMO_MAX_BYTES) break;
    memo.entries.delete(k);
    memo.bytes -= size(e);
  }
  memo.entries.set(key, entry);
  memo.bytes += size(entry);
}

function checkRange(start: string, end: string): string | undefined {
  const [from, to] = [parseServiceTime(start), parseServiceTime(end)];
  if (from > to) return messages.startAfterEnd();
  return to - from > LIMITS.reportDays * 86_400_000 ? messages.over31Days() : undefined;
}

interface Selection {
  start: number;
  end: number;
  statuses: Set<string> | undefined;
  refId: string | undefined;
  /** The moment of the request (epoch ms): later attempts have not happened yet. */
  now: number;
  /** Set by selectRecords: the earliest attempt of a selected lead still to come, if any. */
  nextAttempt?: number;
}

/** A lead's synthetic attempts never change: compute them once per lead. */
const attemptCache = new WeakMap<object, ReturnType<typeof generateAttempts>>();

/**
 * Leads with at least one attempt in [start, end] whose time has come (≤ now) and whose status
 * passes the filter, in campaign_lead_id order. `data` holds those attempts ('window') or all
 * the lead's attempts up to now that pass the status filter ('all'). Attempts after `now` are
 * never returned; the earliest of them is left in `sel.nextAttempt`.
 */
export function selectRecords(
  ctx: HandlerContext,
  campaign: EmulatorCampaign,
  sel: Selection,
): EmulatorRecord[] {
  const records: EmulatorRecord[] = [];
  for (const stored of ctx.store.leads(campaign.key)) {
    const { campaign_lead_id, importedAt, lead } = stored;
    if (sel.refId !== undefined && (lead.ref_id ?? '') !== sel.refId) continue;
    // Attempts are dated to the second, from the import's second on.
    const imported = Math.floor(importedAt.getTime() / 1000) * 1000;
    if (imported > sel.end || imported + MAX_ATTEMPT_SPAN_MS < sel.start) continue;
    let attempts = attemptCache.get(stored);
    if (attempts === undefined) {
      attempts = generateAttempts(
        ctx.seed,
        campaign.id,
        campaign_lead_id,
        importedAt,
        lead.phone_number,
      );
      attemptCache.set(stored, attempts);
    }
    for (const a of attempts) {
      if (a.time > sel.now && (sel.nextAttempt === undefined || a.time < sel.nextAttempt))
        sel.nextAttempt = a.time;
    }
    const passes = attempts.filter(
      (a) => a.time <= sel.now && (!sel.statuses || sel.statuses.has(a.entry.status)),
    );
    const inWindow = passes.filter((a) => a.time >= sel.start && a.time <= sel.end);
    if (inWindow.length === 0) continue;
    const data = (ctx.attemptsStyle === 'all' ? passes : inWindow).map((a) => a.entry);
    records.push({
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      campaign_lead_id,
      ref_id: lead.ref_id ?? '',
      phone_number: lead.phone_number,
      lead_name: lead.name ?? '',
      call: data.length,
      data,
    });
  }
  return records;
}
