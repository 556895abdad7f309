/**
 * A picture of the side panel as it was when it last hid, painted by a tiny classic script
 * before the app's JavaScript has loaded, so a reopened panel shows its last results at once.
 * It is inert and hidden from assistive technology: the app replaces it on its first render.
 * Nothing here imports React, zod or the API client.
 */
import { onPageLeave } from '@/components/ui/page-leave';
import { safeHttpUrl, stripControlAndSpace } from '@/lib/url';
import { type Clock, systemClock } from '@/lib/clock';
import { PANEL_PICTURE_KEY } from '@/components/ui/page-cache-keys';
import { PAGE_STYLE } from './picture-wait';

/** Snapshots older than this are stale enough to mislead; the app paints from scratch. */
export const SNAPSHOT_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Larger pictures cost more to parse than they save. */
export const SNAPSHOT_MAX_CHARS = 300_000;
/** A performance mark set when the picture is painted, for the benchmark and the tests. */
export const SNAPSHOT_PAINTED_MARK = 'adscope:snapshot-painted';
const SCROLL_ATTRIBUTE = 'data-snapshot-scroll';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Elements never kept in a picture, nor painted from one: anything that runs, loads a document, submits or restyles. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form', 'template']);
/** A form is kept as what it shows, a box of its fields (the search bar), which submits nothing. */
const KEPT_AS = new Map([['form', 'div']]);
/** Attributes that only mean something to a form: never on the box that stands for it. */
const FORM_ONLY = new Set(['action', 'method', 'target', 'enctype', 'novalidate', 'accept-charset', 'autocomplete']);
/** Fields whose typed value a picture never keeps. */
const SECRET_TYPES = new Set(['password', 'file', 'hidden']);
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
/**
 * Whether stylesheet text holds what the extension's own CSS never does: an escape (which may
 * spell any name), an import, an image set (it takes a bare string as an address), or a url()
 * that is not an image in the data or a path on this origin once the URL parser has read it
 * (which strips tabs and newlines, so no space or control character is allowed in it).
 */
export function foreignCss(text: string): boolean {
  if (/[\\]|@import|image-set/i.test(text)) return true;
  for (const match of text.matchAll(/url\(\s*/gi)) {
    const start = (match.index ?? 0) + match[0].length;
    const quote = text[start] === '"' || text[start] === "'" ? text[start] : '';
    const end = quote ? text.indexOf(quote, start + 1) : text.indexOf(')', start);
    if (end === -1) return true;
    const address = (quote ? text.slice(start + 1, end) : text.slice(start, end)).trimEnd();
    if (!/^\s*\)/.test(text.slice(quote ? end + 1 : start + address.length))) return true;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0020\u007f]/.test(address)) return true;
    if (!/^data:image\//i.test(address) && !/^\/(?![/])/.test(address)) return true;
  }
  return false;
}

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
    record.css.every((text) => typeof text === 'string' && !foreignCss(text)) &&
    (record.theme === null || typeof record.theme === 'string') &&
    Array.isArray(record.nodes)
  );
}

