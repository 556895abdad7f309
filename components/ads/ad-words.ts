import type { LibraryAd } from '@/lib/contract/ad-library';
import { safeHttpUrl } from '@/lib/url';
import { formatDay } from '../ui/format';
import type { AdSaveState } from './saved-state';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/ads';

/** The picture that stands for an ad: its first image, else its first video's poster. */
/** Every creative of an ad that is a web address (images, then video posters), at most ten: what the vault keeps. */
export function adCreativeUrls(ad: LibraryAd): string[] {
  const urls = [...ad.images.map((image) => image.url), ...ad.videos.map((video) => video.preview_image_url)]
    .map((url) => safeHttpUrl(url))
    .filter((url): url is string => url !== null && url.length <= 2048);
  return [...new Set(urls)].slice(0, 10);
}

export function adPreviewUrl(ad: LibraryAd): string | null {
  for (const image of ad.images) {
    const url = safeHttpUrl(image.url);
    if (url) return url;
  }
  for (const video of ad.videos) {
    const url = safeHttpUrl(video.preview_image_url);
    if (url) return url;
  }
  return null;
}

/** What stands for an ad in a card: a picture, else a video to show the first frame of, else nothing. */
export type AdPreview = { kind: 'image'; url: string } | { kind: 'video'; url: string } | null;

/** The picture that stands for an ad (adPreviewUrl); without one, its first video that has a web address. */
export function adPreview(ad: LibraryAd): AdPreview {
  const picture = adPreviewUrl(ad);
  if (picture) return { kind: 'image', url: picture };
  const video = firstVideoWithoutPoster(ad);
  return video ? { kind: 'video', url: video } : null;
}

/** The URL of the ad's first video that has one but no poster the service gave, or null. */
export function firstVideoWithoutPoster(ad: LibraryAd): string | null {
  for (const video of ad.videos) {
    if (safeHttpUrl(video.preview_image_url)) continue;
    const url = safeHttpUrl(video.url);
    if (url) return url;
  }
  return null;
}

/**
 * A video's address that asks the browser for the frame a tenth of a second in (a media
 * fragment): what a muted, unplayed `<video preload="metadata">` then shows. A fragment the URL
 * had is replaced; the request the browser sends is the same either way.
 */
export function firstFrameUrl(url: string): string {
  const hash = url.indexOf('#');
  return `${hash === -1 ? url : url.slice(0, hash)}#t=0.1`;
}

/**
 * Whether the ad still runs, in words: as the service says it (`is_active`, a status word, an
 * end date); "Not given" when it says nothing.
 */
export function runStatusText(ad: Pick<LibraryAd, 'is_active' | 'end_date'>): string {
  const lastSeen = ad.end_date ? formatDay(ad.end_date) : null;
  if (ad.is_active) return lastSeen ? t('ads.run.runningLastSeen', { day: lastSeen }) : t('ads.run.running');
  if (lastSeen) return t('ads.run.lastSeen', { day: lastSeen });
  if (ad.is_active === false) return t('ads.run.stopped');
  return t('ads.run.notGiven');
}

/** The ad's title, or whose ad it is when it has none. */
export function adHeadline(ad: LibraryAd): string {
  const title = ad.title?.trim();
  if (title) return title;
  return ad.brand_name ? t('ads.headline.fromBrand', { brand: ad.brand_name }) : t('ads.headline.unknownBrand');
}

/** "Saved in 2 boards", "Saving…", "Save failed", or nothing. */
export function saveStatusText(state: AdSaveState): string | null {
  const saves = (entries: readonly { op: string }[]) => entries.some((entry) => entry.op === 'save');
  if (saves(state.failed)) return t('ads.saveStatus.failed');
  if (state.failed.length > 0) return t('ads.saveStatus.removeFailed');
  if (saves(state.pending)) return t('ads.saveStatus.saving');
  if (state.pending.length > 0) return t('ads.saveStatus.removing');
  const count = state.boards.size;
  return count > 0 ? t('ads.saveStatus.savedIn', { count }) : null;
}
