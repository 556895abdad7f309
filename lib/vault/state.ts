import { z } from 'zod';
import { defineValidatedItem } from '../storage/validated-item';

/** What the vault's keeper is doing, for pages to show: the board it keeps, or why it stopped. */
export const vaultStateSchema = z.object({
  /** full: the browser's storage is nearly full; failed: something else stopped it (see message). */
  stopped: z.enum(['full', 'failed']).nullable().catch(null),
  message: z.string().max(400).nullable().catch(null),
  /** The board being kept, and creatives' ads still waiting in all. */
  board: z
    .object({ id: z.string().max(200), name: z.string().max(400), waiting: z.number().int().min(0) })
    .nullable()
    .catch(null),
  at: z.number().catch(0),
  /**
   * How many times the keeper has written this state: a page tells a write made after it asked
   * from one made before by this count, never by the clock (which may be set back or forward).
   * 0 when nothing is written (never, or since Delete all).
   */
  serial: z.number().int().min(0).catch(0),
});
export type VaultState = z.infer<typeof vaultStateSchema>;

export const vaultStateItem = defineValidatedItem('local:vaultState', vaultStateSchema, {
  fallback: { stopped: null, message: null, board: null, at: 0, serial: 0 },
});
