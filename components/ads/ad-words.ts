import type { LibraryAd } from '@/lib/contract/ad-library';
import { safeHttpUrl } from '@/lib/url';
import type { AdSaveState } from './saved-state';

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

/** The ad's title, or whose ad it is when it has none. */
export function adHeadline(ad: LibraryAd): string {
  return ad.title?.trim() || `Ad from ${ad.brand_name ?? 'an unknown brand'}`;
}

/** "Saved in 2 boards", "Saving…", "Save failed", or nothing. */
export function saveStatusText(state: AdSaveState): string | null {
  if (state.failed.length > 0) return 'Save failed';
  if (state.pending.length > 0) return 'Saving…';
  const count = state.boards.size;
  return count > 0 ? `Saved in ${count} ${count === 1 ? 'board' : 'boards'}` : null;
}
