/**
 * `cacs forget <phone|ref_id>…`: erase people from everything cacs keeps (the library's
 * forgetLeads does it); this module reads the list, resolves the campaign and prints the receipt.
 */
import {
  UsageError,
  forgetLeads,
  formatTimeOnClock,
  requireCampaign,
  type FlatConfig,
  type ForgetReceipt,
  formatCount,
  notCleanedReason,
  t,
  tCount,
  tEnglish,
} from '../../index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import { fitLine } from '../render/wrap.js';
import type { defineForget } from './forget-flags.js';
import { stateOf } from '../state-where.js';

export async function runForget(
  flags: Flags<typeof defineForget>,
  ctx: Context,
  args: string[],
): Promise<number> {
  const cmdFlags: FlatConfig = new Map();
  if (flags.campaign !== undefined) cmdFlags.set('campaign', flags.campaign);
  const { settings } = await ctx.settings(cmdFlags);
  const who = Array.isArray(args[0]) ? (args[0] as string[]) : args;
  let scope: { campaignKey: string; baseUrl: string } | undefined;
  if (flags.campaign !== undefined) {
    const campaign = requireCampaign(settings);
    if (settings.baseUrl === undefined)
      throw new UsageError(t('cli.privacy.forget.noBaseUrl'), {
        hint: t('cli.privacy.forget.noBaseUrl.hint'),
      });
    scope = { campaignKey: campaign.key, baseUrl: settings.baseUrl };
  }
  const receipt = await forgetLeads({
    ...stateOf(settings),
    queries: who,
    ...(flags.file !== undefined ? { files: [flags.file] } : {}),
    cwd: ctx.io.cwd,
    ...(scope ?? {}),
    now: ctx.now(),
  });
  // A list that still holds them (not writable, another encoding): the erasure is not complete.
  const code = receipt.notCleaned.length > 0 ? 1 : 0;
  if (flags.json) {
    // JSON's values never change with the language: each list's reason in English (the words
    // for its `code`); a receipt with lists left holds an error, as every exit but 0 does.
    const notCleaned = receipt.notCleaned.map((n) => ({
      ...n,
      reason: notCleanedReason(n.code, (id) => tEnglish(id)),
    }));
    const rows = notCleaned.reduce((a, n) => a + (n.rows ?? 0), 0);
    const unknown = notCleaned.some((n) => n.rows === null);
    ctx.out.json({
      receipt: { ...receipt, notCleaned },
      exitCode: code,
      error:
        code === 0
          ? null
          : {
              code: 'write_failed',
              message: unknown
                ? t('cli.privacy.forget.notRead')
                : tCount('cli.privacy.forget.notCleaned', rows),
              hint: t('cli.privacy.forget.notCleaned.hint'),
            },
    });
    return code;
  }
  // Issue 27: the time on the timezone setting's clock, named; lines broken between words on
  // a terminal (a receipt written to a file keeps them whole).
  const width = ctx.io.stdoutIsTTY ? (ctx.io.columns ?? 80) : undefined;
  const lines = renderReceipt(receipt, settings.timezone);
  ctx.out.data(`${lines.map((l) => (width === undefined ? l : fitLine(l, width))).join('\n')}\n`);
  return code;
}

export function renderReceipt(r: ForgetReceipt, zone?: string): string[] {
  const n = formatCount;
  const at = zone === undefined ? r.at : formatTimeOnClock(new Date(r.at), zone);
  const lines = [
    t('privacy.receipt.title', { at, store: r.store.location }),
    r.campaign !== null
      ? t('privacy.receipt.campaign', { campaign: r.campaign })
      : t('privacy.receipt.everyCampaign'),
  ];
  for (const q of r.queries)
    lines.push(
      tCount(q.kind === 'phone' ? 'privacy.receipt.phone' : 'privacy.receipt.ref', q.rows, {
        query: q.query,
      }),
    );
  // What is recorded is numbers: a ref_id asked for blocks only the numbers it stood for (review,
  // session 17: the receipt said every later row "for them" would be skipped).
  const refs = r.queries.filter((q) => q.kind === 'ref_id').map((q) => q.query);
  const refNote = () => {
    if (refs.length > 0) lines.push(t('privacy.receipt.refNotKept', { refs: refs.join(', ') }));
  };
  if (r.nothingHeld) {
    lines.push(t('privacy.receipt.nothingHeld'));
    if (r.numbers > 0) lines.push(t('privacy.receipt.blocked'));
    refNote();
    return lines;
  }
  for (const l of r.ledgers)
    lines.push(
      tCount('privacy.receipt.ledger', l.records, {
        campaign: l.campaignKey,
        service: l.serviceUrl,
      }),
    );
  for (const f of r.files) lines.push(tCount('privacy.receipt.file', f.rows, { file: f.file }));
  for (const f of r.notCleaned)
    lines.push(
      f.rows === null
        ? t('privacy.receipt.notRead', { file: f.file, reason: f.reason })
        : tCount('privacy.receipt.notCleaned', f.rows, { file: f.file, reason: f.reason }),
    );
  if (r.journals > 0) lines.push(t('privacy.receipt.journals', { journals: n(r.journals) }));
  if (r.bookmarks > 0) lines.push(t('privacy.receipt.bookmarks', { bookmarks: n(r.bookmarks) }));
  lines.push(tCount('privacy.receipt.done', r.numbers, { store: r.store.location }));
  refNote();
  return lines;
}
