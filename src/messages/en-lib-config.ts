/**
 * Messages of the settings (src/config/: config files, profiles, the token, the campaign),
 * spread into the English catalog by en.ts. Whole sentences with named placeholders, like
 * en.ts; none names a command-line flag (the CLI's words: en-cli.ts, render/advice.ts).
 */
export const enLibConfig = {
  // ── settings.ts: resolving the settings ────────────────────────────────────────────
  'config.environment.invalid': 'environment: {problems}',
  'config.profile.notFound': '{source}: no profile named "{profile}"',
  'config.profile.known.hint': 'Known profiles: {profiles}.',
  'config.profile.none.hint': 'No config file defines any profile.',

  // ── settings.ts: the service address ───────────────────────────────────────────────
  'config.baseUrl.missing': 'no service address is set',
  'config.baseUrl.missing.hint':
    'Give the service address, set {env}, or put baseUrl in a config file (cacs config init).',
  'config.insecureHttp':
    'refusing plain http:// to {host}: the access token would travel unencrypted',
  'config.insecureHttp.hint':
    'Use https://, or allow plain http (config allowInsecureHttp: true) if you really mean it.',

  // ── settings.ts: the campaign ──────────────────────────────────────────────────────
  'config.campaign.missing': 'no campaign given',
  'config.campaign.missing.hint':
    'Name a campaign (its key or an alias), set {env}, or put defaultCampaign in a config file.',
  'config.campaign.empty': 'the campaign key is empty',
  'config.campaign.aliasEmpty': 'the campaign alias {alias} stands for an empty key',
  'config.campaign.empty.hint':
    'Name the campaign by the key the service operator gave you (or set {env}).',
  'config.campaign.tooLong':
    'campaign key "{key}" is {length} characters; the service allows at most {max}',
  'config.campaign.tooLong.hint':
    'Check the campaign given, or the alias in campaigns: (known aliases: {aliases}).',
  'config.campaign.noAliases': 'none',
} as const;
