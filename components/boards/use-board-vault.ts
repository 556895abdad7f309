import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { grantPatterns, heldOrigins, holdReportGrants } from '@/lib/messaging/report-grants';
import { mediaOrigins, serviceBaseUrl } from '../report/media';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { BoardOrder } from '@/lib/contract/boards';
import { checkLink, isFetchFailure, mayFetchMedia } from '@/lib/media';
import { EARLIER_FETCH_FAILURE, type KeptAd } from '@/lib/vault/db';
import { ApiError } from '@/lib/messaging/api-error';
import {
  changedWords,
  type ConnectionEnd,
  erasedWords as connectionErasedWords,
  watchConnection,
} from '../ui/connection-watch';
import { callBackground } from '@/lib/messaging/client';
import { type VaultState, vaultStateItem } from '@/lib/vault/state';
import { isLocalBoardId } from '@/lib/vault/local-board-id';
import { adCreativeUrls } from '../ads/ad-words';
import { t } from '@/lib/i18n';
import { formatNumber, formats } from '../ui/format';
import { failureSummary, failureText } from '../ui/media-words';
import { useStoredItem } from '../ui/use-stored-item';
import { allBoardAds } from './use-board-export';
import 'virtual:adscope-english/boards';
import { MAX_CARRIED_BOARD_NAME } from '@/lib/contract/boards';

/** A creative's size when the vault has kept none to average: a large ad image. */
const TYPICAL_BYTES = 300 * 1024;

type Step =
  | { step: 'idle' }
  | { step: 'reading'; count: number }
  | {
      step: 'ask';
      ads: LibraryAd[];
      /** The connection's base URL: a creative on a private address is left out unless the service lives there. */
      service: string | null;
      creatives: number;
      missing: number;
      /** Creatives of the board that cannot be kept (see prepare): none missing is not all kept. */
      leftOut: number;
      estimate: number;
      /** The sites the creatives are on, and those Adscope had access to already (never given back). */
      origins: string[];
      held: string[];
    }
  | {
      step: 'keeping';
      total: number;
      /** This board's ads waiting, as the keeper last said while it worked this board; none said yet: all of them. */
      waiting?: number;
      stop: () => void;
      release: () => void;
    }
  | { step: 'checking'; done: number; total: number }
  | { step: 'said'; text: string }
  | { step: 'failed'; text: string };

/** Said when Delete all stopped the keeping: the vault is gone with everything else. */
export const erasedWords = (): string => t('boards.keep.erased');

/** What a page asked the keeper to keep: a board's ads, and the keeper's state's count of writes just before. */
export interface KeepingAsk {
  boardId: string;
  adIds: readonly string[];
  /** The keeper's state's `serial` before the ask: only a later write answers it (never the clock). */
  baseline: number;
}

/** How keeping what a page asked ended: what to say (done, or stopped and why, with what was kept; or erased). */
export interface KeepingEnd {
  text: string;
  /** Delete all: the vault is gone, and nothing is read of it any more. */
  erased: boolean;
}

const erased = (): KeepingEnd => ({ text: erasedWords(), erased: true });

/**
 * Whether the keeper is done with `ask`: a state written after it, idle (or stopped, which says
 * why), and no job of the asked ads still waiting for its try; null while it keeps. A state
 * older than the ask (its count gone back: removed) or a vault gone is Delete all.
 */
async function judge(ask: KeepingAsk, state: VaultState): Promise<KeepingEnd | null> {
  if (state.serial < ask.baseline) return erased();
  if (state.serial === ask.baseline) return null;
  if (state.stopped === null && state.board !== null) return null;
  const { askedAds } = await import('@/lib/vault/db');
  const asked = await askedAds(ask.boardId, ask.adIds);
  if (!asked) return erased();
  if (state.stopped === null && asked.untried > 0) return null;
  const stopped = state.stopped ? (state.message ?? t('boards.keep.vaultStopped')) : null;
  return { text: [stopped, keptSummary(asked.kept)].filter(Boolean).join(' '), erased: false };
}

