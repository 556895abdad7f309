// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SaveToasts } from '@/components/ads/save-toasts';
import { useSaveStore } from '@/components/ads/save-store';
import { BoardTree } from '@/components/boards/board-tree';
import BoardsTab from '@/components/boards/boards-tab';
import { useBoardsStore } from '@/components/boards/boards-store';
import { boardKeys } from '@/components/boards/query-keys';
import { SaveDialog } from '@/components/boards/save-dialog';
import { watchConfirmedSaves } from '@/components/boards/watch-saves';
import { createQueryClient } from '@/components/ui/mount';
import { createRouter, type HandlerLoader } from '@/lib/background/router';
import type { BoardNode } from '@/lib/contract/boards';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import { testAd } from '../../support/ads';
import { TEST_NOW } from '../../support/clock';
import { held, pageWorld, tick } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/**
 * The Boards tab, the save dialog and the saves behind them while the world changes: the
 * service's tree says one thing and the board's ads another, a board shows in two folders, a
 * save is answered after the tree was read.
 */

const { cleanups, render } = pageWorld(() => {
  useSaveStore.setState({ dialogAd: null, lastBoard: null, recent: [], toasts: [] });
  useBoardsStore.setState({ expanded: [], openBoardId: null, openAdId: null, filter: '' });
});

const node = (board_id: string, name: string, ad_num: number | null = 0, children: BoardNode[] = []): BoardNode => ({
  board_id,
  name,
  ad_num,
  children,
});

type Message = { type: string; payload?: unknown };

/** The panel's messages answered by `answer` (by type); anything else answers an empty success. */
function answerMessages(answer: (message: Message) => unknown) {
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    const data = answer(message);
    return data === undefined ? { ok: true, data: {} } : data;
  }) as typeof browser.runtime.sendMessage);
}

const treeItems = () => [...document.querySelectorAll<HTMLLIElement>('[role="treeitem"]')];
const itemNamed = (name: string) =>
  treeItems().find((item) => item.querySelector('.board-tree-name')?.textContent === name);
const radioFor = (text: string) =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="radio"][name="board"]')].find(
    (input) => input.closest('label')?.querySelector('span')?.firstChild?.textContent === text,
  );
const submitButton = () => document.querySelector<HTMLButtonElement>('.save-form button[type="submit"]');
const toastText = () => [...document.querySelectorAll('.toast .toast-text > span')].map((span) => span.textContent);

