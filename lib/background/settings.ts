import { browser } from 'wxt/browser';
import type { Clock } from '../clock';
import { ApiError, invalidInput } from '../messaging/api-error';
import { apiKeySchema, baseUrlProblem, normalizeBaseUrl, originPattern } from '../messaging/connection';
import type { ConnectionReport, RequestInput, SettingsView } from '../messaging/protocol';
import { settingsItem, type Settings } from '../storage/settings';
import { createApi } from './api';
import { clearApiKey, readApiKey, readApiKeyHint, writeApiKey } from './api/credentials';
import { type Connection, createTransport } from './api/transport';
import { parseInput } from './parse-input';

export interface SettingsDeps {
  clock: Clock;
  /** Host-permission check; injectable for tests. */
  hasOriginAccess?: (pattern: string) => Promise<boolean>;
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

/**
 * The settings service: the connection (base URL and key, tested before anything is
 * stored), the theme, and forgetting the key. Pages see the key's last four characters only.
 */
export function createSettingsService(deps: SettingsDeps) {
  const hasOriginAccess = deps.hasOriginAccess ?? defaultOriginAccess;
  return {
    view: settingsView,
    async save(input: RequestInput<'settings.save'>) {
      const baseUrl = parseBaseUrl(input.baseUrl);
      const apiKey =
        input.apiKey === undefined || input.apiKey.trim() === ''
          ? await readApiKey()
          : parseInput(apiKeySchema, input.apiKey, 'apiKey');
      if (!apiKey) throw invalidInput('apiKey', 'Paste your API key.');
      // Test before writing, so a wrong address or key changes nothing.
      const connection = await testConnection({ baseUrl, apiKey }, hasOriginAccess, deps.clock);
      await settingsItem.set({ ...(await settingsItem.get()), baseUrl });
      if (input.apiKey !== undefined && input.apiKey.trim() !== '') await writeApiKey(apiKey);
      return { settings: await settingsView(), connection };
    },
    async setTheme(theme: Settings['theme']) {
      await settingsItem.set({ ...(await settingsItem.get()), theme });
      return settingsView();
    },
    async forgetKey() {
      await clearApiKey();
      return settingsView();
    },
    async test() {
      const settings = await settingsItem.get();
      const apiKey = await readApiKey();
      if (!settings.baseUrl || !apiKey) {
        throw new ApiError({
          code: 'not_configured',
          message: 'Add the base URL and API key first.',
          retryable: false,
        });
      }
      return testConnection({ baseUrl: settings.baseUrl, apiKey }, hasOriginAccess, deps.clock);
    },
  };
}
