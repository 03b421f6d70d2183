/**
 * Values a command needs of its settings (the service's address, the campaign key), with the
 * error a person can act on when they are missing. On their own and light (no config file, no
 * schema), so that the library's entry point exports them without loading the settings'
 * resolution (settings.ts re-exports them).
 */
import { LIMITS } from '../api/spec.js';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { isLoopback } from '../net.js';
import { ENV } from './env.js';

/** What these read of the settings (`Settings` has them). */
interface Settings {
  baseUrl?: string | undefined;
  allowInsecureHttp: boolean;
  campaign?: string | undefined;
  campaigns: Readonly<Record<string, string>>;
}

export function requireBaseUrl(s: Settings): URL {
  if (s.baseUrl === undefined) {
    throw new UsageError(t('config.baseUrl.missing'), {
      hint: t('config.baseUrl.missing.hint', { env: ENV.baseUrl }),
      category: 'config',
    });
  }
  const url = new URL(s.baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !s.allowInsecureHttp) {
    throw new UsageError(t('config.insecureHttp', { host: url.host }), {
      hint: t('config.insecureHttp.hint'),
      category: 'config',
    });
  }
  return url;
}

/** Resolve --campaign (an alias or a key) to the campaign key sent to the service. */
export function requireCampaign(s: Settings): { key: string; alias?: string } {
  if (s.campaign === undefined) {
    throw new UsageError(t('config.campaign.missing'), {
      hint: t('config.campaign.missing.hint', { env: ENV.campaign }),
      category: 'config',
    });
  }
  const aliased = s.campaigns[s.campaign];
  const key = aliased ?? s.campaign;
  if (key.trim() === '') {
    throw new UsageError(
      aliased === undefined
        ? t('config.campaign.empty')
        : t('config.campaign.aliasEmpty', { alias: JSON.stringify(s.campaign) }),
      {
        hint: t('config.campaign.empty.hint', { env: ENV.campaign }),
        category: 'config',
      },
    );
  }
  if ([...key].length > LIMITS.campaignKey) {
    throw new UsageError(
      t('config.campaign.tooLong', {
        key,
        length: [...key].length,
        max: LIMITS.campaignKey,
      }),
      {
        hint: t('config.campaign.tooLong.hint', {
          aliases: Object.keys(s.campaigns).join(', ') || t('config.campaign.noAliases'),
        }),
        category: 'config',
      },
    );
  }
  return aliased === undefined ? { key } : { key, alias: s.campaign };
}
