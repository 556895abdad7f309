import type { BrandRow } from '@/lib/contract/brand-library';
import { safeHttpUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import { WatchButton } from '../ads/watch-toggle';
import { CompareButton } from '../ads/compare-toggle';
import 'virtual:adscope-english/brands';

/** One brand in a list; the name opens the brand's detail. */
export function BrandRowItem({ brand, onOpen }: { brand: BrandRow; onOpen: (id: string) => void }) {
  const logo = safeHttpUrl(brand.logo_url);
  return (
    <li className="card brand-row">
      {logo ? (
        <img src={logo} alt="" width={32} height={32} loading="lazy" />
      ) : (
        <span className="brand-logo-placeholder" aria-hidden="true" />
      )}
      <span className="brand-row-text">
        <button type="button" className="btn-link btn brand-name" onClick={() => onOpen(brand.id)}>
          {brand.name ?? t('brands.unnamed')}
        </button>
        <span className="muted">
          {[
            brand.domain,
            brand.category,
            brand.ad_count !== null ? t('brands.count.ads', { count: brand.ad_count }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      {brand.locked ? (
        <span className="badge badge-locked" title={t('brands.lockedTitle')}>
          {t('brands.locked')}
        </span>
      ) : null}
      <span className="brand-row-actions">
        <WatchButton brand={{ id: brand.id, name: brand.name ?? t('brands.thisBrand') }} />
        <CompareButton brand={{ id: brand.id, name: brand.name ?? null }} />
      </span>
    </li>
  );
}
