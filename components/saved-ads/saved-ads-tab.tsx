import { useState } from 'react';
import { OfflineBanner } from '../ui/offline-banner';
import { AdResults } from '../ads/ad-results';
import { useSavedAds } from '../ads/queries';
import { useLocalHoldingsQuery } from '../ads/use-outbox';
import { navigate } from '../navigation/navigation-store';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/saved';

/** The ads the workspace has saved (spec 4.11), newest save first. */
export default function SavedAdsTab() {
  const saved = useSavedAds();
  const local = useLocalHoldingsQuery();
  const [openAdId, setOpenAdId] = useState<string | null>(null);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  return (
    <section aria-labelledby="saved-heading" className="tab-section">
      <h2 id="saved-heading">{t('saved.heading')}</h2>
      <OfflineBanner />
      <AdResults
        label={t('saved.heading')}
        loadingLabel={t('saved.loading')}
        errorTitle={t('saved.error')}
        query={saved}
        openAdId={openAdId}
        lastOpenedId={lastOpened}
        onOpen={(id) => {
          if (id) setLastOpened(id);
          setOpenAdId(id);
        }}
        onSeeBrand={(brand) => navigate({ to: 'search', brand })}
        empty={
          // Saves kept on boards in this browser (a service whose boards are read-only) are not the
          // service's saved ads, and are not "nothing": the view says where they are.
          local.isPending ? null : (local.data?.size ?? 0) > 0 ? (
            <div className="empty-state">
              <h3>{t('saved.empty.localTitle')}</h3>
              <p>{t('saved.empty.localBody')}</p>
              <button type="button" className="btn" onClick={() => navigate({ to: 'boards' })}>
                {t('saved.empty.openBoards')}
              </button>
            </div>
          ) : (
            <div className="empty-state">
              <h3>{t('saved.empty.title')}</h3>
              <p>{t('saved.empty.body')}</p>
            </div>
          )
        }
      />
    </section>
  );
}
