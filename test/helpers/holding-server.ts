/**
 * A purpose-built import service for kill loops: it holds each request `holdMs`, then commits it
 * (records its phones) and answers "<n>/<n> leads were imported". When the test kills its client
 * it dooms the client: nothing the client sent is committed from then on, on the connections
 * open then or on any accepted until `spare()`. So a lead is committed only if its answer was
 * written before the kill, and "exactly once" is decidable.
 *
 * Dooming only the connections open at the kill is not enough (it made the kill loop fail under
 * load): connections the client made just before it died can still wait in the accept queue
 * with their requests in the socket buffer, a SIGKILLed process's sockets stay open until the
 * kernel has torn it down (tens of ms on a loaded machine, longer than the hold), and an
 * interrupted client may retry on a new connection. Answers written to those reach no one.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const SPARE_PATH = '/__holding-server/spare';

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
  /**
   * The client is being killed: close the connections open now, and commit nothing that
   * arrives on them or on any connection accepted until `spare()`.
   */
  doomClient(): void;
  /**
   * Call once the killed client has exited: resolves when every connection it made has been
   * accepted (and doomed); from then on requests are committed again. A probe request on a new
   * connection marks the point: the accept queue is first in, first out.
   */
  spare(): Promise<void>;
  close(): Promise<void>;
}

export async function startHoldingServer(holdMs: number): Promise<HoldingServer> {
  const sockets = new Set<Socket>();
  const doomed = new WeakSet<Socket>();
  let dooming = false;
  let spared: (() => void) | undefined;
  const state: HoldingServer = {
    url: '',
    committed: [],
    requests: 0,
    answered: 0,
    doomClient: () => {
      dooming = true;
      for (const s of sockets) {
        doomed.add(s);
        s.destroy();
      }
    },
    spare: () =>
      new Promise<void>((resolve, reject) => {
        if (!dooming) return resolve();
        spared = resolve;
        // A connection of its own (no keep-alive agent): it queues behind the client's.
        http
          .get(`${state.url}${SPARE_PATH}`, { agent: false }, (res) => res.resume())
          .on('error', reject);
      }),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
  const server = http.createServer((req, res) => {
    const socket = req.socket;
    if (doomed.has(socket)) {
      if (req.url === SPARE_PATH && dooming) {
        // Every connection accepted before this one was doomed: commit again from now on.
        dooming = false;
        res.end();
        spared?.();
        spared = undefined;
      } else socket.destroy();
      return;
    }
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
    // Accepted while the client is doomed: it may be the killed client's (see above).
    if (dooming) doomed.add(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
