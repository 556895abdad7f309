import { useMutation, useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { COMMANDS } from '@/lib/commands';
import { sharedKeys } from './query-keys';
import './shortcuts.css';

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

/** Adscope's shortcuts as the browser has them, read again when the page regains focus (they change in the browser's settings). */
export function useShortcuts() {
  return useQuery({
    queryKey: sharedKeys.shortcuts(),
    queryFn: async () => shortcutsOf(await browser.commands.getAll()),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Firefox's own page for add-on shortcuts; Chrome has one at a fixed address. */
interface FirefoxCommandsApi {
  openShortcutSettings?: () => Promise<void>;
}

async function openShortcutSettings(): Promise<void> {
  if (import.meta.env.FIREFOX) {
    const open = (browser.commands as unknown as FirefoxCommandsApi).openShortcutSettings;
    if (!open)
      throw new Error(
        'This Firefox cannot open its shortcut settings: open about:addons, then ⚙ → Manage Extension Shortcuts.',
      );
    await open.call(browser.commands);
    return;
  }
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}

/** One shortcut in words: its keys, that none is set, or that the browser did not say. */
export function ShortcutKeys({ keys, failed = false }: { keys: string | null | undefined; failed?: boolean }) {
  if (failed) return <span className="muted">not known (see Change shortcuts)</span>;
  if (keys === undefined) return <span className="muted">…</span>;
  return keys ? <kbd>{keys}</kbd> : <span className="muted">no shortcut set</span>;
}

/** "right-click and choose Find similar ads, press Alt+Shift+S, or use the toolbar button", with the user's key. */
export function FindSimilarHow() {
  const keys = useShortcuts().data?.findSimilar;
  return (
    <>
      right-click and choose “Find similar ads”
      {keys ? (
        <>
          , press <kbd>{keys}</kbd>,
        </>
      ) : (
        ','
      )}{' '}
      or use the toolbar button
    </>
  );
}

/** The browser's page where the user picks Adscope's keys. */
export function ChangeShortcutsButton() {
  const open = useMutation({ mutationFn: openShortcutSettings });
  return (
    <>
      <button type="button" className="btn btn-link" onClick={() => open.mutate()}>
        Change shortcuts
      </button>
      {open.isError ? (
        <p className="field-error" role="alert">
          {open.error instanceof Error ? open.error.message : 'The browser did not open its shortcut settings.'}
        </p>
      ) : null}
    </>
  );
}

/** Both shortcuts, as the browser has them, with the way to change them. */
export function ShortcutList({ className }: { className?: string }) {
  const shortcuts = useShortcuts();
  return (
    <div className={className}>
      <dl className="shortcut-list">
        <div>
          <dt>Open Adscope</dt>
          <dd>
            <ShortcutKeys keys={shortcuts.data?.openPanel} failed={shortcuts.isError} />
          </dd>
        </div>
        <div>
          <dt>Find similar ads on a page</dt>
          <dd>
            <ShortcutKeys keys={shortcuts.data?.findSimilar} failed={shortcuts.isError} />
          </dd>
        </div>
      </dl>
      <ChangeShortcutsButton />
    </div>
  );
}
