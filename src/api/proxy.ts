/**
 * HTTP(S) proxies from the environment, the way curl and most CLIs read them.
 *
 * - An https:// target uses `https_proxy` or `HTTPS_PROXY`; an http:// target uses `http_proxy`
 *   or `HTTP_PROXY` (the lowercase name wins when both are set, as in curl; an empty value counts
 *   as unset). `ALL_PROXY` is not read.
 * - A proxy value without a scheme (`proxy.corp:3128`) means http://. Only http:// and https://
 *   proxies are supported; a proxy URL may carry credentials (`http://user:pass@proxy:3128`,
 *   percent-encoded), sent as Proxy-Authorization: Basic. Print it with redactProxy().
 * - `no_proxy` / `NO_PROXY` (lowercase wins): entries separated by commas and/or spaces;
 *   `*` alone disables proxying; `example.com`, `.example.com` and `*.example.com` all match
 *   example.com and every subdomain of it; an entry may end in `:port` to match only that port
 *   (the target's explicit or default port); IP literals (`10.1.2.3`, `::1`, `[::1]:8443`) match
 *   exactly and CIDR ranges (`10.0.0.0/8`, `fd00::/8`) match addresses inside them. Host names
 *   are never resolved: an IP entry does not match a host name that resolves to it.
 * - Loopback targets (`localhost`, `*.localhost`, 127.0.0.0/8, ::1) always go direct, whatever
 *   NO_PROXY says: the emulator and local tests must never be routed through a corporate proxy.
 *   `{ allowLoopback: true }` turns that off (for tests of the proxy path itself).
 *
 * hpagent tunnels both schemes with CONNECT: the proxy sees `CONNECT host:port` even for a plain
 * http:// target.
 */
import type http from 'node:http';
import type https from 'node:https';
import net from 'node:net';
import { HttpProxyAgent, HttpsProxyAgent } from 'hpagent';
import { UsageError } from '../errors.js';
import { t } from '../messages/index.js';
import { bareHost, defaultPort, ipEquals, ipv4MappedToV4, isLoopback } from '../net.js';

export { isLoopback };

export type Env = Readonly<Record<string, string | undefined>>;

export interface ProxyOptions {
  /** Also proxy loopback targets (default false: loopback always goes direct). For tests. */
  allowLoopback?: boolean;
}

export interface AgentOptions extends ProxyOptions {
  /** Keep connections to the proxy open between requests (default true). */
  keepAlive?: boolean;
}

export interface ProxyAgents {
  http?: http.Agent;
  https?: https.Agent;
  /**
   * The proxy the target's own scheme goes through, if any (for messages: see redactProxy).
   * A non-enumerable property, so that the object can be given to got's `agent` option as is.
   */
  proxy?: URL;
}

/** The first non-empty variable among `names`. */
function firstSet(env: Env, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

function parseProxyUrl(name: string, value: string): URL {
  const hint = t('api.proxy.url.hint', { name });
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch (e) {
    throw new UsageError(t('api.proxy.url.invalid', { name }), { hint, cause: e });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(t('api.proxy.url.scheme', { name, scheme: url.protocol.slice(0, -1) }), {
      hint,
    });
  }
  if (url.hostname === '') throw new UsageError(t('api.proxy.url.invalid', { name }), { hint });
  return url;
}

interface NoProxyEntry {
  kind: 'all' | 'domain' | 'ip' | 'cidr';
  host: string;
  prefix?: number;
  port?: number;
}

function parseNoProxyEntry(raw: string): NoProxyEntry | undefined {
  let entry = raw.trim().toLowerCase();
  if (entry === '') return undefined;
  if (entry === '*') return { kind: 'all', host: '*' };
  let port: number | undefined;
  // [v6]:port, [v6], v4:port, host:port; a bare IPv6 address has several colons.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    entry = bracketed[1] ?? '';
    if (bracketed[2] !== undefined) port = Number(bracketed[2]);
  } else {
    const hostPort = /^([^:]+):(\d+)$/.exec(entry);
    if (hostPort) {
      entry = hostPort[1] ?? '';
      port = Number(hostPort[2]);
    }
  }
  const withPort = (e: NoProxyEntry): NoProxyEntry => (port === undefined ? e : { ...e, port });
  const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
  if (cidr && net.isIP(cidr[1] ?? '') !== 0) {
    return withPort({ kind: 'cidr', host: cidr[1] ?? '', prefix: Number(cidr[2]) });
  }
  if (net.isIP(entry) !== 0) return withPort({ kind: 'ip', host: entry });
  const domain = entry.replace(/^\*?\./, '').replace(/\.$/, '');
  if (domain === '') return undefined;
  return withPort({ kind: 'domain', host: domain });
}

