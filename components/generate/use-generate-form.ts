import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { GenerationChoice } from '@/lib/contract/generation-fields';
import { fitText } from '@/lib/fit-text';
import { callBackground } from '@/lib/messaging/client';
import { useOwnedBrands } from '../ui/use-owned-brands';
import { choiceFromDraft, type DraftProblem, lockedProblem, problemWords } from './draft';
import { useGenerateStore } from './generate-store';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/generate';

/** The longest brand name a generation job keeps (the request's limit). */
const BRAND_NAME_MAX = 200;

/**
 * The brief form's data: the draft as stored, the owned brands, the first problem by its field,
 * and the submit, which starts a stored job in the background (never while one is being sent).
 */
export function useGenerateForm() {
  const store = useGenerateStore();
  const { draft } = store;
  // The problem as data, said at each render: a language chosen while it shows redraws it in its words.
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const brands = useOwnedBrands();
  const brand = brands.data?.items.find((candidate) => candidate.id === draft.brandId);
  const submit = useMutation({
    mutationFn: (choice: GenerationChoice) =>
      callBackground('generation.submit', {
        choice,
        // A name from the service is as long as it is: the job keeps what its notification can say.
        brandName: fitText(brand?.name ?? t('generate.yourBrand'), BRAND_NAME_MAX),
      }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending) return;
    if (brand?.locked) {
      setProblem(lockedProblem(brand));
      return;
    }
    // A brand no longer among the workspace's (another key, a brand removed) is no choice: the
    // select shows none, and the draft must not send it unseen.
    const result = choiceFromDraft(brands.isSuccess && !brand ? { ...draft, brandId: '' } : draft);
    if (!('choice' in result)) {
      setProblem(result);
      return;
    }
    setProblem(null);
    submit.mutate(result.choice);
  }

  return {
    ...store,
    brands,
    brand,
    submit,
    onSubmit,
    /** The problem's message under `field`, if it is that field's. */
    errorFor: (field: string) => (problem?.field === field ? problemWords(problem) : undefined),
    clearProblem: () => setProblem(null),
    /** The number of images asked for, 1 while the field holds no number. */
    size: Number.isFinite(Number(draft.size)) ? Number(draft.size) : 1,
  };
}

export type GenerateForm = ReturnType<typeof useGenerateForm>;
