import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { FindSimilarHow } from '@/components/ui/shortcuts';
import { usePageButton } from './use-options';

/** The opt-in find-similar button on every page, with the site access it needs asked for in the click. */
export function PageButtonForm() {
  const id = useId();
  const { state, change } = usePageButton();
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
