import { browser } from 'wxt/browser';
import { type Api, createApi } from './api';
import { clearApiKey, readApiKey, readApiKeyHint, writeApiKey } from './api/credentials';
import { ApiError, invalidInput } from '../messaging/api-error';
import { parseInput } from './parse-input';
import { type Clock, systemClock } from '../clock';
import { apiKeySchema, baseUrlProblem, normalizeBaseUrl, originPattern } from '../messaging/connection';
import { type Connection, createTransport } from './api/transport';
import type { GenerationTracker } from './jobs/generation-tracker';
import type { SaveOutbox } from './jobs/save-outbox';
import { openResearchPanel } from '../open-panel';
import { handOverPage } from './similar/handover';
import {
  type PageButtonDeps,
  browserPageButtonDeps,
  reconcilePageButton,
  setPageButton,
} from './similar/page-button-registration';
import { PAGE_BUTTON_ORIGINS } from '../messaging/page-button-access';
import { findSimilar } from './similar/resolve';
import { readTabById } from './similar/trigger';
import { settingsItem } from '../storage/settings';
import type { ConnectionReport, SettingsView } from '../messaging/protocol';
import type { Handlers } from './router';

export interface HandlerDeps {
  api: Api;
  outbox: SaveOutbox;
  generations: GenerationTracker;
  /** Host-permission check; injectable for tests. */
  hasOriginAccess?: (pattern: string) => Promise<boolean>;
  /** The page button's browser side; injectable for tests. */
  pageButton?: PageButtonDeps;
  /** Reads a tab for find-similar; injectable for tests. */
  readTab?: (tabId: number) => Promise<void>;
  /** @default systemClock */
  clock?: Clock;
}

async function settingsView(): Promise<SettingsView> {
  const [settings, hint] = await Promise.all([settingsItem.get(), readApiKeyHint()]);
  return { baseUrl: settings.baseUrl, theme: settings.theme, hasApiKey: hint.hasApiKey, apiKeyLast4: hint.last4 };
}

function parseBaseUrl(input: string): string {
  const problem = baseUrlProblem(input);
  if (problem) throw invalidInput('baseUrl', problem);
  return normalizeBaseUrl(input);
}

const defaultOriginAccess = (pattern: string) => browser.permissions.contains({ origins: [pattern] });

/** Tests a connection by listing owned brands, the cheapest authenticated call, with no retries. */
async function testConnection(
  connection: Connection,
  hasOriginAccess: (pattern: string) => Promise<boolean>,
  clock: Clock,
): Promise<ConnectionReport> {
  if (!(await hasOriginAccess(originPattern(connection.baseUrl)))) {
    throw new ApiError({
      code: 'permission_denied',
      field: 'baseUrl',
      message: `Adscope has no access to ${new URL(connection.baseUrl).origin}. Save again and choose Allow.`,
      retryable: false,
    });
  }
  const probe = createApi(
    createTransport({ getConnection: async () => connection, retryLimit: 0, timeoutMs: 10_000, clock }),
    clock,
  );
  try {
    const brands = await probe.ownedBrands.list();
    return {
      baseUrl: connection.baseUrl,
      ownedBrands: brands.items.length,
      checkedAt: new Date(clock()).toISOString(),
    };
  } catch (error) {
    throw explainConnectionFailure(ApiError.from(error), connection.baseUrl);
  }
}

