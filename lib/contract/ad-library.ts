import { z } from 'zod/mini';
import { brandIdSchema, ID_MAX_CHARS } from './ids';
import { ALTERNATIVE_NAMES, normalizeListPage, renameFields, unwrapRecord, unwrapped, withNames } from './alternatives';
import { optionalText, readRows, tolerantArray } from './tolerant';
import { dayOf, userTimeZone } from './ad-dates';
import { parseUtcDay } from './window';
import { checkWords } from './words';
import { lazily, once } from '../lazy';

/**
 * A video of a library ad: its poster (`preview_image_url`, which a real service may leave out)
 * and its own URL (not shown in the contract; absent reads as undefined), each by any known name.
 */
const libraryVideoSchema = once(() =>
  withNames(
    { preview_image_url: ALTERNATIVE_NAMES.previewImageUrl, url: ALTERNATIVE_NAMES.libraryVideoUrl },
    z.looseObject({ preview_image_url: optionalText(), url: z.optional(optionalText()) }),
  ),
);
const libraryImageSchema = once(() =>
  withNames({ url: ALTERNATIVE_NAMES.imageUrl }, z.looseObject({ url: optionalText() })),
);

/**
 * A library ad (spec 2). Documented fields are read by their names; the extras the contract
 * does not show (end_date, language, unified_brand_id, a video's URL) and the call to action
 * written as `cta_text` by any known name; unknown ones pass through. Launch and end dates are
 * read as calendar days (lib/contract/ad-dates.ts): a timestamp is the day it was in `zone()`.
 */
function libraryAdFieldsIn(zone: () => string) {
  const adDay = z.pipe(
    optionalText(),
    z.transform((value) => (value === null ? null : (dayOf(value, zone) ?? value))),
  );
  return withNames(
    {
      cta_type: ALTERNATIVE_NAMES.ctaType,
      end_date: ALTERNATIVE_NAMES.endDate,
      language: ALTERNATIVE_NAMES.adLanguage,
      unified_brand_id: ALTERNATIVE_NAMES.adBrandId,
    },
    z.looseObject({
      // Bounded where it enters: an ad whose id is too long to keep is a refused row.
      id: z.string().check(z.minLength(1), z.maxLength(ID_MAX_CHARS)),
      title: optionalText(),
      body: optionalText(),
      brand_name: optionalText(),
      cta_type: optionalText(),
      link_url: optionalText(),
      display_format: optionalText(),
      start_date: adDay,
      end_date: adDay,
      language: optionalText(),
      unified_brand_id: optionalText(),
      is_active: z.nullable(z.boolean()),
      images: tolerantArray(libraryImageSchema()),
      videos: tolerantArray(libraryVideoSchema()),
      saved_details: z.catch(
        z.optional(
          z.looseObject({
            saved_at: optionalText(),
            boards: tolerantArray(z.string()),
            tags: tolerantArray(z.string()),
          }),
        ),
        undefined,
      ),
    }),
  );
}

/** `active` / `inactive` as whether the ad runs; null for any other word. */
function statusWord(value: unknown): boolean | null {
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  return word === 'active' ? true : word === 'inactive' ? false : null;
}

/**
 * Whether the ad still runs: `is_active` when the service says so, else its status word
 * (`active` or `inactive`), else an `end_date` that is present and null; null (not given) when
 * the service says none of these. Never guessed from a missing field: an unknown end is not
 * "still running".
 */
function runningOf(ad: unknown): boolean | null {
  if (typeof ad !== 'object' || ad === null) return null;
  const record = ad as Record<string, unknown>;
  if (typeof record.is_active === 'boolean') return record.is_active;
  for (const name of ALTERNATIVE_NAMES.runStatus) {
    const running = statusWord(record[name]);
    if (running !== null) return running;
  }
  const end = ALTERNATIVE_NAMES.endDate.find((name) => name in record);
  if (end === undefined) return null;
  return record[end] === null ? true : typeof record[end] === 'string' ? false : null;
}

/** The library ad as read with launch and end days in `zone()`'s calendar (tests name a zone). */
export function libraryAdSchemaIn(zone: () => string) {
  return z.pipe(
    z.transform((ad) =>
      typeof ad === 'object' && ad !== null && !Array.isArray(ad) ? { ...ad, is_active: runningOf(ad) } : ad,
    ),
    libraryAdFieldsIn(zone),
  );
}
/** The library ad in the user's time zone. */
export const libraryAdSchema = lazily(() => libraryAdSchemaIn(userTimeZone));
export type LibraryAd = z.infer<typeof libraryAdSchema>;

