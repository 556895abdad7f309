import { z } from 'zod/mini';

/**
 * Every name the client accepts for a field the contract leaves unnamed ("not shown"), in one
 * place. The first name of each list is the reference server's default; the others are names
 * a service keeping every stated rule may use instead (the reference server's `--shapes alt`
 * uses one of them for each). A field the contract names is read by that name only.
 */
export const ALTERNATIVE_NAMES = {
  /** Rows of a list whose shape is not shown (4.11 saved ads, 4.13 brand library). */
  items: ['items', 'results', 'ads', 'brands', 'records', 'rows', 'list', 'entries'],
  /** The next-page cursor of a list whose shape is not shown (4.11, 4.13). */
  cursor: ['cursor', 'next_cursor', 'next_page_cursor', 'next_page_token', 'next'],
  /** A record wrapped in an object (4.12 ad detail, 4.13 brand detail, 4.11 saved rows, 4.5 ad detail). */
  wrappers: ['data', 'item', 'record', 'result', 'ad', 'brand', 'detail'],

  // Ad-account rows (4.1), ranked rows (4.4), summary (4.2) and ad detail (4.5).
  accountName: ['name', 'account_name', 'display_name', 'title'],
  accountPlatform: ['platform', 'ad_platform', 'provider', 'source'],
  currency: ['currency', 'currency_code', 'account_currency'],
  previewImageUrl: ['preview_image_url', 'thumbnail_url', 'image_url', 'preview_url', 'thumbnail'],
  adName: ['name', 'ad_name', 'title'],
  adStatus: ['status', 'effective_status', 'delivery_status', 'state'],
  adFormat: ['format', 'creative_format', 'ad_format', 'display_format'],
  totalAds: ['total_ads', 'total', 'total_count', 'ad_count', 'count'],
  window: ['window', 'date_range', 'time_range', 'range'],
  dateStart: ['date_start', 'start', 'since', 'from'],
  dateStop: ['date_stop', 'stop', 'until', 'to', 'end'],
  /** The creative block of an ad detail (4.5: "Field names of the creative block: not shown"). */
  creative: ['creative', 'creative_block', 'ad_creative', 'assets', 'content'],
  creativeTitle: ['title', 'headline', 'heading'],
  creativeBody: ['body', 'primary_text', 'text', 'message', 'description'],
  callToAction: ['call_to_action', 'cta', 'cta_type', 'call_to_action_type', 'cta_text'],
  linkUrl: ['link_url', 'destination_url', 'landing_url', 'link', 'url'],
  creativeImages: ['images', 'image_assets', 'image_urls', 'pictures'],
  creativeVideos: ['videos', 'video_assets', 'video_list'],
  imageUrl: ['url', 'image_url', 'src', 'uri', 'original_url'],
  videoId: ['video_id', 'id', 'asset_id'],
  videoUrl: ['url', 'video_url', 'source_url', 'src'],
  durationSeconds: ['duration_seconds', 'duration', 'length_seconds'],
  width: ['width', 'w'],
  height: ['height', 'h'],

  // Metric catalogue rows (4.3: "Field names and the full row shape: not shown").
  metricId: ['id', 'metric_id', 'key', 'metric', 'code'],
  metricName: ['name', 'display_name', 'label', 'title'],
  metricKind: ['kind', 'type', 'category'],
  metricFormat: ['format', 'value_type', 'unit', 'data_type'],
  metricDefault: ['default', 'is_default', 'in_default_set'],
  metricSortable: ['sortable', 'is_sortable', 'rankable', 'can_sort'],

  // Video transcripts (2: "Fields of the transcript record: not shown").
  transcriptText: ['text', 'transcript', 'transcript_text', 'full_text', 'content'],
  transcriptLanguage: ['language', 'language_code', 'lang', 'locale'],
  transcriptSegments: ['segments', 'utterances', 'chunks', 'paragraphs', 'cues'],
  segmentStart: ['start', 'start_time', 'start_seconds', 'from', 'begin'],
  segmentEnd: ['end', 'end_time', 'end_seconds', 'to', 'stop'],
  creditsCharged: ['credits_charged', 'credits', 'credits_used', 'cost'],

  // The followed-brand quota (2, Quota: "Its fields: not shown"): read at its top or one object down.
  quotaUsed: ['used', 'followed', 'count', 'current', 'in_use'],
  quotaLimit: ['limit', 'max', 'maximum', 'allowed', 'capacity', 'cap'],
  quotaRemaining: ['remaining', 'available', 'left'],
  quotaLocked: ['locked', 'locked_count'],
  cached: ['cached', 'from_cache', 'cache_hit'],

  // Generated images (4.18: "Field name of the URL and other fields: not shown").
  generatedUrl: ['url', 'image_url', 'generated_url', 'output_url', 'result_url', 'src'],
  imageStatus: ['status', 'state'],
  concept: ['concept', 'concept_text', 'variant', 'description'],
  imageError: ['error', 'error_message', 'failure_reason', 'reason'],
  /** The generation record's per-image list (not shown: "Other fields"). */
  generationImages: ['images', 'image_details', 'image_tasks'],
  imageId: ['image_id', 'id'],
  /** Where a generation record says what it made (checked against what was asked, never trusted blindly). */
  aspectRatio: ['aspect_ratio', 'ratio', 'aspectRatio', 'image_ratio'],
  outputLanguage: ['output_language', 'language', 'lang', 'locale'],

  // Owned brands (4.15: "Fields of the record: not shown").
  brandName: ['name', 'brand_name', 'display_name', 'title'],
  logoUrl: ['logo_url', 'logo', 'logo_image_url', 'icon_url'],
  colors: ['colors', 'brand_colors', 'palette', 'colours'],
  productContext: ['product_context', 'context', 'description', 'product_description'],
  locked: ['locked', 'is_locked'],

  // Brand-library rows and detail (4.13: "Parameters and response shapes: not shown").
  brandId: ['id', 'brand_id', 'unified_brand_id', 'uuid'],
  domain: ['domain', 'website', 'website_domain', 'url'],
  category: ['category', 'industry', 'vertical'],
  adCount: ['ad_count', 'ads_count', 'total_ads'],
  activeAdCount: ['active_ad_count', 'active_ads', 'active_ads_count', 'running_ads'],
  followed: ['followed', 'is_followed', 'following'],
  firstSeen: ['first_seen', 'first_seen_at', 'created_at', 'tracked_since'],
  formats: ['formats', 'format_mix', 'display_formats'],
  languages: ['languages', 'language_mix', 'language_counts'],

  // Library ads: documented fields keep their names; the extras are not shown.
  endDate: ['end_date', 'stop_date', 'ended_at', 'end_time'],
  /**
   * The call to action. `cta_type` is the contract's name and is read first; a service that
   * writes the button's words as `cta_text` beside it (or instead, or leaves cta_type null) is
   * read by that name, so the call to action shows wherever cta_type does.
   */
  ctaType: ['cta_type', 'cta_text', 'call_to_action'],
  /** The ad's catalogue brand (4.10 filters by `unified_brand_id`; a service may write `brand_id`). */
  adBrandId: ['unified_brand_id', 'brand_id'],
  /** Whether the ad still runs, as a word: `active` or `inactive` (read beside `is_active`). */
  runStatus: ['status', 'ad_status', 'delivery_status'],
  /**
   * A library ad video's own URL (the contract shows only `preview_image_url`): read as `url`,
   * the real service's name; the reference server writes `video_url`.
   */
  libraryVideoUrl: ['video_url', 'url', 'source_url', 'src'],
  adLanguage: ['language', 'language_code', 'lang'],
  savedAt: ['saved_at', 'created_at', 'added_at'],
} as const satisfies Record<string, readonly string[]>;

