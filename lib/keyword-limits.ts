/*
 * The limits of a similar search's keywords: one module of its own, so the messages' schema and
 * the panel take them without the keyword reading.
 */

/** The longest keyword the background accepts (lib/messaging/similar.ts); the panel cuts its own to it. */
export const KEYWORD_MAX_CHARS = 40;
/** The most keywords one similar search takes. */
export const KEYWORDS_MAX = 10;
/** The most keywords the library is asked for together (lib/background/similar/resolve.ts). */
export const KEYWORDS_TOGETHER = 3;

/** A keyword cut to what the background accepts, never half a surrogate pair. */
export function fitKeyword(word: string): string {
  if (word.length <= KEYWORD_MAX_CHARS) return word;
  const cut = word.slice(0, KEYWORD_MAX_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
