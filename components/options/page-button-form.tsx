import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/ui/error-notice';
import { FindSimilarHow } from '@/components/ui/shortcuts';
import { useSettings } from '@/components/ui/use-settings';
import { ApiError } from '@/lib/messaging/api-error';
import { originPattern } from '@/lib/messaging/connection';
import { callBackground } from '@/lib/messaging/client';
import { type PageButtonState, pageButtonRelease, pageButtonRequest } from '@/lib/messaging/page-button-access';
import { optionsKeys } from './query-keys';

const pageButtonKey = optionsKeys.pageButton();

/** The opt-in find-similar button on every page, with the site access it needs asked for in the click. */
export function PageButtonForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const state = useQuery({ queryKey: pageButtonKey, queryFn: () => callBackground('pageButton.get', {}) });
  const change = useMutation({
    mutationFn: async (enabled: boolean): Promise<PageButtonState> => {
      const apiPattern = settings.data?.baseUrl ? originPattern(settings.data.baseUrl) : null;
      if (!enabled) {
        const next = await callBackground('pageButton.set', { enabled: false });
        // Giving back the site access must not take the API's own origin with it.
        const release = pageButtonRelease(apiPattern);
        if (release.length > 0) await browser.permissions.remove({ origins: release }).catch(() => false);
        return next;
      }
      // Asked first, inside the click: the browser shows its prompt only for the user's gesture.
      const granted = await browser.permissions.request({ origins: pageButtonRequest(apiPattern) });
      if (!granted) {
        throw new ApiError({
          code: 'permission_denied',
          field: 'pageButton',
          message: 'Site access was not allowed, so the button stays off. Turn it on again and choose Allow.',
          retryable: false,
        });
      }
      return callBackground('pageButton.set', { enabled: true });
    },
    onSuccess: (next) => queryClient.setQueryData(pageButtonKey, next),
  });
  // What the user just chose, shown at once while the browser and the background catch up.
  const [choice, setChoice] = useState<boolean | null>(null);
  const enabled = choice ?? state.data?.enabled ?? false;
  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`}>On web pages</h2>
      <p className="muted">
        Adscope reads a page only when you ask: <FindSimilarHow />. It needs no access to your sites for that.
      </p>
      <label className="checkbox-row">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={state.isPending || change.isPending}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            const next = event.target.checked;
            setChoice(next);
            change.mutate(next, { onSettled: () => setChoice(null) });
          }}
        />{' '}
        Show the find-similar button on every page
      </label>
      <p id={`${id}-help`} className="muted">
        When you select text on a website, a small “Find similar ads” button appears beside it. Your browser asks you to
        allow access to all websites; Adscope reads a page only when you press the button. Turned off, Adscope adds
        nothing to any page and gives the access back.
      </p>
      {state.isError ? (
        <ErrorNotice title="Could not read this setting" error={state.error} onRetry={() => void state.refetch()} />
      ) : null}
      {change.isError ? <ErrorNotice title="Could not change the page button" error={change.error} /> : null}
    </section>
  );
}
