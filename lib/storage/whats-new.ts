import { z } from 'zod/mini';
import { lazily } from '../lazy';
import type { MessageId } from '../i18n/parts';
import { defineValidatedItem } from './validated-item';

/**
 * The version Adscope was just updated to, until the user dismisses the panel's line about
 * it. Written by the background on an update (an update opens no tab); null otherwise.
 */
export const whatsNewItem = defineValidatedItem(
  'local:whatsNew',
  lazily(() =>
    z.nullable(
      z.object({ version: z.string().check(z.maxLength(32)), previous: z.nullable(z.string().check(z.maxLength(32))) }),
    ),
  ),
  { fallback: null },
);

/**
 * One line per version worth telling in the panel, as the id of its message in the catalogues
 * (`panel.whatsNew.v010` for 0.1.0); the whole story is in CHANGELOG.md.
 */
export const RELEASE_NOTES: Readonly<Record<string, MessageId>> = {
  '0.1.0': 'panel.whatsNew.v010',
};
