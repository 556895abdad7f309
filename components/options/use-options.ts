import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { useRef, useState } from 'react';
import type { StorageWatcher } from '@/components/ui/storage-watch';
import { grantedSites } from '@/lib/granted-sites';
import { settleWithin } from '@/lib/settle-within';
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
  // The radios stay enabled (arrow keys move through them): a choice's answer is shown only if no
  // later choice was made meanwhile, and the later one, stored after it, decides.
  const latest = useRef(0);
  return useMutation({
    mutationFn: (theme: Settings['theme']) => callBackground('settings.setTheme', { theme }),
    onMutate: () => ++latest.current,
    onSuccess: (view, _theme, call) => {
      if (call === latest.current) queryClient.setQueryData(settingsQueryKey, view);
    },
    onError: (_error, _theme, call) => {
      // The last choice failed: what is stored now may be an earlier one's, read it again.
      if (call === latest.current) void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    },
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

/**
 * Erases everything Adscope keeps in this browser, the pages' own caches included; `accessKept`
 * says whether the browser kept site access it was asked to give back (a policy may hold it).
 */
export function useEraseAll(onErased: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const view = await callBackground('data.eraseAll', {});
      // Not known (the browser would not say): the erase said what it did, and nothing more is claimed.
      const kept = await grantedSites().catch(() => []);
      return { view, accessKept: kept.length > 0 };
    },
    onSuccess: ({ view }) => {
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
 * The page button's switch follows its setting changed outside Options (access taken away in the
 * browser's settings, which the worker turns it off for; another Options tab): mounted with the page.
 */
export const watchPageButton: StorageWatcher = (queryClient) => {
  const listener = (changes: Record<string, unknown>, area: string) => {
    // Where the background keeps the setting (lib/background/similar/page-button-registration.ts).
    if (area === 'local' && 'pageButton' in changes) void queryClient.invalidateQueries({ queryKey: pageButtonKey });
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
};
/** As long as turning the button on waits for the background before it says it did not answer. */
const PAGE_BUTTON_WAIT_MS = 15_000;

/**
 * The opt-in page button: its state, and the change, which asks the browser for site access
 * inside the click to turn it on, and gives that access back (never the API's origin) to turn it off.
 */
export function usePageButton() {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const state = useQuery({ queryKey: pageButtonKey, queryFn: () => callBackground('pageButton.get', {}) });
  /** The button was turned off, but the browser kept the access it had been given (it refused to remove it). */
  const [accessKept, setAccessKept] = useState(false);
  const change = useMutation({
    mutationFn: async (enabled: boolean): Promise<PageButtonState> => {
      setAccessKept(false);
      const apiPattern = settings.data?.baseUrl ? originPattern(settings.data.baseUrl) : null;
      if (!enabled) {
        const next = await callBackground('pageButton.set', { enabled: false });
        const release = pageButtonRelease(apiPattern);
        if (release.length > 0) {
          const removed = await browser.permissions.remove({ origins: release }).catch(() => false);
          if (!removed) setAccessKept(true);
        }
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
      try {
        const answer = await settleWithin(
          callBackground('pageButton.set', { enabled: true }),
          PAGE_BUTTON_WAIT_MS,
          null,
        );
        if (answer) return answer;
        throw new ApiError({ code: 'timeout', message: t('options.pageButton.noAnswer'), retryable: true });
      } catch (error) {
        // Not turned on: the access just granted for it is given back, or the page says it was kept.
        const release = pageButtonRelease(apiPattern);
        const removed =
          release.length === 0 || (await browser.permissions.remove({ origins: release }).catch(() => false));
        if (!removed) setAccessKept(true);
        throw error;
      }
    },
    onSuccess: (next) => queryClient.setQueryData(pageButtonKey, next),
  });
  return { state, change, accessKept };
}
