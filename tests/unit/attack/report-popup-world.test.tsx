// @vitest-environment happy-dom
/*
 * The offline report and the popup while the world changes under them: a board that grows while
 * its report is read, a vault that never opens while the creatives are embedded, an ad whose
 * title the service gave empty, and a side panel that does not open from the popup's Find similar.
 */
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { exportFileName } from '@/components/boards/export';
import { allBoardAds } from '@/components/boards/use-board-export';
import { PopupApp } from '@/components/popup/popup-app';
import { ReportDialog } from '@/components/report/report-dialog';
import { renderReport } from '@/components/report/report-html';
import { type ReportSource, useReportFlow } from '@/components/report/use-report-flow';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { VAULT_DB } from '@/lib/vault/db';
import { testAd } from '../../support/ads';
import { manualClock, TEST_DAY, TEST_NOW } from '../../support/clock';
import {
  connectTo,
  freshBrowser,
  pageWorld as jobWorld,
  type PageWorld as JobWorld,
  settle,
} from '../../support/page-jobs';
import { inPage, reactRoot, waitForPage } from '../../support/react-root';
import { reportAd } from '../../support/report-ads';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const A = 'https://api.example';
const CDN = 'https://cdn.example';

const view = reactRoot();

/** A board's report, as Export report on a board makes it: `expected` is the tree's count, read earlier. */
function boardSource(expected: number): ReportSource {
  return {
    title: 'Autumn picks',
    kind: 'Board',
    expected,
    fileName: (now) => exportFileName('Autumn picks', 'html', now),
    loadAds: (signal, onProgress) => allBoardAds('b1', 'saved_newest', onProgress, signal),
  };
}

type Flow = ReturnType<typeof useReportFlow>;
const out: { flow: Flow | null } = { flow: null };
function Probe({ source }: { source: ReportSource }) {
  out.flow = useReportFlow(source, manualClock());
  return null;
}
const flow = (): Flow => {
  if (!out.flow) throw new Error('the report is not open');
  return out.flow;
};

/** A connection to the vault at an older version that never lets go: the page's open (v2) waits on `blocked`. */
function holdOlderVault(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(VAULT_DB, 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('could not open'));
  });
}

let world: JobWorld | null = null;
let blocker: IDBDatabase | null = null;

beforeEach(async () => {
  await freshBrowser();
  out.flow = null;
});

afterEach(async () => {
  vi.useRealTimers();
  blocker?.close();
  blocker = null;
  world = null;
  await settle(5);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the report of a board that changed since the board list was read', () => {
  it('does not say more ads were read than the board holds ("4 of 2 ads read…")', async () => {
    // The user opens "Autumn picks": the board list said 2 ads. Meanwhile three more were saved
    // to it (another device, the worker's outbox). They click Export report. The dialog says
    // "2 of 2 ads read…", then "4 of 2 ads read…" with a full bar, and goes on reading.
    // Cause: components/report/report-dialog.tsx ReportFlow gives ProgressStep
    // `report.progress.readOf` with `total: source.expected` whatever `phase.count` is; the
    // expected count is the tree's, read earlier (components/boards/use-board-export.ts openReport:
    // `expected: board.count`). BoardView itself never shows a count below what is listed.
    await inPage(() => connectTo(A));
    const ads = Array.from({ length: 5 }, (_, index) => testAd({ id: `ad-${index + 1}`, title: `Ad ${index + 1}` }));
    world = jobWorld([{ baseUrl: A, boards: { b1: ads } }], { held: true, pageSize: 2 });
    const live = world;
    await act(async () => view.root.render(<ReportDialog source={boardSource(2)} onClose={() => undefined} />));
    await waitForPage(() => expect(live.pending).toHaveLength(1));
    await inPage(() => live.answer());
    await waitForPage(() => expect(live.pending).toHaveLength(1));
    await inPage(() => live.answer());
    // The third page is asked for: four ads are read of a board the dialog says holds two.
    await waitForPage(() => expect(live.pending).toHaveLength(1));
    await inPage(() => settle(3));
    const status = view.host.querySelector('[role="status"]')?.textContent ?? '';
    expect(status).toContain('4');
    expect(status).not.toMatch(/4 of 2/);
  });
});

