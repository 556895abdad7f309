import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSaveStore } from '../../../components/ads/save-store';
import { boardTreeQuery } from '../../../components/boards/tree';
import type { BoardTree } from '../../../lib/contract/boards';
import { testAd } from '../../support/ads';

/**
 * A board renamed on the service's site since it was last saved to: once the panel reads the
 * tree, S ("save to the last board") and its toast name the board as the service does now.
 */
const ID = '0d9f6c1e-8a4b-4c2d-9e3f-1a2b3c4d5e6f';
const TREE: BoardTree = {
  items: [
    {
      board_id: 'b-folder',
      name: 'Competitors',
      ad_num: 4,
      children: [{ board_id: ID.toUpperCase(), name: 'Tents, spring', ad_num: 2, children: [] }],
    },
  ],
};

beforeEach(() => {
  fakeBrowser.reset();
  useSaveStore.setState({
    lastBoard: { id: ID, name: 'Tents' },
    recent: [
      { id: ID, name: 'Tents' },
      { id: 'b-gone', name: 'Old board' },
      { id: 'local:m1', name: 'In this browser › Mine' },
    ],
    toasts: [],
  });
});

describe('the boards a save remembers', () => {
  it('take the names the service gives them when the tree is read', async () => {
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) =>
      message.type === 'boards.tree'
        ? { ok: true, data: TREE }
        : { ok: true, data: { id: 'e1' } }) as typeof browser.runtime.sendMessage);
    await new QueryClient().fetchQuery(boardTreeQuery);

    const { lastBoard, recent } = useSaveStore.getState();
    expect(lastBoard).toEqual({ id: ID, name: 'Tents, spring' });
    // A board the tree does not list, and one kept in this browser, keep their names.
    expect(recent.map((board) => board.name)).toEqual(['Tents, spring', 'Old board', 'In this browser › Mine']);

    await useSaveStore.getState().quickSave(testAd({ id: 'ad-1' }));
    expect(useSaveStore.getState().toasts[0]?.message).toContain('Tents, spring');
  });

  it('are left as they are by a tree that names them as they are', async () => {
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async () => ({
      ok: true,
      data: { items: [{ board_id: ID, name: 'Tents', ad_num: 1, children: [] }] },
    })) as typeof browser.runtime.sendMessage);
    const before = useSaveStore.getState().recent;
    await new QueryClient().fetchQuery(boardTreeQuery);
    expect(useSaveStore.getState().recent).toBe(before);
  });
});