/** Rewrites a failed probe into what is wrong with the settings, naming the field to fix. */
function explainConnectionFailure(error: ApiError, baseUrl: string): ApiError {
  const origin = new URL(baseUrl).origin;
  switch (error.code) {
    case 'network':
    case 'timeout':
      return new ApiError({
        code: error.code,
        field: 'baseUrl',
        message: `Could not reach ${origin}. Check the address, and that the server is running.`,
      });
    case 40001:
      return new ApiError({
        code: 40001,
        field: 'apiKey',
        httpStatus: error.httpStatus,
        message: `The server did not accept this API key (${error.message}).`,
        retryable: false,
      });
    case 'invalid_response':
      return new ApiError({
        code: 'invalid_response',
        field: 'baseUrl',
        httpStatus: error.httpStatus,
        message: `${origin} answered, but not as Open API v1: ${error.message}`,
        retryable: false,
      });
    default:
      return error;
  }
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const hasOriginAccess = deps.hasOriginAccess ?? defaultOriginAccess;
  const pageButton = deps.pageButton ?? browserPageButtonDeps;
  const readTab = deps.readTab ?? ((tabId: number) => readTabById(tabId, 'toolbar'));
  const clock = deps.clock ?? systemClock;
  return {
    'settings.get': () => settingsView(),
    'settings.save': async (input) => {
      const baseUrl = parseBaseUrl(input.baseUrl);
      const apiKey =
        input.apiKey === undefined || input.apiKey.trim() === ''
          ? await readApiKey()
          : parseInput(apiKeySchema, input.apiKey, 'apiKey');
      if (!apiKey) throw invalidInput('apiKey', 'Paste your API key.');
      // Test before writing, so a wrong address or key changes nothing.
      const connection = await testConnection({ baseUrl, apiKey }, hasOriginAccess, clock);
      await settingsItem.set({ ...(await settingsItem.get()), baseUrl });
      if (input.apiKey !== undefined && input.apiKey.trim() !== '') await writeApiKey(apiKey);
      return { settings: await settingsView(), connection };
    },
    'settings.setTheme': async ({ theme }) => {
      await settingsItem.set({ ...(await settingsItem.get()), theme });
      return settingsView();
    },
    'settings.forgetKey': async () => {
      await clearApiKey();
      return settingsView();
    },
    'connection.test': async () => {
      const settings = await settingsItem.get();
      const apiKey = await readApiKey();
      if (!settings.baseUrl || !apiKey) {
        throw new ApiError({
          code: 'not_configured',
          message: 'Add the base URL and API key first.',
          retryable: false,
        });
      }
      return testConnection({ baseUrl: settings.baseUrl, apiKey }, hasOriginAccess, clock);
    },
    'ownedBrands.list': (_, { signal }) => deps.api.ownedBrands.list(signal),
    'library.search': (params, { signal }) => deps.api.library.search(params, signal),
    'library.saved': (params, { signal }) => deps.api.library.saved(params, signal),
    'library.ad': ({ adId }, { signal }) => deps.api.library.ad(adId, signal),
    'brands.search': (params, { signal }) => deps.api.brands.search(params, signal),
    'brands.followed': (params, { signal }) => deps.api.brands.followed(params, signal),
    'brands.followedList': (params, { signal }) => deps.api.brands.followedList(params, signal),
    'brands.detail': ({ brandId }, { signal }) => deps.api.brands.detail(brandId, signal),
    'brands.ads': ({ brandId, ...params }, { signal }) => deps.api.brands.ads(brandId, params, signal),
    'boards.tree': (_, { signal }) => deps.api.boards.tree(signal),
    'boards.ads': ({ boardId, ...params }, { signal }) => deps.api.boards.ads(boardId, params, signal),
    'boards.create': async ({ name, parentId }) => {
      const created = await deps.api.boards.create(name, parentId);
      return { board_id: created.board_id, name: created.name };
    },
    'similar.find': (request, { signal }) => findSimilar(deps.api, request, signal),
    'similar.show': async ({ source, signals }, context) => {
      // First, while the click that sent this may still count as the user's gesture.
      const opening =
        source === 'button' ? openResearchPanel(context.windowId).catch(() => false) : Promise.resolve(true);
      await handOverPage(source, context.tabId ?? null, { kind: 'page', signals }, clock);
      return { opened: await opening };
    },
    'similar.inTab': async ({ tabId }) => {
      await readTab(tabId);
      return { ok: true as const };
    },
    'pageButton.get': () => reconcilePageButton(pageButton),
    'pageButton.set': async ({ enabled }) => {
      const state = await setPageButton(enabled, pageButton);
      if (enabled && !state.granted) {
        throw new ApiError({
          code: 'permission_denied',
          field: 'pageButton',
          message: `Adscope needs access to websites (${PAGE_BUTTON_ORIGINS.join(', ')}) to show the button. Turn it on again and choose Allow.`,
          retryable: false,
        });
      }
      return state;
    },
    'accounts.list': (_, { signal }) => deps.api.accounts.list(signal),
    'accounts.metrics': ({ accountId }, { signal }) => deps.api.accounts.metrics(accountId, signal),
    'accounts.summary': ({ accountId, window, metrics }, { signal }) =>
      deps.api.accounts.summary(accountId, { window, metrics }, signal),
    'accounts.ads': ({ accountId, window, metrics, sortBy, sortOrder, limit }, { signal }) =>
      deps.api.accounts.ads(accountId, { window, metrics, sortBy, sortOrder, limit }, signal),
    'accounts.ad': ({ accountId, adId, window, metrics }, { signal }) =>
      deps.api.accounts.ad(accountId, adId, { window, metrics }, signal),
    'accounts.transcript': ({ accountId, videoId }, { signal }) =>
      deps.api.accounts.transcript(accountId, videoId, signal),
    'accounts.transcribe': ({ accountId, videoId }) => deps.api.accounts.transcribe(accountId, videoId),
    'generation.submit': ({ choice, brandName }) => deps.generations.submit(choice, brandName),
    'generation.retry': async ({ jobId }) => {
      await deps.generations.retry(jobId);
      return { ok: true as const };
    },
    'generation.dismiss': async ({ jobId }) => {
      await deps.generations.dismiss(jobId);
      return { ok: true as const };
    },
    'outbox.save': (input) => deps.outbox.enqueue({ op: 'save', ...input }),
    'outbox.undo': ({ entryId }) => deps.outbox.undo(entryId),
    'outbox.retry': async ({ entryId }) => {
      await deps.outbox.retry(entryId);
      return { ok: true as const };
    },
    'sidePanel.open': async ({ windowId }, context) => ({
      opened: await openResearchPanel(windowId ?? context.windowId),
    }),
  };
}