/**
 * Follows the keeper until it is done with `ask` (each write of its state looked at in turn),
 * then gives back the site access held for it and says how it ended: whether or not the view
 * that asked is still there (another view opened in the panel), the access is not held until
 * the panel closes. The keeper's state removed is Delete all: said at once, and the vault is
 * not read again. Returns a stop: nothing is given back or said after it (Cancel does both).
 */
export function releaseWhenKept(
  ask: KeepingAsk,
  release: () => void,
  said: (end: KeepingEnd) => void = () => undefined,
): () => void {
  let over = false;
  let latest: VaultState | null = null;
  let judging = false;
  const finish = (end: KeepingEnd) => {
    if (over) return;
    over = true;
    unwatch();
    release();
    said(end);
  };
  const look = () => {
    if (judging || over) return;
    judging = true;
    void (async () => {
      // A write that comes while one is judged is judged next.
      let seen: VaultState | null = null;
      while (!over && latest !== null && latest !== seen) {
        seen = latest;
        const end = await judge(ask, seen).catch(() => null);
        if (end) finish(end);
      }
      judging = false;
    })();
  };
  const unwatch = vaultStateItem.watch((state) => {
    // Every write of the keeper's counts from 1: a state of none is the item removed.
    if (state.serial === 0) return finish(erased());
    latest = state;
    look();
  });
  void vaultStateItem.get().then(
    (state) => {
      latest ??= state;
      look();
    },
    () => undefined,
  );
  return () => {
    over = true;
    unwatch();
  };
}

/** What the vault has of a board's ads: kept ads, and all kept files' bytes to average. */
async function keptOfBoard(boardId: string) {
  const { fullyKept, keptAd, vaultSize } = await import('@/lib/vault/db');
  const size = await vaultSize();
  return {
    average: size.files > 0 ? size.bytes / size.files : TYPICAL_BYTES,
    /** The ad as kept, when nothing of it is left to try; null while something is. */
    whole: async (adId: string) => {
      const ad = await keptAd(boardId, adId);
      return ad !== null && fullyKept(ad) ? ad : null;
    },
    keptAd: (adId: string) => keptAd(boardId, adId),
  };
}

/**
 * "Keep this board's creatives" and "Check links": the board's ads read page by page, the
 * creatives the vault does not have yet counted with their likely size before anything is
 * fetched, then kept in the background with progress and Cancel; or each link asked whether it
 * still answers, and the gone ones set against what the vault has.
 */
