import { parseArgs } from 'node:util';
import { startAdscopeServer } from './app';
import { atriaKeyOf } from './atria-shapes';
import { HTTP_STATUS_FOR_CODE } from './envelope';
import { SHAPES } from './shapes';
import { type NewsSchedule, parseNewsOption } from './news';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    seed: { type: 'string', default: '1' },
    now: { type: 'string' },
    'time-scale': { type: 'string', default: '1' },
    'rate-limit': { type: 'string', default: '600' },
    'data-dir': { type: 'string' },
    shapes: { type: 'string', default: 'default' },
    news: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(`Adscope reference server (Open API v1)
  --port <n>          port on 127.0.0.1 (0 picks a free one; default 8787)
  --seed <n>          demo-data seed (default 1)
  --now <ISO>         pin the wall clock to this instant
  --time-scale <f>    speed of the image-generation clock (default 1)
  --rate-limit <n>    requests per minute per API key, 0 for none (default 600)
  --data-dir <dir>    persist writes there, atomically
  --shapes <name>     default; alt: other legal shapes where the contract shows none; minimal: less of what it leaves not shown;
                      atria: the real service's shapes (flat gateway errors, opaque ids, read-only boards, page_size 1-50)
  --news <every>[:<brands>]
                      new ads on the server clock: 6h or 30m, for brands named (comma-separated
                      names or ids) or else the first three the first workspace follows
`);
  process.exit(0);
}

function numberFlag(name: string, value: string | undefined): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    process.stderr.write(`--${name} must be a non-negative number, got ${value}\n`);
    process.exit(2);
  }
  return parsed;
}

const shapes = SHAPES.find((name) => name === values.shapes);
if (!shapes) {
  process.stderr.write(`--shapes must be one of ${SHAPES.join(', ')}, got ${values.shapes}\n`);
  process.exit(2);
}

let news: NewsSchedule | undefined;
try {
  news = values.news === undefined ? undefined : parseNewsOption(values.news);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}

const running = await startAdscopeServer({
  shapes,
  port: numberFlag('port', values.port),
  seed: numberFlag('seed', values.seed),
  ...(values.now ? { now: values.now } : {}),
  timeScale: numberFlag('time-scale', values['time-scale']),
  rateLimit: numberFlag('rate-limit', values['rate-limit']),
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  ...(news ? { news } : {}),
});

// First line: one JSON object for tests and tools.
process.stdout.write(
  `${JSON.stringify({
    baseUrl: running.baseUrl,
    workspaces: running.state.data.workspaces.map((w) => ({ name: w.name, apiKey: w.apiKey })),
  })}\n`,
);
process.stdout.write(
  `Adscope reference server listening on ${running.baseUrl} (API under /open/v1, ${shapes} shapes)\n`,
);
for (const workspace of running.state.data.workspaces) {
  const atriaKey = shapes === 'atria' ? ` (or ${atriaKeyOf(workspace.apiKey)})` : '';
  process.stdout.write(`  workspace "${workspace.name}": X-API-Key ${workspace.apiKey}${atriaKey}\n`);
}
process.stdout.write(`  codes -> HTTP: ${JSON.stringify(HTTP_STATUS_FOR_CODE)}; admin controls under /__admin\n`);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
