import { safeHttpUrl } from '../url';
import { z } from 'zod';
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
  type BrandDetail,
  type BrandPage,
  brandIdSchema,
  type FollowedBrands,
  followedRequestSchema,
} from '../contract/brand-library';
import { type BoardNode, type BoardTree, boardNameSchema, boardOrders, tagsSchema } from '../contract/boards';
import { adSnapshotSchema } from '../contract/ad-snapshot-schema';
import { adIdSchema, boardIdSchema } from '../contract/ids';
import { generationChoiceSchema } from '../contract/generation-fields';
import type { OwnedBrandList } from '../contract/owned-brands';
import type { GenerationJob } from '../storage/generation-jobs';
import type { OutboxEntry } from '../storage/outbox';
import type { PageButtonState } from './page-button-access';
import { pageSignalsSchema, type SimilarResult, similarQuerySchema } from './similar';
import { triggerSources } from './page-trigger';
import { languageChoiceSchema, themeSchema } from '../storage/settings';
import { WATCH_INTERVALS, WATCH_LIMIT, type WatchSettings } from '../storage/watchlist';

/** Who may send a request: our extension pages, or our content script running in a web page's tab. */
export type SenderKind = 'extension-page' | 'content-script';

export interface RequestDefinition<I extends z.ZodType, R> {
  input: I;
  senders: readonly SenderKind[];
  /** Phantom: carries the result type for the client; never set at runtime. */
  readonly result?: R;
}

/** Declares a request with its result type written once, here. */
function request<R>() {
  return <I extends z.ZodType>(definition: { input: I; senders: readonly SenderKind[] }): RequestDefinition<I, R> =>
    definition;
}

const EXTENSION_PAGES = ['extension-page'] as const;
const empty = z.object({}).strict();

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

export interface ConnectionReport {
  baseUrl: string;
  ownedBrands: number;
  checkedAt: string;
}

const reportQuerySchema = {
  accountId: z.string().min(1).max(64),
  window: z
    .object({
      period: z.string().max(20).optional(),
      date_start: z.string().max(20).optional(),
      date_stop: z.string().max(20).optional(),
    })
    .strict(),
  metrics: z.array(z.string().min(1).max(200)).max(50),
};
const videoSchema = z.object({ accountId: z.string().min(1).max(64), videoId: z.string().min(1).max(200) }).strict();

