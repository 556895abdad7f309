import { useId, useState } from 'react';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { LIMITS } from '@/lib/contract/limits';
import { useAccountsStore } from './accounts-store';
import { KIND_LABELS } from './metric-format';

/** Extra metrics from the account's catalogue, searchable, at most 20; custom ones marked. */
export function MetricsPicker({ catalogue }: { catalogue: readonly MetricEntry[] }) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const { metrics, set } = useAccountsStore();
  const extras = catalogue.filter((metric) => !metric.default);
  const shown = extras.filter((metric) =>
    `${metric.name ?? ''} ${metric.id} ${KIND_LABELS[metric.kind ?? ''] ?? ''}`
      .toLowerCase()
      .includes(filter.trim().toLowerCase()),
  );
  const full = metrics.length >= LIMITS.maxMetrics;
  return (
    <details className="metrics-picker">
      <summary>
        Metrics ({metrics.length} of {LIMITS.maxMetrics} added)
      </summary>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Find a metric</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {full ? <p className="field-hint">{LIMITS.maxMetrics} metrics is the most one report can add.</p> : null}
      <fieldset className="metric-choices">
        <legend className="visually-hidden">Metrics to add</legend>
        {shown.length === 0 ? <p className="muted">No metric matches “{filter}”.</p> : null}
        {shown.map((metric) => {
          const checked = metrics.includes(metric.id);
          const kind = KIND_LABELS[metric.kind ?? ''];
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
