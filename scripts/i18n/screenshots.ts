import path from 'node:path';
import { launchWithExtension } from '../launch-chromium';

/**
 * The README's pictures of Adscope in German and Japanese: Options and the toolbar popup, taken
 * from the e2e build (`npm run build:e2e` first) in a browser of each language.
 * `npx tsx scripts/i18n/screenshots.ts` writes docs/images/{options,popup}-{de,ja}.png; Japanese needs a
 * Japanese font on the machine (Debian: `apt-get install -y fonts-ipafont-gothic`).
 */
const OUT = path.resolve('docs/images');

for (const language of ['de', 'ja']) {
  const { context, extensionId } = await launchWithExtension({ locale: language });
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
  } finally {
    await context.close();
  }
}
console.log(`Wrote ${OUT}/{options,popup}-{de,ja}.png`);
