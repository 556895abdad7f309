import { useMemo, useState } from 'react';
import { systemClock } from '@/lib/clock';
import { topConcepts } from '@/lib/concepts';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { conceptText } from '../report/figure-rows';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/brands';

/**
 * The ideas a brand is scaling: the concepts among its ads read so far with the most live
 * versions, each with its newest version's date and how long it has run.
 */
export function ScalingIdeas({ ads }: { ads: readonly LibraryAd[] }) {
  const [now] = useState(systemClock);
  const concepts = useMemo(() => topConcepts(ads, now), [ads, now]);
  if (ads.length === 0) return null;
  // Folded to one line: the brand's ads keep the view's height.
  return (
    <details className="fold scaling-ideas">
      <summary>
        <span className="fold-title">{t('brands.ideas.title')}</span>
        <span className="muted">{concepts.length === 0 ? t('brands.ideas.none') : concepts.length}</span>
      </summary>
      {concepts.length === 0 ? (
        <p className="muted">{t('brands.ideas.empty')}</p>
      ) : (
        <>
          <ul className="list-plain" aria-label={t('brands.ideas.title')}>
            {concepts.map((concept) => (
              <li key={concept.versions[0]?.id}>{conceptText(concept)}</li>
            ))}
          </ul>
          <p className="muted">{t('brands.ideas.note', { count: ads.length })}</p>
        </>
      )}
    </details>
  );
}
