import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { systemClock } from '@/lib/clock';
import { grantPatterns, heldOrigins, holdReportGrants } from '@/lib/messaging/report-grants';
import { mediaOrigins } from '../report/media';
import type { LibraryAd } from '@/lib/contract/ad-library';
import type { BoardOrder } from '@/lib/contract/boards';
import { MEDIA_REQUEST } from '@/lib/media';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import { type VaultState, vaultStateItem } from '@/lib/vault/state';
import { adCreativeUrls } from '../ads/ad-words';
import { countOf, formats } from '../ui/format';
import { useStoredItem } from '../ui/use-stored-item';
import { allBoardAds } from './use-board-export';

/** A creative's size when the vault has kept none to average: a large ad image. */
const TYPICAL_BYTES = 300 * 1024;

type Step =
  | { step: 'idle' }
  | { step: 'reading'; count: number }
  | {
      step: 'ask';
      ads: LibraryAd[];
      creatives: number;
      missing: number;
      estimate: number;
      /** The sites the creatives are on, and those Adscope had access to already (never given back). */
      origins: string[];
      held: string[];
    }
  | { step: 'keeping'; total: number; since: number; release: () => void }
  | { step: 'checking'; done: number; total: number }
  | { step: 'said'; text: string }
  | { step: 'failed'; text: string };

/** Whether the keeper, after `since`, has nothing left of what it was asked (or stopped, and says why). */
const keptSince = (state: VaultState | null | undefined, since: number): state is VaultState =>
  !!state && state.at >= since && (state.board === null || state.stopped !== null);

/**
 * Gives back the site access held for keeping once the keeper is done, when the view that asked is
 * gone before that (another view opened in the panel): the access is not held until the panel closes.
 */
export function releaseWhenKept(since: number, release: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    stop();
    release();
  };
  const stop = vaultStateItem.watch((state) => {
    if (keptSince(state, since)) finish();
  });
  void vaultStateItem.get().then((state) => {
    if (keptSince(state, since)) finish();
  });
}

