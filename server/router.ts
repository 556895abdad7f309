import type { IncomingMessage } from 'node:http';
import type { WorkspaceState } from './demo-data';
import type { ServerState } from './state';

export interface RouteContext {
  workspace: WorkspaceState;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  request: IncomingMessage;
  state: ServerState;
  /** Absolute URL of a path on this server, as the caller addressed it. */
  mediaUrl: (path: string) => string;
  /**
   * Slow work inside a handler (the `slow-work` fault): a handler awaits it between reading and
   * writing its state, so requests that arrive meanwhile overlap the way they would at a slow service.
   */
  work: () => Promise<void>;
}

export type Method = 'GET' | 'POST' | 'DELETE';

/** An endpoint of the API, as the route files declare it. */
export interface Route {
  method: Method;
  /** Path after the version prefix; `:name` captures one segment. */
  pattern: string;
  handler: (context: RouteContext) => unknown;
}

export interface Matched<H> {
  handler: H;
  pattern: string;
  params: Record<string, string>;
}

interface Compiled<H> {
  /** A method, or '*' for any. */
  method: string;
  pattern: string;
  regex: RegExp;
  names: string[];
  handler: H;
}

/**
 * The server's one router, for the API, the admin controls and the top level alike: a method and
 * a path pattern to a handler. `:name` captures one segment; a trailing `*` takes the rest of the
 * path (as `params['*']`). The first route whose pattern and method match wins.
 */
export class Router<H> {
  private readonly routes: Compiled<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    const names: string[] = [];
    const source = pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })
      .replace(/\/\*$/, () => {
        names.push('*');
        return '(?:/(.*))?';
      });
    this.routes.push({ method, pattern, regex: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  /** The route for a request; 'wrong-method' when a pattern matches the path for other methods only. */
  match(method: string, path: string): Matched<H> | 'wrong-method' | null {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== '*' && route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { handler: route.handler, pattern: route.pattern, params };
    }
    return pathMatched ? 'wrong-method' : null;
  }
}

/** The rest of a pipeline, after this step. */
export type Next = () => Promise<void>;

/** One concern of handling a request: it does its part, and calls `next` to go on (or answers and stops). */
export type Middleware<C> = (context: C, next: Next) => Promise<void> | void;

/** Runs the steps in order, each around the rest, as Hono's and Koa's middleware do. */
export function compose<C>(steps: readonly Middleware<C>[]): (context: C) => Promise<void> {
  return (context) => {
    const run = async (index: number): Promise<void> => {
      const step = steps[index];
      if (step) await step(context, () => run(index + 1));
    };
    return run(0);
  };
}
