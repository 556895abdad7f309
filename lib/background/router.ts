import { ApiError } from '../messaging/api-error';
import { t } from '../i18n';
import 'virtual:adscope-english/api';
import { workerLanguageReady } from './language';
import type { Reply } from '../messaging/reply';
import { parseInput } from './parse-input';
import {
  messageSchema,
  type ParsedInput,
  type RequestResult,
  type RequestType,
  requests,
  type SenderKind,
} from '../messaging/protocol';

/** What the router needs to know of a sender; a subset of `runtime.MessageSender`. */
export interface MessageSenderLike {
  id?: string | undefined;
  url?: string | undefined;
  tab?: { id?: number | undefined; windowId?: number | undefined } | undefined;
}

export interface RequestContext {
  sender: SenderKind;
  tabId: number | undefined;
  windowId: number | undefined;
  /** The sending frame's URL as the browser reports it (content scripts only): never the message's word for it. */
  url?: string | undefined;
  /** Aborted when the sender cancels the request. */
  signal?: AbortSignal;
}

/** One handler per request, except `request.cancel`, which the router answers from its own table. */
export type Handlers = {
  [K in Exclude<RequestType, 'request.cancel'>]: (
    input: ParsedInput<K>,
    context: RequestContext,
  ) => Promise<RequestResult<K>>;
};

/**
 * A request's handler, when the worker loads it: what a woken worker needs before it answers is
 * the router and the handler of the request in hand (lib/background/request-needs.ts).
 */
export type HandlerLoader = <K extends Exclude<RequestType, 'request.cancel'>>(type: K) => Promise<Handlers[K]>;

export interface RouterIdentity {
  /** Our extension id (`browser.runtime.id`). */
  extensionId: string;
  /** Our page origin as `scheme://host`, e.g. `chrome-extension://<id>` (see `extensionOriginOf` in lib/background/start.ts). */
  extensionOrigin: string;
}

/**
 * Says who sent a message, or null to refuse it. Our pages are recognised by their URL's
 * origin (set by the browser, not by the sender); a content script is a tab on http(s).
 * Everything else (other extensions, file:, data:, about: frames, a tab posing as our page
 * from another origin) is refused.
 */
export function classifySender(sender: MessageSenderLike, identity: RouterIdentity): SenderKind | null {
  if (sender.id !== identity.extensionId || typeof sender.url !== 'string') return null;
  let url: URL;
  try {
    url = new URL(sender.url);
  } catch {
    return null;
  }
  // Not URL.origin: for non-special schemes such as chrome-extension: it is "null" in some engines.
  if (`${url.protocol}//${url.host}` === identity.extensionOrigin) return 'extension-page';
  if (sender.tab && typeof sender.tab.id === 'number' && (url.protocol === 'https:' || url.protocol === 'http:')) {
    return 'content-script';
  }
  return null;
}

function refuse(code: 'forbidden_sender' | 'invalid_input', message: string, field?: string): Reply<never> {
  return {
    ok: false,
    error: new ApiError({ code, message, retryable: false, ...(field ? { field } : {}) }).toJSON(),
  };
}

/**
 * Builds the background's message handler: sender first, then the message shape and the
 * request's schema, then the handler. It never throws: every failure is a typed reply.
 */
export function createRouter(handlers: Handlers | HandlerLoader, identity: RouterIdentity) {
  const handlerOf: HandlerLoader = typeof handlers === 'function' ? handlers : async (type) => handlers[type];
  const cancellable = new Map<string, AbortController>();
  const cancel = async ({ requestId }: { requestId: string }) => {
    const controller = cancellable.get(requestId);
    controller?.abort();
    return { cancelled: controller !== undefined };
  };
  return async function route(message: unknown, sender: MessageSenderLike): Promise<Reply> {
    const kind = classifySender(sender, identity);
    // Every sentence of a refusal is in the chosen language: the worker reads it before it answers.
    await workerLanguageReady();
    if (!kind) return refuse('forbidden_sender', t('api.router.forbiddenSender'));
    const envelope = messageSchema.safeParse(message);
    if (!envelope.success) return refuse('invalid_input', t('api.router.malformed'));
    const { type, payload, requestId } = envelope.data;
    if (!Object.hasOwn(requests, type))
      return refuse('invalid_input', t('api.router.unknown', { type: type.slice(0, 64) }));
    const key = type as RequestType;
    const definition = requests[key];
    if (!definition.senders.includes(kind)) {
      return refuse('forbidden_sender', t('api.router.notFromSender', { sender: kind, type: key }));
    }

    // Ids are scoped to the sender so one page cannot cancel another's request.
    const scopedId = requestId === undefined ? undefined : `${sender.url}#${requestId}`;
    const controller = new AbortController();
    if (scopedId !== undefined) cancellable.set(scopedId, controller);
    try {
      const input = parseInput(definition.input, payload);
      const handler = (
        key === 'request.cancel' ? cancel : await handlerOf(key as Exclude<RequestType, 'request.cancel'>)
      ) as (input: unknown, context: RequestContext) => Promise<unknown>;
      const target =
        key === 'request.cancel' ? { requestId: `${sender.url}#${(input as { requestId: string }).requestId}` } : input;
      const data = await handler(target, {
        sender: kind,
        tabId: sender.tab?.id,
        windowId: sender.tab?.windowId,
        url: kind === 'content-script' ? sender.url : undefined,
        signal: controller.signal,
      });
      return { ok: true, data };
    } catch (error) {
      return { ok: false, error: ApiError.from(error).toJSON() };
    } finally {
      if (scopedId !== undefined && cancellable.get(scopedId) === controller) cancellable.delete(scopedId);
    }
  };
}
