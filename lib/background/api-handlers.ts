import { browser } from 'wxt/browser';
import type { Api } from './api';
import { findSimilar } from './similar/resolve';
import type { Handlers } from './router';
import { createTranscriber } from './transcripts';

export interface ApiHandlerDeps {
  api: Api;
  /** An extension API call that keeps the worker alive during long work; injectable for tests. */
  keepAlive?: () => Promise<unknown>;
}

/** The handlers that ask the service, and need only the API client: searches, brands, reports. */
export function apiHandlers(deps: ApiHandlerDeps) {
  const { api } = deps;
  const transcribe = createTranscriber(api.accounts, deps.keepAlive ?? (() => browser.runtime.getPlatformInfo()));
  return {
    'ownedBrands.list': (_, { signal }) => api.ownedBrands.list(signal),
    'library.search': (params, { signal }) => api.library.search(params, signal),
    'library.saved': (params, { signal }) => api.library.saved(params, signal),
    'library.ad': ({ adId }, { signal }) => api.library.ad(adId, signal),
    'brands.search': (params, { signal }) => api.brands.search(params, signal),
    'brands.followed': (params, { signal }) => api.brands.followed(params, signal),
    'brands.followedList': (params, { signal }) => api.brands.followedList(params, signal),
    'brands.detail': ({ brandId }, { signal }) => api.brands.detail(brandId, signal),
    'brands.ads': ({ brandId, ...params }, { signal }) => api.brands.ads(brandId, params, signal),
    'boards.tree': (_, { signal }) => api.boards.tree(signal),
    'similar.find': (query, { signal }) => findSimilar(api, query, signal),
    'accounts.list': (_, { signal }) => api.accounts.list(signal),
    'accounts.metrics': ({ accountId }, { signal }) => api.accounts.metrics(accountId, signal),
    'accounts.summary': ({ accountId, window, metrics }, { signal }) =>
      api.accounts.summary(accountId, { window, metrics }, signal),
    'accounts.ads': ({ accountId, window, metrics, sortBy, sortOrder, limit }, { signal }) =>
      api.accounts.ads(accountId, { window, metrics, sortBy, sortOrder, limit }, signal),
    'accounts.ad': ({ accountId, adId, window, metrics }, { signal }) =>
      api.accounts.ad(accountId, adId, { window, metrics }, signal),
    'accounts.transcript': ({ accountId, videoId }, { signal }) => api.accounts.transcript(accountId, videoId, signal),
    'accounts.transcribe': ({ accountId, videoId }) => transcribe(accountId, videoId),
  } satisfies Partial<Handlers>;
}
