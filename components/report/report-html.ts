import { givenText } from './given-text';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { safeHttpUrl } from '@/lib/url';
import { type HtmlValue, type SafeHtml, html, imageDataUri, marker, styleElement, toDocument } from './html';
import type { Creative } from './media';
import { type BrandFigures, CADENCE_WEEKS, CHART, cadenceSummary, chartBars, compareName, weekWords } from './figures';
import { compareRows, coverageNote, formatWords, languageWords, notGiven } from './figure-rows';
import { daysRunning, formatDay, formatNumber } from '../ui/format';
import { ctaWords } from '../ui/ad-facts';
import { shownLanguage, t, type MessageId, type MessageValues } from '@/lib/i18n';
import 'virtual:adscope-english/report';

/** Creatives embedded per ad at most (a long carousel keeps its first ones). */
export const MAX_CREATIVES_PER_AD = 10;

export interface CreativeRef {
  url: string;
  label: string;
}

/**
 * An ad's creatives: its images, then a poster per video; at most MAX_CREATIVES_PER_AD. A video
 * given without a poster has no picture a report can embed (it holds images only, and fetching a
 * video to make one would download it whole): it is listed apart, shown as "No preview" with its link.
 */
export function creativesOf(ad: LibraryAd): { refs: CreativeRef[]; leftOut: number; videosOnly: CreativeRef[] } {
  const all: CreativeRef[] = [];
  const videosOnly: CreativeRef[] = [];
  ad.images.forEach((image, index) => {
    if (image.url) all.push({ url: image.url, label: t('report.creative.image', { number: index + 1 }) });
  });
  ad.videos.forEach((video, index) => {
    if (video.preview_image_url)
      all.push({ url: video.preview_image_url, label: t('report.creative.poster', { number: index + 1 }) });
    else if (video.url) videosOnly.push({ url: video.url, label: t('report.creative.video', { number: index + 1 }) });
  });
  return {
    refs: all.slice(0, MAX_CREATIVES_PER_AD),
    leftOut: Math.max(0, all.length - MAX_CREATIVES_PER_AD),
    videosOnly: videosOnly.slice(0, MAX_CREATIVES_PER_AD),
  };
}

