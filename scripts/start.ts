import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_API_KEY } from '../lib/demo';
import { startAdscopeServer } from '../server/app';
import { OptionsPage } from '../tests/e2e/pages/options-page';
import { E2E_EXTENSION_DIR, launchWithExtension } from './launch-chromium';
import { runTour } from './tour';

/**
 * `npm start`: the reference server with demo data, the development build of the extension
 * (loopback access granted at install), and Chromium with it loaded and configured for the
 * demo key. Headed when a display exists, headless otherwise. `--tour` takes a screenshot of
 * every surface into .tour/ and exits.
 */
const { values } = parseArgs({
  options: {
    tour: { type: 'boolean', default: false },
    headless: { type: 'boolean', default: false },
    port: { type: 'string', default: '8787' },
    'no-build': { type: 'boolean', default: false },
  },
});

const log = (line: string) => process.stdout.write(`${line}\n`);

async function startServer() {
  try {
    return await startAdscopeServer({ port: Number(values.port) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    log(`Port ${values.port} is busy; using a free port instead.`);
    return startAdscopeServer({ port: 0 });
  }
}

const server = await startServer();
log(`Reference server: ${server.baseUrl} (demo key ${DEMO_API_KEY})`);

if (!values['no-build']) {
  log('Building the extension (development build with loopback access)…');
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit' });
}

const headless = values.tour || values.headless || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);
const { context, extensionId } = await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR, headless });
log(`Chromium ${headless ? 'headless (no display found)' : 'window'} with Adscope ${extensionId}`);

const optionsPage = await context.newPage();
await optionsPage.goto(`chrome-extension://${extensionId}/options.html`);
await new OptionsPage(optionsPage).connect(server.baseUrl, DEMO_API_KEY);
log('Adscope is connected to the demo workspace "Acme Outdoor".');

async function shutdown(code = 0): Promise<never> {
  await context.close().catch(() => undefined);
  await server.close();
  process.exit(code);
}

if (values.tour) {
  const outDir = path.resolve('.tour');
  const files = await runTour(context, { baseUrl: server.baseUrl, extensionId }, outDir);
  log(`Tour: ${files.length} screenshots in ${outDir}`);
  await shutdown(0);
}

const panel = await context.newPage();
await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
log(`Side panel: chrome-extension://${extensionId}/sidepanel.html`);
log(
  headless ? 'Running headless. Press Ctrl+C to stop, or run "npm run tour" for screenshots.' : 'Press Ctrl+C to stop.',
);
context.on('close', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
