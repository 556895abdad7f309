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

/** What the find-similar script reads from a page and sends, and nothing more. */
export interface PageSignals {
  url: string;
  hostname: string;
  title: string;
  ogTitle: string;
  ogSiteName: string;
  applicationName: string;
  description: string;
  h1: string;
  lang: string;
  selection: string;
  /** Organization / Brand names and Product.brand names from JSON-LD, in document order. */
  jsonLdBrands: string[];
}
