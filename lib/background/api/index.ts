import { type Clock, systemClock } from '../../clock';
import { ApiError } from '../../messaging/api-error';
import { baseUrlProblem } from '../../messaging/connection';
import { fingerprintOf, notConfigured, readStoredConnection, workspaceChanged } from './credentials';
import { adAccountsApi } from './ad-accounts';
import { adLibraryApi } from './ad-library';
import { boardsApi } from './boards';
import { brandLibraryApi } from './brand-library';
import { imageGenerationsApi } from './image-generations';
import { ownedBrandsApi } from './owned-brands';
import { type Connection, createTransport, type Transport, type TransportOptions } from './transport';

/** Reads the connection from storage, key and address from one item; the only place the key leaves storage. */
export async function readConnection(): Promise<Connection> {
  const stored = await readStoredConnection();
  if (!stored) throw notConfigured('baseUrl');
  if (!stored.apiKey) throw notConfigured('key');
  // An address stored by an earlier version may no longer be allowed (plain http to another machine).
  const problem = baseUrlProblem(stored.baseUrl);
  if (problem) throw new ApiError({ code: 'not_configured', field: 'baseUrl', message: problem, retryable: false });
  return { baseUrl: stored.baseUrl, apiKey: stored.apiKey };
}

/** The API namespaces over one transport; `clock` is what "today" means to the window rules. */
export function createApi(transport: Transport, clock: Clock = systemClock) {
  return {
    ownedBrands: ownedBrandsApi(transport),
    library: adLibraryApi(transport),
    brands: brandLibraryApi(transport),
    boards: boardsApi(transport),
    generations: imageGenerationsApi(transport),
    accounts: adAccountsApi(transport, clock),
  };
}
export type Api = ReturnType<typeof createApi>;

export function createDefaultApi(options: Partial<TransportOptions> = {}): Api {
  return createApi(createTransport({ getConnection: readConnection, ...options }), options.clock);
}

/** The connection, only while it is still the workspace `workspace` names (read at each request). */
export function connectionOf(workspace: string | undefined): () => Promise<Connection> {
  return async () => {
    const connection = await readConnection();
    if (workspace !== undefined && (await fingerprintOf(connection)) !== workspace) throw workspaceChanged();
    return connection;
  };
}

/**
 * An API client per workspace, for queued work: each request is sent only if the connection set
 * at that moment is the one the work was made with, else it fails with `workspace_changed`.
 */
export function workspaceApis(options: Partial<TransportOptions> = {}): (workspace: string | undefined) => Api {
  const clients = new Map<string | undefined, Api>();
  return (workspace) => {
    let client = clients.get(workspace);
    if (!client) {
      client = createApi(createTransport({ getConnection: connectionOf(workspace), ...options }), options.clock);
      clients.set(workspace, client);
    }
    return client;
  };
}

export { ApiError } from '../../messaging/api-error';
