import { groupConcepts } from '@/lib/concepts';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { BrandCheck, LastRun, RunState, WatchNews } from '@/lib/storage/watchlist';
import { type MessageId, t } from '@/lib/i18n';
import { formatDateTime, formatNumber } from '../ui/format';
import 'virtual:adscope-english/watchlist';
import { fitText } from '@/lib/fit-text';

/** "22 Nov 2026, 14:05" for epoch milliseconds. */
export const when = (ms: number): string => formatDateTime(new Date(ms).toISOString()) ?? t('watchlist.unknownTime');

const ENDINGS: Record<LastRun['outcome'], MessageId> = {
  complete: 'watchlist.ending.complete',
  budget: 'watchlist.ending.budget',
  rate_limited: 'watchlist.ending.rateLimited',
  failed: 'watchlist.ending.failed',
  not_connected: 'watchlist.ending.notConnected',
  storage_full: 'watchlist.ending.storageFull',
};

/**
 * One line on the checks: the one under way, the last one, and the next. `checks` are the watched
 * brands' own last checks: a run that finished with some brands not checked says how many.
 */
export function describeChecks(
  run: RunState | null,
  last: LastRun | null,
  nextAt: number | null,
  checks: readonly (BrandCheck | undefined)[] = [],
): string {
  const parts: string[] = [];
  if (run) {
    const done = run.total - run.queue.length;
    const counts = { done: formatNumber(done), count: run.total };
    parts.push(
      run.pausedUntil === null
        ? t('watchlist.checks.running', counts)
        : t(run.pauseReason === 'rate_limited' ? 'watchlist.checks.pausedAsked' : 'watchlist.checks.paused', {
            ...counts,
            time: when(run.pausedUntil),
          }),
    );
  } else if (last) {
    const ending = t(ENDINGS[last.outcome]);
    const time = when(last.finishedAt);
    parts.push(
      last.checked === last.total
        ? t('watchlist.checks.lastAll', { time, ending, count: last.total })
        : t('watchlist.checks.lastSome', { time, ending, checked: formatNumber(last.checked), count: last.total }),
    );
    // The limit's words are made here, in the language and the zone shown now.
    if (last.limit)
      parts.push(
        t('watchlist.checks.limit', { budget: formatNumber(last.limit.budget), time: when(last.limit.freesAt) }),
      );
    if (last.outcome !== 'complete' && last.message) parts.push(last.message);
    else if (last.skipped && last.skipped > 0) parts.push(t('watchlist.skippedAds', { count: last.skipped }));
    // Checked in that run, and not found or failed: each brand's own line says why.
    const unchecked = checks.filter(
      (check) =>
        check && check.outcome !== 'ok' && check.checkedAt >= last.startedAt && check.checkedAt <= last.finishedAt,
    ).length;
    if (unchecked > 0) parts.push(t('watchlist.checks.someFailed', { count: unchecked }));
  } else {
    parts.push(t('watchlist.checks.none'));
  }
  parts.push(nextAt === null ? t('watchlist.checks.off') : t('watchlist.checks.next', { time: when(nextAt) }));
  return parts.join(' ');
}

/** How one brand's last check went, in words. */
export function describeBrandCheck(check: BrandCheck | undefined): string {
  if (!check) return t('watchlist.brand.notChecked');
  const time = when(check.checkedAt);
  if (check.outcome === 'ok') return t('watchlist.brand.checked', { time, count: check.looked });
  if (check.outcome === 'not_found') return t('watchlist.brand.notFound', { time });
  return t('watchlist.brand.failed', { time, reason: check.message ?? t('watchlist.brand.unknownError') });
}

export interface NewsGroup {
  brandId: string;
  name: string;
  ads: WatchNews['brands'][string]['ads'];
  more: number;
  latest: number;
}

/** The news grouped by brand, the brand with the latest find first; only watched brands. */
export function newsGroups(news: WatchNews, watched: ReadonlySet<string>): NewsGroup[] {
  return Object.entries(news.brands)
    .filter(([id, entry]) => watched.has(id) && entry.ads.length + entry.more > 0)
    .map(([brandId, entry]) => ({
      brandId,
      name: entry.name,
      ads: entry.ads,
      more: entry.more,
      latest: Math.max(0, ...entry.ads.map((item) => item.firstSeenAt)),
    }))
    .sort((a, b) => b.latest - a.latest || a.name.localeCompare(b.name));
}

/** A brand's new ads as New shows them: versions of one idea together, the other ads one by one. */
export interface NewsConcepts {
  /** Ideas with two or more new versions, the newest find first; each one's versions newest first. */
  ideas: { name: string; versions: LibraryAd[] }[];
  singles: LibraryAd[];
}

/** Groups a brand's news into versions of one idea (lib/concepts) and single ads, in the order found. */
export function newsConcepts(ads: NewsGroup['ads']): NewsConcepts {
  const ideas: NewsConcepts['ideas'] = [];
  const singles: LibraryAd[] = [];
  for (const group of groupConcepts(ads.map((item) => item.ad))) {
    const [first] = group;
    if (!first) continue;
    if (group.length === 1) {
      singles.push(first);
      continue;
    }
    const title = first.title?.trim() || first.body?.trim() || t('watchlist.untitledAd');
    ideas.push({ name: fitText(title, 60), versions: group });
  }
  return { ideas, singles };
}