export function useBoardVault(board: { id: string; name: string }, order: BoardOrder) {
  const [step, setStep] = useState<Step>({ step: 'idle' });
  const vault = useStoredItem(vaultStateItem);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // The keeper names only the board it works now: while it works another board, this board's
  // ads wait as they did when it last said (all of them, when it has not worked this one yet).
  const said = vault?.board?.id === board.id ? vault.board.waiting : undefined;
  if (step.step === 'keeping' && said !== undefined && said !== step.waiting) setStep({ ...step, waiting: said });
  const waiting = step.step === 'keeping' ? Math.min(said ?? step.waiting ?? step.total, step.total) : 0;

  /** Reads the board's ads and what the vault has of them, then `then`; a failure is said, a newer read stops this one. */
  async function withBoard(
    then: (ads: LibraryAd[], kept: Awaited<ReturnType<typeof keptOfBoard>>, signal: AbortSignal) => Promise<void>,
  ) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStep({ step: 'reading', count: 0 });
    // A connection saved or erased while the pages are read: the ads may come from two workspaces, or none.
    let ended: ConnectionEnd | null = null;
    const stopWatching = watchConnection((end) => (ended ??= end));
    try {
      const ads = await allBoardAds(board.id, order, (count) => setStep({ step: 'reading', count }), controller.signal);
      // A board in this browser is read from the vault: a key or address saved meanwhile changed none of its ads.
      if (ended === 'erased' || (ended === 'changed' && !isLocalBoardId(board.id))) {
        if (!controller.signal.aborted)
          setStep({ step: 'failed', text: ended === 'erased' ? connectionErasedWords() : changedWords() });
        return;
      }
      await then(ads, await keptOfBoard(board.id), controller.signal);
    } catch (error) {
      if (!controller.signal.aborted)
        setStep({
          step: 'failed',
          text: ended === 'erased' ? erasedWords() : ApiError.from(error).message,
        });
    } finally {
      stopWatching();
    }
  }

  const prepare = () =>
    withBoard(async (ads, kept, signal) => {
      // A creative on a private address is never asked for, nor fetched (unless the service lives there).
      const service = await serviceBaseUrl(signal);
      const urlsOf = (ad: LibraryAd) => adCreativeUrls(ad).filter((url) => mayFetchMedia(url, service));
      const missing: LibraryAd[] = [];
      /** Creatives that cannot be kept: on a private address, or left out (not an image, too large). */
      let leftOut = 0;
      for (const ad of ads) {
        const urls = urlsOf(ad);
        leftOut += adCreativeUrls(ad).length - urls.length;
        if (urls.length === 0) continue;
        const whole = await kept.whole(ad.id);
        if (whole) leftOut += whole.skipped.length;
        else missing.push(ad);
      }
      const creatives = missing.reduce((sum, ad) => sum + urlsOf(ad).length, 0);
      const origins = grantPatterns(mediaOrigins(missing.flatMap(urlsOf)));
      const held = await heldOrigins(origins);
      setStep({
        step: 'ask',
        ads: missing,
        service,
        creatives,
        missing: missing.length,
        leftOut,
        estimate: creatives * kept.average,
        origins,
        held,
      });
    });

  async function cancel() {
    abort.current?.abort();
    if (step.step === 'keeping') {
      step.stop();
      await callBackground('vault.cancel', { boardId: board.id }).catch(() => undefined);
      step.release();
    }
    setStep({ step: 'said', text: t('boards.keep.stopped') });
  }

  async function checkBoard() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStep({ step: 'reading', count: 0 });
    try {
      const text = await checkBoardLinks(board.id, order, {
        fetch: (input, init) => fetch(input, init),
        signal: controller.signal,
        onReading: (count) => setStep({ step: 'reading', count }),
        onProgress: (done, total) => setStep({ step: 'checking', done, total }),
      });
      if (text !== null && !controller.signal.aborted) setStep({ step: 'said', text });
    } catch (error) {
      if (!controller.signal.aborted) setStep({ step: 'failed', text: ApiError.from(error).message });
    }
  }

  const { progress, question } = describeStep(step, waiting);
  return {
    step,
    progress,
    question,
    busy: step.step === 'reading' || step.step === 'keeping' || step.step === 'checking',
    prepare,
    keep: () => (step.step === 'ask' ? keep(step, board, setStep) : undefined),
    dismiss: () => setStep({ step: 'idle' }),
    cancel,
    checkLinks: checkBoard,
  };
}

/**
 * Asks for the creatives' sites inside the click (as the report does), then keeps; the access
 * is named to the background while held, for this board, and given back when the keeping ends
 * (the panel closed, once the keeper has no job of the board left).
 */
function keep(ask: Extract<Step, { step: 'ask' }>, board: { id: string; name: string }, setStep: (step: Step) => void) {
  const added = ask.origins.filter((origin) => !ask.held.includes(origin));
  const asked = added.length > 0 ? browser.permissions.request({ origins: added }) : Promise.resolve(true);
  // Named for the board: once the panel closes, the background holds the access while the keeper keeps it.
  const hold = holdReportGrants(added, undefined, undefined, board.id);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (added.length > 0) void browser.permissions.remove({ origins: added }).catch(() => false);
    hold.release();
  };
  void (async () => {
    const granted = await asked.catch(() => false);
    // A refused prompt is said as refused, and nothing is fetched from those sites.
    const refused = granted ? [] : added;
    const ads = keepable(ask.ads, refused, ask.service);
    const note = refused.length > 0 ? t('boards.keep.refused', { count: refused.length }) : null;
    if (ads.length === 0) {
      release();
      setStep({ step: 'said', text: note ?? t('boards.keep.nothing') });
      return;
    }
    // The keeper's state before asking: a write after this one answers the ask.
    const baseline = await vaultStateItem.get().then(
      (state) => state.serial,
      () => 0,
    );
    try {
      await callBackground('vault.keep', {
        boardId: board.id,
        boardName: board.name.slice(0, MAX_CARRIED_BOARD_NAME),
        ads,
      });
    } catch (error) {
      release();
      setStep({ step: 'failed', text: ApiError.from(error).message });
      return;
    }
    const stop = releaseWhenKept({ boardId: board.id, adIds: ads.map((ad) => ad.adId), baseline }, release, (end) =>
      setStep({ step: 'said', text: end.erased ? end.text : [end.text, note].filter(Boolean).join(' ') }),
    );
    setStep({ step: 'keeping', total: ads.length, stop, release });
  })();
}

