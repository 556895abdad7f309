import type { Api } from '../api';
import type { LibraryAd } from '../../contract/ad-library';
import type { LandingAds } from '../../messaging/similar';
import { onSite } from './query';
import type { SiteDomain } from '../../page-reading';
import { landingKey } from '../../landing-key';

/** Pages of a brand's ads read, newest first, to find those that lead to a page. */
export const LANDING_PAGES = 3;
export const LANDING_PAGE_SIZE = 100;

export { landingKey };

/** Which of `ads` lead to the page at `pageUrl`, and which elsewhere on the same site. */
export function sortByLanding(
  ads: readonly LibraryAd[],
  pageUrl: string,
  site: SiteDomain | null,
): { here: LibraryAd[]; elsewhere: LibraryAd[] } {
  const page = landingKey(pageUrl);
  const here: LibraryAd[] = [];
  const elsewhere: LibraryAd[] = [];
  for (const ad of ads) {
    const key = landingKey(ad.link_url);
    if (!key || !page) continue;
    if (key === page) here.push(ad);
    else if (site ? onSite(new URL(ad.link_url as string).hostname, site) : key.split('/')[0] === page.split('/')[0])
      elsewhere.push(ad);
  }
  return { here, elsewhere };
}

/**
 * The brand's ads that lead to this page, then those that lead elsewhere on its site: its
 * newest ads read a page at a time, at most LANDING_PAGES pages (the contract has no filter by
 * landing page), so a brand with more ads is covered only as far as that.
 */
export async function landingAds(
  api: Api,
  brandId: string,
  pageUrl: string,
  site: SiteDomain | null,
  signal?: AbortSignal,
): Promise<LandingAds> {
  const ads: LibraryAd[] = [];
  let cursor: string | null = null;
  let complete = false;
  for (let page = 0; page < LANDING_PAGES; page += 1) {
    const result = await api.library.search(
      { unified_brand_id: brandId, order: 'newest', page_size: LANDING_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      signal,
    );
    ads.push(...result.items);
    cursor = result.cursor;
    if (!cursor) {
      complete = true;
      break;
    }
  }
  return { ...sortByLanding(ads, pageUrl, site), scanned: ads.length, complete };
}
