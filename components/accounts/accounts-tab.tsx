import { useId, useState } from 'react';
import type { AdAccount } from '@/lib/contract/ad-accounts';
import { t } from '@/lib/i18n';
import { formatDay } from '../ui/format';
import { ErrorNotice } from '../ui/error-notice';
import { QueryView } from '../ui/query-view';
import { SkeletonList } from '../ui/skeleton';
import { AccountAdDetail } from './account-ad-detail';
import { accountLabel } from './account-label';
import { MetricsPicker } from './metrics-picker';
import { PeriodPicker, periodWords } from './period-picker';
import { RankControls } from './rank-controls';
import { RankedTable } from './ranked-table';
import { Totals } from './totals';
import { type AccountReport, useAccountReport } from './use-account-report';
import './accounts.css';
import 'virtual:adscope-english/accounts';

/** Your own ad accounts: totals, ranked ads, a creative drill-down and transcripts, beside the library. */
export default function AccountsTab() {
  const id = useId();
  const report = useAccountReport();
  return (
    <section className="tab-section accounts" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('accounts.title')}</h2>
      <QueryView
        query={report.accounts}
        loadingLabel={t('accounts.loading')}
        rows={2}
        errorTitle={t('accounts.loadFailed')}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>{t('accounts.empty.title')}</h3>
            <p>{t('accounts.empty.body')}</p>
          </div>
        }
      >
        {(data) => <AccountReportView report={report} accounts={data.items} />}
      </QueryView>
    </section>
  );
}

function AccountReportView({ report, accounts }: { report: AccountReport; accounts: readonly AdAccount[] }) {
  const id = useId();
  const { view, account, catalogue, metrics, chosen, problem, ready, settling } = report;
  const [controlsOpen, setControlsOpen] = useState(false);
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('accounts.account')}</label>
        <select
          id={`${id}-account`}
          value={view.accountId}
          onChange={(event) =>
            view.set({ accountId: event.target.value, openAdId: null, metrics: [], sortBy: 'spend', sortOrder: 'desc' })
          }
        >
          {accounts.map((item) => (
            <option key={item.id} value={item.id}>
              {accountLabel(item)}
            </option>
          ))}
        </select>
      </div>
      {/* The window and the added metrics fold into one line that opens; a problem keeps it open. */}
      <details
        className="fold"
        open={controlsOpen || problem !== null}
        onToggle={(event) => setControlsOpen(event.currentTarget.open)}
      >
        <summary>
          <span className="fold-title">{t('accounts.controls.title')}</span>
          <span className="muted">
            {t('accounts.controls.summary', { period: periodWords(view), count: chosen.length })}
          </span>
        </summary>
        <PeriodPicker />
        {metrics.length > 0 ? (
          <MetricsPicker
            catalogue={metrics}
            onScreen={Object.keys(report.summary.data?.metrics ?? {}).filter((metricId) => !chosen.includes(metricId))}
          />
        ) : null}
      </details>
      {catalogue.isError ? (
        <ErrorNotice
          title={t('accounts.metrics.loadFailed')}
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
        />
      ) : null}
      {settling ? (
        <p className="notice notice-warning">{t('accounts.settling', { day: formatDay(settling) ?? '' })}</p>
      ) : null}
      {view.openAdId && ready ? (
        <AccountAdDetail accountId={view.accountId} catalogue={metrics} currency={account?.currency ?? null} />
      ) : (
        <AccountFigures report={report} />
      )}
    </>
  );
}

/** The totals and the ranked ads; neither is shown for a window with a problem. */
function AccountFigures({ report }: { report: AccountReport }) {
  const { view, account, catalogue, metrics, problem, summary, ranked, limitValid } = report;
  // Nothing is asked before the account's metric catalogue is in: until then the report is loading.
  const waiting = !problem && catalogue.isPending;
  return (
    <>
      <h3>{t('accounts.totals.title')}</h3>
      {problem ? (
        <p className="notice notice-warning" role="status">
          {t('accounts.noFigures')}
        </p>
      ) : waiting ? (
        <SkeletonList label={t('accounts.totals.loading')} rows={1} />
      ) : (
        <Totals report={report} />
      )}
      <RankControls metrics={metrics} limitValid={limitValid} />
      {problem ? null : (
        <QueryView
          query={ranked}
          loadingLabel={t('accounts.ranked.loading')}
          errorTitle={t('accounts.ranked.loadFailed')}
        >
          {(data) => (
            <RankedTable
              ranked={data}
              catalogue={metrics}
              accountName={account?.name ?? 'account'}
              currency={account?.currency ?? null}
              // A share is of the same window's total: none while either is kept from the last window.
              total={
                summary.isSuccess && !summary.isPlaceholderData && !ranked.isPlaceholderData
                  ? summary.data.metrics[view.sortBy]
                  : 'loading'
              }
            />
          )}
        </QueryView>
      )}
      {/* Totals or ranked ads kept from the last window while the new window's load. */}
      {((ranked.isFetching && ranked.data) || summary.isPlaceholderData) && !problem ? (
        <p role="status" className="results-status">
          {t('accounts.updating')}
        </p>
      ) : null}
    </>
  );
}
