/**
 * Ctrl-C during the sending pass: the rest of the input is not read (a large file would keep
 * the operator waiting), and every lead is still counted once: sent, settled by an earlier run
 * (by the journal's state), or not sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacsClient, ImportResult } from '../../src/api/client.js';
import type { DeliveryJournal, PreviousState } from '../../src/state/journal-types.js';
import { sendLeads } from '../../src/delivery/send.js';
import type { LeadEntry } from '../../src/leads/sending.js';

describe('sendLeads stopped early', () => {
  it('reads no further, and counts the leads it did not reach from the journal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom<PreviousState | undefined>(
            undefined,
            undefined,
            'done',
            'rejected',
            'uncertain',
          ),
          {
            minLength: 1,
            maxLength: 400,
          },
        ),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        async (states, batchSize, stopAfter, retryUncertain) => {
          // Leads on lines 2, 3, …; earlier runs settled some of them.
          const lines = states.map((_, i) => i + 2);
          const earlier = new Map(lines.map((l, i) => [l, states[i]]));
          const journal: DeliveryJournal = {
            previous: (line) => earlier.get(line),
            begin: async () => 1,
            finish: async () => {},
            earlier: {
              since: new Date(),
              imported: 0,
              skipped: 0,
              rejected: new Map(
                lines
                  .filter((l) => earlier.get(l) === 'rejected')
                  .map((l) => [l, { code: 'service_x', reason: 'no' }]),
              ),
            },
          };
          const controller = new AbortController();
          let requests = 0;
          const client = {
            async importLeadsJson(_k: string, leads: unknown[]): Promise<ImportResult> {
              await new Promise((r) => setImmediate(r));
              if (++requests === stopAfter) controller.abort();
              return { imported: leads.length, skipped: 0, unparsedMessage: false, message: '' };
            },
          } as unknown as CacsClient;
          let read = 0;
          async function* leads(): AsyncGenerator<LeadEntry[]> {
            for (const line of lines) {
              read++;
              yield [{ line, lead: { phone_number: String(line) }, phone: String(line) }];
            }
          }
          if (stopAfter === 0) controller.abort();
          const r = await sendLeads({
            leads: leads(),
            total: lines.length,
            campaignKey: 'k',
            batchSize,
            concurrency: 1,
            client,
            journal,
            retryUncertain,
            signal: controller.signal,
            settledAfter: (after, visit) => {
              for (const l of lines) {
                const s = earlier.get(l);
                if (l > after && s !== undefined) visit(l, s);
              }
            },
          });
          // Every lead once.
          expect(
            r.sent + r.resumedDone + r.resumedRejected + r.uncertainFromEarlierRuns + r.notSent,
          ).toBe(lines.length);
          expect(r.uncertainLines.length).toBe(r.uncertainFromEarlierRuns);
          expect(r.serviceRejects.size).toBe(r.resumedRejected);
          // The journal's states decide, however far the reading got.
          const count = (s: PreviousState) => states.filter((x) => x === s).length;
          expect(r.resumedDone).toBe(count('done'));
          expect(r.resumedRejected).toBe(count('rejected'));
          expect(r.uncertainFromEarlierRuns).toBe(retryUncertain ? 0 : count('uncertain'));
          if (controller.signal.aborted && r.notSent > 0) {
            // Stopped before the end: the reading stopped too (a batch's worth ahead at most).
            expect(read).toBeLessThanOrEqual(lines.length - r.notSent + batchSize + 1);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