/** Whether an attribute may be set on a painted element: no handlers, and URLs only of safe kinds. */
export function isSafeAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  // A style attribute loads nothing: no url() or image set, and no escape that could spell one.
  if (lower.startsWith('on') || (lower === 'style' && /url\s*\(|expression\s*\(|image-set|[\\]/i.test(value))) {
    return false;
  }
  if (!URL_ATTRIBUTES.has(lower)) return true;
  if (safeHttpUrl(value) !== null) return true;
  // Otherwise only a fragment, a path on the extension's own origin or a raster data image, with no
  // whitespace, control character or backslash that could turn "/\t/host" into another origin.
  if (stripControlAndSpace(value) !== value || value.includes('\\')) return false;
  return /^(#|\/(?!\/)|data:image\/(png|jpeg|gif|webp);)/i.test(value);
}

/**
 * Whether an element shows nothing in a picture: a hidden element (`hidden` in any case but
 * until-found), or a popover (the filters' choices), which shows only once opened, and a picture
 * opens none. A picture leaves them out, so a reopened panel builds only what it shows.
 */
function unseen(element: Element): boolean {
  const hidden = element.getAttribute('hidden');
  return (
    (hidden !== null && hidden.toLowerCase() !== 'until-found') ||
    element.hasAttribute('popover') ||
    // A dialog opens on a user's action, and the reopened app opens none.
    element.localName === 'dialog'
  );
}

/**
 * What a field shows that lives in its properties, not its attributes (React sets a controlled
 * field's value, its checked state and the chosen option as properties): put in the attributes
 * a picture keeps, so the search box shows its words and the sort its choice.
 */
function fieldState(element: Element, attributes: Record<string, string>): void {
  if (element instanceof HTMLInputElement) {
    const type = element.type.toLowerCase();
    if (type === 'checkbox' || type === 'radio') {
      if (element.checked) attributes.checked = '';
      else delete attributes.checked;
    } else if (SECRET_TYPES.has(type)) {
      delete attributes.value;
    } else {
      attributes.value = element.value;
    }
  } else if (element instanceof HTMLOptionElement) {
    if (element.selected) attributes.selected = '';
    else delete attributes.selected;
  }
}

function serialize(node: Node): SnapshotNode | null {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  const keptAs = KEPT_AS.get(tag);
  if ((!keptAs && DROPPED.has(tag)) || unseen(element)) return null;
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) {
    if (keptAs && FORM_ONLY.has(attribute.name.toLowerCase())) continue;
    if (isSafeAttribute(attribute.name, attribute.value)) attributes[attribute.name] = attribute.value;
  }
  fieldState(element, attributes);
  // A text area shows its value, which React keeps as a property, not its first text.
  const children =
    element instanceof HTMLTextAreaElement
      ? [element.value]
      : [...element.childNodes].map(serialize).filter((child) => child !== null);
  return element.namespaceURI === SVG_NS ? [tag, attributes, children, 1] : [keptAs ?? tag, attributes, children];
}

/** The picture of `root` at `now`, with each scrolled element's offset kept in an attribute. */
export function takeSnapshot(root: HTMLElement, now: number): PanelSnapshot {
  const scrolled = [...root.querySelectorAll<HTMLElement>('*')].filter((element) => element.scrollTop > 0);
  for (const element of scrolled) element.setAttribute(SCROLL_ATTRIBUTE, String(Math.round(element.scrollTop)));
  const nodes = [...root.childNodes].map(serialize).filter((node) => node !== null);
  for (const element of scrolled) element.removeAttribute(SCROLL_ATTRIBUTE);
  // The page's own stylesheets are in every page before a picture paints: not named.
  const styles = ownStyles(`link[rel="stylesheet"]:not([${PAGE_STYLE}])`).filter((href) =>
    stylesSomethingIn(document, href),
  );
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
  // A link with no sheet (it failed, or has not loaded yet) styles nothing now.
  if (!rules) return false;
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
function ownStyles(selector = 'link[rel="stylesheet"]'): string[] {
  return [...document.querySelectorAll(selector)].flatMap((link) => {
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
 * Gives the picture the stylesheets the page lacks (a view's own, loaded with its chunk): each
 * one's text at once, so the picture paints in the page's first frame with no fetch to wait for,
 * followed by its link, which the app finds in place when its view loads, so it adds none again.
 * Each copy sits just before its own link and leaves once that link has loaded, so the sheets
 * keep their order whichever loads first; a link that fails (a picture kept before an update
 * names a file the new build does not have) leaves with its copy.
 */
export function addPictureStyles(snapshot: PanelSnapshot): void {
  const present = new Set(ownStyles());
  snapshot.styles.forEach((href, index) => {
    if (!OWN_STYLESHEET.test(href) || present.has(href)) return;
    const copy = document.createElement('style');
    copy.dataset.pictureStyles = '';
    copy.textContent = snapshot.css[index] ?? '';
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.dataset.pictureLink = '';
    link.addEventListener('load', () => copy.remove(), { once: true });
    link.addEventListener(
      'error',
      () => {
        copy.remove();
        link.remove();
      },
      { once: true },
    );
    document.head.append(copy, link);
  });
}

/** Stores the picture of `root`; too large a picture or a full storage only clears the old one. */
export function saveSnapshot(root: HTMLElement, now: number, pageStorage: Storage = localStorage): void {
  try {
    if (root.querySelector('[data-snapshot]')) return;
    const snapshot = takeSnapshot(root, now);
    const json = JSON.stringify(snapshot);
    // Nothing the picture would show (every element hidden, or none): no picture, so the entry
    // starts the app's requests at once rather than wait for an empty paint.
    if (!snapshot.nodes.some((node) => typeof node !== 'string') || json.length > SNAPSHOT_MAX_CHARS) {
      pageStorage.removeItem(PANEL_PICTURE_KEY);
      return;
    }
    pageStorage.setItem(PANEL_PICTURE_KEY, json);
  } catch {
    // Storage full or unavailable: the old picture would show results older than the panel's last.
    try {
      pageStorage.removeItem(PANEL_PICTURE_KEY);
    } catch {
      // Unavailable: the panel only paints a little later next time.
    }
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