describe('the board tree, when the service lists one board in two folders', () => {
  // The service shows "Tents" both in "Competitors" and in "Ours" (one board, two places: the
  // same board_id twice). The keyboard user on "Ours" presses ↓: focus jumps back up to the first
  // "Tents", under Competitors, and ↓ again lands on "Ours": "Lanterns" below can never be reached
  // from the keyboard (board-tree.tsx finds the active row by board_id alone).
  it('lets the arrow keys walk past the second place of a board to the boards below', async () => {
    const nodes = [
      node('c1', 'Competitors', 1, [node('t1', 'Tents', 4)]),
      node('o1', 'Ours', 1, [node('t1', 'Tents', 4)]),
      node('l1', 'Lanterns', 2),
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render(
      <BoardTree
        nodes={nodes}
        expanded={new Set(['c1', 'o1'])}
        filter=""
        onToggle={() => undefined}
        onOpen={() => undefined}
      />,
    );
    const ours = itemNamed('Ours');
    if (!ours) throw new Error('no Ours');
    await act(async () => ours.focus());
    const press = async (key: string) =>
      act(async () => {
        (document.activeElement ?? ours).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      });
    await press('ArrowDown');
    await press('ArrowDown');
    expect(document.activeElement?.querySelector('.board-tree-name')?.textContent).toBe('Lanterns');
  });
});

describe('a board whose count the service did not give', () => {
  // The service answers a board with ad_num null (unknown). The row shows no number, but its
  // accessible name says "0 ads" (board-tree.tsx `item.node.ad_num ?? 0`): a screen reader user is
  // told the board is empty when nobody knows.
  it('does not tell a screen reader the board is empty', async () => {
    await render(
      <BoardTree
        nodes={[node('b1', 'Winners', null)]}
        expanded={new Set()}
        filter=""
        onToggle={() => undefined}
        onOpen={() => undefined}
      />,
    );
    const count = itemNamed('Winners')?.querySelector('.board-tree-count');
    expect(count?.textContent).toBe('');
    expect(count?.getAttribute('aria-label')).not.toBe('0 ads');
  });
});

describe('a board the tree counted empty, filled since on the service', () => {
  // The tree was read when "Winners" was empty (ad_num 0); ads were saved to it since, on the
  // service's site. The user opens it: its two ads are listed, yet the header says "0 ads" and
  // every export button is disabled, "Nothing to export: this board has no ads." (board-view.tsx
  // `empty = board.count === 0 || …` trusts the tree's old count over the ads on screen).
  it('offers the export of the ads it lists', async () => {
    answerMessages((message) => {
      if (message.type === 'boards.tree') return { ok: true, data: { items: [node('b-win', 'Winners', 0)] } };
      if (message.type === 'boards.local') return { ok: true, data: { items: [], writes: 'accepted' } };
      if (message.type === 'boards.ads')
        return {
          ok: true,
          data: {
            items: [testAd({ id: 'ad-1', title: 'Two-person tent' }), testAd({ id: 'ad-2', title: 'Trail stove' })],
            cursor: null,
          },
        };
      return undefined;
    });
    act(() => useBoardsStore.setState({ openBoardId: 'b-win' }));
    await render(<BoardsTab />);
    // The grid of the board's ads (virtualized: its cards need a layout happy-dom does not make).
    await waitForPage(() => expect(document.querySelector('.board-view .ad-grid[role="list"]')).not.toBeNull());
    const exportCsv = [...document.querySelectorAll<HTMLButtonElement>('.board-view .toolbar button')].find(
      (button) => button.textContent === 'Export CSV',
    );
    expect(exportCsv?.disabled).toBe(false);
    expect(document.querySelector('.board-view .view-header .muted')?.textContent).not.toBe('0 ads');
  });
});

describe('the save dialog, for an ad the service lists on a board by another spelling of its id', () => {
  // The board list names "Tents" by a dashed lower-case UUID; the ad's saved_details name it in
  // the undashed upper-case form (the same board: lib/contract/ids.ts `sameId`, which the worker
  // uses). The dialog compares the strings, so "Tents" is not marked "Already saved" and the user
  // saves the ad there a second time.
  it('marks the board that already holds the ad', async () => {
    const tents = '6f9619ff-8b86-d011-b42d-00c04fc964ff';
    answerMessages((message) => {
      if (message.type === 'boards.tree') return { ok: true, data: { items: [node(tents, 'Tents', 3)] } };
      if (message.type === 'boards.local') return { ok: true, data: { items: [], writes: 'accepted' } };
      return undefined;
    });
    await render(<SaveDialog />);
    const ad = testAd({
      id: 'ad-1',
      title: 'Two-person tent',
      saved_details: { saved_at: '2026-11-20T10:00:00Z', boards: ['6F9619FF8B86D011B42D00C04FC964FF'], tags: [] },
    });
    await act(async () => useSaveStore.getState().openDialog(ad));
    await waitForPage(() => expect(radioFor('Tents')).toBeDefined());
    expect(radioFor('Tents')?.closest('label')?.textContent).toContain('Already saved');
  });
});

describe('the save dialog, on a service board with a long name', () => {
  // The service names its boards as it likes (the contract sets no length); this one has 240
  // characters. The dialog offers it and says "Save to …", but the worker's `outbox.save` refuses
  // a boardName over 200 characters (lib/messaging/protocol.ts), so the toast says "Could not
  // queue the save" and the ad is saved nowhere: the user cannot save to that board at all.
  it('saves to it', async () => {
    const longName = `Competitors ${'outdoor tents and stoves for winter camping '.repeat(6)}`.slice(0, 240);
    const queued: unknown[] = [];
    const handlers: Record<string, (input: unknown) => Promise<unknown>> = {
      'boards.tree': async () => ({ items: [node('b-long', longName, 7)] }),
      'boards.local': async () => ({ items: [], writes: 'accepted' }),
      'outbox.save': async (input) => {
        queued.push(input);
        return {
          id: 'e1',
          op: 'save',
          boardId: 'b-long',
          boardName: longName,
          adId: 'ad-1',
          tags: [],
          createdAt: TEST_NOW,
          attempts: 0,
          nextAttemptAt: TEST_NOW,
          status: 'pending',
        };
      },
    };
    const loader = (async (type: string) => handlers[type] ?? (async () => ({}))) as unknown as HandlerLoader;
    const origin = `chrome-extension://${fakeBrowser.runtime.id}`;
    const route = createRouter(loader, { extensionId: fakeBrowser.runtime.id, extensionOrigin: origin });
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: unknown) =>
      route(message, {
        id: fakeBrowser.runtime.id,
        url: `${origin}/sidepanel.html`,
      })) as typeof browser.runtime.sendMessage);

    await render(
      <>
        <SaveDialog />
        <SaveToasts />
      </>,
    );
    await act(async () => useSaveStore.getState().openDialog(testAd({ id: 'ad-1', title: 'Two-person tent' })));
    await waitForPage(() => expect(radioFor(longName)).toBeDefined());
    await act(async () => radioFor(longName)?.click());
    await act(async () => submitButton()?.click());
    await waitForPage(() =>
      expect(queued.length + toastText().filter((text) => text?.startsWith('Could not')).length).toBeGreaterThan(0),
    );
    expect(toastText().join(' ')).not.toContain('Could not queue the save');
    expect(queued).toHaveLength(1);
  });
});

