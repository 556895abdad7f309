import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { benchPageCost } from './page-cost';
import { report } from './report';
import { benchServerSearch } from './server-search';
import { measureSizes } from './sizes';

/**
 * `npm run bench`: performance figures with their budgets. Not part of `npm test`: the
 * machine is shared and noisy, so timings are measured several times and reported here.
 * It builds the production extension (sizes) and the e2e build (loopback access, for the
 * in-page figures), then drives real Chromium.
 */
const build = (args: string[]) => execFileSync('npx', ['wxt', 'build', ...args], { stdio: 'ignore' });
if (!process.argv.includes('--no-build')) {
  build([]);
  build(['--mode', 'e2e']);
}
const figures = [
  ...measureSizes(path.resolve('.output/chrome-mv3')),
  ...(await benchPageCost()),
  ...(await benchServerSearch()),
];
const ok = report(figures);
process.exitCode = ok ? 0 : 1;