/** What the vault has of a board's ads: kept ads, and all kept files' bytes to average. */
async function keptOfBoard(boardId: string) {
  const { fullyKept, keptAd, vaultSize } = await import('@/lib/vault/db');
  const size = await vaultSize();
  return {
    average: size.files > 0 ? size.bytes / size.files : TYPICAL_BYTES,
    has: async (adId: string) => {
      const ad = await keptAd(boardId, adId);
      return ad !== null && fullyKept(ad);
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

  const keeping = step.step === 'keeping' ? step : null;
  // Left while keeping: the access is given back when the keeper is done, not when the panel closes.
  const held = useRef<{ since: number; release: () => void } | null>(null);
  useEffect(() => {
    held.current = keeping;
  }, [keeping]);
  useEffect(
    () => () => {
      if (held.current) releaseWhenKept(held.current.since, held.current.release);
    },
    [],
  );
  const waiting = vault?.board?.id === board.id ? vault.board.waiting : 0;
  useEffect(() => {
    // Done when the keeper, after this was asked, has nothing left (or stopped, and says why).
    if (!keeping || !vault || vault.at < keeping.since || (vault.board !== null && !vault.stopped)) return;
    const text = vault?.stopped
      ? (vault.message ?? 'The vault stopped.')
      : `This board's creatives are kept (${countOf(keeping.total, 'ad')}).`;
    keeping.release();
    const timer = setTimeout(() => setStep({ step: 'said', text }), 0);
    return () => clearTimeout(timer);
  }, [keeping, vault]);

  /** Reads the board's ads and what the vault has of them, then `then`; a failure is said, a newer read stops this one. */
  async function withBoard(
    then: (ads: LibraryAd[], kept: Awaited<ReturnType<typeof keptOfBoard>>, signal: AbortSignal) => Promise<void>,
  ) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStep({ step: 'reading', count: 0 });
    try {
      const ads = await allBoardAds(board.id, order, (count) => setStep({ step: 'reading', count }), controller.signal);
      await then(ads, await keptOfBoard(board.id), controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) setStep({ step: 'failed', text: ApiError.from(error).message });
    }
  }

  const prepare = () =>
    withBoard(async (ads, kept) => {
      const missing: LibraryAd[] = [];
      for (const ad of ads) if (adCreativeUrls(ad).length > 0 && !(await kept.has(ad.id))) missing.push(ad);
      const creatives = missing.reduce((sum, ad) => sum + adCreativeUrls(ad).length, 0);
      const origins = grantPatterns(mediaOrigins(missing.flatMap(adCreativeUrls)));
      const held = await heldOrigins(origins);
      setStep({
        step: 'ask',
        ads: missing,
        creatives,
        missing: missing.length,
        estimate: creatives * kept.average,
        origins,
        held,
      });
    });

  /**
   * Asks for the creatives' sites inside the click (as the report does), then keeps; the access
   * is named to the background while held and given back when the keeping ends or the panel closes.
   */
  function keep(ask: Extract<Step, { step: 'ask' }>) {
    const added = ask.origins.filter((origin) => !ask.held.includes(origin));
    const asked = added.length > 0 ? browser.permissions.request({ origins: added }) : Promise.resolve(true);
    const hold = holdReportGrants(added);
    const release = () => {
      if (added.length > 0) void browser.permissions.remove({ origins: added }).catch(() => false);
      hold.release();
    };
    void (async () => {
      await asked.catch(() => false);
      try {
        await callBackground('vault.keep', {
          boardId: board.id,
          boardName: board.name,
          ads: ask.ads.map((ad) => ({ adId: ad.id, urls: adCreativeUrls(ad) })),
        });
        setStep({ step: 'keeping', total: ask.ads.length, since: systemClock(), release });
      } catch (error) {
        release();
        setStep({ step: 'failed', text: ApiError.from(error).message });
      }
    })();
  }

  async function cancel() {
    abort.current?.abort();
    if (step.step === 'keeping') {
      await callBackground('vault.cancel', { boardId: board.id }).catch(() => undefined);
      step.release();
    }
    setStep({ step: 'said', text: 'Stopped. What was kept stays.' });
  }

  const checkBoard = () =>
    withBoard(async (ads, kept, signal) => {
      const keptUrls = new Set<string>();
      for (const ad of ads) for (const url of (await kept.keptAd(ad.id))?.urls ?? []) keptUrls.add(url);
      const text = await checkLinks(ads, keptUrls, signal, (done, total) => setStep({ step: 'checking', done, total }));
      if (text !== null) setStep({ step: 'said', text });
    });

  const { progress, question } = describeStep(step, waiting);
  return {
    step,
    progress,
    question,
    busy: step.step === 'reading' || step.step === 'keeping' || step.step === 'checking',
    prepare,
    keep: () => (step.step === 'ask' ? keep(step) : undefined),
    dismiss: () => setStep({ step: 'idle' }),
    cancel,
    checkLinks: checkBoard,
  };
}

/** Asks each creative's link, one at a time, whether it still answers; gone ones set against the vault. Null when stopped. */
async function checkLinks(
  ads: readonly LibraryAd[],
  keptUrls: ReadonlySet<string>,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<string | null> {
  const urls = [...new Set(ads.flatMap(adCreativeUrls))];
  let live = 0;
  let goneKept = 0;
  let goneLost = 0;
  let unknown = 0;
  for (const [index, url] of urls.entries()) {
    onProgress(index, urls.length);
    const answer = await fetch(url, { ...MEDIA_REQUEST, method: 'HEAD', signal }).catch(() => null);
    if (signal.aborted) return null;
    if (answer === null) unknown += 1;
    else if (answer.ok) live += 1;
    else if (keptUrls.has(url)) goneKept += 1;
    else goneLost += 1;
  }
  const parts = [`${countOf(live, 'link')} still load`];
  if (goneKept > 0) parts.push(`${goneKept} gone, kept here`);
  if (goneLost > 0) parts.push(`${goneLost} gone and not kept`);
  if (unknown > 0) parts.push(`${unknown} could not be checked (no answer, or no access to their site)`);
  return `Links of ${countOf(urls.length, 'creative')}: ${parts.join(', ')}.`;
}

/** The line under the board's buttons: the question before keeping, or the progress and outcome. */
function describeStep(step: Step, waiting: number): { progress: string | null; question: string | null } {
  const progress =
    step.step === 'reading'
      ? `Reading the board: ${countOf(step.count, 'ad')}…`
      : step.step === 'keeping'
        ? `Keeping creatives: ${countOf(waiting, 'ad')} of ${step.total} waiting…`
        : step.step === 'checking'
          ? `Checking links: ${step.done} of ${step.total}…`
          : step.step === 'said' || step.step === 'failed'
            ? step.text
            : null;
  const question =
    step.step === 'ask'
      ? step.missing === 0
        ? null
        : `Keep ${countOf(step.creatives, 'creative')} of ${countOf(step.missing, 'ad')} not kept yet: about ${formats.fileSize(step.estimate)} in this browser.${
            step.origins.length > step.held.length
              ? ` Your browser will ask for access to ${countOf(step.origins.length - step.held.length, 'site')} they are on, given back when they are kept.`
              : ''
          }`
      : null;
  return {
    progress: step.step === 'ask' && step.missing === 0 ? 'Every creative of this board is kept already.' : progress,
    question,
  };
}
