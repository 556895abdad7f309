import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { ASPECT_RATIOS, type AspectRatio } from '@/lib/contract/generation-fields';
import { safeHttpUrl } from '@/lib/url';
import { onArrival } from '../navigation/navigation-store';
import { onPageStorageErased } from '../ui/page-caches';
import { followOtherPages, persistValidated } from '../ui/persist';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/generate';

export interface GenerateDraft {
  brandId: string;
  prompt: string;
  size: number;
  aspectRatio: AspectRatio;
  language: string;
  referenceImageUrl: string;
  logoUrl: string;
  /** One URL per line. */
  productImages: string;
  /** Hex codes separated by commas or spaces. */
  colors: string;
}

/**
 * The longest text a draft's field keeps: ten times the brief the service takes, so a long paste to
 * cut down is still there when the panel opens again (the brief's field takes no more than this).
 */
export const DRAFT_TEXT_MAX = 100_000;
const text = z.catch(z.string().check(z.maxLength(DRAFT_TEXT_MAX)), '');
/** A stored draft: each field read on its own, so one bad field does not lose the brief. */
const draftSchema = z.object({
  brandId: text,
  prompt: text,
  size: z.catch(z.number().check(z.int(), z.gte(1)), 1),
  aspectRatio: z.catch(z.enum(ASPECT_RATIOS), '1:1'),
  language: text,
  referenceImageUrl: text,
  logoUrl: text,
  productImages: text,
  colors: text,
}) satisfies z.ZodMiniType<GenerateDraft>;

export const EMPTY_DRAFT: GenerateDraft = {
  brandId: '',
  prompt: '',
  size: 1,
  aspectRatio: '1:1',
  language: 'en',
  referenceImageUrl: '',
  logoUrl: '',
  productImages: '',
  colors: '',
};

interface GenerateState {
  draft: GenerateDraft;
  /** The ad a draft was started from, for the form's heading. */
  fromAd: string | null;
  update: (change: Partial<GenerateDraft>) => void;
  reset: () => void;
  prefillFromAd: (ad: LibraryAd) => void;
  /** The brief that was there before "Generate from this ad" replaced it, so it can come back. */
  earlierPrompt: string | null;
  restoreEarlier: () => void;
}

/** The brief "Generate from this ad" starts with, in the language shown. */
export function briefFromAd(ad: Pick<LibraryAd, 'title' | 'body'>): string {
  const angle = [ad.title, ad.body].filter(Boolean).join(' ').slice(0, 400);
  return t('generate.fromAd.brief', { angle: angle || t('generate.fromAd.sameMood') });
}

/** Whether a brief is one "Generate from this ad" made (in the language shown), not one the user wrote. */
function madeFromAd(brief: string): boolean {
  const mark = '\u2063';
  const [start = ''] = t('generate.fromAd.brief', { angle: mark }).split(mark);
  return start.trim() !== '' && brief.startsWith(start.trim());
}

/** The brief being written, kept in the panel's localStorage so a closed panel loses nothing. */
export const useGenerateStore = create<GenerateState>()(
  persist(
    (set) => ({
      draft: EMPTY_DRAFT,
      fromAd: null,
      earlierPrompt: null,
      update: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
      reset: () =>
        set((state) => ({
          draft: { ...EMPTY_DRAFT, brandId: state.draft.brandId },
          fromAd: null,
          earlierPrompt: null,
        })),
      // A brief of its own for each ad: an earlier brief is about something else. One the user wrote
      // (not one made from another ad) is kept aside to restore.
      prefillFromAd: (ad) =>
        set((state) => {
          const image = safeHttpUrl(ad.images[0]?.url) ?? safeHttpUrl(ad.videos[0]?.preview_image_url) ?? '';
          const earlier = state.draft.prompt.trim();
          const written = earlier !== '' && !madeFromAd(earlier);
          return {
            fromAd: ad.title ?? ad.brand_name ?? ad.id,
            earlierPrompt: written ? state.draft.prompt : state.earlierPrompt,
            draft: { ...state.draft, referenceImageUrl: image, prompt: briefFromAd(ad) },
          };
        }),
      restoreEarlier: () =>
        set((state) =>
          state.earlierPrompt === null
            ? state
            : { draft: { ...state.draft, prompt: state.earlierPrompt }, earlierPrompt: null, fromAd: null },
        ),
    }),
    persistValidated(
      'adscope.generate',
      z.object({
        draft: draftSchema,
        fromAd: z.catch(z.nullable(z.string()), null),
        earlierPrompt: z.catch(z.nullable(z.string().check(z.maxLength(DRAFT_TEXT_MAX))), null),
      }),
      ({ draft, fromAd, earlierPrompt }) => ({ draft, fromAd, earlierPrompt }),
    ),
  ),
);

// One brief, whatever the window: a panel in another window writing it is followed.
followOtherPages(useGenerateStore);

// Delete all erases the brief being written, its brand included: an open panel must not write it back.
onPageStorageErased(() => {
  useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null });
  useGenerateStore.persist.clearStorage();
});

onArrival('generate', ({ ad }) => useGenerateStore.getState().prefillFromAd(ad));
