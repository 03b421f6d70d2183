/**
 * A local, spec-faithful fake of the CACS service over real HTTP (node:http), for
 * `cacs emulator` and the test suite.
 *
 * Choices made where cacs-api-spec.md leaves points open (section 7.3 and others):
 * - Service errors are HTTP 200 with {"result":"error","message":<exact text>} (DESIGN.md).
 * - A non-matching access_token on import gets the report's "Header #access_token# does not
 *   match" message. An empty header counts as absent. Content-Type is not checked.
 * - Import refuses the whole request when any lead is invalid; nothing is stored. Checks, in
 *   order (each over all leads before the next): data is a non-empty array of objects →
 *   phone_number a digit string matching `phonePattern` → lengths (characters) → home_phone
 *   digits → only known field names with string values (else #data#).
 * - A body that is not valid JSON: import answers #data# wrong format; report treats it as
 *   empty (missing #campaign_key#). An empty or non-object body counts as {} for both.
 * - Non-string parameter values are "wrong format" for that parameter; campaign_key longer
 *   than 32 is "over maximum length" on both endpoints.
 * - Success message of import: "s/t leads were imported" (or "n …" with messageStyle 'count');
 *   with skipExisting a lead whose phone_number the campaign already holds — including an
 *   earlier lead of the same request — is skipped (counted in t, not in s).
 * - Report dates are service-zone (UTC+7) local times; a date-only value means 00:00:00 (also
 *   for end_date); the range may span at most 31×86400 s. Date errors are reported per
 *   parameter; the combined "#start_date# or #end_date#  is wrong format#" text is never used.
 * - Status filter: split on commas, trimmed, compared case-insensitively. An empty ref_id is
 *   no filter; a ref_id with no record in the range answers "Data is not found with <ref_id>".
 * - `call` is the number of attempts in `data`; retry is the attempt's 0-based index.
 * - Unknown path → 404 JSON; wrong method → 405 JSON with Allow; body over 64 MiB or over
 *   maxBatch leads → 413 HTML (nothing processed).
 * - Latency: every answer leaves `latencyMs` after its request arrived (or as soon as it is
 *   processed, if that takes longer): the service's own work is part of its latency, as a
 *   client sees it. Processing comes first, so a client that times out during the wait leaves
 *   a processed request behind (an "uncertain" outcome, as with a real slow service).
 */
import { OPTION_DEFAULTS } from '../defaults.js';
import { UsageError } from '../errors.js';
import { checkWholeNumbers } from '../lib-options.js';
import { t } from '../messages/index.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DEFAULT_PHONE_PATTERN, IMPORT_PATH, REPORT_PATH } from '../api/spec.js';
import { hashSeed, mulberry32 } from './generator.js';
import {
  handleImport,
  handleReport,
  htmlReply,
  jsonReply,
  type HandlerContext,
  type Reply,
} from './handlers.js';
import { EmulatorStore, type EmulatorCampaign } from './store.js';

export interface EmulatorFaults {
  /** Probability (0..1): answer 429 with Retry-After, before processing. */
  rate429?: number;
  /** Probability: answer 503 with an HTML page and Retry-After, before processing. */
  rate503?: number;
  /** Probability: destroy the socket without answering; nothing processed. */
  dropBeforeRate?: number;
  /** Probability: process the request, then destroy the socket without answering. */
  dropAfterRate?: number;
  /** Probability: process the request, then answer 500 (HTML). */
  rate500After?: number;
  /** Retry-After value on 429/503 (default 1). */
  retryAfterSeconds?: number;
  /** Never answer API requests (nothing processed). */
  hang?: boolean;
}

export interface EmulatorOptions {
  /** Default 8787; 0 = any free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Accepted access_token; default 'emulator-token'. */
  token?: string;
  /** Default [{ key: 'summer', name: 'Summer campaign', id: 1 }]; name defaults to the key, id to position + 1. */
  campaigns?: Array<{ key: string; name?: string; id?: number }>;
  /** Load state from this JSON file at start if it exists; save it after each change. */
  statePath?: string;
  /** Delay before answering every request. */
  latencyMs?: number;
  /** PRNG seed for faults and synthetic attempts (default 1). */
  seed?: number;
  faults?: EmulatorFaults;
  /** A data array longer than this → HTTP 413, nothing processed. */
  maxBatch?: number;
  /** Service-side phone regex (default the spec's 0xxxxxxxxx, '^0\\d{9}$'). */
  phonePattern?: string;
  /** Import success message: "s/t leads were imported" ('ratio', default) or "n leads were imported". */
  messageStyle?: 'ratio' | 'count';
  /** Default true: skip leads whose phone_number the campaign already holds. */
  skipExisting?: boolean;
  /** Report data: only attempts inside the window ('window', default) or all of the lead's. */
  attemptsStyle?: 'window' | 'all';
  /** Clock (default: real time). */
  now?: () => Date;
  /** Called with one line per answered (or dropped) request, for the command's log. */
  onRequest?: (line: string) => void;
}

export interface RunningEmulator {
  url: string;
  port: number;
  token: string;
  campaigns: EmulatorCampaign[];
  store: EmulatorStore;
  /** Close the server and every open socket (keep-alive, hanging) promptly. */
  close(): Promise<void>;
}

