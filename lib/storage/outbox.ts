import { z } from 'zod/mini';
import { lazily } from '../lazy';
import { adSnapshotSchema } from '../contract/ad-snapshot-schema';
import { MAX_TAG_CHARS, MAX_TAGS } from '../contract/boards';
import { serializedApiErrorSchema } from '../messaging/api-error-schema';
import { recordList } from './records';
import { defineValidatedItem } from './validated-item';

/**
 * Board saves and removals waiting to land, as the background's save outbox stores them in
 * storage.local; pages read them (toasts, saved states), only the background writes them.
 */
export const outboxEntrySchema = lazily(() =>
  z.object({
    id: z.string(),
    op: z.enum(['save', 'remove']),
    boardId: z.string(),
    boardName: z.string(),
    adId: z.string(),
    tags: z.array(z.string()),
    createdAt: z.number(),
    attempts: z.number().check(z.int(), z.gte(0)),
    nextAttemptAt: z.number(),
    /** Set before the first send: from then on the change may have reached the service, whatever the entry says. */
    sentAt: z.optional(z.number()),
    /** When nextAttemptAt was set: a clock now earlier than this went back, and the entry is due. */
    scheduledAt: z.optional(z.number()),
    status: z.enum(['pending', 'done', 'failed']),
    error: z.optional(serializedApiErrorSchema),
    doneAt: z.optional(z.number()),
    /** A confirmed save's board count, as the service answered it: pages update the board tree from it. */
    adNum: z.optional(z.number().check(z.int(), z.gte(0))),
    /** The workspace (a digest of address and key) it was made in; sent only with that connection. */
    workspace: z.optional(z.string().check(z.maxLength(64))),
    /** Pending, but not sent: the key set now is another workspace's. */
    held: z.optional(z.boolean()),
    /** A save's creatives (their URLs), for the vault to keep once the save is confirmed. */
    media: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(10))),
    /** A save's ad as shown when saved: what a board in this browser keeps of it. Dropped once the save is confirmed. */
    ad: z.optional(adSnapshotSchema),
    /**
     * A confirmed save that found the ad on the board already (a board in this browser says so),
     * and the tags it added: its Undo takes those off and leaves the ad, with its earlier save.
     */
    alreadyThere: z.optional(
      z.object({ added: z.array(z.string().check(z.maxLength(MAX_TAG_CHARS))).check(z.maxLength(MAX_TAGS)) }),
    ),
    /**
     * A save that only takes these tags off the ad, when its board (one in this browser) still
     * holds it: the Undo of a save that found the ad there already. It never puts the ad back.
     */
    untag: z.optional(z.array(z.string().check(z.maxLength(MAX_TAG_CHARS))).check(z.maxLength(MAX_TAGS))),
    /**
     * The service's board this save was meant for, when the service could not take it and it
     * was kept in this browser instead (boardId then names the board here), and why.
     */
    movedFrom: z.optional(
      z.object({
        boardId: z.string().check(z.maxLength(200)),
        boardName: z.string().check(z.maxLength(200)),
        reason: z.string().check(z.maxLength(400)),
      }),
    ),
  }),
);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type OutboxRequest = Pick<
  OutboxEntry,
  'op' | 'boardId' | 'boardName' | 'adId' | 'tags' | 'media' | 'ad' | 'untag'
>;

/** The outbox lives in storage.local, so a killed worker or a browser restart loses nothing. */
export const outboxItem = defineValidatedItem(
  'local:saveOutbox',
  lazily(() => recordList(outboxEntrySchema)),
  {
    fallback: [],
    version: 1,
  },
);
