/**
 * The sender with a ledger that claims ahead (SendLedger.claimsAhead: the PostgreSQL store):
 * batches' in-flight records are written side by side, ahead of the batches on the wire, and
 * still no batch leaves before its own records are written; a run that stops settles the batches
 * written ahead as not sent (issue 24 item 7b).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CacsClient, ImportResult } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { messages, parseServiceMessage } from '../../src/api/spec.js';
import { sendLeads, type SendLedger } from '../../src/delivery/send.js';
import { readSpool } from '../../src/leads/sending.js';
import { NO_JOURNAL } from '../../src/state/journal-types.js';
import { STATE_NONE, type LedgerEntry, type LedgerState } from '../../src/state/index.js';
import { tempDir } from '../helpers/cli.js';

function spool(lines: number[]): string {
  const file = path.join(tempDir(), 'spool');
  fs.writeFileSync(
    file,
    lines.map((l) => `${l}\t${l}\t\t${JSON.stringify({ phone_number: String(l) })}\n`).join(''),
  );
  return file;
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

/** Batch number (1-based) of a batch of 10 leads whose lines start at 2. */
const batchOf = (line: number) => (line - 2) / 10 + 1;

/** A ledger whose claims take `claimTurns` turns of the event loop each, `ahead` at a time. */
function aheadLedger(ahead: number, claimTurns: number, events: string[]) {
  const settled: Array<{ batch: number; state: LedgerState }> = [];
  const ledger: SendLedger = {
    claimsAhead: ahead,
    async begin(entries: readonly LedgerEntry[]) {
      const b = batchOf(Number(entries[0]!.phone));
      events.push(`begin ${b}`);
      await turns(claimTurns);
      events.push(`durable ${b}`);
    },
    settle(entries: readonly LedgerEntry[], state: LedgerState) {
      settled.push({ batch: batchOf(Number(entries[0]!.phone)), state });
    },
  };
  return { ledger, settled };
}

/** A service that answers each batch after 10 turns of the event loop, telling `events`. */
function recordingClient(events: string[]): CacsClient {
  return {
    async importLeadsJson(_key: string, jsons: readonly Uint8Array[]): Promise<ImportResult> {
      const first = Number(
        (JSON.parse(Buffer.from(jsons[0]!).toString()) as { phone_number: string }).phone_number,
      );
      events.push(`send ${batchOf(first)}`);
      await turns(10); // the service's latency
      events.push(`answer ${batchOf(first)}`);
      return { imported: jsons.length, skipped: 0, unparsedMessage: false, message: '' };
    },
  } as unknown as CacsClient;
}

/** `leads` leads (lines 2…) in batches of 10, one request at a time. */
function sendBatches(leads: number, ledger: SendLedger, client: CacsClient) {
  return sendLeads({
    leads: readSpool(spool(Array.from({ length: leads }, (_, i) => i + 2))),
    total: leads,
    campaignKey: 'k',
    batchSize: 10,
    concurrency: 1,
    client,
    journal: NO_JOURNAL,
    ledger,
    retryUncertain: false,
    signal: new AbortController().signal,
  });
}

describe('sendLeads with a ledger that claims ahead', () => {
  it('writes up to claimsAhead batches side by side while one is on the wire; each leaves after its own records, in input order', async () => {
    const events: string[] = [];
    const { ledger } = aheadLedger(3, 4, events);
    const r = await sendBatches(100, ledger, recordingClient(events));
    expect(r.imported).toBe(100);
    const at = (e: string) => events.indexOf(e);
    const sends = events.filter((e) => e.startsWith('send ')).map((e) => Number(e.slice(5)));
    expect(sends).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let b = 1; b <= 10; b++) expect(at(`durable ${b}`)).toBeLessThan(at(`send ${b}`));
    // Claims overlap each other (the next is begun before the one before it is durable) and
    // the requests on the wire (a claim is begun while a request waits for its answer).
    expect(at('begin 2')).toBeLessThan(at('durable 1'));
    expect(at('begin 3')).toBeLessThan(at('answer 1'));
    // Never more than claimsAhead batches written (or being written) waiting for a slot, besides
    // the one holding the slot (concurrency 1) while its own records are written.
    let begun = 0;
    let sent = 0;
    for (const e of events) {
      if (e.startsWith('begin ')) begun++;
      if (e.startsWith('send ')) sent++;
      expect(begun - sent).toBeLessThanOrEqual(3 + 1);
    }
  });

  it('a refusal of the whole request: the batches written ahead are settled as not sent and never leave', async () => {
    const events: string[] = [];
    const { ledger, settled } = aheadLedger(3, 1, events);
    let calls = 0;
    const client = {
      async importLeadsJson(): Promise<ImportResult> {
        calls++;
        await turns(20); // the batches after it are written meanwhile
        const message = messages.headerMismatch('access_token');
        throw new ApiError(message, {
          kind: 'final',
          service: { ...parseServiceMessage(message), message },
        });
      },
    } as unknown as CacsClient;
    const r = await sendBatches(100, ledger, client);
    expect(calls).toBe(1);
    expect(r.fatal?.exitCode).toBe(4);
    expect(r.notSent).toBe(100);
    const written = events.filter((e) => e.startsWith('durable ')).map((e) => Number(e.slice(8)));
    expect(written.length).toBeGreaterThan(1);
    // Every batch whose claim was written is settled (none left in flight): the one refused
    // and those written ahead, all as not sent.
    expect(settled.map((s) => s.batch).sort((a, b) => a - b)).toEqual(written);
    expect(settled.every((s) => s.state === STATE_NONE)).toBe(true);
  });
});

describe('sendLeads with a ledger that prepares (the file store)', () => {
  it('a batch is prepared while the one before it is on the wire, and begun (its records written) only once it has the slot', async () => {
    const events: string[] = [];
    const prepared = new Set<readonly LedgerEntry[]>();
    const ledger: SendLedger = {
      prepare(entries) {
        prepared.add(entries);
        events.push(`prepare ${batchOf(Number(entries[0]!.phone))}`);
      },
      async begin(entries) {
        // begin() gets the very array prepare() was given.
        events.push(`begin ${batchOf(Number(entries[0]!.phone))} ${prepared.has(entries)}`);
      },
      settle() {},
    };
    const r = await sendBatches(30, ledger, recordingClient(events));
    expect(r.imported).toBe(30);
    const at = (e: string) => {
      const i = events.indexOf(e);
      expect(i, `${e} in ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    for (const b of [1, 2, 3]) {
      // Each batch is begun with the very array prepared, and leaves after its begin.
      expect(at(`prepare ${b}`)).toBeLessThan(at(`begin ${b} true`));
      expect(at(`begin ${b} true`)).toBeLessThan(at(`send ${b}`));
    }
    for (const b of [2, 3]) {
      // Prepared while the batch before it is on the wire; begun only once its answer frees
      // the slot (concurrency 1).
      expect(at(`prepare ${b}`)).toBeLessThan(at(`answer ${b - 1}`));
      expect(at(`begin ${b} true`)).toBeGreaterThan(at(`answer ${b - 1}`));
    }
    expect(events.filter((e) => e.startsWith('prepare ')).length).toBe(3);
  });
});
