import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { KNOWN_DISPLAY_FORMATS, type LibraryAd } from '@/lib/contract/ad-library';
import { LEARNED_FORMATS_KEY, onWorkspaceForgotten } from '../ui/page-caches';
import { persistValidated } from '../ui/persist';

/** At most this many formats are remembered; a service offers a handful. */
export const MAX_LEARNED_FORMATS = 24;

interface LearnedFormats {
  /** display_format values seen in the service's ads, first seen first. */
  formats: string[];
  learn: (ads: readonly Pick<LibraryAd, 'display_format'>[]) => void;
}

/** Adds the display formats of `ads` not known yet; returns `known` itself when nothing is new. */
export function withFormatsOf(known: readonly string[], ads: readonly Pick<LibraryAd, 'display_format'>[]): string[] {
  let next: string[] | null = null;
  for (const ad of ads) {
    const format = ad.display_format?.trim();
    if (!format || format.length > 60 || (next ?? known).includes(format)) continue;
    if ((next ?? known).length >= MAX_LEARNED_FORMATS) break;
    next = [...(next ?? known), format];
  }
  return next ?? [...known];
}

/**
 * The Format filter's choices. The contract does not show the allowed display_format values,
 * so they are learned from the ads the service returns and kept in this page's storage.
 */
export const useLearnedFormats = create<LearnedFormats>()(
  persist(
    (set, get) => ({
      formats: [...KNOWN_DISPLAY_FORMATS],
      learn: (ads) => {
        const current = get().formats;
        const next = withFormatsOf(current, ads);
        if (next.length !== current.length) set({ formats: next });
      },
    }),
    persistValidated(
      LEARNED_FORMATS_KEY,
      z.object({ formats: z.array(z.string().check(z.maxLength(60))).check(z.maxLength(MAX_LEARNED_FORMATS)) }),
      (state) => ({ formats: state.formats }),
    ),
  ),
);

// The formats are the last service's: forgotten with it (the key replaced or forgotten, everything
// deleted), so the next ads of another service do not write them back.
onWorkspaceForgotten(() => {
  useLearnedFormats.setState({ formats: [...KNOWN_DISPLAY_FORMATS] });
  useLearnedFormats.persist.clearStorage();
});

/** Learns from a page of ads (called where pages arrive), outside React. */
export function learnFormats(ads: readonly Pick<LibraryAd, 'display_format'>[]): void {
  useLearnedFormats.getState().learn(ads);
}
