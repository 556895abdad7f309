/**
 * Firefox smoke test: `web-ext run` installs the Firefox build (.output/firefox-mv2) as a
 * temporary add-on in headless Firefox ESR, then, over WebDriver BiDi, an extension page is
 * opened and the background must answer a message (and refuse a malformed one).
 * Needs /usr/bin/firefox-esr (`apt-get install -y firefox-esr`) or FIREFOX_PATH.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import webExt from 'web-ext';
import WebSocket from 'ws';
import { findFirefox } from './requirements';

const SOURCE = path.resolve('.output/firefox-mv2');
const ADDON_ID = 'adscope@adscope.dev';

function fail(message: string): never {
  console.error(`Firefox smoke test: ${message}`);
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A minimal WebDriver BiDi client: one command at a time, answers matched by id. */
async function connectBidi(
  port: number,
): Promise<(method: string, params: object) => Promise<Record<string, unknown>>> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/session`);
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (!opened) {
      await sleep(500);
      continue;
    }
    let nextId = 0;
    const waiting = new Map<number, (message: Record<string, unknown>) => void>();
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Record<string, unknown>;
      const answer = typeof message.id === 'number' ? waiting.get(message.id) : undefined;
      if (answer) answer(message);
    });
    return (method, params) =>
      new Promise((resolve, reject) => {
        nextId += 1;
        const id = nextId;
        const timer = setTimeout(() => reject(new Error(`${method} got no answer`)), 20_000);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (message.type === 'error') reject(new Error(`${method}: ${String(message.message)}`));
          else resolve((message.result ?? {}) as Record<string, unknown>);
        });
        socket.send(JSON.stringify({ id, method, params }));
      });
  }
  fail('Firefox did not open its WebDriver BiDi port.');
}

interface Context {
  context: string;
  url: string;
  children?: Context[];
}

async function main(): Promise<void> {
  const firefox = findFirefox();
  if (!firefox.ok) fail(`Firefox ESR ${firefox.problem}\n${firefox.fix.join('\n')}`);
  if (!existsSync(path.join(SOURCE, 'manifest.json'))) fail('no Firefox build: run "npm run build:firefox" first.');
  process.env.MOZ_HEADLESS = '1';
  const port = await freePort();
  const runner = await webExt.cmd.run(
    {
      sourceDir: SOURCE,
      firefox: firefox.path,
      target: ['firefox-desktop'],
      args: ['--remote-debugging-port', String(port), '--remote-allow-system-access'],
      noReload: true,
      noInput: true,
    },
    { shouldExitProgram: false },
  );
  try {
    const send = await connectBidi(port);
    await send('session.new', { capabilities: {} });
    // BiDi may not navigate to extension pages, so the browser window opens one as a user would.
    const windows = (await send('browsingContext.getTree', { 'moz:scope': 'chrome' })).contexts as Context[];
    const browserWindow = windows[0]?.context;
    if (!browserWindow) fail('no browser window.');
    // The add-on's moz-extension:// host, as Firefox assigned it at install.
    let host: string | undefined;
    for (let attempt = 0; attempt < 40 && !host; attempt += 1) {
      const found = await send('script.evaluate', {
        target: { context: browserWindow },
        expression: `WebExtensionPolicy.getByID(${JSON.stringify(ADDON_ID)})?.mozExtensionHostname ?? ''`,
        awaitPromise: false,
      });
      const value = (found.result as { value?: unknown } | undefined)?.value;
      if (typeof value === 'string' && value) host = value;
      else await sleep(250);
    }
    if (!host) fail('the add-on is not installed.');
    const options = `moz-extension://${host}/options.html`;
    await send('script.evaluate', {
      target: { context: browserWindow },
      expression: `gBrowser.selectedTab = gBrowser.addTab(${JSON.stringify(options)}, { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() }); true`,
      awaitPromise: false,
    });
    let page: Context | undefined;
    for (let attempt = 0; attempt < 40 && !page; attempt += 1) {
      const tabs = (await send('browsingContext.getTree', {})).contexts as Context[];
      page = tabs.find((tab) => tab.url === options);
      if (!page) await sleep(250);
    }
    if (!page) fail('the options page of the add-on did not open.');
    const ask = async (message: object) => {
      const evaluated = await send('script.evaluate', {
        target: { context: page.context },
        expression: `browser.runtime.sendMessage(${JSON.stringify(message)}).then((reply) => JSON.stringify(reply))`,
        awaitPromise: true,
      });
      const result = evaluated.result as { type?: string; value?: unknown } | undefined;
      if (evaluated.type !== 'success' || typeof result?.value !== 'string') {
        fail(`the page could not message the background: ${JSON.stringify(evaluated).slice(0, 300)}`);
      }
      return JSON.parse(result.value) as { ok: boolean; data?: Record<string, unknown>; error?: { code: unknown } };
    };
    const settings = await ask({ type: 'settings.get', payload: {} });
    if (!settings.ok || settings.data?.theme !== 'system' || settings.data?.hasApiKey !== false) {
      fail(`the background gave an unexpected answer: ${JSON.stringify(settings)}`);
    }
    const refused = await ask({ type: 'settings.get', payload: { sneaky: 1 } });
    if (refused.ok || refused.error?.code !== 'invalid_input') {
      fail(`the background did not refuse a malformed message: ${JSON.stringify(refused)}`);
    }
    console.info(
      'Firefox smoke test: installed as a temporary add-on; the background answered settings.get and refused a malformed message.',
    );
  } finally {
    await runner.exit();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);
