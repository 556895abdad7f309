import type { LibraryAd } from '@/lib/contract/ad-library';
import { AdCard } from './ad-card';
import { useLocalHoldings, useOutbox } from './use-outbox';
import { adSaveState } from './saved-state';
import { useSaveStore } from './save-store';
import './ads.css';

/** A short list of ad cards, every one tabbable (no virtualizing): similar ads, a brand's new ads. */
export function AdCardList({
  label,
  ads,
  onOpen,
}: {
  label: string;
  ads: readonly LibraryAd[];
  onOpen: (ad: LibraryAd) => void;
}) {
  const outbox = useOutbox();
  const holdings = useLocalHoldings();
  const openSaveDialog = useSaveStore((state) => state.openDialog);
  return (
    <div role="list" aria-label={label} className="similar-grid">
      {ads.map((ad, index) => (
        <AdCard
          key={ad.id}
          ad={ad}
          index={index}
          total={ads.length}
          tabbable
          onOpen={onOpen}
          onFocus={() => undefined}
          onSave={openSaveDialog}
          saveState={adSaveState(ad, outbox, holdings)}
        />
      ))}
    </div>
  );
}