describe('a board in this browser named as a service board', () => {
  // The read-only service's "Tents" has its stand-in in this browser, also "Tents". The user picks
  // "In this browser › Tents": the button says "Save to Tents", word for word what it says for the
  // service's board, and so does the toast ("Saved to Tents."): nothing says the ad is not on the
  // service (save-dialog.tsx and use-save-form.ts pass `chosen.name`, not where the board is).
  it('says where the save goes', async () => {
    answerMessages((message) => {
      if (message.type === 'boards.tree') return { ok: true, data: { items: [node('b-tents', 'Tents', 3)] } };
      if (message.type === 'boards.local')
        return { ok: true, data: { items: [node('local:m1', 'Tents', 1)], writes: 'accepted' } };
      return undefined;
    });
    await render(<SaveDialog />);
    await act(async () => useSaveStore.getState().openDialog(testAd({ id: 'ad-1', title: 'Two-person tent' })));
    await waitForPage(() => expect(radioFor('In this browser › Tents')).toBeDefined());
    await act(async () => radioFor('Tents')?.click());
    const toService = submitButton()?.textContent;
    await act(async () => radioFor('In this browser › Tents')?.click());
    const here = submitButton()?.textContent;
    expect(toService).toBe('Save to Tents');
    expect(here).not.toBe(toService);
  });
});

