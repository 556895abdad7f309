/** Text helpers for building searches, shared by the background's find-similar and the pages. */

/** Lower case, accents dropped, anything but letters and digits as one space: "Acmé-Trail!" → "acme trail". */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words too common to search by, per language (folded like normalizeName folds). */
const STOP_WORDS: Record<string, readonly string[]> = {
  en: [
    'a',
    'an',
    'and',
    'are',
    'as',
    'at',
    'be',
    'by',
    'buy',
    'for',
    'free',
    'from',
    'get',
    'has',
    'have',
    'home',
    'how',
    'in',
    'is',
    'it',
    'its',
    'new',
    'now',
    'of',
    'on',
    'online',
    'or',
    'our',
    'page',
    'sale',
    'shop',
    'shipping',
    'the',
    'this',
    'to',
    'up',
    'we',
    'with',
    'you',
    'your',
    'official',
    'site',
    'store',
    'welcome',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'mit',
    'für',
    'von',
    'den',
    'dem',
    'ein',
    'eine',
    'ist',
    'im',
    'zu',
    'auf',
    'jetzt',
    'jede',
    'jeder',
    'jedes',
    'jeden',
    'neue',
    'neuen',
    'neu',
    'unser',
    'unsere',
    'kaufen',
    'online',
    'shop',
    'neu',
    'unser',
    'unsere',
  ],
  fr: [
    'le',
    'la',
    'les',
    'de',
    'des',
    'du',
    'et',
    'en',
    'un',
    'une',
    'pour',
    'avec',
    'sur',
    'au',
    'aux',
    'votre',
    'vos',
    'nos',
    'notre',
    'boutique',
    'acheter',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'de',
    'del',
    'y',
    'en',
    'un',
    'una',
    'para',
    'con',
    'por',
    'tu',
    'tus',
    'nuestro',
    'nuestra',
    'tienda',
    'comprar',
  ],
};
// Compared after normalizeName, which folds accents (für → fur), so the list is folded too.
const ALL_STOP_WORDS = new Set(Object.values(STOP_WORDS).flat().map(normalizeName));

/** Whether a word (already through normalizeName) is a stop word in any language we know. */
export function isStopWord(word: string): boolean {
  return ALL_STOP_WORDS.has(word);
}

/** The words of `text` worth searching by: no stop words, nothing under three letters, no bare numbers. */
export function contentWords(text: string): string[] {
  return normalizeName(text)
    .split(' ')
    .filter((word) => word.length > 2 && !isStopWord(word) && !/^\d+$/.test(word));
}

/**
 * A library search for ads like one of your own: the product an ad names, not its slogan. Ad
 * titles often read "<slogan>: <product>" (or with a dash or a bar), so the last part with
 * words worth searching wins; at most three of its words.
 */
export function winnerQuery(title: string): string {
  const parts = title.split(/\s*[:|–—]\s*|\s+-\s+/).filter((part) => contentWords(part).length > 0);
  const words = contentWords(parts.at(-1) ?? '');
  return [...new Set(words)].slice(0, 3).join(' ');
}
