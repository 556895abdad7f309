import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The project's public addresses, from package.json: one place for the manifest, the docs and the store listing. */
const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
  homepage: string;
};

/** The repository's front page: the manifest's homepage_url. */
export const HOMEPAGE_URL = pkg.homepage.replace(/#.*$/, '');

/**
 * The oldest browsers Adscope runs in, measured from the built code (scripts/browser-minimums.ts,
 * tests/built/browser-minimums.test.ts): the manifests' minimums, and the Firefox the tests need.
 */
export const MINIMUM_CHROME_VERSION = '120';
export const MINIMUM_FIREFOX_VERSION = '142.0';
