import { browser } from 'wxt/browser';

/**
 * The requests a page makes as it starts, sent by its entry before the app has loaded: the
 * side panel opened with nothing kept (no picture, no query cache) waits for its modules, its
 * first render and then each answer in turn; sent at once, the answers are on their way while
 * the app loads. A request is remembered as the app sends it (its latest first page), sent
 * again at the next start only if it is still remembered then, and taken by the app only when
 * it asks for the very same thing within a few seconds; anything else is left unused.
 */

/** The extension pages' localStorage entry: the requests to send at the next start. */
export const START_REQUESTS_KEY = 'adscope.startRequests.v1';
/** An answer sent at start serves the app this long, no longer. */
export const START_ANSWER_FRESH_MS = 10_000;
/** Only these: they change nothing, and what the panel shows first waits for them. */
const STARTING_TYPES = new Set(['settings.get', 'library.search']);
/** A remembered entry longer than this is not read: one request of each kind is a few hundred characters. */
const REMEMBERED_MAX_CHARS = 20_000;

interface StartRequest {
  type: string;
  payload: unknown;
}

interface Sent {
  at: number;
  answer: Promise<unknown>;
}
const sent = new Map<string, Sent>();
/** Counts the forgettings: an answer taken before one is never given back or put in a cache after it. */
let forgotten = 0;
/** What each answer handed to the app was, while it may be given back (the request was cancelled). */
const taken = new WeakMap<Promise<unknown>, { key: string; entry: Sent; forgotten: number }>();
const keyOf = ({ type, payload }: StartRequest) => JSON.stringify([type, payload]);

/** What was remembered: at most one request of each kind (the last), whatever the entry holds. */
function remembered(pageStorage: Pick<Storage, 'getItem'>): StartRequest[] {
  try {
    const raw = pageStorage.getItem(START_REQUESTS_KEY) ?? '[]';
    if (raw.length > REMEMBERED_MAX_CHARS) return [];
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    const byType = new Map<string, StartRequest>();
    for (const item of list) {
      if (typeof item === 'object' && item !== null && STARTING_TYPES.has((item as StartRequest).type)) {
        byType.set((item as StartRequest).type, item as StartRequest);
      }
    }
    return [...byType.values()];
  } catch {
    return [];
  }
}

/**
 * Forgets the answers sent at start that the app has not taken: after the key is replaced or
 * everything deleted, an answer of the last workspace must never be shown.
 */
export function forgetStartAnswers(): void {
  sent.clear();
  forgotten += 1;
}

let watching = false;

/**
 * From the first request sent at start, a change of the connection (a key replaced, forgotten or
 * everything deleted, in another page) forgets the answers: the app's own watch on storage starts
 * only once it has loaded, and an answer sent with the last key must not be taken after it.
 */
function forgetOnConnectionChange(): void {
  if (watching) return;
  watching = true;
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && 'connection' in changes) forgetStartAnswers();
  });
}

/**
 * Remembers `request` as the one of its type to send at the next start (the latest replaces the
 * last). Every page reads its settings this way, again and again: what is already remembered
 * as it is is not written again.
 */
export function rememberStartRequest(request: StartRequest, pageStorage: Storage = localStorage): void {
  if (!STARTING_TYPES.has(request.type)) return;
  try {
    const list = remembered(pageStorage);
    const same = list.find((item) => item.type === request.type);
    if (same && keyOf(same) === keyOf(request)) return;
    const others = list.filter((item) => item !== same);
    pageStorage.setItem(START_REQUESTS_KEY, JSON.stringify([...others, request]));
  } catch {
    // Storage full or unavailable: the next start only waits as it did.
  }
}

/** Sends what was remembered (of `types` only, when given), now; `now` is the page's clock (performance.now()). */
export function sendStartRequests(
  pageStorage: Pick<Storage, 'getItem'> = localStorage,
  types?: readonly string[],
  send: (message: StartRequest) => Promise<unknown> = (message) => browser.runtime.sendMessage(message),
  now = performance.now(),
): void {
  for (const request of remembered(pageStorage)) {
    if (types && !types.includes(request.type)) continue;
    forgetOnConnectionChange();
    const answer = send({ type: request.type, payload: request.payload });
    // Unused, its failure is nobody's: the app asks again and hears its own.
    answer.catch(() => undefined);
    sent.set(keyOf(request), { at: now, answer });
  }
}

/** The answer on its way to the same request sent at start, once, while fresh. */
export function takeStartAnswer(request: StartRequest, now = performance.now()): Promise<unknown> | undefined {
  const key = keyOf(request);
  const early = sent.get(key);
  sent.delete(key);
  if (!early || now - early.at > START_ANSWER_FRESH_MS) return undefined;
  taken.set(early.answer, { key, entry: early, forgotten });
  return early.answer;
}

/** Changes each time the answers sent at start are forgotten: a wait that saw it change takes none of them. */
export function startAnswersEpoch(): number {
  return forgotten;
}

/**
 * Gives back an answer taken by a request that was then cancelled (the view that asked left, or
 * was mounted again at once): the same request asked next takes it, instead of asking the
 * worker again. Not after the answers were forgotten, nor over one sent since.
 */
export function giveBackStartAnswer(answer: Promise<unknown>): void {
  const given = taken.get(answer);
  taken.delete(answer);
  if (!given || given.forgotten !== forgotten || sent.has(given.key)) return;
  sent.set(given.key, given.entry);
}

/**
 * The answers to the requests of `type` sent at start that are back within `waitMs` (and
 * fresh), each with what was asked, taken once: the panel puts them in its cache before its
 * first render, so that render shows them rather than a skeleton and then a second render.
 * An answer that is an error, or not back by then, stays for the app to take as it asks.
 */
export async function startAnswersBack(
  type: string,
  waitMs: number,
  now = performance.now(),
): Promise<{ payload: unknown; data: unknown }[]> {
  const waiting = [...sent].filter(([key, { at }]) => JSON.parse(key)[0] === type && now - at <= START_ANSWER_FRESH_MS);
  if (waiting.length === 0) return [];
  const late = Symbol('late');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof late>((resolve) => (timer = setTimeout(() => resolve(late), waitMs)));
  const back = await Promise.all(
    waiting.map(async ([key, entry]) => {
      const reply = await Promise.race([entry.answer.catch(() => late), deadline]);
      // Forgotten while it was on its way (the key changed, everything was deleted): not taken.
      if (sent.get(key) !== entry) return [];
      if (reply === late || typeof reply !== 'object' || reply === null || (reply as { ok?: unknown }).ok !== true) {
        return [];
      }
      sent.delete(key);
      return [{ payload: (JSON.parse(key) as [string, unknown])[1], data: (reply as { data?: unknown }).data }];
    }),
  );
  clearTimeout(timer);
  return back.flat();
}
