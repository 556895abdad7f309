import { ApiError } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';

/** Something running in the background that Delete all stops, and waits for. */
export interface Stoppable {
  /** Resolves once the step under way has ended and nothing more of it will write. */
  stop(): Promise<void>;
}

/** Said to work asked for while the jobs are stopped (after Delete all, until a connection is saved). */
export function jobsStopped(): ApiError {
  return new ApiError({
    code: 'not_configured',
    message: t('api.jobs.reset'),
  });
}

/**
 * Whether background jobs may run, write and set alarms. Closed by Delete all (and, in a new
 * worker, while no connection is stored), open again when a connection is saved. While closed,
 * nothing queued is sent or written, no alarm is set, and a request under way is given up at
 * once (`race`), so a stopping job ends now instead of when its answer comes.
 */
export class JobGate {
  private isOpen: boolean;
  private known: Promise<void>;
  /**
   * The races under way, each its own rejection: a race leaves the set when its work answers, so
   * an open gate holds nothing of what its jobs fetched (racing a promise that stays pending for
   * the worker's life would keep every answer it ever raced).
   */
  private readonly racing = new Set<(reason: unknown) => void>();

  /** `initially`: open or closed, or a check still to be made (a new worker reads whether a connection is stored). */
  constructor(initially: boolean | (() => Promise<boolean>) = true) {
    if (typeof initially === 'boolean') {
      this.isOpen = initially;
      this.known = Promise.resolve();
    } else {
      // Until the check answers, nothing starts: closed, and `allows` waits for the answer.
      this.isOpen = false;
      let decided = false;
      this.decide = () => (decided = true);
      this.known = initially()
        .catch(() => false)
        .then((open) => {
          if (!decided && open) this.isOpen = true;
          decided = true;
        });
    }
  }

  /** A close or an open before the first check answered wins over it. */
  private decide: () => void = () => undefined;

  /** Open now (for what cannot wait: setting an alarm, a write at the end of a step). */
  get open(): boolean {
    return this.isOpen;
  }

  /** Open, once the first check has answered. */
  async allows(): Promise<boolean> {
    await this.known;
    return this.isOpen;
  }

  /** Closes: every `race` under way rejects now, and nothing is written or scheduled until `reopen`. */
  close(): void {
    this.decide();
    if (!this.isOpen) return;
    this.isOpen = false;
    const racing = [...this.racing];
    this.racing.clear();
    for (const reject of racing) reject(jobsStopped());
  }

  reopen(): void {
    this.decide();
    if (this.isOpen) return;
    this.isOpen = true;
  }

  /** `work`'s answer while open; rejects as soon as the gate closes, whatever `work` does then. */
  race<T>(work: Promise<T>): Promise<T> {
    if (!this.isOpen) {
      work.catch(() => undefined);
      return Promise.reject(jobsStopped());
    }
    return new Promise<T>((resolve, reject) => {
      this.racing.add(reject);
      void work.then(resolve, reject).finally(() => this.racing.delete(reject));
    });
  }
}
