/** The part of a browser event a listener needs. */
export interface EventSource<A extends unknown[]> {
  addListener(callback: (...args: A) => void): void;
}

/**
 * A browser event for code the worker loads after its first turn. A worker hears only the
 * listeners it registered in its first turn, so this registers the browser's at once; what
 * arrives before `release` (the event that woke the worker, while its jobs load) is held, then
 * given in order to the listeners added by then; afterwards each event goes straight through.
 */
export class HeldEvent<A extends unknown[]> implements EventSource<A> {
  private readonly listeners = new Set<(...args: A) => void>();
  private held: A[] | null = [];

  /** `arrived`: told of each event that is held (the worker starts what will hear it). */
  constructor(source: EventSource<A>, arrived: () => void) {
    source.addListener((...args: A) => {
      if (this.held) {
        this.held.push(args);
        arrived();
      } else this.dispatch(args);
    });
  }

  addListener(callback: (...args: A) => void): void {
    this.listeners.add(callback);
  }

  /** The listeners are in: what was held goes to them, and from now on every event at once. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const args of held) this.dispatch(args);
  }

  private dispatch(args: A): void {
    for (const listener of this.listeners) listener(...args);
  }
}
