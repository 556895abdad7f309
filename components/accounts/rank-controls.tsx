import { useId } from 'react';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { sortOrders } from '@/lib/contract/ad-accounts';
import { LIMITS } from '@/lib/contract/limits';
import { useAccountsStore } from './accounts-store';

/** How the ads are ranked: by which metric, in which order, and how many rows. */
export function RankControls({ metrics, limitValid }: { metrics: readonly MetricEntry[]; limitValid: boolean }) {
  const id = useId();
  const { sortBy, sortOrder, limit, set } = useAccountsStore();
  return (
    <div className="rank-controls">
      <div className="field">
        <label htmlFor={`${id}-sort`}>Rank by</label>
        <select id={`${id}-sort`} value={sortBy} onChange={(event) => set({ sortBy: event.target.value })}>
          {metrics.map((metric) => (
            <option key={metric.id} value={metric.id} disabled={metric.sortable === false}>
              {metric.name ?? metric.id}
              {metric.sortable === false ? ' (not rankable on this platform)' : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-order`}>Order</label>
        <select
          id={`${id}-order`}
          value={sortOrder}
          onChange={(event) => set({ sortOrder: event.target.value === 'asc' ? 'asc' : 'desc' })}
        >
          {sortOrders.map((order) => (
            <option key={order} value={order}>
              {order === 'desc' ? 'Highest first' : 'Lowest first'}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-limit`}>Rows</label>
        <input
          id={`${id}-limit`}
          type="number"
          min={LIMITS.adsLimit.min}
          max={LIMITS.adsLimit.max}
          value={Number.isFinite(limit) ? limit : ''}
          aria-invalid={limitValid ? undefined : true}
          aria-describedby={limitValid ? undefined : `${id}-limit-error`}
          onChange={(event) => set({ limit: event.target.valueAsNumber })}
        />
        {limitValid ? null : (
          <span id={`${id}-limit-error`} className="field-error">
            Rows must be a whole number from {LIMITS.adsLimit.min} to {LIMITS.adsLimit.max}.
          </span>
        )}
      </div>
    </div>
  );
}
