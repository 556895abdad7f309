import { ErrorNotice } from '@/components/ui/error-notice';
import { SkeletonList } from '@/components/ui/skeleton';
import { safeHttpUrl } from '@/lib/url';
import { useOwnedBrands } from '../ui/use-owned-brands';

/** The workspace at a glance: the owned brands that image generation can use. */
export default function WorkspaceTab() {
  const brands = useOwnedBrands();
  return (
    <section aria-labelledby="owned-brands-heading">
      <h2 id="owned-brands-heading">Your brands</h2>
      {brands.isPending ? <SkeletonList label="Loading your brands" /> : null}
      {brands.isError ? (
        <ErrorNotice title="Could not load your brands" error={brands.error} onRetry={() => void brands.refetch()} />
      ) : null}
      {brands.data && brands.data.items.length === 0 ? (
        <div className="empty-state">
          <h3>No owned brands yet</h3>
          <p>Create a brand profile in your workspace to generate images from it.</p>
        </div>
      ) : null}
      {brands.data && brands.data.items.length > 0 ? (
        <ul className="list-plain brand-list">
          {brands.data.items.map((brand) => {
            const logo = safeHttpUrl(brand.logo_url);
            return (
              <li key={brand.id} className="card brand-row">
                {logo ? <img src={logo} alt="" width={32} height={32} /> : null}
                <span className="brand-name">{brand.name ?? 'Unnamed brand'}</span>
                {brand.locked ? (
                  <span className="badge" title="Over the plan limit: readable, but images cannot be generated from it">
                    Locked
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
