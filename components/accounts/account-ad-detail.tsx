import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { callBackground } from '@/lib/messaging/client';
import { winnerQuery } from '@/lib/keywords';
import { safeHttpUrl } from '@/lib/url';
import { QueryView } from '../ui/query-view';
import { ctaLabel } from '../ui/format';
import { navigate } from '../navigation/navigation-store';
import { useAccountsStore, windowParams } from './accounts-store';
import { formatMetric, kindOf, metricName } from './metric-format';
import { TranscriptView } from './transcript-view';
import { accountKeys } from './query-keys';

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
  const view = useAccountsStore();
  const back = useRef<HTMLButtonElement>(null);
  const adId = view.openAdId ?? '';
  const detail = useQuery({
    queryKey: accountKeys.ad(accountId, adId, windowParams(view), view.metrics),
    queryFn: ({ signal }) =>
      callBackground('accounts.ad', { accountId, adId, window: windowParams(view), metrics: view.metrics }, { signal }),
  });
  useEffect(() => back.current?.focus(), []);
  const data = detail.data;
  const creative = data?.creative;
  const formatOf = kindOf(catalogue);
  return (
    <section className="account-ad" aria-labelledby="account-ad-heading">
      <button ref={back} type="button" className="btn" onClick={() => view.set({ openAdId: null })}>
        Back to ranked ads
      </button>
      <h3 id="account-ad-heading">{data?.name ?? 'Ad'}</h3>
      <QueryView query={detail} loadingLabel="Loading the ad" rows={2} errorTitle="Could not load this ad">
        {(data) => (
          <>
            <div className="creative">
              {creative ? null : (
                <p className="notice notice-warning" role="status">
                  The service sent this ad without a creative block Adscope can read: its text, images and videos are
                  not shown.
                </p>
              )}
              {creative?.images.map((image, index) => {
                const url = safeHttpUrl(image.url);
                return url ? (
                  <img key={url} src={url} alt={`Creative image ${index + 1}`} className="creative-image" />
                ) : null;
              })}
              {creative?.title ? <p className="creative-title">{creative.title}</p> : null}
              {creative?.body ? <p>{creative.body}</p> : null}
              <p className="muted">
                {creative?.call_to_action ? `Call to action: ${ctaLabel(creative.call_to_action)}` : null}
                {safeHttpUrl(creative?.link_url) ? ` · ${safeHttpUrl(creative?.link_url)}` : null}
              </p>
              <button
                type="button"
                className="btn"
                onClick={() =>
                  navigate({
                    to: 'search',
                    query: winnerQuery(creative?.title ?? data.name ?? ''),
                    format: data.format ?? '',
                  })
                }
              >
                Find ads like this winner
              </button>
            </div>
            <h4>
              Metrics, {data.window?.date_start} to {data.window?.date_stop}
            </h4>
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
            {creative && creative.videos.length > 0 ? (
              <>
                <h4>Videos</h4>
                <ul className="list-plain videos">
                  {creative.videos.map((video, index) => {
                    const poster = safeHttpUrl(video.preview_image_url);
                    const source = safeHttpUrl(video.url);
                    return (
                      <li key={video.video_id} className="card video">
                        <h5>
                          Video {index + 1}
                          {video.duration_seconds !== null ? ` · ${video.duration_seconds} s` : ''}
                        </h5>
                        {source ? (
                          <video
                            controls
                            preload="none"
                            src={source}
                            poster={poster ?? undefined}
                            className="creative-image"
                          >
                            <track kind="captions" />
                          </video>
                        ) : poster ? (
                          <img src={poster} alt={`Poster of video ${index + 1}`} className="creative-image" />
                        ) : null}
                        <TranscriptView accountId={accountId} videoId={video.video_id} />
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : null}
          </>
        )}
      </QueryView>
    </section>
  );
}
