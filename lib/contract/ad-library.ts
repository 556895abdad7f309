import { z } from 'zod';
import { isUuid } from './limits';
import { optionalText, tolerantArray } from './tolerant';
import { parseUtcDay } from './window';

/** A library ad (spec 2). Documented fields are read by name; unknown extras pass through. */
export const libraryAdSchema = z.looseObject({
  id: z.string().min(1),
  title: optionalText,
  body: optionalText,
  brand_name: optionalText,
  cta_type: optionalText,
  link_url: optionalText,
  display_format: optionalText,
  start_date: optionalText,
  end_date: optionalText,
  language: optionalText,
  unified_brand_id: optionalText,
  images: tolerantArray(z.looseObject({ url: optionalText })),
  videos: tolerantArray(z.looseObject({ preview_image_url: optionalText })),
  saved_details: z
    .looseObject({
      saved_at: optionalText,
      boards: tolerantArray(z.string()),
      tags: tolerantArray(z.string()),
    })
    .optional()
    .catch(undefined),
});
export type LibraryAd = z.infer<typeof libraryAdSchema>;

/** A cursor page (spec 2): the cursor is empty or absent on the last page. */
export function cursorPageSchema<S extends z.ZodType>(item: S) {
  return z.looseObject({
    items: tolerantArray(item),
    cursor: z
      .unknown()
      .optional()
      .transform((value) => (typeof value === 'string' && value !== '' ? value : null)),
  });
}
export const libraryPageSchema = cursorPageSchema(libraryAdSchema);
export type LibraryPage = z.infer<typeof libraryPageSchema>;

const day = (field: string) =>
  z.string().refine((value) => parseUtcDay(value) !== undefined, `${field} must be a date written YYYY-MM-DD.`);

export const LIBRARY_PAGE_SIZE = 50;
export const displayFormats = ['image', 'video', 'carousel', 'dco'] as const;

/** Every parameter of spec 4.10, checked before sending. */
const pageSize = z
  .number({ error: 'page_size must be a whole number.' })
  .int('page_size must be a whole number.')
  .min(1, 'page_size must be between 1 and 100.')
  .max(100, 'page_size must be between 1 and 100.');

const librarySearchShape = {
  query: z.string().max(200, 'The search text is limited to 200 characters.').optional(),
  language: z
    .array(z.string().regex(/^[a-z]{2}$/, 'language must be an ISO 639-1 code such as en.'))
    .max(20, 'At most 20 languages.')
    .optional(),
  start_date: day('start_date').optional(),
  end_date: day('end_date').optional(),
  launched_after: day('launched_after').optional(),
  sort_by: z.enum(['best_match', 'most_active'], { error: 'sort_by must be best_match or most_active.' }).optional(),
  order: z.literal('newest', { error: 'order must be newest.' }).optional(),
  display_format: z.string().max(40).optional(),
  unified_brand_id: z.string().refine(isUuid, 'unified_brand_id must be a brand id (UUID).').optional(),
  page_size: pageSize.optional(),
  cursor: z.string().max(2000).optional(),
};
const launchRange = {
  check: (p: { start_date?: string | undefined; end_date?: string | undefined }) =>
    !p.start_date || !p.end_date || p.start_date <= p.end_date,
  issue: { path: ['start_date'], message: 'The launch date range starts after it ends.' },
};

/** Every parameter of spec 4.10, as the client sends them: anything else is refused before sending. */
export const librarySearchSchema = z.object(librarySearchShape).strict().refine(launchRange.check, launchRange.issue);
export type LibrarySearch = z.infer<typeof librarySearchSchema>;

/** The same rules as a service reads them: a parameter it does not know is ignored. */
export const libraryQuerySchema = z.object(librarySearchShape).refine(launchRange.check, launchRange.issue);

export const cursorRequestSchema = z
  .object({ cursor: z.string().max(2000).optional(), page_size: z.number().int().min(1).max(100).optional() })
  .strict();