export interface ReportInput {
  title: string;
  /** What the report holds, under the title: "Board", "Brand comparison". */
  kind: string;
  now: number;
  today: string;
  ads: readonly LibraryAd[];
  /** Fetched creatives by URL; a URL absent here was not fetched (a report built without creatives). */
  creatives: ReadonlyMap<string, Creative>;
  compare?: readonly BrandFigures[];
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1a1d23;--muted:#5b6270;--bg:#fff;--card:#f6f7f9;--line:#d5d9e0;--accent:#2754c5}
@media (prefers-color-scheme:dark){:root{--fg:#e8eaee;--muted:#a9b0bd;--bg:#14161a;--card:#1d2026;--line:#343a44;--accent:#8fb0ff}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,section{max-width:1200px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:0 0 4px;overflow-wrap:anywhere}
.muted{color:var(--muted)}
a{color:var(--accent);overflow-wrap:anywhere}
.ads{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,320px),1fr));list-style:none;padding:0;margin:0}
.ad{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px;break-inside:avoid;page-break-inside:avoid}
.creatives{display:grid;gap:8px;margin:0 0 10px;grid-template-columns:repeat(auto-fit,minmax(min(100%,140px),1fr))}
.creatives img{display:block;width:100%;height:auto;max-height:50vh;object-fit:contain;border-radius:6px;background:var(--bg)}
.missing{border:1px dashed var(--line);border-radius:6px;padding:16px;text-align:center;color:var(--muted)}
.body{white-space:pre-wrap;overflow-wrap:anywhere;margin:6px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0 0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
.chart rect{fill:var(--accent)}
.chart line{stroke:var(--line)}
@media (max-width:600px){table,tbody,tr,th,td{display:block}thead{display:none}td::before{content:attr(data-brand) ": ";color:var(--muted)}}
@media print{body{background:#fff;color:#000}header,main,section{max-width:none;padding:0 0 12px}.ad{border-color:#999}.creatives img{max-height:120mm}a{color:#000}@page{margin:12mm}}
`;

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The CSP the file carries: nothing loads, nothing runs; only its own style and embedded images. */
export async function reportPolicy(): Promise<string> {
  return `default-src 'none'; img-src data:; style-src 'sha256-${await sha256Base64(STYLE)}'; base-uri 'none'; form-action 'none'`;
}

function link(url: unknown, text: HtmlValue): SafeHtml {
  const href = safeHttpUrl(url);
  return href ? html`<a href="${href}" rel="noopener noreferrer">${text}</a>` : html`${notGiven()}`;
}

const MARK = '\u2063';

/**
 * A message with markup in it (a link): each element goes in through its placeholder, so the
 * language orders it as it orders words; the message's own text is escaped like any other.
 */
function htmlMessage(id: MessageId, values: MessageValues, elements: Record<string, SafeHtml>): SafeHtml {
  const names = Object.keys(elements);
  const marked = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  const parts = t(id, { ...values, ...marked }).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return html`${parts.map((part, index) => (index % 2 === 0 ? part : elements[names[Number(part)] ?? '']))}`;
}

function creativeBlock(ad: LibraryAd, creatives: ReadonlyMap<string, Creative>): SafeHtml {
  const { refs, leftOut, videosOnly } = creativesOf(ad);
  const name = givenText(ad.title) ?? givenText(ad.brand_name) ?? t('report.creative.thisAd');
  if (refs.length === 0 && videosOnly.length === 0)
    return html`<div class="creatives"><p class="missing">${t('report.creative.none')}</p></div>`;
  return html`<div class="creatives">
    ${refs.map((ref) => {
      const creative = creatives.get(ref.url);
      if (creative?.kind === 'embedded') {
        return html`<img
          src="${imageDataUri(creative.mime, creative.base64)}"
          alt="${t('report.creative.alt', { label: ref.label, name })}"
        />`;
      }
      const reason = creative ? creative.reason : t('report.creative.notFetched');
      return html`<p
        class="missing"
        role="img"
        aria-label="${t('report.creative.missingLabel', { label: ref.label, name })}"
      >
        ${htmlMessage(
          'report.creative.missing',
          { label: ref.label, reason },
          { link: link(ref.url, t('report.creative.openOriginal')) },
        )}
      </p>`;
    })}
    ${videosOnly.map(
      // Words and a link, not role="img": the link stays reachable.
      (ref) =>
        html`<p class="missing">
          ${htmlMessage(
            'report.creative.noPreview',
            { label: ref.label, name },
            { link: link(ref.url, t('report.creative.openVideo')) },
          )}
        </p>`,
    )}
    ${leftOut > 0 ? html`<p class="muted">${t('report.creative.leftOut', { count: leftOut })}</p>` : null}
  </div>`;
}

function field(label: string, value: HtmlValue): SafeHtml {
  return html`<dt>${label}</dt>
    <dd>${value === null || value === undefined || value === '' ? notGiven() : value}</dd>`;
}

function adBlock(ad: LibraryAd, input: ReportInput): SafeHtml {
  const running = ad.end_date || ad.is_active ? daysRunning(ad.start_date, ad.end_date, input.now) : null;
  const saved = ad.saved_details;
  return html`<li class="ad">
    ${creativeBlock(ad, input.creatives)}
    <h2>${givenText(ad.title) ?? t('report.ad.untitled')}</h2>
    <p class="muted">${givenText(ad.brand_name) ?? t('report.ad.noBrand')}</p>
    ${ad.body ? html`<p class="body">${ad.body}</p>` : null}
    <dl>
      ${field(t('report.ad.callToAction'), ctaWords(ad.cta_type))}
      ${field(t('report.ad.format'), formatWords(ad.display_format))}
      ${field(t('report.ad.language'), languageWords(ad.language))}
      ${field(t('report.ad.launched'), formatDay(ad.start_date))}
      ${field(
        t('report.ad.daysRunning'),
        running === null
          ? null
          : ad.is_active
            ? t('report.ad.stillRunning', { days: formatNumber(running) })
            : formatNumber(running),
      )}
      ${saved ? field(t('report.ad.saved'), formatDay(saved.saved_at)) : null}
      ${saved ? field(t('report.ad.tags'), saved.tags.join(', ')) : null}
      ${field(t('report.ad.landingPage'), ad.link_url ? link(ad.link_url, ad.link_url) : null)}
    </dl>
  </li>`;
}

/** The cadence chart as inline SVG: no script, no external reference. */
function chartSvg(figures: BrandFigures, scaleMax: number): SafeHtml {
  const bars = chartBars(figures.cadence, scaleMax);
  return html`<svg
    class="chart"
    role="img"
    aria-label="${cadenceSummary(compareName(figures.brand), figures.cadence)}"
    width="${CHART.width}"
    height="${CHART.height}"
    viewBox="0 0 ${CHART.width} ${CHART.height}"
  >
    <line x1="0" y1="${CHART.height - 0.5}" x2="${CHART.width}" y2="${CHART.height - 0.5}"></line>
    ${bars.map(
      (bar) =>
        html`<rect
          x="${bar.x.toFixed(1)}"
          y="${bar.y.toFixed(1)}"
          width="${bar.width.toFixed(1)}"
          height="${bar.height.toFixed(1)}"
          ><title>
            ${weekWords(figures.cadence, bar.week, {
              start: formatDay(bar.week.start) ?? bar.week.start,
              end: formatDay(bar.week.end) ?? bar.week.end,
            })}
          </title></rect
        >`,
    )}
  </svg>`;
}

function compareSection(figures: readonly BrandFigures[]): SafeHtml {
  const rows = compareRows(figures);
  const scaleMax = Math.max(0, ...figures.flatMap((brand) => brand.cadence.weeks.map((week) => week.count)));
  const names = figures.map((brand) => compareName(brand.brand));
  return html`<section aria-labelledby="compare-heading">
    <h2 id="compare-heading">${t('report.compare.title')}</h2>
    <table>
      <thead>
        <tr>
          <th scope="col">${t('report.compare.figure')}</th>
          ${names.map((name) => html`<th scope="col">${name}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              <th scope="row">${row.label}</th>
              ${row.values.map((value, index) => html`<td data-brand="${names[index]}">${value}</td>`)}
            </tr>`,
        )}
        <tr>
          <th scope="row">${t('report.compare.perWeek', { weeks: CADENCE_WEEKS })}</th>
          ${figures.map((brand, index) => html`<td data-brand="${names[index]}">${chartSvg(brand, scaleMax)}</td>`)}
        </tr>
      </tbody>
    </table>
    <p class="muted">${coverageNote()}</p>
  </section>`;
}

/** Where the ads go in the page: the page is built around them, and each ad is a part of its own. */
const ADS_MARK = marker('adscope-report-ads');

/**
 * The whole report: one HTML file with its style and creatives inside, no script, a strict CSP.
 * Built as parts, one for each ad with its creatives, never one string: a report of a few
 * hundred MB of creatives is a Blob of parts, within any string's limit.
 */
export async function renderReport(input: ReportInput): Promise<Blob> {
  const policy = await reportPolicy();
  const compare = input.compare && input.compare.length > 0 ? input.compare : null;
  const meta = t('report.document.meta', {
    kind: input.kind,
    day: formatDay(input.today) ?? input.today,
    count: input.ads.length,
  });
  const page = html`<html lang="${shownLanguage()}">
    <head>
      <meta charset="utf-8" />
      <meta http-equiv="Content-Security-Policy" content="${policy}" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <title>${t('report.document.title', { title: input.title })}</title>
      ${styleElement(STYLE)}
    </head>
    <body>
      <header>
        <h1>${input.title}</h1>
        <p class="muted">${meta}</p>
      </header>
      ${compare ? compareSection(compare) : null}
      <main>
        ${
          input.ads.length > 0
            ? html`<ul class="ads" aria-label="${t('report.document.ads')}">
                ${ADS_MARK}
              </ul>`
            : html`<p>${t('report.document.noAds')}</p>`
        }
      </main>
    </body>
  </html>`;
  const [before = '', after = ''] = toDocument(page).split(ADS_MARK.value);
  const parts: string[] = [before];
  for (const ad of input.ads) parts.push(adBlock(ad, input).value);
  parts.push(after);
  return new Blob(parts, { type: 'text/html;charset=utf-8' });
}
