import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { benchConcepts } from './concepts';
import { benchExtension } from './extension';
import { benchPageCost } from './page-cost';
import { environment, report } from './report';
import { benchServerSearch } from './server-search';
import { measureSizes } from './sizes';
import { benchWeek } from './week';

/**
 * `npm run bench`: performance figures with their budgets. Not part of `npm test`: the
 * machine is shared and noisy, so timings are measured several times and reported here.
 * It builds the production extension (sizes) and the bench build (production code with
 * loopback access, for everything measured in Chromium), then drives real Chromium.
 */
const build = (args: string[]) =>
  execFileSync('npx', ['wxt', 'build', ...args], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
if (!process.argv.includes('--no-build')) {
  build([]);
  // The production build plus loopback access and the e2e hooks: what ships, against the local server.
  build(['--mode', 'bench']);
}
// `--only=sizes,page,extension,server,concepts,week` runs a part, e.g. while working on one figure
// (`panel` is the panel's open, the worker's cold start and messaging against their floors,
// `board` the 10,000-ad board alone at each size and font, `watch` the watchlist's check,
// `report` a 500-ad board's report and `vault` keeping boards and scrolling kept copies, parts
// of `extension`).
// Read before the work starts: the load average is the machine's, not the bench's.
const ranOn = environment();
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (part: string) => !only || only.includes(part);
const figures = [
  ...(wanted('sizes') ? measureSizes(path.resolve('.output/chrome-mv3')) : []),
  ...(wanted('page') ? await benchPageCost() : []),
  ...(wanted('extension') ? await benchExtension() : []),
  ...(!wanted('extension') && only?.includes('panel') ? await benchExtension({ part: 'panel' }) : []),
  ...(!wanted('extension') && only?.includes('board') ? await benchExtension({ part: 'board' }) : []),
  ...(!wanted('extension') && only?.includes('watch') ? await benchExtension({ part: 'watch' }) : []),
  ...(!wanted('extension') && only?.includes('report') ? await benchExtension({ part: 'report' }) : []),
  ...(!wanted('extension') && only?.includes('vault') ? await benchExtension({ part: 'vault' }) : []),
  ...(wanted('server') ? await benchServerSearch() : []),
  ...(wanted('concepts') ? await benchConcepts() : []),
  ...(wanted('week') ? benchWeek() : []),
];
const ok = report(figures, ranOn);
process.exitCode = ok ? 0 : 1;
