import { z } from 'zod/mini';
import type { LibraryAd } from '../contract/ad-library';
import { brandIdSchema } from '../contract/ids';
import { LANGUAGE_SOURCES, MAKER_LINE_SOURCES, type PageSignals, SIGNALS } from './page-trigger';
import type { PageReading } from '../page-reading';
import { KEYWORD_MAX_CHARS, KEYWORDS_MAX } from '../keyword-limits';
import { lazily } from '../lazy';

/**
 * Find-similar as it crosses the message boundary: what the content script and the pages
 * send, checked by the router, and what the panel gets back. Each schema is made at its first
 * use (lib/lazy.ts): the worker's router loads this module with the protocol, and a woken worker
 * answering another request never builds them (docs/performance.md, worker cold start).
 */
const text = (max: number) => z.string().check(z.maxLength(max));

/** Keywords of a similar search, as the panel makes them (lib/keywords.ts: its own are cut to these). */
const keywords = () => z.array(text(KEYWORD_MAX_CHARS)).check(z.maxLength(KEYWORDS_MAX));

/** A page's signals as the content script reads them (lib/content/signals), every field bounded. */
export const pageSignalsSchema: z.ZodMiniType<PageSignals> = lazily(() =>
  z.strictObject({
    url: text(2048),
    hostname: text(253),
    title: text(300),
    metas: z.array(z.tuple([text(80), text(300)])).check(z.maxLength(120)),
    jsonLd: z.array(text(60_000)).check(z.maxLength(8)),
    logos: z.array(text(100)).check(z.maxLength(6)),
    h1: text(300),
    makerLines: z.optional(z.array(z.tuple([z.enum(MAKER_LINE_SOURCES), text(120)])).check(z.maxLength(6))),
    lang: text(35),
    text: text(600),
    selection: text(500),
  }),
);

/** An ad to find similar ads to, as the panel sends it. */
const adRequest = () =>
  z.strictObject({
    kind: z.literal('ad'),
    adId: text(200),
    title: text(300),
    text: text(2000),
    brandId: z.nullable(brandIdSchema),
    brandName: z.nullable(text(200)),
    language: z.nullable(text(10)),
    keywords: z.optional(keywords()),
  });

/** What a page or an ad sends to find similar ads; every field bounded. */
export const similarRequestSchema = lazily(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('page'),
      signals: pageSignalsSchema,
      keywords: z.optional(keywords()),
      /** A name the user chose over the one the reading put first ("Use … instead"). */
      prefer: z.optional(z.strictObject({ site: z.optional(text(100)), maker: z.optional(text(100)) })),
    }),
    adRequest(),
  ]),
);
export type SimilarRequest = z.infer<typeof similarRequestSchema>;

const nameCandidate = () =>
  z.strictObject({
    name: text(100),
    signal: z.enum(SIGNALS),
    weight: z.number().check(z.gte(0), z.lte(1000)),
  });

/** A page as the panel read it (lib/page-reading.ts): what the worker needs to find its brands and similar ads. */
export const pageReadingSchema: z.ZodMiniType<PageReading> = lazily(() =>
  z.strictObject({
    url: text(2048),
    title: text(300),
    /** The page's registrable domain by the Public Suffix List. */
    site: z.nullable(z.strictObject({ domain: text(253), label: text(253) })),
    siteNames: z.array(nameCandidate()).check(z.maxLength(6)),
    makerNames: z.array(nameCandidate()).check(z.maxLength(4)),
    language: text(10),
    languageSource: z.enum(LANGUAGE_SOURCES),
    keywords: keywords(),
  }),
);

/** What the panel asks the worker for: a page it has read, or an ad; with keywords the user edited. */
export const similarQuerySchema = lazily(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('page'), page: pageReadingSchema, keywords: z.optional(keywords()) }),
    adRequest(),
  ]),
);
export type SimilarQuery = z.infer<typeof similarQuerySchema>;

/**
 * Why a brand was taken, as a code the panel says in the language shown ("Why these results"):
 * its name matches the page's signal, its domain is the page's site, both, or it is the brand of
 * the ad the user picked. The worker sends no words.
 */
export type BrandReason = 'name' | 'domain' | 'nameAndDomain' | 'ad';

/** A catalogue brand the page named, with the signal that named it and its newest ads. */
export interface BrandFound {
  id: string;
  name: string;
  reason: BrandReason;
  /** The signal that named it: "structured data", "og:site_name", "title", "domain", "product brand", ...; "ad" for the ad picked. */
  signal: string;
  ads: LibraryAd[];
}

/** The site brand's ads that lead to the page, then elsewhere on its site, as far as they were read. */
export interface LandingAds {
  here: LibraryAd[];
  elsewhere: LibraryAd[];
  /** Ads of the brand read to find them. */
  scanned: number;
  /** Whether those were all of the brand's ads. */
  complete: boolean;
}

export interface SimilarResult {
  /** The page's title, or the ad's; empty when it has none (the panel says "this page" or "this ad"). */
  title: string;
  url: string | null;
  /** The site the page is on (for an ad, the ad's brand). */
  site: BrandFound | null;
  /** The maker of the product the page sells, when it names one apart from the site. */
  maker: BrandFound | null;
  /** Which of the two leads. */
  lead: 'site' | 'maker';
  /** Names the page gave that matched no catalogue brand, with the signal that gave each. */
  unmatched: { name: string; signal: string }[];
  keywords: string[];
  /** The keywords the similar search actually used (all terms must match, so fewer may be used). */
  usedKeywords: string[];
  language: string;
  /** Where the language came from: "lang attribute", "og:locale", "browser's detection", ...; "ad" for an ad's own. */
  languageSource: string;
  similarAds: LibraryAd[];
  /** For a page on a catalogue brand's own site: that brand's ads that lead here; null otherwise. */
  landing: LandingAds | null;
}
