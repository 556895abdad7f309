import { useState } from 'react';
import { OfflineBanner } from '../common/offline-banner';
import { AdResults } from '../library/ad-results';
import { useSavedAds } from '../library/queries';
import { useSearchStore } from '../search/search-store';
import { usePanelStore } from '../sidepanel/panel-store';

/** The ads the workspace has saved (spec 4.11), newest save first. */
export default function SavedTab() {
  const saved = useSavedAds();
  const [openAdId, setOpenAdId] = useState<string | null>(null);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const setSearch = useSearchStore((state) => state.set);
  const setTab = usePanelStore((state) => state.setTab);
  return (
    <section aria-labelledby="saved-heading" className="tab-section">
      <h2 id="saved-heading">Saved ads</h2>
      <OfflineBanner />
      <AdResults
        label="Saved ads"
        query={saved}
        openAdId={openAdId}
        lastOpenedId={lastOpened}
        onOpen={(id) => {
          if (id) setLastOpened(id);
          setOpenAdId(id);
        }}
        onSeeBrand={(brand) => {
          setSearch({ brand });
          setTab('search');
        }}
        empty={
          <div className="empty-state">
            <h3>Nothing saved yet</h3>
            <p>Ads your team saves to boards appear here.</p>
          </div>
        }
      />
    </section>
  );
}
