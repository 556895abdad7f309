import {
  BOARD_PAGE_SIZE,
  type BoardNode,
  type BoardTree,
  boardOrders,
  createBoardBodySchema,
  saveToBoardBodySchema,
} from '../../lib/contract/boards';
import type { BoardRecord, WorkspaceState } from '../demo-data';
import { invalid, notFound } from '../envelope';
import {
  decodeKeyCursor,
  encodeKeyCursor,
  enumParam,
  fingerprint,
  intParam,
  optionalString,
  parseWith,
} from '../params';
import type { Route, RouteContext } from '../router';
import { libraryAd, savedDetailsOf } from '../serialize';

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

function boardAds(context: RouteContext, board: BoardRecord) {
  if (context.query.get('sort_by') === 'best_match') {
    throw invalid('sort_by=best_match is not supported for boards: use saved_newest or saved_oldest.');
  }
  const order = enumParam(context.query, 'sort_by', boardOrders);
  const newestFirst = (order ?? 'saved_newest') === 'saved_newest';
  const pageSize = intParam(context.query, 'page_size', { min: 1, max: 100, fallback: BOARD_PAGE_SIZE });
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
        libraryAd(ad, context, {
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
  {
    method: 'GET',
    pattern: '/boards',
    handler: ({ workspace }) => ({ items: boardTree(workspace) }) satisfies BoardTree,
  },
  {
    method: 'POST',
    pattern: '/boards',
    handler: (context) => {
      const body = parseWith(createBoardBodySchema, context.body ?? {});
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
      const body = parseWith(saveToBoardBodySchema, context.body ?? {});
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
