import { safeHttpUrl } from '../url';
import { z } from 'zod/mini';
import type {
  AccountAdDetail,
  AccountSummary,
  AdAccount,
  MetricEntry,
  RankedAds,
  Transcript,
} from '../contract/ad-accounts';
import { sortOrders } from '../contract/ad-accounts';
import { cursorRequestSchema, type LibraryAd, type LibraryPage, librarySearchSchema } from '../contract/ad-library';
import {
  BRAND_QUERY_MAX,
  type BrandDetail,
  type BrandPage,
  brandIdSchema,
  type FollowedBrands,
  followedRequestSchema,
} from '../contract/brand-library';
import {
  type BoardNode,
  type BoardTree,
  boardNameSchema,
  boardOrders,
  MAX_CARRIED_BOARD_NAME,
  tagsSchema,
} from '../contract/boards';
import { adSnapshotSchema } from '../contract/ad-snapshot-schema';
import { adIdSchema, boardIdSchema } from '../contract/ids';
import { checkWords } from '../contract/words';
import { generationChoiceSchema } from '../contract/generation-fields';
import type { OwnedBrandList } from '../contract/owned-brands';
import type { GenerationJob } from '../storage/generation-jobs';
import type { OutboxEntry } from '../storage/outbox';
import type { SerializedApiError } from './api-error';
import type { PageButtonState } from './page-button-access';
import { pageSignalsSchema, type SimilarResult, similarQuerySchema } from './similar';
import { type PageButtonWords, triggerSources } from './page-trigger';
import { languageChoiceSchema, themeSchema } from '../storage/settings';
import { WATCH_INTERVALS, WATCH_LIMIT, type WatchSettings } from '../storage/watchlist';
import { lazily } from '../lazy';

/** Who may send a request: our extension pages, or our content script running in a web page's tab. */
export type SenderKind = 'extension-page' | 'content-script';

export interface RequestDefinition<I extends z.ZodMiniType, R> {
  /**
   * The input's schema, built at its first use: a worker woken by one request builds that
   * request's schema, not the others' (docs/performance.md, worker cold start).
   */
  readonly input: I;
  senders: readonly SenderKind[];
  /** Phantom: carries the result type for the client; never set at runtime. */
  readonly result?: R;
}

/** Declares a request with its result type written once, here; `input` makes its schema when first asked. */
function request<R>() {
  return <I extends z.ZodMiniType>(definition: {
    input: () => I;
    senders: readonly SenderKind[];
  }): RequestDefinition<I, R> => {
    let input: I | undefined;
    return {
      senders: definition.senders,
      get input() {
        return (input ??= definition.input());
      },
    };
  };
}

const EXTENSION_PAGES = ['extension-page'] as const;
const empty = lazily(() => z.strictObject({}));

export interface SettingsView {
  baseUrl: string;
  /** The origin the stored key was entered for; null before any connection. */
  origin: string | null;
  theme: z.infer<typeof themeSchema>;
  /** The language chosen in Options; `auto` follows the browser's. */
  language: z.infer<typeof languageChoiceSchema>;
  hasApiKey: boolean;
  apiKeyLast4: string | null;
}

/** Boards kept in this browser, and what Adscope learned of the service's board writes. */
export interface LocalBoards {
  items: BoardNode[];
  writes: 'accepted' | 'refused' | 'unknown';
  /** The service's words when it refused a board write. */
  message?: string;
}

/** A copy of a board kept in this browser to the service: the board it fills, what it queued, and what stopped it half-way. */
export interface CopyAnswer {
  boardId: string;
  boardName: string;
  queued: number;
  stopped?: SerializedApiError;
}

export interface ConnectionReport {
  baseUrl: string;
  ownedBrands: number;
  checkedAt: string;
}

const reportQueryShape = () => ({
  accountId: z.string().check(z.minLength(1), z.maxLength(64)),
  window: z.strictObject({
    period: z.optional(z.string().check(z.maxLength(20))),
    date_start: z.optional(z.string().check(z.maxLength(20))),
    date_stop: z.optional(z.string().check(z.maxLength(20))),
  }),
  metrics: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(50)),
});
const videoSchema = () =>
  z.strictObject({
    accountId: z.string().check(z.minLength(1), z.maxLength(64)),
    videoId: z.string().check(z.minLength(1), z.maxLength(200)),
  });

