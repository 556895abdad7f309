import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SimilarRequest } from '@/lib/messaging/similar';
import { callBackground } from '@/lib/messaging/client';
import { similarKeys } from './query-keys';
import { queryOf } from './read-page';

/** The brand's ads and the similar ads of a request; the last answer stays while a new one loads. */
export function useSimilar(request: SimilarRequest | null) {
  return useQuery({
    queryKey: similarKeys.find(request),
    queryFn: async ({ signal }) => callBackground('similar.find', await queryOf(request as SimilarRequest), { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
