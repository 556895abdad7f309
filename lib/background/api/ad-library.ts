import type { z } from 'zod/mini';
import {
  type cursorRequestSchema,
  libraryAdDetailSchema,
  libraryPageSchema,
  type LibrarySearch,
  savedPageSchema,
} from '../../contract/ad-library';
import { apiPath } from '../../contract/path';
import type { Transport } from './transport';

/** The ad library (spec 4.10 to 4.12). */
export function adLibraryApi(transport: Transport) {
  return {
    search: (params: LibrarySearch, signal?: AbortSignal) =>
      transport.get(apiPath('ad-library', 'search'), {
        schema: libraryPageSchema,
        query: params,
        ...(signal ? { signal } : {}),
      }),
    saved: (params: z.infer<typeof cursorRequestSchema>, signal?: AbortSignal) =>
      transport.get(apiPath('ad-library', 'saved'), {
        schema: savedPageSchema,
        query: params,
        ...(signal ? { signal } : {}),
      }),
    ad: (adId: string, signal?: AbortSignal) =>
      transport.get(apiPath('ad-library', adId), { schema: libraryAdDetailSchema, ...(signal ? { signal } : {}) }),
  };
}
