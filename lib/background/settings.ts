import { browser } from 'wxt/browser';
import type { Clock } from '../clock';
import { ApiError, invalidInput } from '../messaging/api-error';
import { t } from '../i18n';
import 'virtual:adscope-english/api';
import { apiKeySchema, baseUrlProblem, normalizeBaseUrl, originOf, originPattern } from '../messaging/connection';
import type { ConnectionReport, RequestInput, SettingsView } from '../messaging/protocol';
import { settingsItem, type Settings } from '../storage/settings';
import { API_PREFIX } from '../contract/path';
import {
  connectionChangedSince,
  forgetKey,
  markConnectionChange,
  readConnectionHint,
  readStoredConnection,
  writeConnection,
} from './api/credentials';
import { type Connection, createTransport } from './api/transport';
import { ownedBrandsApi } from './api/owned-brands';
import { parseInput } from './parse-input';
import { inTurn } from '../in-turn';

export interface SettingsDeps {
  clock: Clock;
  /** Host-permission check; injectable for tests. */
  hasOriginAccess?: (pattern: string) => Promise<OriginAccess>;
}

/** The settings as pages see them: the key's last four characters, never the key. */
export async function settingsView(): Promise<SettingsView> {
  const [settings, hint] = await Promise.all([settingsItem.get(), readConnectionHint()]);
  return {
    baseUrl: hint.baseUrl,
    origin: hint.origin,
    theme: settings.theme,
    language: settings.language,
    hasApiKey: hint.hasApiKey,
    apiKeyLast4: hint.last4,
  };
}

/**
 * The key to test and store: a new one as typed, else the stored one, but only for the
 * origin it was entered for, unless the user confirmed sending it to the new one.
 */
async function keyFor(input: RequestInput<'settings.save'>, origin: string): Promise<string> {
  if (input.apiKey !== undefined && input.apiKey.trim() !== '') return parseInput(apiKeySchema, input.apiKey, 'apiKey');
  const stored = await readStoredConnection();
  if (!stored?.apiKey) throw invalidInput('apiKey', t('api.settings.pasteKey'));
  if (stored.origin === origin || input.confirmedOrigin === origin) return stored.apiKey;
  throw new ApiError({
    code: 'origin_changed',
    field: 'apiKey',
    message: t('api.settings.originChanged', { storedOrigin: stored.origin, origin }),
    retryable: false,
    details: { origin, storedOrigin: stored.origin },
  });
}

/** Said to a save whose test answered after a newer change to the connection: that change stands. */
function superseded(): ApiError {
  return new ApiError({ code: 'aborted', message: t('api.settings.superseded'), retryable: false });
}

function parseBaseUrl(input: string): string {
  const problem = baseUrlProblem(input);
  if (problem) throw invalidInput('baseUrl', problem);
  return normalizeBaseUrl(input);
}

/**
 * How the browser lets Adscope reach an origin: granted on its own (the prompt at "Save and
 * test", or the development build's loopback access), only covered by broader access (the
 * page button's access to all websites, for which the browser asks nothing more), or not.
 */
export type OriginAccess = 'own' | 'covered' | 'none';

async function browserOriginAccess(pattern: string): Promise<OriginAccess> {
  const { origins = [] } = await browser.permissions.getAll();
  if (origins.includes(pattern)) return 'own';
  return (await browser.permissions.contains({ origins: [pattern] })) ? 'covered' : 'none';
}

/** Tests a connection by listing owned brands, the cheapest authenticated call, with no retries. */
async function testConnection(
  connection: Connection,
  hasOriginAccess: (pattern: string) => Promise<OriginAccess>,
  clock: Clock,
  confirmedOrigin?: string,
): Promise<ConnectionReport> {
  const origin = originOf(connection.baseUrl);
  const access = await hasOriginAccess(originPattern(connection.baseUrl));
  if (access === 'covered' && confirmedOrigin !== origin) {
    // The page button's access to every site must not stand in, silently, for the user's yes to this address.
    throw new ApiError({
      code: 'origin_unconfirmed',
      field: 'baseUrl',
      message: t('api.settings.originCovered', { origin }),
      retryable: false,
      details: { origin },
    });
  }
  if (access === 'none') {
    throw new ApiError({
      code: 'permission_denied',
      field: 'baseUrl',
      message: t('api.settings.noAccess', { origin: new URL(connection.baseUrl).origin }),
      retryable: false,
    });
  }
  const probe = ownedBrandsApi(
    createTransport({ getConnection: async () => connection, retryLimit: 0, timeoutMs: 10_000, clock }),
  );
  try {
    const brands = await probe.list();
    return {
      baseUrl: connection.baseUrl,
      ownedBrands: brands.items.length,
      checkedAt: new Date(clock()).toISOString(),
    };
  } catch (error) {
    const failure = ApiError.from(error);
    if (failure.code === 'redirected' && !failure.details) {
      // The browser hides where an opaque redirect points: ask again without the key to learn it.
      const target = await redirectTarget(connection.baseUrl);
      if (target) throw explainConnectionFailure(redirectedTo(target), connection.baseUrl);
    }
    throw explainConnectionFailure(failure, connection.baseUrl);
  }
}

