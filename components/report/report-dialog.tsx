import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { utcToday } from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { ApiError } from '@/lib/messaging/api-error';
import { type Creative, fetchCreatives, mediaOrigins } from './media';
import type { BrandFigures } from './figures';
import { downloadFile } from '../ui/download';
import { countOf, formats } from '../ui/format';
import { useModal } from '../ui/use-modal';
import { creativesOf, renderReport } from './report-html';
import './report.css';

export interface ReportSource {
  title: string;
  /** What it is, under the title: "Board", "Brand comparison". */
  kind: string;
  fileName: (now: Date) => string;
  /** Ads to expect, for the progress bar; null when not known. */
  expected: number | null;
  loadAds: (signal: AbortSignal, onProgress: (count: number) => void) => Promise<LibraryAd[]>;
  compare?: readonly BrandFigures[];
}

interface Ask {
  step: 'ask';
  ads: LibraryAd[];
  urls: string[];
  origins: string[];
  held: string[];
}

type Phase =
  | { step: 'ads'; count: number }
  | Ask
  | { step: 'media'; done: number; total: number }
  | { step: 'ready'; text: string; bytes: number; ads: number; embedded: number; missing: number; saved: string | null }
  | { step: 'failed'; message: string };

/** Builds an offline HTML report: reads the ads, asks before fetching any creative, then offers the file with its size. */
export function ReportDialog({ source, onClose }: { source: ReportSource | null; onClose: () => void }) {
  const ref = useModal(source !== null);
  const [attempt, setAttempt] = useState(0);
  return (
    <dialog ref={ref} className="dialog report-dialog" aria-label="Export report" onClose={onClose}>
      {source ? (
        <ReportFlow key={attempt} source={source} onDone={onClose} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
    </dialog>
  );
}

function ReportFlow({ source, onDone, onRetry }: { source: ReportSource; onDone: () => void; onRetry: () => void }) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ step: 'ads', count: 0 });
  const controller = useRef<AbortController | null>(null);
  const now = useRef(systemClock());

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    void (async () => {
      try {
        const ads = await source.loadAds(abort.signal, (count) => setPhase({ step: 'ads', count }));
        const urls = ads.flatMap((ad) => creativesOf(ad).refs.map((ref) => ref.url));
        const origins = mediaOrigins(urls);
        const held: string[] = [];
        for (const origin of origins) {
          if (await browser.permissions.contains({ origins: [origin] }).catch(() => false)) held.push(origin);
        }
        if (!abort.signal.aborted) setPhase({ step: 'ask', ads, urls, origins, held });
      } catch (error) {
        if (!abort.signal.aborted) setPhase({ step: 'failed', message: ApiError.from(error).message });
      }
    })();
    return () => abort.abort();
  }, [source]);
  // Closed (Escape, Close) while fetching creatives: the fetching stops too.
  useEffect(() => () => controller.current?.abort(), []);

  async function build(ads: LibraryAd[], creatives: ReadonlyMap<string, Creative>) {
    const text = await renderReport({
      title: source.title,
      kind: source.kind,
      now: now.current,
      today: utcToday(new Date(now.current)),
      ads,
      creatives,
      ...(source.compare ? { compare: source.compare } : {}),
    });
    const values = [...creatives.values()];
    setPhase({
      step: 'ready',
      text,
      bytes: new Blob([text]).size,
      ads: ads.length,
      embedded: values.filter((creative) => creative.kind === 'embedded').length,
      missing: values.filter((creative) => creative.kind === 'missing').length,
      saved: null,
    });
  }

  function embed(ask: Ask) {
    const abort = new AbortController();
    controller.current = abort;
    // Asked straight from the click: the browser needs the user's gesture to show its prompt.
    const asked =
      ask.origins.length > 0 ? browser.permissions.request({ origins: ask.origins }) : Promise.resolve(true);
    void (async () => {
      const granted = await asked.catch(() => false);
      if (!granted) {
        setPhase({
          step: 'failed',
          message:
            'The browser did not give access to the sites the creatives are on, so none was fetched. Try again and allow it, or build the report without creatives.',
        });
        return;
      }
      setPhase({ step: 'media', done: 0, total: new Set(ask.urls).size });
      try {
        const creatives = await fetchCreatives(ask.urls, {
          fetch: (input, init) => fetch(input, init),
          signal: abort.signal,
          onProgress: (done, total) => setPhase({ step: 'media', done, total }),
        });
        await build(ask.ads, creatives);
      } catch (error) {
        if (!abort.signal.aborted) setPhase({ step: 'failed', message: ApiError.from(error).message });
      } finally {
        // Access asked for this report alone is given back.
        const added = ask.origins.filter((origin) => !ask.held.includes(origin));
        if (added.length > 0) await browser.permissions.remove({ origins: added }).catch(() => false);
      }
    })();
  }

  function cancel() {
    controller.current?.abort();
    onDone();
  }

  function save(ready: Extract<Phase, { step: 'ready' }>) {
    const name = source.fileName(new Date(now.current));
    downloadFile(name, 'text/html;charset=utf-8', ready.text);
    setPhase({ ...ready, saved: name });
  }

  return (
    <div className="import-form report-flow">
      <h2 id={`${id}-title`}>Export report: {source.title}</h2>
      {phase.step === 'ads' ? (
        <ProgressStep
          label="Reading the ads"
          max={source.expected}
          value={phase.count}
          text={
            source.expected !== null
              ? `${phase.count} of ${countOf(source.expected, 'ad')} read…`
              : `${countOf(phase.count, 'ad')} read…`
          }
          onCancel={cancel}
        />
      ) : phase.step === 'ask' ? (
        <AskStep ask={phase} onEmbed={embed} onBuild={(ads) => void build(ads, new Map())} onCancel={cancel} />
      ) : phase.step === 'media' ? (
        <ProgressStep
          label="Fetching creatives"
          max={phase.total}
          value={phase.done}
          text={`${phase.done} of ${countOf(phase.total, 'creative')} fetched…`}
          onCancel={cancel}
        />
      ) : phase.step === 'ready' ? (
        <>
          <p role="status">
            {phase.saved
              ? `Saved as ${phase.saved}.`
              : `Report ready: ${countOf(phase.ads, 'ad')}, ${countOf(phase.embedded, 'creative')} embedded${
                  phase.missing > 0 ? `, ${phase.missing} shown as placeholders with their links` : ''
                }.`}
          </p>
          <p>
            File size: <strong>{formats.fileSize(phase.bytes)}</strong>. It opens offline in any browser, runs no script
            and prints one ad per block.
          </p>
          <div className="action-row">
            <button type="button" className="btn btn-primary" onClick={() => save(phase)}>
              {phase.saved ? 'Save again' : 'Save report'}
            </button>
            <button type="button" className="btn" onClick={onDone}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <p role="alert" className="notice notice-error">
            Report not built: {phase.message} Nothing was saved.
          </p>
          <div className="action-row">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
            <button type="button" className="btn" onClick={onDone}>
              Close
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** A step that runs: its bar (indeterminate while the total is unknown), its words, and Cancel. */
function ProgressStep(props: { label: string; max: number | null; value: number; text: string; onCancel: () => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <progress
        id={id}
        max={props.max === null ? undefined : Math.max(1, props.max)}
        value={props.max === null ? undefined : Math.min(props.value, props.max)}
      />
      <p role="status" className="field-hint">
        {props.text}
      </p>
      <div className="action-row">
        <button type="button" className="btn" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/** Ads listed at once in the picker; a filter reaches the others. */
const PICK_SHOWN = 200;

/** The ads the report holds (all, or the ones picked) and whether to embed their creatives. */
function AskStep({
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
  const [filter, setFilter] = useState('');
  const chosen = useMemo((): Ask => {
    if (!picking) return ask;
    const ads = ask.ads.filter((ad) => picked.has(ad.id));
    const urls = ads.flatMap((ad) => creativesOf(ad).refs.map((ref) => ref.url));
    return { ...ask, ads, urls, origins: mediaOrigins(urls) };
  }, [ask, picking, picked]);
  const needle = filter.trim().toLowerCase();
  const matching = ask.ads.filter(
    (ad) => !needle || `${ad.title ?? ''} ${ad.brand_name ?? ''}`.toLowerCase().includes(needle),
  );
  const shown = matching.slice(0, PICK_SHOWN);
  const none = chosen.ads.length === 0;
  // The same buttons whatever is picked: the board's ads have creatives somewhere.
  const hasMedia = ask.origins.length > 0;
  const setMany = (ids: string[], on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      for (const adId of ids) {
        if (on) next.add(adId);
        else next.delete(adId);
      }
      return next;
    });
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
      {picking ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-filter`}>Find an ad by title or brand</label>
            <input
              id={`${id}-filter`}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
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
            <button type="button" className="btn" onClick={() => setPicked(new Set())}>
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
      ) : null}
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