/**
 * The ads' creatives to keep: none on a site whose access was refused, none on a private
 * address (unless the service lives there); ads left with none go.
 */
export function keepable(
  ads: readonly LibraryAd[],
  refusedOrigins: readonly string[],
  service: string | null,
): { adId: string; urls: string[] }[] {
  const refused = new Set(refusedOrigins);
  return ads
    .map((ad) => ({
      adId: ad.id,
      urls: adCreativeUrls(ad).filter(
        (url) => mayFetchMedia(url, service) && !refused.has(mediaOrigins([url])[0] ?? ''),
      ),
    }))
    .filter((ad) => ad.urls.length > 0);
}

/** What was kept, as the vault holds it: only creatives in its files, and what failed, counted with why. */
export function keptSummary(rows: readonly (KeptAd | null)[]): string {
  let kept = 0;
  let ads = 0;
  const failures: string[] = [];
  let other = 0;
  for (const row of rows) {
    if (!row) continue;
    kept += row.urls.length;
    if (row.urls.length > 0) ads += 1;
    for (const skip of row.skipped) {
      // A fetch that failed, in words of the language shown (an earlier version's English as it was kept).
      const fetchFailed =
        'failure' in skip
          ? isFetchFailure(skip.failure)
            ? failureText(skip.failure)
            : null
          : (EARLIER_FETCH_FAILURE.exec(skip.reason)?.[1] ?? null);
      if (fetchFailed) failures.push(fetchFailed);
      else other += 1;
    }
  }
  const parts = [t('boards.keep.kept', { creatives: kept, ads })];
  const failed = failureSummary(failures);
  if (failed) parts.push(t('boards.keep.failedLater', { failed }));
  if (other > 0) parts.push(t('boards.keep.notKept', { count: other }));
  return parts.join(' ');
}

export interface CheckLinksOptions {
  fetch: typeof globalThis.fetch;
  signal: AbortSignal;
  service: string | null;
  timeoutMs?: number;
  onProgress: (done: number, total: number) => void;
}

/** Said when the connection moved to another service (or was removed) while a board's pages were read. */
export const serviceChangedWords = (): string => t('boards.links.serviceChanged');

/** The service the background is connected to now; a background that does not answer fails the check. */
async function connectedService(signal: AbortSignal): Promise<string | null> {
  return (await callBackground('settings.get', {}, { signal })).baseUrl || null;
}

/** The creatives this browser keeps of a board's ads, as the vault has them now. */
async function keptUrlsOf(boardId: string, ads: readonly LibraryAd[]): Promise<Set<string>> {
  const { keptAd } = await import('@/lib/vault/db');
  const urls = new Set<string>();
  for (const ad of ads) for (const url of (await keptAd(boardId, ad.id))?.urls ?? []) urls.add(url);
  return urls;
}

export interface BoardCheckOptions extends Omit<CheckLinksOptions, 'service'> {
  onReading: (count: number) => void;
}

/**
 * Check links of a board: its ads read page by page, each page with the connection set when it
 * is asked (a new key reads the rest), then each link asked. A board whose service changed while
 * it was read is not checked: its pages would come from two services. Null when stopped.
 * It writes nothing.
 */
