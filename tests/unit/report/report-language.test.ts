// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rankedToCsv } from '../../../components/accounts/ranked-csv';
import { compareToCsv } from '../../../components/report/figure-rows';
import { type BrandFigures, countCadence } from '../../../components/report/figures';
import { renderReport } from '../../../components/report/report-html';
import { showLanguage } from '../../../lib/i18n';
import { forgetCatalogues } from '../../../lib/i18n/runtime';
import type { LibraryAd } from '../../../lib/contract/ad-library';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { TEST_DAY, TEST_NOW } from '../../support/clock';
import { reportAd } from '../../support/report-ads';

/**
 * The report and the files made beside it speak the language shown: headings, labels and CSV
 * headers in German here, while what the service said stays as it said it, the days in files
 * stay ISO 8601 and the numbers in files plain digits.
 */
const ad = (id: string, start: string): LibraryAd => reportAd({ id, start_date: start });

function figures(name: string): BrandFigures {
  return {
    brand: { id: name, name },
    adCount: 1200,
    activeCount: 40,
    formats: { video: 3, image: 1 },
    languages: { en: 1 },
    newestLaunch: '2026-11-20',
    longest: null,
    cadence: countCadence([ad('x', '2026-11-21'), ad('y', '2026-11-20')], TEST_DAY, true),
    concepts: [],
  };
}

beforeEach(() => {
  forgetCatalogues();
  showLanguage('de', compiledLanguage('de'));
});
afterEach(() => {
  showLanguage('en');
});

describe('the report in the language shown', () => {
  it('has German headings and labels, and the service’s words as they came', async () => {
    const file = await renderReport({
      title: 'Herbstauswahl',
      kind: 'Markenvergleich',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [ad('ad-1', '2026-11-01')],
      creatives: new Map(),
      compare: [figures('Acme'), figures('Zephyr')],
    });
    const doc = new DOMParser().parseFromString(await file.text(), 'text/html');
    expect(doc.documentElement.getAttribute('lang')).toBe('de');
    expect(doc.title).toBe('Herbstauswahl · Adscope-Bericht');
    expect(doc.querySelector('#compare-heading')?.textContent).toBe('Marken im Vergleich');
    expect(doc.querySelector('thead th')?.textContent).toBe('Kennzahl');
    const rowLabels = [...doc.querySelectorAll('tbody th')].map((cell) => cell.textContent?.trim());
    expect(rowLabels).toContain('Anzeigen in der Bibliothek');
    expect(rowLabels).toContain('Starts pro Woche, letzte 13 Wochen');
    expect(doc.querySelector('header p')?.textContent).toMatch(/^Markenvergleich · erstellt am .+ · 1 Anzeige$/);
    expect(doc.querySelector('ul.ads')?.getAttribute('aria-label')).toBe('Anzeigen');
    const labels = [...doc.querySelectorAll('dt')].map((term) => term.textContent);
    expect(labels).toEqual([
      'Call-to-Action',
      'Anzeigenformat',
      'Sprache',
      'Gestartet',
      'Laufzeit in Tagen',
      'Landingpage',
    ]);
    const values = [...doc.querySelectorAll('dd')].map((value) => value.textContent);
    expect(values[0]).toBe('Jetzt einkaufen');
    expect(values[1]).toBe('Bild');
    expect(values[2]).toBe('Englisch');
    expect(doc.querySelector('.missing')?.textContent).toMatch(/Nicht eingebettet: Der Bericht wurde ohne Creatives/);
    expect(doc.querySelector('.missing a')?.textContent).toBe('Original öffnen');
    // The service's words stay as they came.
    expect(doc.querySelector('.ad h2')?.textContent).toBe('Trail shoes');
    expect(doc.querySelector('.ad .body')?.textContent).toBe('Grip in the rain.');
    expect(doc.querySelector('.ad dd a')?.textContent).toBe('https://acme.example/shoes');
    // The chart's geometry is the file's own numbers: plain digits with a point, never a German comma.
    const bars = [...doc.querySelectorAll('.chart rect')];
    expect(bars).toHaveLength(26);
    for (const bar of bars) {
      for (const name of ['x', 'y', 'width', 'height']) expect(bar.getAttribute(name)).toMatch(/^\d+(\.\d)?$/);
    }
    expect(doc.querySelector('.chart')?.getAttribute('aria-label')).toMatch(
      /^Acme: 2 Anzeigen gestartet in 13 Wochen;/,
    );
  });

  it('writes the comparison CSV with German words, ISO days and plain counts', () => {
    const lines = compareToCsv([figures('Acme'), figures('Zephyr')])
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Kennzahl,Acme,Zephyr');
    expect(lines[1]?.startsWith('Anzeigen in der Bibliothek,')).toBe(true);
    expect(lines.at(-1)).toBe('gestartet 2026-11-16 bis 2026-11-22,2,2');
  });

  it('writes the ranked ads’ CSV with German headers and the numbers unformatted', () => {
    const csv = rankedToCsv(
      {
        items: [
          {
            platform_ad_id: '120210',
            name: 'Winter sale',
            status: 'ACTIVE',
            format: 'video',
            preview_image_url: null,
            metrics: { spend: 1234.5, impressions: 98765 },
          },
        ],
        metric_names: { spend: 'Amount spent', impressions: 'Impressions' },
        total_ads: 1,
        currency: 'EUR',
      },
      ['spend', 'impressions'],
      { spend: 'Amount spent', impressions: 'Impressions' },
    );
    expect(csv.split('\r\n')).toEqual([
      'Plattform-Anzeigen-ID,Name,Status,Format,Amount spent,Impressions',
      '120210,Winter sale,ACTIVE,video,1234.5,98765',
    ]);
  });
});
