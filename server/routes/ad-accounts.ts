import {
  type AccountAdDetail,
  type AccountSummary,
  type AdAccountList,
  type MetricCatalogue,
  type RankedAds,
  SORT_ORDER_PARAM,
  sortOrders,
  type Transcript,
} from '../../lib/contract/ad-accounts';
import { LIMITS, metricsProblem } from '../../lib/contract/limits';
import { resolveWindow, type ResolvedWindow, shiftUtcDay, utcToday } from '../../lib/contract/window';
import { invalid, notCached, notFound } from '../envelope';
import { intParam, optionalString, uuidValue } from '../params';
import {
  type AccountAd,
  type AdAccount,
  addRows,
  DEFAULT_METRICS,
  GOOGLE_RANKABLE,
  type MetricDefinition,
  metricValue,
  SETTLING_DAYS,
  sumRows,
  TRANSCRIPT_CREDITS,
} from '../reporting';
import type { Route, RouteContext } from '../router';

function accountOf(context: RouteContext): AdAccount {
  const id = uuidValue('account_id', context.params.account_id ?? '');
  const account = context.state.adAccounts.find((candidate) => candidate.id === id);
  if (!account || account.workspaceId !== context.workspace.id)
    throw notFound(`No ad account ${id} in this workspace.`);
  return account;
}

function windowOf(context: RouteContext): ResolvedWindow {
  const result = resolveWindow(
    {
      period: optionalString(context.query, 'period', 20),
      date_start: optionalString(context.query, 'date_start', 20),
      date_stop: optionalString(context.query, 'date_stop', 20),
    },
    context.state.clock.now(),
  );
  if (!result.ok) throw invalid(result.problem.message, { field: result.problem.field });
  return result.window;
}

