import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ShortcutList } from '@/components/ui/shortcuts';
import { useOpenPanel } from '@/components/ui/use-open-panel';
import { useSettings } from '@/components/ui/use-settings';
import { GenerationJobs } from './generation-jobs';
import { useFindSimilarHere } from './use-find-similar-here';
import './popup.css';

export function PopupApp() {
  const settings = useSettings();
  const findSimilar = useFindSimilarHere(() => window.close());
  const openPanel = useOpenPanel(() => window.close());
  const configured = settings.data ? settings.data.hasApiKey && settings.data.baseUrl !== '' : false;
  return (
    <main className="popup">
      <header className="popup-header">
        <h1>Adscope</h1>
        <button type="button" className="btn-link btn" onClick={() => void browser.runtime.openOptionsPage()}>
          Options
        </button>
      </header>
      {settings.data && !configured ? (
        <p className="notice notice-warning">Adscope is not connected yet. Open options to add your API key.</p>
      ) : null}
      <div className="popup-actions">
        <button
          type="button"
          className="btn btn-primary popup-open"
          disabled={!configured || findSimilar.isPending}
          onClick={() => findSimilar.mutate()}
        >
          Find similar ads on this page
        </button>
        <button type="button" className="btn popup-open" onClick={() => openPanel.mutate()}>
          Open side panel
        </button>
      </div>
      <section aria-labelledby="shortcuts-heading" className="popup-shortcuts">
        <h2 id="shortcuts-heading" className="visually-hidden">
          Keyboard shortcuts
        </h2>
        <ShortcutList />
      </section>
      {findSimilar.isError ? <ErrorNotice title="Could not read this page" error={findSimilar.error} /> : null}
      {openPanel.isError ? <ErrorNotice title="Could not open the side panel" error={openPanel.error} /> : null}
      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading">Image generations</h2>
        <GenerationJobs />
      </section>
    </main>
  );
}
