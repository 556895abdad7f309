import { getDomain, getDomainWithoutSuffix } from 'tldts';
import { browser } from 'wxt/browser';
import {
  makerNames,
  type NameCandidate,
  type NameReading,
  readPage,
  sameName,
  type SiteDomain,
  similarKeywords,
  siteNames,
} from '@/lib/page-reading';
import type { SimilarQuery, SimilarRequest } from '@/lib/messaging/similar';
import { type PageSignals, pageSignals } from '@/lib/messaging/page-trigger';

/**
 * A page's site by the Public Suffix List (tldts, private domains included, so
 * "acme.myshopify.com" is Acme's and "acme.github.io" too). The list is about 46 KB gzip: it and
 * the page reading (lib/page-reading.ts) run here, in the Similar view's chunk, because the
 * worker's bundle is loaded at every wake and a service worker cannot load code lazily.
 */
export function siteDomainOf(hostname: string): SiteDomain | null {
  if (!hostname) return null;
  const options = { allowPrivateDomains: true };
  const domain = getDomain(hostname, options);
  const label = getDomainWithoutSuffix(hostname, options);
  return domain && label ? { domain, label } : null;
}

/** The language the browser reads in a text, when it is sure enough of it (half of the text or more). */
async function detectLanguage(text: string): Promise<string> {
  try {
    const result = await browser.i18n.detectLanguage(text);
    const top = result.languages[0];
    return top && (result.isReliable || top.percentage >= 50) ? top.language : '';
  } catch {
    return '';
  }
}

/** The names a page gives its site and its product's maker, as "Why these results" explains them. */
export interface NameChoices {
  site: NameReading;
  /** The maker's names, without the site's own name (a brand selling its own products). */
  maker: NameReading;
}

export function nameChoices(signals: PageSignals): NameChoices {
  const site = siteNames(signals, siteDomainOf(signals.hostname));
  const maker = makerNames(signals);
  const siteName = site.names[0]?.name ?? '';
  const kept = maker.names.map((name, i) => ({ name, signals: maker.signals[i] ?? [] }));
  const apart = kept.filter(({ name }) => !sameName(siteName, name.name));
  return {
    site,
    maker: {
      names: apart.map(({ name }) => name),
      signals: apart.map(({ signals }) => signals),
      setAside: maker.setAside,
    },
  };
}

/** The names with the one the user chose first, weighing more than any other; unchanged without a choice. */
export function preferName(names: readonly NameCandidate[], chosen: string | undefined): NameCandidate[] {
  const found = chosen ? names.find((name) => sameName(name.name, chosen)) : undefined;
  if (!found) return [...names];
  const top = Math.max(...names.map((name) => name.weight));
  return [{ ...found, weight: Math.min(1000, top + 1) }, ...names.filter((name) => name !== found)];
}

/**
 * What the panel asks the worker: a page read here (its site, names, language and keywords; the
 * browser detects the language only when the page names none), or an ad with its keywords.
 */
export async function queryOf(request: SimilarRequest): Promise<SimilarQuery> {
  if (request.kind === 'ad') {
    const text = `${request.title} ${request.text}`;
    return {
      ...request,
      keywords:
        request.keywords ??
        similarKeywords(pageSignals({ selection: text }), [request.brandName ?? ''], request.language ?? ''),
    };
  }
  const { signals } = request;
  const site = siteDomainOf(signals.hostname);
  let page = readPage(signals, site);
  if (!page.language && signals.text) page = readPage(signals, site, await detectLanguage(signals.text));
  page = {
    ...page,
    siteNames: preferName(page.siteNames, request.prefer?.site),
    makerNames: preferName(page.makerNames, request.prefer?.maker),
  };
  return { kind: 'page', page, ...(request.keywords ? { keywords: request.keywords } : {}) };
}
