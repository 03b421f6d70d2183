/**
 * Values a command needs of its settings (the service's address, the campaign key), with the
 * error a person can act on when they are missing. On their own and light (no config file, no
 * schema), so that the library's entry point exports them without loading the settings'
 * resolution (settings.ts re-exports them).
 */
import { LIMITS } from '../api/spec.js';
import { UsageError } from '../errors.js';
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
    throw new UsageError('no service address is set', {
      hint: `Give --base-url <url>, set ${ENV.baseUrl}, or put baseUrl in a config file (cacs config init).`,
      category: 'config',
    });
  }
  const url = new URL(s.baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !s.allowInsecureHttp) {
    throw new UsageError(
      `refusing plain http:// to ${url.host}: the access token would travel unencrypted`,
      {
        hint: 'Use https://, or pass --insecure-http (config allowInsecureHttp: true) if you really mean it.',
        category: 'config',
      },
    );
  }
  return url;
}

/** Resolve --campaign (an alias or a key) to the campaign key sent to the service. */
export function requireCampaign(s: Settings): { key: string; alias?: string } {
  if (s.campaign === undefined) {
    throw new UsageError('no campaign given', {
      hint: `Give --campaign <key|alias>, set ${ENV.campaign}, or put defaultCampaign in a config file.`,
      category: 'config',
    });
  }
  const aliased = s.campaigns[s.campaign];
  const key = aliased ?? s.campaign;
  if (key.trim() === '') {
    throw new UsageError(
      aliased === undefined
        ? 'the campaign key is empty'
        : `the campaign alias ${JSON.stringify(s.campaign)} stands for an empty key`,
      {
        hint: `Give --campaign <key|alias> with the key the service operator gave you (or set ${ENV.campaign}).`,
        category: 'config',
      },
    );
  }
  if ([...key].length > LIMITS.campaignKey) {
    throw new UsageError(
      `campaign key "${key}" is ${[...key].length} characters; the service allows at most ${LIMITS.campaignKey}`,
      {
        hint: `Check --campaign, or the alias in campaigns: (known aliases: ${Object.keys(s.campaigns).join(', ') || 'none'}).`,
        category: 'config',
      },
    );
  }
  return aliased === undefined ? { key } : { key, alias: s.campaign };
}
