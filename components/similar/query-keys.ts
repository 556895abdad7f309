import type { SimilarRequest } from '@/lib/messaging/similar';

/** The Similar view's query keys. */
export const similarKeys = {
  find: (request: SimilarRequest | null) => ['similar.find', request] as const,
};
