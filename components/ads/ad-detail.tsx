import { CreativeImage } from './creative-image';
import { VideoFrame } from './video-frame';
import { useEffect, useRef } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { safeHttpUrl } from '@/lib/url';
import { ErrorNotice } from '../ui/error-notice';
import { useEscape } from '../ui/use-escape';
import {
  countOf,
  ctaLabel,
  daysRunning,
  formatDateTime,
  formatDay,
  formatLabel,
  languageName,
  orNotGiven,
} from '../ui/format';
import { useLocalHoldings, useOutbox } from './use-outbox';
import { adSaveState } from './saved-state';
import { useSaveStore } from './save-store';
import { adHeadline, runStatusText, saveStatusText } from './ad-words';
import { useLibraryAd } from './queries';
import { systemClock } from '@/lib/clock';
import './ads.css';

interface AdDetailProps {
  adId: string;
  fromList: LibraryAd | undefined;
  onBack: () => void;
  /** Jumps to this brand's ads in Search; absent where that would go nowhere new. */
  onSeeBrand?: ((brand: { id: string; name: string }) => void) | undefined;
}

/** Every field of one library ad, its media, and a sanitized link out. Escape goes back. */
export function AdDetail({ adId, fromList, onBack, onSeeBrand }: AdDetailProps) {
  const query = useLibraryAd(adId, fromList);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outbox = useOutbox();
  const holdings = useLocalHoldings();
  const openSaveDialog = useSaveStore((state) => state.openDialog);

  useEffect(() => {
    headingRef.current?.focus();
  }, [adId]);

  useEscape(onBack);

  useSaveShortcut(query.data);

  const ad = query.data;
  const back = (
    <button type="button" className="btn" onClick={onBack}>
      ← Back to results
    </button>
  );
  if (!ad) {
    return (
      <section className="ad-detail" aria-labelledby="ad-detail-heading">
        {back}
        <h2 id="ad-detail-heading" ref={headingRef} tabIndex={-1}>
          Ad {adId}
        </h2>
        {query.isError ? (
          <ErrorNotice title="Could not load this ad" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <p role="status">Loading the ad…</p>
        )}
      </section>
    );
  }

  const link = safeHttpUrl(ad.link_url);
  const status = saveStatusText(adSaveState(ad, outbox, holdings));

  return (
    <section className="ad-detail" aria-labelledby="ad-detail-heading">
      <div className="toolbar">
        {back}
        <button type="button" className="btn btn-primary" onClick={() => openSaveDialog(ad)}>
          Save to a board
        </button>
        {link ? (
          <a className="btn" href={link} target="_blank" rel="noopener noreferrer">
            Open landing page ↗
          </a>
        ) : null}
      </div>
      <p className="ad-card-brand">{ad.brand_name ?? 'Brand not given'}</p>
      <h2 id="ad-detail-heading" ref={headingRef} tabIndex={-1}>
        {adHeadline(ad)}
      </h2>
      {query.isError ? (
        <ErrorNotice
          title="Showing the ad as listed; refreshing it failed"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {status ? <p className="ad-card-status">{status}</p> : null}
      <AdMedia ad={ad} />
      {ad.body ? <p className="ad-detail-body">{ad.body}</p> : <p className="muted">No body text.</p>}
      <AdFacts ad={ad} onSeeBrand={onSeeBrand} />
      <p className="field-hint">
        Launch dates are not discovery dates: ads indexed late can appear with older launch dates.
      </p>
    </section>
  );
}

/** S saves the open ad to the last board used; Shift+S asks where (not while typing or in a dialog). */
function useSaveShortcut(ad: LibraryAd | undefined): void {
  const openSaveDialog = useSaveStore((state) => state.openDialog);
  const quickSave = useSaveStore((state) => state.quickSave);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]') || !ad) return;
      if ((event.key !== 's' && event.key !== 'S') || event.metaKey || event.ctrlKey || event.altKey) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      event.preventDefault();
      if (event.key === 'S') openSaveDialog(ad);
      else void quickSave(ad);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ad, openSaveDialog, quickSave]);
}

