/**
 * A picture of the side panel as it was when it last hid, painted by a tiny classic script
 * before the app's JavaScript has loaded, so a reopened panel shows its last results at once.
 * It is inert and hidden from assistive technology: the app replaces it on its first render.
 * Nothing here imports React, zod or the API client.
 */
import { onPageLeave } from '@/components/ui/page-leave';
import { safeHttpUrl, stripControlAndSpace } from '@/lib/url';
import { type Clock, systemClock } from '@/lib/clock';
import { PANEL_PICTURE_KEY } from '@/components/ui/page-caches';

/** Snapshots older than this are stale enough to mislead; the app paints from scratch. */
export const SNAPSHOT_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Larger pictures cost more to parse than they save. */
export const SNAPSHOT_MAX_CHARS = 300_000;
/** A performance mark set when the picture is painted, for the benchmark and the tests. */
export const SNAPSHOT_PAINTED_MARK = 'adscope:snapshot-painted';
const SCROLL_ATTRIBUTE = 'data-snapshot-scroll';
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Elements never kept in a picture: anything that runs, loads a document, submits or restyles. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form', 'template']);
/** Attributes holding a URL: kept only for web addresses, same-document fragments and images. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'srcset']);

/** One node of a picture: text, or [tag, attributes, children, 1 when it is SVG]. */
export type SnapshotNode = string | [string, Record<string, string>, SnapshotNode[], 1?];

export interface PanelSnapshot {
  v: 4;
  savedAt: number;
  theme: string | null;
  /** The extension's own stylesheets that style the picture: each view's is in its own chunk. */
  styles: string[];
  /** Each of those stylesheets' text, in the same order: the picture paints with them at once. */
  css: string[];
  nodes: SnapshotNode[];
}

/** A stylesheet of the extension's own build, by its path: never another origin's, never a data URL. */
const OWN_STYLESHEET = /^\/(?:assets|chunks)\/[\w.-]+\.css$/;
/** What the extension's own CSS never holds: an import, or a url() that is not an image in the data or a path of its own. */
const FOREIGN_CSS = /@import|url\(\s*(?!['"]?(?:data:image\/|\/(?![/\\])))/i;

function isSnapshot(value: unknown): value is PanelSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.v === 4 &&
    typeof record.savedAt === 'number' &&
    Array.isArray(record.styles) &&
    record.styles.every((href) => typeof href === 'string' && OWN_STYLESHEET.test(href)) &&
    Array.isArray(record.css) &&
    record.css.length === record.styles.length &&
    record.css.every((text) => typeof text === 'string' && !FOREIGN_CSS.test(text)) &&
    (record.theme === null || typeof record.theme === 'string') &&
    Array.isArray(record.nodes)
  );
}

/** Whether an attribute may be set on a painted element: no handlers, and URLs only of safe kinds. */
export function isSafeAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on') || (lower === 'style' && /url\s*\(|expression\s*\(/i.test(value))) return false;
  if (!URL_ATTRIBUTES.has(lower)) return true;
  if (safeHttpUrl(value) !== null) return true;
  // Otherwise only a fragment, a path on the extension's own origin or a raster data image, with no
  // whitespace, control character or backslash that could turn "/\t/host" into another origin.
  if (stripControlAndSpace(value) !== value || value.includes('\\')) return false;
  return /^(#|\/(?!\/)|data:image\/(png|jpeg|gif|webp);)/i.test(value);
}

function serialize(node: Node): SnapshotNode | null {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag)) return null;
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) {
    if (isSafeAttribute(attribute.name, attribute.value)) attributes[attribute.name] = attribute.value;
  }
  const children = [...element.childNodes].map(serialize).filter((child) => child !== null);
  return element.namespaceURI === SVG_NS ? [tag, attributes, children, 1] : [tag, attributes, children];
}

