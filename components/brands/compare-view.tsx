import { useEffect, useId, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { systemClock } from '@/lib/clock';
import { t } from '@/lib/i18n';
import { AdCardList } from '../ads/ad-card-list';
import { AdDetail } from '../ads/ad-detail';
import { useCompareStore } from '../ads/compare-toggle';
import { navigate } from '../navigation/navigation-store';
import { compareRows, compareToCsv, coverageNote } from '../report/figure-rows';
import {
  type BrandFigures,
  CADENCE_WEEKS,
  CHART,
  cadenceSummary,
  chartBars,
  compareName,
  userToday,
  weekWords,
} from '../report/figures';
import { ReportDialog, type ReportSource } from '../report/report-dialog';
import { downloadCsv } from '../ui/download';
import { ErrorNotice } from '../ui/error-notice';
import { formatDay } from '../ui/format';
import { SkeletonList } from '../ui/skeleton';
import { useEscape } from '../ui/use-escape';
import { useCompareFigures } from './queries';
import 'virtual:adscope-english/brands';

function CadenceChart({ figures, scaleMax }: { figures: BrandFigures; scaleMax: number }) {
  const bars = chartBars(figures.cadence, scaleMax);
  return (
    <svg
      className="cadence-chart"
      role="img"
      aria-label={cadenceSummary(compareName(figures.brand), figures.cadence)}
      width={CHART.width}
      height={CHART.height}
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
    >
      <line x1={0} y1={CHART.height - 0.5} x2={CHART.width} y2={CHART.height - 0.5} />
      {bars.map((bar) => (
        <rect key={bar.week.start} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
          <title>
            {weekWords(figures.cadence, bar.week, {
              start: formatDay(bar.week.start) ?? bar.week.start,
              end: formatDay(bar.week.end) ?? bar.week.end,
            })}
          </title>
        </rect>
      ))}
    </svg>
  );
}

/** Two to four brands side by side: counts, mixes, newest launch, longest-running ad and launch cadence. */
export function CompareView({ onBack }: { onBack: () => void }) {
  const id = useId();
  const brands = useCompareStore((state) => state.brands);
  const [now] = useState(systemClock);
  const today = userToday(now);
  const [openAd, setOpenAd] = useState<LibraryAd | null>(null);
  const [report, setReport] = useState<ReportSource | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEscape(onBack, !openAd && !report);
  const queries = useCompareFigures(brands, today, now);
  const loaded = queries.flatMap((query) => (query.data ? [query.data] : []));
  const failed = queries.map((query, index) => ({ query, brand: brands[index] })).filter(({ query }) => query.isError);
  // The brands that answered are shown once none is still on its way; one that failed says so beside them.
  const pending = brands.length - loaded.length - failed.length;
  const ready = pending === 0 && loaded.length > 0;
  const longest = loaded.flatMap((brand) => (brand.longest ? [brand.longest.ad] : []));

  if (openAd) {
    return (
      <AdDetail
        adId={openAd.id}
        fromList={openAd}
        onBack={() => setOpenAd(null)}
        onSeeBrand={(brand) => navigate({ to: 'search', brand })}
      />
    );
  }

  return (
    <section className="tab-section compare-view" aria-labelledby={`${id}-heading`}>
      <div className="toolbar">
        <button type="button" className="btn" onClick={onBack}>
          {t('brands.back')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!ready}
          onClick={() => downloadCsv(`adscope-compare-${today}.csv`, compareToCsv(loaded))}
        >
          {t('brands.compare.exportCsv')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!ready}
          onClick={() =>
            setReport({
              title: loaded.map((brand) => compareName(brand.brand)).join(t('brands.compare.versus')),
              kind: t('brands.compare.kind'),
              expected: longest.length,
              fileName: () => `adscope-compare-${today}.html`,
              loadAds: async () => longest,
              compare: loaded,
            })
          }
        >
          {t('brands.compare.exportReport')}
        </button>
      </div>
      <ReportDialog source={report} onClose={() => setReport(null)} />
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {t('brands.compare.title', { count: brands.length })}
      </h2>
      {failed.map(({ query, brand }) => (
        <ErrorNotice
          key={brand?.id}
          title={t('brands.compare.loadFailed', { brand: brand ? compareName(brand) : t('brands.compare.aBrand') })}
          error={query.error}
          onRetry={() => void query.refetch()}
          retryWhat={brand ? compareName(brand) : t('brands.compare.aBrand')}
        />
      ))}
      {pending > 0 ? <SkeletonList label={t('brands.compare.loading')} rows={4} /> : null}
      {ready ? (
        <>
          <CompareTable brands={loaded} today={today} />
          <p className="muted compare-note">{coverageNote()}</p>
          <h3>{t('brands.compare.longest')}</h3>
          {longest.length > 0 ? (
            <AdCardList label={t('brands.compare.longest')} ads={longest} onOpen={setOpenAd} />
          ) : (
            <p className="empty-state">{t('brands.compare.noLongest')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}

/** The brands side by side: a row per figure, and each brand's launches of the last weeks as a chart. */
function CompareTable({ brands: loaded, today }: { brands: readonly BrandFigures[]; today: string }) {
  const rows = compareRows(loaded);
  const names = loaded.map((brand) => compareName(brand.brand));
  const scaleMax = Math.max(0, ...loaded.flatMap((brand) => brand.cadence.weeks.map((week) => week.count)));
  return (
    <table className="compare-table" role="table">
      <caption className="visually-hidden">{t('brands.compare.caption')}</caption>
      <thead>
        <tr role="row">
          <th scope="col" role="columnheader">
            {t('brands.compare.figure')}
          </th>
          {loaded.map((brand) => (
            <th scope="col" role="columnheader" key={brand.brand.id}>
              {compareName(brand.brand)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} role="row">
            <th scope="row" role="rowheader">
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={loaded[index]?.brand.id} role="cell" data-brand={names[index]}>
                {value}
              </td>
            ))}
          </tr>
        ))}
        <tr role="row">
          <th scope="row" role="rowheader">
            {t('brands.compare.cadence', { weeks: CADENCE_WEEKS, day: formatDay(today) ?? today })}
          </th>
          {loaded.map((brand) => (
            <td key={brand.brand.id} role="cell" data-brand={compareName(brand.brand)}>
              <CadenceChart figures={brand} scaleMax={scaleMax} />
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
