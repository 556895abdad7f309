/** Text helpers for building searches, shared by the background's find-similar and the pages. */

export { fitKeyword, KEYWORD_MAX_CHARS, KEYWORDS_MAX } from './keyword-limits';

/**
 * Lower case, accents of Latin, Greek and Cyrillic letters dropped, anything but letters and
 * digits as one space: "Acmé-Trail!" → "acme trail". Other scripts keep their marks: Japanese
 * voicing marks are part of the letter ("ガ" stays "ガ", never "カ").
 */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
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
    'into',
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
    'than',
    'that',
    'the',
    'their',
    'these',
    'they',
    'this',
    'those',
    'to',
    'up',
    'was',
    'we',
    'were',
    'will',
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
    'bestellen',
    'online',
    'shop',
    'bei',
    'am',
    'vom',
    'zum',
    'zur',
    'aus',
    'oder',
    'wir',
    'darum',
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
// Compared after normalizeName, which folds accents (für → fur), so the list is folded too. Folded
// at the first look, not when the module loads: a few hundred Unicode folds the background's
// start does not need (docs/performance.md, worker cold start).
let allStopWords: ReadonlySet<string> | undefined;

/** Whether a word (already through normalizeName) is a stop word in any language we know. */
export function isStopWord(word: string): boolean {
  allStopWords ??= new Set(Object.values(STOP_WORDS).flat().map(normalizeName));
  return allStopWords.has(word);
}

/** Scripts written without spaces between words: their words come from the browser's word segmenter. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const ONLY_KANA_PARTICLES = /^\p{Script=Hiragana}{1,2}$/u;

/** Words of a text: split at spaces, or by `Intl.Segmenter` where a script writes none. */
function words(text: string, language: string): string[] {
  if (!UNSPACED.test(text) || typeof Intl.Segmenter !== 'function') return normalizeName(text).split(' ');
  const segmenter = new Intl.Segmenter(language || undefined, { granularity: 'word' });
  return [...segmenter.segment(text.slice(0, 2000))]
    .filter((segment) => segment.isWordLike)
    .flatMap((segment) => normalizeName(segment.segment).split(' '));
}

/**
 * The words of `text` worth searching by: no stop words, no bare numbers, nothing under three
 * letters in spaced scripts (two where words are short: Chinese, Japanese, Thai), no lone kana
 * particles. `language` helps the segmenter where a script writes no spaces.
 */
export function contentWords(text: string, language = ''): string[] {
  return words(text, language).filter((word) => {
    if (!word || isStopWord(word) || /^\d+$/.test(word)) return false;
    if (UNSPACED.test(word)) return [...word].length >= 2 && !ONLY_KANA_PARTICLES.test(word);
    return word.length > 2;
  });
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
