// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ActiveFilters } from '../../../components/search/active-filters';
import { FilterPanel } from '../../../components/search/filter-panel';
import {
  applicableFilters,
  countActiveFilters,
  type HiddenFilters,
  hiddenFilters,
} from '../../../components/search/filters';
import { EMPTY_FILTERS, toSearchParams, useSearchStore } from '../../../components/search/search-store';
import { useHiddenFilters } from '../../../components/search/use-hidden-filters';
import { librarySearchSchema, type OptionalSearchParam } from '../../../lib/contract/ad-library';
import { serviceFactsItem } from '../../../lib/storage/service-facts';
import { settingsQueryKey } from '../../../components/ui/use-settings';
import { reactRoot } from '../../support/react-root';

/**
 * The platform and "active ads only" filters the real service takes: the query they build, the
 * chips that remove them, how they persist, and their hiding for a service that refused them.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SERVICE = 'https://api.atria.example';
const NONE: ReadonlySet<OptionalSearchParam> = new Set();

const mounted = reactRoot();
beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  useSearchStore.getState().reset();
});
afterEach(() => {
  useSearchStore.getState().reset();
  localStorage.clear();
});

/**
 * Mounts a probe of useHiddenFilters with the settings as the page has them (the background is
 * not asked here); returns what it said at each render.
 */
