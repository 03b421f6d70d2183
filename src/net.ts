/** Host name helpers shared by the settings check (plain http) and the proxy choice. */
import net from 'node:net';

/** A URL's host name without IPv6 brackets or a trailing dot, in lower case. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

export function defaultPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : url.protocol === 'http:' ? 80 : 0;
}

/** `::ffff:a.b.c.d` (or its hex form `::ffff:7f00:1`, as URL writes it) as `a.b.c.d`. */
export function ipv4MappedToV4(host: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  if (dotted?.[1] !== undefined) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(host);
  if (hex?.[1] === undefined || hex[2] === undefined) return host;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6). */
export function isLoopback(hostname: string): boolean {
  const host = ipv4MappedToV4(bareHost(hostname));
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  if (net.isIPv6(host)) return ipEquals(host, '::1');
  return false;
}

export function ipEquals(a: string, b: string): boolean {
  const family = net.isIPv6(a) ? 'ipv6' : 'ipv4';
  if ((family === 'ipv6') !== net.isIPv6(b)) return false;
  const list = new net.BlockList();
  list.addAddress(b, family);
  return list.check(a, family);
}

/**
 * The service's address as the journal (and ledger) key it: scheme, lower-case host, the port
 * unless it is the scheme's default, and the path without trailing slashes; credentials, query
 * and fragment dropped (the client ignores them when it builds request URLs). Different host
 * names for one service (an IP and a name) stay different services.
 */
export function canonicalServiceUrl(url: URL): string {
  const port =
    url.port !== '' && Number(url.port) !== defaultPort(new URL(`${url.protocol}//x`))
      ? `:${url.port}`
      : '';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${host}${port}${path}`;
}
