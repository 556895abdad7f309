import { z } from 'zod';
import type { BoardRecord, WorkspaceState } from '../demo-data';
import { invalid, notFound } from '../envelope';
import { decodeKeyCursor, encodeKeyCursor, enumParam, fingerprint, intParam, optionalString } from '../params';
import type { Route, RouteContext } from '../router';
import { libraryAd, savedDetailsOf } from '../serialize';

export const MAX_TAGS = 20;
export const MAX_BOARD_NAME = 80;

interface BoardNode {
  board_id: string;
  name: string;
  ad_num: number;
  children: BoardNode[];
}

/** The workspace's boards as a tree (spec 4.8), children in creation order. */
export function boardTree(workspace: WorkspaceState): BoardNode[] {
  const nodes = new Map<string, BoardNode>();
  for (const board of workspace.boards) {
    nodes.set(board.board_id, { board_id: board.board_id, name: board.name, ad_num: board.saves.length, children: [] });
  }
  const roots: BoardNode[] = [];
  for (const board of workspace.boards) {
    const node = nodes.get(board.board_id);
    if (!node) continue;
    const parent = board.parentId ? nodes.get(board.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function findBoard(context: RouteContext): BoardRecord {
  const id = context.params.board_id ?? '';
  const board = context.workspace.boards.find((candidate) => candidate.board_id === id);
  if (!board) throw notFound(`No board ${id.slice(0, 80)} in this workspace.`);
  return board;
}

const tagsSchema = z
  .array(z.string().trim().min(1, 'tags cannot contain an empty tag.').max(40, 'Each tag is at most 40 characters.'), {
    error: 'tags must be an array of strings.',
  })
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags.`)
  .optional();

const saveSchema = z.object({
  ad_id: z.string({ error: 'ad_id is required.' }).min(1, 'ad_id is required.').max(64),
  tags: tagsSchema,
});

const createSchema = z.object({
  name: z
    .string({ error: 'name is required.' })
    .trim()
    .min(1, 'name cannot be empty.')
    .max(MAX_BOARD_NAME, `name is at most ${MAX_BOARD_NAME} characters.`),
  parent_id: z.string().max(80).nullable().optional(),
});

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'The body is invalid.');
  return parsed.data;
}

function boardAds(context: RouteContext, board: BoardRecord) {
  if (context.query.get('sort_by') === 'best_match') {
    throw invalid('sort_by=best_match is not supported for boards: use saved_newest or saved_oldest.');
  }
  const order = enumParam(context.query, 'sort_by', ['saved_newest', 'saved_oldest'] as const);
  const newestFirst = (order ?? 'saved_newest') === 'saved_newest';
  const pageSize = intParam(context.query, 'page_size', { min: 1, max: 100, fallback: 100 });
  // Keyset paging on (saved_at, ad_id): saves and removals between pages neither repeat nor skip an ad.
  const keyOf = (save: { savedAt: string; adId: string }) => `${save.savedAt}|${save.adId}`;
  const ordered = [...board.saves].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  if (newestFirst) ordered.reverse();
  const print = fingerprint(`board:${board.board_id}:${newestFirst}`);
  const after = decodeKeyCursor(optionalString(context.query, 'cursor', 500), print);
  const start =
    after === null ? 0 : ordered.findIndex((save) => (newestFirst ? keyOf(save) < after : keyOf(save) > after));
  const slice = start < 0 ? [] : ordered.slice(start, start + pageSize);
  const last = slice.at(-1);
  const more = start >= 0 && start + pageSize < ordered.length;
  const cursor = more && last ? encodeKeyCursor(keyOf(last), print) : '';
  const saved = savedDetailsOf(context.workspace);
  return {
    items: slice.flatMap((save) => {
      const ad = context.state.adById(save.adId);
      if (!ad) return [];
      return [
        libraryAd(ad, context.mediaUrl, {
          saved_at: save.savedAt,
          boards: saved.get(ad.id)?.boards ?? [board.board_id],
          tags: save.tags,
        }),
      ];
    }),
    cursor,
  };
}

export const boardRoutes: Route[] = [
  { method: 'GET', pattern: '/boards', handler: ({ workspace }) => ({ items: boardTree(workspace) }) },
  {
    method: 'POST',
    pattern: '/boards',
    handler: (context) => {
      const body = parseBody(createSchema, context.body);
      const parentId = body.parent_id ?? null;
      if (parentId && !context.workspace.boards.some((board) => board.board_id === parentId)) {
        throw notFound(`No parent board ${parentId} in this workspace.`);
      }
      const board: BoardRecord = { board_id: `board-${context.state.nextId()}`, name: body.name, parentId, saves: [] };
      context.workspace.boards.push(board);
      context.state.persist();
      return { board_id: board.board_id, name: board.name, ad_num: 0, children: [], parent_id: parentId };
    },
  },
  { method: 'GET', pattern: '/boards/:board_id/ads', handler: (context) => boardAds(context, findBoard(context)) },
  {
    method: 'POST',
    pattern: '/boards/:board_id/ads',
    handler: (context) => {
      const board = findBoard(context);
      const body = parseBody(saveSchema, context.body);
      const ad = context.state.adById(body.ad_id);
      if (!ad) throw notFound(`No library ad ${body.ad_id}.`);
      const tags = [...new Set((body.tags ?? []).map((tag) => tag.trim()))];
      const existing = board.saves.find((save) => save.adId === ad.id);
      // Saving again is idempotent: the ad stays once, its tags are merged, its save time kept.
      if (existing) {
        for (const tag of tags) if (!existing.tags.includes(tag)) existing.tags.push(tag);
      } else {
        board.saves.push({ adId: ad.id, savedAt: context.state.clock.now().toISOString(), tags });
      }
      context.state.persist();
      const save = existing ?? board.saves.at(-1);
      return {
        board_id: board.board_id,
        ad_id: ad.id,
        created: !existing,
        ad_num: board.saves.length,
        saved_details: {
          saved_at: save?.savedAt,
          boards: savedDetailsOf(context.workspace).get(ad.id)?.boards ?? [],
          tags: save?.tags ?? [],
        },
      };
    },
  },
  {
    method: 'DELETE',
    pattern: '/boards/:board_id/ads/:ad_id',
    handler: (context) => {
      const board = findBoard(context);
      const adId = context.params.ad_id ?? '';
      const index = board.saves.findIndex((save) => save.adId === adId);
      if (index < 0) throw notFound(`Ad ${adId.slice(0, 64)} is not in this board.`);
      board.saves.splice(index, 1);
      context.state.persist();
      return { board_id: board.board_id, ad_id: adId, ad_num: board.saves.length };
    },
  },
];
