import { z } from 'zod/mini';
import { lazily } from '../lazy';
import { triggerSources } from '../messaging/page-trigger';
import { similarRequestSchema } from '../messaging/similar';
import { defineValidatedItem } from './validated-item';

/**
 * The hand-over from a find-similar trigger (context menu, command, toolbar, page button) to
 * the side panel. The background writes it to session storage, which web pages and content
 * scripts cannot read; the panel, open or opening, watches it and shows the Similar view.
 */
export const pendingSimilarSchema = lazily(() =>
  z.strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    at: z.number(),
    source: z.enum(triggerSources),
    tabId: z.nullable(z.number().check(z.int())),
    /** reading: the page is being read; ready: `request` is set; failed: `error` says why. */
    state: z.enum(['reading', 'ready', 'failed']),
    /** The page's title, known before the page is read, for "Reading …". */
    title: z.string().check(z.maxLength(300)),
    request: z.nullable(similarRequestSchema),
    error: z.nullable(z.string().check(z.maxLength(500))),
  }),
);
export type PendingSimilar = z.infer<typeof pendingSimilarSchema>;

export const pendingSimilarItem = defineValidatedItem(
  'session:similarPending',
  lazily(() => z.nullable(pendingSimilarSchema)),
  {
    fallback: null,
  },
);
