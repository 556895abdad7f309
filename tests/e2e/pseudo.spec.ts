import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/app';
import { expectPseudoEverywhere } from '../support/pseudo';
import { expect, test } from './fixtures';

/**
 * Every converted surface in the pseudo-language (accented, 40 % longer, bracketed): a text that
 * skipped the catalogue, or one cut off or running out of the page, fails.
 */
const WIDTHS = [320, 400];
/** An address given as an example, and addresses the reference server runs at. */
const ADDRESSES = /^(https?:\/\/\S+|•+ \w{4})$/;
/** The toolbar popup is 340 px wide, whatever the browser: it is read at that width and wider. */
const POPUP_WIDTHS = [340, 400];
/** A browser's shortcut keys (Alt+Shift+S) are the browser's words, not ours. */
const KEYS = /^[A-Za-z]+(\+[A-Za-z0-9]+)+$/;

async function chooseLanguage(openPage: (name: 'options') => Promise<Page>, language: string): Promise<void> {
  const options = await openPage('options');
  await options.locator('#language-choice').selectOption(language);
  await expect(options.locator('html')).toHaveAttribute('lang', language === 'auto' ? 'en' : language);
  await options.close();
}

const choosePseudo = (openPage: (name: 'options') => Promise<Page>) => chooseLanguage(openPage, 'en-XA');

/** Generations in each state the popup shows: done with a failed and an unreadable image, failed, unconfirmed, held. */
function storedJobs(server: RunningServer, now: number) {
  const account = server.state.adAccounts[0];
  const ad = account?.ads[0];
  const url = account && ad ? `${server.baseUrl}/media/accounts/${account.id}/${ad.platformAdId}/preview.svg` : null;
  const base = {
    choice: { prompt: 'Summer sale', brand_id: 'b1', size: 3 },
    brandName: 'Acme',
    submitAttempts: 1,
    pollFailures: 0,
    nextAt: now + 86_400_000,
    generationId: 'gen-1',
    imageIds: [],
    finishedAt: now,
    createdAt: now - 125_000,
  };
  const image = (id: string, status: string, withUrl = false) => ({
    id,
    status,
    url: withUrl ? url : null,
    concept: null,
    error: null,
  });
  return [
    {
      ...base,
      id: 'job-done-0001',
      phase: 'done',
      status: 'partial_success',
      error: null,
      images: [image('i1', 'success', true), image('i2', 'failed'), image('i3', 'unreadable')],
    },
    {
      ...base,
      id: 'job-failed-0002',
      phase: 'failed',
      status: 'failed',
      images: [],
      error: { code: 'generation_failed', httpStatus: null, message: 'Acme', retryable: false },
    },
    {
      ...base,
      id: 'job-unconfirmed-0003',
      phase: 'unconfirmed',
      status: null,
      images: [],
      finishedAt: null,
      error: { code: 'network', httpStatus: null, message: 'Acme', retryable: true, requestId: 'req-42' },
    },
    { ...base, id: 'job-held-0004', phase: 'running', status: 'processing', images: [], held: true, error: null },
  ];
}

test('the popup, with generations in every state, is all in the pseudo-language and nothing is cut off', async ({
  openPage,
  server,
  context,
}) => {
  await choosePseudo(openPage);
  const worker = context.serviceWorkers()[0];
  const jobs = storedJobs(server, Date.now());
  await worker?.evaluate(async (value) => {
    type Chrome = { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
    await (globalThis as unknown as { chrome: Chrome }).chrome.storage.local.set({ generationJobs: value });
  }, jobs);
  const popup = await openPage('popup');
  await expect(popup.getByRole('list', { name: /^\[.*\]$/ }).first()).toBeVisible();
  for (const width of POPUP_WIDTHS) {
    await popup.setViewportSize({ width, height: 900 });
    await expectPseudoEverywhere(popup, [KEYS, 'Acme', 'Summer sale', 'req-42']);
  }
});

test('Options and the welcome page are all in the pseudo-language, with nothing cut off at 320 and 400 px', async ({
  openPage,
  connect,
  context,
  extensionId,
  consoleErrors,
}) => {
  await connect();
  await choosePseudo(openPage);
  const options = await openPage('options');
  await expect(options.locator('h1')).toHaveText(/^\[.*\]$/);
  for (const width of WIDTHS) {
    await options.setViewportSize({ width, height: 900 });
    await expectPseudoEverywhere(options, [KEYS, ADDRESSES]);
  }
  // The question before everything is deleted.
  await options.locator('button.btn-danger').click();
  await expect(options.getByRole('alert')).toBeVisible();
  for (const width of WIDTHS) {
    await options.setViewportSize({ width, height: 900 });
    await expectPseudoEverywhere(options, [KEYS, ADDRESSES]);
  }

  const welcome = await context.newPage();
  welcome.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`welcome: ${message.text()}`);
  });
  await welcome.goto(`chrome-extension://${extensionId}/welcome.html`);
  await expect(welcome.locator('h1')).toHaveText(/^\[.*\]$/);
  await expect(welcome.locator('#try-heading')).toBeVisible();
  for (const width of WIDTHS) {
    await welcome.setViewportSize({ width, height: 900 });
    await expectPseudoEverywhere(welcome, [KEYS, ADDRESSES, '/', 'S']);
  }
});

test('the side panel’s frame, its places and the setup prompt are in the pseudo-language at 320 and 400 px', async ({
  openPage,
  connect,
}) => {
  await choosePseudo(openPage);
  const unconnected = await openPage('sidepanel');
  await expect(unconnected.locator('.empty-state h2')).toHaveText(/^\[.*\]$/);
  for (const width of WIDTHS) {
    await unconnected.setViewportSize({ width, height: 800 });
    await expectPseudoEverywhere(unconnected);
  }
  await unconnected.close();
  // Connected as a user of the English pages does (the page object reads English), then back to pseudo.
  await chooseLanguage(openPage, 'auto');
  await connect();
  await choosePseudo(openPage);
  const panel = await openPage('sidepanel');
  await expect(panel.getByRole('tablist')).toHaveAccessibleName(/^\[.*\]$/);
  // The places' own views are converted one by one; the frame and the place names are checked here.
  for (const width of WIDTHS) {
    await panel.setViewportSize({ width, height: 800 });
    await expectPseudoEverywhere(panel, [], ['.panel-header', '[role=tablist]']);
  }
});
