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
 * client reads: `records:[{…},{…},…`. The records come in 64 KiB blocks made once (the same
 * records again in each block): the test pays nothing to make a gigabyte, the client reads it all.
 */
export const endlessRecords =
  (limitBytes: number): Script =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"result":"success","message":"Have 1 records found","records":[');
    const record = (i: number) =>
      `{"campaign_id":1,"campaign_lead_id":${i},"phone_number":"0912345678","call":1,"data":[]}`;
    const first = record(0);
    let text = '';
    for (let i = 1; text.length < 64 * 1024; i++) text += `,${record(i)}`;
    const block = Buffer.from(text);
    let sent = first.length;
    res.write(first);
    const pump = () => {
      while (!res.destroyed && sent < limitBytes) {
        sent += block.length;
        if (!res.write(block)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end(']}');
    };
    pump();
  };