function entryMatches(e: NoProxyEntry, host: string, port: number): boolean {
  if (e.kind === 'all') return true;
  if (e.port !== undefined && e.port !== port) return false;
  const ip = ipv4MappedToV4(host);
  switch (e.kind) {
    case 'domain':
      return host === e.host || host.endsWith(`.${e.host}`);
    case 'ip':
      return net.isIP(ip) !== 0 && ipEquals(ip, e.host);
    case 'cidr': {
      const family = net.isIPv6(e.host) ? 'ipv6' : 'ipv4';
      if (net.isIP(ip) !== (family === 'ipv6' ? 6 : 4)) return false;
      try {
        const list = new net.BlockList();
        list.addSubnet(e.host, e.prefix ?? 0, family);
        return list.check(ip, family);
      } catch {
        return false; // a prefix out of range: matches nothing
      }
    }
  }
}

/** Whether NO_PROXY / no_proxy says `target` goes direct. */
export function bypassesProxy(target: URL, env: Env): boolean {
  const list = firstSet(env, ['no_proxy', 'NO_PROXY']);
  if (!list) return false;
  const host = bareHost(target.hostname);
  const port = defaultPort(target);
  return list.value
    .split(/[\s,]+/)
    .map(parseNoProxyEntry)
    .some((e) => e !== undefined && entryMatches(e, host, port));
}

/**
 * The proxy `target` should go through according to `env`, or undefined for a direct connection.
 * Throws UsageError naming the variable when the proxy variable is not a usable URL.
 */
export function proxyFor(target: URL, env: Env, opts: ProxyOptions = {}): URL | undefined {
  const names =
    target.protocol === 'https:'
      ? ['https_proxy', 'HTTPS_PROXY']
      : target.protocol === 'http:'
        ? ['http_proxy', 'HTTP_PROXY']
        : [];
  const found = firstSet(env, names);
  if (!found) return undefined;
  // Validate even when it does not apply to this target: a typo should not hide until later.
  const proxy = parseProxyUrl(found.name, found.value);
  if (!opts.allowLoopback && isLoopback(target.hostname)) return undefined;
  if (bypassesProxy(target, env)) return undefined;
  return proxy;
}

/**
 * Agents for a client talking to `target` (got's `agent` option): when a proxy applies, an
 * hpagent agent (`keepAlive`, `maxSockets: 64`) for the target's scheme — `http` for http://,
 * `https` for https:// — and `proxy`; otherwise `{}`, and the client uses its own agents.
 * Throws UsageError naming the variable when it is not a usable proxy URL.
 */
export function agentsFor(target: URL, env: Env, opts: AgentOptions = {}): ProxyAgents {
  const keepAlive = opts.keepAlive ?? true;
  const proxy = proxyFor(target, env, opts);
  const agents: ProxyAgents = {};
  if (!proxy) return agents;
  if (target.protocol === 'https:') {
    agents.https = new HttpsProxyAgent({ proxy, keepAlive, maxSockets: 64 });
  } else {
    agents.http = new HttpProxyAgent({ proxy, keepAlive, maxSockets: 64 });
  }
  // Not enumerable: got rejects unknown keys in its `agent` option ("Unexpected agent option"),
  // so the result can be passed to got as is. `{ ...agents }` drops it.
  Object.defineProperty(agents, 'proxy', { value: proxy, enumerable: false });
  return agents;
}

/** The proxy URL for messages: the password replaced by `***`, no trailing slash. */
export function redactProxy(url: URL): string {
  const user = url.username;
  const auth = user === '' && url.password === '' ? '' : `${user}${url.password ? ':***' : ''}@`;
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.protocol}//${auth}${url.host}${path}`;
}
