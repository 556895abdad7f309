import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The project's public addresses, from package.json: one place for the manifest, the docs and the store listing. */
const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
  homepage: string;
};

/** The repository's front page: the manifest's homepage_url. */
export const HOMEPAGE_URL = pkg.homepage.replace(/#.*$/, '');
