import { describe, expect, it } from 'vitest';
import { inTurn } from '@/lib/in-turn';

/** A promise the test settles itself. */
function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inTurn', () => {
  it('starts a task only once the one before it has settled, and gives each its own result', async () => {
    const turn = inTurn();
    const started: string[] = [];
    const first = held<string>();
    const a = turn(async () => {
      started.push('a');
      return first.promise;
    });
    const b = turn(async () => {
      started.push('b');
      return 'b done';
    });
    await tick();
    expect(started).toEqual(['a']);
    first.resolve('a done');
    expect(await a).toBe('a done');
    expect(await b).toBe('b done');
    expect(started).toEqual(['a', 'b']);
  });

  it("gives a task's failure to its caller and still runs the tasks after it", async () => {
    const turn = inTurn();
    const failing = held<never>();
    const a = turn(() => failing.promise);
    const b = turn(async () => 'after');
    failing.reject(new Error('storage refused'));
    await expect(a).rejects.toThrow('storage refused');
    expect(await b).toBe('after');
  });

  it('says when every task given so far has settled, a failed one included', async () => {
    const turn = inTurn();
    const slow = held<void>();
    let settled = false;
    void turn(() => slow.promise).catch(() => undefined);
    const all = turn.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    slow.reject(new Error('gone'));
    await all;
    expect(settled).toBe(true);
  });
});
