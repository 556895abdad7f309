import { givenText } from './given-text';
import { useId, useMemo, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { t } from '@/lib/i18n';
import { formatMegabytes, MAX_CREATIVE_BYTES, MAX_REPORT_CREATIVE_BYTES } from './media';
import { type Ask, askFor } from './use-report-flow';
import 'virtual:adscope-english/report';

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
        <legend>{t('report.ask.legend')}</legend>
        <label>
          <input type="radio" name={`${id}-scope`} checked={!picking} onChange={() => setPicking(false)} />{' '}
          {t('report.ask.all', { count: ask.ads.length })}
        </label>
        <label>
          <input type="radio" name={`${id}-scope`} checked={picking} onChange={() => setPicking(true)} />{' '}
          {t('report.ask.picked')}
        </label>
      </fieldset>
      {picking ? <AdPicker ads={ask.ads} picked={picked} onChange={setPicked} /> : null}
      <p role="status" className={none ? 'field-hint is-error' : 'field-hint'}>
        {none
          ? t('report.ask.none')
          : chosen.origins.length > 0
            ? t('report.ask.chosenOnSites', {
                count: chosen.ads.length,
                creatives: new Set(chosen.urls).size,
                sites: chosen.origins.length,
              })
            : t('report.ask.chosen', { count: chosen.ads.length, creatives: new Set(chosen.urls).size })}
      </p>
      {chosen.origins.length > 0 ? (
        <>
          <p className="muted">{t('report.ask.access')}</p>
          <ul className="report-origins">
            {chosen.origins.map((origin) => (
              <li key={origin}>{origin.replace(/\/\*$/, '')}</li>
            ))}
          </ul>
          <p className="muted" id={`${id}-cap`}>
            {t('report.ask.cap', {
              one: formatMegabytes(MAX_CREATIVE_BYTES),
              all: formatMegabytes(MAX_REPORT_CREATIVE_BYTES),
            })}
            {/* At a megabyte each, a large creative's size, this many would pass it. */}
            {new Set(chosen.urls).size * 1_048_576 > MAX_REPORT_CREATIVE_BYTES
              ? ` ${t('report.ask.capOver', { count: new Set(chosen.urls).size })}`
              : ''}
          </p>
        </>
      ) : null}
      <div className="action-row">
        {hasMedia ? (
          <button type="button" className="btn btn-primary" disabled={none} onClick={() => onEmbed(chosen)}>
            {t('report.ask.embed')}
          </button>
        ) : null}
        <button type="button" className="btn" disabled={none} onClick={() => onBuild(chosen.ads)}>
          {hasMedia ? t('report.ask.without') : t('report.ask.build')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('report.cancel')}
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
        <label htmlFor={`${id}-filter`}>{t('report.pick.find')}</label>
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
          {t('report.pick.allShown')}
        </button>
        <button type="button" className="btn" onClick={() => onChange(new Set())}>
          {t('report.pick.none')}
        </button>
      </div>
      <fieldset className="choice-list report-picks">
        <legend className="visually-hidden">{t('report.pick.legend')}</legend>
        {shown.map((ad) => (
          <label key={ad.id} className="choice">
            <input
              type="checkbox"
              checked={picked.has(ad.id)}
              onChange={(event) => setMany([ad.id], event.target.checked)}
            />
            <span>
              {givenText(ad.title) ?? t('report.ad.untitled')}
              <span className="muted"> · {givenText(ad.brand_name) ?? t('report.pick.noBrand')}</span>
            </span>
          </label>
        ))}
        {matching.length > shown.length ? (
          <p className="muted">{t('report.pick.more', { count: matching.length - shown.length })}</p>
        ) : null}
      </fieldset>
    </>
  );
}
