import type { BrandRow } from '@/lib/contract/brand-library';
import { safeHttpUrl } from '@/lib/url';
import { countOf } from '../ui/format';
import { WatchButton } from '../ads/watch-toggle';
import { CompareButton } from '../ads/compare-toggle';

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
          {brand.name ?? 'Unnamed brand'}
        </button>
        <span className="muted">
          {[brand.domain, brand.category, brand.ad_count !== null ? countOf(brand.ad_count, 'ad') : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      {brand.locked ? (
        <span className="badge badge-locked" title="Over your plan's tracked-brand limit">
          Locked
        </span>
      ) : null}
      <span className="brand-row-actions">
        <WatchButton brand={{ id: brand.id, name: brand.name ?? 'this brand' }} />
        <CompareButton brand={{ id: brand.id, name: brand.name ?? 'this brand' }} />
      </span>
    </li>
  );
}
