import { useId, useMemo, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { WatchedBrand } from '@/lib/storage/watch-entries';
import { NEWS_KEPT_PER_BRAND, WATCH_INTERVALS, WATCH_LIMIT, type WatchStatus } from '@/lib/storage/watchlist';
import { AdCardList } from '../ads/ad-card-list';
import { AdDetail } from '../ads/ad-detail';
import { CompareButton, CompareTray } from '../ads/compare-toggle';
import { navigate } from '../navigation/navigation-store';
import { ErrorNotice } from '../ui/error-notice';
import { countOf } from '../ui/format';
import { SkeletonList } from '../ui/skeleton';
import { describeBrandCheck, describeChecks, type NewsConcepts, type NewsGroup, newsConcepts, when } from './describe';
import { ImportDialog } from './import-dialog';
import { useCheckSettings, useMarkSeen, useWatchActions, useWatchState } from './use-watchlist';
import './watchlist.css';

/** Cards shown per brand before "Show all". */
const SHOWN_PER_BRAND = 12;

/** Versions of one idea as one row; it opens to its versions. */
function IdeaRow({ idea, onOpen }: { idea: NewsConcepts['ideas'][number]; onOpen: (ad: LibraryAd) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const label = `${countOf(idea.versions.length, 'new version')} of ‘${idea.name}’`;
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
        {open ? <AdCardList label={`Versions of ‘${idea.name}’`} ads={idea.versions} onOpen={onOpen} /> : null}
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
        <span className="muted">
          {countOf(count, 'new ad')} · first seen {when(group.latest)}
        </span>
        <button
          type="button"
          className="btn"
          disabled={markSeen.isPending}
          aria-label={`Mark seen: ${group.name}`}
          onClick={() => markSeen.mutate()}
        >
          Mark seen
        </button>
      </div>
      {markSeen.isError ? <ErrorNotice title="Could not mark these seen" error={markSeen.error} /> : null}
      {ideas.length > 0 ? (
        <ul className="list-plain idea-rows" aria-label={`Ideas ${group.name} launched in versions`}>
          {ideas.map((idea) => (
            <IdeaRow key={idea.versions[0]?.id} idea={idea} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
      {singles.length > 0 ? (
        <AdCardList
          label={`New ads from ${group.name}`}
          ads={all ? singles : singles.slice(0, SHOWN_PER_BRAND)}
          onOpen={onOpen}
        />
      ) : null}
      {singles.length > SHOWN_PER_BRAND && !all ? (
        <button type="button" className="btn" onClick={() => setAll(true)}>
          Show all {singles.length}
        </button>
      ) : null}
      {group.more > 0 ? (
        <p className="muted">
          And {countOf(group.more, 'older new ad')}, not kept here (New keeps the newest {NEWS_KEPT_PER_BRAND} a brand,
          within its share of the browser&apos;s storage): see them in{' '}
          <button
            type="button"
            className="btn-link btn"
            onClick={() => navigate({ to: 'search', brand: { id: group.brandId, name: group.name }, sort: 'newest' })}
          >
            {group.name}'s newest ads
          </button>
          .
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
      <legend>Checks</legend>
      <div className="field">
        <label htmlFor={`${id}-interval`}>Check watched brands</label>
        <select
          id={`${id}-interval`}
          value={shown.intervalHours}
          onChange={(event) => save.mutate({ ...shown, intervalHours: Number(event.target.value) })}
        >
          {WATCH_INTERVALS.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 0 ? 'Never (off)' : hours === 1 ? 'Every hour' : `Every ${hours} hours`}
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
        Notify me when a check finds new ads (one notification per check)
      </label>
      {save.isError ? <ErrorNotice title="Could not change the checks" error={save.error} /> : null}
    </fieldset>
  );
}

/** The New place: what watched brands launched since the user last looked, and the watchlist itself. */
export default function NewTab() {
  const id = useId();
  const { loaded, watchedIds, groups } = useWatchState();
  const { checkNow, markAll, unwatch } = useWatchActions();
  const [openAd, setOpenAd] = useState<LibraryAd | null>(null);
  const [importing, setImporting] = useState(false);

  if (!loaded) return <SkeletonList label="Loading New" rows={2} />;
  if (openAd) return <AdDetail adId={openAd.id} fromList={openAd} onBack={() => setOpenAd(null)} />;
  const { watched, status, nextAt } = loaded;

  const running = status.run !== null && status.run.pausedUntil === null;
  const total = groups.reduce((sum, group) => sum + group.ads.length + group.more, 0);
  return (
    <section className="tab-section watch" aria-labelledby={`${id}-heading`}>
      <div className="view-header">
        <h2 id={`${id}-heading`}>New from watched brands</h2>
        <button
          type="button"
          className="btn"
          disabled={watched.length === 0 || running || checkNow.isPending}
          onClick={() => checkNow.mutate()}
        >
          {running ? 'Checking…' : 'Check now'}
        </button>
        <button
          type="button"
          className="btn"
          disabled={total === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all seen
        </button>
      </div>
      <p className="results-status" role="status">
        {watched.length === 0 ? '' : describeChecks(status.run, status.last, nextAt)}
        {checkNow.data && !checkNow.data.started ? ' A check is already under way.' : ''}
      </p>
      {checkNow.isError ? <ErrorNotice title="Could not start a check" error={checkNow.error} /> : null}
      {markAll.isError ? <ErrorNotice title="Could not mark all seen" error={markAll.error} /> : null}
      <p className="coverage-note muted">
        New means an ad Adscope had not seen for that brand, whatever its launch date: ads are often found days after
        they launch. The service covers brands as it tracks them, so a check that finds nothing does not prove a brand
        launched nothing.
      </p>

      {watched.length === 0 ? (
        <div className="empty-state">
          <h3>Watch a brand to see what it launches</h3>
          <p>
            Press Watch on a brand in Brands, on its page, or on any ad card. Adscope then checks it in the background
            and lists its new ads here, with a count on the toolbar button.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setImporting(true)}>
            Watch brands you follow…
          </button>
        </div>
      ) : groups.length === 0 ? (
        <p className="empty-state">Nothing new since you last looked.</p>
      ) : (
        groups.map((group) => <BrandNews key={group.brandId} group={group} onOpen={setOpenAd} />)
      )}

      {watched.length > 0 ? (
        <WatchlistDetails watched={watched} status={status} unwatch={unwatch} onImport={() => setImporting(true)} />
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
  onImport,
}: {
  watched: readonly WatchedBrand[];
  status: WatchStatus;
  unwatch: ReturnType<typeof useWatchActions>['unwatch'];
  onImport: () => void;
}) {
  return (
    <details className="fold watchlist-details">
      <summary>
        <span className="fold-title">
          Watchlist: {watched.length} of {WATCH_LIMIT}
        </span>
        {watched.length >= WATCH_LIMIT ? <span className="muted">full: unwatch a brand to add another</span> : null}
      </summary>
      <ul className="list-plain watch-list" aria-label="Watched brands">
        {watched.map((brand) => (
          <li key={brand.id} className="watch-row">
            <span className="brand-row-text">
              <strong>{brand.name}</strong>
              <span className="muted">{describeBrandCheck(status.brands[brand.id])}</span>
            </span>
            <button
              type="button"
              className="btn"
              aria-label={`Unwatch ${brand.name}`}
              disabled={unwatch.isPending && unwatch.variables === brand.id}
              onClick={() => unwatch.mutate(brand.id)}
            >
              Unwatch
            </button>
            <CompareButton brand={brand} />
          </li>
        ))}
      </ul>
      <CompareTray />
      {unwatch.isError ? <ErrorNotice title="Could not unwatch" error={unwatch.error} /> : null}
      <button type="button" className="btn" disabled={watched.length >= WATCH_LIMIT} onClick={onImport}>
        Watch brands you follow…
      </button>
    </details>
  );
}
