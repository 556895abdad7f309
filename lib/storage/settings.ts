import { z } from 'zod/mini';
import { LANGUAGE_CHOICES } from '../i18n/languages';
import { defineValidatedItem } from './validated-item';
import { lazily } from '../lazy';

export const themeSchema = lazily(() => z.enum(['system', 'light', 'dark']));
/** The language Adscope is shown in: the browser's (`auto`) or one chosen in Options. */
export const languageChoiceSchema = lazily(() => z.enum(LANGUAGE_CHOICES));

export const settingsSchema = lazily(() =>
  z.object({
    theme: themeSchema,
    // Settings stored before there was a choice, or naming a language this version lacks: the browser's.
    language: z.catch(languageChoiceSchema, 'auto'),
  }),
);
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = { theme: 'system', language: 'auto' };

/**
 * Non-secret preferences. The connection (address and key, bound together) is not here:
 * only the background reads it (lib/background/api/credentials).
 */
export const settingsItem = defineValidatedItem('local:settings', settingsSchema, {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});
