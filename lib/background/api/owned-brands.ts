import { ownedBrandListSchema } from '../../contract/owned-brands';
import { apiPath } from '../../contract/path';
import type { Transport } from './transport';

/** The workspace's own brand profiles (spec 4.15). */
export function ownedBrandsApi(transport: Transport) {
  return {
    list: (signal?: AbortSignal) =>
      transport.get(apiPath('owned-brands'), { schema: ownedBrandListSchema, ...(signal ? { signal } : {}) }),
  };
}
