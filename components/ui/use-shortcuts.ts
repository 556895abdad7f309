import { browser } from 'wxt/browser';
import { COMMANDS } from '@/lib/commands';
import { onPageShown, sharedRead, useAction } from './plain-read';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/shortcuts';

/** The keys the browser has for Adscope's commands now: null when the user removed one, or another add-on took it. */
export interface Shortcuts {
  openPanel: string | null;
  findSimilar: string | null;
}

/** Reads the browser's list of commands into the two the user presses. */
export function shortcutsOf(commands: readonly { name?: string; shortcut?: string }[]): Shortcuts {
  const keyOf = (name: string) => commands.find((command) => command.name === name)?.shortcut?.trim() || null;
  return {
    openPanel: keyOf(import.meta.env.FIREFOX ? COMMANDS.openSidebar : COMMANDS.openPanel),
    findSimilar: keyOf(COMMANDS.findSimilar),
  };
}

const shortcuts = sharedRead(async () => shortcutsOf(await browser.commands.getAll()), onPageShown);

/** Adscope's shortcuts as the browser has them, read again when the page is shown again (they change in the browser's settings). */
export function useShortcuts() {
  return shortcuts.use();
}

/** Firefox's own page for add-on shortcuts; Chrome has one at a fixed address. */
interface FirefoxCommandsApi {
  openShortcutSettings?: () => Promise<void>;
}

async function openShortcutSettings(): Promise<void> {
  if (import.meta.env.FIREFOX) {
    const open = (browser.commands as unknown as FirefoxCommandsApi).openShortcutSettings;
    if (!open) throw new Error(t('shortcuts.firefoxCannot'));
    await open.call(browser.commands);
    return;
  }
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}

/** Opens the browser's page where the user picks Adscope's keys. */
export function useOpenShortcutSettings() {
  return useAction(openShortcutSettings);
}
