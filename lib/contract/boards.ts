import { z } from 'zod/mini';
import { cursorPageSchema, libraryAdSchema } from './ad-library';
import { optionalCount, optionalText, tolerantArray } from './tolerant';
import { checkWords } from './words';
import { lazily } from '../lazy';

export interface BoardNode {
  board_id: string;
  name: string | null;
  ad_num: number | null;
  children: BoardNode[];
}

/** A board (spec 2): board_id, name, ad_num and nested children; other fields pass through. */
export const boardNodeSchema: z.ZodMiniType<BoardNode> = lazily(() =>
  z.lazy(() =>
    z.looseObject({
      board_id: z.string().check(z.minLength(1)),
      name: optionalText(),
      ad_num: optionalCount(),
      children: tolerantArray(boardNodeSchema),
    }),
  ),
);

/**
 * The deepest a board may sit in the tree (a top-level board is at 1): far past any folders a
 * person makes, and far short of what reading it (one call per level) would overflow the stack at.
 */
export const MAX_BOARD_DEPTH = 100;

/** Whether a tree's boards sit deeper than MAX_BOARD_DEPTH: read a level at a time, never by recursion. */
function tooDeep(tree: unknown) {
  let level = [tree];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > MAX_BOARD_DEPTH) return true;
    level = level.flatMap((node) => {
      const below = (node as { items?: unknown; children?: unknown } | null)?.[depth ? 'children' : 'items'];
      return Array.isArray(below) ? (below as unknown[]) : [];
    });
  }
  return false;
}

/** The tree (spec 2); one nested deeper than MAX_BOARD_DEPTH is refused before it is read. */
export const boardTreeSchema = lazily(() =>
  z.pipe(
    z.unknown().check(
      z.refine((tree) => !tooDeep(tree), {
        error: () => checkWords('checks.board.tooDeep', { max: MAX_BOARD_DEPTH }),
      }),
    ),
    z.looseObject({ items: tolerantArray(boardNodeSchema) }),
  ),
);
export type BoardTree = z.infer<typeof boardTreeSchema>;
export const boardAdsPageSchema = lazily(() => cursorPageSchema(libraryAdSchema));

export const boardOrders = ['saved_newest', 'saved_oldest'] as const;
export type BoardOrder = (typeof boardOrders)[number];
export const BOARD_PAGE_SIZE = 100;
export const MAX_TAGS = 20;

export const MAX_TAG_CHARS = 40;
export const MAX_BOARD_NAME = 80;
/**
 * The service's names have no limit of their own: a save or a kept board carries at most this
 * much of its board's name, for the words that name it (a longer one is cut, never refused).
 */
export const MAX_CARRIED_BOARD_NAME = 200;

export const tagsSchema = lazily(() =>
  z
    .array(
      z
        .string({ error: () => checkWords('checks.tags.text') })
        .check(
          z.trim(),
          z.minLength(1, { error: () => checkWords('checks.tags.empty') }),
          z.maxLength(MAX_TAG_CHARS, { error: () => checkWords('checks.tags.tooLong', { max: MAX_TAG_CHARS }) }),
        ),
      { error: () => checkWords('checks.tags.list') },
    )
    .check(z.maxLength(MAX_TAGS, { error: () => checkWords('checks.tags.tooMany', { max: MAX_TAGS }) })),
);

const nameTheBoard = { error: () => checkWords('checks.board.name') };
/** A name trimmed, of 1 to 80 characters, none of them a control character or half of one. */
export const boardNameSchema = lazily(() =>
  z.string(nameTheBoard).check(
    z.trim(),
    z.minLength(1, nameTheBoard),
    z.maxLength(MAX_BOARD_NAME, { error: () => checkWords('checks.board.nameTooLong', { max: MAX_BOARD_NAME }) }),
    z.refine((name) => name.isWellFormed() && !/\p{Cc}/u.test(name), {
      error: () => checkWords('checks.board.nameCharacters'),
    }),
  ),
);

/**
 * The bodies of the board writes the contract does not list, assumed as POST /boards/{id}/ads
 * { ad_id, tags? } and POST /boards { name, parent_id? } (docs/api-contract.md).
 */
export const saveToBoardBodySchema = lazily(() =>
  z.object({
    ad_id: z.string({ error: 'ad_id is required.' }).check(z.minLength(1, 'ad_id is required.'), z.maxLength(200)),
    tags: z.optional(tagsSchema),
  }),
);
export const createBoardBodySchema = lazily(() =>
  z.object({
    name: boardNameSchema,
    parent_id: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(120)))),
  }),
);

/** What a save answers: an assumed endpoint (docs/api-contract.md). */
export const saveResultSchema = lazily(() =>
  z.looseObject({ board_id: z.string(), ad_id: z.string(), ad_num: optionalCount() }),
);
export const createdBoardSchema = lazily(() => z.looseObject({ board_id: z.string(), name: optionalText() }));
