import { useQuery } from '@tanstack/react-query';
import type { BoardNode } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { t } from '@/lib/i18n';
import { boardKeys } from './query-keys';
import { renameRememberedBoards } from '../ads/save-store';
import 'virtual:adscope-english/boards';

/*
 * The board tree on its own module: the save dialog, in the panel's first load, needs it and not
 * the infinite list of a board's ads.
 */

/**
 * The workspace's boards as a tree, as read: the last and recent boards a save remembers take
 * the names the service gives them now (a board renamed on its site), so S and the toasts say it.
 */
export const boardTreeQuery = {
  queryKey: boardKeys.tree(),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const tree = await callBackground('boards.tree', {}, { signal });
    renameRememberedBoards(tree.items);
    return tree;
  },
};

/** The workspace's boards as a tree, with their counts. */
export function useBoardTree() {
  return useQuery(boardTreeQuery);
}

/** Boards kept in this browser, and whether the connected service takes board writes through its API. */
export function useLocalBoards() {
  return useQuery({
    queryKey: boardKeys.local(),
    queryFn: ({ signal }) => callBackground('boards.local', {}, { signal }),
  });
}

/** Where a board lives: the words a person reads before its path, in the shown language. */
export const inThisBrowser = (): string => t('boards.local.where');

export interface FlatBoard {
  id: string;
  name: string;
  count: number | null;
  depth: number;
  path: string;
  parentId: string | null;
  hasChildren: boolean;
  /** Kept in this browser, not on the service. */
  local: boolean;
}

/** Boards in tree order with their depth and full path ("Competitors › Outdoor › Tents"); `local` marks this browser's. */
export function flattenBoards(
  nodes: readonly BoardNode[],
  depth = 1,
  parent: FlatBoard | null = null,
  local = false,
  untitled = t('boards.untitled'),
): FlatBoard[] {
  return nodes.flatMap((node) => {
    const name = node.name ?? untitled;
    const flat: FlatBoard = {
      id: node.board_id,
      name,
      count: node.ad_num,
      depth,
      path: parent ? `${parent.path} › ${name}` : name,
      parentId: parent?.id ?? null,
      hasChildren: node.children.length > 0,
      local,
    };
    return [flat, ...flattenBoards(node.children, depth + 1, flat, local, untitled)];
  });
}

/** This browser's boards in tree order, their paths led by where they are kept. */
export function flattenLocalBoards(nodes: readonly BoardNode[], words = boardWords()): FlatBoard[] {
  return flattenBoards(nodes, 1, null, true, words.untitled).map((board) => ({
    ...board,
    path: `${words.where} › ${board.path}`,
  }));
}

/**
 * The words a board's row is made with, in the language shown: a view that keeps its rows
 * (a memo) makes them again when these change, as the page is drawn again in another language.
 */
export function boardWords(): { where: string; untitled: string } {
  return { where: inThisBrowser(), untitled: t('boards.untitled') };
}
