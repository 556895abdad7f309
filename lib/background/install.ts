import { type Browser, browser } from 'wxt/browser';
import type { EventSource } from './held-event';
import { DEMO_BUILD } from '../build-mode';
import { DEMO_API_KEY } from '../contract/demo';
import { whatsNewItem } from '../storage/whats-new';
import { writeConnection } from './api/credentials';
import { couldNot } from './could-not';

/** The page a new user meets first: what Adscope does, connecting it, and what to try. */
export const WELCOME_PATH = '/welcome.html';

export interface InstallOptions {
  /**
   * Whether a first install opens the welcome. The e2e and bench builds start a fresh profile
   * for every test and open what they test themselves.
   */
  openWelcome: boolean;
  /** Development only (`npm run dev`): the reference server the build connects itself to, with the demo key. */
  demoServer?: string | undefined;
}

/**
 * First install: the welcome opens in a tab of its own. An update opens nothing; the panel
 * shows one line about it until dismissed.
 */
export function registerInstallHandling(
  options: InstallOptions,
  installed: EventSource<[Browser.runtime.InstalledDetails]> = browser.runtime.onInstalled,
): void {
  installed.addListener(({ reason, previousVersion }) => {
    if (reason === 'install') void welcome(options).catch(logInstallError);
    if (reason === 'update') {
      const version = browser.runtime.getManifest().version;
      // A reload of the same version (development) is no news.
      if (previousVersion !== version)
        void whatsNewItem.set({ version, previous: previousVersion ?? null }).catch(logInstallError);
    }
  });
}

async function welcome(options: InstallOptions): Promise<void> {
  // Compiled away in production builds, with the demo key.
  if (DEMO_BUILD && options.demoServer) await writeConnection(options.demoServer, DEMO_API_KEY);
  if (options.openWelcome) await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
}

const logInstallError = couldNot('finish its install');
