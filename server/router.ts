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

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path after the version prefix; `:name` captures one segment. */
  pattern: string;
  handler: (context: RouteContext) => unknown;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((route) => {
      const names: string[] = [];
      const source = route.pattern.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { ...route, regex: new RegExp(`^${source}$`), names };
    });
  }

  match(
    method: string,
    path: string,
  ): { route: CompiledRoute; params: Record<string, string> } | 'wrong-method' | null {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { route, params };
    }
    return pathMatched ? 'wrong-method' : null;
  }
}
