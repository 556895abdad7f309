import { ErrorNotice } from '@/components/ui/error-notice';
import { ChangeShortcutsButton, FindSimilarHow, ShortcutKeys } from '@/components/ui/shortcuts';
import { useShortcuts } from '@/components/ui/use-shortcuts';
import { useSettings } from '@/components/ui/use-settings';
import { useOpenPanel } from '@/components/ui/use-open-panel';
import { ConnectionForm } from './connection-form';
import { PrivacyNote } from './project-links';
import './options.css';

/**
 * The page a new user meets after installing: what Adscope does in a few lines, connecting
 * it to their workspace, opening it, and, once connected, what to try first.
 */
export function WelcomePage() {
  const settings = useSettings();
  const connected = settings.data ? settings.data.hasApiKey && settings.data.baseUrl !== '' : false;
  return (
    <main className="options-page welcome-page">
      <header className="welcome-header">
        <img src="/icon/128.png" alt="" width={48} height={48} />
        <h1>Welcome to Adscope</h1>
      </header>
      <p className="welcome-lead">
        Ad research in your browser. On a competitor's site, see that brand's ads and similar ads from other brands in
        one click. Search a global ad library and brand catalogue, save ads to your team's boards, read how your own ad
        accounts perform, and generate new ad images from a brief.
      </p>
      <ConnectionForm heading="1. Connect your workspace" />
      <OpenAdscope connected={connected} />
      {connected ? <TryFirst /> : null}
      <PrivacyNote />
    </main>
  );
}

/** Opens the side panel (Firefox: the sidebar) from the click, and names the shortcut that does the same. */
function OpenAdscope({ connected }: { connected: boolean }) {
  const shortcuts = useShortcuts();
  const open = useOpenPanel();
  return (
    <section aria-labelledby="open-heading" className="card">
      <h2 id="open-heading">2. Open Adscope</h2>
      <p>
        Adscope lives in your browser's {import.meta.env.FIREFOX ? 'sidebar' : 'side panel'}. Open it from its toolbar
        button, or with <ShortcutKeys keys={shortcuts.data?.openPanel} failed={shortcuts.isError} />.{' '}
        <ChangeShortcutsButton />
      </p>
      {connected ? null : <p className="muted">Connect first: every view of Adscope works from your workspace.</p>}
      <button type="button" className="btn btn-primary" onClick={() => open.mutate()} disabled={open.isPending}>
        Open Adscope
      </button>
      {open.isError ? <ErrorNotice title="Could not open Adscope" error={open.error} /> : null}
    </section>
  );
}

/** The first three things worth trying, once connected. */
function TryFirst() {
  return (
    <section aria-labelledby="try-heading" className="card">
      <h2 id="try-heading">3. What to try first</h2>
      <ol className="welcome-tries">
        <li>
          <strong>Find similar ads on a competitor's site.</strong> On their page, <FindSimilarHow />: Adscope shows
          that brand's newest ads and similar ads from other brands.
        </li>
        <li>
          <strong>Search the ad library.</strong> Type a few words in Search; <kbd>/</kbd> takes you there from anywhere
          in the panel. Filter by language, launch date, format and brand.
        </li>
        <li>
          <strong>Save an ad to a board.</strong> Press the bookmark on any ad, or <kbd>S</kbd> to save to the last
          board you used. Saves are kept until your service confirms them, even if the browser closes.
        </li>
      </ol>
    </section>
  );
}
