import { useId, useMemo, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { countOf } from '../ui/format';
import { formatMegabytes, MAX_CREATIVE_BYTES, MAX_REPORT_CREATIVE_BYTES } from './media';
import { type Ask, askFor } from './use-report-flow';

/** Ads listed at once in the picker; a filter reaches the others. */
const PICK_SHOWN = 200;

/** The ads the report holds (all, or the ones picked) and whether to embed their creatives. */
export function AskStep({
  ask,
  onEmbed,
  onBuild,
  onCancel,
}: {
  ask: Ask;
  onEmbed: (ask: Ask) => void;
  onBuild: (ads: LibraryAd[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const chosen = useMemo(
    () =>
      picking
        ? askFor(
            ask.ads.filter((ad) => picked.has(ad.id)),
            ask.held,
          )
        : ask,
    [ask, picking, picked],
  );
  const none = chosen.ads.length === 0;
  // The same buttons whatever is picked: the board's ads have creatives somewhere.
  const hasMedia = ask.origins.length > 0;
  return (
    <>
      <fieldset className="report-scope">
        <legend>Ads in the report</legend>
        <label>
          <input type="radio" name={`${id}-scope`} checked={!picking} onChange={() => setPicking(false)} /> All{' '}
          {countOf(ask.ads.length, 'ad')}
        </label>
        <label>
          <input type="radio" name={`${id}-scope`} checked={picking} onChange={() => setPicking(true)} /> Only the ads I
          pick
        </label>
      </fieldset>
      {picking ? <AdPicker ads={ask.ads} picked={picked} onChange={setPicked} /> : null}
      <p role="status" className={none ? 'field-hint is-error' : 'field-hint'}>
        {none
          ? 'No ad picked: pick at least one, or choose all.'
          : `${countOf(chosen.ads.length, 'ad')} with ${countOf(new Set(chosen.urls).size, 'creative')}${
              chosen.origins.length > 0 ? ` on ${countOf(chosen.origins.length, 'site')}` : ''
            }.`}
      </p>
      {chosen.origins.length > 0 ? (
        <>
          <p className="muted">
            To put the creatives inside the file, Adscope fetches each one once. Your browser asks for access to these
            sites; it is given back when the report is built:
          </p>
          <ul className="report-origins">
            {chosen.origins.map((origin) => (
              <li key={origin}>{origin.replace(/\/\*$/, '')}</li>
            ))}
          </ul>
          <p className="muted" id={`${id}-cap`}>
            Each creative is embedded up to {formatMegabytes(MAX_CREATIVE_BYTES)}, and all of them together up to{' '}
            {formatMegabytes(MAX_REPORT_CREATIVE_BYTES)}; past that they are left out, with their links.
            {/* At a megabyte each, a large creative's size, this many would pass it. */}
            {new Set(chosen.urls).size * 1_048_576 > MAX_REPORT_CREATIVE_BYTES
              ? ` ${countOf(new Set(chosen.urls).size, 'creative')} may pass it: pick fewer ads to keep every one.`
              : ''}
          </p>
        </>
      ) : null}
      <div className="action-row">
        {hasMedia ? (
          <button type="button" className="btn btn-primary" disabled={none} onClick={() => onEmbed(chosen)}>
            Embed creatives
          </button>
        ) : null}
        <button type="button" className="btn" disabled={none} onClick={() => onBuild(chosen.ads)}>
          {hasMedia ? 'Without creatives' : 'Build report'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/** The ads to put in the report, found by title or brand, PICK_SHOWN listed at once. */
function AdPicker({
  ads,
  picked,
  onChange,
}: {
  ads: readonly LibraryAd[];
  picked: ReadonlySet<string>;
  onChange: (picked: ReadonlySet<string>) => void;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matching = ads.filter(
    (ad) => !needle || `${ad.title ?? ''} ${ad.brand_name ?? ''}`.toLowerCase().includes(needle),
  );
  const shown = matching.slice(0, PICK_SHOWN);
  const setMany = (ids: string[], on: boolean) => {
    const next = new Set(picked);
    for (const adId of ids) {
      if (on) next.add(adId);
      else next.delete(adId);
    }
    onChange(next);
  };
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Find an ad by title or brand</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      <div className="action-row">
        <button
          type="button"
          className="btn"
          onClick={() =>
            setMany(
              shown.map((ad) => ad.id),
              true,
            )
          }
        >
          Pick all shown
        </button>
        <button type="button" className="btn" onClick={() => onChange(new Set())}>
          Pick none
        </button>
      </div>
      <fieldset className="choice-list report-picks">
        <legend className="visually-hidden">Ads to put in the report</legend>
        {shown.map((ad) => (
          <label key={ad.id} className="choice">
            <input
              type="checkbox"
              checked={picked.has(ad.id)}
              onChange={(event) => setMany([ad.id], event.target.checked)}
            />
            <span>
              {ad.title ?? 'Untitled ad'}
              <span className="muted"> · {ad.brand_name ?? 'brand not given'}</span>
            </span>
          </label>
        ))}
        {matching.length > shown.length ? (
          <p className="muted">{matching.length - shown.length} more match: type in the filter to reach them.</p>
        ) : null}
      </fieldset>
    </>
  );
}
