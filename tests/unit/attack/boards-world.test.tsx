// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { type Api, createApi } from '@/lib/background/api';
import type { RequestOptions, Transport } from '@/lib/background/api/transport';
import { createBoards } from '@/lib/background/boards';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import { createRouter, type HandlerLoader } from '@/lib/background/router';
import type { BoardNode } from '@/lib/contract/boards';
import type { ApiPath } from '@/lib/contract/path';
import { ApiError } from '@/lib/messaging/api-error';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import { deleteVault } from '@/lib/vault/db';
import { createLocalBoard, localHoldings, saveLocal } from '@/lib/vault/local-boards';
import { testAd } from '../../support/ads';
import { manualClock, TEST_NOW } from '../../support/clock';
import { held, pageWorld, tick } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/**
 * The Boards tab, the save dialog and the saves behind them while the world changes: the
 * service's tree says one thing and the board's ads another, a board shows in two folders, a
 * save is answered after the tree was read, an Undo is pressed while the save is on its way and
 * the save then lands in this browser, a copy to the service stops half-way.
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

/* ---- The worker's side of the same changes: the outbox and the boards, on a fake service. ---- */

const SERVICE = 'https://api.example.com';

/**
 * A service whose board list is readable and whose writes are answered by `write` (the test holds
 * or refuses them as it likes).
 */
function service(write: (method: string, path: ApiPath, body: unknown) => Promise<unknown>) {
  const calls: { method: string; path: string }[] = [];
  const created: string[] = [];
  const respond = async <T,>(method: string, path: ApiPath, request: RequestOptions<T>): Promise<T> => {
    calls.push({ method, path });
    if (method === 'GET' && path === '/open/v1/boards') {
      return request.schema.parse({
        items: [
          { board_id: 'b1', name: 'Winners', ad_num: 0, children: [] },
          ...created.map((id) => node(id, 'Tents')),
        ],
      });
    }
    if (method === 'POST' && path === '/open/v1/boards') {
      created.push('made-1');
      return request.schema.parse({ board_id: 'made-1', name: 'Tents' });
    }
    return request.schema.parse(await write(method, path, request.body));
  };
  const transport: Transport = {
    get: (path, request) => respond('GET', path, request),
    post: (path, request) => respond('POST', path, request),
    delete: (path, request) => respond('DELETE', path, request),
  };
  return { api: createApi(transport), calls };
}

function worker(api: Api, enqueueFails?: (count: number) => boolean) {
  const clock = manualClock();
  let ids = 0;
  let enqueued = 0;
  const outbox: SaveOutbox = new SaveOutbox({
    send: (entry) => boards.send(entry),
    schedule: () => undefined,
    now: clock,
    random: () => 1,
    newId: () => `e${++ids}`,
    autoDrain: false,
  });
  const boards = createBoards({
    api,
    apiFor: () => api,
    service: async () => SERVICE,
    clock,
    newId: () => `id-${++ids}`,
    enqueueSave: async (save) => {
      enqueued += 1;
      if (enqueueFails?.(enqueued)) throw new Error('QuotaExceededError: storage.local is full');
      return outbox.enqueue({ op: 'save', ...save });
    },
  });
  return { outbox, boards, clock };
}

describe('Undo pressed while the save is on its way, the save then kept in this browser', () => {
  beforeEach(async () => {
    await deleteVault();
  });
  afterEach(async () => {
    await deleteVault();
  });

  // The user saves to "Winners" and presses Undo at once, while the save is on its way. The
  // service answers it 40401 (read-only boards): the save is kept on "Winners" in this browser.
  // The undo was queued for the service's board (save-outbox.ts `undo` copies the boardId read
  // before the move), which a read-only service refuses: the toast ends "Could not undo the save
  // to Winners", and the ad stays on the board in this browser the user undid it from.
  it('takes the ad off the board it landed on', async () => {
    const answer = held<void>();
    const fake = service(async (method) => {
      if (method === 'POST') {
        await answer.promise;
        throw new ApiError({ code: 40401, httpStatus: 200, message: 'no matching open API' });
      }
      throw new ApiError({ code: 40401, httpStatus: 405, message: 'no matching open API' });
    });
    const { outbox } = worker(fake.api);
    const entry = await outbox.enqueue({
      op: 'save',
      boardId: 'b1',
      boardName: 'Winners',
      adId: 'a1',
      tags: [],
      ad: { id: 'a1', title: 'Two-person tent' },
    });
    const sending = outbox.drain();
    await vi.waitFor(() => expect(fake.calls.some((call) => call.method === 'POST')).toBe(true));

    const removal = await outbox.undo(entry.id);
    answer.settle();
    await sending;
    await outbox.drain();

    const entries = await outbox.list();
    expect(entries.find((item) => item.id === entry.id)).toMatchObject({
      status: 'done',
      movedFrom: { boardId: 'b1' },
    });
    // What the toast follows after Undo: the removal.
    expect(entries.find((item) => item.id === removal?.id)?.status).toBe('done');
    expect(entries.find((item) => item.id === removal?.id)?.error?.message).toBeUndefined();
    const holdings = await localHoldings();
    expect(holdings.get('a1') ?? []).toEqual([]);
  });
});

describe('a copy to the service that stops half-way', () => {
  beforeEach(async () => {
    await deleteVault();
  });
  afterEach(async () => {
    await deleteVault();
  });

  // The user copies "Tents" (three ads, in this browser) to the service. The service board is
  // made and two saves are queued; the third cannot be stored (storage full). The view says "Could
  // not copy the board", with no word of the two saves that go on to land on the service's new
  // "Tents" (boards.ts copyOnce answers the error alone, the count of what was queued is lost).
  it('does not say it failed while some of its ads are on their way', async () => {
    const fake = service(async (_method, path) => ({ board_id: path.split('/')[3], ad_id: 'x', ad_num: 1 }));
    const { outbox, boards, clock } = worker(fake.api, (count) => count === 3);
    const board = await createLocalBoard({ name: 'Tents', parentId: null }, 'tents', clock());
    for (const id of ['a1', 'a2', 'a3']) await saveLocal(board.id, { id, title: `Ad ${id}` }, [], clock());

    const outcome = await boards.copyToService(board.id).then(
      (answer) => ({ said: 'copying', queued: answer.queued }),
      () => ({ said: 'failed', queued: 0 }),
    );
    const onTheirWay = (await outbox.list()).filter((entry) => entry.op === 'save' && entry.status === 'pending');
    expect(onTheirWay).toHaveLength(2);
    // What the panel says is on its way matches what is.
    expect(outcome.queued).toBe(onTheirWay.length);
  });
});
