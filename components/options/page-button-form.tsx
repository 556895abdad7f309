import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { rich } from '@/components/ui/rich';
import { FindSimilarHow } from '@/components/ui/shortcuts';
import { t } from '@/lib/i18n';
import { usePageButton } from './use-options';
import 'virtual:adscope-english/options';

/** The opt-in find-similar button on every page, with the site access it needs asked for in the click. */
export function PageButtonForm() {
  const id = useId();
  const { state, change, accessKept } = usePageButton();
  // What the user just chose, shown at once while the browser and the background catch up.
  const [choice, setChoice] = useState<boolean | null>(null);
  const enabled = choice ?? state.data?.enabled ?? false;
  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`}>{t('options.pageButton.title')}</h2>
      <p className="muted">{rich('options.pageButton.intro', { how: <FindSimilarHow /> })}</p>
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
        {t('options.pageButton.label')}
      </label>
      <p id={`${id}-help`} className="muted">
        {t('options.pageButton.help')}
      </p>
      {state.isError ? (
        <ErrorNotice
          title={t('options.pageButton.readFailed')}
          error={state.error}
          onRetry={() => void state.refetch()}
        />
      ) : null}
      {change.isError ? <ErrorNotice title={t('options.pageButton.changeFailed')} error={change.error} /> : null}
      {accessKept ? (
        <p className="notice notice-warning" role="status">
          {t('options.pageButton.accessKept')}
        </p>
      ) : null}
    </section>
  );
}
