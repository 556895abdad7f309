import type { ServerResponse } from 'node:http';
import { CORS_HEADERS } from './envelope';
import { demoPage, demoPageIndex } from './demo-pages';
import { adCreativeSvg, iconForBrief, landingPageHtml, markOf, ownedMarkOf } from './creatives';
import { brandLogoSvg, creativeSvg, generatedImageSvg } from './media';
import { COPY, NICHE_BY_ID } from './demo-data/world';
import { dimensions } from './routes/image-generations';
import type { ServerState } from './state';

function send(response: ServerResponse, type: string, body: string): void {
  response.writeHead(200, {
    ...CORS_HEADERS,
    'Content-Type': type,
    'Cache-Control': 'public, max-age=3600',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain' });
  response.end('No such media.');
}

/**
 * A library ad's video (the real service's shapes link one): an MP4 container's first box and an
 * empty one, enough to be read as video/mp4 by its bytes; there is no film in it.
 */
const VIDEO_STUB = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free', 'latin1'),
]);

/** GET /media/... and /demo/landing/...: generated SVG creatives and logos, and landing pages for link-outs. */
export function serveMedia(response: ServerResponse, pathname: string, state: ServerState): void {
  if (state.expiredMedia.has(pathname)) return notFound(response);
  const generated = /^\/media\/generations\/([^/]+)\/([^/]+)\.svg$/.exec(pathname);
  if (generated) {
    const record = state.generations.find(decodeURIComponent(generated[1] ?? ''));
    const image = record?.images.find((candidate) => candidate.id === decodeURIComponent(generated[2] ?? ''));
    if (!record || !image || image.fails) return notFound(response);
    const [width, height] = dimensions(record.body.aspect_ratio ?? '1:1');
    return send(
      response,
      'image/svg+xml',
      generatedImageSvg({
        brand: ownedMarkOf(record.brand, record.body.colors ?? undefined),
        concept: image.concept,
        icon: iconForBrief(record.body.prompt, record.brand.niche),
        width: Math.round(width / 2),
        height: Math.round(height / 2),
        variant: record.images.indexOf(image),
      }),
    );
  }
  const accountPreview = /^\/media\/accounts\/([^/]+)\/([^/]+)\/preview\.svg$/.exec(pathname);
  if (accountPreview) {
    const account = state.adAccounts.find((candidate) => candidate.id === decodeURIComponent(accountPreview[1] ?? ''));
    const ad = account?.ads.find((candidate) => candidate.platformAdId === decodeURIComponent(accountPreview[2] ?? ''));
    if (!account || !ad) return notFound(response);
    const owner = state.data.workspaces.find((w) => w.id === account.workspaceId)?.ownedBrands[ad.brandIndex];
    const niche = NICHE_BY_ID.get(owner?.niche ?? '');
    const product = niche?.products.find((candidate) => candidate.key === ad.productKey);
    return send(
      response,
      'image/svg+xml',
      creativeSvg(
        {
          label: ad.title,
          aspect: ad.format === 'video' ? '9:16' : '1:1',
          kind: ad.format === 'video' ? 'story' : 'feed',
          layout: ad.layout,
          colorway: ad.layout % 3,
          brand: owner ? ownedMarkOf(owner) : ownedMarkOf({ name: account.name, colors: [], niche: '' }),
          headline: ad.title,
          icon: product?.icon ?? niche?.icon ?? 'store',
          badge: null,
          cta: COPY.en.ctas[ad.callToAction] ?? null,
        },
        { video: ad.format === 'video' },
      ),
    );
  }
  const ownedLogo = /^\/media\/brands\/([^/]+)\/logo\.svg$/.exec(pathname);
  if (ownedLogo) {
    const id = decodeURIComponent(ownedLogo[1] ?? '');
    const brand = state.data.workspaces.flatMap((w) => w.ownedBrands).find((b) => b.id === id);
    return send(
      response,
      'image/svg+xml',
      brandLogoSvg(ownedMarkOf(brand ?? { name: 'Brand', colors: [], niche: '' })),
    );
  }
  const catalogueLogo = /^\/media\/catalogue\/([^/]+)\/logo\.svg$/.exec(pathname);
  if (catalogueLogo) {
    const brand = state.brand(decodeURIComponent(catalogueLogo[1] ?? ''));
    return brand ? send(response, 'image/svg+xml', brandLogoSvg(markOf(brand))) : notFound(response);
  }
  const film = /^\/media\/ads\/([^/]+)\/video\.mp4$/.exec(pathname);
  if (film) {
    if (!state.adById(decodeURIComponent(film[1] ?? ''))?.hasVideo) return notFound(response);
    response.writeHead(200, {
      ...CORS_HEADERS,
      'Content-Type': 'video/mp4',
      'Cache-Control': 'public, max-age=3600',
      'Content-Length': VIDEO_STUB.length,
    });
    response.end(VIDEO_STUB);
    return;
  }
  const creative = /^\/media\/ads\/([^/]+)\/(image-(\d+)|poster)\.svg$/.exec(pathname);
  if (creative) {
    const ad = state.adById(decodeURIComponent(creative[1] ?? ''));
    const brand = ad ? state.brand(ad.unified_brand_id) : undefined;
    const svg = ad && brand ? adCreativeSvg(ad, brand, creative[2] ?? '') : null;
    return svg === null ? notFound(response) : send(response, 'image/svg+xml', svg);
  }
  if (pathname === '/demo/pages' || pathname === '/demo/pages/')
    return send(response, 'text/html; charset=utf-8', demoPageIndex());
  const demo = /^\/demo\/pages\/([a-z0-9-]+)$/.exec(pathname);
  if (demo) {
    const html = demoPage(state, demo[1] ?? '');
    return html ? send(response, 'text/html; charset=utf-8', html) : notFound(response);
  }
  const landing = /^\/demo\/landing\/([a-z0-9.-]+)(\/.*)?$/.exec(pathname);
  if (landing) {
    const brand = state.brandByDomain(landing[1] ?? '');
    const html = brand ? landingPageHtml(brand, decodeURIComponent(landing[2] ?? '/')) : null;
    return html ? send(response, 'text/html; charset=utf-8', html) : notFound(response);
  }
  notFound(response);
}
