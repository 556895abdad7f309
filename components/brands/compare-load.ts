import { topConcepts } from '@/lib/concepts';
import { dayOf } from '@/lib/contract/ad-dates';
import type { LibraryAd, LibraryPage } from '@/lib/contract/ad-library';
import { callBackground } from '@/lib/messaging/client';
import {
  type BrandFigures,
  CADENCE_MAX_PAGES,
  CADENCE_PAGE_SIZE,
  type CompareBrand,
  cadenceStart,
  countCadence,
  longestRunning,
  newestLaunch,
} from '../report/figures';
import { uniqueById } from '../ui/unique';

/** Ads read most active first, to find the longest-running one. */
const LONGEST_PAGE_SIZE = 50;

/**
 * One brand's figures: its detail (counts and mixes, as the service gives them), its ads newest
 * first back past the chart's first day (at most CADENCE_MAX_PAGES pages), and its most active
 * ads. Requests go one after another through the background, which retries as the contract allows.
 */
export async function loadBrandFigures(
  brand: CompareBrand,
  today: string,
  now: number,
  signal?: AbortSignal,
): Promise<BrandFigures> {
  const options = signal ? { signal } : {};
  const detail = await callBackground('brands.detail', { brandId: brand.id }, options);
  const first = cadenceStart(today);
  const recent: LibraryAd[] = [];
  let cursor: string | null = null;
  let reachedEnd = false;
  for (let page = 0; page < CADENCE_MAX_PAGES; page += 1) {
    const result: LibraryPage = await callBackground(
      'library.search',
      {
        unified_brand_id: brand.id,
        order: 'newest',
        page_size: CADENCE_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      },
      options,
    );
    recent.push(...result.items);
    cursor = result.cursor;
    if (!cursor) {
      reachedEnd = true;
      break;
    }
    const oldest = dayOf(result.items.at(-1)?.start_date);
    if (oldest && oldest < first) break;
  }
  const active = await callBackground(
    'library.search',
    { unified_brand_id: brand.id, sort_by: 'most_active', page_size: LONGEST_PAGE_SIZE },
    options,
  );
  return {
    brand: { id: brand.id, name: detail.name ?? brand.name ?? null },
    adCount: detail.ad_count ?? null,
    activeCount: detail.active_ad_count ?? null,
    formats: detail.formats ?? null,
    languages: detail.languages ?? null,
    newestLaunch: newestLaunch(recent),
    longest: longestRunning(active.items, now),
    cadence: countCadence(recent, today, reachedEnd),
    concepts: topConcepts(uniqueById([...recent, ...active.items]), now, 3),
  };
}
