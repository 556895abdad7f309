import type { Clock } from '../clock';
import type { Api } from './api';
import { apiHandlers } from './api-handlers';
import type { jobHandlers } from './job-handlers';
import { pageHandlers } from './page-handlers';
import { createRouter, type HandlerLoader, type Handlers, type RouterIdentity } from './router';

export interface WorkerRouterDeps {
  clock: Clock;
  identity: RouterIdentity;
  api: Api;
  /** The jobs' handlers, once the jobs have started (a request for one of them starts them). */
  jobs: () => Promise<ReturnType<typeof jobHandlers>>;
}

/**
 * The worker's router: the settings', the page's and the API's handlers answer at once; a
 * request of the jobs (saves, generations, the vault, the watchlist, Delete all) waits for them
 * to start from storage, which a woken worker otherwise does once its first event is seen to.
 */
export function createWorkerRouter(deps: WorkerRouterDeps) {
  const now: Partial<Handlers> = { ...pageHandlers({ clock: deps.clock }), ...apiHandlers({ api: deps.api }) };
  const handlerOf: HandlerLoader = async (type) => {
    const part: Partial<Handlers> = type in now ? now : await deps.jobs();
    const handler = part[type];
    if (!handler) throw new Error(`No handler for ${type}.`);
    return handler;
  };
  return createRouter(handlerOf, deps.identity);
}
