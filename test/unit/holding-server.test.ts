/**
 * The kill loop's holding server (test/helpers/holding-server.ts): once the client is doomed,
 * nothing it sent is committed, not even a request on a connection the server accepts later with
 * the client still there (as a SIGKILLed process's socket stays open until the kernel has torn
 * it down); spare() commits again.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startHoldingServer, type HoldingServer } from '../helpers/holding-server.js';

const HOLD_MS = 20;

function rawImport(url: string, phones: string[]): net.Socket {
  const { port } = new URL(url);
  const body = JSON.stringify({ data: phones.map((p) => ({ phone_number: p })) });
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `POST /api/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return socket;
}

/** Resolves with the answer's status line, or undefined if the connection closes without one. */
function answer(socket: net.Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\r\n')) resolve(text.slice(0, text.indexOf('\r\n')));
    });
    socket.on('close', () => resolve(undefined));
  });
}

describe('the holding server', () => {
  const servers: HoldingServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('commits nothing from a doomed client, even on a connection accepted after the doom, until spare()', async () => {
    const server = await startHoldingServer(HOLD_MS);
    servers.push(server);
    const open = rawImport(server.url, ['0910000001']);
    // Its request has arrived (and is held).
    while (server.requests === 0) await new Promise((r) => setTimeout(r, 5));
    expect(server.requests).toBe(1);
    // A connection made before the doom but not yet accepted: the server sees it only on a
    // later turn of the event loop. Its client stays alive and keeps the socket open.
    const queued = rawImport(server.url, ['0910000002']);
    server.doomClient();
    const late = answer(queued);
    await server.spare();
    expect(await late).toBeUndefined();
    await new Promise((r) => setTimeout(r, HOLD_MS * 3));
    expect(server.committed).toEqual([]);
    expect(server.answered).toBe(0);
    open.destroy();
    queued.destroy();

    // Spared: a new client's request is committed and answered (the probe is no request).
    const next = rawImport(server.url, ['0910000003']);
    expect(await answer(next)).toBe('HTTP/1.1 200 OK');
    next.destroy();
    expect(server.committed).toEqual(['0910000003']);
    expect(server.requests).toBe(2);
  });

  it('spare() without a doom resolves at once', async () => {
    const server = await startHoldingServer(HOLD_MS);
    servers.push(server);
    await server.spare();
    const s = rawImport(server.url, ['0910000004']);
    expect(await answer(s)).toBe('HTTP/1.1 200 OK');
    s.destroy();
    expect(server.committed).toEqual(['0910000004']);
  });
});
