/** Tasks run one after another; see `inTurn`. */
export interface InTurn {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Settles once every task given so far has settled. */
  settled(): Promise<void>;
}

/**
 * A queue of tasks that read, change and write one stored thing: each starts once the task before
 * it has settled, so no two read the same value and the later write undoes the earlier. A task's
 * promise is its own (its failure is its caller's); a failure never stops the tasks after it.
 */
export function inTurn(): InTurn {
  let last: Promise<unknown> = Promise.resolve();
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    const next = last.then(task);
    last = next.catch(() => undefined);
    return next;
  };
  return Object.assign(run, { settled: () => last.then(() => undefined) });
}
