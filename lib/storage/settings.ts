import { z } from 'zod';
import { defineValidatedItem } from './validated-item';

export const themeSchema = z.enum(['system', 'light', 'dark']);

export const settingsSchema = z.object({
  /** Normalised base URL (`normalizeBaseUrl` in lib/messaging/connection), empty until the user sets one. */
  baseUrl: z.string(),
  theme: themeSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = { baseUrl: '', theme: 'system' };

/** Non-secret preferences. The API key is not here: only the background reads it (lib/background/api/credentials). */
export const settingsItem = defineValidatedItem('local:settings', settingsSchema, {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});
