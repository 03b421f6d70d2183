/** Purpose-built local HTTP servers for fault cases the emulator does not cover. */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Script = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

export interface ScriptedServer {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** Answers the n-th request with script n (the last one repeats). */
export async function startScriptedServer(scripts: Script[]): Promise<ScriptedServer> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const script = scripts[Math.min(seen.length - 1, scripts.length - 1)];
      script?.(req, res, body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Script =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

export const html =
  (status: number, text: string, headers: Record<string, string> = {}): Script =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html', ...headers });
    res.end(`<html><body><h1>${text}</h1></body></html>`);
  };

/**
 * Each character of `text` as a JSON escape (`\u0074`…): how a service may echo a token, which
 * a scrub of the answer's text does not see.
 */
export const jsonEscapes = (text: string): string[] =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const raw =
  (status: number, body: string, headers: Record<string, string> = {}): Script =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** Destroy the connection after reading the request: the outcome is unknown to the client. */
export const hangUp: Script = (req) => {
  req.socket.destroy();
};

/** A port with nothing listening. */
export async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