/** The picture of `root` at `now`, with each scrolled element's offset kept in an attribute. */
export function takeSnapshot(root: HTMLElement, now: number): PanelSnapshot {
  const scrolled = [...root.querySelectorAll<HTMLElement>('*')].filter((element) => element.scrollTop > 0);
  for (const element of scrolled) element.setAttribute(SCROLL_ATTRIBUTE, String(Math.round(element.scrollTop)));
  const nodes = [...root.childNodes].map(serialize).filter((node) => node !== null);
  for (const element of scrolled) element.removeAttribute(SCROLL_ATTRIBUTE);
  const styles = ownStyles().filter((href) => stylesSomethingIn(document, href));
  const css = styles.map((href) => textOf(sheetAt(document, href)));
  return { v: 4, savedAt: now, theme: document.documentElement.getAttribute('data-theme'), styles, css, nodes };
}

/** The loaded stylesheet the document links at the path `href`. */
function sheetAt(scope: Document, href: string): CSSStyleSheet | undefined {
  const link = [...scope.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (candidate) => candidate.sheet && new URL(candidate.href, location.href).pathname === href,
  );
  return link?.sheet ?? undefined;
}

/** A stylesheet's rules as text, or nothing when they cannot be read. */
function textOf(sheet: CSSStyleSheet | undefined): string {
  try {
    return sheet ? [...sheet.cssRules].map((rule) => rule.cssText).join('\n') : '';
  } catch {
    return '';
  }
}

/** Interactive states and pseudo-elements, which a query never matches: a rule is asked without them. */
const UNQUERIED =
  /::?(?:before|after|placeholder|marker|selection|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)(?![\w-])|:(?:hover|active|focus-visible|focus-within|focus|visited)(?![\w-])/g;

/**
 * Whether the stylesheet at `href` styles anything `scope` holds now: the panel keeps every view's
 * stylesheet once it has loaded them all, and a picture waits for each one it names before it
 * paints. A sheet that cannot be read, or whose rules cannot be asked, is kept.
 */
function stylesSomethingIn(scope: Document, href: string): boolean {
  let rules: CSSRuleList | undefined;
  try {
    rules = sheetAt(scope, href)?.cssRules;
  } catch {
    return true;
  }
  if (!rules) return true;
  const matches = (list: CSSRuleList): boolean =>
    [...list].some((rule) => {
      if (rule instanceof CSSStyleRule) {
        try {
          return scope.querySelector(rule.selectorText.replace(UNQUERIED, '') || '*') !== null;
        } catch {
          return true;
        }
      }
      // @media, @supports, @layer blocks: their rules; anything else (@font-face, @keyframes) styles nothing alone.
      return 'cssRules' in rule && matches((rule as CSSGroupingRule).cssRules);
    });
  return matches(rules);
}

