import { beforeEach, describe, expect, it, vi } from 'vitest';
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
    const [a, b] = await Promise.all([outbox.enqueue(save), outbox.enqueue(save)]);
    expect(a.id).toBe(b.id);
    expect(await outbox.list()).toHaveLength(1);
    await outbox.drain();
    expect(sent.length).toBeLessThanOrEqual(1);
  });

  it('adds tags to a save not sent yet; tags that come while it is on its way go in a save after it', async () => {
    let during = null as Promise<OutboxEntry> | null;
    const sent: string[][] = [];
    const outbox: SaveOutbox = new SaveOutbox({
      send: async (entry) => {
        sent.push(entry.tags);
        // While the first save is on its way, a third tag arrives.
        during ??= outbox.enqueue({ ...save, tags: ['winter'] });
        await during;
      },
      schedule: () => undefined,
      now: clock,
      autoDrain: false,
    });
    const first = await outbox.enqueue(save);
    expect((await outbox.enqueue({ ...save, tags: ['q4'] })).id).toBe(first.id);
    expect((await outbox.list())[0]?.tags).toEqual(['hook', 'q4']);
    await outbox.drain();
    const later = await during;
    expect(later?.id).not.toBe(first.id);
    expect(sent).toEqual([['hook', 'q4'], ['winter']]);
    expect((await outbox.list()).map((entry) => entry.status)).toEqual(['done', 'done']);
  });

  it('undoes a save that was never sent by dropping it', async () => {
    const { outbox, sent } = harness([], { autoDrain: false });
    const queued = await outbox.enqueue(save);
    expect(await outbox.undo(queued.id)).toBeNull();
    expect(await outbox.list()).toEqual([]);
    await outbox.drain();
    expect(sent).toEqual([]);
  });

  it('leaves the ad on a service board when undoing a second save of it there, and removes it on undoing the first', async () => {
    const { outbox, sent } = harness();
    const first = await outbox.enqueue(save);
    await outbox.drain();
    const second = await outbox.enqueue({ ...save, tags: [] });
    await outbox.drain();
    // The ad was on Tents before the second save: its Undo takes nothing off the board.
    expect(await outbox.undo(second.id)).toBeNull();
    await outbox.drain();
    expect(sent.map((change) => change.op)).toEqual(['save', 'save']);
    // The first save's Undo takes it off, and a save after that removal is a first one again.
    expect(await outbox.undo(first.id)).toMatchObject({ op: 'remove', adId: 'ad-1' });
    await outbox.drain();
    const third = await outbox.enqueue(save);
    await outbox.drain();
    expect(await outbox.undo(third.id)).toMatchObject({ op: 'remove' });
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

  it('a save in backoff, then Undo: the removal waits for the save, so the ad ends off the board', async () => {
    // A board that really applies changes: the order of arrival decides what it holds.
    const board = new Set<string>();
    const failures: Outcome[] = [upstream()];
    const order: string[] = [];
    const outbox = new SaveOutbox({
      send: async (entry) => {
        order.push(entry.op);
        const outcome = failures.shift() ?? 'ok';
        if (outcome !== 'ok') throw outcome;
        if (entry.op === 'save') board.add(entry.adId);
        else if (!board.delete(entry.adId)) throw new ApiError({ code: 40401, message: 'not on the board' });
      },
      schedule: () => undefined,
      now: clock,
      random: () => 1,
      autoDrain: false,
    });
    const queued = await outbox.enqueue(save);
    await outbox.drain();
    expect((await outbox.list())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    const removal = await outbox.undo(queued.id);
    await outbox.drain();
    // The removal is not sent ahead of the save it undoes.
    expect(order).toEqual(['save']);
    clock.set(clock() + OUTBOX_POLICY.maxDelayMs);
    await outbox.drain();
    expect(order).toEqual(['save', 'save', 'remove']);
    expect(board.has(save.adId)).toBe(false);
    expect((await outbox.list()).map((entry) => [entry.id, entry.status])).toEqual([
      [queued.id, 'done'],
      [removal?.id, 'done'],
    ]);
  });

  it('a removal, a save and a removal of the same ad go out in that order, whatever their due times', async () => {
    const { outbox, sent } = harness([upstream()], { autoDrain: false });
    await outbox.enqueue({ ...save, op: 'remove', tags: [] });
    await outbox.drain();
    await outbox.enqueue(save);
    await outbox.enqueue({ ...save, op: 'remove', tags: [] });
    // Another ad's save is not held back by them.
    await outbox.enqueue({ ...save, adId: 'ad-2' });
    await outbox.drain();
    expect(sent.map((entry) => `${entry.op} ${entry.adId}`)).toEqual(['remove ad-1', 'save ad-2']);
    clock.set(clock() + OUTBOX_POLICY.maxDelayMs);
    await outbox.drain();
    expect(sent.map((entry) => `${entry.op} ${entry.adId}`)).toEqual([
      'remove ad-1',
      'save ad-2',
      'remove ad-1',
      'save ad-1',
      'remove ad-1',
    ]);
  });

  it('Undo never drops a save whose send began: a worker stopped mid-send cannot say it did not land', async () => {
    // The first worker sends the save and is stopped before it hears back.
    const stopped = new SaveOutbox({
      send: () => new Promise<void>(() => undefined),
      schedule: () => undefined,
      now: clock,
      autoDrain: false,
    });
    const queued = await stopped.enqueue(save);
    void stopped.drain();
    await vi.waitFor(async () => expect((await outboxItem.get())[0]?.sentAt).toBe(clock()));
    // A new worker: the entry says attempts 0, yet Undo queues the removal after it.
    const { outbox, sent } = harness([], { autoDrain: false });
    const removal = await outbox.undo(queued.id);
    expect(removal).toMatchObject({ op: 'remove' });
    await outbox.drain();
    expect(sent.map((entry) => entry.op)).toEqual(['save', 'remove']);
  });

  it('an undo entry is built from its own fields: nothing of the save it undoes carries over', async () => {
    const { outbox } = harness([upstream()], { autoDrain: false });
    const queued = await outbox.enqueue(save);
    await outbox.drain();
    expect((await outbox.list())[0]?.error?.code).toBe(50001);
    const removal = await outbox.undo(queued.id);
    expect(removal).toEqual({
      id: expect.any(String),
      op: 'remove',
      boardId: save.boardId,
      boardName: save.boardName,
      adId: save.adId,
      tags: [],
      createdAt: expect.any(Number),
      attempts: 0,
      nextAttemptAt: clock(),
      scheduledAt: clock(),
      status: 'pending',
    });
  });

  it('a clock that went back does not hold a save beyond its backoff', async () => {
    const { outbox, sent } = harness([upstream()], { autoDrain: false });
    await outbox.enqueue(save);
    await outbox.drain();
    const entry = (await outbox.list())[0];
    expect(entry?.nextAttemptAt).toBe(clock() + OUTBOX_POLICY.baseDelayMs);
    // The machine's clock is set back a day: by the stored time the save would wait a day.
    clock.set(clock() - 24 * 60 * 60_000);
    await outbox.drain();
    expect(sent).toHaveLength(2);
    expect((await outbox.list())[0]?.status).toBe('done');
  });

  it('a clock moved on cuts a backoff short and forgets confirmed saves early, each once; moved back, a save confirmed meanwhile is not kept for a year', async () => {
    const YEAR = 365 * 24 * 60 * 60_000;
    const { outbox, sent } = harness([upstream()], { autoDrain: false });
    await outbox.enqueue(save);
    await outbox.drain();
    const confirmed = await outbox.enqueue({ ...save, adId: 'ad-2' });
    await outbox.drain();
    expect((await outbox.list()).map((entry) => [entry.adId, entry.status])).toEqual([
      ['ad-1', 'pending'],
      ['ad-2', 'done'],
    ]);
    // A year on: the save in backoff is due (sent once, at the next drain), the confirmed one and its Undo are gone.
    clock.set(clock() + YEAR);
    await outbox.drain();
    await outbox.drain();
    expect(sent.map((request) => request.adId)).toEqual(['ad-1', 'ad-2', 'ad-1']);
    expect((await outbox.list()).map((entry) => [entry.adId, entry.status])).toEqual([['ad-1', 'done']]);
    expect(await outbox.undo(confirmed.id)).toBeNull();
    expect(await outbox.list()).toHaveLength(1);
    // Put right again: the save confirmed a year ahead is kept its ten minutes from now, not for a year.
    clock.set(clock() - YEAR);
    await outbox.drain();
    expect((await outbox.list()).map((entry) => entry.adId)).toEqual(['ad-1']);
    clock.set(clock() + OUTBOX_POLICY.keepDoneMs + 1);
    await outbox.drain();
    expect(await outbox.list()).toEqual([]);
  });

  it('caps what an entry stores of a server error', async () => {
    const huge = new ApiError({
      code: 40001,
      message: 'x'.repeat(2 * 1024 * 1024),
      details: { echo: 'y'.repeat(3 * 1024 * 1024) },
    });
    const { outbox } = harness([huge], { autoDrain: false });
    await outbox.enqueue(save);
    await outbox.drain();
    const [stored] = await outbox.list();
    expect(stored?.status).toBe('failed');
    expect(stored?.error?.message.length).toBeLessThanOrEqual(1000);
    expect(stored?.error?.details).toBeUndefined();
    expect(JSON.stringify(stored).length).toBeLessThan(2000);
  });

  it('a storage write that fails stops nothing: later entries are tried, the drain settles, a retry is planned', async () => {
    const { outbox, sent, scheduled } = harness([], { autoDrain: false });
    await outbox.enqueue(save);
    await outbox.enqueue({ ...save, adId: 'ad-2' });
    // The first answer cannot be written: storage is full (the first write marks the save as sent).
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let writes = 0;
    const spy = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      writes += 1;
      if (writes === 2) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(outbox.drain()).resolves.toBeUndefined();
    expect(sent.map((entry) => entry.adId)).toEqual(['ad-1', 'ad-2']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not update its queue'), expect.any(String));
    expect(scheduled.at(-1)).toBe(clock() + 30_000);
    // The first save's answer was lost with the write: it is sent again (saves are idempotent).
    const entries = await outbox.list();
    expect(entries.map((entry) => entry.status)).toEqual(['pending', 'done']);
    clock.set(clock() + 30_000);
    await outbox.drain();
    expect((await outbox.list()).map((entry) => entry.status)).toEqual(['done', 'done']);
    spy.mockRestore();
    warn.mockRestore();
  });

  it('queues changes asked at once in one write, and one that cannot be written fails them all, writing none', async () => {
    const { outbox } = harness([], { autoDrain: false });
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let writes = 0;
    let full = false;
    const spy = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      writes += 1;
      if (full) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    const ads = Array.from({ length: 50 }, (_, index) => `ad-${index}`);
    await Promise.all(ads.map((adId) => outbox.enqueue({ ...save, adId })));
    expect(writes).toBeLessThanOrEqual(2);
    // Asked twice at once, the same save is one entry: each change sees those before it.
    await Promise.all([outbox.enqueue(save), outbox.enqueue(save)]);
    expect((await outbox.list()).map((entry) => entry.adId)).toEqual(ads);
    full = true;
    const more = ['ad-x', 'ad-y'].map((adId) => outbox.enqueue({ ...save, adId }));
    for (const asked of more) await expect(asked).rejects.toThrow('quota');
    expect(await outbox.list()).toHaveLength(50);
    spy.mockRestore();
  });
});

describe('SaveOutbox: work belongs to its workspace', () => {
  function workspaces(initial: string | null) {
    let current = initial;
    const sentWith: string[] = [];
    const outbox = new SaveOutbox({
      // As the per-workspace client does: the connection set at send time must be the entry's.
      send: async (entry) => {
        if (entry.workspace !== current) throw new ApiError({ code: 'workspace_changed', message: 'held' });
        sentWith.push(`${entry.adId}@${current}`);
      },
      schedule: () => undefined,
      now: clock,
      autoDrain: false,
      workspace: async () => current,
    });
    return {
      outbox,
      sentWith,
      switchTo: (next: string | null) => {
        current = next;
      },
    };
  }

  it('a save queued under A is held while B is set, and sent when A is back', async () => {
    const { outbox, sentWith, switchTo } = workspaces('A');
    const entry = await outbox.enqueue(save);
    expect(entry.workspace).toBe('A');
    switchTo('B');
    await outbox.drain();
    expect(sentWith).toEqual([]);
    expect((await outbox.list())[0]).toMatchObject({ status: 'pending', held: true, attempts: 0 });
    // B's own saves go out meanwhile.
    await outbox.enqueue({ ...save, adId: 'ad-2' });
    await outbox.drain();
    expect(sentWith).toEqual(['ad-2@B']);
    // Forgetting the key holds everything.
    switchTo(null);
    await outbox.enqueue({ ...save, adId: 'ad-3' });
    await outbox.drain();
    expect(sentWith).toEqual(['ad-2@B']);
    switchTo('A');
    await outbox.drain();
    expect(sentWith).toEqual(['ad-2@B', 'ad-1@A']);
    const stored = await outbox.list();
    expect(stored.find((e) => e.adId === 'ad-1')).toMatchObject({ status: 'done' });
    expect(stored.find((e) => e.adId === 'ad-1')?.held).toBeUndefined();
  });

  it('a key switched while a save is on its way: held, not failed, not counted as an attempt', async () => {
    const { outbox, sentWith, switchTo } = workspaces('A');
    await outbox.enqueue(save);
    const sending = new SaveOutbox({
      send: async () => {
        throw new ApiError({ code: 'workspace_changed', message: 'held' });
      },
      schedule: () => undefined,
      now: clock,
      autoDrain: false,
    });
    await sending.drain();
    expect((await outbox.list())[0]).toMatchObject({ status: 'pending', held: true, attempts: 0 });
    switchTo('A');
    await outbox.drain();
    expect(sentWith).toEqual(['ad-1@A']);
  });

  it("Undo of a save made under A, pressed while B is set, belongs to A: held, then sent with A's key", async () => {
    const { outbox, sentWith, switchTo } = workspaces('A');
    const queued = await outbox.enqueue(save);
    await outbox.drain();
    switchTo('B');
    const removal = await outbox.undo(queued.id);
    expect(removal?.workspace).toBe('A');
    await outbox.drain();
    expect(sentWith).toEqual(['ad-1@A']);
    switchTo('A');
    await outbox.drain();
    expect((await outbox.list()).map((entry) => entry.status)).toEqual(['done', 'done']);
  });

  it('a held save can be discarded; a save that is not held cannot', async () => {
    const { outbox, switchTo } = workspaces('A');
    const held = await outbox.enqueue(save);
    switchTo('B');
    await outbox.drain();
    const mine = await outbox.enqueue({ ...save, adId: 'ad-2' });
    await outbox.discard(mine.id);
    await outbox.discard(held.id);
    expect((await outbox.list()).map((entry) => entry.id)).toEqual([mine.id]);
  });
});
