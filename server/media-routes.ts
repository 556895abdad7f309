import type { ServerResponse } from 'node:http';
import { CORS_HEADERS } from './envelope';
import { brandLogoSvg } from './media';
import type { ServerState } from './state';

function sendSvg(response: ServerResponse, svg: string): void {
  response.writeHead(200, {
    ...CORS_HEADERS,
    'Content-Type': 'image/svg+xml',
    'Cache-Control': 'public, max-age=3600',
    'Content-Length': Buffer.byteLength(svg),
  });
  response.end(svg);
}

/** GET /media/...: generated SVG for demo logos and creatives. */
export function serveMedia(response: ServerResponse, pathname: string, state: ServerState): void {
  const logo = /^\/media\/brands\/([^/]+)\/logo\.svg$/.exec(pathname);
  if (logo) {
    const id = decodeURIComponent(logo[1] ?? '');
    const brand = state.data.workspaces.flatMap((w) => w.ownedBrands).find((b) => b.id === id);
    sendSvg(response, brandLogoSvg(id, brand?.name ?? 'Brand'));
    return;
  }
  response.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain' });
  response.end('No such media.');
}
