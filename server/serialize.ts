import type { LibraryAd } from '../lib/contract/ad-library';
import type { BrandRow } from '../lib/contract/brand-library';
import type { CatalogueBrand, LibraryAdRecord, WorkspaceState } from './demo-data';
import { ASPECT_SIZES } from './media';
import type { ServerState } from './state';

/** saved_details of spec 2; a type (not an interface) so it stays assignable to the contract's open records. */
export type SavedDetails = {
  saved_at: string;
  boards: string[];
  tags: string[];
};

/** Where each ad of a workspace is saved: its latest save time, boards and tags. */
export function savedDetailsOf(workspace: WorkspaceState): Map<string, SavedDetails> {
  const saved = new Map<string, SavedDetails>();
  for (const board of workspace.boards) {
    for (const save of board.saves) {
      const entry = saved.get(save.adId);
      if (!entry) {
        saved.set(save.adId, { saved_at: save.savedAt, boards: [board.board_id], tags: [...save.tags] });
        continue;
      }
      if (save.savedAt > entry.saved_at) entry.saved_at = save.savedAt;
      entry.boards.push(board.board_id);
      for (const tag of save.tags) if (!entry.tags.includes(tag)) entry.tags.push(tag);
    }
  }
  return saved;
}

/** A library ad as the API shows it (spec 2), with media and links made absolute. */
export function libraryAd(
  ad: LibraryAdRecord,
  context: { mediaUrl: (path: string) => string; state: ServerState },
  saved?: SavedDetails,
): LibraryAd {
  const { mediaUrl } = context;
  // A feed image keeps its aspect ratio (1:1 or 4:5); carousel and product cards are square.
  const [width, height] = ad.display_format === 'image' ? (ASPECT_SIZES[ad.creative.aspect] ?? [600, 600]) : [600, 600];
  const images = Array.from({ length: ad.imageCount }, (_, n) => ({
    url: mediaUrl(`/media/ads/${ad.id}/image-${n + 1}.svg`),
    width,
    height,
  }));
  const videos = ad.hasVideo
    ? [
        {
          preview_image_url: mediaUrl(`/media/ads/${ad.id}/poster.svg`),
          video_url: null,
          duration_seconds: 15 + (ad.index % 45),
        },
      ]
    : [];
  return {
    id: ad.id,
    title: ad.title,
    body: ad.body,
    brand_name: ad.brand_name,
    unified_brand_id: ad.unified_brand_id,
    cta_type: ad.cta_type,
    link_url: ad.link_url === null ? null : mediaUrl(context.state.landingPathOf(ad)),
    display_format: ad.display_format,
    start_date: ad.start_date,
    end_date: ad.end_date,
    is_active: ad.end_date === null,
    language: ad.language,
    platforms: ad.platforms,
    images,
    videos,
    ...(saved ? { saved_details: saved } : {}),
  };
}

/** A catalogue brand row (brand library search, followed, detail). */
export function brandRow(
  state: ServerState,
  brand: CatalogueBrand,
  mediaUrl: (path: string) => string,
  extra: Record<string, unknown> = {},
): BrandRow {
  const ads = state.library.adsOfBrand(brand.id);
  let active = 0;
  for (const index of ads) if (state.data.catalogue.ads[index]?.end_date === null) active += 1;
  return {
    id: brand.id,
    name: brand.name,
    domain: brand.domain,
    category: brand.category,
    language: brand.language,
    logo_url: mediaUrl(`/media/catalogue/${brand.id}/logo.svg`),
    ad_count: ads.length,
    active_ad_count: active,
    ...extra,
  };
}
