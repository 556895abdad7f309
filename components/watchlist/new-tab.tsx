import { useId, useMemo, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { WatchedBrand } from '@/lib/storage/watch-entries';
import { NEWS_KEPT_PER_BRAND, WATCH_INTERVALS, WATCH_LIMIT, type WatchStatus } from '@/lib/storage/watchlist';
import { t } from '@/lib/i18n';
import { rich } from '../ui/rich';
import { AdCardList } from '../ads/ad-card-list';
import { AdDetail } from '../ads/ad-detail';
import { CompareButton, CompareTray } from '../ads/compare-toggle';
import { navigate } from '../navigation/navigation-store';
import { ErrorNotice } from '../ui/error-notice';
import { formatNumber } from '../ui/format';
import { SkeletonList } from '../ui/skeleton';
import { describeBrandCheck, describeChecks, type NewsConcepts, type NewsGroup, newsConcepts, when } from './describe';
import { ImportDialog } from './import-dialog';
import { useCheckSettings, useMarkSeen, useWatchActions, useWatchState } from './use-watchlist';
import './watchlist.css';
import 'virtual:adscope-english/watchlist';

/** Cards shown per brand before "Show all". */
const SHOWN_PER_BRAND = 12;

/** Versions of one idea as one row; it opens to its versions. */
function IdeaRow({ idea, onOpen }: { idea: NewsConcepts['ideas'][number]; onOpen: (ad: LibraryAd) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const label = t('watchlist.idea.label', { count: idea.versions.length, name: idea.name });
  return (
    <li className="idea-row">
      <button
        type="button"
        className="btn idea-toggle"
        aria-expanded={open}
        aria-controls={`${id}-versions`}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {label}
      </button>
      <div id={`${id}-versions`} hidden={!open}>
        {open ? (
          <AdCardList label={t('watchlist.idea.versions', { name: idea.name })} ads={idea.versions} onOpen={onOpen} />
        ) : null}
      </div>
    </li>
  );
}

function BrandNews({ group, onOpen }: { group: NewsGroup; onOpen: (ad: LibraryAd) => void }) {
  const id = useId();
  const [all, setAll] = useState(false);
  const markSeen = useMarkSeen(group.brandId);
  const { ideas, singles } = useMemo(() => newsConcepts(group.ads), [group.ads]);
  const count = group.ads.length + group.more;
  return (
    <section aria-labelledby={`${id}-heading`} className="card-section news-group">
      <div className="view-header">
        <h3 id={`${id}-heading`}>{group.name}</h3>
        <span className="muted">{t('watchlist.news.count', { count, time: when(group.latest) })}</span>
        <button
          type="button"
          className="btn"
          disabled={markSeen.isPending}
          aria-label={t('watchlist.news.markSeenLabel', { brand: group.name })}
          onClick={() => markSeen.mutate()}
        >
          {t('watchlist.news.markSeen')}
        </button>
      </div>
      {markSeen.isError ? <ErrorNotice title={t('watchlist.news.markFailed')} error={markSeen.error} /> : null}
      {ideas.length > 0 ? (
        <ul className="list-plain idea-rows" aria-label={t('watchlist.news.ideasLabel', { brand: group.name })}>
          {ideas.map((idea) => (
            <IdeaRow key={idea.versions[0]?.id} idea={idea} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
      {singles.length > 0 ? (
        <AdCardList
          label={t('watchlist.news.newAdsLabel', { brand: group.name })}
          ads={all ? singles : singles.slice(0, SHOWN_PER_BRAND)}
          onOpen={onOpen}
        />
      ) : null}
      {singles.length > SHOWN_PER_BRAND && !all ? (
        <button type="button" className="btn" onClick={() => setAll(true)}>
          {t('watchlist.news.showAll', { count: formatNumber(singles.length) })}
        </button>
      ) : null}
      {group.more > 0 ? (
        <p className="muted">
          {rich(
            'watchlist.news.more',
            {
              link: (
                <button
                  type="button"
                  className="btn-link btn"
                  onClick={() =>
                    navigate({ to: 'search', brand: { id: group.brandId, name: group.name }, sort: 'newest' })
                  }
                >
                  {t('watchlist.news.newestOf', { brand: group.name })}
                </button>
              ),
            },
            { count: group.more, kept: formatNumber(NEWS_KEPT_PER_BRAND) },
          )}
        </p>
      ) : null}
    </section>
  );
}

function CheckSettings() {
  const id = useId();
  const { shown, save } = useCheckSettings();
  if (!shown) return null;
  return (
    <fieldset className="watch-settings">
      <legend>{t('watchlist.checks.legend')}</legend>
      <div className="field">
        <label htmlFor={`${id}-interval`}>{t('watchlist.checks.interval')}</label>
        <select
          id={`${id}-interval`}
          value={shown.intervalHours}
          onChange={(event) => save.mutate({ ...shown, intervalHours: Number(event.target.value) })}
        >
          {WATCH_INTERVALS.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 0 ? t('watchlist.checks.never') : t('watchlist.checks.every', { hours })}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={shown.notify}
          onChange={(event) => save.mutate({ ...shown, notify: event.target.checked })}
        />
        {t('watchlist.checks.notify')}
      </label>
      {save.isError ? <ErrorNotice title={t('watchlist.checks.saveFailed')} error={save.error} /> : null}
    </fieldset>
  );
}

/** The New place: what watched brands launched since the user last looked, and the watchlist itself. */
export default function NewTab() {
  const id = useId();
  const { loaded, watchedIds, groups } = useWatchState();
  const { checkNow, markAll, unwatch, unwatchFailed } = useWatchActions();
  const [openAd, setOpenAd] = useState<LibraryAd | null>(null);
  const [importing, setImporting] = useState(false);
  /** When the last check had ended as Check now was pressed: a check ending after it is the one under way. */
  const [lastAtClick, setLastAtClick] = useState<number | undefined>(undefined);

  if (!loaded) return <SkeletonList label={t('watchlist.loading')} rows={2} />;
  if (openAd) return <AdDetail adId={openAd.id} fromList={openAd} onBack={() => setOpenAd(null)} />;
  const { watched, status, nextAt } = loaded;

  const running = status.run !== null && status.run.pausedUntil === null;
  const total = groups.reduce((sum, group) => sum + group.ads.length + group.more, 0);
  return (
    <section className="tab-section watch" aria-labelledby={`${id}-heading`}>
      <div className="view-header">
        <h2 id={`${id}-heading`}>{t('watchlist.title')}</h2>
        <button
          type="button"
          className="btn"
          disabled={watched.length === 0 || running || checkNow.isPending}
          onClick={() => {
            setLastAtClick(status.last?.finishedAt);
            checkNow.mutate();
          }}
        >
          {running ? t('watchlist.checking') : t('watchlist.checkNow')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={total === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('watchlist.markAll')}
        </button>
      </div>
      <p className="results-status" role="status">
        {[
          watched.length === 0
            ? ''
            : describeChecks(
                status.run,
                status.last,
                nextAt,
                watched.map((brand) => status.brands[brand.id]),
              ),
          // Only until that check has ended: the answer stays with the button after it.
          checkNow.data && !checkNow.data.started && status.last?.finishedAt === lastAtClick
            ? t('watchlist.checks.underWay')
            : '',
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      {checkNow.isError ? <ErrorNotice title={t('watchlist.startFailed')} error={checkNow.error} /> : null}
      {markAll.isError ? <ErrorNotice title={t('watchlist.markAllFailed')} error={markAll.error} /> : null}
      <p className="coverage-note muted">{t('watchlist.coverage')}</p>

      {watched.length === 0 ? (
        <div className="empty-state">
          <h3>{t('watchlist.empty.title')}</h3>
          <p>{t('watchlist.empty.text')}</p>
          <button type="button" className="btn btn-primary" onClick={() => setImporting(true)}>
            {t('watchlist.import.open')}
          </button>
        </div>
      ) : groups.length === 0 ? (
        <p className="empty-state">{t('watchlist.nothingNew')}</p>
      ) : (
        groups.map((group) => <BrandNews key={group.brandId} group={group} onOpen={setOpenAd} />)
      )}

      {watched.length > 0 ? (
        <WatchlistDetails
          watched={watched}
          status={status}
          unwatch={unwatch}
          unwatchFailed={unwatchFailed}
          onImport={() => setImporting(true)}
        />
      ) : null}
      <CheckSettings />
      <ImportDialog open={importing} onClose={() => setImporting(false)} watched={watchedIds} />
    </section>
  );
}

/** The watched brands with each one's last check, Unwatch and Compare, folded under one line. */
function WatchlistDetails({
  watched,
  status,
  unwatch,
  unwatchFailed,
  onImport,
}: {
  watched: readonly WatchedBrand[];
  status: WatchStatus;
  unwatch: ReturnType<typeof useWatchActions>['unwatch'];
  unwatchFailed: ReturnType<typeof useWatchActions>['unwatchFailed'];
  onImport: () => void;
}) {
  return (
    <details className="fold watchlist-details">
      <summary>
        <span className="fold-title">
          {t('watchlist.list.summary', { count: formatNumber(watched.length), limit: formatNumber(WATCH_LIMIT) })}
        </span>
        {watched.length >= WATCH_LIMIT ? <span className="muted">{t('watchlist.list.full')}</span> : null}
      </summary>
      <ul className="list-plain watch-list" aria-label={t('watchlist.list.label')}>
        {watched.map((brand) => (
          <li key={brand.id} className="watch-row">
            <span className="brand-row-text">
              <strong>{brand.name}</strong>
              <span className="muted">{describeBrandCheck(status.brands[brand.id])}</span>
            </span>
            <button
              type="button"
              className="btn"
              aria-label={t('watchlist.list.unwatchLabel', { brand: brand.name })}
              disabled={unwatch.isPending && unwatch.variables === brand.id}
              onClick={() => unwatch.mutate(brand.id)}
            >
              {t('watchlist.list.unwatch')}
            </button>
            <CompareButton brand={brand} />
          </li>
        ))}
      </ul>
      <CompareTray />
      {unwatchFailed ? <ErrorNotice title={t('watchlist.list.unwatchFailed')} error={unwatchFailed.error} /> : null}
      <button type="button" className="btn" disabled={watched.length >= WATCH_LIMIT} onClick={onImport}>
        {t('watchlist.import.open')}
      </button>
    </details>
  );
}
