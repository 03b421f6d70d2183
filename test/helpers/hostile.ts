/**
 * Hostile answers for the scripted server (servers.ts): stalls, drips, bodies that never end,
 * compression bombs, answers of any size. Every loop is bounded: it stops when the client goes
 * away or after `limitBytes`, so a broken client cannot make the test run forever.
 */
import zlib from 'node:zlib';
import type { Script } from './servers.js';

/** Headers and the first bytes of a body, then silence until the client gives up. */
export const stallAfter =
  (first: string): Script =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(first);
  };

/** One byte every `everyMs`: never silent long enough for an idle timeout. */
export const drip =
  (everyMs: number, text = '{"result":"success","message":"'): Script =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed || i > 100_000) return clearInterval(timer);
      res.write(text[i % text.length]!);
      i++;
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };

/**
 * gzip members of `memberMb` MB of zeros, concatenated `members` times (a valid gzip stream that
 * inflates to members × memberMb MB from about a thousandth of that).
 */
export function gzipBomb(memberMb: number, members: number): Buffer {
  const one = zlib.gzipSync(Buffer.alloc(memberMb * 1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: members }, () => one));
}

export const gzipped =
  (body: Buffer, status = 200): Script =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(body);
  };

/**
 * A success answer whose records never end (or end after `limitBytes`), written as fast as the
 * client reads: `records:[{…},{…},…`.
 */
export const endlessRecords =
  (limitBytes: number): Script =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"result":"success","message":"Have 1 records found","records":[');
    const record = (i: number) =>
      `${i ? ',' : ''}{"campaign_id":1,"campaign_lead_id":${i},"phone_number":"0912345678","call":1,"data":[]}`;
    let i = 0;
    let sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < limitBytes) {
        let chunk = '';
        while (chunk.length < 64 * 1024) chunk += record(i++);
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end(']}');
    };
    pump();
  };
