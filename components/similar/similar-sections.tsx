import { type ReactNode, useId } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { BrandFound, LandingAds } from '@/lib/messaging/similar';
import { systemClock } from '@/lib/clock';
import { AdCardList } from '../ads/ad-card-list';
import { navigate } from '../navigation/navigation-store';
import { formatDay } from '../ui/format';
import { formatWords } from '../ui/ad-facts';
import { rich } from '../ui/rich';
import { t } from '@/lib/i18n';
import { FORMAT_NOT_GIVEN, landingSummary } from './landing-summary';
import 'virtual:adscope-english/common';
import 'virtual:adscope-english/similar';

/** Cards shown of the ads that lead elsewhere on the site. */
const ELSEWHERE_SHOWN = 12;

/** A name as the possessive's select takes it: English writes "Zephyr Outfitters'" without a doubled s. */
const possessed = (name: string) => ({ name: name.trim(), ending: /s$/i.test(name.trim()) ? 's' : 'other' });

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
  const title = t('similar.brand.title', possessed(brand.name));
  return (
    <Section
      title={title}
      ads={brand.ads}
      empty={t('similar.brand.empty')}
      onOpen={onOpen}
      action={
        <button
          type="button"
          className="btn"
          onClick={() => navigate({ to: 'search', brand: { id: brand.id, name: brand.name } })}
        >
          {rich('similar.brand.seeAll', {
            what: <span className="visually-hidden">{t('similar.brand.seeAllWhat', { title })}</span>,
          })}
        </button>
      }
    >
      {role === 'ad' ? null : (
        <p className="muted similar-role">{role === 'site' ? t('similar.brand.site') : t('similar.brand.maker')}</p>
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
  const read = { count: landing.scanned, site: site.name };
  return (
    <>
      <Section
        title={t('similar.landing.title')}
        ads={landing.here}
        empty={landing.complete ? t('similar.landing.noneAll', read) : t('similar.landing.noneNewest', read)}
        onOpen={onOpen}
      >
        {summary.count > 0 ? (
          <ul className="landing-facts" aria-label={t('similar.landing.facts')}>
            <li>{t('common.count.ads', { count: summary.count })}</li>
            <li>
              {summary.formats
                .map(([format, count]) =>
                  t('similar.landing.formatCount', {
                    format:
                      format === FORMAT_NOT_GIVEN
                        ? t('similar.landing.formatNotGiven')
                        : (formatWords(format) ?? format),
                    count,
                  }),
                )
                .join(t('similar.landing.formatSeparator'))}
            </li>
            <li>
              {summary.earliest && formatDay(summary.earliest)
                ? t('similar.landing.firstLaunched', { day: formatDay(summary.earliest) ?? '' })
                : t('similar.landing.firstLaunchedNotGiven')}
            </li>
            <li>
              {summary.longestDays === null
                ? t('similar.landing.longestRunNotGiven')
                : t('similar.landing.longestRun', { count: summary.longestDays })}
            </li>
          </ul>
        ) : null}
        <p className="muted">
          {landing.complete ? t('similar.landing.readAll', read) : t('similar.landing.readNewest', read)}
        </p>
      </Section>
      {landing.elsewhere.length > 0 ? (
        <Section
          title={t('similar.landing.elsewhereTitle', possessed(site.name))}
          ads={landing.elsewhere.slice(0, ELSEWHERE_SHOWN)}
          empty=""
          onOpen={onOpen}
        >
          <p className="muted">
            {landing.elsewhere.length > ELSEWHERE_SHOWN
              ? t('similar.landing.elsewhereShown', { count: landing.elsewhere.length, shown: ELSEWHERE_SHOWN })
              : t('similar.landing.elsewhere', { count: landing.elsewhere.length })}
          </p>
        </Section>
      ) : null}
    </>
  );
}
