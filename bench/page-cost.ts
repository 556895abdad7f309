import { type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { findSimilarOn, pendingHandover } from '../scripts/e2e-hooks';
import { launchWithExtension } from '../scripts/launch-chromium';
import { chromiumExecutable } from '../scripts/requirements';
import { startAdscopeServer } from '../server/app';
import { BENCH_EXTENSION_DIR } from './extension';
import { againstFloor, floorOf } from './floor';
import { type Figure, median } from './report';

const RUNS = 5;
/**
 * Find similar's script time on the heavy pages against the same read on the same page empty:
 * reading a page of 5,000 or 50,000 nodes may cost only a fraction more than reading none.
 */
const FIND_SIMILAR_RATIO = 1.5;

interface PageLoad {
  scriptMs: number;
  nodes: number;
  extensionWorlds: number;
}

/** Loads the heavy page and reads its script time, its nodes, and the extension worlds created in it. */
async function loadHeavyPage(context: BrowserContext, page: Page, url: string): Promise<PageLoad> {
  const cdp = await context.newCDPSession(page);
  let extensionWorlds = 0;
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => {
    if (created.origin.startsWith('chrome-extension://')) extensionWorlds += 1;
  });
  await cdp.send('Runtime.enable');
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const scriptMs = (metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await cdp.detach();
  return { scriptMs, nodes, extensionWorlds };
}

interface Triggered {
  scriptMs: number;
  taskMs: number;
  longTasks: number;
  nodesAdded: number;
}

/** Triggers find-similar on a loaded page and reads what it cost there: script and task time, long tasks, nodes added. */
async function triggerOn(context: BrowserContext, page: Page, url: string, nodes: number): Promise<Triggered> {
  await page.evaluate(() => {
    const scope = window as unknown as { longTasks: number[] };
    scope.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) scope.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  // One session across the trigger: the counters start when it enables them.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await metric(cdp, 'ScriptDuration');
  const tasksBefore = await metric(cdp, 'TaskDuration');
  const previous = (await pendingHandover(context))?.id;
  await findSimilarOn(context, url, { source: 'page', button: false });
  for (let wait = 0; wait < 50; wait += 1) {
    const pending = await pendingHandover(context);
    if (pending && pending.id !== previous && pending.state !== 'reading') break;
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(200);
  const scriptMs = (await metric(cdp, 'ScriptDuration')) - before;
  const taskMs = (await metric(cdp, 'TaskDuration')) - tasksBefore;
  await cdp.detach();
  return {
    scriptMs,
    taskMs,
    longTasks: await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.length),
    nodesAdded: (await page.evaluate(() => document.getElementsByTagName('*').length)) - nodes,
  };
}

async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000;
}

/**
 * What the extension costs inside a heavy page (about 5,000 nodes): installed but not
 * triggered (nothing may run or be added), and when find-similar is triggered (its script
 * time, long tasks and nodes), against the same page in Chromium without the extension.
 */
export async function benchPageCost(): Promise<Figure[]> {
  const server = await startAdscopeServer({ port: 0, rateLimit: 0 });
  const url = `${server.baseUrl}/demo/pages/heavy`;
  const hugeUrl = `${server.baseUrl}/demo/pages/heavy-50k`;
  const emptyUrl = `${server.baseUrl}/demo/pages/heavy-empty`;
  try {
    const plain = await chromium.launch({
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
      executablePath: chromiumExecutable(),
    });
    const baseline: PageLoad[] = [];
    const plainContext = await plain.newContext();
    for (let run = 0; run < RUNS; run += 1) {
      const page = await plainContext.newPage();
      baseline.push(await loadHeavyPage(plainContext, page, url));
      await page.close();
    }
    await plain.close();

    const { context, close } = await launchWithExtension({ extensionDir: BENCH_EXTENSION_DIR });
    const installed: PageLoad[] = [];
    const triggered: Triggered[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const page = await context.newPage();
      const load = await loadHeavyPage(context, page, url);
      installed.push(load);
      triggered.push(await triggerOn(context, page, url, load.nodes));
      await page.close();
    }
    // Reading the heavy page and the page of 50,000 nodes must cost about what reading the same
    // page with no items does: the floor, read in turns with them (in a rotating order), so each
    // run's time is compared with the floor read beside it.
    const heavy: Triggered[] = [];
    const huge: Triggered[] = [];
    const empty: Triggered[] = [];
    let hugeNodes = 0;
    let emptyNodes = 0;
    const readOn = async (pageUrl: string): Promise<{ nodes: number; triggered: Triggered }> => {
      const page = await context.newPage();
      const load = await loadHeavyPage(context, page, pageUrl);
      const triggered = await triggerOn(context, page, pageUrl, load.nodes);
      await page.close();
      return { nodes: load.nodes, triggered };
    };
    const pages = [url, hugeUrl, emptyUrl];
    for (let run = 0; run < RUNS * 2; run += 1) {
      for (let turn = 0; turn < pages.length; turn += 1) {
        const pageUrl = pages[(run + turn) % pages.length] ?? url;
        const read = await readOn(pageUrl);
        if (pageUrl === url) heavy.push(read.triggered);
        else if (pageUrl === hugeUrl) {
          hugeNodes = read.nodes;
          huge.push(read.triggered);
        } else {
          emptyNodes = read.nodes;
          empty.push(read.triggered);
        }
      }
    }
    const emptyTimes = empty.map((run) => run.scriptMs);
    await close();

    const emptyFloor = floorOf(
      'find-similar read on the same page empty',
      emptyTimes,
      `${emptyNodes} nodes, script time in the page, median of ${empty.length}`,
    );
    const baseNodes = median(baseline.map((load) => load.nodes));
    const baseScript = median(baseline.map((load) => load.scriptMs));
    const idleScript = median(installed.map((load) => load.scriptMs));
    return [
      emptyFloor,
      {
        name: 'heavy page: DOM nodes',
        value: baseNodes,
        unit: 'nodes',
        note: 'the page itself, without the extension',
      },
      {
        name: 'not triggered: extension scripts run in the page',
        value: Math.max(...installed.map((load) => load.extensionWorlds)),
        unit: 'scripts',
        budget: 0,
      },
      {
        name: 'not triggered: DOM nodes added',
        value: median(installed.map((load) => load.nodes)) - baseNodes,
        unit: 'nodes',
        budget: 0,
      },
      {
        name: 'not triggered: page script time',
        value: idleScript,
        unit: 'ms',
        note: `without the extension ${baseScript.toFixed(1)} ms (ratio ${(idleScript / Math.max(baseScript, 0.01)).toFixed(2)}); the page has no scripts of its own`,
      },
      ...againstFloor(
        {
          name: 'find-similar triggered: script time in the page',
          value: median(heavy.map((run) => run.scriptMs)),
          unit: 'ms',
          note: `the isolated world, the script, reading the signals and sending them; median of ${heavy.length}`,
        },
        emptyFloor,
        FIND_SIMILAR_RATIO,
        { times: heavy.map((run) => run.scriptMs), floors: emptyTimes },
      ),
      {
        name: 'find-similar triggered: main-thread task time',
        value: median(triggered.map((run) => run.taskMs)),
        unit: 'ms',
        note: 'every task in the page while triggered, style and layout included',
      },
      {
        name: 'find-similar triggered: long tasks',
        value: Math.max(...triggered.map((run) => run.longTasks)),
        unit: 'tasks',
        budget: 0,
      },
      {
        name: 'find-similar triggered: DOM nodes added',
        value: Math.max(...triggered.map((run) => run.nodesAdded)),
        unit: 'nodes',
        budget: 0,
        note: 'the page button is off',
      },
      ...againstFloor(
        {
          name: 'page of 50,000 nodes, find-similar triggered: script time in the page',
          value: median(huge.map((run) => run.scriptMs)),
          unit: 'ms',
          note: `${hugeNodes} nodes, median of ${huge.length}`,
        },
        emptyFloor,
        FIND_SIMILAR_RATIO,
        { times: huge.map((run) => run.scriptMs), floors: emptyTimes },
      ),
      {
        name: 'page of 50,000 nodes, find-similar triggered: long tasks',
        value: Math.max(...huge.map((run) => run.longTasks)),
        unit: 'tasks',
        budget: 0,
      },
    ];
  } finally {
    await server.close();
  }
}