interface MediaItem {
  url: string;
  label: string;
  /** A video without a poster: its own first frame (and it can be played here). */
  video: boolean;
}

/** The ad's images, video posters, and videos given without a poster, in that order. */
function mediaOf(ad: LibraryAd): MediaItem[] {
  return [
    ...ad.images.map((image, index) => ({ url: safeHttpUrl(image.url), label: `Image ${index + 1}`, video: false })),
    ...ad.videos.map((video, index) => {
      const poster = safeHttpUrl(video.preview_image_url);
      return poster
        ? { url: poster, label: `Video ${index + 1} poster`, video: false }
        : { url: safeHttpUrl(video.url), label: `Video ${index + 1}`, video: true };
    }),
  ].filter((item): item is MediaItem => item.url !== null);
}

/** The ad's images and video posters (a video without one shows its first frame), or a line saying it has none. */
function AdMedia({ ad }: { ad: LibraryAd }) {
  const media = mediaOf(ad);
  if (media.length === 0) return <p className="muted">This ad has no image or video preview.</p>;
  return (
    <ul className="ad-detail-media list-plain" aria-label="Creatives">
      {media.map((item) => (
        <li key={item.url}>
          <figure>
            {item.video ? (
              <VideoFrame
                src={item.url}
                label={`${item.label} of the ad`}
                controls
                fallbackClassName="ad-detail-nomedia"
              />
            ) : (
              <CreativeImage src={item.url} alt={`${item.label} of the ad`} loading="lazy" />
            )}
            <figcaption className="muted">{item.label}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** Every field of the ad as term and value; what the service did not give is said so. */
function AdFacts({ ad, onSeeBrand }: { ad: LibraryAd; onSeeBrand: AdDetailProps['onSeeBrand'] }) {
  const link = safeHttpUrl(ad.link_url);
  const running = ad.end_date || ad.is_active ? daysRunning(ad.start_date, ad.end_date, systemClock()) : null;
  const brandId = ad.unified_brand_id;
  return (
    <dl className="facts">
      <dt>Brand</dt>
      <dd>
        {orNotGiven(ad.brand_name)}
        {onSeeBrand && brandId ? (
          <>
            {' '}
            <button
              type="button"
              className="btn-link btn"
              onClick={() => onSeeBrand({ id: brandId, name: ad.brand_name ?? 'this brand' })}
            >
              See this brand's ads
            </button>
          </>
        ) : null}
      </dd>
      <dt>Call to action</dt>
      <dd>{ctaLabel(ad.cta_type) ?? 'None'}</dd>
      <dt>Format</dt>
      <dd>{orNotGiven(formatLabel(ad.display_format))}</dd>
      <dt>Launched</dt>
      <dd>{orNotGiven(formatDay(ad.start_date))}</dd>
      <dt>Status</dt>
      <dd>
        {runStatusText(ad)}
        {running ? ` · ${countOf(running, 'day')}` : ''}
      </dd>
      <dt>Language</dt>
      <dd>{orNotGiven(languageName(ad.language))}</dd>
      <dt>Landing page</dt>
      <dd className="ad-detail-url">{link ?? 'None, or not a web address'}</dd>
      {ad.saved_details ? (
        <>
          <dt>Saved</dt>
          <dd>
            {formatDateTime(ad.saved_details.saved_at) ?? 'Yes'} in {ad.saved_details.boards.length}{' '}
            {ad.saved_details.boards.length === 1 ? 'board' : 'boards'}
            {ad.saved_details.tags.length > 0 ? `; tags: ${ad.saved_details.tags.join(', ')}` : ''}
          </dd>
        </>
      ) : null}
      <dt>Library id</dt>
      <dd>
        <code>{ad.id}</code>
      </dd>
    </dl>
  );
}
