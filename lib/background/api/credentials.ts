import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { ApiError } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import { apiKeySchema, originOf } from '../../messaging/connection';
import { defineValidatedItem } from '../../storage/validated-item';
import { lazily } from '../../lazy';

/**
 * The connection: the API key together with the base URL and the origin it was entered for,
 * stored as one item, so no reader (a save, a poll) ever sees a new address with an old key.
 * Only the worker reads it; pages learn the address, whether a key is set and its last four
 * characters, and the content script never sees any of it.
 */
const storedConnectionSchema = lazily(() =>
  z
    .strictObject({
      baseUrl: z.string().check(z.minLength(1)),
      origin: z.string().check(z.minLength(1)),
      /** null once the user has forgotten it; the address stays for the form. */
      apiKey: z.nullable(z.string().check(z.minLength(1))),
    })
    .check(
      z.refine((connection) => URL.canParse(connection.baseUrl) && originOf(connection.baseUrl) === connection.origin),
    ),
);
export type StoredConnection = z.infer<typeof storedConnectionSchema>;

export const connectionItem = defineValidatedItem(
  'local:connection',
  lazily(() => z.nullable(storedConnectionSchema)),
  {
    fallback: null,
    version: 1,
  },
);

/** Earlier versions kept the key and the address in two items; they become one, once. */
async function migrateLegacyConnection(): Promise<StoredConnection | null> {
  const legacy = await browser.storage.local.get(['apiKey', 'settings']);
  const apiKey = typeof legacy.apiKey === 'string' && legacy.apiKey ? legacy.apiKey : null;
  const baseUrl = (legacy.settings as { baseUrl?: unknown } | undefined)?.baseUrl;
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) {
    if (apiKey) await browser.storage.local.remove('apiKey');
    return null;
  }
  const connection: StoredConnection = { baseUrl, origin: originOf(baseUrl), apiKey };
  await connectionItem.set(connection);
  await browser.storage.local.remove(['apiKey', 'apiKey$']);
  return connection;
}

export async function readStoredConnection(): Promise<StoredConnection | null> {
  return (await connectionItem.get()) ?? migrateLegacyConnection();
}

/** Stores a tested connection in one write. */
export async function writeConnection(baseUrl: string, apiKey: string): Promise<void> {
  await connectionItem.set({ baseUrl, origin: originOf(baseUrl), apiKey: apiKeySchema.parse(apiKey) });
}

/**
 * Counts the user's changes to the connection: a save begun, the key forgotten, Delete all. A save
 * marks it before it tests the service and stores nothing if it moved meanwhile, so the user's
 * last word stands, not the save whose test answered last. Kept in the worker, where every
 * change is made.
 */
let connectionChanges = 0;

/** Marks a change to the connection begun now; returns the mark a save compares with before it writes. */
export function markConnectionChange(): number {
  connectionChanges += 1;
  return connectionChanges;
}

/** Whether another change to the connection began after `mark`. */
export function connectionChangedSince(mark: number): boolean {
  return connectionChanges !== mark;
}

/** Forgets the key; the address stays, so the form still shows it. */
export async function forgetKey(): Promise<void> {
  markConnectionChange();
  const stored = await readStoredConnection();
  if (stored) await connectionItem.set({ ...stored, apiKey: null });
}

export interface ConnectionHint {
  baseUrl: string;
  origin: string | null;
  hasApiKey: boolean;
  last4: string | null;
}

export async function readConnectionHint(): Promise<ConnectionHint> {
  const stored = await readStoredConnection();
  const key = stored?.apiKey ?? null;
  return {
    baseUrl: stored?.baseUrl ?? '',
    origin: stored?.origin ?? null,
    hasApiKey: key !== null,
    last4: key ? key.slice(-4) : null,
  };
}

/**
 * Names the workspace a piece of work was made in: a digest of the base URL and the key, so
 * queued saves and generations are sent only with the connection they were made with. The key
 * cannot be read back from it.
 */
export async function fingerprintOf(connection: { baseUrl: string; apiKey: string }): Promise<string> {
  const text = new TextEncoder().encode(`adscope-workspace\n${connection.baseUrl}\n${connection.apiKey}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The service connected now (its base URL, as a digest without dots), or null when no key is
 * set: what the watchlist keeps its seen ads and news under, so a new key for the same service
 * keeps them and only another service starts anew.
 */
export async function currentService(): Promise<string | null> {
  const stored = await readStoredConnection();
  if (!stored?.apiKey) return null;
  const text = new TextEncoder().encode(`adscope-service\n${stored.baseUrl.replace(/\/+$/, '')}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The workspace of the connection set now, or null when no key is set. */
export async function currentWorkspace(): Promise<string | null> {
  const stored = await readStoredConnection();
  return stored?.apiKey ? fingerprintOf({ baseUrl: stored.baseUrl, apiKey: stored.apiKey }) : null;
}

export function workspaceChanged(): ApiError {
  return new ApiError({
    code: 'workspace_changed',
    message: t('api.credentials.workspaceChanged'),
    retryable: false,
  });
}

export function notConfigured(what: 'key' | 'baseUrl'): ApiError {
  return new ApiError({
    code: 'not_configured',
    field: what === 'key' ? 'apiKey' : 'baseUrl',
    message: what === 'key' ? t('api.credentials.noKey') : t('api.credentials.noBaseUrl'),

    retryable: false,
  });
}