/** The one protocol between extension pages / content script and the background. */
export const requests = {
  'settings.get': request<SettingsView>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'settings.save': request<{ settings: SettingsView; connection: ConnectionReport }>()({
    input: () =>
      z.strictObject({
        baseUrl: z.string().check(z.maxLength(2048)),
        /** Omitted to keep the stored key: allowed only for its own origin, or the one named next. */
        apiKey: z.optional(z.string().check(z.maxLength(512))),
        /** The user confirmed sending the key to this origin (a stored key's new origin, or one the browser did not ask about). */
        confirmedOrigin: z.optional(z.string().check(z.maxLength(2048))),
      }),
    senders: EXTENSION_PAGES,
  }),
  'settings.setTheme': request<SettingsView>()({
    input: () => z.strictObject({ theme: themeSchema }),
    senders: EXTENSION_PAGES,
  }),
  'settings.setLanguage': request<SettingsView>()({
    input: () => z.strictObject({ language: languageChoiceSchema }),
    senders: EXTENSION_PAGES,
  }),
  'settings.forgetKey': request<SettingsView>()({ input: () => empty, senders: EXTENSION_PAGES }),
  /** Everything Adscope keeps in this browser, erased; the settings as they are afterwards. */
  'data.eraseAll': request<SettingsView>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'connection.test': request<ConnectionReport>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'ownedBrands.list': request<OwnedBrandList>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'library.search': request<LibraryPage>()({ input: () => librarySearchSchema, senders: EXTENSION_PAGES }),
  'library.saved': request<LibraryPage>()({ input: () => cursorRequestSchema, senders: EXTENSION_PAGES }),
  'library.ad': request<LibraryAd>()({
    input: () => z.strictObject({ adId: adIdSchema }),
    senders: EXTENSION_PAGES,
  }),
  'brands.search': request<BrandPage>()({
    input: () =>
      z.strictObject({
        query: z.string().check(z.maxLength(BRAND_QUERY_MAX)),
        cursor: z.optional(z.string()),
        page_size: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
      }),
    senders: EXTENSION_PAGES,
  }),
  'brands.followedList': request<BrandPage>()({ input: () => cursorRequestSchema, senders: EXTENSION_PAGES }),
  'brands.followed': request<FollowedBrands>()({ input: () => followedRequestSchema, senders: EXTENSION_PAGES }),
  'brands.detail': request<BrandDetail>()({
    input: () => z.strictObject({ brandId: brandIdSchema }),
    senders: EXTENSION_PAGES,
  }),
  'brands.ads': request<LibraryPage>()({
    input: () =>
      z.strictObject({
        brandId: brandIdSchema,
        cursor: z.optional(z.string()),
        page_size: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
        order: z.optional(z.literal('newest')),
        sort_by: z.optional(z.enum(['best_match', 'most_active'])),
      }),
    senders: EXTENSION_PAGES,
  }),
  'boards.tree': request<BoardTree>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'boards.ads': request<LibraryPage>()({
    input: () =>
      z.strictObject({
        boardId: boardIdSchema,
        sort_by: z.optional(z.enum(boardOrders)),
        cursor: z.optional(z.string()),
        page_size: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
      }),
    senders: EXTENSION_PAGES,
  }),
  /** Boards kept in this browser, and whether the connected service takes board writes through its API. */
  'boards.local': request<LocalBoards>()({ input: () => empty, senders: EXTENSION_PAGES }),
  /** A new board: the service's, or one in this browser (asked, inside one, or when the service's are read-only). */
  'boards.create': request<{ board_id: string; name: string | null; local: boolean; note?: string }>()({
    input: () =>
      z.strictObject({
        name: boardNameSchema,
        parentId: z.nullable(boardIdSchema),
        local: z.optional(z.boolean()),
      }),
    senders: EXTENSION_PAGES,
  }),
  /**
   * Copies a board kept in this browser to the service (same board on a second copy); its ads go
   * as saves. A copy stopped half-way answers what it queued and what stopped the rest.
   */
  'boards.copyToService': request<CopyAnswer>()({
    input: () => z.strictObject({ boardId: boardIdSchema }),
    senders: EXTENSION_PAGES,
  }),
  /** Queues a save to a board; it is stored before it is sent, and retried until it lands. */
  'outbox.save': request<OutboxEntry>()({
    input: () =>
      z.strictObject({
        boardId: boardIdSchema,
        boardName: z.string().check(z.maxLength(MAX_CARRIED_BOARD_NAME)),
        adId: adIdSchema,
        tags: tagsSchema,
        /** The ad's creatives, for the vault to keep once the save is confirmed; web addresses only. */
        media: z.optional(
          z
            .array(
              z.string().check(
                z.maxLength(2048),
                z.refine((url) => safeHttpUrl(url) !== null, { error: () => checkWords('checks.save.creativeUrl') }),
              ),
            )
            .check(z.maxLength(10)),
        ),
        /** The ad as shown, for a board kept in this browser (bounded). */
        ad: z.optional(adSnapshotSchema),
      }),
    senders: EXTENSION_PAGES,
  }),
  /**
   * Keeps the creatives of a board's ads in the vault (a board saved elsewhere): queued behind
   * what is waiting, one fetch at a time; ads already kept or queued are left as they are.
   */
  'vault.keep': request<{ added: number }>()({
    input: () =>
      z.strictObject({
        boardId: boardIdSchema,
        boardName: z.string().check(z.maxLength(MAX_CARRIED_BOARD_NAME)),
        ads: z
          .array(
            z.strictObject({
              adId: z.string().check(z.minLength(1), z.maxLength(200)),
              urls: z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(10)),
            }),
          )
          .check(z.maxLength(20_000)),
      }),
    senders: EXTENSION_PAGES,
  }),
  /** Stops keeping a board: its waiting creatives are dropped (what is kept stays). */
  'vault.cancel': request<{ ok: true }>()({
    input: () => z.strictObject({ boardId: boardIdSchema }),
    senders: EXTENSION_PAGES,
  }),
  'outbox.undo': request<OutboxEntry | null>()({
    input: () => z.strictObject({ entryId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    senders: EXTENSION_PAGES,
  }),
  'outbox.retry': request<{ ok: true }>()({
    input: () => z.strictObject({ entryId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    senders: EXTENSION_PAGES,
  }),
  /** Drops a save held for another workspace. */
  'outbox.discard': request<{ ok: true }>()({
    input: () => z.strictObject({ entryId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    senders: EXTENSION_PAGES,
  }),
  'accounts.list': request<{ items: AdAccount[] }>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'accounts.metrics': request<{ items: MetricEntry[] }>()({
    input: () => z.strictObject({ accountId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    senders: EXTENSION_PAGES,
  }),
  'accounts.summary': request<AccountSummary>()({
    input: () => z.strictObject(reportQueryShape()),
    senders: EXTENSION_PAGES,
  }),
  'accounts.ads': request<RankedAds>()({
    input: () =>
      z.strictObject({
        ...reportQueryShape(),
        sortBy: z.string().check(z.minLength(1), z.maxLength(200)),
        sortOrder: z.enum(sortOrders),
        limit: z.number().check(z.int()),
      }),
    senders: EXTENSION_PAGES,
  }),
  'accounts.ad': request<AccountAdDetail>()({
    input: () => z.strictObject({ ...reportQueryShape(), adId: z.string().check(z.minLength(1), z.maxLength(200)) }),
    senders: EXTENSION_PAGES,
  }),
  /** The cached transcript or null: free, never triggers transcription. */
  'accounts.transcript': request<Transcript | null>()({ input: videoSchema, senders: EXTENSION_PAGES }),
  /** Transcribes a video: charges credits on a cache miss; the UI asks first. */
  'accounts.transcribe': request<Transcript>()({ input: videoSchema, senders: EXTENSION_PAGES }),
  /** Starts an image generation as a stored job (its idempotency key is kept before the first send). */
  'generation.submit': request<GenerationJob>()({
    input: () => z.strictObject({ choice: generationChoiceSchema, brandName: z.string().check(z.maxLength(200)) }),
    senders: EXTENSION_PAGES,
  }),
  'generation.retry': request<{ ok: true }>()({
    input: () => z.strictObject({ jobId: z.string().check(z.minLength(8), z.maxLength(200)) }),
    senders: EXTENSION_PAGES,
  }),
  'generation.dismiss': request<{ ok: true }>()({
    input: () => z.strictObject({ jobId: z.string().check(z.minLength(8), z.maxLength(200)) }),
    senders: EXTENSION_PAGES,
  }),
  /** Finds a brand's ads and similar ads from a page's signals or from an ad. */
  'similar.find': request<SimilarResult>()({ input: () => similarQuerySchema, senders: EXTENSION_PAGES }),
  /**
   * The injected find-similar script hands its page's signals to the panel. It gets no API
   * data back: whether the panel opened, nothing more.
   */
  'similar.show': request<{ opened: boolean }>()({
    input: () => z.strictObject({ source: z.enum(triggerSources), signals: pageSignalsSchema }),
    senders: ['content-script'],
  }),
  /** The toolbar's "Find similar ads on this page": the popup opened the panel; the background reads the tab. */
  'similar.inTab': request<{ ok: true }>()({
    input: () => z.strictObject({ tabId: z.number().check(z.int(), z.nonnegative()) }),
    senders: EXTENSION_PAGES,
  }),
  'pageButton.get': request<PageButtonState>()({ input: () => empty, senders: EXTENSION_PAGES }),
  /** The page button's words in the chosen language, asked once a page first shows it. */
  'pageButton.words': request<PageButtonWords>()({ input: () => empty, senders: ['content-script'] }),

  /** Turns the opt-in page button on or off; the options page asks the browser for site access first. */
  'pageButton.set': request<PageButtonState>()({
    input: () => z.strictObject({ enabled: z.boolean() }),
    senders: EXTENSION_PAGES,
  }),
  /** Aborts a request this page sent earlier (a stale typeahead search, a closed view). */
  'request.cancel': request<{ cancelled: boolean }>()({
    input: () => z.strictObject({ requestId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    senders: EXTENSION_PAGES,
  }),
  /**
   * Adds brands to the watchlist (one, or picked from the followed list); all or none when over
   * the limit. A row whose id is not a brand id is skipped and counted, never the whole import;
   * a long name is cut where it enters.
   */
  'watch.add': request<{ added: number; watching: number; skipped: number }>()({
    input: () =>
      z.strictObject({
        brands: z
          .array(
            z.strictObject({ id: z.string().check(z.maxLength(200)), name: z.string().check(z.maxLength(100_000)) }),
          )
          .check(
            z.minLength(1, { error: () => checkWords('checks.watch.pickBrand') }),
            z.maxLength(WATCH_LIMIT, { error: () => checkWords('checks.watch.limit', { max: WATCH_LIMIT }) }),
          ),
      }),
    senders: EXTENSION_PAGES,
  }),
  'watch.remove': request<{ watching: number }>()({
    input: () => z.strictObject({ brandIds: z.array(brandIdSchema).check(z.minLength(1), z.maxLength(WATCH_LIMIT)) }),
    senders: EXTENSION_PAGES,
  }),
  /** Clears the new ads of some brands, or of all. */
  'watch.markSeen': request<{ ok: true }>()({
    input: () =>
      z.strictObject({
        brandIds: z.union([z.literal('all'), z.array(brandIdSchema).check(z.minLength(1), z.maxLength(WATCH_LIMIT))]),
      }),
    senders: EXTENSION_PAGES,
  }),
  /** Checks every watched brand now; false when a check is already under way. */
  'watch.checkNow': request<{ started: boolean }>()({ input: () => empty, senders: EXTENSION_PAGES }),
  'watch.setSettings': request<WatchSettings>()({
    input: () =>
      z.strictObject({
        intervalHours: z.number().check(
          z.int(),
          z.refine((hours) => (WATCH_INTERVALS as readonly number[]).includes(hours), {
            error: () => checkWords('checks.watch.interval', { hours: WATCH_INTERVALS.filter(Boolean).join(', ') }),
          }),
        ),
        notify: z.boolean(),
      }),
    senders: EXTENSION_PAGES,
  }),
  'sidePanel.open': request<{ opened: boolean }>()({
    input: () => z.strictObject({ windowId: z.optional(z.number().check(z.int(), z.nonnegative())) }),
    senders: ['extension-page', 'content-script'],
  }),
} as const;

export type Requests = typeof requests;
export type RequestType = keyof Requests;
export type RequestInput<K extends RequestType> = z.input<Requests[K]['input']>;
export type ParsedInput<K extends RequestType> = z.output<Requests[K]['input']>;
export type RequestResult<K extends RequestType> =
  Requests[K] extends RequestDefinition<z.ZodMiniType, infer R> ? R : never;

/** The wire shape of a request. */
export const messageSchema = lazily(() =>
  z.strictObject({
    type: z.string().check(z.maxLength(64)),
    payload: z.unknown(),
    /** Set when the sender may cancel the request with `request.cancel`. */
    requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
);
