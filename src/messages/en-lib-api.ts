/**
 * Messages of the service client (src/api/: requests, answers, the errors of the service or
 * the way to it), spread into the English catalog by en.ts. Whole sentences with named
 * placeholders, like en.ts; none names a command-line flag (the CLI's words: en-cli.ts).
 */
export const enLibApi = {
  // ── errors.ts: hints for the service's refusals ──────────────────────────────────────
  'api.token.headerStripped.hint':
    'The request reached the service without its access_token header: a proxy may strip headers with underscores.',
  'api.token.refused.hint':
    'Check the token in CACS_ACCESS_TOKEN or accessToken / accessTokenCommand (cacs config show tells where it comes from).',
  'api.campaign.refused.hint':
    'Check the campaign given, CACS_CAMPAIGN or the campaigns aliases in your config; the key is case-sensitive.',
} as const;
