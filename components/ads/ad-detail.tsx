import { CreativeImage } from './creative-image';
import { VideoFrame } from './video-frame';
import { useEffect, useRef } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { safeHttpUrl } from '@/lib/url';
import { ErrorNotice } from '../ui/error-notice';
import { useEscape } from '../ui/use-escape';
import { daysRunning, formatDateTime, formatDay, languageName } from '../ui/format';
import { useLocalHoldings, useOutbox } from './use-outbox';
import { adSaveState } from './saved-state';
import { useSaveStore } from './save-store';
import { ctaWords, formatWords } from '../ui/ad-facts';
import { adHeadline, runStatusText, saveStatusText } from './ad-words';
import { useLibraryAd } from './queries';
import { systemClock } from '@/lib/clock';
import { t } from '@/lib/i18n';
import './ads.css';
import 'virtual:adscope-english/ads';

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
      {t('ads.detail.back')}
    </button>
  );
  if (!ad) {
    return (
      <section className="ad-detail" aria-labelledby="ad-detail-heading">
        {back}
        <h2 id="ad-detail-heading" ref={headingRef} tabIndex={-1}>
          {t('ads.detail.fallbackTitle', { id: adId })}
        </h2>
        {query.isError ? (
          <ErrorNotice title={t('ads.detail.loadError')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <p role="status">{t('ads.detail.loading')}</p>
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
          {t('ads.detail.save')}
        </button>
        {link ? (
          <a className="btn" href={link} target="_blank" rel="noopener noreferrer">
            {t('ads.detail.openLanding')}
          </a>
        ) : null}
      </div>
      <p className="ad-card-brand">{ad.brand_name ?? t('ads.brandNotGiven')}</p>
      <h2 id="ad-detail-heading" ref={headingRef} tabIndex={-1}>
        {adHeadline(ad)}
      </h2>
      {query.isError ? (
        <ErrorNotice title={t('ads.detail.refreshError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {status ? <p className="ad-card-status">{status}</p> : null}
      <AdMedia ad={ad} />
      {ad.body ? <p className="ad-detail-body">{ad.body}</p> : <p className="muted">{t('ads.detail.noBody')}</p>}
      <AdFacts ad={ad} onSeeBrand={onSeeBrand} />
      <p className="field-hint">{t('ads.launchCaveat')}</p>
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
  /** Its name in the page: which creative of the ad it is. */
  alt: string;
  /** A video without a poster: its own first frame (and it can be played here). */
  video: boolean;
}

/** The ad's images, video posters, and videos given without a poster, in that order. */
function mediaOf(ad: LibraryAd): MediaItem[] {
  return [
    ...ad.images.map((image, index) => ({
      url: safeHttpUrl(image.url),
      label: t('ads.media.image', { number: index + 1 }),
      alt: t('ads.media.imageAlt', { number: index + 1 }),
      video: false,
    })),
    ...ad.videos.map((video, index) => {
      const poster = safeHttpUrl(video.preview_image_url);
      const number = index + 1;
      return poster
        ? {
            url: poster,
            label: t('ads.media.poster', { number }),
            alt: t('ads.media.posterAlt', { number }),
            video: false,
          }
        : {
            url: safeHttpUrl(video.url),
            label: t('ads.media.video', { number }),
            alt: t('ads.media.videoAlt', { number }),
            video: true,
          };
    }),
  ].filter((item): item is MediaItem => item.url !== null);
}

/** The ad's images and video posters (a video without one shows its first frame), or a line saying it has none. */
function AdMedia({ ad }: { ad: LibraryAd }) {
  const media = mediaOf(ad);
  if (media.length === 0) return <p className="muted">{t('ads.media.none')}</p>;
  return (
    <ul className="ad-detail-media list-plain" aria-label={t('ads.media.label')}>
      {media.map((item) => (
        <li key={item.url}>
          <figure>
            {item.video ? (
              <VideoFrame src={item.url} label={item.alt} controls fallbackClassName="ad-detail-nomedia" />
            ) : (
              <CreativeImage src={item.url} alt={item.alt} loading="lazy" />
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
  const notGiven = t('ads.detail.notGiven');
  return (
    <dl className="facts">
      <dt>{t('ads.detail.brand')}</dt>
      <dd>
        {ad.brand_name ?? notGiven}
        {onSeeBrand && brandId ? (
          <>
            {' '}
            <button
              type="button"
              className="btn-link btn"
              onClick={() => onSeeBrand({ id: brandId, name: ad.brand_name ?? t('ads.thisBrand') })}
            >
              {t('ads.detail.seeBrand')}
            </button>
          </>
        ) : null}
      </dd>
      <dt>{t('ads.detail.cta')}</dt>
      <dd>{ctaWords(ad.cta_type) ?? t('ads.detail.none')}</dd>
      <dt>{t('ads.detail.format')}</dt>
      <dd>{formatWords(ad.display_format) ?? notGiven}</dd>
      <dt>{t('ads.detail.launched')}</dt>
      <dd>{formatDay(ad.start_date) ?? notGiven}</dd>
      <dt>{t('ads.detail.status')}</dt>
      <dd>
        {runStatusText(ad)}
        {running ? ` · ${t('ads.detail.days', { count: running })}` : ''}
      </dd>
      <dt>{t('ads.detail.language')}</dt>
      <dd>{languageName(ad.language) ?? notGiven}</dd>
      <dt>{t('ads.detail.landingPage')}</dt>
      <dd className="ad-detail-url">{link ?? t('ads.detail.noLanding')}</dd>
      {ad.saved_details ? (
        <>
          <dt>{t('ads.detail.saved')}</dt>
          <dd>
            {ad.saved_details.tags.length > 0
              ? t('ads.detail.savedInWithTags', {
                  when: formatDateTime(ad.saved_details.saved_at) ?? t('ads.detail.savedYes'),
                  count: ad.saved_details.boards.length,
                  tags: ad.saved_details.tags.join(', '),
                })
              : t('ads.detail.savedIn', {
                  when: formatDateTime(ad.saved_details.saved_at) ?? t('ads.detail.savedYes'),
                  count: ad.saved_details.boards.length,
                })}
          </dd>
        </>
      ) : null}
      <dt>{t('ads.detail.libraryId')}</dt>
      <dd>
        <code>{ad.id}</code>
      </dd>
    </dl>
  );
}
