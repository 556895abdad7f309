import type { Locator, Page } from '@playwright/test';
import { accentText } from '../../scripts/i18n/pseudo';
import { ALWAYS_AS_IS, readPseudoFindings } from '../support/pseudo';
import { expect, test } from './fixtures';

/**
 * Search, an ad's detail, similar ads and saved ads in the pseudo-language (accented, 40 % longer,
 * bracketed) at 320 and 400 px: a text that skipped the catalogue, or one cut off or running out
 * of the panel, fails. The reference server's ads are service data and shown as they are.
 */
const WIDTHS = [320, 400];
/** Addresses the reference server runs at, and the ads' links. */
const ADDRESSES = /^https?:\/\/\S+$/;
/** A day or a day and time as the browser formats it ("Oct 3, 2026", "Oct 3, 2026, 4:05 PM"). */
const DATES = /^[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s?[AP]M)?$/;
/** Product names the filters name as they are. */
const PLATFORMS = ['Facebook', 'Instagram', 'TikTok', 'YouTube', 'LinkedIn'];
/**
 * Language names: the browser's own (Intl.DisplayNames, components/ui/format.ts), in the language
 * shown, so in the pseudo-language the browser's English names, as the dates are its English ones.
 */
const LANGUAGE_NAMES = [/^(English|German|French|Spanish|Italian|Dutch|Portuguese|Swedish|Japanese)$/];
/** What the service gave: brand names, ad titles and texts, tags, keywords, ids. */
const SERVICE_DATA = [
  '.ad-card-brand',
  '.ad-card-open',
  '.ad-card .badge',
  '.ad-detail-body',
  '#ad-detail-heading',
  '.facts code',
  '.keyword-row .chip span',
  '.similar-source',
];

/** The pseudo form of an English text, as a pattern for a name that starts with it. */
const pseudo = (english: string) => new RegExp(`^\\[${accentText(english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function chooseLanguage(openPage: (name: 'options') => Promise<Page>, language: string): Promise<void> {
  const options = await openPage('options');
  await options.locator('#language-choice').selectOption(language);
  await expect(options.locator('html')).toHaveAttribute('lang', language === 'auto' ? 'en' : language);
  await options.close();
}

/** The texts of the service's data on the page now, as the pass reads texts (spaces collapsed). */
async function serviceTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    (selectors) =>
      selectors.flatMap((selector) =>
        [...document.querySelectorAll(selector)]
          .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
          .filter(Boolean),
      ),
    SERVICE_DATA,
  );
}

/**
 * The panel but the save dialog (the boards' place, converted with them): its frame, the views,
 * the held saves and the notices.
 */
const PLACES = ['.panel-header', '.panel-main > :not(dialog.dialog)'];

/**
 * The pass at each width, service data and the browser's language names exempt. The service's texts and the pass
 * are read together and again until they agree: the virtual grid may render other cards between two reads.
 */
async function expectPseudoAtWidths(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(
        async () => {
          const data = await serviceTexts(page);
          const allowed = [...ALWAYS_AS_IS, ADDRESSES, DATES, ...PLATFORMS, ...LANGUAGE_NAMES, ...data];
          return readPseudoFindings(page, allowed, PLACES);
        },
        { message: `at ${width} px`, timeout: 5_000 },
      )
      .toEqual({ notPseudo: [], clipped: [] });
  }
}

function cardsOf(page: Page): Locator {
  return page.locator('.ad-grid .ad-card');
}

test('search, an ad’s detail, similar ads, saved ads and an empty search are in the pseudo-language', async ({
  openPage,
  connect,
}) => {
  // Connected as a user of the English pages does (the page object reads English), then pseudo.
  await connect();
  await chooseLanguage(openPage, 'en-XA');
  const page = await openPage('sidepanel');
  await expect(page.getByRole('tablist')).toHaveAccessibleName(/^\[.*\]$/);

  // Search results, and the newest ads before any word.
  await expect(page.locator('.results-status')).toHaveText(pseudo('Newest ads in the library'), { timeout: 15_000 });
  await page.getByRole('searchbox').fill('tent');
  await expect(page.locator('.results-status')).toHaveText(pseudo('Results for'), { timeout: 15_000 });
  await expect(cardsOf(page).first()).toBeVisible();
  await expectPseudoAtWidths(page);

  // A filter's popover open (the browser's own: a dialog), with a filter in force.
  await page.locator('.filter-chip').nth(1).click();
  const dates = page.getByRole('dialog');
  await expect(dates).toBeVisible();
  await dates.getByRole('combobox').selectOption('30');
  await expect(page.locator('.chips .chip')).toHaveCount(1);
  await expectPseudoAtWidths(page);
  await dates.getByRole('button').click();
  await expect(dates).toBeHidden();

  // An ad's detail.
  await page.locator('.ad-card-open').first().click();
  await expect(page.locator('.ad-detail dl.facts')).toBeVisible();
  await expectPseudoAtWidths(page);
  await page.keyboard.press('Escape');
  await expect(cardsOf(page).first()).toBeVisible();

  // Similar ads of an ad: its brand's, and other brands'.
  await page
    .locator('.ad-card')
    .first()
    .getByRole('button', { name: pseudo('More like this') })
    .click();
  await expect(page.locator('.similar-grid').first()).toBeVisible({ timeout: 15_000 });
  await expectPseudoAtWidths(page);

  // An empty search.
  await page.getByRole('tab').first().click();
  await page.getByRole('searchbox').fill('zzqxv');
  await expect(page.locator('.empty-state h3')).toHaveText(pseudo('No ads match'), { timeout: 15_000 });
  await expectPseudoAtWidths(page);

  // Saved ads.
  await page.getByRole('tab', { name: pseudo('Saved') }).click();
  await expect(page.locator('.ad-grid .ad-card').first()).toBeVisible({ timeout: 15_000 });
  await expectPseudoAtWidths(page);
});
