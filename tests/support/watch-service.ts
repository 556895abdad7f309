import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LibraryAd, LibraryPage } from '../../lib/contract/ad-library';
import type { ApiError } from '../../lib/messaging/api-error';
import type { BrandPageSearch } from '../../lib/background/watch/watch-runner';
import { type LastRun, watchEntry } from '../../lib/storage/watchlist';
import { TEST_NOW } from './clock';

export const HOUR = 3_600_000;
export const brandId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function ad(id: string, brand: string, startDate: string | null): LibraryAd {
  return {
    id,
    title: `Ad ${id}`,
    body: null,
    brand_name: `Brand ${brand}`,
    cta_type: null,
    link_url: null,
    display_format: 'image',
    start_date: startDate,
    end_date: null,
    language: 'en',
    unified_brand_id: brand,
    is_active: true,
    images: [],
    videos: [],
  };
}

/**
 * An ad service in memory: each brand's ads newest first, pages of `pageSize` with a cursor,
 * and a log of every request. A test puts failures in front of the answers.
 */
export function fakeService(pageSize = 100) {
  const ads = new Map<string, LibraryAd[]>();
  const requests: string[] = [];
  const failures: (ApiError | 'hang')[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const search: BrandPageSearch = async (brand, cursor) => {
    requests.push(`${brand.slice(-3)}${cursor ? `@${cursor}` : ''}`);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const failure = failures.shift();
      if (failure === 'hang') return await new Promise<never>(() => undefined);
      if (failure) throw failure;
      const list = [...(ads.get(brand) ?? [])].sort((a, b) => (b.start_date ?? '').localeCompare(a.start_date ?? ''));
      const offset = cursor ? Number(cursor) : 0;
      const end = offset + pageSize;
      const page: LibraryPage = { items: list.slice(offset, end), cursor: end < list.length ? String(end) : '' };
      return page;
    } finally {
      inFlight -= 1;
    }
  };
  return {
    search,
    requests,
    failures,
    get mostInFlight() {
      return mostInFlight;
    },
    /** Gives a brand `count` ads launched on consecutive days up to `lastDay`. */
    seed(brand: string, count: number, prefix = 'a', lastDay = Date.UTC(2026, 10, 20)) {
      const list = ads.get(brand) ?? [];
      for (let i = 0; i < count; i += 1) {
        const day = new Date(lastDay - i * 86_400_000).toISOString().slice(0, 10);
        list.push(ad(`${prefix}-${brand.slice(-3)}-${i}`, brand, day));
      }
      ads.set(brand, list);
    },
    launch(brand: string, id: string, startDate: string, fields: Partial<LibraryAd> = {}) {
      ads.set(brand, [...(ads.get(brand) ?? []), { ...ad(id, brand, startDate), ...fields }]);
    },
    /** Answers every page with this list instead (a service that ignores page_size, or sends odd ids). */
    answerWith(brand: string, list: LibraryAd[]) {
      ads.set(brand, list);
    },
  };
}

export async function watch(...ids: number[]) {
  await fakeBrowser.storage.sync.set(
    Object.assign({}, ...ids.map((n, i) => watchEntry({ id: brandId(n), name: `Brand ${n}`, addedAt: TEST_NOW + i }))),
  );
}

/** A scheduled check that finished: two brands, one new ad; `changes` say what differs. */
export function finishedCheck(changes: Partial<LastRun> = {}): LastRun {
  return {
    kind: 'scheduled',
    startedAt: TEST_NOW,
    finishedAt: TEST_NOW,
    outcome: 'complete',
    checked: 2,
    total: 2,
    requests: 2,
    newAds: 1,
    message: null,
    ...changes,
  };
}

/** A brand check whose next request for one brand is answered (as the service answered it) only when released. */
export function holdingSearch(inner: () => BrandPageSearch) {
  let holdFor: string | null = null;
  const held: (() => void)[] = [];
  const search: BrandPageSearch = (brand, cursor) => {
    // Asked of the service now (the connection as it is now), the answer delivered on release.
    const answer = inner()(brand, cursor);
    if (brand !== holdFor) return answer;
    holdFor = null;
    return new Promise((resolve, reject) => held.push(() => void answer.then(resolve, reject)));
  };
  return {
    search,
    hold(brand: string) {
      holdFor = brand;
    },
    get held() {
      return held.length;
    },
    release() {
      for (const deliver of held.splice(0)) deliver();
    },
  };
}
