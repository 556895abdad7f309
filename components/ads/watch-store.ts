import { create } from 'zustand';
import { canonicalId } from '@/lib/contract/ids';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import { WATCH_LIMIT } from '@/lib/storage/watch-entries';
import { type MessageId, type MessageValues, t } from '@/lib/i18n';
import 'virtual:adscope-english/ads';

/** A notice's message, said in the language shown when it is drawn. */
interface WatchNotice {
  id: number;
  message: MessageId;
  values: MessageValues;
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
    const say = (message: MessageId, values: MessageValues, error = false) =>
      set({ notice: { id: ++noticeCounter, message, values, error } });
    try {
      if (watching) {
        await callBackground('watch.remove', { brandIds: [brand.id] });
        say('ads.watch.stopped', { brand: brand.name });
      } else {
        const { watching: count } = await callBackground('watch.add', { brands: [brand] });
        say('ads.watch.started', { brand: brand.name, count, limit: WATCH_LIMIT });
      }
    } catch (error) {
      say(
        watching ? 'ads.watch.unwatchFailed' : 'ads.watch.watchFailed',
        { brand: brand.name, error: ApiError.from(error).message },
        true,
      );
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

/** The brand an ad can be watched by: only a catalogue brand with a legal id, kept as the service gave it. */
export function watchableBrand(ad: {
  unified_brand_id: string | null;
  brand_name: string | null;
}): { id: string; name: string } | null {
  const id = ad.unified_brand_id;
  return id && canonicalId(id) ? { id, name: ad.brand_name ?? t('ads.thisBrand') } : null;
}