/**
 * A page of a list as read: the rows refused where they entered (not of the row's shape, an id
 * missing or too long to keep) are counted in `refused`, absent when none were; the other rows
 * and the page are read.
 */
export type ReadPage<T> = { items: T[]; cursor: string | null; refused?: number } & Record<string, unknown>;

function pageOf<T>(page: Record<string, unknown>, read: { rows: T[]; refused: number }, cursor: string | null) {
  return { ...page, items: read.rows, cursor, ...(read.refused > 0 ? { refused: read.refused } : {}) } as ReadPage<T>;
}

/**
 * A cursor page where the contract states the shape (spec 2: ad-library search, board ads):
 * `items` is required and a list; `cursor` is a string, empty or absent on the last page.
 * Cursors are opaque: any length is sent back as it came.
 */
export function cursorPageSchema<S extends z.ZodMiniType>(item: S) {
  return z.pipe(
    z.looseObject({
      items: z.array(z.unknown(), { error: 'items must be a list.' }),
      cursor: z.pipe(
        z.optional(z.nullable(z.string({ error: 'cursor must be a string (empty or absent on the last page).' }))),
        z.transform((value) => (value ? value : null)),
      ),
    }),
    z.transform(({ items, cursor, ...page }) => pageOf<z.output<S>>(page, readRows(item, items), cursor)),
  );
}
export const libraryPageSchema = lazily(() => cursorPageSchema(libraryAdSchema));
export type LibraryPage = z.infer<typeof libraryPageSchema>;

/**
 * A list whose shape the contract does not show (4.11 saved ads, 4.13 brand library): a bare
 * array, a wrapper, rows and cursor under any known name (ALTERNATIVE_NAMES.items, .cursor).
 * Read as the same `{ items, cursor }` page, so views need no second shape.
 */
export function listPageSchema<S extends z.ZodMiniType>(item: S) {
  return z.pipe(
    z.transform(normalizeListPage),
    z.pipe(
      z.looseObject({
        items: z.optional(z.unknown()),
        cursor: z.pipe(z.optional(z.unknown()), z.transform(listCursor)),
      }),
      z.transform(({ items, cursor, ...page }) => pageOf<z.output<S>>(page, readRows(item, items), cursor)),
    ),
  );
}

/**
 * The next page's token of a list whose shape is not shown: text, or a page number (a service
 * that pages by number sends `cursor: 2`), sent back as it was given. Anything else is the end.
 */
function listCursor(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null;
}

/** A saved-ads row (4.11: "row shape: not shown"): a library ad, or one wrapped with its save time beside it. */
const savedRowSchema = once(() =>
  z.pipe(
    z.transform((row) => {
      const ad = unwrapRecord(row, ['id']);
      if (ad === row || typeof ad !== 'object' || ad === null || typeof row !== 'object' || row === null) return row;
      const outer = renameFields(row, { saved_at: ALTERNATIVE_NAMES.savedAt }) as Record<string, unknown>;
      const inner = ad as Record<string, unknown>;
      return inner.saved_details === undefined && typeof outer.saved_at === 'string'
        ? { ...inner, saved_details: { saved_at: outer.saved_at, boards: outer.boards, tags: outer.tags } }
        : inner;
    }),
    libraryAdSchema,
  ),
);
export const savedPageSchema = lazily(() => listPageSchema(savedRowSchema()));
/** One library ad (4.12: "the full response shape: not shown"): the ad, or the ad inside a wrapper. */
export const libraryAdDetailSchema = lazily(() => unwrapped(['id'], libraryAdSchema));
/** A brand's ads (4.13: shape not shown). */
export const brandAdsPageSchema = lazily(() => listPageSchema(libraryAdSchema));

/**
 * The terms of a full-text query (4.10: "a multi-word query matches ads where all terms
 * appear"): runs of letters and digits, lower case, accents folded. Client and reference server
 * share it, so both agree that a query of only symbols or emoji has no terms.
 */
export function searchTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const day = (field: string) =>
  z.string().check(
    z.refine((value) => parseUtcDay(value) !== undefined, {
      error: () => checkWords('checks.search.date', { field }),
    }),
  );

