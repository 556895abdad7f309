import { safeHttpUrl } from '@/lib/url';
import { useOwnedBrands } from '../ui/use-owned-brands';
import { QueryView } from '../ui/query-view';

/** The workspace at a glance: the owned brands that image generation can use. */
export default function WorkspaceTab() {
  const brands = useOwnedBrands();
  return (
    <section aria-labelledby="owned-brands-heading">
      <h2 id="owned-brands-heading">Your brands</h2>
      <QueryView
        query={brands}
        loadingLabel="Loading your brands"
        errorTitle="Could not load your brands"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>No owned brands yet</h3>
            <p>Create a brand profile in your workspace to generate images from it.</p>
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
                  <span className="brand-name">{brand.name ?? 'Unnamed brand'}</span>
                  {brand.locked ? (
                    <span
                      className="badge"
                      title="Over the plan limit: readable, but images cannot be generated from it"
                    >
                      Locked
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
