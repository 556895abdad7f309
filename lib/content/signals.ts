import { MAKER_LABEL, type MakerLineSource, type PageSignals } from '../messaging/page-trigger';

/**
 * Page signals for "find similar ads", read from the DOM as it is, without running anything the
 * page ships. Plain DOM only: this module is bundled into the content script (no zod, no
 * parsing), so it collects bounded raw material and the background reads it. Every read is a
 * bounded walk or a native lookup that stops at its first match (the first h1, .logo, #logo);
 * script never steps through the whole page.
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

function metaPair(tag: Element): [string, string] | null {
  const key = clean(
    tag.getAttribute('property') ||
      tag.getAttribute('name') ||
      tag.getAttribute('itemprop') ||
      tag.getAttribute('http-equiv'),
    80,
  ).toLowerCase();
  const content = clean(tag.getAttribute('content'));
  return key && content ? [key, content] : null;
}

/** Links looked at for one to the home page with a logo in it, when the page has no banner. */
const MAX_LINKS = 200;
/** Images of the banner looked at for its logo. */
const MAX_BANNER_IMAGES = 24;
const LOGOISH = /logo|brand|site-title|site-name/i;

/** Whether a link goes to the site's home page: "/", the site's root or its index page, or a language's root ("/en/"). */
function isHomeLink(link: Element | null, hostname: string): boolean {
  const href = link?.getAttribute('href');
  if (!href || href.startsWith('#')) return false;
  if (href === '/') return true;
  try {
    const target = new URL(href, `https://${hostname || 'invalid'}/`);
    const host = (name: string) => name.replace(/^www\./, '');
    return (
      host(target.hostname) === host(hostname) &&
      /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/?)?(?:(?:index|default|home)\.\w{2,5})?$/i.test(target.pathname)
    );
  } catch {
    return false;
  }
}

