import {
  adAccountListSchema,
  adsLimitSchema,
  adDetailSchema,
  metricCatalogueSchema,
  rankedSchema,
  SORT_ORDER_PARAM,
  type SortOrder,
  sortOrders,
  summarySchema,
  type Transcript,
  transcriptSchema,
} from '../../contract/ad-accounts';
import { isUuid, metricsProblem } from '../../contract/limits';
import { apiPath } from '../../contract/path';
import { resolveWindow, type WindowParams } from '../../contract/window';
import type { Clock } from '../../clock';
import { ApiError, invalidInput } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import { parseInput, refuse } from '../parse-input';
import type { Transport } from './transport';

export interface ReportQuery {
  window: WindowParams;
  /** Extra metric ids from the catalogue, on top of the default set. */
  metrics: string[];
}

function accountPath(accountId: string): string {
  if (!isUuid(accountId)) throw invalidInput('account', t('api.accounts.pickAccount'));

  return accountId;
}

/** The 4.0 parameters, checked before sending: every window rule and at most 20 metric ids. */
function reportParams(query: ReportQuery, now: Date) {
  const window = resolveWindow(query.window, now);
  refuse(window.ok ? null : window.problem);
  const metrics = [...new Set(query.metrics)];
  refuse(metricsProblem(metrics));
  const { period, date_start, date_stop } = query.window;
  return {
    ...(period ? { period } : {}),
    ...(date_start ? { date_start } : {}),
    ...(date_stop ? { date_stop } : {}),
    ...(metrics.length > 0 ? { metrics: metrics.join(',') } : {}),
  };
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The ad-account endpoints; `clock` says what "today" is for the window rules. */
export function adAccountsApi(transport: Transport, clock: Clock) {
  const today = () => new Date(clock());
  return {
    list: (signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts'), {
        schema: adAccountListSchema,
        ...withSignal(signal),
      }),
    metrics: (accountId: string, signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts', accountPath(accountId), 'metrics'), {
        schema: metricCatalogueSchema,
        ...withSignal(signal),
      }),
    summary: (accountId: string, query: ReportQuery, signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts', accountPath(accountId), 'summary'), {
        schema: summarySchema,
        query: reportParams(query, today()),
        ...withSignal(signal),
      }),
    ads: (
      accountId: string,
      query: ReportQuery & { sortBy: string; sortOrder: SortOrder; limit: number },
      signal?: AbortSignal,
    ) => {
      parseInput(adsLimitSchema, query.limit, 'limit');
      if (!sortOrders.includes(query.sortOrder)) throw invalidInput(SORT_ORDER_PARAM, t('api.accounts.sortOrder'));
      if (!query.sortBy) throw invalidInput('sort_by', t('api.accounts.pickMetric'));

      return transport.get(apiPath('ad-accounts', accountPath(accountId), 'ads'), {
        schema: rankedSchema,
        query: {
          ...reportParams(query, today()),
          sort_by: query.sortBy,
          [SORT_ORDER_PARAM]: query.sortOrder,
          limit: query.limit,
        },
        ...withSignal(signal),
      });
    },
    ad: (accountId: string, platformAdId: string, query: ReportQuery, signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts', accountPath(accountId), 'ads', platformAdId), {
        schema: adDetailSchema,
        query: reportParams(query, today()),
        ...withSignal(signal),
      }),
    /** The cached transcript, or null when none is cached yet (HTTP 404). Never charges. */
    transcript: async (accountId: string, videoId: string, signal?: AbortSignal): Promise<Transcript | null> => {
      try {
        return await transport.get(apiPath('ad-accounts', accountPath(accountId), 'videos', videoId, 'transcript'), {
          schema: transcriptSchema,
          ...withSignal(signal),
        });
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 404) return null;
        throw error;
      }
    },
    /**
     * Transcribes, charging credits on a cache miss (4.6). Sent once and never repeated here: the
     * service transcribes while the caller waits, and a repeat sent during that work misses the
     * cache too and is charged again. Its timeout is the long one.
     */
    transcribe: (accountId: string, videoId: string) =>
      transport.post(apiPath('ad-accounts', accountPath(accountId), 'videos', videoId, 'transcript'), {
        schema: transcriptSchema,
        body: {},
        long: true,
      }),
  };
}
