import { z } from 'zod/mini';
import { lazily } from '../lazy';
import { defineValidatedItem } from '../storage/validated-item';

/** What the vault's keeper is doing, for pages to show: the board it keeps, or why it stopped. */
export const vaultStateSchema = lazily(() =>
  z.object({
    /** full: the browser's storage is nearly full; failed: something else stopped it (see message). */
    stopped: z.catch(z.nullable(z.enum(['full', 'failed'])), null),
    message: z.catch(z.nullable(z.string().check(z.maxLength(400))), null),
    /** The board being kept, and creatives' ads still waiting in all. */
    board: z.catch(
      z.nullable(
        z.object({
          id: z.string().check(z.maxLength(200)),
          name: z.string().check(z.maxLength(400)),
          waiting: z.number().check(z.int(), z.gte(0)),
        }),
      ),
      null,
    ),
    at: z.catch(z.number(), 0),
    /**
     * How many times the keeper has written this state: a page tells a write made after it asked
     * from one made before by this count, never by the clock (which may be set back or forward).
     * 0 when nothing is written (never, or since Delete all).
     */
    serial: z.catch(z.number().check(z.int(), z.gte(0)), 0),
  }),
);
export type VaultState = z.infer<typeof vaultStateSchema>;

export const vaultStateItem = defineValidatedItem('local:vaultState', vaultStateSchema, {
  fallback: { stopped: null, message: null, board: null, at: 0, serial: 0 },
});
