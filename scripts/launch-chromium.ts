import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

/** The e2e build: loopback host access granted at install, since headless Chromium cannot answer a permission prompt. */
export const E2E_EXTENSION_DIR = path.resolve('.output/chrome-mv3-e2e');

/** Debian's Chromium when present (Playwright's own download is not reachable on our machines). */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export interface LaunchOptions {
  extensionDir?: string;
  headless?: boolean;
  userDataDir?: string;
}

/** Launches Chromium with the extension loaded, using the flags this closed network needs. */
export async function launchWithExtension(
  options: LaunchOptions = {},
): Promise<{ context: BrowserContext; extensionId: string }> {
  const extensionDir = options.extensionDir ?? E2E_EXTENSION_DIR;
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}. Run "npm run build:e2e" first.`);
  }
  const executablePath = chromiumPath();
  const context = await chromium.launchPersistentContext(
    options.userDataDir ?? mkdtempSync(path.join(tmpdir(), 'adscope-')),
    {
      headless: options.headless ?? true,
      ...(executablePath ? { executablePath } : {}),
      args: [
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  );
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return { context, extensionId };
}
