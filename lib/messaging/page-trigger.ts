/**
 * What the background and the injected find-similar script share. Plain constants and types
 * only: this module is bundled into the content script, which must stay tiny.
 */

/** How the user asked for similar ads. */
export const triggerSources = ['page', 'selection', 'image', 'link', 'command', 'toolbar', 'button'] as const;
export type TriggerSource = (typeof triggerSources)[number];

/** Handed to the injected script, in the extension's isolated world, just before it runs. */
export interface PageTrigger {
  source: TriggerSource;
  /** The image the context menu was opened on. */
  srcUrl?: string;
  /** The link the context menu was opened on. */
  linkUrl?: string;
  /** Whether the opt-in page button is on, so the newest copy of the script keeps showing it. */
  button: boolean;
}

/**
 * The isolated-world global the background sets before injecting the script. Page scripts
 * live in another world and can neither read nor set it.
 */
export const TRIGGER_GLOBAL = '__adscopeFindSimilarTrigger';

/** The built script, as `scripting.executeScript` and `registerContentScripts` name it. */
export const FIND_SIMILAR_SCRIPT = 'content-scripts/find-similar.js';

/** The id of the opt-in page button's registered content script. */
export const PAGE_BUTTON_SCRIPT_ID = 'adscope-page-button';

/**
 * The page button's few words, in the language chosen in Options: the worker says them when the
 * button is first shown on a page (`pageButton.words`), so the injected script carries no catalogue.
 */
export interface PageButtonWords {
  /** The button's text and accessible name. */
  label: string;
  title: string;
  /** Said when the panel could not be opened for the user: the ads wait in Adscope. */
  ready: string;
  /** Said when the worker refused the page. */
  refused: string;
  /** Said when the extension is gone (updated or turned off) under the page. */
  gone: string;
}

/**
 * What the find-similar script reads from a page and sends, and nothing more: raw material,
 * bounded, that the panel reads (structured data, names, language) so the script stays small.
 */
export interface PageSignals {
  url: string;
  hostname: string;
  title: string;
  /** The page's meta tags as [key, content]; the key is the tag's property, name, itemprop or http-equiv, in lower case. */
  metas: [string, string][];
  /** The text of each JSON-LD script, in document order, as the page has it (it may be invalid JSON). */
  jsonLd: string[];
  /** What the site's logo says: the alt text of an image in a link to the home page or a logo element, a logo's text. */
  logos: string[];
  /** The first visible h1. */
  h1: string;
  /**
   * Short lines near the first visible h1 that may name the product's maker, with where each
   * was found: microdata or RDFa brand/manufacturer, a byline by the title ("Brand: …",
   * "Visit the … Store", a vendor line) or a details row ("Marke: …"). Absent from older copies.
   */
  makerLines?: [MakerLineSource, string][];
  /** The document's lang attribute. */
  lang: string;
  /** A sample of the page's visible text, for the browser's language detection. */
  text: string;
  selection: string;
}

/** A page's signals with nothing in them but the fields given: an ad's text to read, a test's page. */
export function pageSignals(fields: Partial<PageSignals> = {}): PageSignals {
  return {
    url: '',
    hostname: '',
    title: '',
    metas: [],
    jsonLd: [],
    logos: [],
    h1: '',
    makerLines: [],
    lang: '',
    text: '',
    selection: '',
    ...fields,
  };
}

/**
 * Where a line of `makerLines` was found near the page's heading; `link` is the first link in the line right above or
 * below the heading, as its words and the last part of its address joined by U+001F, read as a maker only when the
 * words name that page and the page sells a product.
 */
export const MAKER_LINE_SOURCES = ['microdata', 'rdfa', 'byline', 'details', 'link'] as const;
export type MakerLineSource = (typeof MAKER_LINE_SOURCES)[number];

/**
 * The label of a details row or byline that names a product's maker, in the languages the
 * panel reads (English, German, French, Spanish, and Italian, Portuguese and Dutch beside them):
 * "Brand", "Marke", "Marque", "Marca", "Hersteller", "Fabricant", ...
 */
export const MAKER_LABEL =
  /^(?:brand|brand name|manufacturer|maker|marke|markenname|hersteller|marque|fabricant|marca|fabricante|produttore|marchio|merk|fabrikant)$/i;

/** Where the panel's page reading found a name (lib/page-reading.ts), in the words "Why these results" uses. */
export const SIGNALS = [
  'structured data',
  'publisher',
  'og:site_name',
  'app name',
  'logo',
  'title',
  'domain',
  'product brand',
  'microdata',
  'RDFa',
  'byline',
  'product details',
] as const;

/** Where the panel's page reading found the page's language. */
export const LANGUAGE_SOURCES = [
  'lang attribute',
  'content-language',
  'og:locale',
  'inLanguage',
  "browser's detection",
  'none',
] as const;