/** The one protocol between extension pages / content script and the background. */
export const requests = {
  'settings.get': request<SettingsView>()({ input: empty, senders: EXTENSION_PAGES }),
  'settings.save': request<{ settings: SettingsView; connection: ConnectionReport }>()({
    input: z
      .object({
        baseUrl: z.string().max(2048),
        /** Omitted to keep the stored key: allowed only for its own origin, or the one named next. */
        apiKey: z.string().max(512).optional(),
        /** The user confirmed sending the key to this origin (a stored key's new origin, or one the browser did not ask about). */
        confirmedOrigin: z.string().max(2048).optional(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  'settings.setTheme': request<SettingsView>()({
    input: z.object({ theme: themeSchema }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'settings.setLanguage': request<SettingsView>()({
    input: z.object({ language: languageChoiceSchema }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'settings.forgetKey': request<SettingsView>()({ input: empty, senders: EXTENSION_PAGES }),
  /** Everything Adscope keeps in this browser, erased; the settings as they are afterwards. */
  'data.eraseAll': request<SettingsView>()({ input: empty, senders: EXTENSION_PAGES }),
  'connection.test': request<ConnectionReport>()({ input: empty, senders: EXTENSION_PAGES }),
  'ownedBrands.list': request<OwnedBrandList>()({ input: empty, senders: EXTENSION_PAGES }),
  'library.search': request<LibraryPage>()({ input: librarySearchSchema, senders: EXTENSION_PAGES }),
  'library.saved': request<LibraryPage>()({ input: cursorRequestSchema, senders: EXTENSION_PAGES }),
  'library.ad': request<LibraryAd>()({
    input: z.object({ adId: adIdSchema }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'brands.search': request<BrandPage>()({
    input: z
      .object({
        query: z.string().max(100),
        cursor: z.string().optional(),
        page_size: z.number().int().min(1).max(100).optional(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  'brands.followedList': request<BrandPage>()({ input: cursorRequestSchema, senders: EXTENSION_PAGES }),
  'brands.followed': request<FollowedBrands>()({ input: followedRequestSchema, senders: EXTENSION_PAGES }),
  'brands.detail': request<BrandDetail>()({
    input: z.object({ brandId: brandIdSchema }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'brands.ads': request<LibraryPage>()({
    input: z
      .object({
        brandId: brandIdSchema,
        cursor: z.string().optional(),
        page_size: z.number().int().min(1).max(100).optional(),
        order: z.literal('newest').optional(),
        sort_by: z.enum(['best_match', 'most_active']).optional(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  'boards.tree': request<BoardTree>()({ input: empty, senders: EXTENSION_PAGES }),
  'boards.ads': request<LibraryPage>()({
    input: z
      .object({
        boardId: boardIdSchema,
        sort_by: z.enum(boardOrders).optional(),
        cursor: z.string().optional(),
        page_size: z.number().int().min(1).max(100).optional(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Boards kept in this browser, and whether the connected service takes board writes through its API. */
  'boards.local': request<LocalBoards>()({ input: empty, senders: EXTENSION_PAGES }),
  /** A new board: the service's, or one in this browser (asked, inside one, or when the service's are read-only). */
  'boards.create': request<{ board_id: string; name: string | null; local: boolean; note?: string }>()({
    input: z
      .object({
        name: boardNameSchema,
        parentId: boardIdSchema.nullable(),
        local: z.boolean().optional(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Copies a board kept in this browser to the service (same board on a second copy); its ads go as saves. */
  'boards.copyToService': request<{ boardId: string; boardName: string; queued: number }>()({
    input: z.object({ boardId: boardIdSchema }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Queues a save to a board; it is stored before it is sent, and retried until it lands. */
  'outbox.save': request<OutboxEntry>()({
    input: z
      .object({
        boardId: boardIdSchema,
        boardName: z.string().max(200),
        adId: adIdSchema,
        tags: tagsSchema,
        /** The ad's creatives, for the vault to keep once the save is confirmed; web addresses only. */
        media: z
          .array(
            z
              .string()
              .max(2048)
              .refine((url) => safeHttpUrl(url) !== null, 'A creative is a web address.'),
          )
          .max(10)
          .optional(),
        /** The ad as shown, for a board kept in this browser (bounded). */
        ad: adSnapshotSchema.optional(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  /**
   * Keeps the creatives of a board's ads in the vault (a board saved elsewhere): queued behind
   * what is waiting, one fetch at a time; ads already kept or queued are left as they are.
   */
  'vault.keep': request<{ added: number }>()({
    input: z
      .object({
        boardId: boardIdSchema,
        boardName: z.string().max(200),
        ads: z
          .array(
            z
              .object({
                adId: z.string().min(1).max(200),
                urls: z.array(z.string().max(2048)).max(10),
              })
              .strict(),
          )
          .max(20_000),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Stops keeping a board: its waiting creatives are dropped (what is kept stays). */
  'vault.cancel': request<{ ok: true }>()({
    input: z.object({ boardId: boardIdSchema }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'outbox.undo': request<OutboxEntry | null>()({
    input: z.object({ entryId: z.string().min(1).max(64) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'outbox.retry': request<{ ok: true }>()({
    input: z.object({ entryId: z.string().min(1).max(64) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Drops a save held for another workspace. */
  'outbox.discard': request<{ ok: true }>()({
    input: z.object({ entryId: z.string().min(1).max(64) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'accounts.list': request<{ items: AdAccount[] }>()({ input: empty, senders: EXTENSION_PAGES }),
  'accounts.metrics': request<{ items: MetricEntry[] }>()({
    input: z.object({ accountId: z.string().min(1).max(64) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'accounts.summary': request<AccountSummary>()({
    input: z.object(reportQuerySchema).strict(),
    senders: EXTENSION_PAGES,
  }),
  'accounts.ads': request<RankedAds>()({
    input: z
      .object({
        ...reportQuerySchema,
        sortBy: z.string().min(1).max(200),
        sortOrder: z.enum(sortOrders),
        limit: z.number().int(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  'accounts.ad': request<AccountAdDetail>()({
    input: z.object({ ...reportQuerySchema, adId: z.string().min(1).max(200) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** The cached transcript or null: free, never triggers transcription. */
  'accounts.transcript': request<Transcript | null>()({ input: videoSchema, senders: EXTENSION_PAGES }),
  /** Transcribes a video: charges credits on a cache miss; the UI asks first. */
  'accounts.transcribe': request<Transcript>()({ input: videoSchema, senders: EXTENSION_PAGES }),
  /** Starts an image generation as a stored job (its idempotency key is kept before the first send). */
  'generation.submit': request<GenerationJob>()({
    input: z.object({ choice: generationChoiceSchema, brandName: z.string().max(200) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'generation.retry': request<{ ok: true }>()({
    input: z.object({ jobId: z.string().min(8).max(200) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'generation.dismiss': request<{ ok: true }>()({
    input: z.object({ jobId: z.string().min(8).max(200) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Finds a brand's ads and similar ads from a page's signals or from an ad. */
  'similar.find': request<SimilarResult>()({ input: similarQuerySchema, senders: EXTENSION_PAGES }),
  /**
   * The injected find-similar script hands its page's signals to the panel. It gets no API
   * data back: whether the panel opened, nothing more.
   */
  'similar.show': request<{ opened: boolean }>()({
    input: z.object({ source: z.enum(triggerSources), signals: pageSignalsSchema }).strict(),
    senders: ['content-script'],
  }),
  /** The toolbar's "Find similar ads on this page": the popup opened the panel; the background reads the tab. */
  'similar.inTab': request<{ ok: true }>()({
    input: z.object({ tabId: z.number().int().nonnegative() }).strict(),
    senders: EXTENSION_PAGES,
  }),
  'pageButton.get': request<PageButtonState>()({ input: empty, senders: EXTENSION_PAGES }),
  /** Turns the opt-in page button on or off; the options page asks the browser for site access first. */
  'pageButton.set': request<PageButtonState>()({
    input: z.object({ enabled: z.boolean() }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Aborts a request this page sent earlier (a stale typeahead search, a closed view). */
  'request.cancel': request<{ cancelled: boolean }>()({
    input: z.object({ requestId: z.string().min(1).max(64) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /**
   * Adds brands to the watchlist (one, or picked from the followed list); all or none when over
   * the limit. A row whose id is not a brand id is skipped and counted, never the whole import;
   * a long name is cut where it enters.
   */
  'watch.add': request<{ added: number; watching: number; skipped: number }>()({
    input: z
      .object({
        brands: z
          .array(z.object({ id: z.string().max(200), name: z.string().max(100_000) }).strict())
          .min(1, 'Pick at least one brand.')
          .max(WATCH_LIMIT, `A watchlist holds at most ${WATCH_LIMIT} brands.`),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  'watch.remove': request<{ watching: number }>()({
    input: z.object({ brandIds: z.array(brandIdSchema).min(1).max(WATCH_LIMIT) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Clears the new ads of some brands, or of all. */
  'watch.markSeen': request<{ ok: true }>()({
    input: z.object({ brandIds: z.union([z.literal('all'), z.array(brandIdSchema).min(1).max(WATCH_LIMIT)]) }).strict(),
    senders: EXTENSION_PAGES,
  }),
  /** Checks every watched brand now; false when a check is already under way. */
  'watch.checkNow': request<{ started: boolean }>()({ input: empty, senders: EXTENSION_PAGES }),
  'watch.setSettings': request<WatchSettings>()({
    input: z
      .object({
        intervalHours: z
          .number()
          .int()
          .refine((hours) => (WATCH_INTERVALS as readonly number[]).includes(hours), {
            message: `Check every ${WATCH_INTERVALS.filter(Boolean).join(', ')} hours, or off.`,
          }),
        notify: z.boolean(),
      })
      .strict(),
    senders: EXTENSION_PAGES,
  }),
  'sidePanel.open': request<{ opened: boolean }>()({
    input: z.object({ windowId: z.number().int().nonnegative().optional() }).strict(),
    senders: ['extension-page', 'content-script'],
  }),
} as const;

export type Requests = typeof requests;
export type RequestType = keyof Requests;
export type RequestInput<K extends RequestType> = z.input<Requests[K]['input']>;
export type ParsedInput<K extends RequestType> = z.output<Requests[K]['input']>;
export type RequestResult<K extends RequestType> =
  Requests[K] extends RequestDefinition<z.ZodType, infer R> ? R : never;

/** The wire shape of a request. */
export const messageSchema = z
  .object({
    type: z.string().max(64),
    payload: z.unknown(),
    /** Set when the sender may cancel the request with `request.cancel`. */
    requestId: z.string().min(1).max(64).optional(),
  })
  .strict();
