/** The API client a command uses: base URL and token checked, proxy applied, trace on -v. */
import {
  createClient as createLibraryClient,
  proxyAgentsFor,
  requireBaseUrl,
  requireToken,
  type CacsClient,
  type Settings,
  t,
} from '../index.js';
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
  const { agent, proxy } = await proxyAgentsFor(baseUrl, ctx.io.env);
  if (proxy !== undefined) ctx.out.debug(t('cli.client.proxy', { proxy, host: baseUrl.host }));
  const client = createLibraryClient({
    baseUrl,
    token,
    allowInsecureHttp: settings.allowInsecureHttp,
    timeoutMs: settings.timeout,
    signal: ctx.signal,
    ...(ctx.io.sleep ? { sleep: ctx.io.sleep } : {}),
    ...(agent !== undefined ? { agent } : {}),
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