/** A link to the basket, the checkout, an account or a search: its icon is the shop's tool, never its logo. */
const TOOL_LINK = /\/(?:cart|basket|bag|checkout|account|login|signin|sign-in|register|wishlist|search)(?:[/?#.]|$)/i;

/** Whether an image sits in a link to one of the shop's tools ("<a href="/checkout"><img alt="basket"></a>"). */
function inToolLink(image: Element): boolean {
  return TOOL_LINK.test(image.closest('a')?.getAttribute('href') ?? '');
}

/** Whether an image is the banner's logo: it or a close ancestor is named so, or it links to the home page. */
function isLogoImage(image: Element, banner: Element, hostname: string): boolean {
  let node: Element | null = image;
  for (let depth = 0; node && node !== banner && depth < 4; depth += 1, node = node.parentElement) {
    if (LOGOISH.test(`${node.id} ${node.getAttribute('class') ?? ''}`)) return true;
    if (node.tagName === 'A') return isHomeLink(node, hostname);
  }
  return false;
}

/**
 * Elements of the body looked at from its start up to the page's heading (the banner, home links, metas and JSON-LD
 * there), and from its end.
 */
const TOP_ELEMENTS = 400;
const END_ELEMENTS = 120;
/** Elements of the head looked at: its metas and JSON-LD (a head holds a few dozen). */
const HEAD_ELEMENTS = 10_000;
/** What bounded walks of the page found: its head, the start and end of its body, and beside its heading. */
interface PageParts {
  metas: Element[];
  jsonLd: Element[];
  /** The first header or element of the banner role in the body's start, whichever comes first. */
  banner: Element | null;
  /** Links in the body's start, for one to the home page with a logo when there is no banner. */
  links: Element[];
}

/** Whether a walk steps into an element or over it. */
type Enter = (element: Element) => boolean;

/** Into anything but what holds no page text (scripts, styles, templates, drawings). */
const holdsText: Enter = (element) => !SKIPPED_ELEMENTS.has(element.tagName);

/** The element after this one in document order within `root`, stepping into what `enter` allows; null past it. */
function after(element: Element, enter: Enter = inProduct, root: Element | null = null): Element | null {
  const first = enter(element) ? element.firstElementChild : null;
  if (first) return first;
  for (let node: Element | null = element, depth = 0; node && node !== root && depth < 64; depth += 1) {
    if (node.nextElementSibling) return node.nextElementSibling;
    node = node.parentElement;
  }
  return null;
}

/** The last element inside this one that `enter` allows (its last child's last child, and so on), or itself. */
function lastInside(element: Element, enter: Enter): Element {
  let node = element;
  for (let depth = 0; depth < 16 && enter(node) && node.lastElementChild; depth += 1) node = node.lastElementChild;
  return node;
}

/** The element before this one in document order (its previous sibling's last descendant, or its parent). */
function before(element: Element, enter: Enter = inProduct): Element | null {
  const node = element.previousElementSibling;
  return node ? lastInside(node, enter) : element.parentElement;
}

/**
 * The page's metas, JSON-LD scripts, banner and first links, read in bounded walks: the head, the body's first and
 * last elements, and (through the maker's walk) those beside the heading; never a walk of the whole page. (A live collection such as
 * getElementsByTagName costs a walk of the whole page on its first read in Chromium, even of its first item: 2 ms at
 * 50,000 nodes.)
 */
function partsOf(doc: Document, heading: Element | null): { parts: PageParts; visit: (element: Element) => void } {
  const parts: PageParts = { metas: [], jsonLd: [], banner: null, links: [] };
  const seen = new Set<Element>();
  const visit = (element: Element, top: boolean) => {
    const tag = element.tagName;
    if (tag === 'META' || tag === 'SCRIPT') {
      if (seen.has(element)) return;
      seen.add(element);
      if (tag === 'META') {
        if (parts.metas.length < MAX_METAS) parts.metas.push(element);
      } else if (
        parts.jsonLd.length < MAX_JSON_LD_SCRIPTS &&
        element.getAttribute('type')?.trim().toLowerCase() === 'application/ld+json'
      ) {
        parts.jsonLd.push(element);
      }
    } else if (top) {
      if (!parts.banner && (tag === 'HEADER' || element.getAttribute('role') === 'banner')) parts.banner = element;
      else if ((tag === 'A' || tag === 'AREA') && parts.links.length < MAX_LINKS && element.hasAttribute('href')) {
        parts.links.push(element);
      }
    }
  };
  const walk = (root: Element | null, limit: number, top: boolean) => {
    if (!root) return;
    // The banner's inside is the logo's to read, not this walk's; from the heading on, the maker's walk reads.
    for (
      let i = 0, node = root.firstElementChild;
      node && node !== heading && i < limit;
      i += 1, node = after(node, (element) => element !== parts.banner && holdsText(element), root)
    ) {
      visit(node, top);
    }
  };
  walk(doc.head, HEAD_ELEMENTS, false);
  const body = doc.body;
  walk(body, TOP_ELEMENTS, true);
  if (body) {
    for (
      let i = 0, node: Element | null = lastInside(body, holdsText);
      node && node !== body && i < END_ELEMENTS;
      i += 1, node = before(node, holdsText)
    ) {
      visit(node, false);
    }
  }
  // The maker's walk beside the heading shows its elements here too: a product's JSON-LD and microdata sit there.
  return { parts, visit: (element) => visit(element, false) };
}

/**
 * The logo's words: in the page's banner (header), the alt text of its logo images (named so, or
 * in a link to the home page; any linked image but a basket's or an account's icon only when none
 * is) and its logo element's text;
 * without a banner, an image in one of the first links to the home page; and #logo, .logo.
 * Lookups stay within the banner or the links of the body's start: never a scan of a large page.
 */
function logosOf(doc: Document, hostname: string, parts: PageParts): string[] {
  const found: string[] = [];
  const add = (text: string) => {
    if (text && found.length < MAX_LOGOS && !found.includes(text)) found.push(text);
  };
  const banner = parts.banner;
  if (banner) {
    const images = banner.querySelectorAll('a img[alt], [class*="logo" i] img[alt], img[class*="logo" i][alt]');
    const scanned = Array.from({ length: Math.min(images.length, MAX_BANNER_IMAGES) }, (_, i) => images[i] as Element);
    // A currency's flag or a language's in a link is no logo when the banner has one; a basket's or an account's icon
    // never is.
    const logos = scanned.filter((image) => isLogoImage(image, banner, hostname));
    const linked = scanned.filter((image) => !inToolLink(image));
    for (const image of (logos.length > 0 ? logos : linked).slice(0, 3)) add(clean(image.getAttribute('alt'), 100));
    const mark = banner.querySelector('[class*="logo" i], [class*="site-title" i], [class*="site-name" i]');
    if (mark) add(readableText(mark, 100));
  } else {
    for (const link of parts.links) {
      if (isHomeLink(link, hostname)) add(clean(link.querySelector('img[alt]')?.getAttribute('alt'), 100));
    }
  }
  for (const mark of [doc.getElementById('logo'), doc.querySelector('.logo')]) {
    // The logo element may be the image itself.
    const alt = (mark?.matches('img[alt]') ? mark : mark?.querySelector('img[alt]'))?.getAttribute('alt');
    // A logo drawn by CSS says its name only in its title or label.
    add(
      alt
        ? clean(alt, 100)
        : readableText(mark, 100) || clean(mark?.getAttribute('title') || mark?.getAttribute('aria-label'), 100),
    );
  }
  return found;
}

/** Elements after the first h1 looked at for another, when the first is not the page's heading. */
const NEXT_HEADINGS = 3_000;

/**
 * The page's first visible h1 outside its banner and navigation (a logo drawn in an h1 is not
 * the page's heading); else the first visible h1 at all. At most 10 headings are looked at, and
 * after the first, a bounded number of elements.
 */
export function firstVisibleH1(doc: Document): Element | null {
  let fallback: Element | null = null;
  let heading: Element | null = doc.querySelector('h1');
  for (let looked = 0, i = 0; heading && looked < 10 && i < NEXT_HEADINGS; i += 1) {
    if (heading.tagName === 'H1') {
      looked += 1;
      if (isVisible(heading)) {
        if (!heading.closest('header, nav, [role="banner"]')) return heading;
        fallback ??= heading;
      }
    }
    heading = after(heading, holdsText);
  }
  return fallback;
}

/** Elements looked at after the heading, and before it, for the product's maker. */
const MAKER_AHEAD = 300;
const MAKER_BEHIND = 40;
/** How many elements after the heading still count as its byline's place. */
const MAKER_NEAR = 60;
const MAX_MAKER_LINES = 6;
const MAKER_LINE = 120;
/** Parts of a page that are not the product's: their subtrees are stepped over. */
const NOT_THE_PRODUCT = new Set(['HEADER', 'NAV', 'FOOTER', 'ASIDE', 'FORM', 'SELECT']);
/** An id or class that says the element names a brand: "bylineInfo", "product__vendor", "po-brand". */
const BRANDISH = /brand|byline|vendor|manufacturer|marke|marque|marca|merk/i;
/** "Brand: Acme", "Marque : Acme", "Hersteller – Acme": a label, then its value. */
const LABELLED = /^\s*([^:：\-–]{2,24}?)\s*[:：\-–]\s*\S/;
/** The separators a label and its value are written with. */
const SEPARATOR = /[:：\-–]/;

const isSkipped = (element: Element) => SKIPPED_ELEMENTS.has(element.tagName) || NOT_THE_PRODUCT.has(element.tagName);
/** Into the product's parts of the page: not its header, navigation, footer, asides or forms. */
const inProduct: Enter = (element) => !isSkipped(element);

/** A cell's or label's words without a trailing colon: "Brand:" → "Brand". */
const labelOf = (text: string) => text.replace(/[\s:：]+$/, '');

/**
 * The name a brand's logo shows, for a brand-named element with no text of its own: its alt text,
 * title or label, the alt text of an image a few first children in ("<a class="brand"><img
 * alt="Acme"></a>"), or the title of the link it is in ("<a title="Acme"><img class="brand"></a>").
 */
function logoName(element: Element): string {
  let node: Element | null = element;
  for (let depth = 0; node && depth < 4; depth += 1, node = node.firstElementChild) {
    const name = node.getAttribute('alt') || node.getAttribute('title') || node.getAttribute('aria-label');
    if (name) return name;
  }
  return element.closest('a')?.getAttribute('title') ?? '';
}

/** A microdata brand's name: its content, its `name` property (a few elements in), or its text. */
function microdataValue(element: Element): string {
  const content = element.getAttribute('content');
  if (content) return content;
  if (element.hasAttribute('itemscope')) {
    let node = element.firstElementChild;
    for (let i = 0; node && i < 12 && element.contains(node); i += 1, node = after(node)) {
      if (/(^|\s)name(\s|$)/.test(node.getAttribute('itemprop') ?? ''))
        return node.getAttribute('content') || readableText(node);
    }
  }
  return readableText(element, MAKER_LINE);
}

/** Elements looked at in the line above or below the heading for its link. */
const MAX_LINE_ELEMENTS = 12;

/**
 * The words of the first link in the line right above the heading and in the line right below it (or its block's),
 * each with the last part of the address it goes to (["hessnatur", "hessnatur"], ["LDNIO", "ldnio"]): the panel takes
 * the words for a brand's when they name that page, as a brand's shop is; never a breadcrumb's. A few elements of each
 * line are looked at.
 */
function linksBeside(heading: Element): [string, string][] {
  const links: [string, string][] = [];
  for (const side of ['previousElementSibling', 'nextElementSibling'] as const) {
    for (let node: Element | null = heading, depth = 0; node && depth < 3; depth += 1, node = node.parentElement) {
      const line = node[side];
      if (!line) continue;
      if (!isSkipped(line) && !/crumb/i.test(`${line.id} ${line.getAttribute('class') ?? ''}`)) {
        for (
          let i = 0, link: Element | null = line;
          link && i < MAX_LINE_ELEMENTS && line.contains(link);
          i += 1, link = after(link)
        ) {
          const path = link.tagName === 'A' ? (link.getAttribute('href') ?? '').split(/[?#]/)[0]! : '';
          if (!path) continue;
          const page = path.replace(/\/+$/, '').replace(/\.html?$/, '');
          links.push([readableText(link, 41), page.slice(page.lastIndexOf('/') + 1)]);
          break;
        }
      }
      break;
    }
  }
  return links;
}

/**
 * Lines near the page's first visible heading that may name the product's maker: microdata and
 * RDFa brand or manufacturer, a brand-named element in the title's block ("Visit the Acme
 * Store", a vendor line), a details row or label whose label is a maker's ("Marke: Acme").
 * Bounded: a fixed number of elements after the heading and before it, never the whole page;
 * headers, navigation, footers and forms are stepped over.
 */
export function makerLinesNear(
  heading: Element | null,
  seen: (element: Element) => void = () => undefined,
): [MakerLineSource, string][] {
  const found: [MakerLineSource, string][] = [];
  if (!heading) return found;
  const add = (source: MakerLineSource, text: string) => {
    const line = clean(text, MAKER_LINE);
    if (line && found.length < MAX_MAKER_LINES && !found.some(([, seen]) => seen === line)) found.push([source, line]);
  };
  /** `near`: within the title's few elements, where a byline or a vendor line sits; `ancestor`: holds the heading. */
  const look = (element: Element, near: boolean, ancestor: boolean) => {
    const itemprop = element.getAttribute('itemprop') ?? '';
    if (/(^|\s)(brand|manufacturer)(\s|$)/i.test(itemprop)) return add('microdata', microdataValue(element));
    const property = element.getAttribute('property') ?? '';
    if (/(^|[\s:/#])(brand|manufacturer)$/i.test(property)) {
      return add('rdfa', element.getAttribute('content') || readableText(element, MAKER_LINE));
    }
    if (ancestor) return;
    const tag = element.tagName;
    if (tag === 'TR' || tag === 'DT') {
      const cell = tag === 'TR' ? element.firstElementChild : element;
      const value = cell?.nextElementSibling;
      const label = labelOf(readableText(cell, 40));
      if (value && MAKER_LABEL.test(label)) add('details', `${label}: ${readableText(value, MAKER_LINE)}`);
      return;
    }
    if (near && BRANDISH.test(`${element.id} ${element.getAttribute('class') ?? ''}`)) {
      // A brand's logo says its name only in its alt text or its link's title.
      return add('byline', readableText(element, MAKER_LINE) || logoName(element));
    }
    // Only a label, or a small element that starts with words of its own, is read as one.
    if (SKIPPED_ELEMENTS.has(tag)) return;
    // Counted by stepping: childElementCount counts every child (1 ms for a list of 12,500 items).
    const first = element.firstElementChild;
    const leaf = first === null;
    let text = '';
    if (leaf) {
      // A label alone is a word or two ("Brand", "Marke:"); a longer line is one only with its label's separator.
      const raw = element.textContent ?? '';
      if (raw.length <= 2_000 && (raw.length <= 40 || SEPARATOR.test(raw))) text = clean(raw, 161);
    } else {
      const lead = element.firstChild;
      const leadText = lead?.nodeType === 3 && (lead.nodeValue ?? '').trim() !== '';
      if (leadText && !first.nextElementSibling?.nextElementSibling?.nextElementSibling)
        text = readableText(element, 161);
    }
    if (text && text.length <= 160) {
      if (leaf && MAKER_LABEL.test(labelOf(text))) {
        // A label alone ("<span>Brand:</span> <a>Acme</a>", a table's label cell): its value follows it.
        const value = element.nextElementSibling ?? element.parentElement?.nextElementSibling;
        if (value) add('details', `${labelOf(text)}: ${readableText(value, MAKER_LINE)}`);
        return;
      }
      const match = LABELLED.exec(text);
      if (match && MAKER_LABEL.test((match[1] ?? '').trim())) return add('details', text);
    }
  };
  let node: Element | null = heading;
  for (let i = 0; node && i < MAKER_AHEAD; i += 1, node = after(node)) {
    seen(node);
    if (found.length < MAX_MAKER_LINES) look(node, i < MAKER_NEAR, false);
  }
  node = heading;
  for (let i = 0; node && i < MAKER_BEHIND && found.length < MAX_MAKER_LINES; i += 1) {
    const previous: Element | null = before(node);
    if (previous) seen(previous);
    if (previous && !isSkipped(previous)) look(previous, true, previous.contains(heading));
    node = previous;
  }
  // Last, so that a line the walk read as microdata, a byline or a details row keeps that source: a link beside the
  // heading is only taken for a brand's on a page that sells a product.
  for (const [words, page] of linksBeside(heading)) {
    if (words && !found.some(([, seen]) => seen === words)) add('link', `${words}\u001f${page}`);
  }
  return found;
}

/** Reads the signals of a document; `selection` is what the user selected, if anything. */
export function readPageSignals(doc: Document, url: string, selection = ''): PageSignals {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    hostname = '';
  }
  const heading = firstVisibleH1(doc);
  const { parts, visit } = partsOf(doc, heading);
  const makerLines = makerLinesNear(heading, visit);
  const jsonLd = parts.jsonLd
    .map((script) => script.textContent ?? '')
    .filter((text) => text.length <= MAX_JSON_LD_CHARS);
  return {
    url: url.slice(0, 2048),
    hostname,
    title: clean(doc.title),
    metas: parts.metas.map(metaPair).filter((pair) => pair !== null),
    jsonLd,
    logos: logosOf(doc, hostname, parts),
    h1: readableText(heading),
    makerLines,
    lang: clean(doc.documentElement.getAttribute('lang'), 35).toLowerCase(),
    text: readableText(doc.body, MAX_SAMPLE),
    selection: clean(selection, 500),
  };
}
