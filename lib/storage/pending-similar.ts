import { z } from 'zod';
import { triggerSources } from '../messaging/page-trigger';
import { similarRequestSchema } from '../messaging/similar';
import { defineValidatedItem } from './validated-item';

/**
 * The hand-over from a find-similar trigger (context menu, command, toolbar, page button) to
 * the side panel. The background writes it to session storage, which web pages and content
 * scripts cannot read; the panel, open or opening, watches it and shows the Similar view.
 */
export const pendingSimilarSchema = z
  .object({
    id: z.string().min(1).max(64),
    at: z.number(),
    source: z.enum(triggerSources),
    tabId: z.number().int().nullable(),
    /** reading: the page is being read; ready: `request` is set; failed: `error` says why. */
    state: z.enum(['reading', 'ready', 'failed']),
    /** The page's title, known before the page is read, for "Reading …". */
    title: z.string().max(300),
    request: similarRequestSchema.nullable(),
    error: z.string().max(500).nullable(),
  })
  .strict();
export type PendingSimilar = z.infer<typeof pendingSimilarSchema>;

export const pendingSimilarItem = defineValidatedItem('session:similarPending', pendingSimilarSchema.nullable(), {
  fallback: null,
});
