import { useEffect, useMemo, useRef } from 'react';
import { safeHttpUrl } from '@/lib/url';
import { QueryView } from '../ui/query-view';
import { formatDay, formatLabel, languageName, formatNumber } from '../ui/format';
import { useEscape } from '../ui/use-escape';
import { AdResults } from '../ads/ad-results';
import { useBrandAds } from '../ads/queries';
import { WatchButton } from '../ads/watch-toggle';
import { useBrandsStore } from './brands-store';
import { ScalingIdeas } from './scaling-ideas';
import { useBrandDetail } from './queries';

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

/** One catalogue brand with its ads. */
export function BrandDetailView({ brandId, onBack, onSeeInSearch }: BrandDetailProps) {
  const detail = useBrandDetail(brandId);
  const ads = useBrandAds(brandId);
  const loadedAds = useMemo(() => ads.data?.pages.flatMap((page) => page.items) ?? [], [ads.data]);
  const openAdId = useBrandsStore((state) => state.openAdId);
  const set = useBrandsStore((state) => state.set);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [brandId]);
  useEscape(onBack, !openAdId);

  const brand = detail.data;
  const logo = safeHttpUrl(brand?.logo_url);
  return (
    <section className="brand-detail" aria-labelledby="brand-detail-heading">
      <div className="toolbar">
        <button type="button" className="btn" onClick={onBack}>
          ← Back to brands
        </button>
        {brand ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onSeeInSearch({ id: brand.id, name: brand.name ?? 'this brand' })}
          >
            See this brand's ads
          </button>
        ) : null}
        {brand ? <WatchButton brand={{ id: brand.id, name: brand.name ?? 'this brand' }} /> : null}
      </div>
      <QueryView query={detail} loadingLabel="Loading the brand" rows={2} errorTitle="Could not load this brand">
        {(brand) => (
          <>
            <div className="brand-header">
              {logo ? <img src={logo} alt="" width={48} height={48} /> : null}
              <div>
                <h2 id="brand-detail-heading" ref={headingRef} tabIndex={-1}>
                  {brand.name ?? 'Unnamed brand'}
                </h2>
                <p className="muted">{[brand.domain, brand.category].filter(Boolean).join(' · ')}</p>
              </div>
              {brand.locked ? (
                <span className="badge badge-locked">Locked</span>
              ) : brand.followed ? (
                <span className="badge">Followed</span>
              ) : null}
            </div>
            {brand.description ? <p>{brand.description}</p> : null}
            <dl className="facts">
              <dt>Ads in the library</dt>
              <dd>
                {brand.ad_count !== null ? formatNumber(brand.ad_count) : 'Not given'}
                {brand.active_ad_count !== null ? ` (${formatNumber(brand.active_ad_count)} running)` : ''}
              </dd>
              {formatDay(brand.first_seen) ? (
                <>
                  <dt>First seen</dt>
                  <dd>{formatDay(brand.first_seen)}</dd>
                </>
              ) : null}
              {breakdown(brand.formats, formatLabel) ? (
                <>
                  <dt>Formats</dt>
                  <dd>{breakdown(brand.formats, formatLabel)}</dd>
                </>
              ) : null}
              {breakdown(brand.languages, languageName) ? (
                <>
                  <dt>Languages</dt>
                  <dd>{breakdown(brand.languages, languageName)}</dd>
                </>
              ) : null}
            </dl>
          </>
        )}
      </QueryView>
      {/* The ideas fold on the heading's line: closed, they cost the ads no height. */}
      <div className="brand-ads-heading">
        <h3>Newest ads</h3>
        <ScalingIdeas ads={loadedAds} />
      </div>
      <AdResults
        label="Brand ads"
        query={ads}
        openAdId={openAdId}
        onOpen={(adId) => set({ openAdId: adId })}
        empty={
          <p className="empty-state">
            No ads of this brand in the tracked coverage. An empty result does not prove the brand launched nothing.
          </p>
        }
      />
    </section>
  );
}
