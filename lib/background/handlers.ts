import { type ApiHandlerDeps, apiHandlers } from './api-handlers';
import { readStoredConnection } from './api/credentials';
import { type Boards, createBoards } from './boards';
import { type JobHandlerDeps, jobHandlers } from './job-handlers';
import { type PageHandlerDeps, pageHandlers } from './page-handlers';
import type { Handlers } from './router';
import { systemClock } from '../clock';

/**
 * Everything the handlers take. The worker makes the page's and the API's handlers with its
 * router, and the jobs' once its jobs have started (lib/background/start.ts); tests make them
 * all at once, with boards over `api` and `outbox` unless they bring their own.
 */
export interface HandlerDeps extends PageHandlerDeps, ApiHandlerDeps, Omit<JobHandlerDeps, 'boards'> {
  boards?: Boards;
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const boards =
    deps.boards ??
    createBoards({
      api: deps.api,
      apiFor: () => deps.api,
      service: async () => (await readStoredConnection())?.baseUrl ?? null,
      clock: deps.clock ?? systemClock,
      enqueueSave: (save) => deps.outbox.enqueue({ op: 'save', ...save }),
    });
  return { ...pageHandlers(deps), ...apiHandlers(deps), ...jobHandlers({ ...deps, boards }) };
}
