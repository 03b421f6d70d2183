/**
 * Every environment variable cacs reads, declared once. Nothing else reads process.env
 * directly: commands get the environment through their context.
 */
export const ENV = {
  baseUrl: 'CACS_BASE_URL',
  accessToken: 'CACS_ACCESS_TOKEN',
  campaign: 'CACS_CAMPAIGN',
  profile: 'CACS_PROFILE',
  stateDir: 'CACS_STATE_DIR',
  stateUrl: 'CACS_STATE_URL',
  stdinLimit: 'CACS_STDIN_LIMIT',
  reportMemoryBudget: 'CACS_REPORT_MEMORY_BUDGET',
  noColor: 'NO_COLOR',
  forceColor: 'FORCE_COLOR',
  httpsProxy: 'HTTPS_PROXY',
  httpProxy: 'HTTP_PROXY',
  noProxy: 'NO_PROXY',
  xdgConfigHome: 'XDG_CONFIG_HOME',
  xdgStateHome: 'XDG_STATE_HOME',
  home: 'HOME',
} as const;

/** The settings the environment can set: dotted setting key → variable. */
export const ENV_SETTINGS: Readonly<Record<string, string>> = {
  baseUrl: ENV.baseUrl,
  accessToken: ENV.accessToken,
  campaign: ENV.campaign,
  stateDir: ENV.stateDir,
  stateUrl: ENV.stateUrl,
  'import.stdinLimit': ENV.stdinLimit,
  'report.memoryBudget': ENV.reportMemoryBudget,
};

export type Env = Readonly<Record<string, string | undefined>>;

/** Read a variable; empty strings count as unset. */
export function envValue(env: Env, name: string): string | undefined {
  const v = env[name] ?? env[name.toLowerCase()];
  return v === undefined || v === '' ? undefined : v;
}
