import type { PageSignals } from '../messaging/page-trigger';

/**
 * Page signals for "find similar ads", read from the DOM as it is, without running anything
 * the page ships. Plain DOM only: this module is bundled into the content script (no zod, no
 * the worker), so it stays small, and every read is a bounded querySelector, never a walk.
 */

const MAX_TEXT = 300;
const MAX_JSON_LD_SCRIPTS = 10;
const MAX_JSON_LD_CHARS = 100_000;
const MAX_JSON_LD_NODES = 500;

function clean(value: string | null | undefined, max = MAX_TEXT): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}

function meta(doc: Document, selector: string): string {
  return clean(doc.querySelector<HTMLMetaElement>(selector)?.content);
}

/** Names of Organization, Brand, and Product.brand nodes, visiting at most a bounded number of nodes. */
export function brandsFromJsonLd(texts: readonly string[]): string[] {
  const names: string[] = [];
  let visited = 0;
  const nameOf = (value: unknown): string | null => {
    if (typeof value === 'string') return clean(value, 100) || null;
    if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
      return clean((value as { name: string }).name, 100) || null;
    }
    return null;
  };
  const visit = (node: unknown, depth: number): void => {
    if (visited >= MAX_JSON_LD_NODES || depth > 8 || node === null || typeof node !== 'object') return;
    visited += 1;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record['@type'] ?? []).map(String);
    if (
      types.some(
        (type) => type === 'Organization' || type === 'Brand' || type === 'Corporation' || type === 'OnlineStore',
      )
    ) {
      const name = nameOf(record.name);
      if (name) names.push(name);
    }
    if (types.includes('Product')) {
      const brand = nameOf(record.brand) ?? nameOf(record.manufacturer);
      if (brand) names.push(brand);
    }
    for (const key of ['@graph', 'brand', 'publisher', 'offers', 'seller', 'itemListElement', 'mainEntity']) {
      if (key in record) visit(record[key], depth + 1);
    }
  };
  for (const text of texts.slice(0, MAX_JSON_LD_SCRIPTS)) {
    if (text.length > MAX_JSON_LD_CHARS) continue;
    try {
      visit(JSON.parse(text), 0);
    } catch {
      // A broken block says nothing; the others still count.
    }
  }
  return [...new Set(names)];
}

const SKIPPED_ELEMENTS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg', 'SVG']);
const MAX_TEXT_NODES = 200;

/** An element's text without what scripts, styles and templates inside it hold; bounded. */
export function readableText(element: Element | null | undefined): string {
  if (!element) return '';
  const parts: string[] = [];
  let visited = 0;
  let length = 0;
  const visit = (node: Node): void => {
    for (
      let child = node.firstChild;
      child && visited < MAX_TEXT_NODES && length < MAX_TEXT;
      child = child.nextSibling
    ) {
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
  return clean(parts.join(' '));
}

/** Reads the signals of a document; `selection` is what the user selected, if anything. */
export function readPageSignals(doc: Document, url: string, selection = ''): PageSignals {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    hostname = '';
  }
  const jsonLd = Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))
    .slice(0, MAX_JSON_LD_SCRIPTS)
    .map((script) => script.textContent ?? '');
  return {
    url: url.slice(0, 2048),
    hostname,
    title: clean(doc.title),
    ogTitle: meta(doc, 'meta[property="og:title"]'),
    ogSiteName: meta(doc, 'meta[property="og:site_name"]'),
    applicationName: meta(doc, 'meta[name="application-name"]'),
    description: meta(doc, 'meta[name="description"]') || meta(doc, 'meta[property="og:description"]'),
    h1: readableText(doc.querySelector('h1')),
    lang: clean(doc.documentElement.getAttribute('lang'), 35).toLowerCase(),
    selection: clean(selection, 500),
    jsonLdBrands: brandsFromJsonLd(jsonLd),
  };
}
