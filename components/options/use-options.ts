import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { erasePageStorage } from '@/components/ui/page-caches';
import { settingsQueryKey, useSettings } from '@/components/ui/use-settings';
import { ApiError } from '@/lib/messaging/api-error';
import { originPattern } from '@/lib/messaging/connection';
import { callBackground } from '@/lib/messaging/client';
import { type PageButtonState, pageButtonRelease, pageButtonRequest } from '@/lib/messaging/page-button-access';
import type { Settings } from '@/lib/storage/settings';
import { t } from '@/lib/i18n';
import { optionsKeys } from './query-keys';
import 'virtual:adscope-english/options';

/** The theme, changed in the background and shown at once from its answer. */
export function useThemeChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: Settings['theme']) => callBackground('settings.setTheme', { theme }),
    onSuccess: (view) => queryClient.setQueryData(settingsQueryKey, view),
  });
}

/** The language Adscope is shown in, stored with the settings; every open page follows it. */
export function useLanguageChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Settings['language']) => callBackground('settings.setLanguage', { language }),
    onSuccess: (view) => queryClient.setQueryData(settingsQueryKey, view),
  });
}

/** Erases everything Adscope keeps in this browser, the pages' own caches included. */
export function useEraseAll(onErased: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBackground('data.eraseAll', {}),
    onSuccess: (view) => {
      // The extension pages' own storage: the panel's picture, its cached results, the search as left.
      erasePageStorage();
      queryClient.clear();
      queryClient.setQueryData(settingsQueryKey, view);
      onErased();
    },
  });
}

const pageButtonKey = optionsKeys.pageButton();

/**
 * The opt-in page button: its state, and the change, which asks the browser for site access
 * inside the click to turn it on, and gives that access back (never the API's origin) to turn it off.
 */
export function usePageButton() {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const state = useQuery({ queryKey: pageButtonKey, queryFn: () => callBackground('pageButton.get', {}) });
  const change = useMutation({
    mutationFn: async (enabled: boolean): Promise<PageButtonState> => {
      const apiPattern = settings.data?.baseUrl ? originPattern(settings.data.baseUrl) : null;
      if (!enabled) {
        const next = await callBackground('pageButton.set', { enabled: false });
        const release = pageButtonRelease(apiPattern);
        if (release.length > 0) await browser.permissions.remove({ origins: release }).catch(() => false);
        return next;
      }
      const granted = await browser.permissions.request({ origins: pageButtonRequest(apiPattern) });
      if (!granted) {
        throw new ApiError({
          code: 'permission_denied',
          field: 'pageButton',
          message: t('options.pageButton.denied'),
          retryable: false,
        });
      }
      return callBackground('pageButton.set', { enabled: true });
    },
    onSuccess: (next) => queryClient.setQueryData(pageButtonKey, next),
  });
  return { state, change };
}