describe('a save confirmed while the board tree was being read again', () => {
  // The panel reads the tree again (Tents: 3 ads) and, before that answer is back, the user's save
  // to Tents is confirmed with the board's new count, 4, which watch-saves.ts writes into the
  // tree. Then the older read lands and puts 3 back: the toast said "Saved to Tents." and the tree
  // keeps saying 3 until something reads it again.
  it('keeps the count the save answered', async () => {
    const reads: Array<Promise<unknown>> = [];
    const later = held<unknown>();
    answerMessages((message) => {
      if (message.type === 'boards.tree') {
        const answer =
          reads.length === 0
            ? Promise.resolve({ ok: true, data: { items: [node('b-tents', 'Tents', 3)] } })
            : later.promise;
        reads.push(answer);
        return answer;
      }
      if (message.type === 'boards.local') return { ok: true, data: { items: [], writes: 'accepted' } };
      return undefined;
    });
    cleanups.push(() => later.settle({ ok: true, data: { items: [node('b-tents', 'Tents', 3)] } }));
    const client = createQueryClient();
    const stop = watchConfirmedSaves(client);
    cleanups.push(stop);
    await render(<BoardsTab />, client);
    const count = () => itemNamed('Tents')?.querySelector('.board-tree-count')?.textContent;
    await waitForPage(() => expect(count()).toBe('3'));

    // The tree is read again (the panel came back into view); its answer is on its way.
    await act(async () => {
      void client.invalidateQueries({ queryKey: boardKeys.tree() });
      await tick();
    });
    expect(reads).toHaveLength(2);
    // The save lands: the service answers Tents' new count.
    const saved: OutboxEntry = {
      id: 'e1',
      op: 'save',
      boardId: 'b-tents',
      boardName: 'Tents',
      adId: 'ad-4',
      tags: [],
      createdAt: TEST_NOW,
      attempts: 1,
      nextAttemptAt: TEST_NOW,
      sentAt: TEST_NOW,
      status: 'done',
      doneAt: TEST_NOW,
      adNum: 4,
    };
    await act(async () => {
      await outboxItem.set([saved]);
      await tick();
    });
    await waitForPage(() => expect(count()).toBe('4'));
    // The read made before the save comes back.
    await act(async () => {
      later.settle({ ok: true, data: { items: [node('b-tents', 'Tents', 3)] } });
      await tick();
      await tick();
    });
    expect(count()).toBe('4');
  });
});

describe('a copy to the service that stopped half-way', () => {
  // Two of the board's three ads were queued, the third could not be (storage full): the panel
  // says the two are on their way and, apart, that the rest was not sent and why.
  it('says what is on its way and what stopped the rest', async () => {
    const stopped = {
      code: 'internal',
      httpStatus: null,
      message: 'QuotaExceededError: storage.local is full',
      retryable: false,
    };
    answerMessages((message) => {
      if (message.type === 'boards.tree') return { ok: true, data: { items: [] } };
      if (message.type === 'boards.local')
        return { ok: true, data: { items: [node('local:m1', 'Tents', 3)], writes: 'accepted' } };
      if (message.type === 'boards.ads')
        return {
          ok: true,
          data: {
            items: ['a1', 'a2', 'a3'].map((id) => testAd({ id, title: `Ad ${id}` })),
            cursor: null,
          },
        };
      if (message.type === 'boards.copyToService')
        return { ok: true, data: { boardId: 'made-1', boardName: 'Tents', queued: 2, stopped } };
      return undefined;
    });
    act(() => useBoardsStore.setState({ openBoardId: 'local:m1' }));
    await render(<BoardsTab />);
    const copyButton = () =>
      [...document.querySelectorAll<HTMLButtonElement>('.board-view .toolbar button')].find(
        (button) => button.textContent === 'Copy to the service',
      );
    await waitForPage(() => expect(copyButton()?.disabled).toBe(false));
    await act(async () => copyButton()?.click());
    await waitForPage(() => expect(document.querySelector('.board-view [role="alert"]')).not.toBeNull());
    expect(document.querySelector('.board-view [role="status"]')?.textContent).toContain('Copying 2 ads');
    const alert = document.querySelector('.board-view [role="alert"]')?.textContent ?? '';
    expect(alert).toContain('The other ads could not be queued');
    expect(alert).toContain('storage.local is full');
  });
});
