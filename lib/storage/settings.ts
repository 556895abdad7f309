import { z } from 'zod/mini';
import { defineValidatedItem } from './validated-item';

export const themeSchema = z.enum(['system', 'light', 'dark']);

export const settingsSchema = z.object({ theme: themeSchema });
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = { theme: 'system' };

/**
 * Non-secret preferences. The connection (address and key, bound together) is not here:
 * only the background reads it (lib/background/api/credentials).
 */
export const settingsItem = defineValidatedItem('local:settings', settingsSchema, {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});
