import type { Page } from '@playwright/test';
import { findSimilarOn } from '../../scripts/e2e-hooks';
import { demoPageBrands } from '../../server/demo-pages';
import { boardOf } from '../support/boards';
import { type Words, wordsOf } from '../support/words';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The main journey (connect, search, save, a board, its report, find similar, watch) in a browser
 * launched in German and in Japanese: every control is found by the name its language's
 * catalogue gives it, so a text that stayed in English, or a name that does not lead where it
 * should, fails here.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name that carries service data (`{ad}`): the message's own words around anything. */
function around(say: Words, id: Parameters<Words>[0], placeholder: string): RegExp {
  const [before = '', after = ''] = say(id, { [placeholder]: '\u0000' }).split('\u0000');
  return new RegExp(`^${escape(before)}.+${escape(after)}$`);
}

for (const language of ['de', 'ja']) {
  test.describe(`in a browser in ${language}`, () => {
    test.use({ browserLocale: language });
    const say = wordsOf(language);

    test.beforeEach(async ({ connect, server }) => {
      server.state.faults.clear();
      await connect();
    });

    test('connect, search, save to a board, its report, find similar and watch a brand', async ({
      openPage,
      server,
      context,
    }) => {
      const workspace = server.state.data.workspaces[0];
      if (!workspace) throw new Error('no demo workspace');
      const boardName = `Journey ${language}`;
      const seeded = boardOf(`journey-${language}`, boardName, server.state.data.catalogue.ads.slice(2000, 2002));
      workspace.boards.push(seeded);
      const page: Page = await openPage('sidepanel');
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // Search.
      await page.getByRole('searchbox', { name: say('search.bar.label') }).fill('jacket');
      await expect(page.locator('.results-status')).toHaveText(say('search.status.resultsFor', { query: 'jacket' }), {
        timeout: 15_000,
      });
      const cards = page.getByRole('list', { name: say('search.results.label') }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      const title = (await cards.first().getByRole('heading').textContent()) ?? '';

      // Save it to a board, with a tag.
      await cards
        .first()
        .getByRole('button', { name: around(say, 'ads.card.saveLabel', 'ad') })
        .click();
      const dialog = page.getByRole('dialog', { name: say('boards.save.title') });
      await dialog.getByRole('searchbox', { name: say('boards.save.find') }).fill(boardName);
      await dialog.getByRole('radio', { name: new RegExp(escape(boardName)) }).check();
      await dialog.getByRole('textbox', { name: say('boards.save.tags') }).fill('journey');
      await dialog.getByRole('button', { name: say('boards.save.saveTo', { board: boardName }) }).click();
      await expect(page.getByText(say('ads.toast.saved', { board: boardName }))).toBeVisible();
      await expectAccessible(page);

      // The board, with the ad first, and its report.
      await page.getByRole('tab', { name: say('panel.tab.boards') }).click();
      await page.getByRole('searchbox', { name: say('boards.filter') }).fill(boardName);
      await page.getByRole('treeitem', { name: new RegExp(`^${escape(boardName)}`) }).click();
      const boardAds = page.getByRole('list', { name: say('boards.view.adsLabel') }).getByRole('listitem');
      await expect(boardAds.first()).toContainText(title);
      await expect(boardAds.first()).toContainText('journey');
      await page.getByRole('button', { name: say('boards.view.exportReport') }).click();
      const report = page.getByRole('dialog', { name: say('report.dialog.label') });
      await report.getByRole('button', { name: say('report.ask.embed') }).click();
      await expect(report.getByRole('button', { name: say('report.ready.save') })).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(report).toBeHidden();

      // Find similar from a competitor's page.
      const [brand] = demoPageBrands(server.state);
      if (!brand) throw new Error('the demo needs a page brand');
      const url = `${server.baseUrl}/demo/pages/json-ld`;
      const competitor = await context.newPage();
      await competitor.goto(url);
      await findSimilarOn(context, url, { source: 'page', button: false });
      await expect(page.getByRole('tab', { name: say('panel.tab.similar') })).toHaveAttribute('aria-selected', 'true');
      await expect(
        page.getByRole('heading', { level: 2, name: say('similar.heading', { title: 'Waterproof trail backpack' }) }),
      ).toBeVisible();
      const others = page.getByRole('list', { name: say('similar.others.title') });
      await expect(others.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
      await competitor.close();

      // Watch the page's brand from Brands; New says where its launches will show.
      await page.getByRole('tab', { name: say('panel.tab.brands') }).click();
      await page.getByRole('searchbox', { name: say('brands.catalogue.search') }).fill(brand.name);
      const row = page
        .getByRole('list', { name: say('brands.catalogue.results') })
        .getByRole('listitem')
        .filter({ hasText: brand.name });
      const watch = row.first().getByRole('button', { name: say('ads.watch.label', { brand: brand.name }) });
      await watch.click();
      await expect(watch).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: say('ads.watch.started', { brand: brand.name, count: 1, limit: 100 }) }),
      ).toBeVisible();
      await expectAccessible(page);
      workspace.boards.splice(workspace.boards.indexOf(seeded), 1);
    });
  });
}