type Names = Record<string, readonly string[]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * A copy of `value` where each canonical field that is missing (or null) takes the first
 * alternative name that holds a value. Anything that is not an object is returned as is.
 */
export function renameFields(value: unknown, fields: Record<string, readonly string[]>): unknown {
  if (!isRecord(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [canonical, names] of Object.entries(fields)) {
    if (present(value[canonical])) continue;
    const found = names.find((name) => name !== canonical && present(value[name]));
    if (found === undefined) continue;
    out ??= { ...value };
    out[canonical] = value[found];
  }
  return out ?? value;
}

/** Reads an object whose unnamed fields may carry any of their known names (ALTERNATIVE_NAMES). */
export function withNames<S extends z.ZodMiniType>(fields: Names, schema: S) {
  return z.pipe(
    z.transform((value) => renameFields(value, fields)),
    schema,
  );
}

/**
 * The record inside a wrapper: when `value` lacks the field that identifies the record
 * (`key`, under any of its names) and one wrapper field holds an object that has it, that
 * object is the record. `{ ad: { id, ... } }` reads as `{ id, ... }`.
 */
export function unwrapRecord(value: unknown, key: readonly string[]): unknown {
  if (!isRecord(value) || key.some((name) => present(value[name]))) return value;
  for (const wrapper of ALTERNATIVE_NAMES.wrappers) {
    const inner = value[wrapper];
    if (isRecord(inner) && key.some((name) => present(inner[name]))) return inner;
  }
  return value;
}

/** A record that may come wrapped (see unwrapRecord), read by `schema`. */
export function unwrapped<S extends z.ZodMiniType>(key: readonly string[], schema: S) {
  return z.pipe(
    z.transform((value) => unwrapRecord(value, key)),
    schema,
  );
}

/**
 * A list page whose shape the contract does not show: a bare array, or an object holding its
 * rows under any name of ALTERNATIVE_NAMES.items (possibly inside a wrapper) and its cursor under
 * any name of ALTERNATIVE_NAMES.cursor, reads as `{ items, cursor }` plus whatever else it carries.
 */
export function normalizeListPage(value: unknown): unknown {
  if (Array.isArray(value)) return { items: value };
  if (!isRecord(value)) return value;
  const hasItems = (record: Record<string, unknown>) =>
    ALTERNATIVE_NAMES.items.some((name) => Array.isArray(record[name]));
  let page = value;
  if (!hasItems(page)) {
    const inner = ALTERNATIVE_NAMES.wrappers.map((name) => page[name]).find((v) => isRecord(v) && hasItems(v));
    if (isRecord(inner))
      page = { ...inner, ...Object.fromEntries(Object.entries(page).filter(([, v]) => v !== inner)) };
  }
  const items = ALTERNATIVE_NAMES.items.map((name) => page[name]).find(Array.isArray);
  const renamed = renameFields(page, { cursor: ALTERNATIVE_NAMES.cursor }) as Record<string, unknown>;
  return items === undefined || renamed.items === items ? renamed : { ...renamed, items };
}
