/**
 * A second set of legal shapes (`--shapes alt`). Every rule the contract states is kept; only
 * what it leaves open ("not shown") is chosen differently from the default shapes. Each choice
 * names the line of spec/open-api-v1.md that allows it. Answers are reshaped after the route
 * computed them, and requests are read the way such a service would, so the default routes
 * stay the one implementation of every rule.
 */

/** The real service's shapes (`atria`) are in server/atria-shapes.ts. */
export type Shapes = 'default' | 'alt' | 'minimal' | 'atria';
export const SHAPES: readonly Shapes[] = ['default', 'alt', 'minimal', 'atria'];

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Spec 2, library ad: "the allowed display_format values: not shown". This service names two of them differently. */
const ALT_FORMATS: Record<string, string> = {
  image: 'static_image',
  video: 'video',
  carousel: 'carousel',
  dco: 'dynamic',
};
const FROM_ALT_FORMAT = Object.fromEntries(Object.entries(ALT_FORMATS).map(([ours, alt]) => [alt, ours]));

/** Spec 2, pagination: a cursor is a string; its length is not limited. These are longer than 2,000 characters. */
const CURSOR_PAD = `~${'0123456789abcdef'.repeat(140)}`;
const longCursor = (cursor: unknown) =>
  typeof cursor === 'string' && cursor !== '' ? `${cursor}${CURSOR_PAD}` : cursor;

/** The alt service's library ad: documented fields by name; `language` renamed; no `end_date` or `is_active` (extras, not shown). */
function altAd(ad: unknown): unknown {
  if (!isRecord(ad)) return ad;
  const { end_date: _end, is_active: _active, language, display_format, ...rest } = ad;
  return {
    ...rest,
    display_format:
      typeof display_format === 'string' ? (ALT_FORMATS[display_format] ?? display_format) : display_format,
    language_code: language,
  };
}

function altBrand(row: unknown): unknown {
  if (!isRecord(row)) return row;
  const { id, name, domain, category, logo_url, ad_count, active_ad_count, ...rest } = row;
  return {
    ...rest,
    brand_id: id,
    brand_name: name,
    website: domain,
    industry: category,
    logo: logo_url,
    ads_count: ad_count,
    active_ads: active_ad_count,
  };
}

function altCreative(creative: unknown): unknown {
  if (!isRecord(creative)) return creative;
  return {
    headline: creative.title,
    primary_text: creative.body,
    cta: creative.call_to_action,
    destination_url: creative.link_url,
    image_assets: list(creative.images).map((image) => (isRecord(image) ? { image_url: image.url } : image)),
    video_assets: list(creative.videos).map((video) =>
      isRecord(video)
        ? { id: video.video_id, thumbnail_url: video.preview_image_url, duration: video.duration_seconds }
        : video,
    ),
  };
}

function altTranscript(data: Json): Json {
  return {
    video_id: data.video_id,
    transcript: data.text,
    language_code: data.language,
    utterances: list(data.segments).map((segment) =>
      isRecord(segment) ? { start_time: segment.start, end_time: segment.end, text: segment.text } : segment,
    ),
    credits_used: data.credits_charged,
  };
}

/** Spec 2, ad-account summary/rows: currency and the window are extras (not shown); the window's fields are renamed. */
function altReport(data: Json): Json {
  const { currency, window, total_ads: _total, sort_by: _sortBy, sort_order: _order, ...rest } = data;
  return {
    ...rest,
    currency_code: currency,
    ...(isRecord(window) ? { date_range: { since: window.date_start, until: window.date_stop } } : {}),
  };
}

type Reshape = (data: Json) => unknown;