/** The paths of the extension's own stylesheets in the document, in their order (Vite links a view's by its full URL). */
function ownStyles(): string[] {
  return [...document.querySelectorAll('link[rel="stylesheet"]')].flatMap((link) => {
    const href = link.getAttribute('href') ?? '';
    try {
      const url = new URL(href, location.href);
      return url.origin === location.origin && OWN_STYLESHEET.test(url.pathname) && !url.search ? [url.pathname] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Gives the picture the stylesheets the page lacks (a view's own, loaded with its chunk): their
 * text at once, so the picture paints in the page's first frame with no fetch to wait for, and
 * their links, which the app finds in place when its view loads, so it adds none again. The
 * copy leaves once every link has loaded or failed (a picture kept before an update names files
 * the new build does not have).
 */
export function addPictureStyles(snapshot: PanelSnapshot): void {
  const present = new Set(ownStyles());
  const missing = snapshot.styles.flatMap((href, index) =>
    OWN_STYLESHEET.test(href) && !present.has(href) ? [{ href, text: snapshot.css[index] ?? '' }] : [],
  );
  if (missing.length === 0) return;
  const copy = document.createElement('style');
  copy.dataset.pictureStyles = '';
  copy.textContent = missing.map(({ text }) => text).join('\n');
  document.head.append(copy);
  let left = missing.length;
  const settled = () => {
    left -= 1;
    if (left === 0) copy.remove();
  };
  for (const { href } of missing) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', settled, { once: true });
    link.addEventListener('error', settled, { once: true });
    document.head.append(link);
  }
}

/** Stores the picture of `root`; too large a picture or a full storage only clears the old one. */
export function saveSnapshot(root: HTMLElement, now: number, pageStorage: Storage = localStorage): void {
  try {
    if (root.querySelector('[data-snapshot]')) return;
    const json = JSON.stringify(takeSnapshot(root, now));
    if (root.childElementCount === 0 || json.length > SNAPSHOT_MAX_CHARS) {
      pageStorage.removeItem(PANEL_PICTURE_KEY);
      return;
    }
    pageStorage.setItem(PANEL_PICTURE_KEY, json);
  } catch {
    // Storage unavailable: the panel only paints a little later next time.
  }
}

/** Reads a stored picture, or null when there is none, it is malformed, or it is stale. */
export function readSnapshot(now: number, pageStorage: Storage = localStorage): PanelSnapshot | null {
  try {
    const raw = pageStorage.getItem(PANEL_PICTURE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isSnapshot(parsed) || now - parsed.savedAt > SNAPSHOT_MAX_AGE_MS || parsed.savedAt > now) {
      pageStorage.removeItem(PANEL_PICTURE_KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

const MAX_DEPTH = 64;

function build(node: unknown, depth: number): Node | null {
  if (typeof node === 'string') return document.createTextNode(node);
  if (!Array.isArray(node) || depth > MAX_DEPTH) return null;
  const [tag, attributes, children, svg] = node as unknown[];
  if (typeof tag !== 'string' || !/^[a-z][a-z0-9-]*$/i.test(tag) || DROPPED.has(tag.toLowerCase())) return null;
  const element = svg === 1 ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  if (typeof attributes === 'object' && attributes !== null) {
    for (const [name, value] of Object.entries(attributes)) {
      if (typeof value !== 'string' || name === 'tabindex' || !isSafeAttribute(name, value)) continue;
      try {
        element.setAttribute(name, value);
      } catch {
        // An attribute name the DOM refuses is left out.
      }
    }
  }
  if (Array.isArray(children)) {
    for (const child of children) {
      const built = build(child, depth + 1);
      if (built) element.append(built);
    }
  }
  return element;
}

/**
 * Builds the picture into `root` as an inert copy hidden from assistive technology. It is built
 * from data with createElement and setAttribute, never parsed as markup: no handler attribute,
 * script or unsafe URL can be created, whatever the stored value says.
 */
export function paintSnapshot(root: HTMLElement, snapshot: PanelSnapshot): HTMLElement {
  if (snapshot.theme === 'dark' || snapshot.theme === 'light') {
    document.documentElement.setAttribute('data-theme', snapshot.theme);
  }
  const picture = document.createElement('div');
  picture.dataset.snapshot = '';
  picture.inert = true;
  picture.setAttribute('aria-hidden', 'true');
  picture.className = 'panel-picture';
  for (const node of snapshot.nodes) {
    const built = build(node, 0);
    if (built) picture.append(built);
  }
  root.replaceChildren(picture);
  for (const element of picture.querySelectorAll<HTMLElement>(`[${SCROLL_ATTRIBUTE}]`)) {
    element.scrollTop = Number(element.getAttribute(SCROLL_ATTRIBUTE));
    element.removeAttribute(SCROLL_ATTRIBUTE);
  }
  return picture;
}

/** Keeps the picture current: written once each time the panel hides or closes. */
export function keepSnapshot(root: HTMLElement, clock: Clock = systemClock): () => void {
  return onPageLeave(() => saveSnapshot(root, clock()));
}
