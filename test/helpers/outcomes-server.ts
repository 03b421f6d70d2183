/**
 * A report service over real HTTP whose records the test writes whole (campaign_lead_id,
 * ref_id, phone_number, every attempt's fields): each call_result query is answered with the
 * records that have an attempt in [start_date, end_date] (and of the status asked), listing
 * only those attempts, as the emulator's 'window' style does. For `cacs report --join` and
 * `--recycle` tests, whose figures are checked against these raw records.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawAttempt {
  date_time: string;
  status: string;
  talk_time: number;
  wait_time?: number;
  session?: string;
}

export interface RawRecord {
  campaign_lead_id: number;
  ref_id: string | null;
  phone_number: string;
  lead_name: string;
  attempts: RawAttempt[];
}

export interface OutcomesServer {
  url: string;
  token: string;
  close(): Promise<void>;
}

const TOKEN = 'outcomes-server-token-0123456789';

export async function startOutcomesServer(records: readonly RawRecord[]): Promise<OutcomesServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const q = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        start_date: string;
        end_date: string;
        status?: string;
      };
      const statuses = q.status === undefined ? undefined : new Set(q.status.split(','));
      const out = [];
      for (const r of records) {
        const data = r.attempts
          .filter((a) => a.date_time >= q.start_date && a.date_time <= q.end_date)
          .filter((a) => statuses === undefined || statuses.has(a.status))
          .map((a, i) => ({
            session: a.session ?? `s${r.campaign_lead_id}-${i}-${a.date_time}`,
            wait_time: a.wait_time ?? 2,
            talk_time: a.talk_time,
            phone_number: r.phone_number,
            date_time: a.date_time,
            status: a.status,
            retry: 0,
            key_press: '',
          }));
        if (data.length === 0) continue;
        out.push({
          campaign_id: 7,
          campaign_name: 'Outcomes',
          campaign_lead_id: r.campaign_lead_id,
          ref_id: r.ref_id,
          phone_number: r.phone_number,
          lead_name: r.lead_name,
          call: r.attempts.length,
          data,
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          result: 'success',
          message: `Have ${out.length} records found`,
          records: out,
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token: TOKEN,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
