import { useMemo } from 'react';
import { serviceFactsItem, serviceKey } from '@/lib/storage/service-facts';
import { useSettings } from '../ui/use-settings';
import { useStoredItem, useStoredItemUnreadable } from '../ui/use-stored-item';
import { type HiddenFilters, hiddenFilters } from './filters';

const NONE_HIDDEN: HiddenFilters = { hidden: new Set(), reason: null };

/**
 * The search filters the connected service refused, read live from what the background learned
 * of it (service facts, by its base URL), and whether they are known yet: a search sent before
 * the facts are read would carry a filter the service refused (and be sent again without it).
 * Nothing is hidden until the settings and the facts are read, nor for a service that took
 * every parameter; with no address known there is nothing to wait for.
 */
export function useHiddenFilters(): HiddenFilters & { known: boolean } {
  const baseUrl = useSettings().data?.baseUrl;
  const facts = useStoredItem(serviceFactsItem);
  // Storage that cannot be read holds no search back: it is sent with every filter, and the
  // service says what it refuses.
  const unreadable = useStoredItemUnreadable(serviceFactsItem);
  return useMemo(
    () => ({
      ...(baseUrl && facts ? hiddenFilters(facts[serviceKey(baseUrl)]) : NONE_HIDDEN),
      known: !baseUrl || facts !== undefined || unreadable,
    }),
    [baseUrl, facts, unreadable],
  );
}
