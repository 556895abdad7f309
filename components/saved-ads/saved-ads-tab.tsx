import { useState } from 'react';
import { OfflineBanner } from '../ui/offline-banner';
import { AdResults } from '../ads/ad-results';
import { useSavedAds } from '../ads/queries';
import { navigate } from '../navigation/navigation-store';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/saved';

/** The ads the workspace has saved (spec 4.11), newest save first. */
export default function SavedAdsTab() {
  const saved = useSavedAds();
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
          <div className="empty-state">
            <h3>{t('saved.empty.title')}</h3>
            <p>{t('saved.empty.body')}</p>
          </div>
        }
      />
    </section>
  );
}
