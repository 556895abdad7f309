import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { boardKeys } from '../../../components/boards/query-keys';
import { watchConfirmedSaves, withBoardCount } from '../../../components/boards/watch-saves';
import { SaveOutbox, type SendAnswer } from '../../../lib/background/jobs/save-outbox';
import type { BoardTree } from '../../../lib/contract/boards';
import { outboxItem } from '../../../lib/storage/outbox';
import { manualClock } from '../../support/clock';

/**
 * A save without detours: the service's answer (the board's new count) reaches the panel's
 * cached tree through the outbox, with no GET /boards; and the outbox writes storage only when
 * something changed.
 */
const TREE: BoardTree = {
  items: [
    {
      board_id: 'b1',
      name: 'Competitors',
      ad_num: 4,
      children: [{ board_id: 'b2', name: 'Tents', ad_num: 2, children: [] }],
    },
    { board_id: 'b3', name: 'Holiday', ad_num: 0, children: [] },
  ],
};
const save = { op: 'save' as const, boardId: 'b2', boardName: 'Tents', adId: 'ad-1', tags: [] };

beforeEach(() => fakeBrowser.reset());

function outboxAnswering(answer: SendAnswer | void) {
  let id = 0;
  return new SaveOutbox({
    send: async () => answer,
    schedule: () => undefined,
    now: manualClock(),
    random: () => 1,
    newId: () => `e${++id}`,
    autoDrain: false,
    // As in the background: entries belong to the workspace set now.
    workspace: async () => 'w1',
  });
}

/** A panel's query cache holding the tree, shown (so an invalidation would fetch it again). */
function panelWithTree() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetchTree = vi.fn(async () => TREE);
  queryClient.setQueryData(boardKeys.tree(), TREE);
  const observer = new QueryObserver(queryClient, { queryKey: boardKeys.tree(), queryFn: fetchTree });
  const stopObserving = observer.subscribe(() => undefined);
  const stopWatching = watchConfirmedSaves(queryClient);
  const tree = () => queryClient.getQueryData<BoardTree>(boardKeys.tree());
  return { tree, fetchTree, stop: () => (stopObserving(), stopWatching()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a confirmed save', () => {
  it("updates the tree's count from the save's answer, without a GET /boards", async () => {
    const panel = panelWithTree();
    const outbox = outboxAnswering({ adNum: 3 });
    await outbox.enqueue(save);
    await outbox.drain();
    await settle();
    expect((await outboxItem.get())[0]).toMatchObject({ status: 'done', adNum: 3 });
    expect(panel.tree()?.items[0]?.children[0]?.ad_num).toBe(3);
    expect(panel.tree()?.items[0]?.ad_num).toBe(4);
    expect(panel.fetchTree).not.toHaveBeenCalled();
    panel.stop();
  });

  it.each([
    ['a service that gives no count', outboxAnswering({ adNum: null }), save],
    ['a removal', outboxAnswering({}), { ...save, op: 'remove' as const }],
  ])('has the tree read again after %s', async (_, outbox, change) => {
    const panel = panelWithTree();
    await outbox.enqueue(change);
    await outbox.drain();
    await settle();
    expect(panel.fetchTree).toHaveBeenCalledTimes(1);
    panel.stop();
  });

  it('writes storage three times: queued, marked sent, confirmed', async () => {
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const outbox = outboxAnswering({ adNum: 3 });
    await outbox.enqueue(save);
    await outbox.drain();
    // The workspace pass and the prune change nothing here, so they write nothing.
    const outboxWrites = writes.mock.calls.filter(([items]) => 'saveOutbox' in items);
    expect(outboxWrites).toHaveLength(3);
  });
});

describe("a board's count in the tree", () => {
  it('is set at any depth, leaving the rest as it was', () => {
    const updated = withBoardCount(TREE, 'b2', 9);
    expect(updated?.items[0]?.children[0]?.ad_num).toBe(9);
    expect(updated?.items[1]).toBe(TREE.items[1]);
    expect(withBoardCount(TREE, 'nowhere', 1)).toBeNull();
  });
});
