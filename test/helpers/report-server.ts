/**
 * A report service over real HTTP whose answers are as large as the attempts asked for: it
 * holds a fixed list of attempts and answers each call_result query with the leads that have an
 * attempt in [start_date, end_date] whose status passes the filter (spec 4.2), one record per
 * lead, like the emulator's 'window' style. Every query is counted and kept, so a test can see
 * how a report was split. `announce` can make an answer claim a size (Content-Length) it never
 * sends, to reach a client's cap without sending the bytes.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ServedAttempt {
  lead: number;
  /** 'yyyy-mm-dd HH:mm:ss'. */
  time: string;
  status: string;
}

export interface ReportQuery {
  start_date: string;
  end_date: string;
  status?: string;
  ref_id?: string;
}

export interface ReportServer {
  url: string;
  token: string;
  /** Every query received, in order of arrival. */
  queries: ReportQuery[];
  /** Most requests in progress at once. */
  maxInFlight: number;
  /**
   * For each query in order of arrival: the requests in progress when it arrived, itself
   * included (an answer counts as over once it has been written out: 'finish').
   */
  inFlightAtArrival: number[];
  close(): Promise<void>;
}

export interface ReportServerOptions {
  attempts: readonly ServedAttempt[];
  /** Characters of filler in each attempt's `session`, to make answers larger. */
  padding?: number;
  /**
   * For a query: a body size to announce instead of answering (the connection then stays open,
   * silent, until the client goes away), or undefined to answer.
   */
  announce?: (q: ReportQuery) => number | undefined;
  /** Milliseconds before each answer (default 0). */
  delayMs?: number;
  /** Milliseconds before the answer to the query that arrived n-th (from 0); overrides delayMs. */
  delayFor?: (n: number) => number;
  /**
   * For the query that arrived n-th (from 0): how many queries must have arrived before it is
   * answered (an event, not a time: the answer waits for that arrival; after 10 s it is answered
   * anyway, so a client that never asks fails its test instead of hanging), or undefined.
   */
  answerAfterArrivals?: (n: number) => number | undefined;
}

const TOKEN = 'report-server-token-0123456789';

export async function startReportServer(opts: ReportServerOptions): Promise<ReportServer> {
  const queries: ReportQuery[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const filler = 'x'.repeat(opts.padding ?? 0);
  const inFlightAtArrival: number[] = [];
  let unfinished = 0;
  const waiting: { count: number; go: () => void }[] = [];
  const server = http.createServer((req, res) => {
    inFlight++;
    unfinished++;
    res.on('finish', () => unfinished--);
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const q = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReportQuery;
      const arrival = queries.length;
      queries.push(q);
      inFlightAtArrival.push(unfinished);
      for (const w of waiting.splice(0)) {
        if (queries.length >= w.count) w.go();
        else waiting.push(w);
      }
      const answer = () => {
        const size = opts.announce?.(q);
        if (size !== undefined) {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': size });
          res.write('{"result":"success",');
          return;
        }
        const statuses =
          q.status === undefined ? undefined : new Set(q.status.split(',').map((s) => s.trim()));
        const byLead = new Map<number, ServedAttempt[]>();
        for (const a of opts.attempts) {
          if (a.time < q.start_date || a.time > q.end_date) continue;
          if (statuses && !statuses.has(a.status)) continue;
          let list = byLead.get(a.lead);
          if (!list) byLead.set(a.lead, (list = []));
          list.push(a);
        }
        const records = [...byLead.keys()]
          .sort((a, b) => a - b)
          .map((lead) => {
            const data = byLead.get(lead)!.map((a) => ({
              session: `s${lead}-${a.time}-${a.status}${filler}`,
              wait_time: 1,
              talk_time: Number(a.time.slice(-2)),
              phone_number: `09${String(lead).padStart(8, '0')}`,
              date_time: a.time,
              status: a.status,
              retry: 0,
              key_press: '',
            }));
            return {
              campaign_id: 1,
              campaign_name: 'Busy',
              campaign_lead_id: lead,
              ref_id: `R${lead}`,
              phone_number: `09${String(lead).padStart(8, '0')}`,
              lead_name: `Lead ${lead}`,
              call: data.length,
              data,
            };
          });
        const body = JSON.stringify({
          result: 'success',
          message: `Have ${records.length} records found`,
          records,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      };
      const delay = opts.delayFor?.(arrival) ?? opts.delayMs;
      const timed = () => (delay ? setTimeout(answer, delay) : answer());
      const after = opts.answerAfterArrivals?.(arrival);
      if (after !== undefined && queries.length < after) {
        // Answered anyway after 10 s, so that a client that never sends that query fails its
        // test's assertion rather than hanging until the test's time limit.
        let done = false;
        const go = () => {
          if (done) return;
          done = true;
          clearTimeout(fallback);
          timed();
        };
        const fallback = setTimeout(go, 10_000);
        waiting.push({ count: after, go });
      } else timed();
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
    token: TOKEN,
    queries,
    inFlightAtArrival,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** Every second from `from` ('yyyy-mm-dd HH:mm:ss', UTC-free wall clock) stepping `stepSeconds`. */
export function timesFrom(from: string, count: number, stepSeconds: number): string[] {
  const base = Date.parse(`${from.replace(' ', 'T')}Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(base + i * stepSeconds * 1000).toISOString().slice(0, 19).replace('T', ' '),
  );
}
