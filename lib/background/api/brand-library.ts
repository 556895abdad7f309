import type { z } from 'zod/mini';
import { brandAdsPageSchema, type LibrarySearch } from '../../contract/ad-library';
import {
  brandDetailSchema,
  brandPageSchema,
  followedBrandsSchema,
  type followedRequestSchema,
  followedSearchBodySchema,
} from '../../contract/brand-library';
import { parseInput } from '../parse-input';
import { apiPath } from '../../contract/path';
import type { Transport } from './transport';

/** The brand catalogue (spec 4.13) and followed-brand search (spec 4.14). */
export function brandLibraryApi(transport: Transport) {
  return {
    search: (params: { query: string; cursor?: string; page_size?: number }, signal?: AbortSignal) =>
      transport.get(apiPath('brand-library', 'search'), {
        schema: brandPageSchema,
        query: params,
        ...(signal ? { signal } : {}),
      }),
    followedList: (params: { cursor?: string; page_size?: number }, signal?: AbortSignal) =>
      transport.get(apiPath('brand-library', 'followed'), {
        schema: brandPageSchema,
        query: params,
        ...(signal ? { signal } : {}),
      }),
    detail: (brandId: string, signal?: AbortSignal) =>
      transport.get(apiPath('brand-library', brandId), { schema: brandDetailSchema, ...(signal ? { signal } : {}) }),
    ads: (brandId: string, params: Omit<LibrarySearch, 'unified_brand_id'>, signal?: AbortSignal) =>
      transport.get(apiPath('brand-library', brandId, 'ads'), {
        schema: brandAdsPageSchema,
        query: params,
        ...(signal ? { signal } : {}),
      }),
    /** POST /inspo-brands/search with scope followed: a read, so safe to retry. */
    followed: (params: z.infer<typeof followedRequestSchema>, signal?: AbortSignal) =>
      transport.post(apiPath('inspo-brands', 'search'), {
        schema: followedBrandsSchema,
        body: parseInput(followedSearchBodySchema, {
          scope: 'followed',
          followed: { offset: params.offset, limit: params.limit, ...(params.query ? { query: params.query } : {}) },
        }),
        idempotent: true,
        ...(signal ? { signal } : {}),
      }),
  };
}