const ANSWERS: Record<string, Reshape> = {
  // 4.15 "Query parameters: not shown"; 2, owned brand: "Fields of the record: not shown". A bare
  // list under `brands`, other field names, and colors null where a brand has none set.
  'GET /owned-brands': (data) => ({
    brands: list(data.items).map((brand, index) =>
      isRecord(brand)
        ? {
            id: brand.id,
            brand_name: brand.name,
            is_locked: brand.locked,
            logo: brand.logo_url,
            colors: index === 0 ? null : brand.colors,
            context: brand.product_context,
          }
        : brand,
    ),
  }),
  // 4.1: rows have id ("other fields: not shown"); the id is "accepted … as 32 hex characters".
  'GET /ad-accounts': (data) => ({
    items: list(data.items).map((row) =>
      isRecord(row)
        ? {
            id: String(row.id).replaceAll('-', ''),
            account_name: row.name,
            ad_platform: row.platform,
            currency_code: row.currency,
          }
        : row,
    ),
  }),
  // 2, metric: "Field names and the full row shape: not shown". No format and no sortable flag.
  'GET /ad-accounts/:account_id/metrics': (data) => ({
    items: list(data.items).map((row) =>
      isRecord(row) ? { metric_id: row.id, label: row.name, type: row.kind, is_default: row.default } : row,
    ),
  }),
  'GET /ad-accounts/:account_id/summary': altReport,
  // 2, ranked row: the preview's field name and "whether metric_names sits on each row or once
  // per response: not shown". 4.4: the sort direction's name is not shown (this service reads `direction`).
  'GET /ad-accounts/:account_id/ads': (data) => {
    const { items, metric_names, ...rest } = altReport(data);
    return {
      ...rest,
      items: list(items).map((row) =>
        isRecord(row)
          ? {
              platform_ad_id: row.platform_ad_id,
              ad_name: row.name,
              effective_status: row.status,
              thumbnail_url: row.preview_image_url,
              metrics: row.metrics,
              metric_names,
            }
          : row,
      ),
    };
  },
  // 4.5: "Field names of the creative block: not shown"; the detail never states platform_ad_id,
  // and the record comes inside a wrapper.
  'GET /ad-accounts/:account_id/ads/:platform_ad_id': (data) => {
    const { platform_ad_id: _id, creative, name, status, format: _format, ...rest } = altReport(data);
    return { ad: { ...rest, ad_name: name, effective_status: status, assets: altCreative(creative) } };
  },
  // 2, video transcript: "Fields of the transcript record: not shown".
  'POST /ad-accounts/:account_id/videos/:video_id/transcript': altTranscript,
  'GET /ad-accounts/:account_id/videos/:video_id/transcript': altTranscript,
  // 4.10 states items and cursor: kept, with cursors longer than 2,000 characters.
  'GET /ad-library/search': (data) => ({
    ...data,
    items: list(data.items).map(altAd),
    cursor: longCursor(data.cursor),
  }),
  // 4.11 "Query parameters and row shape: not shown": rows wrap the ad beside its save.
  'GET /ad-library/saved': (data) => ({
    results: list(data.items).map((ad) => {
      if (!isRecord(ad)) return ad;
      const { saved_details, ...rest } = ad;
      const saved = isRecord(saved_details) ? saved_details : {};
      return { ad: altAd(rest), saved_at: saved.saved_at, boards: saved.boards, tags: saved.tags };
    }),
    next_cursor: longCursor(data.cursor),
  }),
  // 4.12 "the full response shape: not shown": the ad inside a wrapper.
  'GET /ad-library/:ad_id': (data) => ({ ad: altAd(data) }),
  // 4.13 "Parameters and response shapes of these four: not shown".
  'GET /brand-library/search': (data) => ({
    brands: list(data.items).map(altBrand),
    next_cursor: longCursor(data.cursor),
  }),
  'GET /brand-library/followed': (data) => ({
    brands: list(data.items).map(altBrand),
    next_cursor: longCursor(data.cursor),
  }),
  'GET /brand-library/:brand_id': (data) => {
    const { formats, languages, first_seen, ...rest } = data;
    const altFormats = isRecord(formats)
      ? Object.fromEntries(Object.entries(formats).map(([format, count]) => [ALT_FORMATS[format] ?? format, count]))
      : formats;
    return {
      brand: {
        ...(altBrand(rest) as Json),
        format_mix: altFormats,
        language_counts: languages,
        first_seen_at: first_seen,
      },
    };
  },
  'GET /brand-library/:brand_id/ads': (data) => ({
    ads: list(data.items).map(altAd),
    next_cursor: longCursor(data.cursor),
  }),
  // 4.14 states items, has_more, total and quota; the quota's fields are not shown.
  'POST /inspo-brands/search': (data) => {
    const quota = isRecord(data.quota) ? data.quota : {};
    return { ...data, quota: { searches_left: quota.remaining, searches_per_period: quota.limit } };
  },
  // 4.9 states items (library ads with saved_details) and cursor.
  'GET /boards/:board_id/ads': (data) => ({
    ...data,
    items: list(data.items).map(altAd),
    cursor: longCursor(data.cursor),
  }),
  // 2, OpenImageGeneration: "Other fields: not shown". No per-image status list; what was made
  // is named `ratio`.
  'POST /image-generations': altGeneration,
  'GET /image-generations/:generation_id': altGeneration,
  // 2, generated image: "Field name of the URL and other fields: not shown". No status at all.
  'GET /image-generations/:generation_id/images/:image_id': (data) => ({
    id: data.id,
    generation_id: data.generation_id,
    image_url: data.url,
    concept_text: data.concept,
  }),
};

function altGeneration(data: Json): Json {
  const { images: _images, aspect_ratio, output_language, ...rest } = data;
  return { ...rest, ratio: aspect_ratio, language: output_language };
}

/** The answer as the alt service words it (its data only; the envelope is the contract's). */
export function altAnswer(method: string, pattern: string, data: unknown): unknown {
  const reshape = ANSWERS[`${method} ${pattern}`];
  return reshape && isRecord(data) ? reshape(data) : data;
}

export interface AltRequest {
  query: URLSearchParams;
  body: unknown;
  /** A parameter this service refuses, as its 40001 message. */
  refused?: { field: string; message: string };
}

