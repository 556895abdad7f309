import { z } from 'zod/mini';
import { defineValidatedItem } from './validated-item';

/**
 * The version Adscope was just updated to, until the user dismisses the panel's line about
 * it. Written by the background on an update (an update opens no tab); null otherwise.
 */
export const whatsNewItem = defineValidatedItem(
  'local:whatsNew',
  z.nullable(
    z.object({ version: z.string().check(z.maxLength(32)), previous: z.nullable(z.string().check(z.maxLength(32))) }),
  ),
  { fallback: null },
);

/** One line per version worth telling in the panel; the whole story is in CHANGELOG.md. */
export const RELEASE_NOTES: Readonly<Record<string, string>> = {
  '0.1.0':
    'A welcome on install, your own keyboard shortcuts shown as you set them, and dates and numbers in your language.',
};
