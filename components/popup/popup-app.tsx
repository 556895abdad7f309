import { useMutation, useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/common/error-notice';
import { useSettings } from '@/components/common/use-settings';
import { openResearchPanel } from '@/lib/panel';

export function PopupApp() {
  const settings = useSettings();
  // Known before the click: awaiting inside the click could lose the user's gesture.
  const windowId = useQuery({
    queryKey: ['currentWindow'],
    queryFn: async () => (await browser.windows.getCurrent()).id ?? null,
  });
  const openPanel = useMutation({
    // Opened from the page itself, inside the click, so the browser sees the user's gesture.
    mutationFn: () => openResearchPanel(windowId.data ?? undefined),
    onSuccess: () => window.close(),
  });
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
      <button type="button" className="btn btn-primary popup-open" onClick={() => openPanel.mutate()}>
        Open side panel
      </button>
      {openPanel.isError ? <ErrorNotice title="Could not open the side panel" error={openPanel.error} /> : null}
      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading">Image generations</h2>
        <p className="muted">No image generations yet. Jobs you start appear here with their progress.</p>
      </section>
    </main>
  );
}
