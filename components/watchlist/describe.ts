import { groupConcepts } from '@/lib/concepts';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { BrandCheck, LastRun, RunState, WatchNews } from '@/lib/storage/watchlist';
import { countOf, formatDateTime } from '../ui/format';
import { skippedAdsMessage } from '@/lib/storage/watchlist';

/** "22 Nov 2026, 14:05" for epoch milliseconds. */
export const when = (ms: number): string => formatDateTime(new Date(ms).toISOString()) ?? 'an unknown time';

const ENDINGS: Record<LastRun['outcome'], string> = {
  complete: 'finished',
  budget: 'stopped at its request limit',
  rate_limited: 'stopped: the service asked to wait',
  failed: 'stopped: the service could not be reached',
  not_connected: 'stopped: Adscope is not connected',
  storage_full: "stopped: the browser's storage for Adscope is full",
};

/** One line on the checks: the one under way, the last one, and the next. */
export function describeChecks(run: RunState | null, last: LastRun | null, nextAt: number | null): string {
  const parts: string[] = [];
  if (run) {
    const done = run.total - run.queue.length;
    parts.push(
      run.pausedUntil !== null
        ? `Check paused after ${done} of ${countOf(run.total, 'brand')}; ${run.pauseReason === 'rate_limited' ? 'the service asked Adscope to wait, so it' : 'it'} goes on at ${when(run.pausedUntil)}.`
        : `Checking: ${done} of ${countOf(run.total, 'brand')} done.`,
    );
  } else if (last) {
    const checked =
      last.checked === last.total ? countOf(last.total, 'brand') : `${last.checked} of ${countOf(last.total, 'brand')}`;
    parts.push(`Last check ${when(last.finishedAt)}: ${ENDINGS[last.outcome]}, ${checked}.`);
    if (last.outcome !== 'complete' && last.message) parts.push(last.message);
    else if (last.skipped) parts.push(skippedAdsMessage(last.skipped) ?? '');
  } else {
    parts.push('No check yet.');
  }
  parts.push(nextAt === null ? 'Automatic checks are off.' : `Next check ${when(nextAt)}.`);
  return parts.join(' ');
}

/** How one brand's last check went, in words. */
export function describeBrandCheck(check: BrandCheck | undefined): string {
  if (!check) return 'Not checked yet';
  if (check.outcome === 'ok') return `Checked ${when(check.checkedAt)}, ${countOf(check.looked, 'ad')} compared`;
  if (check.outcome === 'not_found') return `The service has no such brand (checked ${when(check.checkedAt)})`;
  return `Check failed ${when(check.checkedAt)}: ${check.message ?? 'unknown error'}`;
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
    const title = first.title?.trim() || first.body?.trim() || 'an untitled ad';
    ideas.push({ name: title.length > 60 ? `${title.slice(0, 59)}…` : title, versions: group });
  }
  return { ideas, singles };
}
