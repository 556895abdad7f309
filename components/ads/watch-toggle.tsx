import { useEffect } from 'react';
import { create } from 'zustand';
import { isUuid } from '@/lib/contract/limits';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import { WATCH_LIMIT, watchlistItem } from '@/lib/storage/watchlist';
import { iconClass } from '../ui/icons';
import { useStoredItem } from '../ui/use-stored-item';

interface WatchNotice {
  id: number;
  text: string;
  error: boolean;
}

interface WatchState {
  notice: WatchNotice | null;
  busy: ReadonlySet<string>;
  toggle: (brand: { id: string; name: string }, watching: boolean) => Promise<void>;
  dismiss: () => void;
}

let noticeCounter = 0;

/** Watching and unwatching from any card or row, with the one notice that says how it went. */
export const useWatchStore = create<WatchState>()((set, get) => ({
  notice: null,
  busy: new Set(),
  toggle: async (brand, watching) => {
    if (get().busy.has(brand.id)) return;
    set((state) => ({ busy: new Set(state.busy).add(brand.id) }));
    const say = (text: string, error = false) => set({ notice: { id: ++noticeCounter, text, error } });
    try {
      if (watching) {
        await callBackground('watch.remove', { brandIds: [brand.id] });
        say(`Stopped watching ${brand.name}.`);
      } else {
        const { watching: count } = await callBackground('watch.add', { brands: [brand] });
        say(`Watching ${brand.name} (${count} of ${WATCH_LIMIT}). Its new ads will show in New.`);
      }
    } catch (error) {
      say(`Could not ${watching ? 'unwatch' : 'watch'} ${brand.name}: ${ApiError.from(error).message}`, true);
    } finally {
      set((state) => {
        const busy = new Set(state.busy);
        busy.delete(brand.id);
        return { busy };
      });
    }
  },
  dismiss: () => set({ notice: null }),
}));

/** The brand an ad can be watched by: only a catalogue brand with an id. */
export function watchableBrand(ad: {
  unified_brand_id: string | null;
  brand_name: string | null;
}): { id: string; name: string } | null {
  return ad.unified_brand_id && isUuid(ad.unified_brand_id)
    ? { id: ad.unified_brand_id, name: ad.brand_name ?? 'this brand' }
    : null;
}

interface WatchButtonProps {
  brand: { id: string; name: string };
  /** An icon alone (an ad card), or the icon with its words (a brand row or detail). */
  compact?: boolean;
  tabbable?: boolean;
}

/** A toggle: pressed while the brand is watched. */
export function WatchButton({ brand, compact, tabbable = true }: WatchButtonProps) {
  const watched = useStoredItem(watchlistItem);
  const watching = watched?.some((item) => item.id === brand.id) ?? false;
  const busy = useWatchStore((state) => state.busy.has(brand.id));
  const toggle = useWatchStore((state) => state.toggle);
  const label = `Watch ${brand.name}`;
  if (!isUuid(brand.id)) return null;
  return (
    <button
      type="button"
      className={`btn ${compact ? 'btn-icon ad-card-action' : 'watch-button'} ${iconClass('watch')}`}
      aria-pressed={watching}
      aria-label={compact ? label : undefined}
      title={compact ? (watching ? `Watching ${brand.name}: press to stop` : label) : undefined}
      tabIndex={tabbable ? 0 : -1}
      disabled={watched === undefined || busy}
      onClick={() => void toggle(brand, watching)}
    >
      {compact ? null : (
        <>
          Watch<span className="visually-hidden"> {brand.name}</span>
        </>
      )}
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
          <span>{notice.text}</span>
          <button type="button" className="btn" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
