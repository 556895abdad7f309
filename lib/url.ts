/** Longest URL we put into an href or src; longer ones are dropped rather than truncated. */
export const MAX_URL_LENGTH = 4096;

/**
 * The one sanitizer for URLs that come from API data: returns an absolute http(s) URL
 * without credentials, or null. Scheme checks run on the parsed URL, so case tricks,
 * whitespace or control characters inside the scheme (`JaVa\tScRiPt:`) cannot slip through.
 */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_LENGTH) return null;
  // Protocol-relative and relative URLs would resolve against the extension's own origin.
  if (!/^https?:/i.test(stripControlAndSpace(trimmed))) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** Drops characters at or below U+0020, which URL parsers skip inside a scheme. */
export function stripControlAndSpace(value: string): string {
  let out = '';
  for (const char of value) if (char.charCodeAt(0) > 0x20) out += char;
  return out;
}
