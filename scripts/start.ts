import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_API_KEY } from '../lib/contract/demo';
import { startAdscopeServer } from '../server/app';
import { OptionsPage } from '../tests/support/pages/options-page';
import { E2E_EXTENSION_DIR, launchWithExtension } from './launch-chromium';
import { runStoreTour } from './store-tour';
import { runTour } from './tour';

/**
 * `npm start`: the reference server with demo data, the development build of the extension
 * (loopback access granted at install), and Chromium with it loaded and configured for the
 * demo key. Headed when a display exists, headless otherwise. `--tour` takes a screenshot of
 * every surface into .tour/ and exits; `--tour --store` writes the store images to docs/store/.
 */
const { values } = parseArgs({
  options: {
    tour: { type: 'boolean', default: false },
    store: { type: 'boolean', default: false },
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

const noDisplay = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const headless = values.tour || values.headless || noDisplay;
const { context, extensionId } = await launchWithExtension({ extensionDir: E2E_EXTENSION_DIR, headless });
log(
  `Chromium ${headless ? `headless${noDisplay ? ' (no display found)' : ''}` : 'window'} with Adscope ${extensionId}`,
);

const optionsPage = await context.newPage();
await optionsPage.goto(`chrome-extension://${extensionId}/options.html`);
await new OptionsPage(optionsPage).connect(server.baseUrl, DEMO_API_KEY);
log('Adscope is connected to the demo workspace "Acme Outdoor".');

/** Without a display nobody can see the browser: what a person can do instead. */
function headlessNextSteps(
  baseUrl: string,
  workspaces: readonly { apiKey: string; name: string; plan: string }[],
): string {
  const keys = workspaces.map(
    (workspace, i) =>
      `           ${i === 0 ? 'API key ' : '     or '}  ${workspace.apiKey}   (workspace "${workspace.name}", ${workspace.plan} plan)`,
  );
  return [
    '',
    'Chromium runs headless, so there is no window to look at. What you can do next:',
    '  - See every surface: stop this (Ctrl+C) and run "npm run tour"; screenshots land in .tour/.',
    '  - Use Adscope in a desktop browser on this machine, against this server (keep this running):',
    `      1. Open chrome://extensions, turn on Developer mode, "Load unpacked" and pick ${E2E_EXTENSION_DIR}`,
    "      2. In Adscope's options (right-click the toolbar button → Options), enter:",
    `           Base URL  ${baseUrl}`,
    ...keys,
    '         then "Save and test".',
    '      Firefox: run "npm run build:firefox", then about:debugging → This Firefox → "Load Temporary',
    `      Add-on" → ${path.resolve('.output/firefox-mv2/manifest.json')}`,
    'The server keeps running until you press Ctrl+C.',
  ].join('\n');
}

async function shutdown(code = 0): Promise<never> {
  await context.close().catch(() => undefined);
  await server.close();
  process.exit(code);
}

if (values.tour && values.store) {
  const storeDir = path.resolve('docs/store');
  const files = await runStoreTour(context, { baseUrl: server.baseUrl, extensionId }, storeDir);
  log(`Store images: ${files.length} in ${storeDir}`);
  await shutdown(0);
}

if (values.tour) {
  const outDir = path.resolve('.tour');
  const readmeDir = path.resolve('docs/images');
  const files = await runTour(context, { baseUrl: server.baseUrl, extensionId }, outDir, readmeDir);
  log(`Tour: ${files.length} screenshots in ${outDir}, the README's in ${readmeDir}`);
  await shutdown(0);
}

const panel = await context.newPage();
await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
log(`Side panel: chrome-extension://${extensionId}/sidepanel.html`);
log(headless ? headlessNextSteps(server.baseUrl, server.state.data.workspaces) : 'Press Ctrl+C to stop.');
context.on('close', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
