import { z } from 'zod';
import { cursorPageSchema, libraryAdSchema } from './ad-library';
import { apiPath } from './path';
import { optionalCount, optionalText, tolerantArray } from './tolerant';
import type { Transport } from './transport';

export interface BoardNode {
  board_id: string;
  name: string | null;
  ad_num: number | null;
  children: BoardNode[];
}

/** A board (spec 2): board_id, name, ad_num and nested children; other fields pass through. */
export const boardNodeSchema: z.ZodType<BoardNode> = z.lazy(() =>
  z.looseObject({
    board_id: z.string().min(1),
    name: optionalText,
    ad_num: optionalCount,
    children: tolerantArray(boardNodeSchema),
  }),
);

export const boardTreeSchema = z.looseObject({ items: tolerantArray(boardNodeSchema) });
export type BoardTree = z.infer<typeof boardTreeSchema>;
export const boardAdsPageSchema = cursorPageSchema(libraryAdSchema);

export const boardOrders = ['saved_newest', 'saved_oldest'] as const;
export type BoardOrder = (typeof boardOrders)[number];
export const BOARD_PAGE_SIZE = 100;
export const MAX_TAGS = 20;

export const tagsSchema = z
  .array(z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'Each tag is at most 40 characters.'))
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags.`);

export const boardNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the board.')
  .max(80, 'A board name is at most 80 characters.');

/** What a save answers: assumed endpoint, see DESIGN.md "Spec gaps". */
const saveResultSchema = z.looseObject({ board_id: z.string(), ad_id: z.string(), ad_num: optionalCount });
const createdBoardSchema = z.looseObject({ board_id: z.string(), name: optionalText });

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
        body: { ad_id: adId, ...(tags.length > 0 ? { tags } : {}) },
        idempotent: true,
      }),
    remove: (boardId: string, adId: string) =>
      transport.delete(apiPath('boards', boardId, 'ads', adId), { schema: z.unknown(), idempotent: true }),
    create: (name: string, parentId: string | null) =>
      transport.post(apiPath('boards'), {
        schema: createdBoardSchema,
        body: { name, ...(parentId ? { parent_id: parentId } : {}) },
      }),
  };
}