export async function checkBoardLinks(
  boardId: string,
  order: BoardOrder,
  options: BoardCheckOptions,
): Promise<string | null> {
  const service = await connectedService(options.signal);
  const ads = await allBoardAds(boardId, order, options.onReading, options.signal);
  // A board in this browser is read from the vault, whatever the service.
  if (!isLocalBoardId(boardId) && (await connectedService(options.signal)) !== service)
    throw new ApiError({ code: 'workspace_changed', message: serviceChangedWords(), retryable: false });
  return checkLinks(ads, () => keptUrlsOf(boardId, ads), { ...options, service });
}

/**
 * Asks each creative's link, one at a time, whether it still answers; the gone ones are then
 * set against what the vault keeps once they are all asked (`kept`, read at the end: a copy
 * deleted meanwhile is not said kept). Null when stopped.
 */
export async function checkLinks(
  ads: readonly LibraryAd[],
  kept: () => Promise<ReadonlySet<string>>,
  options: CheckLinksOptions,
): Promise<string | null> {
  const urls = [...new Set(ads.flatMap(adCreativeUrls))];
  let live = 0;
  const gone: string[] = [];
  const unknown: string[] = [];
  for (const [index, url] of urls.entries()) {
    options.onProgress(index, urls.length);
    const answer = await checkLink(url, {
      fetch: options.fetch,
      signal: options.signal,
      service: options.service,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    }).catch(() => null);
    if (answer === null || options.signal.aborted) return null;
    if (answer.state === 'live') live += 1;
    else if (answer.state === 'unknown') unknown.push(failureText(answer.failure));
    else gone.push(url);
  }
  // Read twice at most: a first read may meet the vault's connection closing as it is deleted.
  const keptNow =
    gone.length === 0
      ? new Set<string>()
      : await kept()
          .catch(kept)
          .catch(() => null);
  if (options.signal.aborted) return null;
  // A list of what was found, each item a whole clause in the shown language.
  const parts = [t('boards.links.live', { count: live })];
  if (keptNow === null) {
    parts.push(t('boards.links.goneUnread', { count: gone.length }));
  } else {
    const goneKept = gone.filter((url) => keptNow.has(url)).length;
    const goneLost = gone.length - goneKept;
    if (goneKept > 0) parts.push(t('boards.links.goneKept', { count: goneKept }));
    if (goneLost > 0) parts.push(t('boards.links.goneLost', { count: goneLost }));
  }
  const counts = new Map<string, number>();
  for (const reason of unknown) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const separator = t('boards.links.separator');
  if (unknown.length > 0) {
    const reasons = [...counts].map(([reason, count]) =>
      t('boards.links.reason', { count: formatNumber(count), reason }),
    );
    parts.push(t('boards.links.unchecked', { count: unknown.length, reasons: reasons.join(separator) }));
  }
  return t('boards.links.summary', { count: urls.length, parts: parts.join(separator) });
}

/** The line under the board's buttons: the question before keeping, or the progress and outcome. */
function describeStep(step: Step, waiting: number): { progress: string | null; question: string | null } {
  const progress =
    step.step === 'reading'
      ? t('boards.keep.reading', { count: step.count })
      : step.step === 'keeping'
        ? t('boards.keep.keeping', { waiting, total: formatNumber(step.total) })
        : step.step === 'checking'
          ? t('boards.links.checking', { count: step.total, done: formatNumber(step.done) })
          : step.step === 'said' || step.step === 'failed'
            ? step.text
            : null;
  const question =
    step.step === 'ask'
      ? step.missing === 0
        ? null
        : t('boards.keep.question', {
            creatives: step.creatives,
            ads: step.missing,
            size: formats.fileSize(step.estimate),
            sites: Math.max(0, step.origins.length - step.held.length),
          })
      : null;
  return {
    progress:
      step.step === 'ask' && step.missing === 0
        ? step.leftOut > 0
          ? t('boards.keep.noMore', { count: step.leftOut })
          : t('boards.keep.allKept')
        : progress,
    question,
  };
}
