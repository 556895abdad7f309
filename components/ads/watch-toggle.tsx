import { useEffect } from 'react';
import { canonicalId } from '@/lib/contract/ids';
import { watchlistItem } from '@/lib/storage/watch-frame';
import { iconClass } from '../ui/icons';
import { useStoredItem } from '../ui/use-stored-item';
import { useWatchStore } from './watch-store';
import { t } from '@/lib/i18n';
import './notices.css';
import 'virtual:adscope-english/ads';

interface WatchButtonProps {
  brand: { id: string; name: string };
  /** An icon alone (an ad card), or the icon with its words (a brand row or detail). */
  compact?: boolean;
  tabbable?: boolean;
}

/** A toggle: pressed while the brand is watched. */
export function WatchButton({ brand, compact, tabbable = true }: WatchButtonProps) {
  const watched = useStoredItem(watchlistItem);
  // The watchlist keeps each id in its one form (a UUID dashed and lower case).
  const id = canonicalId(brand.id);
  const watching = watched?.some((item) => item.id === id) ?? false;
  const busy = useWatchStore((state) => state.busy.has(brand.id));
  const toggle = useWatchStore((state) => state.toggle);
  const label = t('ads.watch.label', { brand: brand.name });
  if (id === null) return null;
  return (
    <button
      type="button"
      className={`btn ${compact ? 'btn-icon ad-card-action' : 'watch-button'} ${iconClass('watch')}`}
      aria-pressed={watching}
      aria-label={label}
      title={compact ? (watching ? t('ads.watch.watchingTitle', { brand: brand.name }) : label) : undefined}
      tabIndex={tabbable ? 0 : -1}
      disabled={watched === undefined || busy}
      onClick={() => void toggle(brand, watching)}
    >
      {/* The words alone: the button's name (aria-label) says which brand. */}
      {compact ? null : t('ads.watch.button')}
    </button>
  );
}

const HIDE_AFTER_MS = 8000;

/** The last watch or unwatch, said once: polite for success, an alert for a failure. */
export function WatchNotices() {
  const notice = useWatchStore((state) => state.notice);
  const dismiss = useWatchStore((state) => state.dismiss);
  useEffect(() => {
    if (!notice || notice.error) return;
    const timer = setTimeout(dismiss, HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div
      className="toasts"
      role={notice?.error ? 'alert' : 'status'}
      aria-live={notice?.error ? 'assertive' : 'polite'}
    >
      {notice ? (
        <div className={`toast${notice.error ? ' toast-error' : ''}`}>
          <span>{t(notice.message, notice.values)}</span>
          <button type="button" className="btn" onClick={dismiss}>
            {t('ads.watch.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
