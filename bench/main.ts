import { report } from './report';
import { benchServerSearch } from './server-search';

/**
 * `npm run bench`: performance figures with their budgets. Not part of `npm test`: the
 * machine is shared and noisy, so timings are measured several times and reported here.
 */
const figures = [...(await benchServerSearch())];
const ok = report(figures);
process.exitCode = ok ? 0 : 1;
