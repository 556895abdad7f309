import { useEffect, useRef } from 'react';
import type { AccountAdDetail as AccountAd, MetricEntry } from '@/lib/contract/ad-accounts';
import { winnerQuery } from '@/lib/keywords';
import { safeHttpUrl } from '@/lib/url';
import { QueryView } from '../ui/query-view';
import { ctaWords } from '../ui/ad-facts';
import { navigate } from '../navigation/navigation-store';
import { useShallow } from 'zustand/react/shallow';
import { useAccountsStore } from './accounts-store';
import { metricsHeading } from './metrics-heading';
import { formatMetric, kindOf, metricName } from './metric-format';
import { TranscriptView } from './transcript-view';
import { useAccountAd } from './use-account-ad';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/accounts';

/** One ad of the account: the full creative, its metrics for the window, and its videos with transcripts. */
export function AccountAdDetail({
  accountId,
  catalogue,
  currency,
}: {
  accountId: string;
  catalogue: readonly MetricEntry[];
  /** The account's currency, when the answer itself names none. */
  currency: string | null;
}) {
  const set = useAccountsStore((state) => state.set);
  const asked = useAccountsStore(
    useShallow((state) => ({ period: state.period, dateStart: state.dateStart, dateStop: state.dateStop })),
  );
  const back = useRef<HTMLButtonElement>(null);
  const detail = useAccountAd(accountId, catalogue);
  useEffect(() => back.current?.focus(), []);
  const formatOf = kindOf(catalogue);
  return (
    <section className="account-ad" aria-labelledby="account-ad-heading">
      <button ref={back} type="button" className="btn" onClick={() => set({ openAdId: null })}>
        {t('accounts.ad.back')}
      </button>
      <h3 id="account-ad-heading">{detail.data?.name ?? t('accounts.ad.untitled')}</h3>
      <QueryView
        query={detail}
        loadingLabel={t('accounts.ad.loading')}
        rows={2}
        errorTitle={t('accounts.ad.loadFailed')}
      >
        {(data) => (
          <>
            <Creative ad={data} />
            <h4>{metricsHeading(data.window, asked)}</h4>
            <dl className="metric-list">
              {Object.entries(data.metrics).map(([id, value]) => (
                <div key={id}>
                  <dt>{metricName(id, data.metric_names, catalogue)}</dt>
                  <dd className={value === null ? 'no-data' : undefined}>
                    {formatMetric(value, formatOf(id), data.currency ?? currency)}
                  </dd>
                </div>
              ))}
            </dl>
            <Videos accountId={accountId} ad={data} />
          </>
        )}
      </QueryView>
    </section>
  );
}

/** The ad's images, text and call to action, and a search for ads like it. */
function Creative({ ad }: { ad: AccountAd }) {
  const creative = ad.creative;
  const link = safeHttpUrl(creative?.link_url);
  return (
    <div className="creative">
      {creative ? null : (
        <p className="notice notice-warning" role="status">
          {t('accounts.ad.noCreative')}
        </p>
      )}
      {creative?.images.map((image, index) => {
        const url = safeHttpUrl(image.url);
        return url ? (
          <img key={url} src={url} alt={t('accounts.ad.image', { number: index + 1 })} className="creative-image" />
        ) : null;
      })}
      {creative?.title ? <p className="creative-title">{creative.title}</p> : null}
      {creative?.body ? <p>{creative.body}</p> : null}
      <p className="muted">
        {creative?.call_to_action
          ? t('accounts.ad.callToAction', { action: ctaWords(creative.call_to_action) ?? creative.call_to_action })
          : null}
        {link ? ` · ${link}` : null}
      </p>
      <button
        type="button"
        className="btn"
        onClick={() =>
          navigate({ to: 'search', query: winnerQuery(creative?.title ?? ad.name ?? ''), format: ad.format ?? '' })
        }
      >
        {t('accounts.ad.findLikeThis')}
      </button>
    </div>
  );
}

/** Each video of the ad, playable, with its transcript. */
function Videos({ accountId, ad }: { accountId: string; ad: AccountAd }) {
  const videos = ad.creative?.videos ?? [];
  if (videos.length === 0) return null;
  return (
    <>
      <h4>{t('accounts.ad.videos')}</h4>
      <ul className="list-plain videos">
        {videos.map((video, index) => {
          const poster = safeHttpUrl(video.preview_image_url);
          const source = safeHttpUrl(video.url);
          return (
            <li key={video.video_id} className="card video">
              <h5>
                {video.duration_seconds !== null
                  ? t('accounts.ad.videoWithLength', { number: index + 1, seconds: video.duration_seconds })
                  : t('accounts.ad.video', { number: index + 1 })}
              </h5>
              {source ? (
                <video controls preload="none" src={source} poster={poster ?? undefined} className="creative-image">
                  <track kind="captions" />
                </video>
              ) : poster ? (
                <img src={poster} alt={t('accounts.ad.poster', { number: index + 1 })} className="creative-image" />
              ) : null}
              <TranscriptView accountId={accountId} videoId={video.video_id} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