describe('Embed creatives while the vault never opens', () => {
  /** A board of one ad whose creative's link is gone (HTTP 404): the report looks for the vault's copy. */
  async function stuckEmbed(): Promise<JobWorld> {
    await inPage(() => connectTo(A));
    const ads = [testAd({ id: 'ad-1', title: 'Trail shoes', images: [{ url: `${CDN}/gone-1.png` }] })];
    const live = jobWorld([{ baseUrl: A, boards: { b1: ads } }]);
    world = live;
    // Another page holds the vault open at an older version (or the profile's IndexedDB is stuck).
    blocker = await holdOlderVault();
    const source = boardSource(1);
    await act(async () => view.root.render(<Probe source={source} />));
    await waitForPage(() => expect(flow().phase.step).toBe('ask'));
    const ask = flow().phase;
    if (ask.step !== 'ask') throw new Error('not asking');
    await act(async () => flow().embed(ask));
    await waitForPage(() => expect(live.fetched).toEqual([`${CDN}/gone-1.png`]));
    return live;
  }

  it('builds the report with the creative as a placeholder, not "0 of 1 creatives fetched…" for good; Cancel gives the site back', async () => {
    // The user embeds the creatives of a board whose one creative's link is gone (404). The
    // vault's database does not answer its open (another tab holds it at an older version; a
    // damaged profile). The dialog says "0 of 1 creatives fetched…" and stays so: a minute, an
    // hour; every retry does the same, so no report with creatives can be built meanwhile.
    // The user clicks Cancel (the dialog closes): the access to cdn.example the browser granted
    // for this report alone stays granted, and the page's port naming it to the background stays
    // open, for as long as the side panel is open (Cancel gives it back at every other wait).
    // Cause: components/report/use-report-flow.ts useReportFlow.embed gives fetchCreatives a
    // `kept` that awaits keptCopy() (lib/vault/db.ts keptFile -> existingVaultDb -> openVault,
    // no `blocked` handler, no time limit) with neither the report's signal nor a bound, and
    // components/report/media.ts fetchOne awaits `options.kept` unbounded after the 404; the
    // sites are given back only in embed's `finally`, after `await fetchCreatives(…)`, never reached.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: TEST_NOW });
    const live = await stuckEmbed();
    expect(live.granted).toEqual(new Set([`${CDN}/*`]));
    for (let spent = 0; spent < 60_000; spent += 1000) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
        for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      });
    }
    // A minute on, the 404 long answered: the report is built (its file written in turns that
    // take no timer), its creative a placeholder with its link.
    await waitForPage(() => expect(flow().phase).toMatchObject({ step: 'ready', ads: 1, embedded: 0, missing: 1 }));
    // Cancel, as the dialog's button does (stop, then the dialog closes).
    await act(async () => flow().stop());
    await act(async () => view.root.unmount());
    out.flow = null;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    });
    expect.soft([...live.granted]).toEqual([]);
    expect.soft(live.openPorts).toBe(0);
  });
});

describe('an ad the service gave with an empty title', () => {
  it('is headed "Untitled ad" in the report, never an empty heading and an image "of" no one', async () => {
    // A board holds an ad whose title the service sends as "" (legal: optionalText keeps any
    // string). The panel heads it "Acme Trail's ad" (components/ads/ad-words.ts adHeadline trims
    // and falls back). The report file has `<h2></h2>`, an empty heading a screen reader
    // announces as nothing, and its creative's alt is "Image 1 of " (no name at all).
    // Cause: components/report/report-html.ts adBlock writes `ad.title ?? t('report.ad.untitled')`
    // and creativeBlock `ad.title ?? ad.brand_name ?? …`: `??` passes "" (and "   ") through.
    // The picker (components/report/ask-step.tsx AdPicker) lists the same ad as " · Acme Trail".
    const ad: LibraryAd = reportAd({ title: '' });
    const file = await renderReport({
      title: 'Autumn picks',
      kind: 'Board',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [ad],
      creatives: new Map([[`${CDN}/a.png`, { kind: 'embedded', mime: 'image/png', base64: 'iVBORw0KGgo=', bytes: 8 }]]),
    });
    const doc = new DOMParser().parseFromString(await file.text(), 'text/html');
    const heading = doc.querySelector('li.ad h2')?.textContent?.trim();
    expect(heading).not.toBe('');
    expect(doc.querySelector('li.ad img')?.getAttribute('alt')).not.toMatch(/ of $/);
  });
});

describe("the popup's Find similar when the side panel does not open", () => {
  it('says the panel could not open, not that the page could not be read', async () => {
    // On a product page the user clicks the toolbar button, then "Find similar ads on this page".
    // The page is read (the background answers the request), but the browser refuses to open
    // the side panel (the window was closed meanwhile: "No window with id: 7."). The popup says
    // "Could not read this page": the user blames the page and tries another; the page was fine.
    // Cause: components/popup/use-find-similar-here.ts useFindSimilarHere runs
    // `openResearchPanel(windowId)` inside the one action whose error components/popup/popup-app.tsx
    // PopupApp shows under `popup.readFailed`; it has `popup.openFailed` for this failure.
    vi.spyOn(browser.tabs, 'query').mockImplementation((async () => [
      { id: 42 },
    ]) as unknown as typeof browser.tabs.query);
    vi.spyOn(browser.windows, 'getCurrent').mockImplementation((async () => ({
      id: 7,
    })) as unknown as typeof browser.windows.getCurrent);
    vi.spyOn(browser.commands, 'getAll').mockImplementation(
      (async () => []) as unknown as typeof browser.commands.getAll,
    );
    const read: string[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
      type: string;
      payload: Record<string, unknown>;
    }) => {
      if (message.type === 'settings.get')
        return {
          ok: true,
          data: { baseUrl: A, origin: null, theme: 'system', hasApiKey: true, apiKeyLast4: 'kkkk' },
        };
      if (message.type === 'similar.inTab') {
        read.push(String(message.payload.tabId));
        return { ok: true, data: null };
      }
      return { ok: false, error: { code: 'internal', httpStatus: null, message: message.type, retryable: false } };
    }) as unknown as typeof browser.runtime.sendMessage);
    const sidePanel = browser.sidePanel as { open: (options: { windowId: number }) => Promise<void> };
    vi.spyOn(sidePanel, 'open').mockRejectedValue(new Error('No window with id: 7.'));
    vi.spyOn(window, 'close').mockImplementation(() => undefined);

    await act(async () => view.root.render(<PopupApp />));
    const button = await waitForPage(() => {
      const found = [...view.host.querySelectorAll('button')].find((item) =>
        item.textContent?.includes('Find similar ads on this page'),
      );
      expect(found?.disabled).toBe(false);
      return found as HTMLButtonElement;
    });
    await act(async () => button.click());
    await waitForPage(() => expect(view.host.querySelector('[role="alert"]')).not.toBeNull());
    expect(read).toEqual(['42']);
    const said = view.host.textContent ?? '';
    expect(said).not.toContain('Could not read this page');
    expect(said).toContain('Could not open the side panel');
  });
});
