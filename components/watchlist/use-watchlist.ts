import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isOpaqueId } from '@/lib/contract/ids';
import { callBackground } from '@/lib/messaging/client';
import {
  watchlistItem,
  watchNewsItem,
  watchNextAtItem,
  watchSettingsItem,
  watchStatusItem,
} from '@/lib/storage/watchlist';
import { useStoredItem } from '../ui/use-stored-item';
import { newsGroups } from './describe';
import { watchKeys } from './query-keys';

/** Followed brands read a page at a time in the import dialog. */
const FOLLOWED_PAGE = 50;

/**
 * The watchlist as the background keeps it, read straight from storage and live: the watched
 * brands, their new ads grouped by brand, the state of the checks and the next one.
 */
export function useWatchState() {
  const watched = useStoredItem(watchlistItem);
  const news = useStoredItem(watchNewsItem);
  const status = useStoredItem(watchStatusItem);
  const nextAt = useStoredItem(watchNextAtItem);
  const watchedIds = useMemo(() => new Set((watched ?? []).map((brand) => brand.id)), [watched]);
  const groups = useMemo(() => (news ? newsGroups(news, watchedIds) : []), [news, watchedIds]);
  const loaded = watched && news && status && nextAt !== undefined ? { watched, status, nextAt } : null;
  return { loaded, watchedIds, groups };
}

/** Check now, mark everything seen, and unwatch one brand. */
export function useWatchActions() {
  // One Unwatch for every row: a failure is kept with its brand, so a later Unwatch of another
  // brand does not hide it (the mutation itself follows only its latest call).
  const [unwatchFailed, setUnwatchFailed] = useState<{ brandId: string; error: unknown } | null>(null);
  return {
    checkNow: useMutation({ mutationFn: () => callBackground('watch.checkNow', {}) }),
    markAll: useMutation({ mutationFn: () => callBackground('watch.markSeen', { brandIds: 'all' }) }),
    unwatch: useMutation({
      mutationFn: (brandId: string) => callBackground('watch.remove', { brandIds: [brandId] }),
      onMutate: (brandId) => setUnwatchFailed((failed) => (failed?.brandId === brandId ? null : failed)),
      onError: (error, brandId) => setUnwatchFailed({ brandId, error }),
    }),
    unwatchFailed,
  };
}

/** Marks one brand's new ads seen. */
export function useMarkSeen(brandId: string) {
  return useMutation({ mutationFn: () => callBackground('watch.markSeen', { brandIds: [brandId] }) });
}

/** How often the checks run and whether they notify; the choice shows at once, storage confirms it. */
export function useCheckSettings() {
  const settings = useStoredItem(watchSettingsItem);
  const save = useMutation({
    mutationFn: (next: { intervalHours: number; notify: boolean }) => callBackground('watch.setSettings', next),
  });
  const shown = save.isPending && save.variables ? save.variables : settings;
  return { shown, save };
}

/** The workspace's followed brands to pick from, by pages, filtered by name; rows without a usable id are left out. */
export function useFollowedToWatch(query: string) {
  const followed = useInfiniteQuery({
    queryKey: watchKeys.followed(query),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callBackground(
        'brands.followed',
        { offset: pageParam, limit: FOLLOWED_PAGE, ...(query ? { query } : {}) },
        { signal },
      ),
    getNextPageParam: (last, pages) => (last.has_more ? pages.length * FOLLOWED_PAGE : undefined),
  });
  return {
    followed,
    rows: (followed.data?.pages.flatMap((page) => page.items) ?? []).filter((brand) => isOpaqueId(brand.id)),
    total: followed.data?.pages[0]?.total ?? null,
  };
}

/**
 * Adds the picked brands to the watchlist. What follows an add is the caller's, passed to `mutate`:
 * it runs only while the form that asked is still there, so an add answering after a Cancel
 * closes no dialog opened since.
 */
export function useAddToWatch() {
  return useMutation({
    mutationFn: (brands: { id: string; name: string }[]) => callBackground('watch.add', { brands }),
  });
}