/**
 * The request as the alt service reads it: its own names for the parameters the contract
 * does not name (4.4's sort direction is `direction`; 4.16's aspect ratio and output language
 * are `ratio` and `language`), so ours are ignored, as a real service would ignore them; its
 * display_format values; and its long cursors.
 */
export function altRequest(method: string, pattern: string, query: URLSearchParams, body: unknown): AltRequest {
  const next = new URLSearchParams(query);
  const cursor = next.get('cursor');
  if (cursor?.endsWith(CURSOR_PAD)) next.set('cursor', cursor.slice(0, -CURSOR_PAD.length));
  const format = next.get('display_format');
  if (format !== null) {
    const ours = FROM_ALT_FORMAT[format];
    if (ours === undefined) {
      return {
        query: next,
        body,
        refused: {
          field: 'display_format',
          message: `display_format must be one of: ${Object.values(ALT_FORMATS).join(', ')}.`,
        },
      };
    }
    next.set('display_format', ours);
  }
  if (pattern === '/ad-accounts/:account_id/ads') {
    next.delete('sort_order');
    const direction = query.get('direction');
    if (direction !== null) next.set('sort_order', direction);
  }
  if (method === 'POST' && pattern === '/image-generations' && isRecord(body)) {
    const { aspect_ratio: _ratio, output_language: _language, ratio, language, ...rest } = body;
    return {
      query: next,
      body: {
        ...rest,
        ...(ratio === undefined ? {} : { aspect_ratio: ratio }),
        ...(language === undefined ? {} : { output_language: language }),
      },
    };
  }
  return { query: next, body };
}

/**
 * A third legal service (`--shapes minimal`): the default shapes, with less of what the contract
 * leaves "not shown". Each choice names the line that allows it.
 */
function withoutLanguage(ad: unknown): unknown {
  if (!isRecord(ad)) return ad;
  const { language: _language, ...rest } = ad;
  return rest;
}

const MINIMAL: Record<string, Reshape> = {
  // 2, library ad: language is an extra, not shown.
  'GET /ad-library/search': (data) => ({ ...data, items: list(data.items).map(withoutLanguage) }),
  'GET /ad-library/:ad_id': withoutLanguage,
  'GET /brand-library/:brand_id/ads': (data) => ({ ...data, items: list(data.items).map(withoutLanguage) }),
  // 4.13: the brand detail's shape is not shown: only its id and name.
  'GET /brand-library/:brand_id': (data) => ({ id: data.id, name: data.name }),
  // 2, metric: "the full row shape: not shown": no default marker.
  'GET /ad-accounts/:account_id/metrics': (data) => ({
    items: list(data.items).map((row) => {
      if (!isRecord(row)) return row;
      const { default: _default, ...rest } = row;
      return rest;
    }),
  }),
  // 2: only metrics and metric_names are stated for an ad's detail: no window.
  'GET /ad-accounts/:account_id/ads/:platform_ad_id': (data) => {
    const { window: _window, ...rest } = data;
    return rest;
  },
  // 4.4: "The name and allowed values of the sort direction parameter: not shown": this service
  // reads none, and ranks highest first whatever was asked.
  'GET /ad-accounts/:account_id/ads': (data) => {
    const by = typeof data.sort_by === 'string' ? data.sort_by : '';
    const value = (row: unknown) => {
      const metrics = isRecord(row) && isRecord(row.metrics) ? row.metrics : {};
      return typeof metrics[by] === 'number' ? (metrics[by] as number) : Number.NEGATIVE_INFINITY;
    };
    const { sort_order: _order, ...rest } = data;
    return { ...rest, items: [...list(data.items)].sort((a, b) => value(b) - value(a)) };
  },
  // 2, Quota: "Its fields: not shown": the numbers sit one object down.
  'POST /inspo-brands/search': (data) => {
    const quota = isRecord(data.quota) ? data.quota : {};
    return {
      ...data,
      quota: { plan: 'growth', followed_brands: { used: quota.used, limit: quota.limit, locked: quota.locked } },
    };
  },
};

/** The searches where the default service reads `platform` and `status` (beyond the contract's list). */
const FILTERED_SEARCHES = new Set(['/ad-library/search', '/brand-library/:brand_id/ads']);

/**
 * 4.10: "The full parameter set: not shown". The minimal service knows only the parameters the
 * contract lists, and refuses the real service's `platform` and `status` filters rather than
 * answer unfiltered: the message names the parameters it does not know (40001).
 */
export function minimalRefusal(pattern: string, query: URLSearchParams): { field: string; message: string } | null {
  if (!FILTERED_SEARCHES.has(pattern)) return null;
  const unknown = ['platform', 'status'].filter((name) => query.has(name));
  const [field] = unknown;
  if (field === undefined) return null;
  return { field, message: `unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` };
}

/** The answer as the minimal service gives it. */
export function minimalAnswer(method: string, pattern: string, data: unknown): unknown {
  const reshape = MINIMAL[`${method} ${pattern}`];
  return reshape && isRecord(data) ? reshape(data) : data;
}
