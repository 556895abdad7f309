import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { TOUR, type TourEnv } from './tour';

/**
 * The store's images, from the real extension against the demo data, in the light theme:
 * screenshots of 1280×800 (each the real panel or page under a one-line caption; the panel
 * beside the competitor's page where the feature starts from one) and the 440×280
 * promotional tile. JPEG, as both stores take it, small enough to keep in the repository.
 */
const STORE = { width: 1280, height: 800 };
const CAPTION = 64;
const CONTENT = { width: STORE.width, height: STORE.height - CAPTION };
const PANEL = { width: 400, height: CONTENT.height };
const QUALITY = 85;

interface StoreShot {
  name: string;
  caption: string;
  /** The tour stop whose state this shows. */
  stop: string;
  /** Beside a competitor's page (the panel at its usual width), or the panel alone, full width. */
  besidePage?: string;
}

export const STORE_SHOTS: readonly StoreShot[] = [
  {
    name: '1-similar',
    caption: "On a competitor's page, one click: their ads, and similar ads from other brands",
    stop: 'similar-page',
    besidePage: '/demo/pages/product',
  },
  { name: '2-search', caption: 'Search a global ad library as you type, with filters', stop: 'search-wide' },
  { name: '3-compare', caption: 'Compare brands side by side, with their launch cadence', stop: 'compare' },
  {
    name: '4-watch',
    caption: 'Watch competitors: see the day they launch something new',
    stop: 'watch-new',
    besidePage: '/demo/pages/none',
  },
  {
    name: '5-boards',
    caption: "Save ads to your team's boards, and export them as you like",
    stop: 'board-ads',
    besidePage: '/demo/pages/title',
  },
  {
    name: '6-accounts',
    caption: 'Read how your own ad accounts perform, ad by ad',
    stop: 'accounts-report',
    besidePage: '/demo/pages/og',
  },
];

function tourStop(name: string) {
  const stop = TOUR.find((candidate) => candidate.name === name);
  if (!stop) throw new Error(`No tour stop named ${name}`);
  return stop;
}

async function shoot(page: Page, url: string, viewport: { width: number; height: number }): Promise<Buffer> {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page.screenshot();
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A store image: the caption, then the page and the panel side by side, or the panel alone. */
function frame(caption: string, panel: Buffer, page: Buffer | null, icon: string): string {
  const panelImage = `<img class="panel" src="${dataUrl(panel)}" alt="">`;
  return `<!doctype html><html><head><style>
    * { box-sizing: border-box; margin: 0; }
    body { width: ${STORE.width}px; height: ${STORE.height}px; overflow: hidden; background: #eceef2;
      font: 600 22px/1.2 system-ui, 'DejaVu Sans', sans-serif; color: #15171c; }
    header { height: ${CAPTION}px; display: flex; align-items: center; gap: 14px; padding: 0 24px;
      background: #2f43c9; color: #fff; }
    header img { width: 36px; height: 36px; border-radius: 8px; background: #fff; }
    main { display: flex; height: ${CONTENT.height}px; }
    .page { flex: 1; min-width: 0; object-fit: cover; object-position: top left; }
    .panel { display: block; border-left: 1px solid #c9ccd6; box-shadow: -6px 0 18px rgb(0 0 0 / 12%); }
  </style></head><body><header><img src="${icon}" alt=""><span>${escapeText(caption)}</span></header>
  <main>${page ? `<img class="page" src="${dataUrl(page)}" alt="">` : ''}${panelImage}</main></body></html>`;
}

function tile(icon: string): string {
  return `<!doctype html><html><head><style>
    * { box-sizing: border-box; margin: 0; }
    body { width: 440px; height: 280px; overflow: hidden; display: grid; place-content: center; gap: 14px;
      justify-items: center; background: linear-gradient(135deg, #2f43c9, #1d2a8a); color: #fff;
      font-family: system-ui, 'DejaVu Sans', sans-serif; text-align: center; }
    img { width: 88px; height: 88px; border-radius: 20px; background: #fff; padding: 6px; }
    h1 { font-size: 36px; letter-spacing: 0.5px; }
    p { font-size: 17px; opacity: 0.92; max-width: 360px; }
  </style></head><body><img src="${icon}" alt=""><h1>Adscope</h1><p>Ad research in a click: similar ads, boards and your ad accounts</p></body></html>`;
}

/** Writes the store images into `outDir` (replacing what was there); returns their paths. */
export async function runStoreTour(context: BrowserContext, env: TourEnv, outDir: string): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const icon = dataUrl(readFileSync(path.resolve('assets/static/icon/128.png')));
  const files: string[] = [];
  for (const shot of STORE_SHOTS) {
    const stop = tourStop(shot.stop);
    const page = await context.newPage();
    const panelSize = shot.besidePage ? PANEL : CONTENT;
    await page.setViewportSize(panelSize);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`chrome-extension://${env.extensionId}/${stop.page}.html`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await stop.prepare?.(page, env);
    // Whatever the stop left focused or hovered is not part of the picture.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const panel = await page.screenshot();
    await page.close();
    let beside: Buffer | null = null;
    if (shot.besidePage) {
      const site = await context.newPage();
      beside = await shoot(site, `${env.baseUrl}${shot.besidePage}`, {
        width: CONTENT.width - PANEL.width,
        height: CONTENT.height,
      });
      await site.close();
    }
    const canvas = await context.newPage();
    await canvas.setViewportSize(STORE);
    await canvas.setContent(frame(shot.caption, panel, beside, icon));
    const file = path.join(outDir, `${shot.name}.jpg`);
    await canvas.screenshot({ path: file, type: 'jpeg', quality: QUALITY });
    await canvas.close();
    files.push(file);
  }
  const promo = await context.newPage();
  await promo.setViewportSize({ width: 440, height: 280 });
  await promo.setContent(tile(icon));
  const tileFile = path.join(outDir, 'tile-440x280.jpg');
  await promo.screenshot({ path: tileFile, type: 'jpeg', quality: QUALITY });
  await promo.close();
  files.push(tileFile);
  return files;
}
