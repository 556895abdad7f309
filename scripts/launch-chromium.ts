import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { chromiumExecutable } from './requirements';

/** The e2e build: loopback host access granted at install, since headless Chromium cannot answer a permission prompt. */
export const E2E_EXTENSION_DIR = path.resolve('.output/chrome-mv3-e2e');

export interface LaunchOptions {
  extensionDir?: string;
  headless?: boolean;
  userDataDir?: string;
  /**
   * The browser's language, which Adscope's dates and numbers follow. Fixed (en-US unless
   * asked), so no test depends on the language of the machine it runs on.
   */
  locale?: string;
  /** Other unpacked extensions loaded beside it (the bench's floor: a bare extension). */
  besides?: readonly string[];
}

/** The id Chromium gives an unpacked extension: the SHA-256 of its absolute path, its first 32 hex digits as a to p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

export interface Launched {
  context: BrowserContext;
  extensionId: string;
  /** Closes the browser, then removes the profile made for it (a suite of 120 launches left 4 GB). */
  close: () => Promise<void>;
}

/** Launches Chromium with the extension loaded, using the flags this closed network needs. */
export async function launchWithExtension(options: LaunchOptions = {}): Promise<Launched> {
  const extensionDir = options.extensionDir ?? E2E_EXTENSION_DIR;
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}. Run "npm run build:e2e" first.`);
  }
  // CHROMIUM_PATH or Debian's Chromium; a clear error naming the fix when neither is there.
  const executablePath = chromiumExecutable();
  const loaded = [extensionDir, ...(options.besides ?? [])].join(',');
  const ownProfile = options.userDataDir ? undefined : mkdtempSync(path.join(tmpdir(), 'adscope-'));
  const context = await chromium.launchPersistentContext(options.userDataDir ?? ownProfile ?? '', {
    headless: options.headless ?? true,
    executablePath,
    // `--lang` alone leaves headless Chromium in en-US; Playwright's locale reaches pages and the worker.
    locale: options.locale ?? 'en-US',
    args: [
      `--disable-extensions-except=${loaded}`,
      `--load-extension=${loaded}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${options.locale ?? 'en-US'}`,
    ],
  });
  const close = async () => {
    await context.close();
    // The browser has exited: nothing writes to its profile any more.
    if (ownProfile) rmSync(ownProfile, { recursive: true, force: true, maxRetries: 3 });
  };
  if (options.besides?.length) {
    // Several workers start: wait for this extension's own.
    const extensionId = unpackedExtensionId(extensionDir);
    const ours = (url: string) => new URL(url).host === extensionId;
    if (!context.serviceWorkers().some((worker) => ours(worker.url())))
      await context.waitForEvent('serviceworker', { predicate: (worker) => ours(worker.url()) });
    return { context, extensionId, close };
  }
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return { context, extensionId, close };
}
