import type { PageSignals } from '../messaging/page-trigger';

/**
 * Page signals for "find similar ads", read from the DOM as it is, without running anything the
 * page ships. Plain DOM only: this module is bundled into the content script (no zod, no
 * parsing), so it collects bounded raw material and the background reads it. Every read is a
 * bounded lookup, never a walk of the whole page.
 */

const MAX_TEXT = 300;
const MAX_METAS = 120;
const MAX_JSON_LD_SCRIPTS = 8;
const MAX_JSON_LD_CHARS = 60_000;
const MAX_LOGOS = 6;
const MAX_SAMPLE = 600;

function clean(value: string | null | undefined, max = MAX_TEXT): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}

const SKIPPED_ELEMENTS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg', 'SVG']);
const MAX_TEXT_NODES = 200;

/** An element's text without what scripts, styles and templates inside it hold; bounded. */
export function readableText(element: Element | null | undefined, max = MAX_TEXT): string {
  if (!element) return '';
  const parts: string[] = [];
  let visited = 0;
  let length = 0;
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child && visited < MAX_TEXT_NODES && length < max; child = child.nextSibling) {
      visited += 1;
      if (child.nodeType === 3) {
        const text = child.nodeValue ?? '';
        parts.push(text);
        length += text.length;
      } else if (child.nodeType === 1 && !SKIPPED_ELEMENTS.has((child as Element).tagName)) {
        visit(child);
      }
    }
  };
  visit(element);
  return clean(parts.join(' '), max);
}

/** Whether a person sees the element: not hidden by an attribute, by CSS, or as screen-reader-only text. */
function isVisible(element: Element): boolean {
  if (element.closest('[hidden],[aria-hidden="true"],.visually-hidden,.sr-only,.screen-reader-text')) return false;
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  return check ? check.call(element, { visibilityProperty: true, opacityProperty: true }) : true;
}

function metasOf(doc: Document): [string, string][] {
  const found: [string, string][] = [];
  const tags = doc.querySelectorAll('meta');
  for (let i = 0; i < tags.length && found.length < MAX_METAS; i += 1) {
    const tag = tags[i] as Element;
    const key = clean(
      tag.getAttribute('property') ||
        tag.getAttribute('name') ||
        tag.getAttribute('itemprop') ||
        tag.getAttribute('http-equiv'),
      80,
    ).toLowerCase();
    const content = clean(tag.getAttribute('content'));
    if (key && content) found.push([key, content]);
  }
  return found;
}

/** Links looked at for one to the home page with a logo in it, when the page has no banner. */
const MAX_LINKS = 200;

/**
 * The logo's words: in the page's banner (header), the alt text of its images and its logo
 * element's text; without a banner, an image in one of the first links to "/"; and #logo, .logo.
 * Lookups stay within the banner or a bounded number of links: never a scan of a large page.
 */
function logosOf(doc: Document): string[] {
  const found: string[] = [];
  const add = (text: string) => {
    if (text && found.length < MAX_LOGOS && !found.includes(text)) found.push(text);
  };
  const banner = doc.querySelector('header, [role="banner"]');
  if (banner) {
    const images = banner.querySelectorAll('a img[alt], [class*="logo" i] img[alt], img[class*="logo" i][alt]');
    for (let i = 0; i < images.length && i < 3; i += 1) add(clean(images[i]?.getAttribute('alt'), 100));
    const mark = banner.querySelector('[class*="logo" i], [class*="site-title" i], [class*="site-name" i]');
    if (mark) add(readableText(mark, 100));
  } else {
    const links = doc.links;
    for (let i = 0; i < links.length && i < MAX_LINKS; i += 1) {
      const link = links[i];
      if (link?.getAttribute('href') === '/') add(clean(link.querySelector('img[alt]')?.getAttribute('alt'), 100));
    }
  }
  for (const mark of [doc.getElementById('logo'), doc.querySelector('.logo')]) {
    const alt = mark?.querySelector('img[alt]')?.getAttribute('alt');
    // A logo drawn by CSS says its name only in its title or label.
    add(
      alt
        ? clean(alt, 100)
        : readableText(mark, 100) || clean(mark?.getAttribute('title') || mark?.getAttribute('aria-label'), 100),
    );
  }
  return found;
}

function firstVisibleH1(doc: Document): string {
  const headings = doc.querySelectorAll('h1');
  for (let i = 0; i < headings.length && i < 10; i += 1) {
    const heading = headings[i] as Element;
    if (isVisible(heading)) return readableText(heading);
  }
  return '';
}

/** Reads the signals of a document; `selection` is what the user selected, if anything. */
export function readPageSignals(doc: Document, url: string, selection = ''): PageSignals {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    hostname = '';
  }
  const jsonLd = Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))
    .slice(0, MAX_JSON_LD_SCRIPTS)
    .map((script) => script.textContent ?? '')
    .filter((text) => text.length <= MAX_JSON_LD_CHARS);
  return {
    url: url.slice(0, 2048),
    hostname,
    title: clean(doc.title),
    metas: metasOf(doc),
    jsonLd,
    logos: logosOf(doc),
    h1: firstVisibleH1(doc),
    lang: clean(doc.documentElement.getAttribute('lang'), 35).toLowerCase(),
    text: readableText(doc.body, MAX_SAMPLE),
    selection: clean(selection, 500),
  };
}
