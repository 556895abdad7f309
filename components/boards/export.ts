import type { LibraryAd } from '@/lib/contract/ad-library';
import { type MessageId, t } from '@/lib/i18n';
import { csvCell } from '../ui/download';
import 'virtual:adscope-english/boards';

export const EXPORT_COLUMNS = [
  'id',
  'title',
  'body',
  'brand_name',
  'cta_type',
  'link_url',
  'display_format',
  'start_date',
  'end_date',
  'language',
  'image_urls',
  'video_preview_urls',
  'saved_at',
  'tags',
  'boards',
] as const;

/** Each column's header, in the shown language (English keeps the columns' names). */
const COLUMN_HEADERS: Record<(typeof EXPORT_COLUMNS)[number], MessageId> = {
  id: 'boards.csv.id',
  title: 'boards.csv.title',
  body: 'boards.csv.body',
  brand_name: 'boards.csv.brandName',
  cta_type: 'boards.csv.ctaType',
  link_url: 'boards.csv.linkUrl',
  display_format: 'boards.csv.displayFormat',
  start_date: 'boards.csv.startDate',
  end_date: 'boards.csv.endDate',
  language: 'boards.csv.language',
  image_urls: 'boards.csv.imageUrls',
  video_preview_urls: 'boards.csv.videoPreviewUrls',
  saved_at: 'boards.csv.savedAt',
  tags: 'boards.csv.tags',
  boards: 'boards.csv.boards',
};

/** A board's name by id; an id it does not know is written as the id. */
export type BoardNames = ReadonlyMap<string, string>;

function exportRow(ad: LibraryAd, names: BoardNames): Record<(typeof EXPORT_COLUMNS)[number], string> {
  return {
    id: ad.id,
    title: ad.title ?? '',
    body: ad.body ?? '',
    brand_name: ad.brand_name ?? '',
    cta_type: ad.cta_type ?? '',
    link_url: ad.link_url ?? '',
    display_format: ad.display_format ?? '',
    start_date: ad.start_date ?? '',
    end_date: ad.end_date ?? '',
    language: ad.language ?? '',
    image_urls: ad.images
      .map((image) => image.url ?? '')
      .filter(Boolean)
      .join(' '),
    video_preview_urls: ad.videos
      .map((video) => video.preview_image_url ?? '')
      .filter(Boolean)
      .join(' '),
    saved_at: ad.saved_details?.saved_at ?? '',
    tags: (ad.saved_details?.tags ?? []).join(', '),
    // Board names, as the user knows them (the path, for a nested board), separated by semicolons.
    boards: (ad.saved_details?.boards ?? []).map((board) => names.get(board) ?? board).join('; '),
  };
}

/**
 * The ads as CSV: headers in the shown language; the cells as the service gave them (dates in
 * ISO 8601, numbers unformatted), so a spreadsheet or a program reads them in any language.
 */
export function adsToCsv(ads: readonly LibraryAd[], names: BoardNames = new Map()): string {
  const lines = [EXPORT_COLUMNS.map((column) => csvCell(t(COLUMN_HEADERS[column]))).join(',')];
  for (const ad of ads) {
    const row = exportRow(ad, names);
    lines.push(EXPORT_COLUMNS.map((column) => csvCell(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Every field as the API gave it, so nothing is lost on the way out. */
export function adsToJson(ads: readonly LibraryAd[], board: { id: string; name: string }, exportedAt: Date): string {
  return JSON.stringify({ board, exported_at: exportedAt.toISOString(), count: ads.length, ads }, null, 2);
}

/** adscope-<board>-<UTC day of `now`>.<extension> */
export function exportFileName(boardName: string, extension: 'csv' | 'json' | 'html' | 'zip', now: Date): string {
  const slug =
    boardName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'board';
  return `adscope-${slug}-${now.toISOString().slice(0, 10)}.${extension}`;
}
