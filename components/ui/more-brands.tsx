import { t } from '@/lib/i18n';
import { ErrorNotice } from './error-notice';
import 'virtual:adscope-english/common';

/** What a list of brands read in pages says of its next page (TanStack Query's infinite query). */
interface BrandPages {
  isFetchNextPageError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list of brands read in pages (the catalogue, the followed brands to watch): why
 * the next page could not be read, and Show more, which asks for it (again after a failure).
 */
export function MoreBrands({ pages }: { pages: BrandPages }) {
  return (
    <>
      {pages.isFetchNextPageError ? <ErrorNotice title={t('common.moreBrands.failed')} error={pages.error} /> : null}
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? t('common.loadingMore') : t('common.moreBrands.show')}
        </button>
      ) : null}
    </>
  );
}
