import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { utcToday } from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { ApiError } from '@/lib/messaging/api-error';
import { grantPatterns, heldOrigins, holdReportGrants } from '@/lib/messaging/report-grants';
import { downloadFile } from '../ui/download';
import { countOf } from '../ui/format';
import type { BrandFigures } from './figures';
import { type Creative, fetchCreatives, mediaOrigins, serviceBaseUrl } from './media';
import { creativesOf, renderReport } from './report-html';

export interface ReportSource {
  title: string;
  /** What it is, under the title: "Board", "Brand comparison". */
  kind: string;
  fileName: (now: Date) => string;
  /** Ads to expect, for the progress bar; null when not known. */
  expected: number | null;
  loadAds: (signal: AbortSignal, onProgress: (count: number) => void) => Promise<LibraryAd[]>;
  compare?: readonly BrandFigures[];
}

/** What the user chooses from: the ads read, their creatives' URLs, and the sites those are on. */
export interface Ask {
  step: 'ask';
  ads: LibraryAd[];
  urls: string[];
  origins: string[];
  /** Origins the extension already had access to: never given back. */
  held: string[];
}

export type ReadyReport = {
  step: 'ready';
  /** The file, built as parts. */
  file: Blob;
  bytes: number;
  ads: number;
  embedded: number;
  missing: number;
  /** Creatives whose fetch failed, each in a few words ("did not answer in 20 s"). */
  failures: string[];
  saved: string | null;
};

export type Phase =
  | { step: 'ads'; count: number }
  | Ask
  | { step: 'media'; done: number; total: number }
  | ReadyReport
  | { step: 'failed'; message: string };

/** The vault's copy of a creative whose link no longer answers with it. */
async function keptCopy(url: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const { keptFile } = await import('@/lib/vault/db');
  const kept = await keptFile(url).catch(() => null);
  return kept ? { bytes: new Uint8Array(kept.data), mime: kept.mime } : null;
}

/** The sites a set of ads' creatives are on (patterns every browser takes: no port), for the question before fetching them. */
export function askFor(ads: LibraryAd[], held: string[]): Ask {
  const urls = ads.flatMap((ad) => creativesOf(ad).refs.map((ref) => ref.url));
  return { step: 'ask', ads, urls, origins: grantPatterns(mediaOrigins(urls)), held };
}

/**
 * The report's steps: read the ads, ask before fetching any creative (with the browser's prompt
 * inside the click), fetch them, build the file, save it. Closing the dialog stops any fetching,
 * and site access asked for this report alone is given back.
 */
export function useReportFlow(source: ReportSource) {
  const [phase, setPhase] = useState<Phase>({ step: 'ads', count: 0 });
  const controller = useRef<AbortController | null>(null);
  const now = useRef(systemClock());

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    void (async () => {
      try {
        const ads = await source.loadAds(abort.signal, (count) => setPhase({ step: 'ads', count }));
        const ask = askFor(ads, []);
        ask.held.push(...(await heldOrigins(ask.origins)));
        if (!abort.signal.aborted) setPhase(ask);
      } catch (error) {
        if (!abort.signal.aborted) setPhase({ step: 'failed', message: ApiError.from(error).message });
      }
    })();
    return () => abort.abort();
  }, [source]);
  // Closed (Escape, Close) while fetching creatives: the fetching stops too.
  useEffect(() => () => controller.current?.abort(), []);

  async function build(ads: LibraryAd[], creatives: ReadonlyMap<string, Creative>) {
    const file = await renderReport({
      title: source.title,
      kind: source.kind,
      now: now.current,
      today: utcToday(new Date(now.current)),
      ads,
      creatives,
      ...(source.compare ? { compare: source.compare } : {}),
    });
    const values = [...creatives.values()];
    setPhase({
      step: 'ready',
      file,
      bytes: file.size,
      ads: ads.length,
      embedded: values.filter((creative) => creative.kind === 'embedded').length,
      missing: values.filter((creative) => creative.kind === 'missing').length,
      failures: values.flatMap((creative) => (creative.kind === 'missing' && creative.failed ? [creative.failed] : [])),
      saved: null,
    });
  }

  function embed(ask: Ask) {
    const abort = new AbortController();
    controller.current = abort;
    // Asked straight from the click: the browser needs the user's gesture to show its prompt.
    const asked =
      ask.origins.length > 0 ? browser.permissions.request({ origins: ask.origins }) : Promise.resolve(true);
    // Named to the background while held: closing the panel mid-fetch still gives them back.
    const added = ask.origins.filter((origin) => !ask.held.includes(origin));
    const hold = holdReportGrants(added);
    void (async () => {
      const granted = await asked.catch(() => false);
      if (!granted) {
        hold.release();
        setPhase({
          step: 'failed',
          message: `You did not allow access to ${countOf(added.length || ask.origins.length, 'site')}; nothing was fetched from them. Try again and allow it, or build the report without creatives.`,
        });
        return;
      }
      setPhase({ step: 'media', done: 0, total: new Set(ask.urls).size });
      try {
        const creatives = await fetchCreatives(ask.urls, {
          fetch: (input, init) => fetch(input, init),
          kept: keptCopy,
          service: await serviceBaseUrl(),
          signal: abort.signal,
          onProgress: (done, total) => setPhase({ step: 'media', done, total }),
        });
        await build(ask.ads, creatives);
      } catch (error) {
        if (!abort.signal.aborted) setPhase({ step: 'failed', message: ApiError.from(error).message });
      } finally {
        // Access asked for this report alone is given back.
        if (added.length > 0) await browser.permissions.remove({ origins: added }).catch(() => false);
        hold.release();
      }
    })();
  }

  return {
    phase,
    embed,
    buildWithout: (ads: LibraryAd[]) => void build(ads, new Map()),
    stop: () => controller.current?.abort(),
    save: (ready: ReadyReport) => {
      const name = source.fileName(new Date(now.current));
      downloadFile(name, 'text/html;charset=utf-8', ready.file);
      setPhase({ ...ready, saved: name });
    },
  };
}