/**
 * Where the service's address redirects to, found by a request that carries no key and no
 * cookie (only the path is sent); null when it cannot be told.
 */
async function redirectTarget(baseUrl: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}${API_PREFIX}/owned-brands`, {
      redirect: 'follow',
      credentials: 'omit',
      signal: AbortSignal.timeout(5000),
    });
    return response.redirected ? response.url : null;
  } catch {
    return null;
  }
}

function redirectedTo(target: string): ApiError {
  return new ApiError({
    code: 'redirected',
    message: t('api.settings.redirects', { target }),
    retryable: false,
    details: { location: target },
  });
}

/** Rewrites a failed probe into what is wrong with the settings, naming the field to fix; the request id stays. */
function explainConnectionFailure(error: ApiError, baseUrl: string): ApiError {
  const origin = new URL(baseUrl).origin;
  const requestId = error.requestId === undefined ? {} : { requestId: error.requestId };
  switch (error.code) {
    case 'redirected':
      return new ApiError({ ...error.toJSON(), field: 'baseUrl' });
    case 'key_refused':
      // The service refused the key in its own words (HTTP 401): those words go under the key field.
      return new ApiError({ ...error.toJSON(), field: 'apiKey' });
    case 'network':
    case 'timeout':
      return new ApiError({
        code: error.code,
        field: 'baseUrl',
        message: t('api.settings.unreachable', { origin }),
        ...requestId,
      });
    case 40001:
      return new ApiError({
        code: 40001,
        field: 'apiKey',
        httpStatus: error.httpStatus,
        message: t('api.settings.keyRefused', { origin }),
        retryable: false,
        // The service's own words stay available to support, not in the sentence shown.
        details: { serviceMessage: error.message },
        ...requestId,
      });
    case 40401:
      // The cheapest call of all is not there: the address is not the service's API.
      return new ApiError({
        code: 40401,
        field: 'baseUrl',
        httpStatus: error.httpStatus,
        message: t('api.settings.noOwnedBrands', {
          origin,
          path: `${API_PREFIX}/owned-brands`,
          said: error.message.replace(/[.\s]+$/, ''),
        }),
        retryable: false,
        ...requestId,
      });
    case 'invalid_response':
      return new ApiError({
        code: 'invalid_response',
        field: 'baseUrl',
        httpStatus: error.httpStatus,
        message: t('api.settings.notOpenApi', { origin, said: error.message }),
        retryable: false,
        ...requestId,
      });
    default:
      return error;
  }
}

const settingsChanges = inTurn();

/**
 * Changes some settings and keeps the rest, one change at a time: a theme and a language chosen
 * in the same moment each read the settings the other wrote, so neither undoes the other.
 */
function changeSettings(change: Partial<Settings>): Promise<void> {
  return settingsChanges(async () => settingsItem.set({ ...(await settingsItem.get()), ...change }));
}

/** The browser would not store a change (its storage full, most often): the page says so in its words. */
function unstored(error: unknown): never {
  throw new ApiError({ code: 'internal', field: 'storage', message: String(error) });
}

/**
 * The settings service: the connection (base URL and key, tested before anything is
 * stored), the theme, and forgetting the key. Pages see the key's last four characters only.
 */
export function createSettingsService(deps: SettingsDeps) {
  const hasOriginAccess = deps.hasOriginAccess ?? browserOriginAccess;
  return {
    view: settingsView,
    async save(input: RequestInput<'settings.save'>) {
      const baseUrl = parseBaseUrl(input.baseUrl);
      // Marked before the first wait: a save made after this one, Forget key or Delete all wins over it.
      const mark = markConnectionChange();
      const apiKey = await keyFor(input, originOf(baseUrl));
      // Test before writing, so a wrong address or key changes nothing; then one write binds them.
      const connection = await testConnection({ baseUrl, apiKey }, hasOriginAccess, deps.clock, input.confirmedOrigin);
      // The test can take seconds: what the user did to the connection meanwhile stands, and this save stores nothing.
      if (connectionChangedSince(mark)) throw superseded();
      // The service took the key; the browser would not store it (its storage full, most often): the page says so.
      await writeConnection(baseUrl, apiKey).catch(unstored);
      return { settings: await settingsView(), connection };
    },
    async setTheme(theme: Settings['theme']) {
      await changeSettings({ theme }).catch(unstored);
      return settingsView();
    },
    async setLanguage(language: Settings['language']) {
      await changeSettings({ language }).catch(unstored);
      return settingsView();
    },
    async forgetKey() {
      await forgetKey();
      return settingsView();
    },
    async test() {
      const stored = await readStoredConnection();
      if (!stored?.apiKey) {
        throw new ApiError({
          code: 'not_configured',
          message: t('api.settings.notConnected'),

          retryable: false,
        });
      }
      // Testing the saved connection again: the user confirmed its origin when saving it.
      return testConnection(
        { baseUrl: stored.baseUrl, apiKey: stored.apiKey },
        hasOriginAccess,
        deps.clock,
        stored.origin,
      );
    },
  };
}
