import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { GenerationChoice } from '../../../lib/contract/generation-fields';
import { deleteVault } from '../../../lib/vault/db';
import { manualClock } from '../../support/clock';
import {
  connect,
  countWrites,
  everything,
  fakeNet,
  NOTHING,
  settle,
  startWorker,
  stubMediaFetch,
  type Worker,
} from '../../support/job-world';

/**
 * Delete all means all, now: a property over random interleavings of what the background
 * meets. Saves are queued, watch checks and generations started, creatives kept, the worker
 * killed, the user connects again, and each request's answer comes when the schedule says
 * (a fake fetch the test releases), before, during or after a Delete all. Once a Delete all
 * resolves, every storage area and the vault are empty, no alarm is set, and nothing is
 * written, whatever answers come, until the user connects again.
 */

const RUNS = Number(process.env.ERASE_RUNS ?? 150);
const SEED = Number(process.env.ERASE_SEED ?? 20261126);

type Step =
  | { kind: 'save' }
  | { kind: 'check' }
  | { kind: 'generate' }
  | { kind: 'keep' }
  | { kind: 'erase'; answersMeanwhile: number[] }
  | { kind: 'kill' }
  | { kind: 'connect' }
  | { kind: 'answer'; index: number; wait: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'save' as const }),
  fc.constant({ kind: 'check' as const }),
  fc.constant({ kind: 'generate' as const }),
  fc.constant({ kind: 'keep' as const }),
  fc.record({
    kind: fc.constant('erase' as const),
    answersMeanwhile: fc.array(fc.nat({ max: 7 }), { maxLength: 3 }),
  }),
  fc.constant({ kind: 'kill' as const }),
  fc.constant({ kind: 'connect' as const }),
  fc.record({ kind: fc.constant('answer' as const), index: fc.nat({ max: 7 }), wait: fc.nat({ max: 90_000 }) }),
  fc.record({ kind: fc.constant('answer' as const), index: fc.nat({ max: 7 }), wait: fc.nat({ max: 90_000 }) }),
);

const choice: GenerationChoice = { prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 2 };

describe('Delete all over random interleavings of running jobs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves every storage area and the vault empty, no alarm and no write, until the user connects again', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        fakeBrowser.reset();
        await deleteVault();
        const net = fakeNet();
        stubMediaFetch(net);
        const clock = manualClock();
        const writes = countWrites();
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        let serial = 0;
        let workers = 1;
        await connect();
        let worker: Worker = startWorker(net, clock, workers);
        /** Since the last Delete all resolved, with no connection saved since. */
        let erased = false;

        const expectErased = async (after: string) => {
          expect(await everything(), `after ${after}`).toEqual(NOTHING);
          expect(writes.writes, `written after ${after}`).toEqual([]);
        };

        try {
          await settle();
          for (const s of steps) {
            serial += 1;
            if (s.kind === 'save') {
              await worker.outbox
                .enqueue({
                  op: 'save',
                  boardId: 'board-1',
                  boardName: 'Board',
                  adId: `ad-${serial}`,
                  tags: [],
                  media: [`https://cdn.example/${serial}.png`],
                })
                .catch(() => undefined);
            } else if (s.kind === 'check') {
              await worker.watch.checkNow();
            } else if (s.kind === 'generate') {
              await worker.generations.submit({ ...choice, prompt: `Shoes ${serial}` }, 'Acme').catch(() => undefined);
            } else if (s.kind === 'keep') {
              await worker.vault
                .want([
                  {
                    boardId: 'board-2',
                    boardName: 'Kept',
                    adId: `kept-${serial}`,
                    urls: [`https://cdn.example/k${serial}.png`],
                  },
                ])
                .then(() => void worker.vault.run())
                .catch(() => undefined);
            } else if (s.kind === 'erase') {
              const erasing = worker.erase();
              // Answers may come while the erase waits for the jobs to stop.
              for (const index of s.answersMeanwhile) net.answer(index);
              await erasing;
              writes.reset();
              erased = true;
              await expectErased('Delete all');
            } else if (s.kind === 'kill') {
              // The worker stops mid-whatever: its requests never answer, its code never runs again.
              worker.gate.kill();
              workers += 1;
              worker = startWorker(net, clock, workers);
            } else if (s.kind === 'connect') {
              await connect();
              erased = false;
            } else {
              clock.advance(s.wait);
              net.answer(s.index);
            }
            await settle();
            if (erased) await expectErased(`${s.kind} (step ${serial})`);
          }
          if (erased) {
            // Whatever was still on its way answers now, an hour later: still nothing.
            net.answerAll();
            clock.advance(3_600_000);
            await settle(10);
            await expectErased('every answer');
          }
        } finally {
          warn.mockRestore();
          vi.restoreAllMocks();
          worker.gate.kill();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);
});