/** The default set plus the requested ids, each from the catalogue; at most 20 requested. */
function metricsOf(context: RouteContext, account: AdAccount): MetricDefinition[] {
  const raw = optionalString(context.query, 'metrics', 4000);
  const requested =
    raw === undefined
      ? []
      : raw
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
  const byId = new Map(account.catalogue.map((metric) => [metric.id, metric]));
  const problem = metricsProblem(requested, new Set(byId.keys()));
  if (problem) throw invalid(problem.message, { field: problem.field });
  const ids = [...new Set([...DEFAULT_METRICS, ...requested])];
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function metricsObject(metrics: MetricDefinition[], rows: ReturnType<typeof sumRows>) {
  return Object.fromEntries(metrics.map((metric) => [metric.id, metricValue(metric, rows)]));
}

function names(metrics: MetricDefinition[]) {
  return Object.fromEntries(metrics.map((metric) => [metric.id, metric.name]));
}

function windowJson(window: ResolvedWindow, today: string) {
  const settlingFrom = shiftUtcDay(today, -SETTLING_DAYS);
  return {
    period: window.period,
    date_start: window.dateStart,
    date_stop: window.dateStop,
    days: window.days,
    // Our extra: the first day in the window whose figures may still change, or null.
    settling_from:
      window.dateStop >= settlingFrom ? (window.dateStart > settlingFrom ? window.dateStart : settlingFrom) : null,
  };
}

function previewUrl(context: RouteContext, account: AdAccount, ad: AccountAd): string {
  return context.mediaUrl(`/media/accounts/${account.id}/${encodeURIComponent(ad.platformAdId)}/preview.svg`);
}

function findVideo(account: AdAccount, videoId: string) {
  for (const ad of account.ads) {
    const video = ad.videos.find((candidate) => candidate.videoId === videoId);
    if (video) return video;
  }
  return undefined;
}

function transcriptJson(
  videoId: string,
  cached: { text: string; language: string; createdAt: string },
  fromCache: boolean,
  charged: number,
) {
  const sentences = cached.text.split(/(?<=\.)\s+/);
  let at = 0;
  return {
    video_id: videoId,
    language: cached.language,
    text: cached.text,
    segments: sentences.map((text) => {
      const start = at;
      at += Math.max(1.5, text.length / 15);
      return { start: Math.round(start * 10) / 10, end: Math.round(at * 10) / 10, text };
    }),
    created_at: cached.createdAt,
    cached: fromCache,
    credits_charged: charged,
  } satisfies Transcript;
}

/** Ad accounts and their reporting (spec 4.0 to 4.7). */
export const adAccountRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/ad-accounts',
    handler: ({ state, workspace }) =>
      ({
        items: state.adAccounts
          .filter((account) => account.workspaceId === workspace.id)
          .map((account) => ({
            id: account.id,
            name: account.name,
            platform: account.platform,
            currency: account.currency,
          })),
      }) satisfies AdAccountList,
  },
  {
    method: 'GET',
    pattern: '/ad-accounts/:account_id/metrics',
    handler: (context) => {
      const account = accountOf(context);
      return {
        items: account.catalogue.map((metric) => ({
          id: metric.id,
          name: metric.name,
          kind: metric.kind,
          format: metric.format,
          default: (DEFAULT_METRICS as readonly string[]).includes(metric.id),
          sortable: account.platform === 'meta' || (GOOGLE_RANKABLE as readonly string[]).includes(metric.id),
        })),
      } satisfies MetricCatalogue;
    },
  },
  {
    method: 'GET',
    pattern: '/ad-accounts/:account_id/summary',
    handler: (context) => {
      const account = accountOf(context);
      const window = windowOf(context);
      const metrics = metricsOf(context, account);
      const now = context.state.clock.now();
      const today = utcToday(now);
      let total: ReturnType<typeof sumRows> = null;
      for (const ad of account.ads) total = addRows(total, sumRows(ad, window.dateStart, window.dateStop, today, now));
      return {
        account_id: account.id,
        currency: account.currency,
        window: windowJson(window, today),
        metrics: metricsObject(metrics, total),
        metric_names: names(metrics),
      } satisfies AccountSummary;
    },
  },
  {
    method: 'GET',
    pattern: '/ad-accounts/:account_id/ads',
    handler: (context) => {
      const account = accountOf(context);
      const window = windowOf(context);
      const metrics = metricsOf(context, account);
      const sortBy = optionalString(context.query, 'sort_by', 100) ?? 'spend';
      const sortMetric = account.catalogue.find((metric) => metric.id === sortBy);
      if (!sortMetric)
        throw invalid(`sort_by ${sortBy} is not in this account's metric catalogue.`, { field: 'sort_by' });
      if (account.platform === 'google' && !(GOOGLE_RANKABLE as readonly string[]).includes(sortBy)) {
        throw invalid(`This platform ranks ads only by ${GOOGLE_RANKABLE.join(', ')}.`, {
          field: 'sort_by',
          supported_sort_by: GOOGLE_RANKABLE,
        });
      }
      const order = optionalString(context.query, SORT_ORDER_PARAM, 10) ?? 'desc';
      if (!(sortOrders as readonly string[]).includes(order)) {
        throw invalid(`${SORT_ORDER_PARAM} must be desc or asc.`, { field: SORT_ORDER_PARAM });
      }
      const { min, max, default: fallback } = LIMITS.adsLimit;
      const limit = intParam(context.query, 'limit', { min, max, fallback });
      const now = context.state.clock.now();
      const today = utcToday(now);
      const shown = metrics.some((metric) => metric.id === sortMetric.id) ? metrics : [...metrics, sortMetric];
      // Every ad that delivered in the window is ranked, not a page of them.
      const ranked = account.ads
        .map((ad) => ({ ad, rows: sumRows(ad, window.dateStart, window.dateStop, today, now) }))
        .filter((entry) => entry.rows !== null)
        .map((entry) => ({ ...entry, key: metricValue(sortMetric, entry.rows) }))
        .sort((a, b) => {
          if (a.key === null || b.key === null)
            return a.key === b.key ? a.ad.platformAdId.localeCompare(b.ad.platformAdId) : a.key === null ? 1 : -1;
          const difference = order === 'desc' ? b.key - a.key : a.key - b.key;
          return difference !== 0 ? difference : a.ad.platformAdId.localeCompare(b.ad.platformAdId);
        });
      return {
        items: ranked.slice(0, limit).map(({ ad, rows }) => ({
          platform_ad_id: ad.platformAdId,
          name: ad.name,
          status: ad.status,
          format: ad.format,
          preview_image_url: previewUrl(context, account, ad),
          metrics: metricsObject(shown, rows),
        })),
        metric_names: names(shown),
        window: windowJson(window, today),
        sort_by: sortMetric.id,
        [SORT_ORDER_PARAM]: order,
        total_ads: ranked.length,
        currency: account.currency,
      } satisfies RankedAds;
    },
  },
  {
    method: 'GET',
    pattern: '/ad-accounts/:account_id/ads/:platform_ad_id',
    handler: (context) => {
      const account = accountOf(context);
      const window = windowOf(context);
      const metrics = metricsOf(context, account);
      const id = context.params.platform_ad_id ?? '';
      const ad = account.ads.find((candidate) => candidate.platformAdId === id);
      if (!ad) throw notFound(`No ad ${id.slice(0, 64)} in this ad account.`);
      const now = context.state.clock.now();
      const today = utcToday(now);
      const preview = previewUrl(context, account, ad);
      return {
        platform_ad_id: ad.platformAdId,
        name: ad.name,
        status: ad.status,
        format: ad.format,
        window: windowJson(window, today),
        currency: account.currency,
        metrics: metricsObject(metrics, sumRows(ad, window.dateStart, window.dateStop, today, now)),
        metric_names: names(metrics),
        creative: {
          title: ad.title,
          body: ad.body,
          call_to_action: ad.callToAction,
          link_url: ad.linkUrl,
          images: ad.format === 'image' ? [{ url: preview, width: 1080, height: 1080 }] : [],
          videos: ad.videos.map((video) => ({
            video_id: video.videoId,
            preview_image_url: preview,
            duration_seconds: video.durationSeconds,
            // The demo has no playable file: a poster and a transcript only.
            url: null,
            transcript_cached: account.transcripts.has(video.videoId),
          })),
        },
      } satisfies AccountAdDetail;
    },
  },
  {
    method: 'POST',
    pattern: '/ad-accounts/:account_id/videos/:video_id/transcript',
    handler: async (context) => {
      const account = accountOf(context);
      const videoId = context.params.video_id ?? '';
      const video = findVideo(account, videoId);
      if (!video) throw notFound(`No video ${videoId.slice(0, 64)} in this ad account.`);
      const cached = account.transcripts.get(videoId);
      if (cached) return transcriptJson(videoId, cached, true, 0);
      // A cache miss is charged, then transcribed while the caller waits (synchronous): a second
      // request during that work misses the cache too, and is charged again.
      context.state.generations.charge(context.workspace, TRANSCRIPT_CREDITS, {
        kind: 'transcript',
        video_id: videoId,
      });
      await context.work();
      const made = { text: video.transcript, language: 'en', createdAt: context.state.clock.now().toISOString() };
      account.transcripts.set(videoId, made);
      return transcriptJson(videoId, made, false, TRANSCRIPT_CREDITS);
    },
  },
  {
    method: 'GET',
    pattern: '/ad-accounts/:account_id/videos/:video_id/transcript',
    handler: (context) => {
      const account = accountOf(context);
      const videoId = context.params.video_id ?? '';
      if (!findVideo(account, videoId)) throw notFound(`No video ${videoId.slice(0, 64)} in this ad account.`);
      const cached = account.transcripts.get(videoId);
      if (!cached) {
        // HTTP 404 (spec 7.2): nothing is triggered or charged.
        throw notCached(
          'No transcript is cached for this video yet. POST to the same path to transcribe it (that charges credits).',
        );
      }
      return transcriptJson(videoId, cached, true, 0);
    },
  },
];
