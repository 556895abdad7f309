import { useQuery } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import { sharedKeys } from './query-keys';

/** The workspace's own brands (the brand_id of image generation), shared by the views that list them. */
export function useOwnedBrands() {
  return useQuery({
    queryKey: sharedKeys.ownedBrands(),
    queryFn: ({ signal }) => callBackground('ownedBrands.list', {}, { signal }),
  });
}
