import type { LibraryAd } from '@/lib/contract/ad-library';
import { safeHttpUrl } from '@/lib/url';
import { ctaLabel, daysRunning, formatDateTime, formatDay, formatLabel } from '../ui/format';
import { SpriteIcon } from '../ui/icon-sprite';
import type { AdSaveState } from './saved-state';
import { navigate } from '../navigation/navigation-store';
import { systemClock } from '@/lib/clock';

/** The picture that stands for an ad: its first image, else its first video's poster. */
export function adPreviewUrl(ad: LibraryAd): string | null {
  for (const image of ad.images) {
    const url = safeHttpUrl(image.url);
    if (url) return url;
  }
  for (const video of ad.videos) {
    const url = safeHttpUrl(video.preview_image_url);
    if (url) return url;
  }
  return null;
}

export function adHeadline(ad: LibraryAd): string {
  return ad.title?.trim() || `Ad from ${ad.brand_name ?? 'an unknown brand'}`;
}

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
}

/** "Saved in 2 boards", "Saving…", "Save failed", or nothing. */
export function saveStatusText(state: AdSaveState): string | null {
  if (state.failed.length > 0) return 'Save failed';
  if (state.pending.length > 0) return 'Saving…';
  const count = state.boards.size;
  return count > 0 ? `Saved in ${count} ${count === 1 ? 'board' : 'boards'}` : null;
}

/** One ad in a grid. The whole card opens the detail view through its title button. */
export function AdCard({ ad, index, total, tabbable, onOpen, onFocus, onSave, saveState, showSaved }: AdCardProps) {
  const status = saveStatusText(saveState);
  const preview = adPreviewUrl(ad);
  const launched = formatDay(ad.start_date);
  // Days running only when the end is known (or the ad is known to run): an unknown end counts nothing.
  const running = ad.end_date || ad.is_active ? daysRunning(ad.start_date, ad.end_date, systemClock()) : null;
  const cta = ctaLabel(ad.cta_type);
  const format = formatLabel(ad.display_format);
  return (
    <article className="ad-card" role="listitem" aria-posinset={index + 1} aria-setsize={total}>
      <div className="ad-card-media">
        {preview ? (
          <img src={preview} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="ad-card-nomedia">No preview</span>
        )}
        {format ? <span className="badge ad-card-format">{format}</span> : null}
      </div>
      <div className="ad-card-body">
        <p className="ad-card-brand">{ad.brand_name ?? 'Unknown brand'}</p>
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
            Saved {formatDateTime(ad.saved_details.saved_at) ?? ''}
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
          {cta ? <span className="badge">{cta}</span> : null}
          {launched ? (
            <span>
              {launched}
              {running ? ` · ${running} ${running === 1 ? 'day' : 'days'}${ad.is_active ? ' running' : ''}` : ''}
            </span>
          ) : (
            <span>Launch date unknown</span>
          )}
        </p>
        <div className="ad-card-actions">
          <button
            type="button"
            className="btn btn-icon ad-card-action"
            tabIndex={tabbable ? 0 : -1}
            aria-label={`Save ${adHeadline(ad)} to a board`}
            title="Save to a board (S)"
            onClick={() => onSave(ad)}
          >
            <SpriteIcon name="save" />
          </button>
          <button
            type="button"
            className="btn btn-icon ad-card-action"
            tabIndex={tabbable ? 0 : -1}
            aria-label={`More like this: ${adHeadline(ad)}`}
            title="More like this"
            onClick={() => navigate({ to: 'similar', ad })}
          >
            <SpriteIcon name="similar" />
          </button>
          <button
            type="button"
            className="btn btn-icon ad-card-action"
            tabIndex={tabbable ? 0 : -1}
            aria-label={`Generate from this ad: ${adHeadline(ad)}`}
            title="Generate from this ad"
            onClick={() => navigate({ to: 'generate', ad })}
          >
            <SpriteIcon name="generate" />
          </button>
          {status ? (
            <span className={`ad-card-status${saveState.failed.length > 0 ? ' is-error' : ''}`}>{status}</span>
          ) : null}
        </div>
      </div>
    </article>
  );
}