async function probeHiddenFilters(): Promise<(HiddenFilters & { known: boolean })[]> {
  const seen: (HiddenFilters & { known: boolean })[] = [];
  function Probe() {
    seen.push(useHiddenFilters());
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(settingsQueryKey, {
    baseUrl: SERVICE,
    origin: SERVICE,
    theme: 'system',
    language: 'auto',
    hasApiKey: true,
    apiKeyLast4: '0001',
  });
  await act(async () =>
    mounted.root.render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return seen;
}

describe('the query the filters build', () => {
  it('sends platform and status=active, which the search schema takes', () => {
    const params = toSearchParams({ ...EMPTY_FILTERS, platform: 'tiktok', activeOnly: true, query: 'tent' });
    expect(params).toEqual({ query: 'tent', platform: 'tiktok', status: 'active', sort_by: 'best_match' });
    expect(librarySearchSchema.parse(params)).toEqual(params);
    expect(toSearchParams(EMPTY_FILTERS)).toEqual({ sort_by: 'best_match' });
  });

  it('refuses a platform or status the real service does not take, before sending', () => {
    expect(librarySearchSchema.safeParse({ platform: 'myspace' }).success).toBe(false);
    expect(librarySearchSchema.safeParse({ status: 'inactive' }).success).toBe(false);
  });

  it('does not send a filter the service refused, nor count it', () => {
    const filters = { ...EMPTY_FILTERS, platform: 'youtube' as const, activeOnly: true };
    const hidden = new Set<OptionalSearchParam>(['platform']);
    expect(toSearchParams(applicableFilters(filters, hidden), hidden)).toEqual({
      status: 'active',
      sort_by: 'best_match',
    });
    expect(countActiveFilters(filters)).toBe(2);
    expect(countActiveFilters(applicableFilters(filters, hidden))).toBe(1);
    expect(toSearchParams(filters, new Set(['platform', 'status']))).toEqual({ sort_by: 'best_match' });
  });

  it('persists like the other filters, and reads a search saved before they existed', async () => {
    useSearchStore.getState().set({ platform: 'linkedin', activeOnly: true, format: 'video' });
    const saved = JSON.parse(localStorage.getItem('adscope.search') ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toMatchObject({ platform: 'linkedin', activeOnly: true });

    const { platform: _p, activeOnly: _a, ...older } = saved.state;
    localStorage.setItem('adscope.search', JSON.stringify({ ...saved, state: { ...older, format: 'image' } }));
    await useSearchStore.persist.rehydrate();
    expect(useSearchStore.getState()).toMatchObject({ format: 'image', platform: '', activeOnly: false });

    localStorage.setItem(
      'adscope.search',
      JSON.stringify({ ...saved, state: { ...saved.state, platform: 'myspace' } }),
    );
    await useSearchStore.persist.rehydrate();
    expect(useSearchStore.getState()).toMatchObject({ platform: '', activeOnly: true });
  });
});

describe('hiding the filters a service refused', () => {
  it.each([
    [undefined, [], null],
    [{}, [], null],
    [{ refusedParams: ['language'] }, [], null],
    [
      { refusedParams: ['platform'], refusedParamsMessage: 'unknown parameter: platform' },
      ['platform'],
      'This service does not take the platform filter: unknown parameter: platform',
    ],
    [
      { refusedParams: ['status', 'platform'], refusedParamsMessage: 'unknown parameters: platform, status' },
      ['platform', 'status'],
      'This service does not take the platform and active-ads-only filters: unknown parameters: platform, status',
    ],
    [{ refusedParams: ['status'] }, ['status'], 'This service does not take the active-ads-only filter.'],
  ])('facts %j hide %j', (facts, hidden, reason) => {
    const result = hiddenFilters(facts);
    expect([...result.hidden].sort()).toEqual(hidden);
    expect(result.reason).toBe(reason);
  });

  function panel(hidden: ReadonlySet<OptionalSearchParam>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() =>
      mounted.root.render(
        <QueryClientProvider client={client}>
          <FilterPanel hidden={hidden} />
          <ActiveFilters hidden={hidden} />
        </QueryClientProvider>,
      ),
    );
  }

  it('offers a labelled platform select and an "Active ads only" checkbox, each with a removable chip', () => {
    panel(NONE);
    const select = mounted.host.querySelector<HTMLSelectElement>('select[id$="-platform"]');
    expect(mounted.host.querySelector(`label[for="${select?.id ?? ''}"]`)?.textContent).toBe('Platform');
    expect([...(select?.options ?? [])].map((option) => option.textContent)).toEqual([
      'Any platform',
      'Facebook',
      'Instagram',
      'TikTok',
      'YouTube',
      'LinkedIn',
    ]);
    const checkbox = [
      ...mounted.host.querySelectorAll<HTMLInputElement>('.filter-bar > label > input[type="checkbox"]'),
    ];
    expect(checkbox.map((box) => box.closest('label')?.textContent?.trim())).toEqual(['Active ads only']);

    act(() => checkbox[0]?.click());
    act(() => useSearchStore.getState().set({ platform: 'instagram' }));
    expect(useSearchStore.getState()).toMatchObject({ platform: 'instagram', activeOnly: true });
    const chips = () =>
      [...mounted.host.querySelectorAll('.chips .chip-remove')].map((b) => b.getAttribute('aria-label'));
    expect(chips()).toEqual(['Remove filter Platform: Instagram', 'Remove filter Active ads only']);
    expect(mounted.host.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Filters, 2 active');

    act(() => mounted.host.querySelector<HTMLButtonElement>('[aria-label="Remove filter Active ads only"]')?.click());
    act(() =>
      mounted.host.querySelector<HTMLButtonElement>('[aria-label="Remove filter Platform: Instagram"]')?.click(),
    );
    expect(useSearchStore.getState()).toMatchObject({ platform: '', activeOnly: false });
    expect(chips()).toEqual([]);
  });

  it('shows neither filter nor its chip for a service that refused them', () => {
    useSearchStore.getState().set({ platform: 'facebook', activeOnly: true });
    panel(new Set(['platform', 'status']));
    expect(mounted.host.querySelector('select[id$="-platform"]')).toBeNull();
    expect(mounted.host.textContent).not.toContain('Platform');
    expect(mounted.host.querySelector('.filter-bar > label > input[type="checkbox"]')).toBeNull();
    expect(mounted.host.textContent).not.toContain('Active ads only');
    expect(mounted.host.querySelector('.chips')).toBeNull();
    expect(mounted.host.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Filters');
  });

  it('says the refusals are known when storage cannot be read, so the search is not held forever', async () => {
    // The extension's storage refuses every read (the extension reloaded under an open panel).
    vi.spyOn(serviceFactsItem, 'get').mockRejectedValue(new Error('Extension context invalidated.'));
    const seen = await probeHiddenFilters();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(seen.at(-1)).toMatchObject({ known: true, reason: null });
    expect(seen.at(-1)?.hidden.size).toBe(0);
  });

  it("reads the connected service's refusals from storage, by its base URL, live", async () => {
    await serviceFactsItem.set({
      'https://other.example': { refusedParams: ['status'], refusedParamsMessage: 'no' },
    });
    const seen = await probeHiddenFilters();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(seen.at(-1)?.hidden.size).toBe(0);

    await act(async () => {
      await serviceFactsItem.set({
        [SERVICE]: { refusedParams: ['platform'], refusedParamsMessage: 'unknown parameter: platform' },
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect([...(seen.at(-1)?.hidden ?? [])]).toEqual(['platform']);
    expect(seen.at(-1)?.reason).toBe('This service does not take the platform filter: unknown parameter: platform');
  });
});