export const DEFAULT_EMULATOR_PORT = OPTION_DEFAULTS.emulatorPort;
export const DEFAULT_EMULATOR_TOKEN = OPTION_DEFAULTS.emulatorToken;
const DEFAULT_CAMPAIGNS = [
  { key: OPTION_DEFAULTS.emulatorCampaign, name: 'Summer campaign', id: 1 },
];
const MAX_BODY_BYTES = 64 * 1024 * 1024;
const DROP = 'drop';
/** Faster than Buffer#toString for large non-ASCII bodies; invalid bytes become U+FFFD alike. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

type Handler = (ctx: HandlerContext, headers: IncomingMessage['headers'], raw: string) => Reply;
const ROUTES: Readonly<Record<string, { method: string; handle: Handler }>> = {
  [IMPORT_PATH]: { method: 'POST', handle: handleImport },
  [REPORT_PATH]: { method: 'GET', handle: handleReport },
};

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const campaigns = (opts.campaigns ?? DEFAULT_CAMPAIGNS).map((c, i) => ({
    key: c.key,
    name: c.name ?? c.key,
    id: c.id ?? i + 1,
  }));
  const store = new EmulatorStore(campaigns, opts.statePath);
  const token = opts.token ?? DEFAULT_EMULATOR_TOKEN;
  const seed = opts.seed ?? 1;
  const ctx: HandlerContext = {
    store,
    token,
    seed,
    phonePattern: new RegExp(opts.phonePattern ?? DEFAULT_PHONE_PATTERN),
    maxBatch: opts.maxBatch,
    messageStyle: opts.messageStyle ?? 'ratio',
    skipExisting: opts.skipExisting ?? true,
    attemptsStyle: opts.attemptsStyle ?? 'window',
    now: opts.now ?? (() => new Date()),
  };

  const faults = opts.faults ?? {};
  const rng = mulberry32(hashSeed(seed, 'faults'));
  const chance = (p = 0) => p >= 1 || (p > 0 && rng() < p);
  const retryAfter = { 'retry-after': String(faults.retryAfterSeconds ?? 1) };
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function logLine(req: IncomingMessage, started: number, outcome: string) {
    if (!opts.onRequest) return;
    const path = new URL(req.url ?? '/', 'http://emulator').pathname;
    opts.onRequest(`${req.method} ${path} → ${outcome} (${Date.now() - started} ms)`);
  }

  async function respond(
    req: IncomingMessage,
    res: ServerResponse,
    action: Reply | typeof DROP,
    started = Date.now(),
  ) {
    await delay((opts.latencyMs ?? 0) - (Date.now() - started));
    if (closed) return;
    if (action === DROP) {
      req.socket.destroy();
      logLine(req, started, 'connection dropped');
      return;
    }
    if (opts.onRequest) {
      let detail = '';
      try {
        const m = (JSON.parse(action.body) as { message?: unknown }).message;
        if (typeof m === 'string') detail = `: ${m}`;
      } catch {
        // an HTML page: the status says enough
      }
      logLine(req, started, `${action.status}${detail}`);
    }
    const bytes = action.bytes ?? Buffer.from(action.body);
    res.writeHead(action.status, { ...action.headers, 'content-length': bytes.length });
    res.end(bytes);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = Date.now();
    const { text, tooLarge } = await readBody(req);
    const route = ROUTES[new URL(req.url ?? '/', 'http://emulator').pathname];
    if (!route)
      return respond(req, res, jsonReply(404, { result: 'error', message: 'Not found' }), started);
    if (req.method !== route.method) {
      const reply = jsonReply(405, { result: 'error', message: 'Method not allowed' });
      return respond(
        req,
        res,
        { ...reply, headers: { ...reply.headers, allow: route.method } },
        started,
      );
    }
    if (route.handle === handleImport) store.importRequests++;
    if (faults.hang) return;
    const before = chance(faults.rate429)
      ? htmlReply(429, '429 Too Many Requests', retryAfter)
      : chance(faults.rate503)
        ? htmlReply(503, '503 Service Temporarily Unavailable', retryAfter)
        : chance(faults.dropBeforeRate)
          ? DROP
          : undefined;
    if (before) return respond(req, res, before, started);
    const reply = tooLarge
      ? htmlReply(413, '413 Request Entity Too Large')
      : route.handle(ctx, req.headers, text);
    const after = chance(faults.dropAfterRate)
      ? DROP
      : chance(faults.rate500After)
        ? htmlReply(500, '500 Internal Server Error')
        : reply;
    return respond(req, res, after, started);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const host = opts.host ?? '127.0.0.1';
  // Review, session 18: a port in use was Node's raw EADDRINUSE, -1 a RangeError, 'abc' a
  // server "started" at http://127.0.0.1:undefined.
  const requested = opts.port ?? DEFAULT_EMULATOR_PORT;
  checkWholeNumbers('startEmulator', [['port', requested, [0, 65_535]]]);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new UsageError(t('emulator.portInUse', { port: requested, host }), {
              hint: t('emulator.portInUse.hint'),
              cause: e,
            })
          : e,
      ),
    );
    server.listen(requested, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    token,
    campaigns,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve({ text: UTF8.decode(Buffer.concat(chunks)), tooLarge: size > MAX_BODY_BYTES }),
    );
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}
