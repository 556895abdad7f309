import { z } from 'zod';
import { defineValidatedItem } from '../../storage/validated-item';
import { ApiError } from '../../messaging/api-error';
import { apiKeySchema } from '../../messaging/connection';

/**
 * The API key. Only the worker's API client reads this item; UIs learn `hasApiKey` and the last four
 * characters through the background, and the content script never sees either.
 */
const apiKeyItem = defineValidatedItem('local:apiKey', z.string(), { fallback: '', version: 1 });

export async function readApiKey(): Promise<string> {
  return apiKeyItem.get();
}

export async function writeApiKey(key: string): Promise<void> {
  await apiKeyItem.set(apiKeySchema.parse(key));
}

export async function clearApiKey(): Promise<void> {
  await apiKeyItem.remove();
}

export interface ApiKeyHint {
  hasApiKey: boolean;
  last4: string | null;
}

export async function readApiKeyHint(): Promise<ApiKeyHint> {
  const key = await apiKeyItem.get();
  return key ? { hasApiKey: true, last4: key.slice(-4) } : { hasApiKey: false, last4: null };
}

export function notConfigured(what: 'key' | 'baseUrl'): ApiError {
  return new ApiError({
    code: 'not_configured',
    field: what === 'key' ? 'apiKey' : 'baseUrl',
    message: what === 'key' ? 'No API key is set yet.' : 'No API base URL is set yet.',
    retryable: false,
  });
}
