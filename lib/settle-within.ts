/**
 * Settles as `work` does, unless `ms` pass first: then it resolves to `late`, and the work goes
 * on unheard. For a wait that may never end (a browser call, a database that does not open).
 */
export function settleWithin<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  return new Promise<T | L>((resolve, reject) => {
    const timer = setTimeout(resolve, ms, late);
    void work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
