import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_API_KEY } from '../lib/contract/demo';
import { startAdscopeServer } from '../server/app';
import { findChromium, findFirefox } from './requirements';

/**
 * `npm run dev` / `npm run dev:firefox`: the reference server with demo data, and WXT's dev
 * mode (rebuilds and reloads on every save) in Chromium or Firefox, with the development build
 * connected to that server by itself. WXT's dev mode needs a window: without a display this
 * says what to do instead and exits 0.
 */
const { values } = parseArgs({
  options: {
    firefox: { type: 'boolean', default: false },
    port: { type: 'string', default: '8787' },
  },
});

const log = (line: string) => process.stdout.write(`${line}\n`);
const browserName = values.firefox ? 'Firefox' : 'Chromium';

/** Linux needs an X or Wayland display for a browser window; macOS and Windows always have one. */
function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform = process.platform): boolean {
  if (platform !== 'linux' && platform !== 'freebsd' && platform !== 'openbsd') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

if (!hasDisplay()) {
  log(
    [
      `npm run dev opens ${browserName} in a window, and this machine has no display (neither DISPLAY nor WAYLAND_DISPLAY is set).`,
      'Instead:',
      '  - npm start        the reference server and Adscope in headless Chromium, with what to do next',
      '  - npm run tour     a screenshot of every screen, in .tour/',
      '  - npm test         everything CI runs',
      `  - or give it a virtual display: xvfb-run npm run ${values.firefox ? 'dev:firefox' : 'dev'}   (Debian: sudo apt-get install -y xvfb)`,
    ].join('\n'),
  );
  process.exit(0);
}

const browser = values.firefox ? findFirefox() : findChromium();
if (!browser.ok) {
  console.error(`npm run dev needs ${browserName}: ${browser.problem}\n  ${browser.fix.join('\n  ')}`);
  process.exit(1);
}

async function startServer() {
  try {
    return await startAdscopeServer({ port: Number(values.port) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    log(`Port ${values.port} is busy; the reference server takes a free port instead.`);
    return startAdscopeServer({ port: 0 });
  }
}

const server = await startServer();
log(`Reference server: ${server.baseUrl} (demo key ${DEMO_API_KEY})`);
log(`WXT dev mode in ${browserName}: Adscope connects itself to the server, and reloads on every save.`);

const wxt = spawn(
  process.execPath,
  [path.resolve('node_modules/wxt/bin/wxt.mjs'), ...(values.firefox ? ['-b', 'firefox'] : [])],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      // Compiled into the development build only (lib/background/install.ts): what to connect to.
      WXT_DEMO_SERVER: server.baseUrl,
      [values.firefox ? 'FIREFOX_PATH' : 'CHROMIUM_PATH']: browser.path,
    },
  },
);

let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  await server.close();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) wxt.kill(signal);
  });
}
wxt.on('exit', (code) => void stop(code ?? 0));
