import { CreativeImage } from './creative-image';
import { useEffect, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { daysRunning, formatDateTime, formatDay } from '../ui/format';
import { iconClass } from '../ui/icons';
import type { AdSaveState } from './saved-state';
import { ctaWords, formatWords } from '../ui/ad-facts';
import { adHeadline, adPreview, saveStatusText } from './ad-words';
import { navigate } from '../navigation/navigation-store';
import { systemClock } from '@/lib/clock';
import { VideoFrame } from './video-frame';
import { WatchButton } from './watch-toggle';
import { watchableBrand } from './watch-store';
import { t } from '@/lib/i18n';
import './ads.css';
import 'virtual:adscope-english/ads';

interface AdCardProps {
  ad: LibraryAd;
  index: number;
  total: number;
  tabbable: boolean;
  onOpen: (ad: LibraryAd) => void;
  onFocus: (index: number) => void;
  onSave: (ad: LibraryAd) => void;
  saveState: AdSaveState;
  /** In a board: show when it was saved and its tags. */
  showSaved?: boolean | undefined;
  /** Mounted while the list scrolls: load the creative only if the card stays a moment. */
  deferMedia?: boolean | undefined;
}

/**
 * How long a card mounted during a scroll waits before loading its creative. Cards that a fast
 * scroll carries past are gone before then, so nothing is fetched or decoded for them (decoding
 * an SVG creative is main-thread work); a card that stays shows it at once after.
 */
export const MEDIA_DELAY_MS = 150;

/** Text that wraps as one word: its spaces made non-breaking. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** The creative's URL to load now: at once, or after MEDIA_DELAY_MS for a card mounted while scrolling. */
function useDeferredMedia(url: string | null, defer: boolean): string | null {
  const [ready, setReady] = useState(!defer);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), MEDIA_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready ? url : null;
}

/** One ad in a grid. The whole card opens the detail view through its title button. */
export function AdCard({
  ad,
  index,
  total,
  tabbable,
  onOpen,
  onFocus,
  onSave,
  saveState,
  showSaved,
  deferMedia,
}: AdCardProps) {
  const status = saveStatusText(saveState);
  const preview = adPreview(ad);
  const shown = useDeferredMedia(preview?.url ?? null, deferMedia ?? false);
  const launched = formatDay(ad.start_date);
  // Days running only when the end is known (or the ad is known to run): an unknown end counts nothing.
  const running = ad.end_date || ad.is_active ? daysRunning(ad.start_date, ad.end_date, systemClock()) : null;
  const cta = ctaWords(ad.cta_type);
  const format = formatWords(ad.display_format);
  const brand = watchableBrand(ad);
  return (
    <article className="ad-card" role="listitem" aria-posinset={index + 1} aria-setsize={total} data-ad-id={ad.id}>
      <div className="ad-card-media">
        {shown === null ? (
          preview ? null : (
            <span className="ad-card-nomedia">{t('ads.noPreview')}</span>
          )
        ) : preview?.kind === 'video' ? (
          // No picture given: the video's own first frame, or "No preview" where the browser cannot show one.
          <VideoFrame src={shown} label="" fallbackClassName="ad-card-nomedia" />
        ) : (
          <CreativeImage src={shown} alt="" loading="lazy" decoding="async" />
        )}
        {format ? <span className="badge ad-card-format">{format}</span> : null}
        {/* The call to action on the creative's frame, across from its format: the card's text stays short. */}
        {cta ? <span className="badge ad-card-cta">{cta}</span> : null}
      </div>
      <div className="ad-card-body">
        <p className="ad-card-brand">{ad.brand_name ?? t('ads.brandNotGiven')}</p>
        <h3 className="ad-card-title">
          <button
            type="button"
            className="ad-card-open"
            data-ad-index={index}
            tabIndex={tabbable ? 0 : -1}
            onClick={() => onOpen(ad)}
            onFocus={() => onFocus(index)}
          >
            {adHeadline(ad)}
          </button>
        </h3>
        {showSaved && ad.saved_details ? (
          <p className="ad-card-saved">
            {t('ads.card.saved', { when: formatDateTime(ad.saved_details.saved_at) ?? '' })}
            {ad.saved_details.tags.length > 0 ? (
              <span className="ad-card-tags">
                {ad.saved_details.tags.map((tag) => (
                  <span key={tag} className="badge">
                    {tag}
                  </span>
                ))}
              </span>
            ) : null}
          </p>
        ) : null}
        <p className="ad-card-meta">
          {/* Text, not an element: a long list is lighter by a node per card. The date and the run
              length each keep to one line: in a narrow column the line breaks between them. */}
          {launched
            ? `${unbroken(launched)}${running ? ` ·\u00a0${unbroken(t(ad.is_active ? 'ads.card.daysRunning' : 'ads.card.days', { count: running }))}` : ''}`
            : t('ads.card.launchUnknown')}
        </p>
        <div className="ad-card-actions">
          <button
            type="button"
            className={`btn btn-icon ad-card-action ${iconClass('save')}`}
            tabIndex={tabbable ? 0 : -1}
            aria-label={t('ads.card.saveLabel', { ad: adHeadline(ad) })}
            title={t('ads.card.saveTitle')}
            onClick={() => onSave(ad)}
          ></button>
          <button
            type="button"
            className={`btn btn-icon ad-card-action ${iconClass('similar')}`}
            tabIndex={tabbable ? 0 : -1}
            aria-label={t('ads.card.similarLabel', { ad: adHeadline(ad) })}
            title={t('ads.card.similarTitle')}
            onClick={() => navigate({ to: 'similar', ad })}
          ></button>
          <button
            type="button"
            className={`btn btn-icon ad-card-action ${iconClass('generate')}`}
            tabIndex={tabbable ? 0 : -1}
            aria-label={t('ads.card.generateLabel', { ad: adHeadline(ad) })}
            title={t('ads.card.generateTitle')}
            onClick={() => navigate({ to: 'generate', ad })}
          ></button>
          {brand ? <WatchButton brand={brand} compact tabbable={tabbable} /> : null}
          {status ? (
            <span className={`ad-card-status${saveState.failed.length > 0 ? ' is-error' : ''}`}>{status}</span>
          ) : null}
        </div>
      </div>
    </article>
  );
}
