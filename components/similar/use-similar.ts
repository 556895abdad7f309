import { useQuery } from '@tanstack/react-query';
import type { SimilarRequest } from '@/lib/messaging/similar';
import { callBackground } from '@/lib/messaging/client';
import { keepForSame } from '../ui/keep-same';
import { similarKeys } from './query-keys';
import { queryOf } from './read-page';

/** What a request is about: a page (its address) or an ad. Editing the keywords keeps it. */
function subjectOf(request: SimilarRequest | null | undefined): string | null {
  if (!request) return null;
  return request.kind === 'ad' ? `ad:${request.adId}` : `page:${request.signals.url}`;
}

/**
 * The brand's ads and the similar ads of a request. The last answer stays while the next loads
 * only for the same page or ad (an edit of its keywords): another page's never stands for this one's.
 */
export function useSimilar(request: SimilarRequest | null) {
  return useQuery({
    queryKey: similarKeys.find(request),
    queryFn: async ({ signal }) => callBackground('similar.find', await queryOf(request as SimilarRequest), { signal }),
    enabled: request !== null,
    placeholderData: keepForSame((key) => subjectOf(key[1] as SimilarRequest | undefined), subjectOf(request)),
  });
}
