import { type ReactNode, useId } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { BrandFound, LandingAds } from '@/lib/messaging/similar';
import { systemClock } from '@/lib/clock';
import { AdCardList } from '../ads/ad-card-list';
import { navigate } from '../navigation/navigation-store';
import { countOf, formatDay, formatLabel, possessive } from '../ui/format';
import { landingSummary } from './landing-summary';

/** Cards shown of the ads that lead elsewhere on the site. */
const ELSEWHERE_SHOWN = 12;

export function Section(props: {
  title: string;
  ads: readonly LibraryAd[];
  empty: string;
  onOpen: (ad: LibraryAd) => void;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="card-section">
      <div className="view-header">
        <h3 id={`${id}-heading`}>{props.title}</h3>
        {props.action}
      </div>
      {props.children}
      {props.ads.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <AdCardList label={props.title} ads={[...props.ads]} onOpen={props.onOpen} />
      )}
    </section>
  );
}

/** A brand the page named (the site, or the maker of its product), with its newest ads. */
export function BrandSection({
  brand,
  role,
  onOpen,
}: {
  brand: BrandFound;
  role: 'site' | 'maker' | 'ad';
  onOpen: (ad: LibraryAd) => void;
}) {
  const title = `${possessive(brand.name)} ads`;
  return (
    <Section
      title={title}
      ads={brand.ads}
      empty="No ads of this brand in the tracked coverage. An empty result does not prove the brand launched nothing."
      onOpen={onOpen}
      action={
        <button
          type="button"
          className="btn"
          onClick={() => navigate({ to: 'search', brand: { id: brand.id, name: brand.name } })}
        >
          See all in Search<span className="visually-hidden">: {title}</span>
        </button>
      }
    >
      {role === 'ad' ? null : (
        <p className="muted similar-role">
          {role === 'site' ? 'The site this page is on.' : 'The maker of the product.'}
        </p>
      )}
    </Section>
  );
}

/** The site's ads whose landing page is this page, what they have in common, then those that lead elsewhere on the site. */
export function LandingSection({
  landing,
  site,
  onOpen,
}: {
  landing: LandingAds;
  site: BrandFound;
  onOpen: (ad: LibraryAd) => void;
}) {
  const summary = landingSummary(landing.here, systemClock());
  const read = landing.complete
    ? `all ${countOf(landing.scanned, 'ad')} of ${site.name}`
    : `the newest ${countOf(landing.scanned, 'ad')} of ${site.name}`;
  return (
    <>
      <Section
        title="Ads that lead to this page"
        ads={landing.here}
        empty={`None of ${read} lead to this page.`}
        onOpen={onOpen}
      >
        {summary.count > 0 ? (
          <ul className="landing-facts" aria-label="What these ads have in common">
            <li>{countOf(summary.count, 'ad')}</li>
            <li>{summary.formats.map(([format, count]) => `${formatLabel(format) ?? format} ${count}`).join(', ')}</li>
            <li>first launched {formatDay(summary.earliest) ?? 'not given'}</li>
            <li>longest run {summary.longestDays === null ? 'not given' : countOf(summary.longestDays, 'day')}</li>
          </ul>
        ) : null}
        <p className="muted">
          Read from {read}: the service has no search by landing page, and its coverage of a brand is not complete.
          Tracking parameters (utm_…, fbclid, gclid) are ignored.
        </p>
      </Section>
      {landing.elsewhere.length > 0 ? (
        <Section
          title={`Elsewhere on ${possessive(site.name)} site`}
          ads={landing.elsewhere.slice(0, ELSEWHERE_SHOWN)}
          empty=""
          onOpen={onOpen}
        >
          <p className="muted">
            {countOf(landing.elsewhere.length, 'ad')} lead to other pages of the site
            {landing.elsewhere.length > ELSEWHERE_SHOWN ? `; the newest ${ELSEWHERE_SHOWN} are shown` : ''}.
          </p>
        </Section>
      ) : null}
    </>
  );
}
