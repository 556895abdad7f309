/** Paths removed in v0.2.0 (spec section 9) and what replaced them. */
export const REMOVED_PATHS: readonly { method: string; pattern: RegExp; removed: string; replacement: string }[] = [
  { method: 'GET', pattern: /^\/ads$/, removed: 'GET /open/v1/ads', replacement: 'GET /open/v1/ad-library/search' },
  {
    method: 'GET',
    pattern: /^\/ads\/[^/]+$/,
    removed: 'GET /open/v1/ads/{ad_id}',
    replacement: 'GET /open/v1/ad-library/{ad_id}',
  },
  {
    method: 'GET',
    pattern: /^\/saved-ads$/,
    removed: 'GET /open/v1/saved-ads',
    replacement: 'GET /open/v1/ad-library/saved',
  },
  {
    method: 'GET',
    pattern: /^\/brands\/search$/,
    removed: 'GET /open/v1/brands/search',
    replacement: 'GET /open/v1/brand-library/search',
  },
  {
    method: 'GET',
    pattern: /^\/brands$/,
    removed: 'GET /open/v1/brands',
    replacement: 'GET /open/v1/brand-library/followed',
  },
  {
    method: 'GET',
    pattern: /^\/brands\/[^/]+\/ads$/,
    removed: 'GET /open/v1/brands/{brand_id}/ads',
    replacement: 'GET /open/v1/brand-library/{brand_id}/ads',
  },
  {
    method: 'GET',
    pattern: /^\/brands\/[^/]+$/,
    removed: 'GET /open/v1/brands/{brand_id}',
    replacement: 'GET /open/v1/brand-library/{brand_id}',
  },
  {
    method: 'GET',
    pattern: /^\/my-brands$/,
    removed: 'GET /open/v1/my-brands',
    replacement: 'GET /open/v1/owned-brands',
  },
  {
    method: 'POST',
    pattern: /^\/images\/generate$/,
    removed: 'POST /open/v1/images/generate',
    replacement: 'POST /open/v1/image-generations',
  },
  {
    method: 'GET',
    pattern: /^\/images\/jobs\/[^/]+$/,
    removed: 'GET /open/v1/images/jobs/{project_id}',
    replacement: 'GET /open/v1/image-generations/{generation_id}',
  },
  {
    method: 'GET',
    pattern: /^\/images\/[^/]+$/,
    removed: 'GET /open/v1/images/{image_task_id}',
    replacement: 'GET /open/v1/image-generations/{generation_id}/images/{image_id}',
  },
  {
    method: 'POST',
    pattern: /^\/videos\/[^/]+\/transcribe$/,
    removed: 'POST /open/v1/videos/{video_id}/transcribe',
    replacement: 'POST /open/v1/ad-accounts/{account_id}/videos/{video_id}/transcript',
  },
  {
    method: 'GET',
    pattern: /^\/videos\/[^/]+$/,
    removed: 'GET /open/v1/videos/{video_id}',
    replacement: 'GET /open/v1/ad-accounts/{account_id}/videos/{video_id}/transcript',
  },
];

export function findRemovedPath(method: string, path: string) {
  return REMOVED_PATHS.find((entry) => entry.method === method && entry.pattern.test(path));
}
