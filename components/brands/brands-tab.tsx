import { useEffect, useId } from 'react';
import { BRAND_QUERY_MAX, FOLLOWED_WINDOW } from '@/lib/contract/brand-library';
import { ErrorNotice } from '../ui/error-notice';
import { QueryView } from '../ui/query-view';
import { t } from '@/lib/i18n';
import { formatNumber } from '../ui/format';
import { useDebouncedValue } from '../ui/hooks';
import { OfflineBanner } from '../ui/offline-banner';
import { SkeletonList } from '../ui/skeleton';
import { navigate } from '../navigation/navigation-store';
import { CompareTray, useCompareStore } from '../ads/compare-toggle';
import { BrandDetailView } from './brand-detail';
import { CompareView } from './compare-view';
import { BrandRowItem } from './brand-row';
import { MoreBrands } from '../ui/more-brands';
import { useBrandsStore } from './brands-store';
import { describeQuota } from './quota';
import { FOLLOWED_PAGE, useCatalogueSearch, useFollowedBrands } from './queries';
import './brands.css';
import { uniqueById } from '../ui/unique';
import 'virtual:adscope-english/brands';

function CatalogueSearch({ onOpen }: { onOpen: (id: string) => void }) {
  const id = useId();
  const text = useBrandsStore((state) => state.catalogueQuery);
  const set = useBrandsStore((state) => state.set);
  // At most what the worker takes: a longer text (pasted) searches its start.
  const query = useDebouncedValue(text.trim().slice(0, BRAND_QUERY_MAX), 300);
  const results = useCatalogueSearch(query);
  // Each brand once, where a next page repeats one of the last.
  const brands = uniqueById(results.data?.pages.flatMap((page) => page.items) ?? []);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('brands.catalogue.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-query`}>{t('brands.catalogue.search')}</label>
        <input
          id={`${id}-query`}
          type="search"
          placeholder={t('brands.catalogue.placeholder')}
          maxLength={BRAND_QUERY_MAX}
          value={text}
          onChange={(event) => set({ catalogueQuery: event.target.value })}
        />
      </div>
      {query.length === 0 ? null : results.isPending || (results.isPlaceholderData && brands.length === 0) ? (
        <SkeletonList label={t('brands.catalogue.searching')} rows={3} />
      ) : results.isError && brands.length === 0 ? (
        <ErrorNotice
          title={t('brands.catalogue.failed')}
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : brands.length === 0 ? (
        <p className="empty-state">{t('brands.catalogue.noMatch', { query })}</p>
      ) : (
        <>
          <ul className="list-plain brand-list" aria-label={t('brands.catalogue.results')}>
            {brands.map((brand) => (
              <BrandRowItem key={brand.id} brand={brand} onOpen={onOpen} />
            ))}
          </ul>
          <MoreBrands pages={results} />
        </>
      )}
    </section>
  );
}

function FollowedBrandsList({ onOpen }: { onOpen: (id: string) => void }) {
  const id = useId();
  const { followedQuery, followedOffset, set } = useBrandsStore();
  const query = useDebouncedValue(followedQuery.trim(), 300);
  const followed = useFollowedBrands(followedOffset, query);
  const data = followed.data;
  const total = data?.total ?? null;
  const reachable = total === null ? null : Math.min(total, FOLLOWED_WINDOW);
  const page = Math.floor(followedOffset / FOLLOWED_PAGE) + 1;
  const pages = reachable === null ? null : Math.max(1, Math.ceil(reachable / FOLLOWED_PAGE));
  const quota = describeQuota(data?.quota);
  // A page past the end (brands unfollowed elsewhere since it was read): back to the last page there is.
  const pastTheEnd = !!data && !followed.isPlaceholderData && data.items.length === 0 && followedOffset > 0;
  useEffect(() => {
    if (pastTheEnd) set({ followedOffset: pages === null ? 0 : (Math.min(pages, page) - 1) * FOLLOWED_PAGE });
  }, [pastTheEnd, pages, page, set]);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('brands.followed.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-query`}>{t('brands.followed.filter')}</label>
        <input
          id={`${id}-query`}
          type="search"
          placeholder={t('brands.followed.placeholder')}
          value={followedQuery}
          onChange={(event) => set({ followedQuery: event.target.value, followedOffset: 0 })}
        />
      </div>
      {quota.length > 0 ? (
        // One quiet line, not a stack of notices before the first brand.
        <p className="muted quota-line" aria-label={t('brands.followed.allowance')}>
          {quota.join(' ')}
        </p>
      ) : null}
      {total !== null && total > FOLLOWED_WINDOW ? (
        <p className="notice notice-warning">
          {t('brands.followed.window', { count: total, window: formatNumber(FOLLOWED_WINDOW) })}
        </p>
      ) : null}
      <QueryView
        query={followed}
        loadingLabel={t('brands.followed.loading')}
        rows={4}
        errorTitle={t('brands.followed.failed')}
        // "None" only of the first page: a later one empty is a page past the end, left at once.
        isEmpty={(list) => list.items.length === 0 && followedOffset === 0}
        empty={
          <p className="empty-state">{query ? t('brands.followed.noMatch', { query }) : t('brands.followed.none')}</p>
        }
      >
        {(list) => (
          <>
            <p className="muted" role="status">
              {[
                total !== null ? t('brands.followed.count', { count: total }) : t('brands.followed.title'),
                pages !== null
                  ? t('brands.followed.page', { page: formatNumber(page), pages: formatNumber(pages) })
                  : null,
                followed.isPlaceholderData ? t('brands.followed.loadingShort') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <ul className="list-plain brand-list" aria-label={t('brands.followed.title')}>
              {list.items.map((brand) => (
                <BrandRowItem key={brand.id} brand={brand} onOpen={onOpen} />
              ))}
            </ul>
            <nav className="pager" aria-label={t('brands.followed.pages')}>
              <button
                type="button"
                className="btn"
                disabled={followedOffset === 0}
                onClick={() => set({ followedOffset: Math.max(0, followedOffset - FOLLOWED_PAGE) })}
              >
                {t('brands.followed.previous')}
              </button>
              <button
                type="button"
                className="btn"
                // Past the window the service serves, a next page would only be refused.
                disabled={
                  !list.has_more || followed.isPlaceholderData || followedOffset + FOLLOWED_PAGE >= FOLLOWED_WINDOW
                }
                onClick={() => set({ followedOffset: followedOffset + FOLLOWED_PAGE })}
              >
                {t('brands.followed.next')}
              </button>
            </nav>
          </>
        )}
      </QueryView>
    </section>
  );
}

/** Brand research: the catalogue, the brands the workspace follows, and one brand's detail. */
export default function BrandsTab() {
  const brandId = useBrandsStore((state) => state.brandId);
  const set = useBrandsStore((state) => state.set);
  const open = (id: string) => set({ brandId: id, openAdId: null });
  const comparing = useCompareStore((state) => state.open && state.brands.length >= 2);
  const showCompare = useCompareStore((state) => state.show);
  if (comparing) return <CompareView onBack={() => showCompare(false)} />;
  if (brandId) {
    return (
      <BrandDetailView
        brandId={brandId}
        onBack={() => set({ brandId: null, openAdId: null })}
        onSeeInSearch={(brand) => navigate({ to: 'search', brand })}
      />
    );
  }
  return (
    <div className="tab-section">
      <OfflineBanner />
      <CompareTray />
      <CatalogueSearch onOpen={open} />
      <FollowedBrandsList onOpen={open} />
    </div>
  );
}
