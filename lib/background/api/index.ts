import { type Clock, systemClock } from '../../clock';
import { settingsItem } from '../../storage/settings';
import { notConfigured, readApiKey } from './credentials';
import { adAccountsApi } from './ad-accounts';
import { adLibraryApi } from './ad-library';
import { boardsApi } from './boards';
import { brandLibraryApi } from './brand-library';
import { imageGenerationsApi } from './image-generations';
import { ownedBrandsApi } from './owned-brands';
import { type Connection, createTransport, type Transport, type TransportOptions } from './transport';

/** Reads the connection from storage; the only place the key leaves its storage item. */
export async function readConnection(): Promise<Connection> {
  const [{ baseUrl }, apiKey] = await Promise.all([settingsItem.get(), readApiKey()]);
  if (!baseUrl) throw notConfigured('baseUrl');
  if (!apiKey) throw notConfigured('key');
  return { baseUrl, apiKey };
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

export { ApiError } from '../../messaging/api-error';
