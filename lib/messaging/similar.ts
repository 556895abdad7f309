import { z } from 'zod';
import type { LibraryAd } from '../contract/ad-library';
import type { PageSignals } from './page-trigger';

/**
 * Find-similar as it crosses the message boundary: what the content script and the pages
 * send, checked by the router, and what the panel gets back.
 */
const text = (max: number) => z.string().max(max);

/** A page's signals as the content script reads them (lib/content/signals), every field bounded. */
export const pageSignalsSchema: z.ZodType<PageSignals> = z
  .object({
    url: text(2048),
    hostname: text(253),
    title: text(300),
    ogTitle: text(300),
    ogSiteName: text(300),
    applicationName: text(300),
    description: text(300),
    h1: text(300),
    lang: text(35),
    selection: text(500),
    jsonLdBrands: z.array(text(100)).max(50),
  })
  .strict();

/** What a page or an ad sends to find similar ads; every field bounded. */
export const similarRequestSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('page'),
      signals: pageSignalsSchema,
      keywords: z.array(text(40)).max(10).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('ad'),
      adId: text(200),
      title: text(300),
      text: text(2000),
      brandId: text(64).nullable(),
      brandName: text(200).nullable(),
      language: text(10).nullable(),
      keywords: z.array(text(40)).max(10).optional(),
    })
    .strict(),
]);
export type SimilarRequest = z.infer<typeof similarRequestSchema>;

export interface SimilarResult {
  title: string;
  url: string | null;
  brand: { id: string; name: string; reason: string } | null;
  candidates: string[];
  keywords: string[];
  /** The keywords the similar search actually used (all terms must match, so fewer may be used). */
  usedKeywords: string[];
  language: string;
  brandAds: LibraryAd[];
  similarAds: LibraryAd[];
}
