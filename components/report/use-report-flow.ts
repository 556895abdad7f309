import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { type Clock, systemClock } from '@/lib/clock';
import { ApiError } from '@/lib/messaging/api-error';
import { grantPatterns, heldOrigins, holdReportGrants } from '@/lib/messaging/report-grants';
import { changedWords, erasedWords, watchConnection } from '../ui/connection-watch';
import { downloadFile } from '../ui/download';
import { t } from '@/lib/i18n';
import { type BrandFigures, userToday } from './figures';
import { type Creative, fetchCreatives, mediaOrigins, serviceBaseUrl, vaultCopies } from './media';
import { creativesOf, renderReport } from './report-html';
import 'virtual:adscope-english/report';

export interface ReportSource {
  title: string;
  /** What it is, under the title: "Board", "Brand comparison". */
  kind: string;
  fileName: (now: Date) => string;
  /** Ads to expect, for the progress bar; null when not known. */
  expected: number | null;
  /** Its ads are read from this browser (a board kept here): a connection saved meanwhile changes none of them. */
  readHere?: boolean;
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

/** The sites a set of ads' creatives are on (patterns every browser takes: no port), for the question before fetching them. */
export function askFor(ads: LibraryAd[], held: string[]): Ask {
  const urls = ads.flatMap((ad) => creativesOf(ad).refs.map((ref) => ref.url));
  return { step: 'ask', ads, urls, origins: grantPatterns(mediaOrigins(urls)), held };
}

/** The built report as the dialog says it: its ads, and its creatives embedded or not, each once. */
function readyOf(file: Blob, ads: readonly LibraryAd[], creatives: ReadonlyMap<string, Creative>): ReadyReport {
  const values = [...creatives.values()];
  return {
    step: 'ready',
    file,
    bytes: file.size,
    ads: ads.length,
    embedded: values.filter((creative) => creative.kind === 'embedded').length,
    missing: values.filter((creative) => creative.kind === 'missing').length,
    failures: values.flatMap((creative) => (creative.kind === 'missing' && creative.failed ? [creative.failed] : [])),
    saved: null,
  };
}

/**
 * The report's steps: read the ads, ask before fetching any creative (with the browser's prompt
 * inside the click), fetch them, build the file, save it. Closing the dialog stops any fetching,
 * and site access asked for this report alone is given back. Delete all ends any step before
 * the file is saved (nothing read from the vault or a link afterwards is used); ads read while
 * another connection was saved are not built into a report, unless they were read from this browser. The instant the report is made at
 * (its date and its file name) is read once, when it opens.
 */
export function useReportFlow(source: ReportSource, clock: Clock = systemClock) {
  const [phase, setPhase] = useState<Phase>({ step: 'ads', count: 0 });
  /** The step under way: Cancel stops it. */
  const controller = useRef<AbortController | null>(null);
  /** The report's life: aborted when the dialog closes or Adscope's data is deleted. */
  const life = useRef<AbortController | null>(null);
  const [now] = useState(() => clock());
  /** Embed or build was chosen: a second click (a double click) starts nothing more. */
  const chosen = useRef(false);

  useEffect(() => {
    const job = new AbortController();
    life.current = job;
    controller.current = job;
    let reading = true;
    let changed = false;
    const stopWatching = watchConnection((end) => {
      if (end === 'changed') {
        changed ||= reading;
        return;
      }
      job.abort();
      // A report saved stays saved, and a failure stays said; any other step ends here.
      setPhase((current) =>
        current.step === 'failed' || (current.step === 'ready' && current.saved)
          ? current
          : { step: 'failed', message: erasedWords() },
      );
    });
    void (async () => {
      try {
        const ads = await source.loadAds(job.signal, (count) => {
          if (!job.signal.aborted) setPhase({ step: 'ads', count });
        });
        reading = false;
        if (changed && !source.readHere) {
          if (!job.signal.aborted) setPhase({ step: 'failed', message: changedWords() });
          return;
        }
        const ask = askFor(ads, []);
        ask.held.push(...(await heldOrigins(ask.origins)));
        if (!job.signal.aborted) setPhase(ask);
      } catch (error) {
        reading = false;
        if (!job.signal.aborted) setPhase({ step: 'failed', message: ApiError.from(error).message });
      }
    })();
    return () => {
      stopWatching();
      job.abort();
    };
  }, [source]);

  async function build(ads: LibraryAd[], creatives: ReadonlyMap<string, Creative>, signal: AbortSignal) {
    const file = await renderReport({
      title: source.title,
      kind: source.kind,
      now,
      today: userToday(now),
      ads,
      creatives,
      ...(source.compare ? { compare: source.compare } : {}),
    });
    if (!signal.aborted) setPhase(readyOf(file, ads, creatives));
  }

  function embed(ask: Ask) {
    const job = life.current;
    if (!job || job.signal.aborted || chosen.current) return;
    chosen.current = true;
    const abort = new AbortController();
    controller.current = abort;
    const signal = AbortSignal.any([abort.signal, job.signal]);
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
        if (!signal.aborted)
          setPhase({
            step: 'failed',
            message: t('report.flow.refused', { sites: added.length || ask.origins.length }),
          });
        return;
      }
      try {
        signal.throwIfAborted();
        setPhase({ step: 'media', done: 0, total: new Set(ask.urls).size });
        const creatives = await fetchCreatives(ask.urls, {
          fetch: (input, init) => fetch(input, init),
          // Never read once the report ended (after Delete all, the vault is not there to read); a
          // vault that does not answer has no copy to give, and the report goes on without.
          kept: vaultCopies(signal),
          service: await serviceBaseUrl(signal),
          signal,
          onProgress: (done, total) => {
            if (!signal.aborted) setPhase({ step: 'media', done, total });
          },
        });
        await build(ask.ads, creatives, signal);
      } catch (error) {
        if (!signal.aborted) setPhase({ step: 'failed', message: ApiError.from(error).message });
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
    buildWithout: (ads: LibraryAd[]) => {
      const job = life.current;
      if (!job || job.signal.aborted || chosen.current) return;
      chosen.current = true;
      void build(ads, new Map(), job.signal);
    },
    stop: () => controller.current?.abort(),
    save: (ready: ReadyReport) => {
      const name = source.fileName(new Date(now));
      downloadFile(name, 'text/html;charset=utf-8', ready.file);
      setPhase({ ...ready, saved: name });
    },
  };
}
