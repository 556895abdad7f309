/**
 * Where an ad's link leads, as a key: the one reading shared by "Ads that lead to this page"
 * and the versions of one idea, so both agree on which links are the same page.
 */

/**
 * Query parameters that say where a click came from, not where it goes: Google's, Meta's,
 * Microsoft's, TikTok's, X's, LinkedIn's, Pinterest's, Yandex's, Mailchimp's, HubSpot's,
 * Adobe's and affiliate networks' click ids, and every `utm_*`.
 */
export const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  // Google Ads, Search and Analytics
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'gad_source',
  'gad_campaignid',
  'srsltid',
  '_ga',
  '_gl',
  // Meta (Facebook, Instagram)
  'fbclid',
  'igshid',
  'igsh',
  'fb_action_ids',
  'fb_action_types',
  'fb_source',
  // Microsoft Advertising
  'msclkid',
  // TikTok
  'ttclid',
  // X (Twitter)
  'twclid',
  // LinkedIn
  'li_fat_id',
  'trk',
  // Pinterest
  'epik',
  // Yandex
  'yclid',
  // Mailchimp
  'mc_cid',
  'mc_eid',
  // HubSpot
  '_hsenc',
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'hsctatracking',
  // Adobe, Impact and referrers
  's_kwcid',
  'irclickid',
  'ref',
  'ref_src',
]);

export const isTrackingParameter = (name: string): boolean => {
  const lower = name.toLowerCase();
  return TRACKING_PARAMETERS.has(lower) || lower.startsWith('utm_');
};

/** A fragment that routes a single-page site (`#/shop/a`, `#!/shop/a`) names a page; any other fragment does not. */
function routeOf(hash: string): string {
  return /^#!?\//.test(hash) ? hash : '';
}

/** `text` read as an absolute address (against `base` when given), or null: parsed once, where canParse and new URL parse twice. */
export function parsedUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/**
 * A page's identity for comparing links: host (its port too when not the default) without
 * "www.", path without a trailing slash, the query that is not tracking (sorted), and a routing
 * fragment. Null for anything but an http(s) address.
 */
export function landingKey(link: string | null | undefined): string | null {
  const trimmed = link?.trim();
  const url = trimmed ? parsedUrl(trimmed) : null;
  return url ? landingKeyOf(url) : null;
}

/** landingKey of an address already parsed. */
export function landingKeyOf(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const query = [...url.searchParams.entries()]
    .filter(([name]) => !isTrackingParameter(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  return `${host}${path}${query ? `?${query}` : ''}${routeOf(url.hash)}`;
}

/** Query parameters a CDN signs or dates a link with: the same image under a new signature. */
const SIGNING =
  /^(x-amz-.*|x-goog-.*|expires|signature|key-pair-id|policy|oh|oe|_nc_.*|ccb|stp|sig|se|sp|sv|sr|st|token|exp|hmac|hdnts|hdnea)$/i;

/**
 * An image's identity for comparing creatives: host and path, and the query that names the
 * image (`?id=123`) without what signs or dates the link, so a re-signed link is the same image
 * and two images served by one script are not.
 */
export function imageKey(url: string): string | null {
  const parsed = parsedUrl(url);
  if (!parsed) return null;
  const query = [...parsed.searchParams.entries()]
    .filter(([name]) => !SIGNING.test(name) && !isTrackingParameter(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  return `${parsed.host.toLowerCase()}${parsed.pathname}${query ? `?${query}` : ''}`;
}
