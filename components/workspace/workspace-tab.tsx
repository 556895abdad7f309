import { safeHttpUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import { useOwnedBrands } from '../ui/use-owned-brands';
import { QueryView } from '../ui/query-view';
import 'virtual:adscope-english/workspace';

/** The workspace at a glance: the owned brands that image generation can use. */
export default function WorkspaceTab() {
  const brands = useOwnedBrands();
  return (
    <section aria-labelledby="owned-brands-heading">
      <h2 id="owned-brands-heading">{t('workspace.brands.title')}</h2>
      <QueryView
        query={brands}
        loadingLabel={t('workspace.brands.loading')}
        errorTitle={t('workspace.brands.failed')}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>{t('workspace.brands.emptyTitle')}</h3>
            <p>{t('workspace.brands.emptyText')}</p>
          </div>
        }
      >
        {(data) => (
          <ul className="list-plain brand-list">
            {data.items.map((brand) => {
              const logo = safeHttpUrl(brand.logo_url);
              return (
                <li key={brand.id} className="card brand-row">
                  {logo ? <img src={logo} alt="" width={32} height={32} /> : null}
                  <span className="brand-name">{brand.name ?? t('workspace.brands.unnamed')}</span>
                  {brand.locked ? (
                    <span className="badge" title={t('workspace.brands.lockedTitle')}>
                      {t('workspace.brands.locked')}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
