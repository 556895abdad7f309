import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../lib/messaging/api-error';
import { OUTBOX_POLICY, SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { type OutboxEntry, outboxItem } from '../../../lib/storage/outbox';
import { manualClock } from '../../support/clock';

type Outcome = 'ok' | ApiError;
let id = 0;

function harness(outcomes: Outcome[] = [], options: { autoDrain?: boolean } = {}) {
  const sent: { op: string; adId: string; at: number }[] = [];
  const scheduled: (number | null)[] = [];
  const outbox = new SaveOutbox({
    send: async (entry: OutboxEntry) => {
      sent.push({ op: entry.op, adId: entry.adId, at: clock() });
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
    },
    schedule: (at) => scheduled.push(at),
    now: clock,
    random: () => 1,
    newId: () => `e${++id}`,
    ...options,
  });
  return { outbox, sent, scheduled };
}

const save = { op: 'save' as const, boardId: 'b1', boardName: 'Tents', adId: 'ad-1', tags: ['hook'] };
const upstream = () => new ApiError({ code: 50001, message: 'upstream down' });

let clock = manualClock();
beforeEach(() => {
  fakeBrowser.reset();
  clock = manualClock();
});

describe('SaveOutbox', () => {
  it('writes the entry before sending, then marks it done', async () => {
    const { outbox, sent } = harness();
    const entry = await outbox.enqueue(save);
    expect((await outboxItem.get()).map((e) => e.id)).toEqual([entry.id]);
    await outbox.drain();
    expect(sent).toHaveLength(1);
    expect((await outbox.list())[0]).toMatchObject({ status: 'done', attempts: 0 });
  });

  it.each([
    ['50001', upstream()],
    ['a network error', new ApiError({ code: 'network', message: 'offline' })],
    ['a timeout', new ApiError({ code: 'timeout', message: 'slow' })],
    ['HTTP 429', new ApiError({ code: 'rate_limited', message: 'slow down', httpStatus: 429 })],
    [
      'an HTML 502 page',
      new ApiError({ code: 'invalid_response', message: 'proxy', httpStatus: 502, retryable: true }),
    ],
  ])('keeps a save that meets %s and retries it with backoff', async (_, error) => {
    const { outbox, sent, scheduled } = harness([error, error]);
    await outbox.enqueue(save);
    await outbox.drain();
    let entry = (await outbox.list())[0];
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(entry?.nextAttemptAt).toBe(clock() + OUTBOX_POLICY.baseDelayMs);
    expect(scheduled.at(-1)).toBe(entry?.nextAttemptAt);

    await outbox.drain();
    expect(sent).toHaveLength(1);

    clock.set(clock() + OUTBOX_POLICY.baseDelayMs);
    await outbox.drain();
    entry = (await outbox.list())[0];
    expect(entry).toMatchObject({ status: 'pending', attempts: 2 });
    expect(entry?.nextAttemptAt).toBe(clock() + OUTBOX_POLICY.baseDelayMs * 2);

    clock.set(clock() + OUTBOX_POLICY.baseDelayMs * 2);
    await outbox.drain();
    expect(sent).toHaveLength(3);
    expect((await outbox.list())[0]).toMatchObject({ status: 'done' });
    expect(scheduled.at(-1)).toBeNull();
  });

  it('waits at least the Retry-After of a 429', async () => {
    const { outbox } = harness([new ApiError({ code: 'rate_limited', message: 'slow', retryAfterMs: 45_000 })]);
    await outbox.enqueue(save);
    await outbox.drain();
    expect((await outbox.list())[0]?.nextAttemptAt).toBe(clock() + 45_000);
  });

  it('caps the backoff', async () => {
    const errors = Array.from({ length: 12 }, upstream);
    const { outbox } = harness(errors);
    await outbox.enqueue(save);
    for (let i = 0; i < 12; i += 1) {
      await outbox.drain();
      const entry = (await outbox.list())[0];
      expect((entry?.nextAttemptAt ?? 0) - clock()).toBeLessThanOrEqual(OUTBOX_POLICY.maxDelayMs);
      clock.set(entry?.nextAttemptAt ?? 0);
    }
  });

  it.each([
    ['40001', new ApiError({ code: 40001, message: 'bad ad id' })],
    ['40401', new ApiError({ code: 40401, message: 'no such board' })],
  ])('stops on %s and keeps the reason', async (_, error) => {
    const { outbox, sent } = harness([error]);
    await outbox.enqueue(save);
    await outbox.drain();
    clock.set(clock() + OUTBOX_POLICY.maxDelayMs);
    await outbox.drain();
    expect(sent).toHaveLength(1);
    expect((await outbox.list())[0]).toMatchObject({ status: 'failed', error: { message: error.message } });
  });

  it('treats 40401 on a removal as done: the ad is already gone', async () => {
    const { outbox } = harness([new ApiError({ code: 40401, message: 'not in board' })]);
    await outbox.enqueue({ ...save, op: 'remove' });
    await outbox.drain();
    expect((await outbox.list())[0]?.status).toBe('done');
  });

  it('survives a restart between "stored" and "sent": a new instance on the same storage sends it once', async () => {
    const first = harness([new ApiError({ code: 'network', message: 'worker killed mid-send' })]);
    await first.outbox.enqueue(save);
    await first.outbox.drain();
    const second = harness();
    clock.set(clock() + OUTBOX_POLICY.maxDelayMs);
    await second.outbox.drain();
    await second.outbox.drain();
    expect(second.sent).toHaveLength(1);
    expect((await second.outbox.list()).map((e) => e.status)).toEqual(['done']);
  });

  it('makes one entry of a double click', async () => {
    const { outbox, sent } = harness([new ApiError({ code: 'network', message: 'x' })]);
    const [a, b] = await Promise.all([outbox.enqueue(save), outbox.enqueue({ ...save, tags: ['q4'] })]);
    expect(a.id).toBe(b.id);
    const entries = await outbox.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.tags).toEqual(['hook', 'q4']);
    await outbox.drain();
    expect(sent.length).toBeLessThanOrEqual(1);
  });

  it('undoes a save that was never sent by dropping it', async () => {
    const { outbox, sent } = harness([], { autoDrain: false });
    const queued = await outbox.enqueue(save);
    expect(await outbox.undo(queued.id)).toBeNull();
    expect(await outbox.list()).toEqual([]);
    await outbox.drain();
    expect(sent).toEqual([]);
  });

  it('undoes a confirmed save by queueing its removal', async () => {
    const { outbox, sent } = harness();
    const queued = await outbox.enqueue(save);
    await outbox.drain();
    const removal = await outbox.undo(queued.id);
    expect(removal).toMatchObject({ op: 'remove', boardId: 'b1', adId: 'ad-1' });
    await outbox.drain();
    expect(sent.map((s) => s.op)).toEqual(['save', 'remove']);
  });

  it('retries a failed entry on request', async () => {
    const { outbox } = harness([new ApiError({ code: 40401, message: 'no board' })]);
    const entry = await outbox.enqueue(save);
    await outbox.drain();
    await outbox.retry(entry.id);
    await outbox.drain();
    expect((await outbox.list())[0]?.status).toBe('done');
  });

  it('forgets confirmed entries after a while', async () => {
    const { outbox } = harness();
    await outbox.enqueue(save);
    await outbox.drain();
    clock.set(clock() + OUTBOX_POLICY.keepDoneMs + 1);
    await outbox.drain();
    expect(await outbox.list()).toEqual([]);
  });
});
