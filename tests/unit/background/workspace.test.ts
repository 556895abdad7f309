import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { workspaceApis } from '../../../lib/background/api';
import { currentWorkspace, fingerprintOf } from '../../../lib/background/api/credentials';
import { serviceSend, startSaveOutbox } from '../../../lib/background/jobs/outbox-runner';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../../lib/contract/demo';
import { ApiError } from '../../../lib/messaging/api-error';
import { outboxItem } from '../../../lib/storage/outbox';
import type { RunningServer } from '../../../server/app';
import { fixedClock, manualClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { withServer } from '../../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());
beforeEach(() => {
  fakeBrowser.reset();
});

const acme = () => {
  const workspace = server.state.data.workspaces.find((candidate) => candidate.apiKey === DEMO_API_KEY);
  if (!workspace) throw new Error('no Acme workspace');
  return workspace;
};

describe("a workspace's fingerprint", () => {
  it('names the address and the key, and does not contain the key', async () => {
    const a = await fingerprintOf({ baseUrl: 'https://api.example.com/open/v1', apiKey: DEMO_API_KEY });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toContain(DEMO_API_KEY);
    expect(await fingerprintOf({ baseUrl: 'https://api.example.com/open/v1', apiKey: DEMO_SECOND_API_KEY })).not.toBe(
      a,
    );
    expect(await fingerprintOf({ baseUrl: 'https://other.example.com/open/v1', apiKey: DEMO_API_KEY })).not.toBe(a);
    expect(await fingerprintOf({ baseUrl: 'https://api.example.com/open/v1', apiKey: DEMO_API_KEY })).toBe(a);
  });

  it('is null once the key is forgotten', async () => {
    expect(await currentWorkspace()).toBeNull();
    await connectTo(server.baseUrl);
    expect(await currentWorkspace()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('a client bound to a workspace', () => {
  it("sends nothing with another workspace's key", async () => {
    await connectTo(server.baseUrl, DEMO_API_KEY);
    const a = await currentWorkspace();
    const apiFor = workspaceApis({ retryLimit: 0, clock: fixedClock() });
    await connectTo(server.baseUrl, DEMO_SECOND_API_KEY);
    const before = server.state.requestLog.length;
    const board = acme().boards[0]?.board_id ?? '';
    const failure = await apiFor(a ?? undefined)
      .boards.save(board, 'any-ad', [])
      .then(
        () => null,
        (error: unknown) => ApiError.from(error),
      );
    expect(failure?.code).toBe('workspace_changed');
    expect(server.state.requestLog.length).toBe(before);
  });

  it('a save queued under Acme, the key switched to Northwind and back: held, then saved to Acme once', async () => {
    await connectTo(server.baseUrl, DEMO_API_KEY);
    const clock = manualClock();
    const board = acme().boards[0];
    const ad = server.state.data.catalogue.ads[0]?.id ?? '';
    if (!board) throw new Error('Acme has no board');
    board.saves = board.saves.filter((saved) => saved.adId !== ad);
    // The first send meets an outage, so the save waits in backoff.
    server.state.faults.add({ kind: 'upstream', method: 'POST', path: '/ads', times: 1 });
    const outbox = startSaveOutbox(serviceSend(workspaceApis({ retryLimit: 0, clock })), clock);
    await outbox.enqueue({ op: 'save', boardId: board.board_id, boardName: board.name, adId: ad, tags: [] });
    await outbox.drain();
    expect((await outboxItem.get())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await connectTo(server.baseUrl, DEMO_SECOND_API_KEY);
    clock.set(clock() + 10 * 60_000);
    await outbox.drain();
    expect((await outboxItem.get())[0]).toMatchObject({ status: 'pending', held: true });
    const northwind = server.state.requestLog.filter((entry) => entry.workspace === 'Northwind Coffee');
    expect(northwind.filter((entry) => entry.method === 'POST')).toEqual([]);
    await connectTo(server.baseUrl, DEMO_API_KEY);
    await outbox.drain();
    expect((await outboxItem.get())[0]).toMatchObject({ status: 'done' });
    expect(board.saves.filter((saved) => saved.adId === ad)).toHaveLength(1);
  });
});
