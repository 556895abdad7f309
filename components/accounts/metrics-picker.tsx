import { useId, useState } from 'react';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { LIMITS } from '@/lib/contract/limits';
import { useAccountsStore } from './accounts-store';
import { t } from '@/lib/i18n';
import { kindLabel } from './metric-format';
import { inCatalogue } from './use-account-report';
import 'virtual:adscope-english/accounts';

/** What the picker offers: the metrics not on screen already, those the user added, and the names of those shown. */
export function metricChoices(
  catalogue: readonly MetricEntry[],
  onScreen: readonly string[],
  picked: readonly string[],
): { extras: MetricEntry[]; added: string[]; named: string[] } {
  const shown = new Set([...catalogue.filter((metric) => metric.default).map((metric) => metric.id), ...onScreen]);
  return {
    extras: catalogue.filter((metric) => !shown.has(metric.id)),
    added: picked.filter((metricId) => !shown.has(metricId)),
    named: catalogue.filter((metric) => shown.has(metric.id)).map((metric) => metric.name ?? metric.id),
  };
}

/**
 * Extra metrics from the account's catalogue, searchable, at most 20; custom ones marked. The
 * metrics on screen already (the catalogue's defaults, or, when it flags none, the totals the
 * service shows unasked) are named as shown, never offered nor counted as added.
 */
export function MetricsPicker({
  catalogue,
  onScreen,
}: {
  catalogue: readonly MetricEntry[];
  /** Metric ids the totals show without being asked. */
  onScreen: readonly string[];
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const stored = useAccountsStore((state) => state.metrics);
  const set = useAccountsStore((state) => state.set);
  // A metric deleted upstream since it was added is neither counted nor kept by the next change.
  const metrics = inCatalogue(stored, catalogue);
  const { extras, added, named } = metricChoices(catalogue, onScreen, metrics);
  const shown = extras.filter((metric) =>
    `${metric.name ?? ''} ${metric.id} ${kindLabel(metric.kind) ?? ''}`
      .toLowerCase()
      .includes(filter.trim().toLowerCase()),
  );
  const full = metrics.length >= LIMITS.maxMetrics;
  return (
    <details className="metrics-picker">
      <summary>{t('accounts.metrics.summary', { added: added.length, max: LIMITS.maxMetrics })}</summary>
      {named.length > 0 ? (
        <p className="field-hint">{t('accounts.metrics.shownAlready', { names: named.join(', ') })}</p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-filter`}>{t('accounts.metrics.find')}</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {full ? <p className="field-hint">{t('accounts.metrics.full', { max: LIMITS.maxMetrics })}</p> : null}
      <fieldset className="metric-choices">
        <legend className="visually-hidden">{t('accounts.metrics.toAdd')}</legend>
        {shown.length === 0 ? <p className="muted">{t('accounts.metrics.noMatch', { filter })}</p> : null}
        {shown.map((metric) => {
          const checked = metrics.includes(metric.id);
          const kind = kindLabel(metric.kind);
          return (
            <label key={metric.id} className="metric-choice">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={() =>
                  set({ metrics: checked ? metrics.filter((m) => m !== metric.id) : [...metrics, metric.id] })
                }
              />{' '}
              {metric.name ?? metric.id}
              {kind ? <span className="badge">{kind}</span> : null}
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}
