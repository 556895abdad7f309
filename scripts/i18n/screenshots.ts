import path from 'node:path';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { startAdscopeServer } from '../../server/app';
import { OptionsPage } from '../../tests/support/pages/options-page';
import { wordsOf } from '../../tests/support/words';
import { launchWithExtension } from '../launch-chromium';

/**
 * The README's pictures of Adscope in German and Japanese: Options, the toolbar popup and the side
 * panel's search connected to the reference server's demo workspace, taken from the e2e build
 * (`npm run build:e2e` first) in a browser of each language.
 * `npx tsx scripts/i18n/screenshots.ts` writes docs/images/{options,popup}-{de,ja}.png and search-{de,ja}.jpg; Japanese needs a
 * Japanese font on the machine (Debian: `apt-get install -y fonts-ipafont-gothic`).
 */
const OUT = path.resolve('docs/images');

const server = await startAdscopeServer({ port: 0 });
for (const language of ['de', 'ja']) {
  const { context, extensionId, close } = await launchWithExtension({ locale: language });
  const say = wordsOf(language);
  try {
    const options = await context.newPage();
    await options.setViewportSize({ width: 400, height: 900 });
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.locator('#language-choice').waitFor();
    await options.waitForFunction((lang) => document.documentElement.lang === lang, language);
    await options.screenshot({ path: path.join(OUT, `options-${language}.png`) });
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 340, height: 520 });
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.locator('#jobs-heading').waitFor();
    await popup.screenshot({ path: path.join(OUT, `popup-${language}.png`) });
    await new OptionsPage(options, say).connect(server.baseUrl, DEMO_API_KEY);
    const panel = await context.newPage();
    await panel.setViewportSize({ width: 400, height: 760 });
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await panel.getByRole('searchbox', { name: say('search.bar.label') }).fill('tent');
    await panel.getByText(say('search.status.resultsFor', { query: 'tent' })).waitFor();
    await panel.locator('.ad-card img').first().waitFor();
    await panel.waitForTimeout(800);
    await panel.screenshot({ path: path.join(OUT, `search-${language}.jpg`), type: 'jpeg', quality: 80 });
  } finally {
    await close();
  }
}
await server.close();
console.log(`Wrote ${OUT}/{options,popup}-{de,ja}.png and search-{de,ja}.jpg`);
