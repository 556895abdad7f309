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
  return (
    <section className="scaling-ideas" aria-labelledby="scaling-ideas-heading">
      <h3 id="scaling-ideas-heading">Ideas in several versions</h3>
      {concepts.length === 0 ? (
        <p className="muted">
          No idea runs in more than one version among the {countOf(ads.length, 'newest ad')} read.
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
    </section>
  );
}
