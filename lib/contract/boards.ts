import { z } from 'zod';
import { cursorPageSchema, libraryAdSchema } from './ad-library';
import { optionalCount, optionalText, tolerantArray } from './tolerant';

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

/** What a save answers: an assumed endpoint (docs/api-contract.md). */
export const saveResultSchema = z.looseObject({ board_id: z.string(), ad_id: z.string(), ad_num: optionalCount });
export const createdBoardSchema = z.looseObject({ board_id: z.string(), name: optionalText });
