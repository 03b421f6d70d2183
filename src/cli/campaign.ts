/**
 * Where a campaign key came from, for the message of a refusal: an alias is a setting like any
 * other, and a refused key that came from one must say which alias, read as what, from where.
 */
import { ApiError, t } from '../index.js';

/** The source config/settings.ts records for a campaign given with --campaign (compared, not said). */
const FROM_FLAG = 'flag --campaign';

/**
 * "--campaign summer was read as SUMMER2026: the alias campaigns.summer in user config
 * /home/op/.config/cacs/config.yaml", or undefined when the key was given as it is.
 */
export function aliasNote(
  campaign: { key: string; alias?: string },
  sources: ReadonlyMap<string, string>,
): string | undefined {
  if (campaign.alias === undefined) return undefined;
  const asked = sources.get('campaign');
  const alias = campaign.alias;
  // The settings' source of a flag (config/settings.ts): the flag says it.
  const given =
    asked === undefined || asked === FROM_FLAG
      ? t('cli.campaign.givenByFlag', { alias })
      : t('cli.campaign.givenBy', { alias, source: asked });
  const source = sources.get(`campaigns.${alias}`) ?? t('cli.campaign.fromConfiguration');
  return t('cli.campaign.aliasNote', { given, key: campaign.key, alias, source });
}

/** Whether a service message refuses the campaign key (spec: `#campaign_key#`). */
export function refusesCampaign(message: string): boolean {
  return message.includes('#campaign_key#');
}

/** What to do about a refused key that came from an alias. */
export function aliasRefusalHint(note: string): string {
  return t('cli.campaign.aliasNote.hint', { note });
}

/**
 * The same error with the alias named in its hint when the service refused the campaign key
 * and the key came from an alias; any other error as it is.
 */
export function explainRefusal(
  e: unknown,
  campaign: { key: string; alias?: string },
  sources: ReadonlyMap<string, string>,
): unknown {
  if (!(e instanceof ApiError) || !e.refused || e.service?.param !== 'campaign_key') return e;
  const note = aliasNote(campaign, sources);
  if (note === undefined) return e;
  return new ApiError(e.message, {
    kind: e.kind,
    ...(e.status !== undefined ? { status: e.status } : {}),
    service: e.service,
    hint: aliasRefusalHint(note),
    cause: e,
    category: e.category,
  });
}
