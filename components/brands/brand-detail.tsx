import { useEffect, useMemo, useRef } from 'react';
import { safeHttpUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import { QueryView } from '../ui/query-view';
import { formatDay, languageName, formatNumber } from '../ui/format';
import { formatWords } from '../ui/ad-facts';
import { useEscape } from '../ui/use-escape';
import { AdResults } from '../ads/ad-results';
import { useBrandAds } from '../ads/queries';
import { WatchButton } from '../ads/watch-toggle';
import { useBrandsStore } from './brands-store';
import { ScalingIdeas } from './scaling-ideas';
import { useBrandDetail } from './queries';
import 'virtual:adscope-english/brands';
import { uniqueById } from '../ui/unique';

interface BrandDetailProps {
  brandId: string;
  onBack: () => void;
  onSeeInSearch: (brand: { id: string; name: string }) => void;
}

function breakdown(counts: Record<string, number> | undefined, label: (key: string) => string | null): string | null {
  if (!counts) return null;
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return entries.length > 0
    ? entries.map(([key, value]) => `${label(key) ?? key} ${formatNumber(value)}`).join(', ')
    : null;
}

/** "1,240 (312 running)": the brand's ads in the library, and how many run, as the service counts them. */
function adCounts(total: number | null, running: number | null): string {
  const all = total !== null ? formatNumber(total) : t('brands.detail.notGiven');
  return running !== null ? t('brands.detail.adsRunning', { total: all, running: formatNumber(running) }) : all;
}

/** One catalogue brand with its ads. */
export function BrandDetailView({ brandId, onBack, onSeeInSearch }: BrandDetailProps) {
  const detail = useBrandDetail(brandId);
  const ads = useBrandAds(brandId);
  // Each ad once: a next page that repeats one would count it twice among the ideas.
  const loadedAds = useMemo(() => uniqueById(ads.data?.pages.flatMap((page) => page.items) ?? []), [ads.data]);
  const openAdId = useBrandsStore((state) => state.openAdId);
  const set = useBrandsStore((state) => state.set);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const focusedFor = useRef<string | null>(null);
  const shown = detail.data !== undefined;
  // The brand's heading takes the focus once it is drawn (on a first open, when the detail has
  // come), unless the user has moved it elsewhere meanwhile.
  useEffect(() => {
    const heading = headingRef.current;
    if (!heading || focusedFor.current === brandId) return;
    focusedFor.current = brandId;
    const active = document.activeElement;
    if (!active || active === document.body || sectionRef.current?.contains(active)) heading.focus();
  }, [brandId, shown]);
  useEscape(onBack, !openAdId);

  const brand = detail.data;
  const logo = safeHttpUrl(brand?.logo_url);
  return (
    <section className="brand-detail" aria-labelledby="brand-detail-heading" ref={sectionRef}>
      <div className="toolbar">
        <button type="button" className="btn" onClick={onBack}>
          {t('brands.back')}
        </button>
        {brand ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onSeeInSearch({ id: brand.id, name: brand.name ?? t('brands.thisBrand') })}
          >
            {t('brands.detail.seeAds')}
          </button>
        ) : null}
        {brand ? <WatchButton brand={{ id: brand.id, name: brand.name ?? t('brands.thisBrand') }} /> : null}
      </div>
      <QueryView
        query={detail}
        loadingLabel={t('brands.detail.loading')}
        rows={2}
        errorTitle={t('brands.detail.loadFailed')}
      >
        {(brand) => (
          <>
            <div className="brand-header">
              {logo ? <img src={logo} alt="" width={48} height={48} /> : null}
              <div>
                <h2 id="brand-detail-heading" ref={headingRef} tabIndex={-1}>
                  {brand.name ?? t('brands.unnamed')}
                </h2>
                <p className="muted">{[brand.domain, brand.category].filter(Boolean).join(' · ')}</p>
              </div>
              {brand.locked ? (
                <span className="badge badge-locked">{t('brands.locked')}</span>
              ) : brand.followed ? (
                <span className="badge">{t('brands.detail.followed')}</span>
              ) : null}
            </div>
            {brand.description ? <p>{brand.description}</p> : null}
            <dl className="facts">
              <dt>{t('brands.detail.adsInLibrary')}</dt>
              <dd>{adCounts(brand.ad_count, brand.active_ad_count)}</dd>
              {formatDay(brand.first_seen) ? (
                <>
                  <dt>{t('brands.detail.firstSeen')}</dt>
                  <dd>{formatDay(brand.first_seen)}</dd>
                </>
              ) : null}
              {breakdown(brand.formats, formatWords) ? (
                <>
                  <dt>{t('brands.detail.formats')}</dt>
                  <dd>{breakdown(brand.formats, formatWords)}</dd>
                </>
              ) : null}
              {breakdown(brand.languages, languageName) ? (
                <>
                  <dt>{t('brands.detail.languages')}</dt>
                  <dd>{breakdown(brand.languages, languageName)}</dd>
                </>
              ) : null}
            </dl>
          </>
        )}
      </QueryView>
      {/* The ideas fold on the heading's line: closed, they cost the ads no height. */}
      <div className="brand-ads-heading">
        <h3>{t('brands.detail.newestAds')}</h3>
        <ScalingIdeas ads={loadedAds} />
      </div>
      <AdResults
        label={t('brands.detail.adsLabel')}
        query={ads}
        openAdId={openAdId}
        onOpen={(adId) => set({ openAdId: adId })}
        empty={<p className="empty-state">{t('brands.detail.empty')}</p>}
      />
    </section>
  );
}
