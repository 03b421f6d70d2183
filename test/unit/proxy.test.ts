import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import got from 'got';
import { HttpProxyAgent, HttpsProxyAgent } from 'hpagent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentsFor,
  bypassesProxy,
  isLoopback,
  proxyFor,
  redactProxy,
  type ProxyAgents,
} from '../../src/api/proxy.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';

const P = 'http://proxy.corp:3128';

describe('proxyFor: which variable', () => {
  it('uses HTTPS_PROXY for https targets and HTTP_PROXY for http targets', () => {
    const env = { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://h:2' };
    expect(proxyFor(new URL('https://api.example.com/'), env)?.href).toBe('http://s:1/');
    expect(proxyFor(new URL('http://api.example.com/'), env)?.href).toBe('http://h:2/');
    expect(proxyFor(new URL('https://api.example.com/'), { HTTP_PROXY: P })).toBeUndefined();
    expect(proxyFor(new URL('http://api.example.com/'), { HTTPS_PROXY: P })).toBeUndefined();
  });

  it('reads the lowercase names too, lowercase first; empty means unset', () => {
    const t = new URL('https://api.example.com/');
    expect(proxyFor(t, { https_proxy: 'http://low:1' })?.host).toBe('low:1');
    expect(proxyFor(t, { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:2' })?.host).toBe(
      'low:1',
    );
    expect(proxyFor(t, { https_proxy: '', HTTPS_PROXY: 'http://up:2' })?.host).toBe('up:2');
    expect(proxyFor(t, { HTTPS_PROXY: '  ' })).toBeUndefined();
    expect(proxyFor(t, {})).toBeUndefined();
    expect(proxyFor(new URL('http://x.test/'), { http_proxy: 'http://low:1' })?.host).toBe('low:1');
  });

  it('accepts host:port without a scheme, https proxies and credentials', () => {
    const t = new URL('https://api.example.com/');
    expect(proxyFor(t, { HTTPS_PROXY: 'proxy.corp:3128' })?.href).toBe('http://proxy.corp:3128/');
    expect(proxyFor(t, { HTTPS_PROXY: 'https://proxy.corp' })?.protocol).toBe('https:');
    const withAuth = proxyFor(t, { HTTPS_PROXY: 'http://me:s%40cret@proxy.corp:3128' });
    expect(withAuth?.username).toBe('me');
    expect(withAuth?.password).toBe('s%40cret');
  });

  it('throws UsageError naming the variable for a bad proxy URL', () => {
    const t = new URL('https://api.example.com/');
    const bad = (env: Record<string, string>) => {
      try {
        proxyFor(t, env);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const e1 = bad({ HTTPS_PROXY: 'http://exa mple:80' });
    expect(e1).toBeInstanceOf(UsageError);
    expect((e1 as UsageError).message).toBe('HTTPS_PROXY: not a URL');
    expect((e1 as UsageError).exitCode).toBe(2);
    const e2 = bad({ https_proxy: 'http://[zz' });
    expect((e2 as UsageError).message).toBe('https_proxy: not a URL');
    const e3 = bad({ HTTPS_PROXY: 'socks5://proxy:1080' });
    expect(e3).toBeInstanceOf(UsageError);
    expect((e3 as UsageError).message).toMatch(/^HTTPS_PROXY: socks5 proxies are not supported/);
    // The message never echoes the value (it may hold a password).
    const e4 = bad({ HTTPS_PROXY: 'http://me:secret@[bad' });
    expect((e4 as UsageError).message).not.toContain('secret');
  });

  it('keeps loopback targets direct, unless allowLoopback', () => {
    const env = { HTTP_PROXY: P, HTTPS_PROXY: P };
    for (const t of [
      'http://localhost:8787/',
      'http://LOCALHOST./',
      'http://api.localhost/',
      'http://127.0.0.1:8787/',
      'http://127.1.2.3/',
      'http://[::1]:8787/',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      expect(proxyFor(new URL(t), env), t).toBeUndefined();
      expect(proxyFor(new URL(t), env, { allowLoopback: true })?.href, t).toBe(`${P}/`);
    }
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback('localhost.example.com')).toBe(false);
    expect(isLoopback('[0:0:0:0:0:0:0:1]')).toBe(true);
  });

  it('still validates the proxy variable for a loopback target', () => {
    expect(() => proxyFor(new URL('http://127.0.0.1/'), { HTTP_PROXY: 'http://[' })).toThrow(
      'HTTP_PROXY: not a URL',
    );
  });
});

describe('NO_PROXY matching', () => {
  // [NO_PROXY value, target, bypassed?]
  const table: Array<[string, string, boolean]> = [
    ['*', 'https://api.example.com/', true],
    ['', 'https://api.example.com/', false],
    ['example.com', 'https://example.com/', true],
    ['example.com', 'https://api.example.com/', true],
    ['example.com', 'https://a.b.example.com/', true],
    ['example.com', 'https://notexample.com/', false],
    ['example.com', 'https://example.com.evil.net/', false],
    ['.example.com', 'https://example.com/', true],
    ['.example.com', 'https://api.example.com/', true],
    ['*.example.com', 'https://api.example.com/', true],
    ['EXAMPLE.com', 'https://Api.Example.COM/', true],
    ['example.com.', 'https://api.example.com./', true],
    ['api.example.com', 'https://example.com/', false],
    ['other.org,example.com', 'https://api.example.com/', true],
    ['other.org example.com', 'https://api.example.com/', true],
    [' other.org , ,example.com ', 'https://api.example.com/', true],
    ['other.org', 'https://api.example.com/', false],
    ['example.com:8443', 'https://api.example.com:8443/', true],
    ['example.com:8443', 'https://api.example.com/', false],
    ['example.com:443', 'https://api.example.com/', true],
    ['example.com:80', 'http://api.example.com/', true],
    ['example.com:80', 'https://api.example.com/', false],
    ['10.1.2.3', 'http://10.1.2.3:8080/', true],
    ['10.1.2.3', 'http://10.1.2.30/', false],
    ['10.1.2.3:8080', 'http://10.1.2.3:8080/', true],
    ['10.1.2.3:8080', 'http://10.1.2.3:9090/', false],
    ['10.0.0.0/8', 'http://10.200.3.4/', true],
    ['10.0.0.0/8', 'http://11.0.0.1/', false],
    ['10.0.0.0/8', 'http://ten.example.com/', false],
    ['fd00::/8', 'http://[fd12::1]/', true],
    ['fd00::/8', 'http://[fe80::1]/', false],
    ['2001:db8::1', 'http://[2001:db8::1]:8080/', true],
    ['2001:db8::1', 'http://[2001:db8:0:0:0:0:0:1]/', true],
    ['[2001:db8::1]:8080', 'http://[2001:db8::1]:8080/', true],
    ['[2001:db8::1]:8080', 'http://[2001:db8::1]:9090/', false],
    ['10.1.2.3', 'http://[::ffff:10.1.2.3]/', true],
  ];

  it.each(table)('NO_PROXY=%j, %s -> bypass %s', (noProxy, target, bypass) => {
    const t = new URL(target);
    expect(bypassesProxy(t, { NO_PROXY: noProxy })).toBe(bypass);
    expect(bypassesProxy(t, { no_proxy: noProxy })).toBe(bypass);
    const env = { NO_PROXY: noProxy, HTTP_PROXY: P, HTTPS_PROXY: P };
    expect(proxyFor(t, env) === undefined).toBe(bypass);
  });

  it('prefers no_proxy over NO_PROXY', () => {
    const t = new URL('https://api.example.com/');
    expect(bypassesProxy(t, { no_proxy: 'other.org', NO_PROXY: 'example.com' })).toBe(false);
    expect(bypassesProxy(t, { no_proxy: '', NO_PROXY: 'example.com' })).toBe(true);
  });
});

describe('redactProxy', () => {
  it('hides the password only', () => {
    expect(redactProxy(new URL('http://me:s3cret@proxy.corp:3128'))).toBe(
      'http://me:***@proxy.corp:3128',
    );
    expect(redactProxy(new URL('http://me@proxy.corp:3128/'))).toBe('http://me@proxy.corp:3128');
    expect(redactProxy(new URL('https://proxy.corp/'))).toBe('https://proxy.corp');
    expect(redactProxy(new URL('http://:pw@proxy.corp:3128'))).toBe('http://:***@proxy.corp:3128');
    expect(redactProxy(new URL('http://me:pw@proxy.corp:3128/'))).not.toContain('pw');
  });
});

describe('agentsFor', () => {
  it("returns an hpagent agent for the target's scheme only where a proxy applies", () => {
    const env = { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://h:2' };
    const a = agentsFor(new URL('https://api.example.com/'), env);
    expect(a.https).toBeInstanceOf(HttpsProxyAgent);
    expect(a.http).toBeUndefined();
    expect(a.proxy?.href).toBe('http://s:1/');
    // `proxy` is not enumerable, so got accepts the object as its `agent` option.
    expect(Object.keys(a)).toEqual(['https']);
    expect((a.https as unknown as { keepAlive: boolean }).keepAlive).toBe(true);
    expect(a.https?.maxSockets).toBe(64);
    destroy(a);

    const h = agentsFor(new URL('http://api.example.com/'), env);
    expect(h.http).toBeInstanceOf(HttpProxyAgent);
    expect(h.https).toBeUndefined();
    expect(h.proxy?.href).toBe('http://h:2/');
    expect(h.http?.maxSockets).toBe(64);
    destroy(h);

    for (const [target, e] of [
      ['https://api.example.com/', { HTTP_PROXY: P }],
      ['https://api.example.com/', {}],
      ['http://127.0.0.1:8787/', { HTTP_PROXY: P }],
      ['https://api.example.com/', { HTTPS_PROXY: P, NO_PROXY: 'example.com' }],
    ] as const) {
      const none = agentsFor(new URL(target), e);
      expect(none).toEqual({});
      expect(none.proxy).toBeUndefined();
    }

    const noKeep = agentsFor(new URL('https://x.test/'), { HTTPS_PROXY: P }, { keepAlive: false });
    expect((noKeep.https as unknown as { keepAlive: boolean }).keepAlive).toBe(false);
    destroy(noKeep);
  });

  it('throws UsageError for a bad proxy variable of the target scheme only', () => {
    expect(() => agentsFor(new URL('https://x.test/'), { HTTPS_PROXY: 'http://[' })).toThrow(
      'HTTPS_PROXY: not a URL',
    );
    expect(agentsFor(new URL('https://x.test/'), { HTTP_PROXY: 'http://[' })).toEqual({});
  });
});

// ---------------------------------------------------------------------------------------------
// Through a real (local) proxy

function destroy(a: ProxyAgents): void {
  a.http?.destroy();
  a.https?.destroy();
}

interface TestProxy {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** A small forward proxy: absolute-form requests and CONNECT tunnels; optional Basic auth. */
async function startProxy(auth?: { user: string; pass: string }): Promise<TestProxy> {
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();
  const expected = auth
    ? `Basic ${Buffer.from(`${auth.user}:${auth.pass}`).toString('base64')}`
    : undefined;
  const authorized = (req: http.IncomingMessage) =>
    expected === undefined || req.headers['proxy-authorization'] === expected;

  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (!authorized(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...headers, via: '1.1 test-proxy' } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!authorized(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\n' +
          'Proxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = net.connect(Number(port), host ?? '', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function close(server: http.Server | https.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const echo = (req: http.IncomingMessage, res: http.ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ path: req.url, via: req.headers.via ?? null }));
};

describe('through a local HTTP proxy', () => {
  let target: http.Server;
  let targetUrl: string;
  let targetPort: number;
  const proxies: TestProxy[] = [];

  beforeAll(async () => {
    target = http.createServer(echo);
    targetPort = await listen(target);
    targetUrl = `http://127.0.0.1:${targetPort}/ping?x=1`;
  });
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await close(target);
  });

  async function proxy(auth?: { user: string; pass: string }): Promise<TestProxy> {
    const p = await startProxy(auth);
    proxies.push(p);
    return p;
  }

  it('got goes through the proxy (hpagent tunnels http with CONNECT)', async () => {
    const p = await proxy();
    const agents = agentsFor(new URL(targetUrl), { HTTP_PROXY: p.url }, { allowLoopback: true });
    expect(agents.proxy?.href).toBe(`${p.url}/`);
    try {
      const body = await got(targetUrl, { agent: agents, retry: { limit: 0 } }).json();
      expect(body).toEqual({ path: '/ping?x=1', via: null });
      expect(p.seen).toEqual([`CONNECT 127.0.0.1:${targetPort}`]);
    } finally {
      destroy(agents);
    }
  });

  it('loopback goes direct without allowLoopback', async () => {
    const p = await proxy();
    const agents = agentsFor(new URL(targetUrl), { HTTP_PROXY: p.url });
    expect(agents).toEqual({});
    const body = await got(targetUrl, { agent: agents, retry: { limit: 0 } }).json();
    expect(body).toEqual({ path: '/ping?x=1', via: null });
    expect(p.seen).toEqual([]);
  });

  it('sends Proxy-Authorization from the proxy URL; 407 without it', async () => {
    const p = await proxy({ user: 'me', pass: 'p@ss:word' });
    const port = new URL(p.url).port;

    const bare = agentsFor(new URL(targetUrl), { HTTP_PROXY: p.url }, { allowLoopback: true });
    try {
      await expect(
        got(targetUrl, { agent: bare, retry: { limit: 0 }, timeout: { request: 5000 } }),
      ).rejects.toThrow(/407/);
    } finally {
      destroy(bare);
    }

    const withAuth = `http://me:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}`;
    const agents = agentsFor(new URL(targetUrl), { HTTP_PROXY: withAuth }, { allowLoopback: true });
    expect(redactProxy(agents.proxy as URL)).toBe(`http://me:***@127.0.0.1:${port}`);
    try {
      const body = await got(targetUrl, { agent: agents, retry: { limit: 0 } }).json();
      expect(body).toEqual({ path: '/ping?x=1', via: null });
    } finally {
      destroy(agents);
    }
    expect(p.seen).toEqual([`CONNECT 127.0.0.1:${targetPort}`, `CONNECT 127.0.0.1:${targetPort}`]);
  });

  it('the test proxy also forwards absolute-form requests (and checks auth on them)', async () => {
    const p = await proxy({ user: 'me', pass: 'pw' });
    const port = Number(new URL(p.url).port);
    const send = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: targetUrl, headers, agent: false },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect((await send({})).status).toBe(407);
    const ok = await send({
      'proxy-authorization': `Basic ${Buffer.from('me:pw').toString('base64')}`,
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ path: '/ping?x=1', via: '1.1 test-proxy' });
    expect(p.seen).toEqual([`GET ${targetUrl}`, `GET ${targetUrl}`]);
  });
});

const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!hasOpenssl)('through a local proxy to an HTTPS target (CONNECT)', () => {
  let cert: string;
  let target: https.Server;
  let targetPort: number;
  let p: TestProxy;

  beforeAll(async () => {
    const dir = tempDir('cacs-proxy-tls-');
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    cert = fs.readFileSync(certFile, 'utf8');
    target = https.createServer({ key: fs.readFileSync(keyFile), cert }, echo);
    targetPort = await listen(target);
    p = await startProxy({ user: 'me', pass: 'pw' });
  });
  afterAll(async () => {
    await p.close();
    await close(target);
  });

  it('got reaches the https target through CONNECT, with credentials', async () => {
    // What the proxy saw for this test only (the tests may run in any order: --sequence.shuffle).
    p.seen.length = 0;
    const url = `https://127.0.0.1:${targetPort}/secure`;
    const proxyUrl = p.url.replace('http://', 'http://me:pw@');
    const agents = agentsFor(new URL(url), { https_proxy: proxyUrl }, { allowLoopback: true });
    expect(agents.https).toBeInstanceOf(HttpsProxyAgent);
    try {
      const body = await got(url, {
        agent: agents,
        https: { certificateAuthority: cert },
        retry: { limit: 0 },
      }).json();
      expect(body).toEqual({ path: '/secure', via: null });
    } finally {
      destroy(agents);
    }
    expect(p.seen).toEqual([`CONNECT 127.0.0.1:${targetPort}`]);
  });

  it('https.request through HttpsProxyAgent, and TLS is still verified end to end', async () => {
    p.seen.length = 0;
    const url = new URL(`https://127.0.0.1:${targetPort}/raw`);
    const proxyUrl = p.url.replace('http://', 'http://me:pw@');
    const agents = agentsFor(url, { HTTPS_PROXY: proxyUrl }, { allowLoopback: true });
    const get = (ca?: string) =>
      new Promise<string>((resolve, reject) => {
        const req = https.request(url, { agent: agents.https, ...(ca ? { ca } : {}) }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(JSON.parse(await get(cert))).toEqual({ path: '/raw', via: null });
      // Without the CA the self-signed certificate is refused: the proxy does not weaken TLS.
      await expect(get()).rejects.toThrow(/self-signed|self signed/i);
    } finally {
      destroy(agents);
    }
    expect(p.seen).toContain(`CONNECT 127.0.0.1:${targetPort}`);
  });
});

describe('CacsClient through the proxy', () => {
  it('imports into the emulator through a CONNECT proxy with credentials, token intact', async () => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const { CacsClient } = await import('../../src/api/client.js');
    const emu = await startEmulator({ port: 0 });
    const p = await startProxy({ user: 'me', pass: 'pw' });
    try {
      const target = new URL(emu.url);
      const proxy = new URL(p.url);
      proxy.username = 'me';
      proxy.password = 'pw';
      const agents = agentsFor(target, { HTTP_PROXY: proxy.href }, { allowLoopback: true });
      const client = new CacsClient({ baseUrl: target, token: emu.token, agent: agents });
      const r = await client.importLeads('summer', [{ phone_number: '0912345678' }]);
      expect(r.imported).toBe(1);
      expect(p.seen.some((line) => line.includes(`127.0.0.1:${target.port}`))).toBe(true);
      destroy(agents);
    } finally {
      await p.close();
      await emu.close();
    }
  });
});
