import { useMemo, useState } from 'react';
import { systemClock } from '@/lib/clock';
import { topConcepts } from '@/lib/concepts';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { conceptText } from '../report/figure-rows';
import { countOf } from '../ui/format';

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
        <span className="fold-title">Ideas in several versions</span>
        <span className="muted">{concepts.length === 0 ? 'none' : concepts.length}</span>
      </summary>
      {concepts.length === 0 ? (
        <p className="muted">
          No idea runs in more than one version among these ads. Load more below to look further back.
        </p>
      ) : (
        <>
          <ul className="list-plain" aria-label="Ideas in several versions">
            {concepts.map((concept) => (
              <li key={concept.versions[0]?.id}>{conceptText(concept)}</li>
            ))}
          </ul>
          <p className="muted">
            Among the {countOf(ads.length, 'newest ad')} read: versions share a landing page and near-identical copy, or
            a creative. Load more ads below to look further back.
          </p>
        </>
      )}
    </details>
  );
}
