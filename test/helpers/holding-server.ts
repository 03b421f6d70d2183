/**
 * A purpose-built import service for kill loops: it holds each request `holdMs`, then commits it
 * (records its phones) and answers "<n>/<n> leads were imported". The test can mark every open
 * connection doomed (the client was killed): requests on a doomed connection are never
 * committed, even if their bytes are read after the client died. So a lead is committed only if
 * its answer was written to a live client, and "exactly once" is decidable.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HoldingServer {
  url: string;
  /** Phones committed, in order (a lead sent twice appears twice). */
  committed: string[];
  /** Requests received (committed or not). */
  requests: number;
  /** Requests answered (so committed). */
  answered: number;
  /** Called when a request arrives, with its 1-based number. */
  onRequest?: (n: number) => void;
  /** Never commit what arrives on the connections open now (their client is being killed). */
  doomOpenConnections(): void;
  close(): Promise<void>;
}

export async function startHoldingServer(holdMs: number): Promise<HoldingServer> {
  const sockets = new Set<Socket>();
  const doomed = new WeakSet<Socket>();
  const state: HoldingServer = {
    url: '',
    committed: [],
    requests: 0,
    answered: 0,
    doomOpenConnections: () => {
      for (const s of sockets) {
        doomed.add(s);
        s.destroy();
      }
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
  const server = http.createServer((req, res) => {
    const socket = req.socket;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (doomed.has(socket)) return;
      state.requests += 1;
      state.onRequest?.(state.requests);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: Array<{ phone_number: string }>;
      };
      setTimeout(() => {
        if (doomed.has(socket) || socket.destroyed) return;
        state.committed.push(...body.data.map((l) => l.phone_number));
        state.answered += 1;
        const n = body.data.length;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'success', message: `${n}/${n} leads were imported` }));
      }, holdMs);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