export const LIBRARY_PAGE_SIZE = 50;
/**
 * display_format values the filter offers before any ad was seen: only the contract's own
 * example (4.10: "for example video"). The allowed values are not shown, so the rest are
 * learned from the ads the service returns (components/search), never hard-coded.
 */
export const KNOWN_DISPLAY_FORMATS = ['video'] as const;

/**
 * Platforms a search may be limited to. Not in the contract's table (4.10: "The full parameter
 * set: not shown"); the real service takes `platform` with these values. A service that refuses
 * the parameter is remembered (lib/storage/service-facts.ts) and the filter is hidden for it.
 */
export const AD_PLATFORMS = ['facebook', 'instagram', 'tiktok', 'youtube', 'linkedin'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];
/** The search parameters beyond the contract's table that a service may refuse, each with a filter of its own. */
export const OPTIONAL_SEARCH_PARAMS = ['platform', 'status'] as const;
export type OptionalSearchParam = (typeof OPTIONAL_SEARCH_PARAMS)[number];

/** Every parameter of spec 4.10, checked before sending. */
const pageSizeWhole = { error: () => checkWords('checks.whole', { field: 'page_size' }) };
const pageSizeRange = { error: () => checkWords('checks.range', { field: 'page_size', min: 1, max: 100 }) };
const pageSize = lazily(() =>
  z.number(pageSizeWhole).check(z.int(pageSizeWhole), z.gte(1, pageSizeRange), z.lte(100, pageSizeRange)),
);

const librarySearchShape = once(() => ({
  query: z.optional(
    z.string().check(
      z.maxLength(200, { error: () => checkWords('checks.search.queryTooLong', { max: 200 }) }),
      z.refine((query) => query.trim() === '' || searchTerms(query).length > 0, {
        error: () => checkWords('checks.search.noTerms'),
      }),
    ),
  ),
  language: z.optional(
    z
      .array(z.string().check(z.regex(/^[a-z]{2}$/, { error: () => checkWords('checks.search.languageCode') })))
      .check(z.maxLength(20, { error: () => checkWords('checks.search.languages', { max: 20 }) })),
  ),
  start_date: z.optional(day('start_date')),
  end_date: z.optional(day('end_date')),
  launched_after: z.optional(day('launched_after')),
  sort_by: z.optional(
    z.enum(['best_match', 'most_active'], {
      error: () => checkWords('checks.search.sortBy'),
    }),
  ),
  order: z.optional(
    z.literal('newest', { error: () => checkWords('checks.mustBe', { field: 'order', value: 'newest' }) }),
  ),
  display_format: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(1, { error: () => checkWords('checks.notEmpty', { field: 'display_format' }) })),
  ),
  unified_brand_id: z.optional(brandIdSchema),
  platform: z.optional(
    z.enum(AD_PLATFORMS, {
      error: () => checkWords('checks.oneOf', { field: 'platform', values: AD_PLATFORMS.join(', ') }),
    }),
  ),
  /** Only ads that still run: the real service takes `active` and nothing else. */
  status: z.optional(
    z.literal('active', { error: () => checkWords('checks.mustBe', { field: 'status', value: 'active' }) }),
  ),
  page_size: z.optional(pageSize),
  cursor: z.optional(z.string()),
}));
const launchRange = {
  check: (p: { start_date?: string | undefined; end_date?: string | undefined }) =>
    !p.start_date || !p.end_date || p.start_date <= p.end_date,
  issue: { path: ['start_date'], error: () => checkWords('checks.search.launchRange') },
};

/** Every parameter of spec 4.10, as the client sends them: anything else is refused before sending. */
export const librarySearchSchema = lazily(() =>
  z.strictObject(librarySearchShape()).check(z.refine(launchRange.check, launchRange.issue)),
);
export type LibrarySearch = z.infer<typeof librarySearchSchema>;

/** The same rules as a service reads them: a parameter it does not know is ignored. */
export const libraryQuerySchema = lazily(() =>
  z.object(librarySearchShape()).check(z.refine(launchRange.check, launchRange.issue)),
);

/** A page request of an unstated list: the cursor is opaque (no length limit); page_size is ours. */
export const cursorRequestSchema = lazily(() =>
  z.strictObject({
    cursor: z.optional(z.string()),
    page_size: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
  }),
);
