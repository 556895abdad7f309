import { useId } from 'react';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { sortOrders } from '@/lib/contract/ad-accounts';
import { LIMITS } from '@/lib/contract/limits';
import { t } from '@/lib/i18n';
import { useAccountsStore } from './accounts-store';
import 'virtual:adscope-english/accounts';

/** How the ads are ranked: by which metric, in which order, and how many rows. */
export function RankControls({ metrics, limitValid }: { metrics: readonly MetricEntry[]; limitValid: boolean }) {
  const id = useId();
  const { sortBy, sortOrder, limit, set } = useAccountsStore();
  return (
    <div className="rank-controls">
      <div className="field">
        <label htmlFor={`${id}-sort`}>{t('accounts.rank.by')}</label>
        <select id={`${id}-sort`} value={sortBy} onChange={(event) => set({ sortBy: event.target.value })}>
          {metrics.map((metric) => (
            <option key={metric.id} value={metric.id} disabled={metric.sortable === false}>
              {metric.sortable === false
                ? t('accounts.rank.notRankable', { metric: metric.name ?? metric.id })
                : (metric.name ?? metric.id)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-order`}>{t('accounts.rank.order')}</label>
        <select
          id={`${id}-order`}
          value={sortOrder}
          onChange={(event) => set({ sortOrder: event.target.value === 'asc' ? 'asc' : 'desc' })}
        >
          {sortOrders.map((order) => (
            <option key={order} value={order}>
              {order === 'desc' ? t('accounts.rank.highestFirst') : t('accounts.rank.lowestFirst')}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-limit`}>{t('accounts.rank.rows')}</label>
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
            {t('accounts.rank.rowsInvalid', { min: LIMITS.adsLimit.min, max: LIMITS.adsLimit.max })}
          </span>
        )}
      </div>
    </div>
  );
}
