/** The API client a command uses: base URL and token checked, proxy applied, trace on -v. */
import type { CacsClient } from '../index.js';
import type { Settings } from '../config/settings.js';
import { requireBaseUrl } from '../config/settings.js';
import { requireToken } from '../config/token.js';
import type { Context } from './context.js';

export async function createClient(
  ctx: Context,
  settings: Settings,
): Promise<{ client: CacsClient; baseUrl: URL }> {
  const baseUrl = requireBaseUrl(settings);
  // A password in the base URL is a secret too, in whatever form a server echoes it (got sends
  // it as Basic authorization). stderr masks URL credentials anyway.
  if (baseUrl.password !== '') {
    ctx.out.addSecret(baseUrl.password);
    ctx.out.addSecret(safeDecode(baseUrl.password));
  }
  const token = await requireToken(settings, ctx.io.env);
  ctx.out.addSecret(token);
  const [library, { agentsFor, redactProxy }] = await Promise.all([
    import('../index.js'),
    import('../api/proxy.js'),
  ]);
  const agents = agentsFor(baseUrl, ctx.io.env);
  if (agents.proxy)
    ctx.out.debug(`using the proxy ${redactProxy(agents.proxy)} for ${baseUrl.host}`);
  const client = library.createClient({
    baseUrl,
    token,
    timeoutMs: settings.timeout,
    signal: ctx.signal,
    ...(ctx.io.sleep ? { sleep: ctx.io.sleep } : {}),
    ...(agents.http || agents.https ? { agent: agents } : {}),
    ...(ctx.out.verbose ? { log: (l: string) => ctx.out.debug(l) } : {}),
  });
  return { client, baseUrl };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
