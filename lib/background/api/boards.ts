import { z } from 'zod/mini';
import {
  boardAdsPageSchema,
  type BoardOrder,
  boardTreeSchema,
  createBoardBodySchema,
  createdBoardSchema,
  saveResultSchema,
  saveToBoardBodySchema,
} from '../../contract/boards';
import { parseInput } from '../parse-input';
import { apiPath } from '../../contract/path';
import type { Transport } from './transport';

/**
 * Boards (spec 4.8, 4.9) plus the write endpoints the contract does not list, assumed as
 * POST /boards/{id}/ads { ad_id, tags? }, DELETE /boards/{id}/ads/{ad_id}, POST /boards
 * { name, parent_id? }. Save and remove are idempotent, so they may be retried.
 */
export function boardsApi(transport: Transport) {
  return {
    tree: (signal?: AbortSignal) =>
      transport.get(apiPath('boards'), { schema: boardTreeSchema, ...(signal ? { signal } : {}) }),
    ads: (
      boardId: string,
      params: { sort_by?: BoardOrder; cursor?: string; page_size?: number },
      signal?: AbortSignal,
    ) =>
      transport.get(apiPath('boards', boardId, 'ads'), {
        schema: boardAdsPageSchema,
        query: params,
        ...(signal ? { signal } : {}),
      }),
    save: (boardId: string, adId: string, tags: readonly string[]) =>
      transport.post(apiPath('boards', boardId, 'ads'), {
        schema: saveResultSchema,
        body: parseInput(saveToBoardBodySchema, { ad_id: adId, ...(tags.length > 0 ? { tags } : {}) }),
        idempotent: true,
      }),
    remove: (boardId: string, adId: string) =>
      transport.delete(apiPath('boards', boardId, 'ads', adId), { schema: z.unknown(), idempotent: true }),
    create: (name: string, parentId: string | null) =>
      transport.post(apiPath('boards'), {
        schema: createdBoardSchema,
        body: parseInput(createBoardBodySchema, { name, ...(parentId ? { parent_id: parentId } : {}) }),
      }),
  };
}
