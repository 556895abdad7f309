import type { Page } from '@playwright/test';
import { shiftUtcDay } from '../../lib/contract/window';
import { readCatalogue } from '../../scripts/i18n/catalogues';
import { pseudoMessage } from '../../scripts/i18n/pseudo';
import { expectPseudoEverywhere } from '../support/pseudo';
import { expect, test } from './fixtures';

/**
 * The worker's errors, the contract's field checks and the offline line in the pseudo-language
 * (accented, 40 % longer, bracketed), at 320 and 400 px. The places around them are other slices'
 * and are read only where these texts are. The service's own words inside a sentence are its data.
 */
const WIDTHS = [320, 400];
const english = readCatalogue('en');

/** A message as the pseudo-language says it, its placeholders filled. */
function pseudo(id: string, values: Record<string, string> = {}): string {
  return pseudoMessage(english[id] ?? id)
    .map((part) => (typeof part === 'string' ? part : (values[String(part[0])] ?? '')))
    .join('');
}

async function choosePseudo(openPage: (name: 'options') => Promise<Page>): Promise<void> {
  const options = await openPage('options');
  await options.locator('#language-choice').selectOption('en-XA');
  await expect(options.locator('html')).toHaveAttribute('lang', 'en-XA');
  await options.close();
}

async function atEveryWidth(page: Page, within: readonly string[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectPseudoEverywhere(page, [], within);
  }
}

test('the offline line says so in the pseudo-language', async ({ openPage, connect }) => {
  await connect();
  await choosePseudo(openPage);
  const panel = await openPage('sidepanel');
  await expect(panel.getByRole('tablist')).toHaveAccessibleName(/^\[.*\]$/);
  // The browser says it went offline; a real cut would fail the places' image loads, which are not this check's.
  await panel.evaluate(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
  const line = panel.locator('.notice-warning[role=status]');
  await expect(line).toHaveText(/^\[.*\]$/);
  await atEveryWidth(panel, ['.notice-warning[role=status]']);
});

test('an error the worker wrote reaches the panel in the pseudo-language, the service’s words inside it', async ({
  openPage,
  connect,
  server,
}) => {
  await connect();
  await choosePseudo(openPage);
  // The service refuses the brands for the plan, in its own words: a flat error at HTTP 403.
  server.state.faults.add({
    kind: 'gateway-status',
    status: 403,
    path: '/owned-brands',
    error: 'plan_required',
    message: 'Upgrade to read brands.',
  });
  const panel = await openPage('sidepanel');
  await panel.getByRole('tab', { name: pseudo('panel.tab.workspace') }).click();
  const alert = panel.getByRole('alert');
  // The worker's sentence, the service's words as they were given, and the advice under it.
  const said = pseudo('api.transport.notAllowed', { status: '403', said: 'Upgrade to read brands.' });
  await expect(alert).toContainText(said, { timeout: 20_000 });
  await expect(alert.locator('p.muted')).toHaveText(/^\[.*\]$/);
  await atEveryWidth(panel, ['[role=alert] > p:not(:first-child)']);
  server.state.faults.clear();
});

test('a field check in a form reads in the pseudo-language', async ({ openPage, connect }) => {
  await connect();
  await choosePseudo(openPage);
  const panel = await openPage('sidepanel');
  await panel.getByRole('tab', { name: pseudo('panel.tab.accounts') }).click();
  const account = panel.locator('.accounts select').first();
  await account.selectOption({ label: 'Acme Outdoor · Meta' });
  const details = panel.locator('details.fold');
  await expect(details).toBeVisible();
  if ((await details.getAttribute('open')) === null) await details.locator(':scope > summary').click();
  await panel.locator('input[type=radio][value=custom]').check();
  const stop = panel.locator('input[type=date][id$="-stop"]');
  const today = (await stop.getAttribute('max')) ?? '';
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // A day after the latest allowed one: the contract's window check refuses it.
  await stop.fill(shiftUtcDay(today, 1));
  const problem = panel.locator('p.field-error[role=alert]');
  await expect(problem).toHaveText(/^\[.*\]$/);
  await atEveryWidth(panel, ['p.field-error[role=alert]']);
});
