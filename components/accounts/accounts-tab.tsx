import { useId, useState } from 'react';
import type { AdAccount } from '@/lib/contract/ad-accounts';
import { countOf, formatDay } from '../ui/format';
import { ErrorNotice } from '../ui/error-notice';
import { QueryView } from '../ui/query-view';
import { AccountAdDetail } from './account-ad-detail';
import { accountLabel } from './account-label';
import { MetricsPicker } from './metrics-picker';
import { PeriodPicker, periodWords } from './period-picker';
import { RankControls } from './rank-controls';
import { RankedTable } from './ranked-table';
import { Totals } from './totals';
import { type AccountReport, useAccountReport } from './use-account-report';
import './accounts.css';

/** Your own ad accounts: totals, ranked ads, a creative drill-down and transcripts, beside the library. */
export default function AccountsTab() {
  const id = useId();
  const report = useAccountReport();
  return (
    <section className="tab-section accounts" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your ad accounts</h2>
      <QueryView
        query={report.accounts}
        loadingLabel="Loading your ad accounts"
        rows={2}
        errorTitle="Could not load your ad accounts"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>No ad accounts connected</h3>
            <p>Connect an ad account to your workspace to compare your own results with what competitors run.</p>
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
        <label htmlFor={`${id}-account`}>Ad account</label>
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
          <span className="fold-title">Period and metrics</span>
          <span className="muted">
            {periodWords(view)} · {countOf(chosen.length, 'metric')} added
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
          title="Could not load the metrics"
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
        />
      ) : null}
      {settling ? (
        <p className="notice notice-warning">
          Figures from {formatDay(settling)} on are still settling: the platform may revise them when read again.
        </p>
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
  const { view, account, metrics, problem, summary, ranked, limitValid } = report;
  return (
    <>
      <h3>Totals</h3>
      {problem ? (
        <p className="notice notice-warning" role="status">
          No figures until the dates are fixed: the totals and ranked ads of another window are not shown.
        </p>
      ) : (
        <Totals report={report} />
      )}
      <RankControls metrics={metrics} limitValid={limitValid} />
      {problem ? null : (
        <QueryView query={ranked} loadingLabel="Ranking ads" errorTitle="Could not rank the ads">
          {(data) => (
            <RankedTable
              ranked={data}
              catalogue={metrics}
              accountName={account?.name ?? 'account'}
              currency={account?.currency ?? null}
              total={summary.isSuccess && !summary.isPlaceholderData ? summary.data.metrics[view.sortBy] : 'loading'}
            />
          )}
        </QueryView>
      )}
      {ranked.isFetching && ranked.data && !problem ? (
        <p role="status" className="results-status">
          Updating…
        </p>
      ) : null}
    </>
  );
}
