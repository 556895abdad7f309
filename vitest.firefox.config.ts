import { defineConfig } from 'vitest/config';
import { englishCatalogues } from './scripts/i18n/catalogues.ts';

/**
 * Firefox ESR with the Firefox build, driven by puppeteer-core over WebDriver BiDi
 * (`npm run build:firefox` first): run by `npm run test:firefox`. One browser per file, the
 * files one after another (two Firefox at once would fight for the two cores).
 */
export default defineConfig({
  // The tests share a few of the extension's modules (the connection's origin pattern), which carry their English.
  plugins: [englishCatalogues()],
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
