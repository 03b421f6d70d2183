/** Property: every valid lead lands in exactly one accepted batch, or stands alone as a service reject. */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacsClient, ImportResult } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { messages, parseServiceMessage } from '../../src/api/spec.js';
import { NO_JOURNAL, type DeliveryJournal } from '../../src/state/journal-types.js';
import { sendLeads } from '../../src/delivery/send.js';
import { readSpool } from '../../src/leads/sending.js';
import { tempDir } from '../helpers/cli.js';

function spool(lines: number[]): string {
  const file = path.join(tempDir(), 'spool');
  fs.writeFileSync(
    file,
    lines.map((l) => `${l}\t${l}\t\t${JSON.stringify({ phone_number: String(l) })}\n`).join(''),
  );
  return file;
}

/** A service that refuses a whole batch holding any bad lead, and answers 413 above maxBatch. */
function stubClient(bad: Set<number>, maxBatch: number, accepted: number[][]): CacsClient {
  return {
    async importLeadsJson(_key: string, jsons: readonly Uint8Array[]): Promise<ImportResult> {
      await new Promise((r) => setImmediate(r));
      const lines = jsons.map((j) =>
        Number((JSON.parse(Buffer.from(j).toString()) as { phone_number: string }).phone_number),
      );
      if (lines.length > maxBatch)
        throw new ApiError('too large', { kind: 'final', status: 413, tooLarge: true });
      if (lines.some((l) => bad.has(l))) {
        const message = messages.wrongFormat('phone_number');
        throw new ApiError(message, {
          kind: 'final',
          service: { ...parseServiceMessage(message), message },
        });
      }
      accepted.push(lines);
      return { imported: lines.length, skipped: 0, unparsedMessage: false, message: '' };
    },
  } as unknown as CacsClient;
}

describe('sendLeads batching', () => {
  it('sends each valid lead in exactly one accepted batch; bad ones end up alone as rejects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 2, max: 5000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 80 }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        async (lines, batchSize, concurrency, maxBatch, badShare) => {
          const bad = new Set(lines.filter((_, i) => (i * 7919) % 1000 < badShare * 1000));
          const accepted: number[][] = [];
          const r = await sendLeads({
            leads: readSpool(spool(lines)),
            total: lines.length,
            campaignKey: 'k',
            batchSize,
            concurrency,
            client: stubClient(bad, maxBatch, accepted),
            journal: NO_JOURNAL,
            retryUncertain: false,
            signal: new AbortController().signal,
          });
          const sent = accepted.flat();
          expect(new Set(sent).size).toBe(sent.length); // no lead twice
          expect(sent.sort((a, b) => a - b)).toEqual(
            lines.filter((l) => !bad.has(l)).sort((a, b) => a - b),
          );
          expect([...r.serviceRejects.keys()].sort((a, b) => a - b)).toEqual(
            [...bad].sort((a, b) => a - b),
          );
          expect(r.imported).toBe(lines.length - bad.size);
          for (const b of accepted)
            expect(b.length).toBeLessThanOrEqual(Math.min(batchSize, maxBatch));
          expect(r.notSent + r.uncertainLines.length).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stops at a refusal of the whole request and counts the rest as not sent', async () => {
    let calls = 0;
    const client = {
      async importLeadsJson(): Promise<ImportResult> {
        calls++;
        const message = messages.headerMismatch('access_token');
        throw new ApiError(message, {
          kind: 'final',
          service: { ...parseServiceMessage(message), message },
        });
      },
    } as unknown as CacsClient;
    const r = await sendLeads({
      leads: readSpool(spool(Array.from({ length: 100 }, (_, i) => i + 2))),
      total: 100,
      campaignKey: 'k',
      batchSize: 10,
      concurrency: 1,
      client,
      journal: NO_JOURNAL,
      retryUncertain: false,
      signal: new AbortController().signal,
    });
    expect(calls).toBe(1);
    expect(r.fatal?.exitCode).toBe(4);
    expect(r.notSent).toBe(100);
  });
});

describe('sendLeads in-flight records', () => {
  it('writes a batch\'s in-flight record only once it has a slot, and never sends before it is on disk (a crash leaves no unsent batch "in flight")', async () => {
    const events: string[] = [];
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
    };
    let nextId = 1;
    const journal: DeliveryJournal = {
      previous: () => undefined,
      begin: async () => {
        const id = nextId++;
        events.push(`begin ${id}`);
        await turns(2); // the sync
        events.push(`durable ${id}`);
        return id;
      },
      finish: async () => {},
    };
    const client = {
      async importLeadsJson(_key: string, jsons: readonly Uint8Array[]): Promise<ImportResult> {
        const first = Number(
          (JSON.parse(Buffer.from(jsons[0]!).toString()) as { phone_number: string }).phone_number,
        );
        const batch = (first - 2) / 10 + 1;
        events.push(`send ${batch}`);
        await turns(10); // the service's latency
        events.push(`answer ${batch}`);
        return { imported: jsons.length, skipped: 0, unparsedMessage: false, message: '' };
      },
    } as unknown as CacsClient;
    const r = await sendLeads({
      leads: readSpool(spool(Array.from({ length: 50 }, (_, i) => i + 2))),
      total: 50,
      campaignKey: 'k',
      batchSize: 10,
      concurrency: 1,
      client,
      journal,
      retryUncertain: false,
      signal: new AbortController().signal,
    });
    expect(r.imported).toBe(50);
    const at = (e: string) => events.indexOf(e);
    for (let b = 1; b <= 5; b++) expect(at(`durable ${b}`)).toBeLessThan(at(`send ${b}`));
    // At concurrency 1, batch b + 1 is begun only once batch b is answered: no batch waits
    // marked in flight, so a crash leaves uncertain only a batch that may have left.
    for (let b = 1; b < 5; b++) expect(at(`begin ${b + 1}`)).toBeGreaterThan(at(`answer ${b}`));
  });
});
